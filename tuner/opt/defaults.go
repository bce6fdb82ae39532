package opt

import (
	"fmt"
	"math"
	"slices"

	"github.com/evochess/evochess/engine/param"
)

// Defaults returns the documented defaults of algorithm name for the
// registry specs: every Config field the algorithm reads, set (a few depend
// on the dimension: MNC's per-gene mutation rate 1/n, CMA-ES's
// λ = 4 + ⌊3 ln n⌋). Specs is copied in; Seed, Stream and Init are left
// zero.
//
// This is the only place defaults are filled. New uses a Config exactly as
// given: a zero is a zero (Elite 0 is a GA without elitism, MutationRate 0
// no mutation, StallGens 0 no stall rule, Generations 0 no generation limit),
// so callers start from Defaults (the tuner's presets and the CLI's flag
// defaults do) and change what they mean to change.
func Defaults(name string, specs []param.Spec) (Config, error) {
	cfg := Config{Specs: specs}
	n := len(specs)
	switch name {
	case "ga":
		cfg.Pop, cfg.Generations = 100, 200
		cfg.CrossoverRate, cfg.MutationRate = 0.75, 0.005
		cfg.Elite, cfg.Selection = 1, "roulette"
	case "ep", "history-ea":
		cfg.Pop, cfg.Generations, cfg.MutationB = 20, 200, 5
		if name == "history-ea" {
			cfg.HistoryPr, cfg.HistorySize = 0.1, 10
		}
	case "hooke-jeeves":
		cfg.Delta, cfg.Alpha, cfg.Epsilon = 30, 2, 0.5
	case "mnc":
		cfg.Pop, cfg.Generations = 20, 1000
		cfg.CrossoverRate = 1
		if n > 0 {
			cfg.MutationRate = 1 / float64(n)
		}
		cfg.Cs, cfg.Cf, cfg.S = 4, 4, 4
		cfg.StallGens, cfg.SlowGens, cfg.SlowRate = 10, 20, 0.01
	case "cmaes":
		cfg.Pop = 4 + int(math.Floor(3*dlog(float64(max(1, freeParams(specs))))))
		cfg.Generations, cfg.Sigma0 = 1000, 0.3
	case "de":
		cfg.Pop, cfg.Generations, cfg.F, cfg.CrossoverRate = 20, 200, 0.5, 0.9
	case "pso":
		cfg.Pop, cfg.Generations = 20, 200
		cfg.Inertia, cfg.C1, cfg.C2, cfg.VMax = 0.7298, 1.49618, 1.49618, 0.2
	case "texel":
		cfg.Step = 1
	case "adam":
		cfg.Generations, cfg.LR, cfg.Beta1, cfg.Beta2 = 500, 1, 0.9, 0.999
	default:
		return Config{}, fmt.Errorf("opt: unknown algorithm %q (have %v)", name, Algorithms())
	}
	return cfg, nil
}

// Reads returns the Config fields, by JSON name, that algorithm name reads
// beyond those every run reads (specs, seed, stream, init, relative,
// generations, max_evaluations): the fields Defaults sets for it, and pop
// for every population method. A field outside it changes nothing for that
// algorithm, so the tuner refuses it rather than ignore it.
func Reads(name string) ([]string, error) {
	switch name {
	case "ga":
		return []string{"pop", "crossover_rate", "mutation_rate", "elite", "selection"}, nil
	case "ep":
		return []string{"pop", "mutation_b"}, nil
	case "history-ea":
		return []string{"pop", "mutation_b", "history_pr", "history_size"}, nil
	case "hooke-jeeves":
		return []string{"delta", "alpha", "epsilon"}, nil
	case "mnc":
		return []string{"pop", "crossover_rate", "mutation_rate", "cs", "cf", "s", "stall_gens", "slow_gens", "slow_rate"}, nil
	case "cmaes":
		return []string{"pop", "sigma0"}, nil
	case "de":
		return []string{"pop", "f", "crossover_rate"}, nil
	case "pso":
		return []string{"pop", "inertia", "c1", "c2", "vmax"}, nil
	case "texel":
		return []string{"step"}, nil
	case "adam":
		return []string{"lr", "beta1", "beta2"}, nil
	}
	return nil, fmt.Errorf("opt: unknown algorithm %q (have %v)", name, Algorithms())
}

// everyRunReads are the Config fields (JSON names) every algorithm reads.
var everyRunReads = []string{"specs", "seed", "stream", "init", "relative", "generations", "max_evaluations"}

// ReadsField reports whether algorithm name reads the Config field with
// JSON name field.
func ReadsField(name, field string) bool {
	r, err := Reads(name)
	return err == nil && (slices.Contains(r, field) || slices.Contains(everyRunReads, field))
}

