package tuner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"time"

	"github.com/evochess/evochess/tuner/opt"
)

// Problem describes what a run optimises and on which data; it is stored in
// checkpoints so that a resumed run can rebuild the same evaluators (see
// Build in wire.go).
type Problem struct {
	// Fitness names an entry of the fitness registry (Fitnesses,
	// fitnesses.go): "match" (positions whose grandmaster move the
	// candidate chooses at 1 ply, static evaluation of each child),
	// "match2" (that count squared, David et al.), "match-qs" and
	// "match2-qs" (the same with every child resolved by the quiescence
	// search under Reference, as the papers' 1-ply searches did), "texel"
	// (negated Texel loss), "nodes" (search parameters: cap·positions minus
	// total nodes to find the suite's best moves), "tournament" (points in
	// games between the candidates, relative).
	Fitness string `json:"fitness"`
	// Scheme is the evaluation scheme whose weights are tuned; for "nodes"
	// fitness the search parameters are tuned and Scheme/Player give the
	// evaluation used while searching.
	Scheme string `json:"scheme"`
	// Player is an optional player file whose evaluation is used with
	// "nodes" fitness, and whose weights seed the start point.
	Player string `json:"player,omitempty"`
	// EvalPreset, for "nodes" fitness, names the engine/eval preset whose
	// weights evaluate while searching (when Player is empty).
	EvalPreset string `json:"eval_preset,omitempty"`
	// SearchGroup, for "nodes" fitness, is the search-parameter group tuned
	// (searchgroup.go): "table1" (or ""), "modern" or "all".
	SearchGroup string `json:"search_group,omitempty"`
	// PGN is the training games file (.pgn or .pgn.gz); TestPGN optional
	// held-out games (default: disjoint positions drawn from PGN).
	PGN     string `json:"pgn,omitempty"`
	TestPGN string `json:"test_pgn,omitempty"`
	// EPD is the test suite for "nodes" fitness (ECM in David et al.).
	EPD string `json:"epd,omitempty"`
	// Positions and TestPositions: how many training / held-out positions.
	Positions     int `json:"positions"`
	TestPositions int `json:"test_positions"`
	// Depth of the search that chooses a move for move-match fitness (1 ply
	// in the papers).
	Depth int `json:"depth"`
	// Search names the engine/search preset of "search-match" fitness
	// ("" = "default", what evochess plays).
	Search string `json:"search,omitempty"`
	// NodeCap is the per-position node limit of "nodes" fitness (500,000).
	NodeCap int `json:"node_cap,omitempty"`
	// Games: tournament games per pair (David et al.: 4) or, with
	// GamesPerPlayer, the minimum per player (Phoenix: 3).
	Games          int `json:"games,omitempty"`
	GamesPerPlayer int `json:"games_per_player,omitempty"`
	// GameDepth is the fixed search depth of tournament games.
	GameDepth int `json:"game_depth,omitempty"`
	// GameNodes optionally caps each move's search by nodes.
	GameNodes int `json:"game_nodes,omitempty"`
	// Openings is the opening book (EPD or PGN) for tournament games.
	Openings string `json:"openings,omitempty"`
	// Unsolved, when > 0, replaces the training set by that many positions
	// that no player of the start population solves (Vázquez-Fernández's
	// Hooke-Jeeves objective, M = 20).
	Unsolved int `json:"unsolved,omitempty"`
	// DataSeed seeds position sampling (0: seed 1, so runs with different
	// seeds score the same positions, as in the papers).
	DataSeed uint64 `json:"data_seed,omitempty"`
	// Protocol is the tuner/data sampling protocol ("" = "david" for
	// move-match fitness, "all" for Texel); MinPly, MaxPly and MinElo
	// override its filters when non-zero.
	Protocol string `json:"protocol,omitempty"`
	MinPly   int    `json:"min_ply,omitempty"`
	MaxPly   int    `json:"max_ply,omitempty"`
	MinElo   int    `json:"min_elo,omitempty"`
	// TestPercent and ValidationPercent (texel): the shares of the
	// training games (PGN) held out for the test and validation sets
	// (data.GameSplit: a game's set is drawn from DataSeed and its number,
	// so no game feeds two sets). With TestPGN every game of that file is
	// held out instead. Positions and TestPositions cap the training and
	// held-out positions (0: every position the filter keeps).
	TestPercent       int `json:"test_percent,omitempty"`
	ValidationPercent int `json:"validation_percent,omitempty"`
	// K (texel) is the sigmoid scale, fitted on the start vector when the
	// run is first prepared and then frozen: a prepared run stores it here
	// (NewRunPrepared) so that a resumed run, or a fitness worker, uses the
	// same K whatever the reference is then.
	K float64 `json:"k,omitempty"`
	// L2 (texel) adds L2 · Σ (w_i − s_i)² to the training loss the
	// optimizers minimise, s being the run's start vector: a Gaussian prior
	// that holds weights the data rarely moves (a rare piece-square or
	// mobility term) near the start. Adam moves every weight by about its
	// learning rate per step whatever the size of its gradient, so without
	// it such weights drift by hundreds of units on a small training set.
	// The reported losses (training, held-out, validation) stay the plain
	// Texel loss; only the fitness carries the penalty. 0: none (or
	// L2Auto).
	L2 float64 `json:"l2,omitempty"`
	// L2Auto (texel, with L2 = 0) sizes the pull from the number of
	// training positions N: AutoL2(N).
	L2Auto bool `json:"l2_auto,omitempty"`
	// Start names the run's start vector (start.go): "random", "material",
	// "preset:NAME" or "init" (the vectors in Config.Init). Configure puts
	// the vector in Config.Init[0]; it is the first individual of a
	// population, the point of a local search, and the reference of a
	// resolved fitness until the first recompilation.
	Start string `json:"start"`
	// Reference, for a resolved fitness (FitnessKind.Resolved: match-qs,
	// match2-qs), is the weight vector the training leaves are resolved
	// with (nil: the run's start vector, Config.Init[0]). A recompiling run
	// stores its current reference here, so a checkpoint resumes exactly.
	Reference []int32 `json:"reference,omitempty"`
	// Recompile, for a resolved fitness, re-resolves the training data
	// every that many generations with the current best as Reference and
	// re-scores every stored fitness value (opt.Refitter: population, best
	// so far, archive, personal bests, a local search's points; the hall of
	// fame), which are not comparable across compilations (0: never). The
	// presets set it; Options.Recompile -1 turns it off.
	Recompile int `json:"recompile,omitempty"`
}

