package eval

import (
	"testing"

	"github.com/evochess/evochess/engine/board"
)

func benchPositions(b *testing.B) []*board.Position {
	return randomGamePositions(b, 99, 1024)
}

// BenchmarkEvaluate measures Evaluate per scheme over positions from random
// games; it reports evals/s.
func BenchmarkEvaluate(b *testing.B) {
	positions := benchPositions(b)
	for _, s := range Schemes() {
		b.Run(s.Name(), func(b *testing.B) {
			e, err := NewDefault(s)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			sink := 0
			for i := 0; i < b.N; i++ {
				sink += e.Evaluate(positions[i&1023])
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
			_ = sink
		})
	}
}

// BenchmarkFeatures measures sparse feature extraction per scheme; it
// reports positions/s.
func BenchmarkFeatures(b *testing.B) {
	positions := benchPositions(b)
	for _, s := range Schemes() {
		b.Run(s.Name(), func(b *testing.B) {
			buf := make([]Feature, 0, 256)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				buf = s.Features(positions[i&1023], buf[:0])
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkPhasedFeatures measures the modern scheme's untapered feature
// extraction (what the Texel tuner stores per position); it reports
// positions/s.
func BenchmarkPhasedFeatures(b *testing.B) {
	positions := benchPositions(b)
	p := modern
	buf := make([]Feature, 0, 256)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf, _ = p.PhasedFeatures(positions[i&1023], buf[:0])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkEvaluateCounts measures Evaluate with a count cache that holds
// every position (the tuner's held-out searches, where most positions are
// evaluated again under other weights: a dot product of cached counts), per
// dense scheme, in evals/s.
func BenchmarkEvaluateCounts(b *testing.B) {
	positions := benchPositions(b)
	for _, s := range Schemes() {
		if !Dense(s) {
			continue
		}
		b.Run(s.Name(), func(b *testing.B) {
			e, err := NewDefault(s)
			if err != nil {
				b.Fatal(err)
			}
			c, err := NewCountCache(s, 1<<14)
			if err != nil {
				b.Fatal(err)
			}
			if err := e.SetCountCache(c); err != nil {
				b.Fatal(err)
			}
			sink := 0
			for _, p := range positions {
				sink += e.Evaluate(p) // fill the cache
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sink += e.Evaluate(positions[i&1023])
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
			_ = sink
		})
	}
}
