package tuner

import (
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
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
			return s.Algorithm == "cmaes" && s.Problem.Fitness == "match2-qs" && s.Config.Pop == 14 && s.Config.Sigma0 == 0.3
		}, false},
		{"explicit zero elitism", Options{Preset: "david-ga", Params: map[string]float64{"elite": 0, "mutation_rate": 0}}, func(s Setup) bool {
			return s.Config.Elite == 0 && s.Config.MutationRate == 0 && s.Config.CrossoverRate == 0.75
		}, false},
		{"paper presets start from random", Options{Preset: "vazquez-ep", Seed: 4}, func(s Setup) bool {
			want, _ := randomStart(s.Config.Specs, 4)
			return s.Problem.Start == StartRandom && len(s.Config.Init) == 1 && slices.Equal(s.Config.Init[0], want)
		}, false},
		{"material start", Options{Preset: "david-ga", Start: "material"}, func(s Setup) bool {
			x := s.Config.Init[0]
			return s.Problem.Start == StartMaterial && x[1] == 320 && x[4] == 900 && x[5] == 0
		}, false},
		{"preset start, bare name", Options{Preset: "david-ga", Start: "david-fig3"}, func(s Setup) bool {
			p, _ := eval.LookupPreset("david-fig3")
			return s.Problem.Start == "preset:david-fig3" && slices.Equal(s.Config.Init[0], p.Weights)
		}, false},
		{"search preset start", Options{Preset: "david-search", Start: "preset:david-table2"}, func(s Setup) bool {
			return s.Problem.Start == "preset:david-table2" && len(s.Config.Init[0]) == 18
		}, false},
		{"init start", Options{Preset: "hooke-jeeves", Init: [][]int32{make([]int32, 30)}}, func(s Setup) bool {
			return s.Problem.Start == StartInit && len(s.Config.Init) == 1
		}, false},
		{"resolved fitness recompiles by default", Options{Algorithm: "de", Fitness: "match2-qs"}, func(s Setup) bool {
			return s.Problem.Recompile == DefaultRecompile("de")
		}, false},
		{"recompile off", Options{Preset: "david-ga", Recompile: -1}, func(s Setup) bool { return s.Problem.Recompile == 0 }, false},
		{"recompile on an unresolved fitness", Options{Preset: "david-ga", Fitness: "match2", Recompile: 5}, nil, true},
		{"unresolved fitness drops the preset's interval", Options{Preset: "david-ga", Fitness: "match2"}, func(s Setup) bool { return s.Problem.Recompile == 0 }, false},
		{"start of another scheme", Options{Preset: "david-ga", Start: "preset:vazquez-table2-exploration"}, nil, true},
		{"material start for search parameters", Options{Preset: "david-search", Start: "material"}, nil, true},
		{"init start without vectors", Options{Preset: "david-ga", Start: "init"}, nil, true},
		{"adam needs a gradient", Options{Algorithm: "adam", Fitness: "match-qs"}, nil, true},
		{"pso cannot use relative fitness", Options{Algorithm: "pso", Preset: "mnc"}, nil, true},
		{"ga without a stop", Options{Preset: "david-ga", Params: map[string]float64{"generations": 0}}, nil, true},
		{"search params", Options{Preset: "david-search"}, func(s Setup) bool { return s.Problem.Fitness == "nodes" && len(s.Config.Specs) == 18 }, false},
		{"tournament is relative", Options{Preset: "david-coevolution"}, func(s Setup) bool { return s.Config.Relative }, false},
		{"unknown preset", Options{Preset: "x"}, nil, true},
		{"unknown algorithm", Options{Algorithm: "x"}, nil, true},
		{"unknown fitness", Options{Algorithm: "ga", Fitness: "x"}, nil, true},
		{"unknown scheme", Options{Algorithm: "ga", Scheme: "x"}, nil, true},
		{"unknown param", Options{Algorithm: "ga", Params: map[string]float64{"zz": 1}}, nil, true},
		{"fractional int param", Options{Algorithm: "ga", Params: map[string]float64{"elite": 1.5}}, nil, true},
		{"negative positions", Options{Preset: "vazquez-ep", Positions: -5}, nil, true},
		{"negative depth", Options{Preset: "vazquez-ep", Depth: -2}, nil, true},
		{"negative games", Options{Preset: "mnc", Games: -1}, nil, true},
		{"negative hall of fame", Options{Preset: "vazquez-ep", HallOfFame: -2}, nil, true},
		{"recompile below -1", Options{Preset: "vazquez-ep", Recompile: -7}, nil, true},
		{"unsolved below -1", Options{Preset: "hooke-jeeves", Unsolved: -2}, nil, true},
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