// Setup is the complete description of a run.
type Setup struct {
	Preset     string     `json:"preset,omitempty"`
	Algorithm  string     `json:"algorithm"`
	Config     opt.Config `json:"config"`
	Problem    Problem    `json:"problem"`
	HallOfFame int        `json:"hall_of_fame"`
}

// Record is one line of the per-generation log.
type Record struct {
	Generation   int     `json:"generation"`
	Evaluations  int     `json:"evaluations"`
	Scored       int     `json:"scored"` // distinct vectors actually sent to the evaluator
	Best         float64 `json:"best"`
	Mean         float64 `json:"mean"`
	Worst        float64 `json:"worst"`
	Diversity    float64 `json:"diversity"`
	Seconds      float64 `json:"seconds"`
	TrainMatched int     `json:"train_matched"`
	TrainTotal   int     `json:"train_total"`
	TrainRate    float64 `json:"train_rate"`
	TestFitness  float64 `json:"test_fitness"`
	TestMatched  int     `json:"test_matched"`
	TestTotal    int     `json:"test_total"`
	TestRate     float64 `json:"test_rate"`
	Nodes        int64   `json:"nodes,omitempty"`
	// TrainLoss and TestLoss are the best candidate's training and held-out
	// losses (texel), ValidLoss and ValidFitness its validation loss and
	// fitness (with a validation set).
	TrainLoss    float64 `json:"train_loss,omitempty"`
	TestLoss     float64 `json:"test_loss,omitempty"`
	ValidFitness float64 `json:"valid_fitness,omitempty"`
	ValidLoss    float64 `json:"valid_loss,omitempty"`
}

// ErrDone is returned by Step when the optimizer has stopped.
var ErrDone = errors.New("tuner: run finished")

