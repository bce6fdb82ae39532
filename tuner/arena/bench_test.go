package arena

import (
	"context"
	"testing"
)

// benchmarkRoundRobin plays material vs david-fig3 in-process round robins at
// a fixed depth from the embedded book, one game at a time, and reports
// games/s and plies/game.
func benchmarkRoundRobin(b *testing.B, depth int) {
	players := []Player{inProcessPlayer(b, "material", "material"), inProcessPlayer(b, "fig3", "david-fig3")}
	book, err := DefaultOpenings()
	if err != nil {
		b.Fatal(err)
	}
	games, plies := 0, 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cfg := Config{Game: GameConfig{Limits: Limits{Depth: depth}, Adjudication: DefaultAdjudication()},
			Openings: book, Seed: uint64(i)}
		res, err := RoundRobin(context.Background(), players, 2, cfg)
		if err != nil {
			b.Fatal(err)
		}
		for _, g := range res.Games {
			games++
			plies += len(g.Plies)
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(games), "plies/game")
}

func BenchmarkRoundRobinDepth2(b *testing.B) { benchmarkRoundRobin(b, 2) }
func BenchmarkRoundRobinDepth4(b *testing.B) { benchmarkRoundRobin(b, 4) }