func freeParams(specs []param.Spec) int {
	free := 0
	for _, s := range specs {
		if s.Max > s.Min {
			free++
		}
	}
	return free
}

// check validates cfg for algorithm name as given (no field is filled in):
// every value the algorithm reads must be in range, and a run must have a
// way to stop.
func check(name string, cfg Config) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("opt: %s: "+format, append([]any{name}, a...)...)
	}
	rate := func(field string, v float64) error {
		if !(v >= 0 && v <= 1) {
			return bad("%s %v outside [0, 1]", field, v)
		}
		return nil
	}
	if cfg.Pop < 0 || cfg.Generations < 0 || cfg.MaxEvaluations < 0 {
		return bad("negative pop, generations or max_evaluations")
	}
	population := name != "hooke-jeeves" && name != "texel" && name != "adam"
	if population && cfg.Pop < 2 {
		return bad("pop %d < 2 (opt.Defaults(%q) gives %s's default)", cfg.Pop, name, name)
	}
	capped := cfg.Generations > 0 || cfg.MaxEvaluations > 0
	if cfg.Relative && !SupportsRelative(name) {
		return bad("relative (in-batch) fitness is not supported: the method compares fitness across generations")
	}
	for _, r := range []struct {
		field string
		v     float64
	}{{"crossover_rate", cfg.CrossoverRate}, {"mutation_rate", cfg.MutationRate}, {"history_pr", cfg.HistoryPr}} {
		if err := rate(r.field, r.v); err != nil {
			return err
		}
	}
	switch name {
	case "ga":
		switch cfg.Selection {
		case "roulette", "rank", "tournament":
		default:
			return bad("unknown selection %q (roulette, rank, tournament)", cfg.Selection)
		}
		if cfg.Elite < 0 || cfg.Elite >= cfg.Pop {
			return bad("elite %d must be in [0, pop %d)", cfg.Elite, cfg.Pop)
		}
	case "ep", "history-ea":
		if cfg.Pop%2 != 0 {
			return bad("pop %d must be even (best half survive)", cfg.Pop)
		}
		if !(cfg.MutationB >= 0) {
			return bad("mutation_b %v < 0", cfg.MutationB)
		}
		if cfg.HistorySize < 0 {
			return bad("history_size %d < 0", cfg.HistorySize)
		}
	case "hooke-jeeves":
		if !(cfg.Alpha > 1) || !(cfg.Delta > 0) || !(cfg.Epsilon > 0) {
			return bad("need delta > 0, alpha > 1, epsilon > 0 (got %v, %v, %v)", cfg.Delta, cfg.Alpha, cfg.Epsilon)
		}
		capped = true // converges
	case "mnc":
		if cfg.Cs < 1 || cfg.Cf < 1 || cfg.S < 1 {
			return bad("cs, cf and s must be >= 1 (got %d, %d, %d)", cfg.Cs, cfg.Cf, cfg.S)
		}
		if cfg.StallGens < 0 || cfg.SlowGens < 0 || !(cfg.SlowRate >= 0) {
			return bad("stall_gens %d, slow_gens %d, slow_rate %v: want >= 0 (0 turns a stop rule off)", cfg.StallGens, cfg.SlowGens, cfg.SlowRate)
		}
		capped = capped || cfg.StallGens > 0 || cfg.SlowGens > 0
	case "cmaes":
		if freeParams(cfg.Specs) == 0 {
			return bad("no free parameter")
		}
		if !(cfg.Sigma0 > 0) {
			return bad("sigma0 %v must be > 0", cfg.Sigma0)
		}
		capped = true // stops when the step size falls below the integer resolution
	case "de":
		if cfg.Pop < 4 {
			return bad("pop %d < 4", cfg.Pop)
		}
		if !(cfg.F > 0 && cfg.F <= 2) {
			return bad("f %v outside (0, 2]", cfg.F)
		}
	case "pso":
		if !(cfg.Inertia >= 0) || !(cfg.C1 >= 0) || !(cfg.C2 >= 0) || !(cfg.VMax > 0) {
			return bad("need inertia, c1, c2 >= 0 and vmax > 0")
		}
	case "texel":
		if cfg.Step < 1 {
			return bad("step %d < 1", cfg.Step)
		}
		capped = true // converges
	case "adam":
		if !(cfg.LR > 0) || !(cfg.Beta1 >= 0 && cfg.Beta1 < 1) || !(cfg.Beta2 >= 0 && cfg.Beta2 < 1) {
			return bad("need lr > 0 and beta1, beta2 in [0, 1) (got %v, %v, %v)", cfg.LR, cfg.Beta1, cfg.Beta2)
		}
	default:
		return fmt.Errorf("opt: unknown algorithm %q (have %v)", name, Algorithms())
	}
	if !capped {
		return bad("no stop rule: set generations or max_evaluations")
	}
	return nil
}