// Run drives one optimizer generation by generation: evaluation through the
// Scorer hook, lazy fitness, hall of fame, held-out scoring of the best,
// log records, checkpoints. A Run is not safe for concurrent use.
type Run struct {
	setup Setup
	o     opt.Optimizer
	train Scorer
	test  Scorer

	hof       opt.HallOfFame
	records   []Record
	best      opt.Candidate
	bestScore Score
	hasBest   bool
	testX     []int32
	testScore Score
	elapsed   time.Duration
	scored    int              // evaluator calls (distinct vectors scored)
	cache     map[string]Score // scores of the last generation's vectors

	compiledAt int    // generation of the last recompilation
	digest     string // the training data's Prepared.Digest ("" unknown)

	valid      Scorer  // validation set (optional)
	validX     []int32 // the vector validScore belongs to
	validScore Score
	selected   opt.Candidate // the best by validation among the bests
	selScore   Score         // its training score
	selValid   Score         // its validation score
	hasSel     bool

	// Now is the clock used for the Seconds column (time.Now by default).
	Now func() time.Time
	// Recompile builds the evaluators for a new reference
	// (Prepared.Recompile); a run with Problem.Recompile > 0 needs it.
	Recompile func(ctx context.Context, reference []int32) (Scorers, error)
}

// Scorers are the evaluators a recompilation returns: Train always, Test
// and Validation when they depend on the reference (nil: unchanged).
type Scorers struct {
	Train, Test, Validation Scorer
}

// NewRunPrepared starts a run with the evaluators of prep (Prepare(s)): it
// records prep's reference and K in the setup (so that checkpoints and
// fitness workers rebuild the same evaluators) and installs the
// recompilation and the validation set.
func NewRunPrepared(s Setup, prep *Prepared) (*Run, error) {
	s = prep.Fix(s)
	r, err := NewRun(s, prep.Train, prep.Test)
	if err != nil {
		return nil, err
	}
	r.Recompile, r.valid = prep.Recompile, prep.Validation
	r.digest = prep.Digest
	return r, nil
}

// SetDigest names the run's training data (Prepared.Digest): a checkpoint
// keeps it, and resuming on other data is refused (Checkpointed.CheckData).
// NewRunPrepared and Resume set it.
func (r *Run) SetDigest(digest string) { r.digest = digest }

// Fix returns s with the reference, K and L2 pull p was prepared with.
func (p *Prepared) Fix(s Setup) Setup {
	if p.Reference != nil {
		s.Problem.Reference = slices.Clone(p.Reference)
	}
	if p.K != 0 {
		s.Problem.K = p.K
	}
	if p.L2 != 0 {
		s.Problem.L2 = p.L2
	}
	return s
}

// SetValidation installs the evaluator of the validation set (a wrapper of
// Prepared.Validation); call it before the first Step.
func (r *Run) SetValidation(ev Scorer) { r.valid = ev }

// Selected returns the candidate a report should use: with a validation
// set, the best by validation score among the run's successive bests (by
// training fitness); otherwise the best. It returns its training and
// validation scores (zero without a validation set).
func (r *Run) Selected() (opt.Candidate, Score, Score, bool) {
	if r.hasSel {
		return r.selected.Clone(), r.selScore, r.selValid, true
	}
	b, bs, _, ok := r.Best()
	return b, bs, Score{}, ok
}

// ScoreTrain scores x with the run's current training evaluator (after
// re-resolutions, that of the last reference).
func (r *Run) ScoreTrain(ctx context.Context, x []int32) (Score, error) {
	s, err := r.train.Score(ctx, [][]int32{x})
	if err != nil {
		return Score{}, err
	}
	return s[0], nil
}

// ScoreHeldOut scores x on the held-out positions with the run's current
// evaluator (the score Step keeps for the best when x is that vector); a
// zero Score when the run has no held-out set.
func (r *Run) ScoreHeldOut(ctx context.Context, x []int32) (Score, error) {
	if r.test == nil || (r.testX != nil && slices.Equal(x, r.testX)) {
		return r.testScore, nil
	}
	s, err := r.test.Score(ctx, [][]int32{x})
	if err != nil {
		return Score{}, err
	}
	return s[0], nil
}

