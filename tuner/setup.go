package tuner

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/opt"
)

// Options are a user's choices for a run (the CLI flags, the browser's run
// form). Zero values mean the preset's value, or the algorithm's default.
type Options struct {
	Algorithm     string
	Preset        string
	Scheme        string
	Fitness       string
	Generations   int
	Population    int
	Params        map[string]float64 // opt.Config fields by JSON name (ApplyParams)
	Selection     string
	Seed          uint64
	Positions     int
	TestPositions int
	Depth         int
	Games         int
	GameDepth     int
	Unsolved      int // -1: none (full training set)
	NodeCap       int
	PGN, TestPGN  string
	EPD, Openings string
	Init          [][]int32
	HallOfFame    int
	DataSeed      uint64
	Protocol      string
	MinPly        int
	MaxPly        int
	MinElo        int
	Recompile     int // match-qs / match2-qs: re-resolve every that many generations (0: never)
}

// Configure turns options into a Setup: it starts from the preset (Preset,
// or the preset named like Algorithm, or the algorithm's defaults with
// quiescence-resolved move-match fitness on vazquez29), applies the overrides and fills the
// parameter registry (the scheme's, or engine/search's for "nodes" fitness).
func Configure(o Options) (Setup, error) {
	var s Setup
	name := o.Preset
	if name == "" {
		name = o.Algorithm
	}
	if p, err := LookupPreset(name); err == nil {
		s = Setup{Preset: p.Name, Algorithm: p.Algorithm, Config: p.Config, Problem: p.Problem}
		if o.Algorithm != "" && o.Algorithm != p.Algorithm {
			if o.Preset == "" {
				return Setup{}, fmt.Errorf("tuner: preset %s is for algorithm %s", p.Name, p.Algorithm)
			}
			// A preset's problem with another algorithm: keep the problem,
			// use the algorithm's own defaults.
			s.Algorithm, s.Config = o.Algorithm, opt.Config{Relative: p.Config.Relative}
		}
	} else if o.Preset != "" {
		return Setup{}, err
	} else {
		if !slices.Contains(opt.Algorithms(), o.Algorithm) {
			return Setup{}, fmt.Errorf("tuner: unknown algorithm %q (have %v)", o.Algorithm, opt.Algorithms())
		}
		s = Setup{Algorithm: o.Algorithm, Problem: Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1}}
	}
	str := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	num := func(dst *int, v int) {
		if v != 0 {
			*dst = v
		}
	}
	str(&s.Problem.Scheme, o.Scheme)
	str(&s.Problem.Fitness, o.Fitness)
	str(&s.Problem.PGN, o.PGN)
	str(&s.Problem.TestPGN, o.TestPGN)
	str(&s.Problem.EPD, o.EPD)
	str(&s.Problem.Openings, o.Openings)
	str(&s.Config.Selection, o.Selection)
	num(&s.Config.Generations, o.Generations)
	num(&s.Config.Pop, o.Population)
	num(&s.Problem.Positions, o.Positions)
	num(&s.Problem.TestPositions, o.TestPositions)
	num(&s.Problem.Depth, o.Depth)
	num(&s.Problem.GameDepth, o.GameDepth)
	num(&s.Problem.NodeCap, o.NodeCap)
	num(&s.HallOfFame, o.HallOfFame)
	str(&s.Problem.Protocol, o.Protocol)
	num(&s.Problem.MinPly, o.MinPly)
	num(&s.Problem.MaxPly, o.MaxPly)
	num(&s.Problem.MinElo, o.MinElo)
	num(&s.Problem.Recompile, o.Recompile)
	if o.DataSeed != 0 {
		s.Problem.DataSeed = o.DataSeed
	}
	if o.Games != 0 {
		if s.Problem.GamesPerPlayer == 0 {
			s.Problem.Games = o.Games
		} else {
			s.Problem.GamesPerPlayer = o.Games
		}
	}
	switch {
	case o.Unsolved < 0:
		s.Problem.Unsolved = 0
	case o.Unsolved > 0:
		s.Problem.Unsolved = o.Unsolved
	}
	s.Config.Seed = o.Seed
	if len(o.Init) > 0 {
		s.Config.Init = o.Init
	}
	if err := ApplyParams(&s.Config, o.Params); err != nil {
		return Setup{}, err
	}
	switch s.Problem.Fitness {
	case "match", "match2", "match-qs", "match2-qs", "texel", "nodes":
		s.Config.Relative = false
	case "tournament":
		s.Config.Relative = true
	default:
		return Setup{}, fmt.Errorf("tuner: unknown fitness %q (%s)", s.Problem.Fitness, strings.Join(Fitnesses(), ", "))
	}
	if r := s.Problem.Recompile; r != 0 {
		switch {
		case r < 0:
			return Setup{}, fmt.Errorf("tuner: recompile %d: want generations >= 0", r)
		case !Quiescent(s.Problem.Fitness):
			return Setup{}, fmt.Errorf("tuner: recompile needs fitness match-qs or match2-qs, not %s", s.Problem.Fitness)
		case !slices.Contains(recompilers, s.Algorithm):
			return Setup{}, fmt.Errorf("tuner: recompile works with the %v optimizers, not %s", recompilers, s.Algorithm)
		}
	}
	specs, err := ProblemSpecs(s.Problem)
	if err != nil {
		return Setup{}, err
	}
	s.Config.Specs = specs
	if s.Problem.Depth <= 0 {
		s.Problem.Depth = 1
	}
	return s, nil
}

