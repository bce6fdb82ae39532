package experiment

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

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

// TestReportCommand: a report's header and its "this report" command give
// the games actually played per pairing (an odd count is rounded up to a
// pair) and every setting that changes its figures — the openings and the
// search preset too — so the command reproduces the report.
func TestReportCommand(t *testing.T) {
	for _, tc := range []struct {
		name    string
		exp     string // the experiment ("" = david)
		cfg     Config
		want    []string // in the command
		not     []string // not in the command
		matches string   // in the header's match conditions
	}{
		{"defaults", "", Config{}, []string{"-games 40 -nodes 20000 -data-dir ../shared/data david"}, []string{"-openings", "-search", "-seed"}, "40 games per pairing"},
		{"odd games", "", Config{Games: 3, Nodes: 500}, []string{"-games 4 -nodes 500"}, nil, "4 games per pairing"},
		{"openings", "", Config{Openings: "openings/8moves_v3_1000.pgn"}, []string{"-openings openings/8moves_v3_1000.pgn"}, nil, "40 games"},
		{"search", "", Config{Search: "default"}, []string{"-search default"}, nil, "40 games"},
		{"classic search", "", Config{Search: "classic"}, nil, []string{"-search"}, "40 games"},
		{"seed and movetime", "", Config{Seed: 3, MoveTime: 250 * time.Millisecond}, []string{"-movetime 250", "-seed 3"}, nil, "250 ms per move"},
		// Only the flags an experiment uses: the others would be refused.
		{"david-search", "david-search", Config{Games: 20, Nodes: 10000, Strongest: "david-fig3", SuitePositions: 8, PGN: "pgn/x.pgn", Runs: 2, Generations: 3},
			[]string{"evochess experiment -gens 3 -suite-positions 8 -data-dir ../shared/data david-search"}, []string{"-games", "-nodes", "-strongest", "-pgn", "-runs"}, ""},
		{"presets", "presets", Config{Games: 20, Nodes: 10000, PGN: "pgn/x.pgn", Runs: 2, Generations: 3, NodeCap: 100},
			[]string{"evochess experiment -games 20 -nodes 10000 -data-dir ../shared/data presets"}, nil, "20 games"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.exp == "" {
				tc.exp = "david"
			}
			e := &experiment{name: tc.exp, cfg: tc.cfg.withDefaults()}
			cmd := e.command(tc.exp)
			for _, w := range tc.want {
				if !strings.Contains(cmd, w) {
					t.Errorf("command %q lacks %q", cmd, w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(cmd, w) {
					t.Errorf("command %q has %q", cmd, w)
				}
			}
			if mc := e.matchConditions(); !strings.Contains(mc, tc.matches) {
				t.Errorf("match conditions %q lack %q", mc, tc.matches)
			}
		})
	}
}

// TestCommandFlagsUsed: every flag of a report's command is one its
// experiment uses (Flags) or one every experiment does, so the CLI, which
// refuses the others, takes the command.
func TestCommandFlagsUsed(t *testing.T) {
	common := []string{"full", "seed", "search", "data-dir"}
	cfg := Config{Full: true, Seed: 2, Runs: 2, Generations: 3, PGN: "pgn/x.pgn", Openings: "openings/x.epd", Games: 4,
		Nodes: 100, MoveTime: time.Second, SuitePositions: 5, NodeCap: 100, Search: "default", Strongest: "david-fig3"}.withDefaults()
	for _, name := range Names() {
		e := &experiment{name: name, cfg: cfg}
		for _, f := range strings.Fields(e.command(name)) {
			if !strings.HasPrefix(f, "-") || strings.HasPrefix(f, "-1") {
				continue
			}
			if f = f[1:]; !slices.Contains(Flags(name), f) && !slices.Contains(common, f) {
				t.Errorf("%s: command %q has -%s, which %s does not use", name, e.command(name), f, name)
			}
		}
	}
}

func TestSignedASCII(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{math.Inf(-1), "-∞"}, {math.Inf(1), "+∞"}, {-688.4, "-688"}, {35.6, "+36"}, {-0.4, "0"},
	} {
		if got := signed(c.x); got != c.want {
			t.Errorf("signed(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}