// NewRun starts a run. train scores candidates; test (optional) scores the
// best candidate on held-out data whenever it changes.
func NewRun(s Setup, train, test Scorer) (*Run, error) {
	if train == nil {
		return nil, fmt.Errorf("tuner: new run: no evaluator")
	}
	if k, err := LookupFitness(s.Problem.Fitness); err == nil && k.Relative {
		s.Config.Relative = true
	}
	o, err := opt.New(s.Algorithm, s.Config)
	if err != nil {
		return nil, fmt.Errorf("tuner: new run: %w", err)
	}
	if s.HallOfFame <= 0 {
		s.HallOfFame = 10
	}
	return &Run{setup: s, o: o, train: train, test: test, hof: opt.HallOfFame{Size: s.HallOfFame}, Now: time.Now}, nil
}

// Setup returns the run's setup.
func (r *Run) Setup() Setup { return r.setup }

// Optimizer returns the underlying optimizer.
func (r *Run) Optimizer() opt.Optimizer { return r.o }

// Records returns the log so far.
func (r *Run) Records() []Record { return slices.Clone(r.records) }

// HallOfFame returns the best distinct candidates seen.
func (r *Run) HallOfFame() []opt.Candidate { return slices.Clone(r.hof.Entries) }

// Best returns the best candidate, its training score and its held-out score
// (zero Score when there is no test evaluator).
func (r *Run) Best() (opt.Candidate, Score, Score, bool) {
	return r.best.Clone(), r.bestScore, r.testScore, r.hasBest
}

// Done reports whether the run has finished and why.
func (r *Run) Done() (bool, string) { return r.o.Done() }

// Elapsed returns the accumulated evaluation time (across resumes).
func (r *Run) Elapsed() time.Duration { return r.elapsed }

