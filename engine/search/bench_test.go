package search

import (
	"context"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/board"
)

// BenchmarkSearch searches three bench positions to depth 12 with the
// default parameters and MaterialPST, from a Cleared Searcher each (the
// clearing is not timed), and reports the search speed in nodes/s. Run it
// natively and under WebAssembly (make bench, make bench-wasm) to compare.
func BenchmarkSearch(b *testing.B) {
	fens := BenchFENs()
	sel := []*board.Position{mustFEN(b, fens[0]), mustFEN(b, fens[4]), mustFEN(b, fens[12])}
	s := NewSearcher(nil, DefaultParams(), 16)
	var nodes uint64
	var el time.Duration
	for b.Loop() {
		for _, pos := range sel {
			s.Clear()
			start := time.Now()
			nodes += s.Search(context.Background(), pos, Limits{Depth: 12}, nil).Nodes
			el += time.Since(start)
		}
	}
	b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkQuiescence measures depth-1 searches (mostly quiescence) over the
// bench positions, in nodes/s.
func BenchmarkQuiescence(b *testing.B) {
	positions := samplePositions(b, 33, 5)
	s := NewSearcher(nil, DefaultParams(), 1)
	var nodes uint64
	var el time.Duration
	for b.Loop() {
		for _, pos := range positions {
			s.Clear() // not timed: clearing memory is slow in WebAssembly
			start := time.Now()
			nodes += s.Search(context.Background(), pos, Limits{Depth: 1}, nil).Nodes
			el += time.Since(start)
		}
	}
	b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
}

// BenchmarkEvaluate measures MaterialPST, in evals/s.
func BenchmarkEvaluate(b *testing.B) {
	positions := samplePositions(b, 64, 9)
	var ev MaterialPST
	n := 0
	sum := 0
	for b.Loop() {
		for _, pos := range positions {
			sum += ev.Evaluate(pos)
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "evals/s")
	if sum == 1<<62 {
		b.Log(sum)
	}
}

// TestBenchmarkSearchNodes pins the node count of BenchmarkSearch's three
// searches: a speed change must not change the search (TestSignature does
// not reach every path, e.g. the multi-cut restart of move picking).
func TestBenchmarkSearchNodes(t *testing.T) {
	fens := BenchFENs()
	s := NewSearcher(nil, DefaultParams(), 16)
	var nodes uint64
	for _, i := range []int{0, 4, 12} {
		s.Clear()
		nodes += s.Search(context.Background(), mustFEN(t, fens[i]), Limits{Depth: 12}, nil).Nodes
	}
	if nodes != 380473 {
		t.Fatalf("BenchmarkSearch's searches visit %d nodes, want 380473", nodes)
	}
}
