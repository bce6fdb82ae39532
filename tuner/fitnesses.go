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
	// HeldOutPercent is the share of games a problem that did not come
	// from a preset of this fitness holds out (Problem.TestPercent).
	HeldOutPercent int
	// Check reports why a problem cannot use this fitness (with the
	// scheme it would evaluate with), naming both.
	Check func(p Problem, sc eval.Scheme) error
	// Compile loads the data the problem names and builds the evaluators.
	Compile func(ctx context.Context, s Setup, res Resources) (*Prepared, error)
	// Positions, when not nil, splits the fitness by positions (posshard.go:
	// PrepareShard, FinishShards); nil: it is not split below a candidate.
	Positions *PositionSharding
}

// Fitnesses returns the fitness registry, in a fixed order.
func Fitnesses() []FitnessKind {
	match := func(name, doc string, squared, qs bool) FitnessKind {
		return FitnessKind{Name: name, Doc: doc, Needs: Needs{Games: true}, Tunes: TunesEval, Resolved: qs,
			DefaultProtocol: "david", Check: checkMatch,
			Compile: func(ctx context.Context, s Setup, res Resources) (*Prepared, error) {
				return compileMoveMatch(ctx, s, res, squared, qs, nil)
			},
			Positions: &PositionSharding{Squared: squared, Compile: func(ctx context.Context, s Setup, res Resources, sh PositionShard) (*Prepared, error) {
				return compileMoveMatch(ctx, s, res, squared, qs, &sh)
			}}}
	}
	return []FitnessKind{
		match("match", "positions whose grandmaster move the candidate chooses at 1 ply (static evaluation of each child)", false, false),
		match("match2", "the same count squared (David et al.)", true, false),
		match("match-qs", "positions matched at 1 ply with every child resolved by the quiescence search under the reference (the papers' 1-ply searches); held out: the real depth-1 search", false, true),
		match("match2-qs", "match-qs squared (David et al. with quiescence)", true, true),
		{Name: "texel", Doc: "negated Texel loss: mean squared error between the game result and sigmoid(K·eval) at fixed K over every position of the training games (from ply 12, not in check) resolved to its quiet leaf under the reference; held out: other games",
			Needs: Needs{Games: true}, Tunes: TunesEval, Resolved: true, Gradient: true, HeldOutPercent: 10, Check: checkTexel, Compile: compileTexel},
		{Name: "search-match", Doc: "positions whose grandmaster move the candidate's real search plays at Problem.Depth (Problem.Search's parameters, default: the default search, with quiescence): exact at any depth and slow, for small sets; held out: the same search",
			Needs: Needs{Games: true}, Tunes: TunesEval, DefaultProtocol: "david", Check: checkSearchMatch, Compile: compileSearchMatch},
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
		return fmt.Errorf("tuner: fitness %s: depth %d: the compiled move match is 1 ply (fitness search-match searches deeper)", p.Fitness, p.Depth)
	}
	return nil
}

func checkSearchMatch(p Problem, sc eval.Scheme) error {
	if p.Depth < 1 || p.Depth > 8 {
		return fmt.Errorf("tuner: fitness search-match: depth %d outside 1..8", p.Depth)
	}
	if _, err := searchMatchParams(p); err != nil {
		return err
	}
	return nil
}

// searchMatchParams returns the search parameters of p's search-match
// fitness: Problem.Search's preset, "default" when empty.
func searchMatchParams(p Problem) (search.Params, error) {
	if p.Search == "" {
		return search.DefaultParams(), nil
	}
	sp, err := search.PresetParams(p.Search)
	if err != nil {
		return search.Params{}, fmt.Errorf("tuner: fitness search-match: %w", err)
	}
	return sp, nil
}