// Step runs one generation: Ask, evaluate the unknown candidates, Tell. On
// error (including cancellation) the run is unchanged and can be
// checkpointed or stepped again.
func (r *Run) Step(ctx context.Context) (Record, error) {
	if d, _ := r.o.Done(); d {
		return Record{}, ErrDone
	}
	start := r.Now()
	if err := r.recompile(ctx); err != nil {
		return Record{}, err
	}
	prev := r.cache
	cands := r.o.Ask()
	// Unknown candidates are scored once per distinct vector; with absolute
	// fitness, vectors scored in the previous generation are reused too
	// (the optimizer still counts them as evaluations). Relative fitness
	// (games between the candidates) scores every candidate, duplicates
	// included: each is an entrant.
	relative := r.setup.Config.Relative
	var xs [][]int32
	var idx []int
	first := map[string]int{} // vector key -> index in xs
	var keys []string
	var at []int // index in xs of each idx entry (-1: from the cache)
	for i, c := range cands {
		if c.Known {
			continue
		}
		k := vectorKey(c.X)
		idx = append(idx, i)
		keys = append(keys, k)
		if j, ok := first[k]; ok && !relative {
			at = append(at, j)
			continue
		}
		if _, ok := r.cache[k]; ok && !relative {
			at = append(at, -1)
			continue
		}
		first[k] = len(xs)
		at = append(at, len(xs))
		xs = append(xs, c.X)
	}
	fresh, err := r.train.Score(ctx, xs)
	if err != nil {
		return Record{}, fmt.Errorf("tuner: generation %d: %w", r.o.Generation()+1, err)
	}
	if len(fresh) != len(xs) {
		return Record{}, fmt.Errorf("tuner: generation %d: evaluator returned %d scores for %d candidates", r.o.Generation()+1, len(fresh), len(xs))
	}
	scores := make([]Score, len(idx))
	cache := make(map[string]Score, len(idx))
	for k, key := range keys {
		if at[k] >= 0 {
			scores[k] = fresh[at[k]]
		} else {
			scores[k] = r.cache[key]
		}
		cache[key] = scores[k]
	}
	r.scored += len(xs)
	fit := make([]float64, len(cands))
	batchScore := make([]*Score, len(cands))
	for i, c := range cands {
		fit[i] = c.Fitness
	}
	for k, i := range idx {
		if math.IsNaN(scores[k].Fitness) || math.IsInf(scores[k].Fitness, 0) {
			return Record{}, fmt.Errorf("tuner: generation %d: candidate %d has fitness %v", r.o.Generation()+1, i, scores[k].Fitness)
		}
		fit[i] = scores[k].Fitness
		batchScore[i] = &scores[k]
		cands[i].Fitness = fit[i]
	}
	if gt, ok := r.o.(opt.GradientTeller); ok {
		grads := make([][]float64, len(cands))
		for k, i := range idx {
			grads[i] = scores[k].Grad
		}
		err = gt.TellGradient(fit, grads)
	} else {
		err = r.o.Tell(fit)
	}
	if err != nil {
		return Record{}, fmt.Errorf("tuner: generation %d: %w", r.o.Generation()+1, err)
	}
	r.hof.Update(cands)
	if !r.setup.Config.Relative {
		r.cache = cache
	}
	if b, ok := r.o.Best(); ok && (!r.hasBest || !slices.Equal(b.X, r.best.X) || b.Fitness != r.best.Fitness) {
		found := false
		for i, c := range cands {
			if batchScore[i] != nil && slices.Equal(c.X, b.X) {
				r.bestScore, found = *batchScore[i], true
				break
			}
		}
		if !found {
			// A Known candidate became the best (after a recompilation
			// re-scored the stored fitness): its score is in the cache.
			if sc, ok := prev[vectorKey(b.X)]; ok {
				r.bestScore = sc
			}
		}
		r.best, r.hasBest = b, true
	}
	// The held-out score of a new best. The generation is already told, so
	// a failure here is reported after the record is kept (the score is
	// retried at the next generation).
	var testErr error
	if r.test != nil && r.hasBest && !slices.Equal(r.testX, r.best.X) {
		ts, err := r.test.Score(ctx, [][]int32{r.best.X})
		switch {
		case err != nil:
			r.testX, testErr = nil, fmt.Errorf("tuner: generation %d: held-out score: %w", r.o.Generation(), err)
		case len(ts) != 1:
			r.testX, testErr = nil, fmt.Errorf("tuner: generation %d: held-out evaluator returned %d scores", r.o.Generation(), len(ts))
		default:
			r.testX, r.testScore = slices.Clone(r.best.X), ts[0]
		}
	}
	if err := r.validate(ctx); err != nil && testErr == nil {
		testErr = err
	}
	rec := Record{
		TrainLoss:    r.bestScore.Loss,
		TestLoss:     r.testScore.Loss,
		ValidFitness: r.validScore.Fitness,
		ValidLoss:    r.validScore.Loss,
		Generation:   r.o.Generation(),
		Evaluations:  r.o.Evaluations(),
		Scored:       r.scored,
		Best:         math.Inf(-1),
		Worst:        math.Inf(1),
		Diversity:    opt.Diversity(r.setup.Config.Specs, cands),
		TrainMatched: r.bestScore.Matched,
		TrainTotal:   r.bestScore.Total,
		TrainRate:    r.bestScore.Rate(),
		Nodes:        r.bestScore.Nodes,
		TestFitness:  r.testScore.Fitness,
		TestMatched:  r.testScore.Matched,
		TestTotal:    r.testScore.Total,
		TestRate:     r.testScore.Rate(),
	}
	for _, f := range fit {
		rec.Best = max(rec.Best, f)
		rec.Worst = min(rec.Worst, f)
		rec.Mean += f
	}
	rec.Mean /= float64(len(fit))
	r.elapsed += r.Now().Sub(start)
	rec.Seconds = r.elapsed.Seconds()
	r.records = append(r.records, rec)
	return rec, testErr
}

// validate scores a new best on the validation set and keeps the best by
// validation (Selected). Like the held-out score, a failure is reported
// after the generation was kept and retried at the next one.
func (r *Run) validate(ctx context.Context) error {
	if r.valid == nil || !r.hasBest || slices.Equal(r.validX, r.best.X) {
		return nil
	}
	vs, err := r.valid.Score(ctx, [][]int32{r.best.X})
	switch {
	case err != nil:
		r.validX = nil
		return fmt.Errorf("tuner: generation %d: validation score: %w", r.o.Generation(), err)
	case len(vs) != 1:
		r.validX = nil
		return fmt.Errorf("tuner: generation %d: validation evaluator returned %d scores", r.o.Generation(), len(vs))
	}
	r.validX, r.validScore = slices.Clone(r.best.X), vs[0]
	if !r.hasSel || vs[0].Fitness > r.selValid.Fitness {
		r.selected, r.selScore, r.selValid, r.hasSel = r.best.Clone(), r.bestScore, vs[0], true
	}
	return nil
}

