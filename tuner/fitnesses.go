package tuner

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/tuner/data"
	"github.com/evochess/evochess/tuner/fitness"
	"github.com/evochess/evochess/tuner/opt"
)

// Needs says what a fitness function reads besides the candidates.
type Needs struct {
	// Games: training games (Problem.PGN; held-out positions come from
	// other games of the file, or from Problem.TestPGN).
	Games bool `json:"games,omitempty"`
	// Suite: a test suite of positions with best moves (Problem.EPD).
	Suite bool `json:"suite,omitempty"`
	// Opponents: the candidates play each other (games in-process), from
	// the opening book Problem.Openings when given.
	Opponents bool `json:"opponents,omitempty"`
}

// What a fitness tunes.
const (
	TunesEval   = "eval"   // the scheme's evaluation weights
	TunesSearch = "search" // engine/search parameters (the scheme evaluates while searching)
)

// FitnessKind is one entry of the fitness registry: its name, what it needs
// and tunes, and how it compiles (Compile prepares the data once and
// returns the evaluators that score candidates: Prepared.Train and
// Prepared.Test). Configure and Prepare consult the registry only; there is
// no other list of fitness names.
type FitnessKind struct {
	Name string
	Doc  string
	// Needs lists the inputs Compile reads.
	Needs Needs
	// Tunes is TunesEval or TunesSearch: which parameter registry the
	// candidates are vectors of.
	Tunes string
	// Relative: scores are only comparable inside one batch (games between
	// the candidates); optimizers that compare across generations refuse it.
	Relative bool
	// Resolved: the training data is resolved once under a reference weight
	// vector (Problem.Reference, the run's start by default) and re-resolved
	// under the current best every Problem.Recompile generations.
	Resolved bool
	// Gradient: scores carry the fitness gradient when the optimizer asks
	// for it (opt.NeedsGradient).
	Gradient bool
	// DefaultProtocol is the tuner/data sampling protocol used when the
	// problem names none ("" when the fitness samples no positions).
	DefaultProtocol string
	// Check reports why a problem cannot use this fitness (with the
	// scheme it would evaluate with), naming both.
	Check func(p Problem, sc eval.Scheme) error
	// Compile loads the data the problem names and builds the evaluators.
	Compile func(ctx context.Context, s Setup, res Resources) (*Prepared, error)
}

// Fitnesses returns the fitness registry, in a fixed order.
func Fitnesses() []FitnessKind {
	match := func(name, doc string, squared, qs bool) FitnessKind {
		return FitnessKind{Name: name, Doc: doc, Needs: Needs{Games: true}, Tunes: TunesEval, Resolved: qs,
			DefaultProtocol: "david", Check: checkMatch,
			Compile: func(ctx context.Context, s Setup, res Resources) (*Prepared, error) {
				return compileMoveMatch(ctx, s, res, squared, qs)
			}}
	}
	return []FitnessKind{
		match("match", "positions whose grandmaster move the candidate chooses at 1 ply (static evaluation of each child)", false, false),
		match("match2", "the same count squared (David et al.)", true, false),
		match("match-qs", "positions matched at 1 ply with every child resolved by the quiescence search under the reference (the papers' 1-ply searches); held out: the real depth-1 search", false, true),
		match("match2-qs", "match-qs squared (David et al. with quiescence)", true, true),
		{Name: "texel", Doc: "negated Texel loss: mean squared error between the game result and sigmoid(K·eval) at fixed K, over the training positions",
			Needs: Needs{Games: true}, Tunes: TunesEval, Gradient: true, DefaultProtocol: "all", Check: checkTexel, Compile: compileTexel},
		{Name: "nodes", Doc: "search parameters: cap·positions minus the nodes to find the suite's best moves (David et al. §IV)",
			Needs: Needs{Suite: true}, Tunes: TunesSearch, Compile: compileNodes},
		{Name: "tournament", Doc: "points in games between the candidates (relative; David et al.'s coevolution, Phoenix)",
			Needs: Needs{Opponents: true}, Tunes: TunesEval, Relative: true, Compile: compileTournament},
	}
}

// FitnessNames returns the registry's names, in order.
func FitnessNames() []string {
	var out []string
	for _, k := range Fitnesses() {
		out = append(out, k.Name)
	}
	return out
}

// LookupFitness returns the registry entry called name.
func LookupFitness(name string) (FitnessKind, error) {
	for _, k := range Fitnesses() {
		if k.Name == name {
			return k, nil
		}
	}
	return FitnessKind{}, fmt.Errorf("tuner: unknown fitness %q (have %s)", name, strings.Join(FitnessNames(), ", "))
}

