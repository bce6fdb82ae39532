package experiment

import (
	"context"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/shareddata"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/opt"
	"github.com/evochess/evochess/tuner/report"
)

// dataResources opens the shared data folder (the tests skip without it).
func dataResources(tb testing.TB, workers int) tuner.Resources {
	tb.Helper()
	return tuner.Resources{Workers: workers, Cache: &tuner.DataCache{}, Open: shareddata.Opener(tb)}
}

func TestExperimentsTiny(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	res := dataResources(t, 2)
	cache := &Cache{}
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
			cfg := Config{Runs: 1, Generations: 3, Games: 2, Nodes: 500, PGN: "pgn/gm_demo_1500.pgn",
				SuitePositions: 8, NodeCap: 3000, HeldOutPositions: 20, Cache: cache}
			doc, err := Run(context.Background(), tc.name, cfg, res)
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
	if _, err := Run(context.Background(), "nope", Config{}, res); err == nil {
		t.Error("unknown experiment accepted")
	}
	if _, err := Run(context.Background(), "presets", Config{Search: "nope"}, res); err == nil || !strings.Contains(err.Error(), `unknown search preset "nope"`) {
		t.Errorf("unknown search preset: err = %v", err)
	}
}

// TestExperimentPicksByTraining: the david report's player is the run with
// the best training fitness, whatever the held-out rates say.
func TestExperimentPicksByTraining(t *testing.T) {
	runs := []*runResult{
		{seed: 1, best: opt.Candidate{Fitness: 10}, test: tuner.Score{Matched: 90, Total: 100}},
		{seed: 2, best: opt.Candidate{Fitness: 30}, test: tuner.Score{Matched: 10, Total: 100}},
		{seed: 3, best: opt.Candidate{Fitness: 20}, test: tuner.Score{Matched: 50, Total: 100}},
	}
	for _, r := range runs {
		r.prep = &tuner.Prepared{}
	}
	e := &experiment{doc: &report.Doc{}}
	if got := e.davidRunTable(runs); got != runs[1] {
		t.Fatalf("picked run with training fitness %v", got.best.Fitness)
	}
}