// recompile re-resolves the training sample with the current best as
// reference when Problem.Recompile generations have passed since the last
// compilation, and re-scores every stored fitness with the new evaluator. It
// changes the run only once everything succeeded.
func (r *Run) recompile(ctx context.Context) error {
	k, gen := r.setup.Problem.Recompile, r.o.Generation()
	if k <= 0 || gen == 0 || gen%k != 0 || r.compiledAt >= gen || !r.hasBest {
		return nil
	}
	if slices.Equal(r.best.X, r.setup.Problem.Reference) {
		r.compiledAt = gen
		return nil
	}
	if _, ok := r.o.(opt.Refitter); !ok {
		return fmt.Errorf("tuner: generation %d: recompile: optimizer %s cannot re-score its stored fitness", gen, r.o.Name())
	}
	if r.Recompile == nil {
		return fmt.Errorf("tuner: generation %d: recompile: no Recompile function (set Run.Recompile from Prepared.Recompile)", gen)
	}
	evs, err := r.Recompile(ctx, r.best.X)
	if err != nil {
		return fmt.Errorf("tuner: generation %d: recompile: %w", gen, err)
	}
	train := evs.Train
	if train == nil {
		return fmt.Errorf("tuner: generation %d: recompile: no training evaluator", gen)
	}
	// Every stored vector, scored once in a fixed order.
	var xs [][]int32
	index := map[string]int{}
	add := func(x []int32) {
		k := vectorKey(x)
		if _, ok := index[k]; !ok {
			index[k] = len(xs)
			xs = append(xs, x)
		}
	}
	add(r.best.X)
	for _, c := range r.o.Ask() {
		add(c.X)
	}
	for _, c := range r.hof.Entries {
		add(c.X)
	}
	scores, err := train.Score(ctx, xs)
	if err != nil {
		return fmt.Errorf("tuner: generation %d: recompile: re-score: %w", gen, err)
	}
	if len(scores) != len(xs) {
		return fmt.Errorf("tuner: generation %d: recompile: evaluator returned %d scores for %d vectors", gen, len(scores), len(xs))
	}
	var missing error
	fit := func(x []int32) float64 {
		i, ok := index[vectorKey(x)]
		if !ok {
			// A vector stored where the run cannot see it: score it alone.
			sc, err := train.Score(ctx, [][]int32{x})
			if err == nil && len(sc) != 1 {
				err = fmt.Errorf("evaluator returned %d scores for 1 vector", len(sc))
			}
			if err != nil {
				if missing == nil {
					missing = fmt.Errorf("tuner: generation %d: recompile: re-score: %w", gen, err)
				}
				return math.Inf(-1)
			}
			index[vectorKey(x)], xs, scores = len(xs), append(xs, x), append(scores, sc[0])
			return sc[0].Fitness
		}
		return scores[i].Fitness
	}
	// Refit a copy of the optimizer, so that a failure leaves the run as it was.
	st, err := r.o.State()
	if err != nil {
		return fmt.Errorf("tuner: generation %d: recompile: %w", gen, err)
	}
	o, err := opt.Restore(st)
	if err != nil {
		return fmt.Errorf("tuner: generation %d: recompile: %w", gen, err)
	}
	o.(opt.Refitter).Refit(fit)
	hof := opt.HallOfFame{Size: r.hof.Size}
	for _, c := range r.hof.Entries {
		hof.Entries = append(hof.Entries, c.Clone())
	}
	hof.Refit(fit)
	b, hasBest := o.Best()
	if hasBest {
		fit(b.X)
	}
	if missing != nil {
		return missing
	}
	ref := slices.Clone(r.best.X)
	// Every re-scored vector stays known to the next generation (scores
	// under the new evaluator), as the last generation's scores would.
	var cache map[string]Score
	if !r.setup.Config.Relative {
		cache = make(map[string]Score, len(xs))
		for i, x := range xs {
			cache[vectorKey(x)] = scores[i]
		}
	}
	r.o, r.hof, r.train, r.cache = o, hof, train, cache
	if hasBest {
		r.best, r.bestScore = b, scores[index[vectorKey(b.X)]]
	}
	// Held-out and validation sets resolved under the reference are
	// re-scored under the new one. The selection by validation starts
	// afresh: scores of different references are not comparable.
	if evs.Test != nil {
		r.test, r.testX = evs.Test, nil
	}
	if evs.Validation != nil {
		r.valid, r.validX, r.hasSel = evs.Validation, nil, false
	}
	r.setup.Problem.Reference = ref
	r.compiledAt = gen
	return nil
}

