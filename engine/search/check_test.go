package search

import "testing"

// TestCheckInfo: checkInfo.givesCheck equals board's GivesCheck for every
// legal move of many positions (random play, the bench set and positions
// rich in pins, discovered checks, promotions and castling).
func TestCheckInfo(t *testing.T) {
	positions := samplePositions(t, 3000, 11)
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
		"3k4/8/8/3B4/8/8/3R4/3K4 w - - 0 1",    // bishop discovers the rook
		"8/8/8/k1pP3R/8/8/8/4K3 w - c6 0 1",    // en passant
		"3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",      // promotions
		"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", // castling both sides
		"8/8/8/8/1k6/8/2N5/K2R4 b - - 0 1",     // king in check: evasions
		"4k3/4n3/8/8/8/8/4R3/4K3 b - - 0 1",    // pinned knight moves
	} {
		positions = append(positions, mustFEN(t, fen))
	}
	checks := 0
	for _, pos := range positions {
		var ci checkInfo
		for _, m := range pos.LegalMoves() {
			want := pos.GivesCheck(m)
			if got := ci.givesCheck(pos, m); got != want {
				t.Fatalf("%s %v: checkInfo %v, GivesCheck %v", pos.FEN(), m, got, want)
			}
			if want {
				checks++
			}
		}
	}
	if checks < 100 {
		t.Errorf("only %d checking moves tested", checks)
	}
}
