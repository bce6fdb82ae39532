package tuner

import (
	"context"
	"strings"
	"testing"
)

func TestExperimentsTiny(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	res := dataResources(t, 2)
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"vazquez", []string{"## Exploration (EP)", "| paper | 20.8% | **32.8%** |", "## Exploitation (Hooke-Jeeves)", "## Matches", "| material-only |"}},
		{"prasad", []string{"| history-ea (Pr = 10%) | 1 |", "| ep (Pr = 0) | 1 |", "## Matches"}},
		{"david-search", []string{"## Node counts", "| evolved |", "| plain |", "Evolved values: NullMoveUse="}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var md strings.Builder
			cfg := ExperimentConfig{Runs: 1, Generations: 3, MatchGames: 2, MatchDepth: 1, PGN: "pgn/gm_demo_1500.pgn",
				SuitePositions: 8, NodeCap: 3000}
			if err := RunExperiment(context.Background(), tc.name, cfg, res, &md); err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(md.String(), w) {
					t.Errorf("report lacks %q:\n%s", w, md.String())
				}
			}
		})
	}
	if err := RunExperiment(context.Background(), "nope", ExperimentConfig{}, res, &strings.Builder{}); err == nil {
		t.Error("unknown experiment accepted")
	}
}

// BenchmarkDavidGAGeneration times one generation of the david-ga preset
// (population 100, 1-ply move match) on the demo games' positions.
func BenchmarkDavidGAGeneration(b *testing.B) {
	res := dataResources(b, 0)
	s, err := Configure(Options{Preset: "david-ga", PGN: "pgn/gm_demo_1500.pgn", Protocol: "all", Positions: 5000, TestPositions: 100, Generations: 1 << 20})
	if err != nil {
		b.Fatal(err)
	}
	prep, err := Prepare(context.Background(), s, res)
	if err != nil {
		b.Fatal(err)
	}
	r, err := NewRun(s, prep.Train, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := r.Optimizer().Evaluations()
	for i := 0; i < b.N; i++ {
		if _, err := r.Step(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	evals := r.Optimizer().Evaluations() - start
	b.ReportMetric(float64(evals*prep.TrainPositions)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/generation")
}