// compileSearchMatch scores candidates by the move their real search plays
// at Problem.Depth with Problem.Search's parameters (default: "default").
func compileSearchMatch(ctx context.Context, s Setup, res Resources) (*Prepared, error) {
	p := s.Problem
	sc, err := lookupScheme(p.Scheme)
	if err != nil {
		return nil, err
	}
	train, test, digest, err := Samples(ctx, p, res, res.say)
	if err != nil {
		return nil, err
	}
	params, err := searchMatchParams(p)
	if err != nil {
		return nil, err
	}
	lim := search.Limits{Depth: p.Depth}
	out := &Prepared{Digest: digest, TrainPositions: len(train), TestPositions: len(test)}
	out.Train = &Pool{Workers: res.Workers, New: func() (ScoreFunc, error) {
		return func(ctx context.Context, w []int32) (Score, error) {
			ev, err := eval.New(sc, w)
			if err != nil {
				return Score{}, err
			}
			r, err := fitness.SearchMoveMatch(ctx, ev, params, lim, 4, train, nil, nil)
			if err != nil {
				return Score{}, err
			}
			return Score{Fitness: float64(r.Matched), Matched: r.Matched, Total: r.Positions, Nodes: int64(r.Nodes)}, nil
		}, nil
	}}
	if len(test) > 0 {
		if out.Test, err = searchTest(sc, test, res.WorkerCount(), params, lim); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func checkTexel(p Problem, sc eval.Scheme) error {
	if n := len(sc.Params()); n > compiledLimit || sc.Scale() <= 0 {
		return fmt.Errorf("tuner: fitness texel cannot use scheme %s: %d parameters, scale %d", sc.Name(), n, sc.Scale())
	}
	return nil
}

// SearchMatch is the real depth-limited search's move match of w (scheme
// sc, search parameters params) on positions, which are cut into
// contiguous parts of at least 32 over res's workers, each part searched in
// order with its own 4 MB hash (the count depends on the cut, so it is
// fixed by the position count and the worker count).
func SearchMatch(ctx context.Context, res Resources, sc eval.Scheme, w []int32, params search.Params, depth int, positions []data.Sample) (fitness.SearchMatch, error) {
	parts := partCount(len(positions), res.WorkerCount(), 32)
	results := make([]fitness.SearchMatch, parts)
	if err := runParts(len(positions), parts, func(k, lo, hi int) (err error) {
		ev, err := eval.New(sc, w)
		if err != nil {
			return err
		}
		results[k], err = fitness.SearchMoveMatch(ctx, ev, params, search.Limits{Depth: depth}, 4, positions[lo:hi], nil, nil)
		return err
	}); err != nil {
		return fitness.SearchMatch{}, err
	}
	var out fitness.SearchMatch
	for _, r := range results {
		out.Matched += r.Matched
		out.Positions += r.Positions
	}
	return out, nil
}

// WorkerCount is res.Workers, or all cores.
func (res Resources) WorkerCount() int {
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
// With a shard it compiles only that share of the positions and scores
// partially (PrepareShard).
func compileMoveMatch(ctx context.Context, s Setup, res Resources, squared, qs bool, sh *PositionShard) (*Prepared, error) {
	p := s.Problem
	sc, err := lookupScheme(p.Scheme)
	if err != nil {
		return nil, err
	}
	say := res.say
	train, test, digest, err := Samples(ctx, p, res, say)
	if err != nil {
		return nil, err
	}
	if sh != nil {
		if p.Unsolved > 0 {
			return nil, fmt.Errorf("tuner: prepare: fitness %s with unsolved positions cannot be split by positions", p.Fitness)
		}
		train, test, squared = sh.slice(train), sh.slice(test), false
	}
	workers := res.WorkerCount()
	var ref []int32
	if qs {
		if ref, err = quiescenceReference(s); err != nil {
			return nil, err
		}
		say("quiescence: resolving %d training positions", len(train))
	}
	var memos *qmemos
	if qs {
		memos = newQMemos(res.qmemoBytes(len(train), QMemoTrainPerPosition))
	}
	mm, err := compileMatch(sc, train, qs, ref, workers, memos)
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
		if qs {
			memos = newQMemos(res.qmemoBytes(len(sub), QMemoTrainPerPosition)) // the trees of these positions only
		}
		if mm, err = compileMatch(sc, sub, qs, ref, workers, memos); err != nil {
			return nil, fmt.Errorf("tuner: prepare: compile unsolved positions: %w", err)
		}
		out.Unsolved, out.TrainPositions = keep, len(sub)
		say("objective: %d of %d training positions that no start player solves", len(sub), len(train))
		train = sub
	}
	out.Train = matchPool(mm, squared, res.Workers)
	if qs {
		out.Recompile = func(_ context.Context, ref []int32) (Scorers, error) {
			mm, err := compileMatch(sc, train, true, ref, workers, memos)
			if err != nil {
				return Scorers{}, fmt.Errorf("tuner: recompile training positions: %w", err)
			}
			return Scorers{Train: matchPool(mm, squared, res.Workers)}, nil
		}
	}
	if len(test) > 0 {
		if qs {
			if out.Test, err = exactQuiescenceTest(sc, test, workers, res.qmemoBytes(len(test), QMemoHeldOutPerPosition)); err != nil {
				return nil, err
			}
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
		Limits: arena.Limits{Depth: max(1, p.GameDepth), Nodes: p.GameNodes}, Seed: s.Config.Seed, Concurrency: res.WorkerCount()}
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
		_, test, digest, err := Samples(ctx, Problem{Fitness: p.Fitness, PGN: p.PGN, TestPGN: p.TestPGN, TestPositions: p.TestPositions,
			DataSeed: p.DataSeed, Protocol: p.Protocol, MinPly: p.MinPly, MaxPly: p.MaxPly, MinElo: p.MinElo}, res, res.say)
		if err != nil {
			return nil, err
		}
		// Held out: the real 1-ply search with quiescence, as for the
		// move-match presets, so the rates compare across fitnesses.
		if out.Test, err = exactQuiescenceTest(sc, test, res.WorkerCount(), res.qmemoBytes(len(test), QMemoHeldOutPerPosition)); err != nil {
			return nil, err
		}
		out.Digest, out.TestPositions = digest, len(test)
	}
	return out, nil
}

// compileTexel compiles the Texel loss over every position of the
// training games (data.Positions: from MinPly, never in check), each
// resolved to its quiet leaf by the quiescence search under the reference
// and labelled with its game's result, identical leaves merged; the games
// are split into training, validation and held-out sets by game. K is
// fitted once on the start vector (Problem.K keeps it) and then frozen.
func compileTexel(ctx context.Context, s Setup, res Resources) (*Prepared, error) {
	p := s.Problem
	sc, err := lookupScheme(p.Scheme)
	if err != nil {
		return nil, err
	}
	if p.PGN == "" {
		return nil, fmt.Errorf("tuner: prepare: no training games (PGN) given")
	}
	gs, err := gameSet(ctx, res, p.PGN, p.MinElo)
	if err != nil {
		return nil, err
	}
	split := data.GameSplit{Seed: dataSeed(p), TestPercent: p.TestPercent, ValidationPercent: p.ValidationPercent}
	if p.TestPGN != "" {
		split.TestPercent = 0
	}
	if err := split.Validate(); err != nil {
		return nil, fmt.Errorf("tuner: prepare: %w", err)
	}
	train, valid, test := gs.Split(split)
	if p.TestPGN != "" {
		ts, err := gameSet(ctx, res, p.TestPGN, p.MinElo)
		if err != nil {
			return nil, err
		}
		test = ts.Games
	}
	filter := data.PositionFilter{MinPly: data.DefaultOpeningPlies, MaxPly: p.MaxPly}
	if p.MinPly != 0 {
		filter.MinPly = p.MinPly
	}
	seed := dataSeed(p)
	trainRefs, err := data.Positions(train, filter, p.Positions, seed)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %s: %w", p.PGN, err)
	}
	testRefs, err := data.Positions(test, filter, p.TestPositions, seed+1)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: held-out games: %w", err)
	}
	validRefs, err := data.Positions(valid, filter, 0, seed+2)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: validation games: %w", err)
	}
	if len(trainRefs) == 0 {
		return nil, fmt.Errorf("tuner: prepare: %s: no training position (%d games, filter from ply %d)", p.PGN, len(train), filter.MinPly)
	}
	ref, err := quiescenceReference(s)
	if err != nil {
		return nil, err
	}
	workers := res.WorkerCount()
	compile := func(ctx context.Context, what string, games []data.Game, refs []data.Ref, ref []int32) (*fitness.Texel, error) {
		if len(refs) == 0 {
			return nil, nil
		}
		last := -1
		tx, err := fitness.CompileTexelGames(ctx, sc, games, refs, fitness.TexelOptions{Reference: ref, Workers: workers, Merge: true,
			Progress: func(done, total int) {
				if pct := 10 * done / total; pct != last && total >= 100000 {
					last = pct
					res.say("texel: resolving %s positions: %d of %d", what, done, total)
				}
			}})
		if err != nil {
			return nil, fmt.Errorf("tuner: prepare: texel %s positions: %w", what, err)
		}
		return tx, nil
	}
	res.say("texel: %d training games (%d positions), %d validation (%d), %d held out (%d); resolving under the %s", len(train), len(trainRefs),
		len(valid), len(validRefs), len(test), len(testRefs), referenceName(s))
	tx, err := compile(ctx, "training", train, trainRefs, ref)
	if err != nil {
		return nil, err
	}
	st := tx.Stats()
	res.say("texel: %d training positions stored (%d identical merged, %d resolved by captures, %d mates dropped), %.1f MB",
		st.Positions, st.Merged, st.Resolved, st.Mates, float64(tx.Bytes())/1e6)
	k := p.K
	if k == 0 {
		start, err := startOf(s)
		if err != nil {
			return nil, err
		}
		if err := tx.Check(start); err != nil {
			return nil, fmt.Errorf("tuner: prepare: start point: %w", err)
		}
		k, _ = tx.FitKWorkers(start, workers)
		res.say("texel: K = %.6f fitted on the start vector (frozen)", k)
	}
	grad := opt.NeedsGradient(s.Algorithm)
	var prior []int32
	l2 := p.L2
	if math.IsNaN(l2) || math.IsInf(l2, 0) || l2 < 0 {
		return nil, fmt.Errorf("tuner: prepare: l2 %g is not a finite non-negative number", l2)
	}
	if l2 == 0 && p.L2Auto {
		l2 = AutoL2(tx.Count())
		if l2 > 0 {
			res.say("texel: L2 pull %.3g toward the start vector (auto, for %d training positions)", l2, tx.Count())
		} else {
			res.say("texel: no L2 pull (auto: %d training positions need none)", tx.Count())
		}
	}
	if l2 != 0 {
		if prior, err = startOf(s); err != nil {
			return nil, err
		}
	}
	trainEval := func(tx *fitness.Texel) *texelEvaluator {
		return &texelEvaluator{tx: tx, k: k, workers: workers, grad: grad, l2: l2, prior: prior}
	}
	out := &Prepared{Digest: gs.Digest, K: k, L2: l2, Reference: ref, TrainPositions: int(tx.Count())}
	out.Train = trainEval(tx)
	rest := func(ctx context.Context, ref []int32) (te, ve Scorer, err error) {
		tt, err := compile(ctx, "held-out", test, testRefs, ref)
		if err != nil {
			return nil, nil, err
		}
		tv, err := compile(ctx, "validation", valid, validRefs, ref)
		if err != nil {
			return nil, nil, err
		}
		if tt != nil {
			te = &texelEvaluator{tx: tt, k: k, workers: workers}
		}
		if tv != nil {
			ve = &texelEvaluator{tx: tv, k: k, workers: workers}
		}
		return te, ve, nil
	}
	if out.Test, out.Validation, err = rest(ctx, ref); err != nil {
		return nil, err
	}
	if out.Test != nil {
		out.TestPositions = int(out.Test.(*texelEvaluator).tx.Count())
	}
	if out.Validation != nil {
		out.ValidationPositions = int(out.Validation.(*texelEvaluator).tx.Count())
	}
	out.RecompileHeldOut = func(ctx context.Context, ref []int32) (Scorers, error) {
		test, valid, err := rest(ctx, ref)
		return Scorers{Test: test, Validation: valid}, err
	}
	out.Recompile = func(ctx context.Context, ref []int32) (Scorers, error) {
		tx, err := compile(ctx, "training", train, trainRefs, ref)
		if err != nil {
			return Scorers{}, err
		}
		evs, err := out.RecompileHeldOut(ctx, ref)
		if err != nil {
			return Scorers{}, err
		}
		evs.Train = trainEval(tx)
		return evs, nil
	}
	return out, nil
}

