package tuner

import (
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/tuner/opt"
)

func TestConfigure(t *testing.T) {
	if _, err := eval.Lookup("david35"); err != nil {
		t.Skip("david35 scheme not available yet:", err)
	}
	for _, tc := range []struct {
		name  string
		in    Options
		check func(Setup) bool
		bad   bool
	}{
		{"david-ga preset", Options{Preset: "david-ga", Seed: 3}, func(s Setup) bool {
			return s.Algorithm == "ga" && s.Config.Pop == 100 && s.Config.Generations == 200 && s.Config.CrossoverRate == 0.75 &&
				s.Config.MutationRate == 0.005 && s.Problem.Fitness == "match2-qs" && len(s.Config.Specs) > 0 && s.Config.Seed == 3
		}, false},
		{"algo names its preset", Options{Algorithm: "ga", Preset: "david-ga", Population: 10, Params: map[string]float64{"mutation_rate": 0.01}},
			func(s Setup) bool {
				return s.Config.Pop == 10 && s.Config.MutationRate == 0.01 && s.Config.Generations == 200
			}, false},
		{"plain algorithm", Options{Algorithm: "de"}, func(s Setup) bool { return s.Algorithm == "de" && s.Problem.Fitness == "match-qs" }, false},
		{"other algorithm on a preset's problem", Options{Algorithm: "cmaes", Preset: "david-ga"}, func(s Setup) bool {
			return s.Algorithm == "cmaes" && s.Problem.Fitness == "match2-qs" && s.Config.Pop == 0
		}, false},
		{"search params", Options{Preset: "david-search"}, func(s Setup) bool { return s.Problem.Fitness == "nodes" && len(s.Config.Specs) == 18 }, false},
		{"tournament is relative", Options{Preset: "david-coevolution"}, func(s Setup) bool { return s.Config.Relative }, false},
		{"unknown preset", Options{Preset: "x"}, nil, true},
		{"unknown algorithm", Options{Algorithm: "x"}, nil, true},
		{"unknown fitness", Options{Algorithm: "ga", Fitness: "x"}, nil, true},
		{"unknown scheme", Options{Algorithm: "ga", Scheme: "x"}, nil, true},
		{"unknown param", Options{Algorithm: "ga", Params: map[string]float64{"zz": 1}}, nil, true},
		{"fractional int param", Options{Algorithm: "ga", Params: map[string]float64{"elite": 1.5}}, nil, true},
	} {
		s, err := Configure(tc.in)
		if (err != nil) != tc.bad {
			t.Errorf("%s: err %v", tc.name, err)
			continue
		}
		if !tc.bad && !tc.check(s) {
			t.Errorf("%s: setup %+v", tc.name, s)
		}
	}
}

func TestApplyParams(t *testing.T) {
	cfg := opt.Config{Pop: 5, Selection: "rank"}
	if err := ApplyParams(&cfg, map[string]float64{"generations": 1000000, "history_pr": 0.00001, "delta": 30}); err != nil {
		t.Fatal(err)
	}
	if cfg.Pop != 5 || cfg.Selection != "rank" || cfg.Generations != 1000000 || cfg.HistoryPr != 0.00001 || cfg.Delta != 30 {
		t.Fatalf("%+v", cfg)
	}
}
