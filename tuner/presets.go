package tuner

import (
	"fmt"

	"github.com/evochess/evochess/tuner/opt"
)

// Preset is a named, paper-faithful configuration: algorithm, optimizer
// parameters (population, generations, rates) and the problem (fitness,
// scheme, data sizes). Specs and Seed are filled in by the caller.
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

// Presets returns the named presets, in a fixed order.
func Presets() []Preset {
	return []Preset{
		{
			Name: "david-ga", Algorithm: "ga", Paper: "David et al. 2014, §III-B",
			Doc:     "pop 100, 200 generations, uniform crossover 0.75, mutation 0.005, elitism, fitness-proportional selection; fitness (matched)^2 over 5,000 positions (1 ply with quiescence, match2-qs), 5,000 held out",
			Config:  opt.Config{Pop: 100, Generations: 200, CrossoverRate: 0.75, MutationRate: 0.005, Elite: 1, Selection: "roulette"},
			Problem: Problem{Fitness: "match2-qs", Scheme: "david35", Positions: 5000, TestPositions: 5000, Depth: 1},
		},
		{
			Name: "david-coevolution", Algorithm: "ga", Paper: "David et al. 2014, §III-C",
			Doc:     "population = the bests of several david-ga runs; each pair plays 4 games from book openings; rank-based selection, crossover 0.75, mutation 0.005, elitism, 50 generations (games at a fixed depth instead of 5 s per side)",
			Config:  opt.Config{Pop: 10, Generations: 50, CrossoverRate: 0.75, MutationRate: 0.005, Elite: 1, Selection: "rank", Relative: true},
			Problem: Problem{Fitness: "tournament", Scheme: "david35", Games: 4, GameDepth: 2, Openings: "openings/8moves_v3_1000.pgn", TestPositions: 5000, Depth: 1},
		},
		{
			Name: "david-search", Algorithm: "ga", Paper: "David et al. 2014, §IV",
			Doc:     "the 18 search parameters of Table I as a 70-bit Gray chromosome; pop 10, crossover 0.75, mutation 0.05, 50 generations; fitness = total nodes to find the best move of the ECM positions (cap 500,000 per position), lower is better",
			Config:  opt.Config{Pop: 10, Generations: 50, CrossoverRate: 0.75, MutationRate: 0.05, Elite: 1, Selection: "roulette"},
			Problem: Problem{Fitness: "nodes", Scheme: "david35", EPD: "epd/ecm.epd", Positions: 879, NodeCap: 500000},
		},
		{
			Name: "vazquez-ep", Algorithm: "ep", Paper: "Vázquez-Fernández et al. 2012, Algorithms 1-2",
			Doc:     "N = 20, best half survive, Michalewicz non-uniform mutation (b = 5), no crossover, 200 generations; fitness = positions matched at 1 ply with quiescence (match-qs) over 1,000 positions, 1,000 held out",
			Config:  opt.Config{Pop: 20, Generations: 200, MutationB: 5},
			Problem: Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1},
		},
		{
			Name: "hooke-jeeves", Algorithm: "hooke-jeeves", Paper: "Vázquez-Fernández et al. 2012, Algorithm 3",
			Doc:     "Hooke-Jeeves on the best player, Δ = 30, α = 2, ε = 0.5; objective = positions matched among M = 20 positions no player of the start population solved (Unsolved = 0 uses the full training set)",
			Config:  opt.Config{Delta: 30, Alpha: 2, Epsilon: 0.5},
			Problem: Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1, Unsolved: 20},
		},
		{
			Name: "history-ea", Algorithm: "history-ea", Paper: "Prasad et al., Algorithm 1",
			Doc:     "EP (N = 20, best half survive, non-uniform mutation) with a history archive; with probability Pr = 10% a child is drawn from the archive; 200 generations, 1,000 positions",
			Config:  opt.Config{Pop: 20, Generations: 200, MutationB: 5, HistoryPr: 0.1, HistorySize: 10},
			Problem: Problem{Fitness: "match-qs", Scheme: "prasad38", Positions: 1000, TestPositions: 1000, Depth: 1},
		},
		{
			Name: "mnc", Algorithm: "mnc", Paper: "Aralikkatte and Srinivasaraghavan (Phoenix)",
			Doc:     "multi-niche crowding, population 20, round-robin tournament fitness (>= 3 games each, 1/½/0), stop after 1000 generations, best unchanged 10, or best changing < 1% for 20",
			Config:  opt.Config{Pop: 20, Generations: 1000, Cs: 4, Cf: 4, S: 4, StallGens: 10, SlowGens: 20, SlowRate: 0.01, Relative: true},
			Problem: Problem{Fitness: "tournament", Scheme: "phoenix640", GamesPerPlayer: 3, GameDepth: 2, Openings: "openings/noob_3moves_1500.epd", TestPositions: 1000, Depth: 1},
		},
		{
			Name: "mnc-match", Algorithm: "mnc", Paper: "Phoenix's MNC with move-match fitness",
			Doc:     "multi-niche crowding (population 20, Phoenix's stop rules) scored by positions matched at 1 ply with quiescence over 1,000 positions",
			Config:  opt.Config{Pop: 20, Generations: 1000, Cs: 4, Cf: 4, S: 4, StallGens: 10, SlowGens: 20, SlowRate: 0.01},
			Problem: Problem{Fitness: "match-qs", Scheme: "phoenix640", Positions: 1000, TestPositions: 1000, Depth: 1},
		},
		{
			Name: "cmaes", Algorithm: "cmaes", Paper: "Hansen's CMA-ES",
			Doc:     "default λ = 4 + ⌊3 ln n⌋, σ0 = 0.3 of the ranges, 300 generations; move-match fitness (match-qs) over 1,000 positions",
			Config:  opt.Config{Generations: 300, Sigma0: 0.3},
			Problem: Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1},
		},
		{
			Name: "de", Algorithm: "de", Paper: "Storn and Price",
			Doc:     "DE/rand/1/bin, N = 20, F = 0.5, CR = 0.9, 200 generations; move-match fitness (match-qs) over 1,000 positions",
			Config:  opt.Config{Pop: 20, Generations: 200, F: 0.5, CrossoverRate: 0.9},
			Problem: Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1},
		},
		{
			Name: "pso", Algorithm: "pso", Paper: "Kennedy and Eberhart; Clerc's constriction",
			Doc:     "20 particles, w = 0.7298, c1 = c2 = 1.49618, 200 generations; move-match fitness (match-qs) over 1,000 positions",
			Config:  opt.Config{Pop: 20, Generations: 200},
			Problem: Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1},
		},
		{
			Name: "texel", Algorithm: "texel", Paper: "Texel tuning (Österlund)",
			Doc:     "coordinate local search ±step from the scheme's defaults on the Texel loss (sigmoid of the quiescent eval vs game result) over 20,000 positions",
			Config:  opt.Config{Step: 8},
			Problem: Problem{Fitness: "texel", Scheme: "vazquez29", Positions: 20000, TestPositions: 5000},
		},
		{
			Name: "texel-adam", Algorithm: "adam", Paper: "Texel loss, Adam (Kingma and Ba)",
			Doc:     "Adam on the Texel loss from the scheme's defaults, step 1 weight unit, 500 generations, 20,000 positions",
			Config:  opt.Config{Generations: 500, LR: 1},
			Problem: Problem{Fitness: "texel", Scheme: "vazquez29", Positions: 20000, TestPositions: 5000},
		},
	}
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