// AutoL2 is the L2 pull toward the start (Problem.L2Auto) for a Texel run
// on n training positions: none from 1,000,000 positions on,
// 1e-7 · (100,000 / n)² from 100,000 to 1,000,000, 1e-7 · 100,000 / n from
// 20,000 to 100,000, and below 20,000 it stays at 5e-7, rising again as
// 1/n only below 2,000 positions (5e-6 at 200). The modern scheme's 774
// weights overfit a small set: on the bundled 1,500 games (89,808
// positions) Adam without a pull drives rare terms hundreds of units from
// the start (a king on b7 −672, a queen with no move +729 in the endgame)
// and its player beats material by only +50 Elo; with 1e-7 the held-out
// loss falls from 0.0979 to 0.0943 and the player beats material by +397.
// The best pull shrinks faster than 1/n: on 5,000 shared games (281,677
// positions) 1e-8 gives the lowest held-out loss (0.1152, against 0.1161
// without and 0.1166 with 1e-7), and on the 20,000 (about 1.2 M positions)
// 1e-8 already raises it (0.1047 to 0.1050). Below 20,000 positions a pull
// that kept growing as 1/n held every weight at its start (Adam moves each
// weight by whole units, and the pull of one unit on all 774 outweighed
// the loss it saved): 2,000 positions of the bundled games gave a held-out
// loss of 0.0999 with 5e-6 against 0.0956 with 5e-7, and 200 positions
// 0.1015 (the start) with 5e-5 against 0.1009 with 5e-6 (without a pull:
// 0.128 and 0.190). docs/experiments/modern.md has the figures and their
// commands. The pull is computed once, from the first compilation, so
// re-resolution and resumed runs keep it.
func AutoL2(n int64) float64 {
	switch {
	case n <= 0 || n >= 1_000_000:
		return 0
	case n >= 100_000:
		r := 100_000 / float64(n)
		return 1e-7 * r * r
	case n >= 20_000:
		return 1e-7 * 100_000 / float64(n)
	case n >= 2_000:
		return 5e-7
	}
	return 5e-7 * 2_000 / float64(n) // a few hundred positions: a firmer pull, but one a step can beat
}