// RunAll steps until the optimizer stops or ctx is cancelled, calling
// progress after every generation.
func (r *Run) RunAll(ctx context.Context, progress func(Record)) error {
	for {
		rec, err := r.Step(ctx)
		if errors.Is(err, ErrDone) {
			return nil
		}
		if err != nil {
			return err
		}
		if progress != nil {
			progress(rec)
		}
	}
}

// checkpoint is the on-disk form of a run.
type checkpoint struct {
	Format    string          `json:"format"`
	Setup     Setup           `json:"setup"`
	Optimizer json.RawMessage `json:"optimizer"`
	HallOf    opt.HallOfFame  `json:"hall_of_fame"`
	Records   []Record        `json:"records"`
	Best      *opt.Candidate  `json:"best,omitempty"`
	BestScore Score           `json:"best_score"`
	TestX     []int32         `json:"test_x,omitempty"`
	TestScore Score           `json:"test_score"`
	ElapsedNs int64           `json:"elapsed_ns"`
	Scored    int             `json:"scored"`
	Cache     []cacheEntry    `json:"cache,omitempty"`
	// CompiledAt is the generation of the last recompilation (Problem.Recompile).
	CompiledAt int `json:"compiled_at,omitempty"`
	// Digest names the training data the run was scored on (Prepared.Digest;
	// absent from checkpoints written before session 27).
	Digest string `json:"digest,omitempty"`
	// The validation score of the last best, and the selection by
	// validation (Run.Selected).
	ValidX     []int32        `json:"valid_x,omitempty"`
	ValidScore Score          `json:"valid_score"`
	Selected   *opt.Candidate `json:"selected,omitempty"`
	SelScore   Score          `json:"selected_score"`
	SelValid   Score          `json:"selected_valid"`
}

// cacheEntry is one cached score in a checkpoint.
type cacheEntry struct {
	X     []int32 `json:"x"`
	Score Score   `json:"score"`
}

// vectorKey is a map key for a weight vector.
func vectorKey(x []int32) string {
	b := make([]byte, 4*len(x))
	for i, v := range x {
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	}
	return string(b)
}

func keyVector(k string) []int32 {
	x := make([]int32, len(k)/4)
	for i := range x {
		x[i] = int32(uint32(k[4*i]) | uint32(k[4*i+1])<<8 | uint32(k[4*i+2])<<16 | uint32(k[4*i+3])<<24)
	}
	return x
}

// checkpointFormat names the checkpoint layout. Format 2 (explicit start
// vectors, optimizer configs used as given) replaced format 1, whose zero
// config fields meant "default" and whose start could be the scheme's
// published weights; format-1 checkpoints are refused with a message.
const checkpointFormat = "evochess-tuner-checkpoint-2"

const checkpointFormat1 = "evochess-tuner-checkpoint-1"

