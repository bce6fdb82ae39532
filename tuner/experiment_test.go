package tuner

import (
	"context"
	"strings"
	"testing"

	"github.com/evochess/evochess/tuner/opt"
	"github.com/evochess/evochess/tuner/report"
)

func TestExperimentsTiny(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	res := dataResources(t, 2)
	cache := &ExperimentCache{}
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"presets", []string{"## The papers' published weights against each other", "| material |", "Strongest paper preset: **", "every player with the `classic` search"}},
		{"vazquez", []string{"## Exploration (EP)", "| paper | 20.8% | **32.8%** |", "## Exploitation (Hooke-Jeeves)", "## Elo", "| VP exploitation | material |",
			"(strongest paper preset)", "| VP exploitation | vazquez-table2-exploitation |", "evochess experiment -runs 1 -gens 3 -games 2 -nodes 500"}},
		{"prasad", []string{"| history-ea (Pr = 10%) | 1 |", "| ep (Pr = 0) | 1 |", "## Elo", "| history-ea best | prasad-table1 |"}},
		{"david-search", []string{"## Node counts", "| evolved |", "| plain (no selectivity) |", "| classic (Table II's values and evochess's modern group) |", "Evolved values: NullMoveUse="}},
		{"modern", []string{"## Texel runs", "## Held-out grandmaster moves at depth 4", "| evolved (modern) |", "## Elo", "| phoenix-default"}},
		{"hybrids", []string{"| texel-adam | texel |", "| ep on the Texel loss |", "| texel-adam, then ep on the depth-2 search match | search-match |", "## Elo"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var md strings.Builder
			cfg := ExperimentConfig{Runs: 1, Generations: 3, Games: 2, Nodes: 500, PGN: "pgn/gm_demo_1500.pgn",
				SuitePositions: 8, NodeCap: 3000, HeldOutPositions: 20, Cache: cache}
			doc, err := RunExperiment(context.Background(), tc.name, cfg, res)
			if err != nil {
				t.Fatal(err)
			}
			if err := doc.Markdown(&md); err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(md.String(), w) {
					t.Errorf("report lacks %q:\n%s", w, md.String())
				}
			}
		})
	}
	if _, err := RunExperiment(context.Background(), "nope", ExperimentConfig{}, res); err == nil {
		t.Error("unknown experiment accepted")
	}
	if _, err := RunExperiment(context.Background(), "presets", ExperimentConfig{Search: "nope"}, res); err == nil || !strings.Contains(err.Error(), `unknown search preset "nope"`) {
		t.Errorf("unknown search preset: err = %v", err)
	}
}

// TestExperimentPicksByTraining: the david report's player is the run with
// the best training fitness, whatever the held-out rates say.
func TestExperimentPicksByTraining(t *testing.T) {
	runs := []*runResult{
		{best: opt.Candidate{Fitness: 10}, test: Score{Matched: 90, Total: 100}},
		{best: opt.Candidate{Fitness: 30}, test: Score{Matched: 10, Total: 100}},
		{best: opt.Candidate{Fitness: 20}, test: Score{Matched: 50, Total: 100}},
	}
	for _, r := range runs {
		r.run = &Run{setup: Setup{}}
		r.prep = &Prepared{}
	}
	e := &experiment{doc: &report.Doc{}}
	if got := e.davidRunTable(runs); got != runs[1] {
		t.Fatalf("picked run with training fitness %v", got.best.Fitness)
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
	r, err := NewRunPrepared(s, prep)
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
