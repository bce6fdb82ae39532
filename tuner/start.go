package tuner

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/search"
)

// The start of a run (Problem.Start): the vector the run begins from — the
// first individual of a population method's initial population (the others
// are drawn uniformly from the run's seed), the point of Hooke-Jeeves,
// texel and adam, the mean of CMA-ES — and the reference a resolved fitness
// resolves its training data under until the first recompilation. Every
// preset names its start; no run sees published weights unless its start
// names them.
const (
	// StartRandom: uniform within the bounds, drawn from the run's seed.
	StartRandom = "random"
	// StartMaterial: piece values only — the scheme's "<scheme>-material"
	// preset when engine/eval has one (modern-material), else pawn 100,
	// knight 320, bishop 330, rook 500, queen 900 (Michniewski's values,
	// scaled to the scheme's pawn) and every other weight the value within
	// its bounds closest to zero. Evaluation weights only.
	StartMaterial = "material"
	// StartInit: the vectors given in Config.Init (an earlier run's best,
	// the bests of several runs for coevolution).
	StartInit = "init"
	// StartPreset prefixes a named preset: an engine/eval preset of the
	// scheme ("preset:david-fig3"), or for search parameters an
	// engine/search preset ("preset:david-table2").
	StartPreset = "preset:"
)

// NormalizeStart returns start in its canonical form: a bare preset name
// (as older command lines and share links gave to -start) gets the
// "preset:" prefix.
func NormalizeStart(start string) string {
	switch {
	case start == "", start == StartRandom, start == StartMaterial, start == StartInit, strings.HasPrefix(start, StartPreset):
		return start
	}
	return StartPreset + start
}

// StartScheme returns the evaluation scheme a start implies: the scheme of
// the engine/eval preset it names ("preset:david-fig3" or a bare
// "david-fig3"), else "" — in particular for "material", which is a start
// of every scheme (MaterialStart), not the "material" preset's scheme.
func StartScheme(start string) string {
	s := NormalizeStart(start)
	if !strings.HasPrefix(s, StartPreset) {
		return ""
	}
	if p, err := eval.LookupPreset(strings.TrimPrefix(s, StartPreset)); err == nil {
		return p.Scheme
	}
	return ""
}

// StartChoices returns the starts a problem of scheme with fitness accepts
// besides "init": random, material (evaluation weights only) and the
// matching presets, for a form's drop-down.
func StartChoices(scheme, fitnessName string) []string {
	out := []string{StartRandom}
	if k, err := LookupFitness(fitnessName); err == nil && k.Tunes == TunesSearch {
		for _, n := range search.PresetNames() {
			out = append(out, StartPreset+n)
		}
		return out
	}
	out = append(out, StartMaterial)
	for _, p := range eval.Presets() {
		if p.Scheme == scheme {
			out = append(out, StartPreset+p.Name)
		}
	}
	return out
}

// StartVector returns the start vector p.Start names, for the parameter
// registry specs of p (ProblemSpecs) and the run's seed.
func StartVector(p Problem, specs []param.Spec, seed uint64) ([]int32, error) {
	k, err := LookupFitness(p.Fitness)
	if err != nil {
		return nil, err
	}
	start := NormalizeStart(p.Start)
	var x []int32
	switch {
	case start == StartRandom:
		return randomStart(specs, seed)
	case start == StartMaterial:
		if k.Tunes == TunesSearch {
			return nil, fmt.Errorf("tuner: start material: fitness %s tunes search parameters (starts: random, %s<search preset>)", p.Fitness, StartPreset)
		}
		sc, err := eval.Lookup(p.Scheme)
		if err != nil {
			return nil, fmt.Errorf("tuner: start: %w", err)
		}
		x = MaterialStart(sc)
	case strings.HasPrefix(start, StartPreset):
		name := strings.TrimPrefix(start, StartPreset)
		if k.Tunes == TunesSearch {
			sp, err := search.PresetParams(name)
			if err != nil {
				return nil, fmt.Errorf("tuner: start %s: %w", start, err)
			}
			if x, err = searchVector(p.SearchGroup, sp); err != nil {
				return nil, err
			}
			break
		}
		pr, err := eval.LookupPreset(name)
		if err != nil {
			return nil, fmt.Errorf("tuner: start %s: %w", start, err)
		}
		if pr.Scheme != p.Scheme {
			return nil, fmt.Errorf("tuner: start %s is a %s preset, the run tunes %s", start, pr.Scheme, p.Scheme)
		}
		x = pr.Weights
	case start == StartInit:
		return nil, fmt.Errorf("tuner: start init: no start vectors given")
	case start == "":
		return nil, fmt.Errorf("tuner: no start given (random, material, %sNAME)", StartPreset)
	default:
		return nil, fmt.Errorf("tuner: unknown start %q (random, material, %sNAME)", p.Start, StartPreset)
	}
	if len(x) != len(specs) {
		return nil, fmt.Errorf("tuner: start %s has %d values, the registry %d", start, len(x), len(specs))
	}
	for i, s := range specs {
		if v := int(x[i]); v < s.Min || v > s.Max {
			return nil, fmt.Errorf("tuner: start %s: %s = %d outside [%d, %d]", start, s.Name, v, s.Min, s.Max)
		}
	}
	return x, nil
}

// michniewski are the material start's piece values for a pawn of 100.
var michniewski = map[string]int{"PawnValue": 100, "KnightValue": 320, "BishopValue": 330, "RookValue": 500, "QueenValue": 900}

// MaterialStart returns the material-only vector of scheme sc (see
// StartMaterial).
func MaterialStart(sc eval.Scheme) []int32 {
	if pr, err := eval.LookupPreset(sc.Name() + "-material"); err == nil && pr.Scheme == sc.Name() {
		return pr.Weights
	}
	specs := sc.Params()
	pawn := 100
	for _, s := range specs {
		if s.Name == "PawnValue" {
			pawn = s.Clamp(s.Default)
		}
	}
	x := make([]int32, len(specs))
	for i, s := range specs {
		v := 0
		if m, ok := michniewski[s.Name]; ok && s.Group == "material" {
			v = m * pawn / 100
		}
		x[i] = int32(s.Clamp(v))
	}
	return x
}

// randomStart returns a uniform random vector within specs from the PCG
// seeded with seed (stream "rand").
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

// startOf returns the run's start vector: Config.Init[0].
func startOf(s Setup) ([]int32, error) {
	if len(s.Config.Init) == 0 {
		return nil, fmt.Errorf("tuner: no start vector (Configure sets Config.Init from Problem.Start %q)", s.Problem.Start)
	}
	if len(s.Config.Init[0]) != len(s.Config.Specs) {
		return nil, fmt.Errorf("tuner: start vector has %d values, the registry %d", len(s.Config.Init[0]), len(s.Config.Specs))
	}
	return s.Config.Init[0], nil
}