// Checkpoint writes the complete run state as JSON.
func (r *Run) Checkpoint(w io.Writer) error {
	st, err := r.o.State()
	if err != nil {
		return fmt.Errorf("tuner: checkpoint: %w", err)
	}
	cp := checkpoint{Format: checkpointFormat, Setup: r.setup, Optimizer: st, HallOf: r.hof, Records: r.records,
		BestScore: r.bestScore, TestX: r.testX, TestScore: r.testScore, ElapsedNs: int64(r.elapsed), Scored: r.scored,
		CompiledAt: r.compiledAt, ValidX: r.validX, ValidScore: r.validScore, SelScore: r.selScore, SelValid: r.selValid,
		Digest: r.digest}
	if r.hasSel {
		c := r.selected.Clone()
		cp.Selected = &c
	}
	keys := make([]string, 0, len(r.cache))
	for k := range r.cache {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		cp.Cache = append(cp.Cache, cacheEntry{X: keyVector(k), Score: r.cache[k]})
	}
	if r.hasBest {
		b := r.best.Clone()
		cp.Best = &b
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(cp); err != nil {
		return fmt.Errorf("tuner: checkpoint: %w", err)
	}
	return nil
}

// Checkpointed is a checkpoint read back: its Setup tells the caller which
// evaluators to build before calling Resume.
type Checkpointed struct {
	Setup Setup
	cp    checkpoint
}

// CheckData refuses to resume on training data other than the checkpoint's:
// digest is the Prepared.Digest of the data about to be used. A checkpoint
// or a preparation that names no digest passes.
func (c *Checkpointed) CheckData(digest string) error {
	if c.cp.Digest == "" || digest == "" || c.cp.Digest == digest {
		return nil
	}
	return fmt.Errorf("tuner: resume: the training data are not the checkpoint's (digest %.12s, the checkpoint's %.12s): the games file or its sampling changed; resume with the same data or start a new run", digest, c.cp.Digest)
}

// ReadCheckpoint parses a checkpoint written by Run.Checkpoint.
func ReadCheckpoint(rd io.Reader) (*Checkpointed, error) {
	var cp checkpoint
	dec := json.NewDecoder(rd)
	if err := dec.Decode(&cp); err != nil {
		return nil, fmt.Errorf("tuner: read checkpoint: %w", err)
	}
	if cp.Format == checkpointFormat1 {
		return nil, fmt.Errorf("tuner: read checkpoint: format %q is from an earlier evochess (before explicit start vectors and complete optimizer configs) and cannot be resumed; start the run again", cp.Format)
	}
	if cp.Format != checkpointFormat {
		return nil, fmt.Errorf("tuner: read checkpoint: format %q, want %q", cp.Format, checkpointFormat)
	}
	if len(cp.Optimizer) == 0 {
		return nil, fmt.Errorf("tuner: read checkpoint: no optimizer state")
	}
	return &Checkpointed{Setup: cp.Setup, cp: cp}, nil
}

// ResumePrepared rebuilds the run with the evaluators of prep (Prepare of
// the checkpoint's Setup), like NewRunPrepared.
func (c *Checkpointed) ResumePrepared(prep *Prepared) (*Run, error) {
	if err := c.CheckData(prep.Digest); err != nil {
		return nil, err
	}
	r, err := c.Resume(prep.Train, prep.Test)
	if err != nil {
		return nil, err
	}
	r.Recompile, r.valid = prep.Recompile, prep.Validation
	return r, nil
}

// Resume rebuilds the run with the given evaluators (which must be built from
// Setup exactly as for the original run).
func (c *Checkpointed) Resume(train, test Scorer) (*Run, error) {
	if train == nil {
		return nil, fmt.Errorf("tuner: resume: no evaluator")
	}
	o, err := opt.Restore(c.cp.Optimizer)
	if err != nil {
		return nil, fmt.Errorf("tuner: resume: %w", err)
	}
	if o.Name() != c.Setup.Algorithm {
		return nil, fmt.Errorf("tuner: resume: optimizer %q, setup says %q", o.Name(), c.Setup.Algorithm)
	}
	r := &Run{setup: c.Setup, o: o, train: train, test: test, hof: c.cp.HallOf, records: c.cp.Records,
		bestScore: c.cp.BestScore, testX: c.cp.TestX, testScore: c.cp.TestScore,
		elapsed: time.Duration(c.cp.ElapsedNs), Now: time.Now, scored: c.cp.Scored, compiledAt: c.cp.CompiledAt, digest: c.cp.Digest,
		validX: c.cp.ValidX, validScore: c.cp.ValidScore, selScore: c.cp.SelScore, selValid: c.cp.SelValid}
	if c.cp.Selected != nil {
		r.selected, r.hasSel = c.cp.Selected.Clone(), true
	}
	if len(c.cp.Cache) > 0 {
		r.cache = make(map[string]Score, len(c.cp.Cache))
		for _, e := range c.cp.Cache {
			r.cache[vectorKey(e.X)] = e.Score
		}
	}
	if c.cp.Best != nil {
		r.best, r.hasBest = c.cp.Best.Clone(), true
	}
	return r, nil
}