// Quiescent reports whether fitness is resolved under a reference (see
// FitnessKind.Resolved).
func Quiescent(fitness string) bool {
	k, err := LookupFitness(fitness)
	return err == nil && k.Resolved
}

// compiledLimit is the parameter count the packed compiled forms address
// (count<<16 | index).
const compiledLimit = math.MaxUint16 + 1

func checkMatch(p Problem, sc eval.Scheme) error {
	if n := len(sc.Params()); n > compiledLimit {
		return fmt.Errorf("tuner: fitness %s cannot use scheme %s: %d parameters exceed the compiled form's %d", p.Fitness, sc.Name(), n, compiledLimit)
	}
	if p.Depth > 1 {
		return fmt.Errorf("tuner: fitness %s: depth %d: the compiled move match is 1 ply", p.Fitness, p.Depth)
	}
	return nil
}

func checkTexel(p Problem, sc eval.Scheme) error {
	if n := len(sc.Params()); n > compiledLimit || sc.Scale() <= 0 {
		return fmt.Errorf("tuner: fitness texel cannot use scheme %s: %d parameters, scale %d", sc.Name(), n, sc.Scale())
	}
	return nil
}

// workerCount is res.Workers, or all cores.
func workerCount(res Resources) int {
	if res.Workers > 0 {
		return res.Workers
	}
	return defaultWorkers()
}

func lookupScheme(name string) (eval.Scheme, error) {
	sc, err := eval.Lookup(name)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %w", err)
	}
	return sc, nil
}

// compileMoveMatch is the compiled 1-ply move match, resolved (qs) or not.
func compileMoveMatch(ctx context.Context, s Setup, res Resources, squared, qs bool) (*Prepared, error) {
	p := s.Problem
	sc, err := lookupScheme(p.Scheme)
	if err != nil {
		return nil, err
	}
	say := res.say
	train, test, digest, err := samples(ctx, p, res, say)
	if err != nil {
		return nil, err
	}
	workers := workerCount(res)
	var ref []int32
	if qs {
		if ref, err = quiescenceReference(s); err != nil {
			return nil, err
		}
		say("quiescence: resolving %d training positions", len(train))
	}
	mm, err := compileMatch(sc, train, qs, ref, workers)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: compile training positions: %w", err)
	}
	out := &Prepared{Digest: digest, TrainPositions: len(train), TestPositions: len(test), Reference: ref}
	if p.Unsolved > 0 {
		keep, err := unsolved(mm, s.Config, p)
		if err != nil {
			return nil, err
		}
		sub := make([]data.Sample, len(keep))
		for k, i := range keep {
			sub[k] = train[i]
		}
		if mm, err = compileMatch(sc, sub, qs, ref, workers); err != nil {
			return nil, fmt.Errorf("tuner: prepare: compile unsolved positions: %w", err)
		}
		out.Unsolved, out.TrainPositions = keep, len(sub)
		say("objective: %d of %d training positions that no start player solves", len(sub), len(train))
		train = sub
	}
	out.Train = matchPool(mm, squared, res.Workers)
	if qs {
		out.Recompile = func(_ context.Context, ref []int32) (Evaluator, error) {
			mm, err := compileMatch(sc, train, true, ref, workers)
			if err != nil {
				return nil, fmt.Errorf("tuner: recompile training positions: %w", err)
			}
			return matchPool(mm, squared, res.Workers), nil
		}
	}
	if len(test) > 0 {
		if qs {
			out.Test = exactQuiescenceTest(sc, test, workers)
		} else {
			mt, err := fitness.CompileMoveMatch(sc, test)
			if err != nil {
				return nil, fmt.Errorf("tuner: prepare: compile held-out positions: %w", err)
			}
			out.Test = matchPool(matchSet{mt}, false, 1)
		}
	}
	return out, nil
}

// compileTournament builds the in-process round robin of the candidates.
func compileTournament(ctx context.Context, s Setup, res Resources) (*Prepared, error) {
	p := s.Problem
	sc, err := lookupScheme(p.Scheme)
	if err != nil {
		return nil, err
	}
	plain, err := search.PresetParams("plain")
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %w", err)
	}
	t := &Tournament{Scheme: sc, Search: plain, GamesPerPair: p.Games, GamesPerPlayer: p.GamesPerPlayer,
		Limits: arena.Limits{Depth: max(1, p.GameDepth), Nodes: p.GameNodes}, Seed: s.Config.Seed, Concurrency: workerCount(res)}
	if t.GamesPerPair == 0 && t.GamesPerPlayer == 0 {
		t.GamesPerPlayer = 3
	}
	if p.Openings != "" {
		ops, err := openings(res, p.Openings)
		if err != nil {
			return nil, err
		}
		t.Openings = ops
	}
	out := &Prepared{Train: t}
	if p.PGN != "" && p.TestPositions > 0 {
		_, test, digest, err := samples(ctx, Problem{Fitness: p.Fitness, PGN: p.PGN, TestPGN: p.TestPGN, TestPositions: p.TestPositions,
			DataSeed: p.DataSeed, Protocol: p.Protocol, MinPly: p.MinPly, MaxPly: p.MaxPly, MinElo: p.MinElo}, res, res.say)
		if err != nil {
			return nil, err
		}
		// Held out: the real 1-ply search with quiescence, as for the
		// move-match presets, so the rates compare across fitnesses.
		out.Test, out.Digest, out.TestPositions = exactQuiescenceTest(sc, test, workerCount(res)), digest, len(test)
	}
	return out, nil
}

