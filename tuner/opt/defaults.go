package opt

import (
	"fmt"
	"math"
)

// withDefaults fills the zero fields of cfg with the defaults of algorithm
// name and checks the ranges.
func withDefaults(name string, cfg Config) (Config, error) {
	n := len(cfg.Specs)
	def := func(p *int, v int) {
		if *p == 0 {
			*p = v
		}
	}
	deff := func(p *float64, v float64) {
		if *p == 0 {
			*p = v
		}
	}
	switch name {
	case "ga":
		def(&cfg.Pop, 100)
		def(&cfg.Generations, 200)
		deff(&cfg.CrossoverRate, 0.75)
		deff(&cfg.MutationRate, 0.005)
		def(&cfg.Elite, 1)
		if cfg.Selection == "" {
			cfg.Selection = "roulette"
		}
		switch cfg.Selection {
		case "roulette", "rank", "tournament":
		default:
			return cfg, fmt.Errorf("opt: ga: unknown selection %q (roulette, rank, tournament)", cfg.Selection)
		}
		if cfg.Elite < 0 || cfg.Elite >= cfg.Pop {
			return cfg, fmt.Errorf("opt: ga: elite %d must be in [0, pop %d)", cfg.Elite, cfg.Pop)
		}
	case "ep", "history-ea":
		def(&cfg.Pop, 20)
		def(&cfg.Generations, 200)
		deff(&cfg.MutationB, 5)
		if name == "history-ea" {
			deff(&cfg.HistoryPr, 0.1)
			def(&cfg.HistorySize, cfg.Pop/2)
		}
		if cfg.Pop%2 != 0 {
			return cfg, fmt.Errorf("opt: %s: population %d must be even (best half survive)", name, cfg.Pop)
		}
	case "hooke-jeeves":
		deff(&cfg.Delta, 30)
		deff(&cfg.Alpha, 2)
		deff(&cfg.Epsilon, 0.5)
		if cfg.Alpha <= 1 || cfg.Delta <= 0 || cfg.Epsilon <= 0 {
			return cfg, fmt.Errorf("opt: hooke-jeeves: need delta > 0, alpha > 1, epsilon > 0")
		}
	case "mnc":
		def(&cfg.Pop, 20)
		def(&cfg.Generations, 1000)
		deff(&cfg.CrossoverRate, 1)
		deff(&cfg.MutationRate, 1/float64(n))
		def(&cfg.Cs, 4)
		def(&cfg.Cf, 4)
		def(&cfg.S, 4)
		def(&cfg.StallGens, 10)
		def(&cfg.SlowGens, 20)
		deff(&cfg.SlowRate, 0.01)
		if cfg.Cs < 1 || cfg.Cf < 1 || cfg.S < 1 {
			return cfg, fmt.Errorf("opt: mnc: cs, cf and s must be >= 1")
		}
	case "cmaes":
		free := 0
		for _, s := range cfg.Specs {
			if s.Max > s.Min {
				free++
			}
		}
		if free == 0 {
			return cfg, fmt.Errorf("opt: cmaes: no free parameter")
		}
		def(&cfg.Pop, 4+int(math.Floor(3*dlog(float64(free)))))
		def(&cfg.Generations, 1000)
		deff(&cfg.Sigma0, 0.3)
	case "de":
		def(&cfg.Pop, 20)
		def(&cfg.Generations, 200)
		deff(&cfg.F, 0.5)
		deff(&cfg.CrossoverRate, 0.9)
		if cfg.Pop < 4 {
			return cfg, fmt.Errorf("opt: de: population %d < 4", cfg.Pop)
		}
	case "pso":
		def(&cfg.Pop, 20)
		def(&cfg.Generations, 200)
		deff(&cfg.Inertia, 0.7298)
		deff(&cfg.C1, 1.49618)
		deff(&cfg.C2, 1.49618)
		deff(&cfg.VMax, 0.2)
		if cfg.Relative {
			return cfg, fmt.Errorf("opt: pso: relative (in-batch) fitness is not supported: personal bests need comparable fitness")
		}
	case "adam":
		def(&cfg.Generations, 500)
		deff(&cfg.LR, 1)
		deff(&cfg.Beta1, 0.9)
		deff(&cfg.Beta2, 0.999)
		if cfg.Relative {
			return cfg, fmt.Errorf("opt: adam: relative fitness is not supported")
		}
		if cfg.LR < 0 || cfg.Beta1 < 0 || cfg.Beta1 >= 1 || cfg.Beta2 < 0 || cfg.Beta2 >= 1 {
			return cfg, fmt.Errorf("opt: adam: need lr > 0 and betas in [0, 1)")
		}
	case "texel":
		def(&cfg.Step, 1)
		if cfg.Relative {
			return cfg, fmt.Errorf("opt: texel: relative fitness is not supported")
		}
	}
	if name == "hooke-jeeves" && cfg.Relative {
		return cfg, fmt.Errorf("opt: hooke-jeeves: relative fitness is not supported")
	}
	switch {
	case cfg.Pop < 0 || cfg.Generations < 0 || cfg.MaxEvaluations < 0:
		return cfg, fmt.Errorf("opt: %s: negative pop, generations or evaluations", name)
	case name != "hooke-jeeves" && name != "texel" && name != "adam" && cfg.Pop < 2:
		return cfg, fmt.Errorf("opt: %s: population %d < 2", name, cfg.Pop)
	case cfg.CrossoverRate < 0 || cfg.CrossoverRate > 1:
		return cfg, fmt.Errorf("opt: %s: crossover rate %v outside [0, 1]", name, cfg.CrossoverRate)
	case cfg.MutationRate < 0 || cfg.MutationRate > 1:
		return cfg, fmt.Errorf("opt: %s: mutation rate %v outside [0, 1]", name, cfg.MutationRate)
	case cfg.HistoryPr < 0 || cfg.HistoryPr > 1:
		return cfg, fmt.Errorf("opt: %s: history probability %v outside [0, 1]", name, cfg.HistoryPr)
	}
	return cfg, nil
}
