package search

import (
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