// TestConfigureErrorsNameBoth checks that a scheme/fitness or
// algorithm/fitness mismatch names both sides.
func TestConfigureErrorsNameBoth(t *testing.T) {
	for _, tc := range []struct {
		in    Options
		names []string
	}{
		{Options{Algorithm: "adam", Fitness: "match-qs"}, []string{"adam", "match-qs"}},
		{Options{Algorithm: "hooke-jeeves", Preset: "mnc"}, []string{"hooke-jeeves", "tournament"}},
		{Options{Preset: "david-ga", Depth: 3}, []string{"match2-qs", "depth 3"}},
		{Options{Algorithm: "ep", Scheme: "david35", Fitness: "search-match", Depth: 2, Search: "nope"}, []string{"search-match", `"nope"`}},
		{Options{Preset: "texel-adam", Search: "classic"}, []string{"texel", "classic"}},
		// A setting the algorithm does not read is refused, not ignored.
		{Options{Preset: "vazquez-ep", Params: map[string]float64{"elite": 2, "mutation_b": 4}}, []string{"algorithm ep", "does not use elite", "mutation_b"}},
		{Options{Preset: "hooke-jeeves", Population: 30}, []string{"hooke-jeeves", "does not use pop"}},
		{Options{Preset: "texel-adam", Selection: "rank"}, []string{"adam", "does not use selection"}},
	} {
		_, err := Configure(tc.in)
		if err == nil {
			t.Errorf("%+v: no error", tc.in)
			continue
		}
		for _, n := range tc.names {
			if !strings.Contains(err.Error(), n) {
				t.Errorf("%+v: error %q does not name %s", tc.in, err, n)
			}
		}
	}
}

// TestSearchGroups: the search fitness tunes Table I, the modern group or
// both, and a candidate of each decodes to full search parameters.
func TestSearchGroups(t *testing.T) {
	for _, tc := range []struct {
		group string
		n     int
	}{{"", 18}, {SearchTableI, 18}, {SearchModern, search.NumModernParams}, {SearchAll, search.NumAllParams}} {
		s, err := Configure(Options{Preset: "david-search", SearchGroup: tc.group, Start: "preset:default"})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Config.Specs) != tc.n || len(s.Config.Init[0]) != tc.n {
			t.Fatalf("group %q: %d parameters, want %d", tc.group, len(s.Config.Specs), tc.n)
		}
		p, err := SearchParams(s.Problem.SearchGroup, s.Config.Init[0])
		if err != nil {
			t.Fatal(err)
		}
		def := search.DefaultParams()
		if tc.group == SearchModern || tc.group == SearchAll {
			if p != def {
				t.Fatalf("group %q: default start decodes to %+v", tc.group, p)
			}
		} else if !slices.Equal(p.Vector(), def.Vector()) || p.LMRUse {
			t.Fatalf("group %q: decodes to %+v (modern group must be off)", tc.group, p)
		}
	}
	if _, err := Configure(Options{Preset: "david-search", SearchGroup: "x"}); err == nil {
		t.Fatal("unknown search group accepted")
	}
	if _, err := Configure(Options{Preset: "david-ga", SearchGroup: SearchModern}); err == nil {
		t.Fatal("search group on an evaluation fitness accepted")
	}
	if _, err := LookupPreset("modern-search"); err != nil {
		t.Fatal(err)
	}
}
