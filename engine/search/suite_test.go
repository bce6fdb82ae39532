package search

import (
	"context"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

func TestBench(t *testing.T) {
	fens := BenchFENs()[:4]
	var lines []BenchLine
	tot, err := Bench(context.Background(), fens, nil, DefaultParams(), 4, 2, func(l BenchLine) { lines = append(lines, l) })
	if err != nil {
		t.Fatal(err)
	}
	var sum uint64
	for i, l := range lines {
		if l.Index != i || l.FEN != fens[i] || l.Result.Depth != 4 {
			t.Errorf("line %d: %+v", i, l)
		}
		sum += l.Result.Nodes
	}
	if tot.Positions != 4 || tot.Nodes != sum || len(lines) != 4 {
		t.Errorf("totals %+v, lines %d summing to %d nodes", tot, len(lines), sum)
	}
	if _, err := Bench(context.Background(), []string{"not a fen"}, nil, DefaultParams(), 2, 1, nil); err == nil || !strings.HasPrefix(err.Error(), "search: bench position 1") {
		t.Errorf("bad FEN: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Bench(ctx, fens, nil, DefaultParams(), 20, 1, nil); err == nil {
		t.Error("cancelled bench returned no error")
	}
	if len(BenchFENs()) < 20 || len(BenchFENs()) > 40 {
		t.Errorf("%d bench positions, want 20-40", len(BenchFENs()))
	}
}

func TestRunSuite(t *testing.T) {
	mate := mustFEN(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	ra8, _ := mate.ParseUCIMove("a1a8")
	ra7, _ := mate.ParseUCIMove("a1a7")
	items := []SuiteItem{
		{ID: "bm", Pos: mate, Best: []board.Move{ra8}},
		{ID: "am", Pos: mate, Avoid: []board.Move{ra8}},
		{ID: "wrong bm", Pos: mate, Best: []board.Move{ra7}},
	}
	var got []SuiteResult
	tot, err := RunSuite(context.Background(), items, nil, DefaultParams(), Limits{Depth: 3}, 1, func(r SuiteResult) { got = append(got, r) })
	if err != nil {
		t.Fatal(err)
	}
	if tot.Positions != 3 || tot.Solved != 1 || len(got) != 3 {
		t.Fatalf("totals %+v", tot)
	}
	if !got[0].Solved || got[0].SolvedNodes == 0 || got[0].SolvedNodes > got[0].Result.Nodes {
		t.Errorf("bm item: %+v", got[0])
	}
	if got[1].Solved || got[2].Solved || got[1].SolvedNodes != 0 {
		t.Errorf("am/wrong items solved: %+v %+v", got[1], got[2])
	}
	if _, err := RunSuite(context.Background(), []SuiteItem{{ID: "x"}}, nil, DefaultParams(), Limits{Depth: 1}, 1, nil); err == nil {
		t.Error("item without position accepted")
	}
}

func TestSearcherSettings(t *testing.T) {
	s := NewSearcher(nil, DefaultParams(), 0)
	if s.HashSize() != 1 {
		t.Errorf("hash %d MiB, want at least 1", s.HashSize())
	}
	if _, ok := s.Evaluator().(MaterialPST); !ok {
		t.Errorf("nil evaluator became %T", s.Evaluator())
	}
	pos := mustFEN(t, BenchFENs()[5])
	first := s.Search(context.Background(), pos, Limits{Depth: 5}, nil)
	s.SetHashSize(2)
	if s.HashSize() != 2 || len(s.tt.buckets) != 2<<20/64 {
		t.Errorf("SetHashSize(2): %d MiB, %d buckets", s.HashSize(), len(s.tt.buckets))
	}
	// A resize empties the table: the search equals a new Searcher's.
	fresh := NewSearcher(nil, DefaultParams(), 2).Search(context.Background(), pos, Limits{Depth: 5}, nil)
	if again := s.Search(context.Background(), pos, Limits{Depth: 5}, nil); again.Nodes != fresh.Nodes {
		t.Errorf("after resize: %d nodes, new searcher %d (first search %d)", again.Nodes, fresh.Nodes, first.Nodes)
	}
	s.SetEvaluator(constEval{7})
	if r := s.Search(context.Background(), pos, Limits{Depth: 3}, nil); r.Score != 7 {
		t.Errorf("after SetEvaluator: score %d, want 7", r.Score)
	}
	if err := s.SetParams(mustPreset(t, "david-table2")); err != nil || s.Params() != mustPreset(t, "david-table2") {
		t.Errorf("SetParams: %v", err)
	}
}

// TestSolutionTracker pins the one definition of nodes to solution.
func TestSolutionTracker(t *testing.T) {
	pos := mustFEN(t, BenchFENs()[0])
	mv := func(s string) board.Move {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	e4, d4, c4 := mv("e2e4"), mv("d2d4"), mv("c2c4")
	it := func(n uint64, m board.Move) Info { return Info{Nodes: n, PV: []board.Move{m}} }
	tests := []struct {
		name   string
		iters  []Info
		final  board.Move
		solved bool
		nodes  uint64
	}{
		{"right from the first iteration", []Info{it(10, e4), it(50, e4), it(200, e4)}, e4, true, 10},
		{"found at the third", []Info{it(10, d4), it(50, c4), it(200, e4), it(900, e4)}, e4, true, 200},
		{"found, lost, found again", []Info{it(10, e4), it(50, d4), it(200, e4)}, e4, true, 200},
		{"found in the unfinished iteration", []Info{it(10, d4), it(50, d4)}, e4, true, 1000},
		{"lost in the unfinished iteration", []Info{it(10, e4), it(50, e4)}, d4, false, 0},
		{"no iteration completed", nil, e4, true, 1000},
	}
	for _, tc := range tests {
		tr := NewSolutionTracker([]board.Move{e4}, nil)
		for _, inf := range tc.iters {
			tr.Iteration(inf)
		}
		solved, n := tr.Result(Result{Best: tc.final, Nodes: 1000})
		if solved != tc.solved || n != tc.nodes {
			t.Errorf("%s: solved %v nodes %d, want %v %d", tc.name, solved, n, tc.solved, tc.nodes)
		}
	}
	// am only: any move but the avoided one.
	tr := NewSolutionTracker(nil, []board.Move{d4})
	tr.Iteration(it(5, c4))
	if solved, n := tr.Result(Result{Best: c4, Nodes: 9}); !solved || n != 5 {
		t.Errorf("am: %v %d", solved, n)
	}
}