// referenceName describes the weights a resolved fitness resolves under.
func referenceName(s Setup) string {
	if s.Problem.Reference != nil {
		return "recompiled reference (an earlier best)"
	}
	return "start vector (" + s.Problem.Start + ")"
}

// texelEvaluator scores candidates by the negated Texel loss at fixed K,
// with the fitness gradient (the negated loss gradient) when grad is set.
// Chunks of positions are spread over workers goroutines; scores do not
// depend on it.
type texelEvaluator struct {
	tx      *fitness.Texel
	k       float64
	workers int
	grad    bool
	// l2 and prior: the training fitness's pull toward the start vector
	// (Problem.L2); zero and nil for held-out and validation sets.
	l2    float64
	prior []int32
}

// regularize subtracts l2 · Σ (x_i − prior_i)² from sc's fitness and its
// gradient from sc.Grad (Loss stays the plain Texel loss). The sum runs in
// index order, so the result is the same natively and in WebAssembly.
func (e *texelEvaluator) regularize(x []int32, sc *Score) {
	if e.l2 == 0 {
		return
	}
	var pen float64
	for i, v := range x {
		d := float64(v - e.prior[i])
		pen += d * d
		if sc.Grad != nil {
			sc.Grad[i] -= 2 * e.l2 * d
		}
	}
	sc.Fitness -= e.l2 * pen
}