// compileTexel compiles the Texel loss at a K fitted once on the start
// vector and then kept fixed.
func compileTexel(ctx context.Context, s Setup, res Resources) (*Prepared, error) {
	p := s.Problem
	sc, err := lookupScheme(p.Scheme)
	if err != nil {
		return nil, err
	}
	train, test, digest, err := samples(ctx, p, res, res.say)
	if err != nil {
		return nil, err
	}
	tx, err := fitness.CompileTexel(sc, train)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: compile training positions: %w", err)
	}
	start, err := startOf(s)
	if err != nil {
		return nil, err
	}
	if err := tx.Check(start); err != nil {
		return nil, fmt.Errorf("tuner: prepare: start point: %w", err)
	}
	k, _ := tx.FitK(start)
	res.say("texel: K = %.6f fitted on the start point", k)
	out := &Prepared{Digest: digest, TrainPositions: len(train), TestPositions: len(test), K: k}
	out.Train = texelPool(tx, k, res.Workers, opt.NeedsGradient(s.Algorithm))
	if len(test) > 0 {
		tt, err := fitness.CompileTexel(sc, test)
		if err != nil {
			return nil, fmt.Errorf("tuner: prepare: compile held-out positions: %w", err)
		}
		out.Test = texelPool(tt, k, 1, false)
	}
	return out, nil
}

// compileNodes is David et al.'s search-parameter fitness on a suite.
func compileNodes(ctx context.Context, s Setup, res Resources) (*Prepared, error) {
	p := s.Problem
	if p.EPD == "" {
		return nil, fmt.Errorf("tuner: prepare: fitness nodes needs a test suite (EPD)")
	}
	f, err := open(res, p.EPD)
	if err != nil {
		return nil, err
	}
	suite, _, err := pgn.ReadEPD(f)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %s: %w", p.EPD, err)
	}
	if p.Positions > 0 && len(suite) > p.Positions {
		suite = suite[:p.Positions]
	}
	if len(suite) == 0 {
		return nil, fmt.Errorf("tuner: prepare: %s holds no positions", p.EPD)
	}
	sc, w, err := searchEvaluation(p, res)
	if err != nil {
		return nil, err
	}
	nodeCap := uint64(p.NodeCap)
	if nodeCap == 0 {
		nodeCap = fitness.DefaultSuiteCap
	}
	res.say("suite: %d positions of %s, cap %d nodes, evaluation %s", len(suite), p.EPD, nodeCap, sc.Name())
	// Shardable by suite position (shardfit.go): tuner/dist splits it.
	pool := newSuiteEval(sc, w, suite, nodeCap, res.Workers)
	return &Prepared{Train: pool, TrainPositions: len(suite), Digest: p.EPD}, nil
}

// searchEvaluation returns the evaluation a search-parameter problem
// searches with: Player's, else EvalPreset's, else the scheme's defaults.
func searchEvaluation(p Problem, res Resources) (eval.Scheme, []int32, error) {
	sc, err := lookupScheme(p.Scheme)
	if err != nil {
		return nil, nil, err
	}
	w := param.Defaults(sc.Params())
	if p.EvalPreset != "" && p.Player == "" {
		pr, err := eval.LookupPreset(p.EvalPreset)
		if err != nil {
			return nil, nil, fmt.Errorf("tuner: prepare: %w", err)
		}
		if sc, err = lookupScheme(pr.Scheme); err != nil {
			return nil, nil, err
		}
		w = pr.Weights
	}
	if p.Player != "" {
		pf, err := open(res, p.Player)
		if err != nil {
			return nil, nil, err
		}
		pl, err := player.Load(pf)
		pf.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("tuner: prepare: %s: %w", p.Player, err)
		}
		if sc, err = lookupScheme(pl.Scheme); err != nil {
			return nil, nil, err
		}
		if w, err = pl.Vector(); err != nil {
			return nil, nil, fmt.Errorf("tuner: prepare: %s: %w", p.Player, err)
		}
	}
	return sc, slices.Clone(w), nil
}
