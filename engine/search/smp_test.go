package search

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/eval"
)

// TestLazySMP: several threads search to the asked depth, play legal moves,
// find mates, respect node limits and the context, and Threads 1 stays the
// deterministic single-threaded search.
func TestLazySMP(t *testing.T) {
	if runtime.GOARCH == "wasm" {
		t.Skip("WebAssembly runs one thread per worker (and its timers need Yield)")
	}
	s, _ := eval.Lookup("phoenix640")
	ev, err := eval.NewDefault(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, threads := range []int{2, 3} {
		sr := NewSearcher(ev, DefaultParams(), 8)
		sr.SetThreads(threads)
		if sr.Threads() != threads {
			t.Fatalf("Threads() = %d, want %d", sr.Threads(), threads)
		}
		for _, fen := range BenchFENs()[:6] {
			pos := mustFEN(t, fen)
			r := sr.Search(context.Background(), pos, Limits{Depth: 8}, nil)
			if !isLegal(pos, r.Best) || r.Depth < 8 || r.Nodes == 0 || len(r.PV) == 0 || r.PV[0] != r.Best {
				t.Errorf("%d threads %s: best %v depth %d nodes %d pv %v", threads, fen, r.Best, r.Depth, r.Nodes, r.PV)
			}
		}
		// A mate in 3 is found.
		pos := mustFEN(t, "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1")
		if r := sr.Search(context.Background(), pos, Limits{Depth: 8}, nil); r.Mate != 3 || r.Best.UCI() != "f6a6" {
			t.Errorf("%d threads: mate %d best %v, want mate 3 f6a6", threads, r.Mate, r.Best)
		}
		// A node limit bounds all threads together (checked every 1024
		// nodes per thread).
		pos = mustFEN(t, BenchFENs()[1])
		if r := sr.Search(context.Background(), pos, Limits{Nodes: 50000}, nil); r.Nodes > 50000+uint64(threads)*2*pollInterval || !isLegal(pos, r.Best) {
			t.Errorf("%d threads: %d nodes for a 50,000 limit", threads, r.Nodes)
		}
		// The context stops every thread.
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		r := sr.Search(ctx, pos, Limits{Infinite: true}, nil)
		cancel()
		if !isLegal(pos, r.Best) {
			t.Errorf("%d threads: cancelled search gave %v", threads, r.Best)
		}
	}
	// Node counts start from zero each search: a helper's count of the
	// search before must not be added to the next one's (which made "go
	// nodes" stop after a few hundred nodes of its own, and depth 1 report
	// the last search's total). Right after the helpers are started, before
	// they could run, the total is the main thread's own count.
	sr2 := NewSearcher(ev, DefaultParams(), 8)
	sr2.SetThreads(2)
	big := mustFEN(t, BenchFENs()[2])
	for i := range 20 {
		sr2.Search(context.Background(), big, Limits{Depth: 8}, nil)
		run := sr2.startHelpers(context.Background(), big, Limits{Depth: 1}, 1) // the helpers search nothing at depth 1
		total := sr2.totalNodes()
		sr2.joinHelpers(run, Result{}, true)
		if total != sr2.nodes {
			t.Fatalf("run %d: %d nodes in all right after the helpers started, the main thread's %d", i, total, sr2.nodes)
		}
	}
	// Back to one thread: the search is the single-threaded one again.
	sr := NewSearcher(ev, DefaultParams(), 8)
	sr.SetThreads(4)
	pos := mustFEN(t, BenchFENs()[3])
	sr.Search(context.Background(), pos, Limits{Depth: 6}, nil)
	sr.SetThreads(1)
	sr.Clear()
	got := sr.Search(context.Background(), pos, Limits{Depth: 7}, nil)
	want := NewSearcher(ev.Clone(), DefaultParams(), 8).Search(context.Background(), pos, Limits{Depth: 7}, nil)
	if got.Nodes != want.Nodes || got.Best != want.Best || got.Score != want.Score {
		t.Errorf("1 thread after 4: %v/%d/%d, fresh %v/%d/%d", got.Best, got.Score, got.Nodes, want.Best, want.Score, want.Nodes)
	}
	if sr.SetThreads(0); sr.Threads() != 1 {
		t.Errorf("SetThreads(0) gave %d", sr.Threads())
	}
	if sr.SetThreads(1 << 20); sr.Threads() != MaxThreads {
		t.Errorf("SetThreads(1<<20) gave %d", sr.Threads())
	}
}

// TestLazySMPUncloneable: an evaluator without a clone keeps the search on
// one thread.
func TestLazySMPUncloneable(t *testing.T) {
	sr := NewSearcher(constEval{3}, DefaultParams(), 1)
	sr.SetThreads(4)
	pos := mustFEN(t, BenchFENs()[2])
	r := sr.Search(context.Background(), pos, Limits{Depth: 5}, nil)
	want := NewSearcher(constEval{3}, DefaultParams(), 1).Search(context.Background(), pos, Limits{Depth: 5}, nil)
	if r.Nodes != want.Nodes || len(sr.helpers) != 0 {
		t.Errorf("%d nodes with %d helpers, single thread %d", r.Nodes, len(sr.helpers), want.Nodes)
	}
}

// BenchmarkSearchThreads measures the Lazy SMP search at NumCPU threads in
// nodes/s (all threads together), to compare with BenchmarkSearch.
func BenchmarkSearchThreads(b *testing.B) {
	fens := BenchFENs()
	sel := []string{fens[0], fens[4], fens[12]}
	var nodes uint64
	var el time.Duration
	for b.Loop() {
		for _, fen := range sel {
			pos := mustFEN(b, fen)
			s := NewSearcher(nil, DefaultParams(), 16)
			s.SetThreads(NumCPU())
			start := time.Now()
			nodes += s.Search(context.Background(), pos, Limits{Depth: 12}, nil).Nodes
			el += time.Since(start)
		}
	}
	b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
	b.ReportMetric(float64(NumCPU()), "threads")
}
