package search

import (
	"context"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

func TestTransTable(t *testing.T) {
	tt := newTransTable(1)
	if n := len(tt.buckets); n != 1<<20/64 {
		t.Fatalf("%d buckets in 1 MiB, want %d", n, 1<<20/64)
	}
	key := uint64(0xdeadbeef12345678)
	if _, ok := tt.probe(key); ok {
		t.Fatal("hit in an empty table")
	}
	m := board.NewMove(board.E2, board.E4)
	tt.store(key, m, 123, -45, 9, boundLower)
	e, ok := tt.probe(key)
	if !ok || e.move != m || e.score != 123 || e.eval != -45 || e.depth != 9 || e.flags&3 != boundLower {
		t.Fatalf("probe = %+v %v", e, ok)
	}
	// Same key, no move: the old move is kept.
	tt.store(key, board.NoMove, 7, 1, 3, boundUpper)
	if e, _ := tt.probe(key); e.move != m || e.score != 7 {
		t.Errorf("re-store lost the move: %+v", e)
	}
	// Five keys in one bucket: the shallowest entry is replaced.
	for i := uint64(1); i <= 5; i++ {
		tt.store(key+i<<32, m, 0, 0, int(i)*4, boundExact)
	}
	if _, ok := tt.probe(key + 1<<32); ok {
		t.Error("shallowest entry (depth 4) survived")
	}
	if _, ok := tt.probe(key + 5<<32); !ok {
		t.Error("newest entry missing")
	}
	tt.clear()
	if _, ok := tt.probe(key + 5<<32); ok {
		t.Error("clear left an entry")
	}
}

func TestMateScoreConversions(t *testing.T) {
	tests := []struct{ score, ply, stored, mate int }{
		{MateScore - 5, 3, MateScore - 2, 3},
		{-MateScore + 4, 2, -MateScore + 2, -2},
		{150, 7, 150, 0},
		{-mateBound + 1, 1, -mateBound + 1, 0},
	}
	for _, tc := range tests {
		if got := scoreToTT(tc.score, tc.ply); got != tc.stored {
			t.Errorf("scoreToTT(%d, %d) = %d, want %d", tc.score, tc.ply, got, tc.stored)
		}
		if got := scoreFromTT(tc.stored, tc.ply); got != tc.score {
			t.Errorf("scoreFromTT(%d, %d) = %d, want %d", tc.stored, tc.ply, got, tc.score)
		}
		if got := MateIn(tc.score); got != tc.mate {
			t.Errorf("MateIn(%d) = %d, want %d", tc.score, got, tc.mate)
		}
	}
}

// TestClearEmptiesTheTable: Clear leaves the table empty whether it zeroes
// only the logged buckets (a shallow search) or all of them (a deep one,
// or one with helper threads), and the next search is that of a new
// Searcher.
func TestClearEmptiesTheTable(t *testing.T) {
	const fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	cases := []struct {
		name    string
		depth   int
		threads int
		logged  bool // Clear zeroes only the logged buckets
	}{
		{"depth 1", 1, 1, true},
		{"depth 2", 2, 1, true},
		{"depth 6", 6, 1, false},
		{"depth 2, two threads", 2, 2, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewSearcher(MaterialPST{}, DefaultParams(), 1)
			s.SetThreads(c.threads)
			first := s.Search(context.Background(), mustFEN(t, fen), Limits{Depth: c.depth}, nil)
			if logged := !s.ttLogFull; logged != c.logged {
				t.Errorf("logged %v, want %v (%d stores logged)", logged, c.logged, len(s.ttLog))
			}
			s.Clear()
			if s.tt.gen != 0 || len(s.ttLog) != 0 || s.ttLogFull {
				t.Errorf("after Clear: generation %d, log %d, full %v", s.tt.gen, len(s.ttLog), s.ttLogFull)
			}
			for i, b := range s.tt.buckets {
				if b != (ttBucket{}) {
					t.Fatalf("bucket %d not empty after Clear", i)
				}
			}
			if c.threads > 1 {
				return // Lazy SMP is not deterministic
			}
			again := s.Search(context.Background(), mustFEN(t, fen), Limits{Depth: c.depth}, nil)
			if again.Best != first.Best || again.Score != first.Score || again.Nodes != first.Nodes {
				t.Errorf("after Clear: %v %d %d nodes, first search %v %d %d", again.Best, again.Score, again.Nodes, first.Best, first.Score, first.Nodes)
			}
		})
	}
}

// TestPrefaultKeepsTheTable: Prefault writes every page but changes no
// entry, so a search after it is the search without it.
func TestPrefaultKeepsTheTable(t *testing.T) {
	const fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	run := func(prefault bool) (Result, []ttBucket) {
		s := NewSearcher(MaterialPST{}, DefaultParams(), 1)
		s.Search(context.Background(), mustFEN(t, fen), Limits{Depth: 6}, nil)
		before := slices.Clone(s.tt.buckets)
		if prefault {
			s.Prefault()
			if !slices.Equal(before, s.tt.buckets) {
				t.Fatal("Prefault changed the table")
			}
		}
		r := s.Search(context.Background(), mustFEN(t, fen), Limits{Depth: 7}, nil)
		return r, before
	}
	plain, tPlain := run(false)
	pre, tPre := run(true)
	if !slices.Equal(tPlain, tPre) {
		t.Error("the tables differ after Prefault")
	}
	if pre.Best != plain.Best || pre.Score != plain.Score || pre.Nodes != plain.Nodes {
		t.Errorf("after Prefault: %v %d %d nodes, without: %v %d %d", pre.Best, pre.Score, pre.Nodes, plain.Best, plain.Score, plain.Nodes)
	}
}