// Units implements Shardable: one unit per chunk of positions
// (fitness.TexelChunk), scored for each candidate.
func (e *texelEvaluator) Units([][]int32) (int, bool) { return e.tx.Chunks(), false }

// exactFloat bounds the integers a float64 holds exactly: partial sums
// travel as float64 (Score.Loss, Score.Grad) and add up exactly below it.
const exactFloat = 1 << 53

// NewShardScorer implements Shardable: the partial score of chunks [lo, hi)
// carries the chunks' fixed-point sums as integer-valued floats (Loss, and
// Grad by stored index), which add up exactly in any grouping.
func (e *texelEvaluator) NewShardScorer() (ShardScorer, error) {
	return func(ctx context.Context, cands [][]int32, lo, hi int) ([]Score, error) {
		out := make([]Score, len(cands))
		for i, c := range cands {
			sums, err := e.tx.ChunkSums(ctx, c, e.k, lo, hi, e.grad)
			if err != nil {
				return nil, fmt.Errorf("tuner: texel: %w", err)
			}
			out[i].Loss = float64(sums.Loss)
			if sums.Grad != nil {
				out[i].Grad = make([]float64, len(sums.Grad))
				for j, v := range sums.Grad {
					out[i].Grad[j] = float64(v)
				}
			}
		}
		return out, nil
	}, nil
}

