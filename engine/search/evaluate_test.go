package search

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
)

// mirrorFEN swaps the colours of a FEN position (board flipped vertically,
// side to move, castling and en passant swapped).
func mirrorFEN(tb testing.TB, fen string) string {
	tb.Helper()
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		c := []byte(swap(f[2]))
		// Keep FEN order: white (upper case) rights first.
		var up, lo []byte
		for _, b := range c {
			if b >= 'A' && b <= 'Z' {
				up = append(up, b)
			} else {
				lo = append(lo, b)
			}
		}
		f[2] = string(up) + string(lo)
	}
	if f[3] != "-" {
		f[3] = string([]byte{f[3][0], "87654321"[f[3][1]-'1']})
	}
	return strings.Join(f, " ")
}

func TestMaterialPSTSymmetry(t *testing.T) {
	var ev MaterialPST
	if v := ev.Evaluate(board.NewPosition()); v != 0 {
		t.Errorf("start position = %d, want 0", v)
	}
	for _, pos := range samplePositions(t, 120, 3) {
		fen := pos.FEN()
		mir := mustFEN(t, mirrorFEN(t, fen))
		if a, b := ev.Evaluate(pos), ev.Evaluate(mir); a != b {
			t.Errorf("%s = %d but its colour mirror = %d", fen, a, b)
		}
	}
}

func TestMaterialPSTValues(t *testing.T) {
	tests := []struct {
		fen  string
		want int
	}{
		// Kings only, endgame (phase 0): e1 -30... both kings on their
		// endgame table; symmetric squares cancel.
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0},
		// White king centralised on e4 (endgame 40) vs black king a8 (-50).
		{"k7/8/8/8/4K3/8/8/8 w - - 0 1", 90},
		{"k7/8/8/8/4K3/8/8/8 b - - 0 1", -90},
		// Extra white pawn on e2 (100 - 20) in a pawn endgame.
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 80},
		// Extra white queen on d1 (900 - 5), phase 4 of 24: the kings are
		// blended: mg e1 0, e8 0; eg e1 -30, e8 -30 → cancel.
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 895},
	}
	for _, tc := range tests {
		if got := (MaterialPST{}).Evaluate(mustFEN(t, tc.fen)); got != tc.want {
			t.Errorf("%s = %d, want %d", tc.fen, got, tc.want)
		}
	}
}

// TestPawnIndex: the correction history's slot depends on the pawns alone.
func TestPawnIndex(t *testing.T) {
	a := mustFEN(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	b := mustFEN(t, "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3") // same pawns
	c := mustFEN(t, "rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2")     // d-pawn moved
	if pawnIndex(a) != pawnIndex(b) {
		t.Error("same pawns, different slots")
	}
	if pawnIndex(a) == pawnIndex(c) {
		t.Error("different pawns, same slot (this pair should not collide)")
	}
	if pawnIndex(a) >= corrSize {
		t.Errorf("slot %d out of range", pawnIndex(a))
	}
}

// TestPieceSquareEvaluators plays seeded random games from the bench
// positions with each piece-square evaluator's table on the position and
// checks after every move and take-back that the evaluation read from the
// incremental sums equals the one that walks the board (a copy without the
// table), for MaterialPST and phoenix-default's folded weights.
func TestPieceSquareEvaluators(t *testing.T) {
	pr, err := eval.LookupPreset("phoenix-default")
	if err != nil {
		t.Fatal(err)
	}
	phoenix, err := pr.Evaluator()
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range []Evaluator{MaterialPST{}, phoenix} {
		tab := pieceSquareOf(ev)
		if tab == nil {
			t.Fatalf("%T offers no table", ev)
		}
		r := rand.New(rand.NewPCG(5, 6))
		checked := 0
		for _, fen := range BenchFENs() {
			pos := mustFEN(t, fen)
			pos.SetPieceSquare(tab)
			check := func(what string) {
				t.Helper()
				plain := pos.Clone()
				plain.SetPieceSquare(nil)
				if got, want := ev.Evaluate(pos), ev.Evaluate(plain); got != want {
					t.Fatalf("%T: %s after %s: incremental %d, walked %d", ev, pos.FEN(), what, got, want)
				}
				checked++
			}
			check("setting the table")
			n := 0
			for ; n < 60; n++ {
				ms := pos.LegalMoves()
				if len(ms) == 0 {
					break
				}
				m := ms[r.IntN(len(ms))]
				pos.MakeMove(m)
				check(m.UCI())
			}
			for ; n > 0; n-- {
				pos.UnmakeMove()
				check("a take-back")
			}
		}
		if checked < 1000 {
			t.Fatalf("%T: only %d positions checked", ev, checked)
		}
	}
}
