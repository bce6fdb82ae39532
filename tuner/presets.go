package tuner

import (
	"fmt"

	"github.com/evochess/evochess/tuner/opt"
)

// Preset is a named, paper-faithful configuration: algorithm, optimizer
// parameters (population, generations, rates; every field the algorithm
// reads) and the problem (fitness, scheme, data sizes, start, re-resolution
// interval). Specs and Seed are filled in by Configure.
type Preset struct {
	Name      string
	Algorithm string
	Paper     string
	Doc       string
	Config    opt.Config
	Problem   Problem
}

// Algorithm describes one optimizer and the presets that use it.
type Algorithm struct {
	Name    string
	Doc     string
	Presets []string
}

var algorithmDocs = map[string]string{
	"ga":           "generational GA, Gray-coded bit strings, roulette/rank/tournament selection, uniform crossover, elitism (David et al. 2014)",
	"ep":           "evolutionary programming, best half survive, Michalewicz non-uniform mutation (Vázquez-Fernández et al. 2012)",
	"history-ea":   "EP with an archive of players that left the population, drawn with probability Pr (Prasad et al.)",
	"hooke-jeeves": "Hooke-Jeeves pattern search on one player (Vázquez-Fernández et al. 2012, Algorithm 3)",
	"mnc":          "multi-niche crowding: crowding selection, worst-among-most-similar replacement (Phoenix)",
	"cmaes":        "CMA-ES (Hansen), in the unit cube of the bounds",
	"de":           "differential evolution DE/rand/1/bin",
	"pso":          "particle swarm, global best, constriction coefficients",
	"texel":        "Texel-style coordinate local search (±step) on the Texel loss",
	"adam":         "gradient ascent with Adam on the Texel loss (analytic gradient from tuner/fitness)",
}

// Algorithms returns every optimizer with its presets, in a fixed order.
func Algorithms() []Algorithm {
	var out []Algorithm
	for _, name := range opt.Algorithms() {
		a := Algorithm{Name: name, Doc: algorithmDocs[name]}
		for _, p := range Presets() {
			if p.Algorithm == name {
				a.Presets = append(a.Presets, p.Name)
			}
		}
		out = append(out, a)
	}
	return out
}

// preset builds a preset whose Config is the algorithm's defaults for the
// problem's parameter registry (opt.Defaults) changed by set; ok is false
// when the problem's scheme is not available.
func preset(name, algo, paper, doc string, pr Problem, set func(c *opt.Config)) (Preset, bool) {
	specs, err := ProblemSpecs(pr)
	if err != nil {
		return Preset{}, false
	}
	cfg, err := opt.Defaults(algo, specs)
	if err != nil {
		return Preset{}, false
	}
	if set != nil {
		set(&cfg)
	}
	cfg.Specs = nil // filled by Configure
	if k, err := LookupFitness(pr.Fitness); err == nil {
		cfg.Relative = k.Relative
	}
	return Preset{Name: name, Algorithm: algo, Paper: paper, Doc: doc, Config: cfg, Problem: pr}, true
}