// recompilers are the optimizers that implement opt.Refitter.
var recompilers = []string{"ga", "ep", "history-ea"}

// Fitnesses returns the fitness names Configure accepts.
func Fitnesses() []string {
	return []string{"match", "match2", "match-qs", "match2-qs", "texel", "nodes", "tournament"}
}

// ProblemSpecs returns the parameter registry a problem tunes: the search
// parameters for "nodes" fitness, the scheme's weights otherwise.
func ProblemSpecs(p Problem) ([]param.Spec, error) {
	if p.Fitness == "nodes" {
		return search.ParamSpecs(), nil
	}
	sc, err := eval.Lookup(p.Scheme)
	if err != nil {
		return nil, fmt.Errorf("tuner: %w", err)
	}
	return sc.Params(), nil
}

// paramKeys are the opt.Config fields ApplyParams may set.
var paramKeys = []string{"pop", "generations", "max_evaluations", "crossover_rate", "mutation_rate", "elite",
	"mutation_b", "history_pr", "history_size", "cs", "cf", "s", "stall_gens", "slow_gens", "slow_rate",
	"delta", "alpha", "epsilon", "sigma0", "f", "inertia", "c1", "c2", "vmax", "step", "lr", "beta1", "beta2", "stream"}

// ParamKeys returns the names ApplyParams accepts (opt.Config JSON names).
func ParamKeys() []string { return slices.Clone(paramKeys) }

// ApplyParams sets opt.Config fields by their JSON names (e.g.
// "mutation_rate": 0.01). Integer fields need integral values.
func ApplyParams(cfg *opt.Config, params map[string]float64) error {
	if len(params) == 0 {
		return nil
	}
	raw, err := json.Marshal(cfg)
	if err != nil {
		return fmt.Errorf("tuner: params: %w", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("tuner: params: %w", err)
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := params[k]
		if !slices.Contains(paramKeys, k) {
			return fmt.Errorf("tuner: unknown parameter %q (have %v)", k, paramKeys)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("tuner: parameter %s = %v", k, v)
		}
		m[k] = json.RawMessage(strconv.FormatFloat(v, 'f', -1, 64))
	}
	raw, err = json.Marshal(m)
	if err != nil {
		return fmt.Errorf("tuner: params: %w", err)
	}
	var out opt.Config
	if err := json.Unmarshal(raw, &out); err != nil {
		return fmt.Errorf("tuner: params: %w (integer parameters need whole numbers)", err)
	}
	*cfg = out
	return nil
}

// randomStart returns a uniform random vector within specs from the PCG
// seeded with seed (stream "rand"), for single-point methods started like a
// population method's random individual.
func randomStart(specs []param.Spec, seed uint64) ([]int32, error) {
	if err := param.Validate(specs); err != nil {
		return nil, fmt.Errorf("tuner: random start: %w", err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x72616e64))
	x := make([]int32, len(specs))
	for i, s := range specs {
		x[i] = int32(s.Min + rng.IntN(s.Max-s.Min+1))
	}
	return x, nil
}
