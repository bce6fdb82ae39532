package search

import "testing"

// TestExtensions checks each Table I extension on a move that triggers it,
// in quarter plies, the sum cap at one ply and the cut-off beyond twice the
// iteration depth.
func TestExtensions(t *testing.T) {
	full := Params{CheckExtension: 3, OneReplyExtension: 2, RecaptureExtension: 1, PassedPawnExtension: 2, MateThreatExtension: 1}
	tests := []struct {
		name       string
		fen        string
		prev       string // a move played first (for recaptures), or ""
		move       string
		oneReply   bool
		mateThreat bool
		ply        int
		want       int
	}{
		{"quiet", "4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1", "", "g1f3", false, false, 1, 0},
		{"check", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "a1a8", false, false, 1, 3},
		{"one reply", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "a1a2", true, false, 1, 2},
		{"mate threat", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "a1a2", false, true, 1, 1},
		{"recapture", "4k3/8/3p4/4n3/8/5N2/8/4K3 w - - 0 1", "f3e5", "d6e5", false, false, 2, 1},
		{"capture, not a recapture", "4k3/8/3p4/4n3/8/5N2/8/4K3 w - - 0 1", "", "f3e5", false, false, 1, 0},
		{"pawn to the seventh (White)", "4k3/8/2P5/8/8/8/8/4K3 w - - 0 1", "", "c6c7", false, false, 1, 2},
		{"pawn to the seventh (Black)", "4k3/8/8/8/8/2p5/8/4K3 b - - 0 1", "", "c3c2", false, false, 1, 2},
		{"pawn to the sixth", "4k3/8/8/2P5/8/8/8/4K3 w - - 0 1", "", "c5c6", false, false, 1, 0},
		{"sum capped at one ply", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "a1a8", true, true, 1, 4},
		{"beyond twice the depth", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "a1a8", true, true, 10, 0},
	}
	s := NewSearcher(nil, full, 1)
	s.rootDepth = 5
	for _, tc := range tests {
		pos := mustFEN(t, tc.fen)
		if tc.prev != "" {
			m, err := pos.ParseUCIMove(tc.prev)
			if err != nil {
				t.Fatal(err)
			}
			pos.MakeMove(m)
		}
		m, err := pos.ParseUCIMove(tc.move)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := s.extension(pos, m, tc.ply, pos.GivesCheck(m), tc.oneReply, tc.mateThreat); got != tc.want {
			t.Errorf("%s: extension %d quarter plies, want %d", tc.name, got, tc.want)
		}
	}
	// All extensions off: nothing is extended.
	s.params = Params{}
	pos := mustFEN(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	m, _ := pos.ParseUCIMove("a1a8")
	if got := s.extension(pos, m, 1, true, true, true); got != 0 {
		t.Errorf("plain: extension %d", got)
	}
}

func TestNullMoveReductionAndFutilityMargin(t *testing.T) {
	p := Params{NullMoveReduction: 4, NullMoveAdaptivity: true, NullMoveAdaptivityDepth: 6,
		FutilityDepth: 2, FutilityThreshold1: 112, FutilityThreshold2: 227, FutilityThreshold3: 506}
	for _, tc := range []struct{ d, r int }{{2, 3}, {6, 3}, {7, 4}, {12, 4}} {
		if got := p.nullMoveReduction(tc.d); got != tc.r {
			t.Errorf("adaptive R at depth %d = %d, want %d", tc.d, got, tc.r)
		}
	}
	q := Params{NullMoveReduction: 0, NullMoveAdaptivity: true, NullMoveAdaptivityDepth: 7}
	if got := q.nullMoveReduction(3); got != 0 {
		t.Errorf("R never negative: got %d", got)
	}
	q = Params{NullMoveReduction: 2, NullMoveAdaptivityDepth: 7}
	if got := q.nullMoveReduction(3); got != 2 {
		t.Errorf("non-adaptive R = %d, want 2", got)
	}
	for _, tc := range []struct {
		d, margin int
		ok        bool
	}{{0, 0, false}, {1, 112, true}, {2, 227, true}, {3, 0, false}} {
		m, ok := p.futilityMargin(tc.d)
		if m != tc.margin || ok != tc.ok {
			t.Errorf("futility depth %d: %d %v, want %d %v", tc.d, m, ok, tc.margin, tc.ok)
		}
	}
	p.FutilityDepth = 3
	if m, ok := p.futilityMargin(3); m != 506 || !ok {
		t.Errorf("futility depth 3: %d %v", m, ok)
	}
}