// Presets returns the named presets, in a fixed order. Every preset's
// Config is complete (opt.Defaults plus the paper's values), and its Problem
// names the start (Problem.Start) and, for resolved fitness, the
// re-resolution interval (Problem.Recompile).
func Presets() []Preset {
	var out []Preset
	add := func(p Preset, ok bool) {
		if ok {
			out = append(out, p)
		}
	}
	add(preset("david-ga", "ga", "David et al. 2014, §III-B",
		"pop 100, 200 generations, uniform crossover 0.75, mutation 0.005, elitism, fitness-proportional selection; fitness (matched)^2 over 5,000 positions (1 ply with quiescence, match2-qs, re-resolved under the best every 20 generations), 5,000 held out; random start",
		Problem{Fitness: "match2-qs", Scheme: "david35", Positions: 5000, TestPositions: 5000, Depth: 1, Start: StartRandom, Recompile: 20},
		func(c *opt.Config) {
			c.Pop, c.Generations, c.CrossoverRate, c.MutationRate, c.Elite, c.Selection = 100, 200, 0.75, 0.005, 1, "roulette"
		}))
	add(preset("david-coevolution", "ga", "David et al. 2014, §III-C",
		"population = the bests of several david-ga runs (or random); each pair plays 4 games from book openings; rank-based selection, crossover 0.75, mutation 0.005, elitism, 50 generations (games at a fixed depth instead of 5 s per side)",
		Problem{Fitness: "tournament", Scheme: "david35", Games: 4, GameDepth: 2, Openings: "openings/8moves_v3_1000.pgn", TestPositions: 5000, Depth: 1, Start: StartRandom},
		func(c *opt.Config) {
			c.Pop, c.Generations, c.CrossoverRate, c.MutationRate, c.Elite, c.Selection = 10, 50, 0.75, 0.005, 1, "rank"
		}))
	add(preset("david-search", "ga", "David et al. 2014, §IV",
		"the 18 search parameters of Table I as a 70-bit Gray chromosome; pop 10, crossover 0.75, mutation 0.05, 50 generations; fitness = total nodes to find the best move of the ECM positions (cap 500,000 per position), lower is better; random start",
		Problem{Fitness: "nodes", Scheme: "david35", EPD: "epd/ecm.epd", Positions: 879, NodeCap: 500000, Start: StartRandom},
		func(c *opt.Config) {
			c.Pop, c.Generations, c.CrossoverRate, c.MutationRate, c.Elite, c.Selection = 10, 50, 0.75, 0.05, 1, "roulette"
		}))
	add(preset("modern-search", "ga", "David et al.'s search GA on the modern search group",
		"the 29 parameters of the modern search group (LMR, LMP, SEE pruning, IIR, singular extensions, improving, reverse futility, histories; Table I's group at the default values) as a Gray chromosome; pop 10, crossover 0.75, mutation 0.02, 30 generations; fitness = nodes to solution of the first 200 ECM positions, cap 50,000 per position, unsolved positions costing the cap; evaluation david-fig3; random start",
		Problem{Fitness: "nodes", Scheme: "david35", EvalPreset: "david-fig3", SearchGroup: SearchModern, EPD: "epd/ecm.epd", Positions: 200, NodeCap: 50000, Start: StartRandom},
		func(c *opt.Config) {
			c.Pop, c.Generations, c.CrossoverRate, c.MutationRate, c.Elite, c.Selection = 10, 30, 0.75, 0.02, 1, "roulette"
		}))
	add(preset("vazquez-ep", "ep", "Vázquez-Fernández et al. 2012, Algorithms 1-2",
		"N = 20, best half survive, Michalewicz non-uniform mutation (b = 5), no crossover, 200 generations; fitness = positions matched at 1 ply with quiescence (match-qs, re-resolved every 20 generations) over 1,000 positions, 1,000 held out; random start",
		Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1, Start: StartRandom, Recompile: 20},
		func(c *opt.Config) { c.Pop, c.Generations, c.MutationB = 20, 200, 5 }))
	add(preset("hooke-jeeves", "hooke-jeeves", "Vázquez-Fernández et al. 2012, Algorithm 3",
		"Hooke-Jeeves, Δ = 30, α = 2, ε = 0.5; objective = positions matched among M = 20 positions no player of the start population solved (Unsolved = 0 uses the full training set); re-resolved every 200 steps; random start (the paper starts from the best EP player: evochess experiment vazquez)",
		Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1, Unsolved: 20, Start: StartRandom, Recompile: 200},
		func(c *opt.Config) { c.Delta, c.Alpha, c.Epsilon = 30, 2, 0.5 }))
	add(preset("history-ea", "history-ea", "Prasad et al., Algorithm 1",
		"EP (N = 20, best half survive, non-uniform mutation) with a history archive; with probability Pr = 10% a child is drawn from the archive; 200 generations, 1,000 positions (match-qs, re-resolved every 20 generations); random start",
		Problem{Fitness: "match-qs", Scheme: "prasad38", Positions: 1000, TestPositions: 1000, Depth: 1, Start: StartRandom, Recompile: 20},
		func(c *opt.Config) {
			c.Pop, c.Generations, c.MutationB, c.HistoryPr, c.HistorySize = 20, 200, 5, 0.1, 10
		}))
	add(preset("mnc", "mnc", "Aralikkatte and Srinivasaraghavan (Phoenix)",
		"multi-niche crowding, population 20, round-robin tournament fitness (>= 3 games each, 1/½/0), stop after 1000 generations, best unchanged 10, or best changing < 1% for 20; random start",
		Problem{Fitness: "tournament", Scheme: "phoenix640", GamesPerPlayer: 3, GameDepth: 2, Openings: "openings/noob_3moves_1500.epd", TestPositions: 1000, Depth: 1, Start: StartRandom},
		func(c *opt.Config) {
			c.Pop, c.Generations, c.Cs, c.Cf, c.S, c.StallGens, c.SlowGens, c.SlowRate = 20, 1000, 4, 4, 4, 10, 20, 0.01
		}))
	add(preset("mnc-match", "mnc", "Phoenix's MNC with move-match fitness",
		"multi-niche crowding (population 20, Phoenix's stop rules) scored by positions matched at 1 ply with quiescence over 1,000 positions (re-resolved every 20 generations); random start",
		Problem{Fitness: "match-qs", Scheme: "phoenix640", Positions: 1000, TestPositions: 1000, Depth: 1, Start: StartRandom, Recompile: 20},
		func(c *opt.Config) {
			c.Pop, c.Generations, c.Cs, c.Cf, c.S, c.StallGens, c.SlowGens, c.SlowRate = 20, 1000, 4, 4, 4, 10, 20, 0.01
		}))
	add(preset("cmaes", "cmaes", "Hansen's CMA-ES",
		"λ = 4 + ⌊3 ln n⌋, σ0 = 0.3 of the ranges, 300 generations; move-match fitness (match-qs, re-resolved every 20 generations) over 1,000 positions; random start",
		Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1, Start: StartRandom, Recompile: 20},
		func(c *opt.Config) { c.Generations, c.Sigma0 = 300, 0.3 }))
	add(preset("de", "de", "Storn and Price",
		"DE/rand/1/bin, N = 20, F = 0.5, CR = 0.9, 200 generations; move-match fitness (match-qs, re-resolved every 20 generations) over 1,000 positions; random start",
		Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1, Start: StartRandom, Recompile: 20},
		func(c *opt.Config) { c.Pop, c.Generations, c.F, c.CrossoverRate = 20, 200, 0.5, 0.9 }))
	add(preset("pso", "pso", "Kennedy and Eberhart; Clerc's constriction",
		"20 particles, w = 0.7298, c1 = c2 = 1.49618, 200 generations; move-match fitness (match-qs, re-resolved every 20 generations) over 1,000 positions; random start",
		Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1, Start: StartRandom, Recompile: 20},
		func(c *opt.Config) { c.Pop, c.Generations = 20, 200 }))
	add(preset("texel", "texel", "Texel tuning (Österlund)",
		"coordinate local search ±step (8, halved to 1) from material values on the Texel loss over every position of the training games from ply 12 (not in check), each resolved to its quiet leaf and re-resolved under the best every 200 steps; 10% of the games held out",
		Problem{Fitness: "texel", Scheme: "david35", TestPercent: 10, Start: StartMaterial, Recompile: 200},
		func(c *opt.Config) { c.Step = 8 }))
	add(preset("texel-adam", "adam", "Texel tuning with Adam (Kingma and Ba), as engine authors tune today",
		"full-batch Adam (lr 2 weight units, β 0.9/0.999) on the Texel loss over every position of the training games from ply 12 (not in check), resolved to quiet leaves and re-resolved under the best every 100 steps; K fitted once on the material start; 400 steps; 10% of the games held out",
		Problem{Fitness: "texel", Scheme: "david35", TestPercent: 10, Start: StartMaterial, Recompile: 100},
		func(c *opt.Config) { c.Generations, c.LR = 400, 2 }))
	add(preset("modern", "adam", "Texel tuning of the modern tapered scheme",
		"full-batch Adam (lr 2, β 0.9/0.999) on the Texel loss of the modern scheme from modern-material (piece values only), every position of the training games from ply 12 (not in check), resolved to quiet leaves and re-resolved under the best every 100 steps; 400 steps; 10% of the games held out; below 1,000,000 training positions an L2 pull toward the start sized to the data (tuner.AutoL2: 1.1e-7 on the bundled 1,500 games, none on the 20,000)",
		Problem{Fitness: "texel", Scheme: "modern", TestPercent: 10, Start: StartMaterial, Recompile: 100, L2Auto: true},
		func(c *opt.Config) { c.Generations, c.LR = 400, 2 }))
	return out
}

// LookupPreset returns the preset called name.
func LookupPreset(name string) (Preset, error) {
	for _, p := range Presets() {
		if p.Name == name {
			return p, nil
		}
	}
	var names []string
	for _, p := range Presets() {
		names = append(names, p.Name)
	}
	return Preset{}, fmt.Errorf("tuner: unknown preset %q (have %v)", name, names)
}