// Finish implements Shardable.
func (e *texelEvaluator) Finish(cands [][]int32, sums []Score) ([]Score, error) {
	out := make([]Score, len(sums))
	for i, s := range sums {
		if math.Abs(s.Loss) >= exactFloat {
			return nil, fmt.Errorf("tuner: texel: loss sum %g beyond exact float range", s.Loss)
		}
		ts := fitness.TexelSums{Loss: int64(s.Loss)}
		if e.grad {
			ts.Grad = make([]int64, len(s.Grad))
			for j, g := range s.Grad {
				if math.Abs(g) >= exactFloat {
					return nil, fmt.Errorf("tuner: texel: gradient sum %g beyond exact float range", g)
				}
				ts.Grad[j] = int64(g)
			}
		}
		var grad []float64
		if e.grad {
			grad = make([]float64, len(cands[i]))
		}
		l, err := e.tx.Finish(ts, e.k, grad)
		if err != nil {
			return nil, fmt.Errorf("tuner: texel: %w", err)
		}
		out[i] = Score{Fitness: -l, Loss: l, Total: int(e.tx.Count())}
		if grad != nil {
			for j := range grad {
				grad[j] = -grad[j]
			}
			out[i].Grad = grad
		}
		e.regularize(cands[i], &out[i])
	}
	return out, nil
}

// Score implements Scorer.
func (e *texelEvaluator) Score(ctx context.Context, cands [][]int32) ([]Score, error) {
	var grads [][]float64
	if e.grad {
		grads = make([][]float64, len(cands))
		for i, c := range cands {
			grads[i] = make([]float64, len(c))
		}
	}
	losses, err := e.tx.Evaluate(ctx, cands, e.k, grads, e.workers)
	if err != nil {
		return nil, fmt.Errorf("tuner: texel: %w", err)
	}
	out := make([]Score, len(cands))
	for i, l := range losses {
		out[i] = Score{Fitness: -l, Loss: l, Total: int(e.tx.Count())}
		if grads != nil {
			for j := range grads[i] {
				grads[i][j] = -grads[i][j]
			}
			out[i].Grad = grads[i]
		}
		e.regularize(cands[i], &out[i])
	}
	return out, nil
}

// maxSuiteNotes bounds the notes about skipped suite lines a run prints.
const maxSuiteNotes = 10

// compileNodes is David et al.'s search-parameter fitness on a suite.
func compileNodes(ctx context.Context, s Setup, res Resources) (*Prepared, error) {
	p := s.Problem
	if p.EPD == "" {
		return nil, fmt.Errorf("tuner: prepare: fitness nodes needs a test suite (EPD)")
	}
	f, err := res.OpenFile(p.EPD)
	if err != nil {
		return nil, err
	}
	u, _, err := data.UnpackFiles(f, ".epd", ".fen", ".txt") // plain, gzipped or zipped, as bench -epd reads it
	var all []*pgn.EPD
	var skipped []error
	if err == nil {
		all, skipped, err = pgn.ReadEPD(u)
	}
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %s: %w", p.EPD, err)
	}
	// Lines that cannot be read, and records with nothing to solve (no bm
	// or am, such as a dm-only line), are left out with a note each, as
	// bench -epd and eval -epd leave them out.
	for i, e := range skipped {
		if i == maxSuiteNotes {
			res.say("suite: %s: %d more lines skipped", p.EPD, len(skipped)-i)
			break
		}
		res.say("suite: %s: skipped: %v", p.EPD, e)
	}
	suite := make([]*pgn.EPD, 0, len(all))
	noTarget := 0
	for _, e := range all {
		if len(e.Best) == 0 && len(e.Avoid) == 0 {
			if noTarget < maxSuiteNotes {
				res.say("suite: %s: line %d: no bm or am operation, skipped", p.EPD, e.Line)
			}
			noTarget++
			continue
		}
		suite = append(suite, e)
	}
	if noTarget > maxSuiteNotes {
		res.say("suite: %s: %d more lines without bm or am skipped", p.EPD, noTarget-maxSuiteNotes)
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
	pool := newSuiteEval(sc, w, suite, nodeCap, res.Workers, p.SearchGroup)
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
		pf, err := res.OpenFile(p.Player)
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
