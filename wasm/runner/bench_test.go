package runner

import (
	"context"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/wasm/protocol"
)

// BenchmarkFitness measures the training evaluator a worker scores
// candidates with (1-ply move match, vazquez29, 2,000 positions of the
// fixture games), one goroutine, in positions scored per second. Run it
// natively and under GOOS=js GOARCH=wasm to compare.
func BenchmarkFitness(b *testing.B) {
	text := games200(b)
	g, err := LoadPGN(context.Background(), strings.NewReader(text), "games200.pgn", 0, 0, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	cfg := protocol.RunConfig{Algorithm: "ep", Scheme: "vazquez29", Seed: 1,
		Data: protocol.DataConfig{Source: "games200.pgn", Sample: protocol.SampleConfig{Protocol: "all", Seed: 1, Train: 2000, Test: 1}}}
	setup, err := Configure(cfg)
	if err != nil {
		b.Fatal(err)
	}
	setup.Problem.PGN = g.name
	prep, err := tuner.Prepare(context.Background(), setup, gameResources(g, nil, 1))
	if err != nil {
		b.Fatal(err)
	}
	cands := make([][]int32, 8)
	for i := range cands {
		cands[i] = param.Defaults(setup.Config.Specs)
		cands[i][1] += int32(i) // distinct candidates
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := prep.Train.Score(context.Background(), cands); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*float64(len(cands))*float64(prep.TrainPositions)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(0, "ns/op")
}
