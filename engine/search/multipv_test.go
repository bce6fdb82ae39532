package search

import (
	"context"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

// TestMultiPV: a MultiPV search reports, every iteration, that many lines
// of distinct legal moves, best first; the first is the move played; with
// MultiPV 1 (or 0) the search is the single-line one, node for node.
func TestMultiPV(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		multi int
		depth int
		first string // the best line's move, if known
	}{
		{"start, 3 lines", board.StartFEN, 3, 6, ""},
		{"mate in one first", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 4, 5, "a1a8"},
		{"more lines than moves", "7k/8/8/8/8/8/8/K7 w - - 0 1", 10, 4, ""},
		{"tactics", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 5, 6, "f3f7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustFEN(t, tc.fen)
			legal := pos.LegalMoves()
			want := min(tc.multi, len(legal))
			var infos []Info
			s := NewSearcher(nil, DefaultParams(), 4)
			r := s.Search(context.Background(), pos, Limits{Depth: tc.depth, MultiPV: tc.multi}, func(in Info) { infos = append(infos, in) })
			if len(r.Lines) != want {
				t.Fatalf("%d lines, want %d", len(r.Lines), want)
			}
			seen := map[board.Move]bool{}
			for k, l := range r.Lines {
				if len(l.PV) == 0 || !isLegal(pos, l.PV[0]) || seen[l.PV[0]] {
					t.Fatalf("line %d: PV %v: empty, illegal or repeated", k+1, l.PV)
				}
				seen[l.PV[0]] = true
				if k > 0 && l.Score > r.Lines[k-1].Score {
					t.Errorf("line %d scores %d, above line %d's %d", k+1, l.Score, k, r.Lines[k-1].Score)
				}
				if l.Mate != MateIn(l.Score) {
					t.Errorf("line %d: mate %d for score %d", k+1, l.Mate, l.Score)
				}
			}
			if r.Best != r.Lines[0].PV[0] || r.Score != r.Lines[0].Score || !slices.Equal(r.PV, r.Lines[0].PV) {
				t.Errorf("result %s %d %v, first line %v %d", r.Best.UCI(), r.Score, r.PV, r.Lines[0].PV, r.Lines[0].Score)
			}
			if tc.first != "" && r.Best.UCI() != tc.first {
				t.Errorf("best %s, want %s", r.Best.UCI(), tc.first)
			}
			// Every iteration reports its lines 1…want in order.
			if len(infos) != tc.depth*want {
				t.Fatalf("%d infos, want %d (%d per iteration)", len(infos), tc.depth*want, want)
			}
			for i, in := range infos {
				if in.MultiPV != i%want+1 || in.Depth != i/want+1 {
					t.Fatalf("info %d: depth %d multipv %d, want %d and %d", i, in.Depth, in.MultiPV, i/want+1, i%want+1)
				}
			}
			last := infos[len(infos)-want:]
			for k, in := range last {
				if in.Score != r.Lines[k].Score || !slices.Equal(in.PV, r.Lines[k].PV) {
					t.Errorf("last info of line %d: %d %v, result line %d %v", k+1, in.Score, in.PV, r.Lines[k].Score, r.Lines[k].PV)
				}
			}
			// The same search again gives the same lines (determinism).
			r2 := NewSearcher(nil, DefaultParams(), 4).Search(context.Background(), pos, Limits{Depth: tc.depth, MultiPV: tc.multi}, nil)
			if r2.Nodes != r.Nodes || len(r2.Lines) != len(r.Lines) {
				t.Fatalf("second search: %d nodes %d lines, first %d %d", r2.Nodes, len(r2.Lines), r.Nodes, len(r.Lines))
			}
			for k := range r.Lines {
				if r2.Lines[k].Score != r.Lines[k].Score || !slices.Equal(r2.Lines[k].PV, r.Lines[k].PV) {
					t.Errorf("second search line %d differs", k+1)
				}
			}
		})
	}
}

// TestMultiPVOneIsSingle: MultiPV 0 and 1 are the single-line search (the
// same nodes, move and no Lines, Info.MultiPV 0).
func TestMultiPVOneIsSingle(t *testing.T) {
	pos := mustFEN(t, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	var base Result
	for _, multi := range []int{0, 1} {
		var infos []Info
		r := NewSearcher(nil, DefaultParams(), 4).Search(context.Background(), pos, Limits{Depth: 7, MultiPV: multi}, func(in Info) { infos = append(infos, in) })
		if multi == 0 {
			base = r
		} else if r.Nodes != base.Nodes || r.Best != base.Best || r.Score != base.Score {
			t.Errorf("MultiPV 1: %d nodes %s %d, MultiPV 0: %d %s %d", r.Nodes, r.Best.UCI(), r.Score, base.Nodes, base.Best.UCI(), base.Score)
		}
		if r.Lines != nil || len(infos) != 7 || infos[0].MultiPV != 0 {
			t.Errorf("MultiPV %d: lines %v, %d infos (multipv %d)", multi, r.Lines, len(infos), infos[0].MultiPV)
		}
	}
}

// TestMultiPVStopped: a MultiPV search cut by its node budget still plays
// a legal move, its first line's, with consistent lines.
func TestMultiPVStopped(t *testing.T) {
	pos := board.NewPosition()
	for _, nodes := range []uint64{50, 500, 3000, 20000, 60000} {
		r := NewSearcher(nil, DefaultParams(), 4).Search(context.Background(), pos, Limits{Nodes: nodes, MultiPV: 4}, nil)
		if !isLegal(pos, r.Best) {
			t.Fatalf("%d nodes: best %v not legal", nodes, r.Best)
		}
		if len(r.Lines) > 0 && (r.Lines[0].PV[0] != r.Best || r.Lines[0].Score != r.Score) {
			t.Errorf("%d nodes: best %s %d, first line %v %d", nodes, r.Best.UCI(), r.Score, r.Lines[0].PV, r.Lines[0].Score)
		}
		if len(r.Lines) > 4 {
			t.Errorf("%d nodes: %d lines", nodes, len(r.Lines))
		}
	}
}

// TestMultiPVThreads: with helper threads the lines are the main thread's.
func TestMultiPVThreads(t *testing.T) {
	pos := board.NewPosition()
	s := NewSearcher(nil, DefaultParams(), 4)
	s.SetThreads(2)
	r := s.Search(context.Background(), pos, Limits{Depth: 6, MultiPV: 3}, nil)
	if len(r.Lines) != 3 || r.Lines[0].PV[0] != r.Best || r.Depth != 6 {
		t.Fatalf("lines %d, best %s, first line %v, depth %d", len(r.Lines), r.Best.UCI(), r.Lines[0].PV, r.Depth)
	}
}
