package tuner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/tuner/data"
	"github.com/evochess/evochess/tuner/fitness"
	"github.com/evochess/evochess/tuner/opt"
)

// Resources is what Prepare needs from the outside world. The tuner does no
// file-system I/O itself: Open resolves the names in a Problem (PGN, EPD,
// opening book), e.g. relative to the shared data folder natively or from
// fetched bytes in the browser.
type Resources struct {
	Open func(name string) (io.ReadCloser, error)
	// Workers is the number of goroutines scoring candidates (0: all cores).
	Workers int
	// Cache, if set, keeps parsed datasets between Prepare calls.
	Cache *DataCache
	// Progress, if set, receives one line per preparation step.
	Progress func(string)
	// Distribute, if set, replaces the training evaluator of a run prepared
	// with PrepareRun by one that spreads its work over other processes
	// (tuner/dist); prev is the evaluator it returned before (a
	// recompilation), nil the first time.
	Distribute func(ctx context.Context, s Setup, train, prev Scorer) (Scorer, error)
	// QMemoBytes bounds the memory a quiescence-resolved run's training
	// positions keep for their re-resolves, and its held-out positions for
	// their scoring, each (search.QMemo): 0 means a budget sized by the
	// positions (QMemoBudget), a negative value none. The result does not
	// depend on it, only the time a re-resolve or a held-out scoring takes.
	QMemoBytes int
}

// DefaultQMemoBytes is the least budget QMemoBudget gives (32 MiB).
const DefaultQMemoBytes = 32 << 20

// Budget per position of the memos QMemoBudget sizes. A training position's
// trees grow as a run re-resolves under new references: about 33 KB per
// position under one reference and 58 KB by the end of the classroom run
// (vazquez29, the bundled games, 1,000 positions, 7 re-resolves); its
// held-out positions' depth-1 searches keep about 11 KB each.
const (
	QMemoTrainPerPosition   = 64 << 10
	QMemoHeldOutPerPosition = 16 << 10
)

// QMemoBudget returns the memo budget of n positions at perPosition bytes
// each for Resources.QMemoBytes 0: at least DefaultQMemoBytes, at most
// MaxQMemoBytes (256 MiB natively; 32 MiB in WebAssembly, where a browser
// worker's memory is scarce and a split run's nested workers each hold a
// share of the positions).
func QMemoBudget(n, perPosition int) int {
	return min(max(DefaultQMemoBytes, n*perPosition), MaxQMemoBytes)
}

// qmemoBytes returns the budget of n positions at perPosition bytes each.
func (r Resources) qmemoBytes(n, perPosition int) int {
	if r.QMemoBytes == 0 {
		return QMemoBudget(n, perPosition)
	}
	return max(r.QMemoBytes, 0)
}

// DataCache keeps datasets by file name and protocol, and game sets by
// file name and rating filter.
type DataCache struct {
	mu    sync.Mutex
	m     map[string]*data.Dataset
	games map[string]*data.GameSet
}

// Prepared holds what a run needs besides its Setup.
type Prepared struct {
	Train, Test Scorer
	// Digest identifies the training data (dataset sha256 with protocol).
	Digest string
	// TrainPositions and TestPositions are the sizes actually used.
	TrainPositions, TestPositions int
	// Unsolved holds the training indices kept by Problem.Unsolved.
	Unsolved []int
	// K is the Texel sigmoid scale (Texel fitness only).
	K float64
	// L2 is the training fitness's pull toward the start (Texel; the
	// value Problem.L2Auto sized, kept like K so that a resumed run or a
	// fitness worker uses it whatever its own first compilation gives).
	L2 float64
	// Reference is the quiescence reference the training sample was
	// resolved with ("match-qs", "match2-qs"; nil otherwise): pass it as
	// Problem.Reference to build the same evaluator elsewhere.
	Reference []int32
	// Validation scores candidates on the validation set (texel with
	// Problem.ValidationPercent; nil otherwise).
	Validation Scorer
	// ValidationPositions is its size.
	ValidationPositions int
	// Recompile (a resolved fitness) resolves the same positions with
	// another reference; Run.Recompile calls it.
	Recompile func(ctx context.Context, reference []int32) (Scorers, error)
	// RecompileHeldOut, when the held-out and validation sets are resolved
	// under the reference too (texel), rebuilds only those (Scorers
	// without Train), for a coordinator whose training evaluator lives in
	// fitness workers.
	RecompileHeldOut func(ctx context.Context, reference []int32) (Scorers, error)
}

// Prepare loads the data of s.Problem and builds the training and held-out
// evaluators through the fitness registry (FitnessKind.Compile).
// Everything it does is determined by s (data sampling uses
// Problem.DataSeed), so a resumed run gets the same evaluators.
func Prepare(ctx context.Context, s Setup, res Resources) (*Prepared, error) {
	k, err := LookupFitness(s.Problem.Fitness)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %w", err)
	}
	return k.Compile(ctx, s, res)
}

// say reports one preparation step.
func (res Resources) say(format string, a ...any) {
	if res.Progress != nil {
		res.Progress(fmt.Sprintf(format, a...))
	}
}

// OpenFile opens a named input (games, suite, openings) with res.Open.
func (res Resources) OpenFile(name string) (io.ReadCloser, error) {
	if res.Open == nil {
		return nil, fmt.Errorf("tuner: prepare: cannot open %s: no Open function", name)
	}
	f, err := res.Open(name)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %w", err)
	}
	return f, nil
}

// matchSet is a compiled sample in consecutive parts (compiled in parallel),
// scored as one: a position's choice depends only on the position.
type matchSet []*fitness.MoveMatch

func (ms matchSet) Positions() int {
	n := 0
	for _, m := range ms {
		n += m.Positions()
	}
	return n
}

func (ms matchSet) Check(w []int32) error {
	for _, m := range ms {
		if err := m.Check(w); err != nil {
			return err
		}
	}
	return nil
}

// Score returns the positions matched by w; hits (optional) gets one entry
// per position, in sample order.
func (ms matchSet) Score(w []int32, hits []bool) int { return ms.scoreHinted(w, hits, nil) }

// newHints returns scoring hints for each part (fitness.Hints), for one
// goroutine.
func (ms matchSet) newHints() []*fitness.Hints {
	hs := make([]*fitness.Hints, len(ms))
	for i, m := range ms {
		hs[i] = m.NewHints()
	}
	return hs
}

// scoreHinted is Score with hints from newHints (nil: none).
func (ms matchSet) scoreHinted(w []int32, hits []bool, hs []*fitness.Hints) int {
	n, off := 0, 0
	for i, m := range ms {
		var h []bool
		if hits != nil {
			h = hits[off : off+m.Positions()]
		}
		var hint *fitness.Hints
		if hs != nil {
			hint = hs[i]
		}
		n += m.ScoreHinted(w, h, hint)
		off += m.Positions()
	}
	return n
}

// compileMatch compiles samples for move match: unresolved, or resolved by
// the quiescence search under ref, in up to workers parts compiled on
// goroutines (the result does not depend on the number of parts).
func compileMatch(sc eval.Scheme, smp []data.Sample, qs bool, ref []int32, workers int, memos *qmemos) (matchSet, error) {
	if !qs {
		mm, err := fitness.CompileMoveMatch(sc, smp)
		if err != nil {
			return nil, err
		}
		return matchSet{mm}, nil
	}
	parts := partCount(len(smp), workers, 64)
	out := make(matchSet, parts)
	ms := memos.forParts(parts)
	if err := runParts(len(smp), parts, func(k, lo, hi int) (err error) {
		out[k], err = fitness.CompileMoveMatchOpts(sc, smp[lo:hi], fitness.CompileOptions{Quiescence: true, Reference: ref, Memo: ms[k]})
		return err
	}); err != nil {
		return nil, err
	}
	return out, nil
}

// qmemos keeps the quiescence memos (search.QMemo) of one training set's
// resolved compilations, one per part (a part is compiled on a goroutine
// of its own, and the same positions fall to the same part every time),
// from one re-resolve to the next. A nil *qmemos keeps none.
type qmemos struct {
	bytes int // the whole budget, shared evenly by the parts
	m     []*search.QMemo
}

// newQMemos returns the memos of one training set, nil when bytes <= 0.
func newQMemos(bytes int) *qmemos {
	if bytes <= 0 {
		return nil
	}
	return &qmemos{bytes: bytes}
}

// forParts returns a memo per part (nil entries for a nil q): the ones
// kept, or new ones when the number of parts changed.
func (q *qmemos) forParts(parts int) []*search.QMemo {
	if q == nil {
		return make([]*search.QMemo, parts)
	}
	if len(q.m) != parts {
		q.m = make([]*search.QMemo, parts)
		for k := range q.m {
			q.m[k] = search.NewQMemo(q.bytes / parts)
		}
	}
	return q.m
}

// quiescenceReference returns the reference of a resolved fitness:
// Problem.Reference, else the run's start vector (Config.Init[0], which
// Configure sets from Problem.Start). There is no other fallback: a run
// never resolves under weights it did not choose.
func quiescenceReference(s Setup) ([]int32, error) {
	ref := s.Problem.Reference
	if ref == nil && len(s.Config.Init) > 0 {
		ref = s.Config.Init[0]
	}
	if ref == nil {
		return nil, fmt.Errorf("tuner: prepare: fitness %s needs a reference: no Problem.Reference and no start vector (Configure sets one from Problem.Start)", s.Problem.Fitness)
	}
	if len(ref) != len(s.Config.Specs) {
		return nil, fmt.Errorf("tuner: prepare: quiescence reference has %d weights, the scheme %d", len(ref), len(s.Config.Specs))
	}
	for i, sp := range s.Config.Specs {
		if v := int(ref[i]); v < sp.Min || v > sp.Max {
			return nil, fmt.Errorf("tuner: prepare: quiescence reference: %s = %d outside [%d, %d]", sp.Name, v, sp.Min, sp.Max)
		}
	}
	return slices.Clone(ref), nil
}

// exactQuiescenceTest scores the held-out positions of a quiescence-resolved
// match exactly: by the real search engine/search plays at depth 1 with
// quiescence and the "plain" parameters (fitness.SearchMoveMatch), which is
// what the compiled match chooses when the candidate is its own reference.
// So the held-out rate is the candidate's real-search match rate, not the
// approximation the training fitness uses away from its reference. The
// positions are split over workers goroutines; the count does not depend on
// the split. Each position's search stops once its answer is known
// (fitness.SearchSet.MatchDepth1: the same count as fitness.SearchMoveMatch).
// The searches' quiescence trees are kept (search.QMemo, within
// memoBytes; 0 or less: none) for the next candidate's.
func exactQuiescenceTest(sc eval.Scheme, test []data.Sample, workers, memoBytes int) (Scorer, error) {
	return heldOutTest(sc, test, workers, newQMemos(memoBytes), func(ctx context.Context, set *fitness.SearchSet, ev *eval.Evaluator, memo *search.QMemo) (fitness.SearchMatch, error) {
		return set.MatchDepth1Memo(ctx, ev, nil, memo)
	})
}

// searchTest scores candidates by the moves their real search plays on
// test with params at lim, the positions (parsed once) split over workers
// goroutines (the count does not depend on the split).
func searchTest(sc eval.Scheme, test []data.Sample, workers int, params search.Params, lim search.Limits) (Scorer, error) {
	return heldOutTest(sc, test, workers, nil, func(ctx context.Context, set *fitness.SearchSet, ev *eval.Evaluator, _ *search.QMemo) (fitness.SearchMatch, error) {
		return set.Match(ctx, ev, params, lim, 1, nil, nil)
	})
}

// heldOutTest scores candidates by match on test, the positions (parsed
// once) split over workers goroutines, each part matched with its own
// evaluator and count cache (the count does not depend on the split).
func heldOutTest(sc eval.Scheme, test []data.Sample, workers int, memos *qmemos,
	match func(context.Context, *fitness.SearchSet, *eval.Evaluator, *search.QMemo) (fitness.SearchMatch, error)) (Scorer, error) {
	set, err := fitness.NewSearchSet(test)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: held-out positions: %w", err)
	}
	parts := partCount(set.Len(), workers, 64)
	counts := newCountCaches(sc, set.Len()/parts*heldOutCounts)
	ms := memos.forParts(parts)
	busy := make([]sync.Mutex, parts) // a memo serves one search at a time
	return ScorerFunc(func(ctx context.Context, cands [][]int32) ([]Score, error) {
		out := make([]Score, len(cands))
		for i, w := range cands {
			matched := make([]int, parts)
			if err := runParts(set.Len(), parts, func(k, lo, hi int) error {
				ev, err := eval.New(sc, w)
				if err != nil {
					return err
				}
				c := counts.get()
				defer counts.put(c)
				if err := ev.SetCountCache(c); err != nil {
					return err
				}
				busy[k].Lock()
				defer busy[k].Unlock()
				r, err := match(ctx, set.Slice(lo, hi), ev, ms[k])
				matched[k] = r.Matched
				return err
			}); err != nil {
				return nil, fmt.Errorf("tuner: held-out positions: %w", err)
			}
			m := 0
			for _, x := range matched {
				m += x
			}
			out[i] = Score{Fitness: float64(m), Matched: m, Total: set.Len()}
		}
		return out, nil
	}), nil
}

// The held-out count caches (eval.CountCache) hold heldOutCounts entries
// per position: about twice the distinct positions the depth-1 search of a
// held-out position evaluates (70 for vazquez29 on the bundled games, 80%
// of them again under other weights), capped at maxCounts entries per
// cache (2^17: 8.8 MB for vazquez29). (Resolving a training position
// evaluates about ten times more positions, too many to keep between
// recompilations.)
const (
	heldOutCounts = 128
	maxCounts     = 1 << 17
)

// countCaches hands out eval.CountCaches of one scheme, one per goroutine
// at a time, kept from one evaluation (or recompilation) to the next: the
// positions recur under every candidate's or reference's weights. get
// returns nil when the scheme has no dense counts or countCaches is nil.
type countCaches struct {
	sc      eval.Scheme
	entries int
	mu      sync.Mutex
	free    []*eval.CountCache
}

func newCountCaches(sc eval.Scheme, entries int) *countCaches {
	if !eval.Dense(sc) {
		return nil
	}
	return &countCaches{sc: sc, entries: min(entries, maxCounts)}
}

func (cc *countCaches) get() *eval.CountCache {
	if cc == nil {
		return nil
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if n := len(cc.free); n > 0 {
		c := cc.free[n-1]
		cc.free = cc.free[:n-1]
		return c
	}
	c, err := eval.NewCountCache(cc.sc, cc.entries)
	if err != nil {
		return nil // a dense scheme by construction
	}
	return c
}

func (cc *countCaches) put(c *eval.CountCache) {
	if cc == nil || c == nil {
		return
	}
	cc.mu.Lock()
	cc.free = append(cc.free, c)
	cc.mu.Unlock()
}

// matchPool scores candidates by move match (squared for David et al.),
// each worker with its own scoring hints (fitness.Hints).
func matchPool(mm matchSet, squared bool, workers int) *Pool {
	return &Pool{Workers: workers, New: func() (ScoreFunc, error) {
		hs := mm.newHints()
		return func(_ context.Context, w []int32) (Score, error) {
			if err := mm.Check(w); err != nil {
				return Score{}, err
			}
			m := mm.scoreHinted(w, nil, hs)
			f := float64(m)
			if squared {
				f = float64(m) * float64(m)
			}
			return Score{Fitness: f, Matched: m, Total: mm.Positions()}, nil
		}, nil
	}}
}

// unsolved returns Problem.Unsolved training indices (in increasing order)
// that none of the start players (Config.Init) matches, drawn with the data
// seed.
func unsolved(mm matchSet, cfg opt.Config, p Problem) ([]int, error) {
	players := cfg.Init
	if len(players) == 0 {
		return nil, fmt.Errorf("tuner: prepare: unsolved positions need start players (Config.Init)")
	}
	solved := make([]bool, mm.Positions())
	hits := make([]bool, mm.Positions())
	for _, w := range players {
		if err := mm.Check(w); err != nil {
			return nil, fmt.Errorf("tuner: prepare: start player: %w", err)
		}
		mm.Score(w, hits)
		for i, h := range hits {
			solved[i] = solved[i] || h
		}
	}
	var pool []int
	for i, s := range solved {
		if !s {
			pool = append(pool, i)
		}
	}
	if len(pool) == 0 {
		return nil, fmt.Errorf("tuner: prepare: every training position is solved by a start player")
	}
	rng := rand.New(rand.NewPCG(dataSeed(p), 0x756e736f))
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	keep := pool[:min(p.Unsolved, len(pool))]
	slices.Sort(keep)
	return keep, nil
}

func dataSeed(p Problem) uint64 {
	if p.DataSeed == 0 {
		return 1
	}
	return p.DataSeed
}

// Samples returns the training and held-out samples of p (the sampling
// Prepare does) and the digest of the training sample; say reports progress.
func Samples(ctx context.Context, p Problem, res Resources, say func(string, ...any)) (train, test []data.Sample, digest string, err error) {
	if p.PGN == "" {
		return nil, nil, "", fmt.Errorf("tuner: prepare: no training games (PGN) given")
	}
	name := p.Protocol
	if name == "" {
		if k, err := LookupFitness(p.Fitness); err == nil {
			name = k.DefaultProtocol
		}
		if name == "" {
			name = "david"
		}
	}
	proto, err := data.LookupProtocol(name)
	if err != nil {
		return nil, nil, "", fmt.Errorf("tuner: prepare: %w", err)
	}
	proto.Seed = dataSeed(p)
	proto.Positions = max(p.Positions, p.TestPositions)
	if p.MinPly != 0 {
		proto.MinPly = p.MinPly
	}
	if p.MaxPly != 0 {
		proto.MaxPly = p.MaxPly
	}
	if p.MinElo != 0 {
		proto.MinElo = p.MinElo
	}
	if p.TestPGN != "" {
		proto.TestPercent = 0
	}
	ds, err := dataset(ctx, res, p.PGN, proto, say)
	if err != nil {
		return nil, nil, "", err
	}
	train, test = ds.Train, ds.Test
	if p.TestPGN != "" {
		tp := proto
		tp.TestPercent = 100
		tds, err := dataset(ctx, res, p.TestPGN, tp, say)
		if err != nil {
			return nil, nil, "", err
		}
		test = tds.Test
	}
	if p.Positions > 0 && len(train) > p.Positions {
		train = train[:p.Positions]
	}
	if len(test) > p.TestPositions {
		test = test[:p.TestPositions]
	}
	say("positions: %d training, %d held out (%s, digest %.12s)", len(train), len(test), proto, ds.Digest)
	if len(train) < p.Positions || len(test) < p.TestPositions && p.TestPGN == "" && proto.TestPercent > 0 {
		say("fewer positions than asked (%d training, %d held out): the %s protocol finds no more in %s", p.Positions, p.TestPositions, name, p.PGN)
	}
	if len(train) == 0 {
		msg := fmt.Sprintf("tuner: prepare: %s gives no training position under the %s protocol (%d games read, %d unreadable", p.PGN, name, ds.GamesRead, ds.GamesSkipped)
		if len(ds.Skipped) > 0 {
			msg += fmt.Sprintf("; first error: %v", ds.Skipped[0])
		}
		msg += fmt.Sprintf("; positions are taken from ply %d", proto.MinPly)
		if proto.MinElo > 0 {
			msg += fmt.Sprintf(" of games with both players rated %d or more", proto.MinElo)
		}
		return nil, nil, "", errors.New(msg + ")")
	}
	return train, test, ds.Digest, nil
}

func dataset(ctx context.Context, res Resources, name string, proto data.Protocol, say func(string, ...any)) (*data.Dataset, error) {
	key := name + "|" + proto.String()
	if res.Cache != nil {
		res.Cache.mu.Lock()
		ds := res.Cache.m[key]
		res.Cache.mu.Unlock()
		if ds != nil {
			return ds, nil
		}
	}
	if res.Open == nil {
		return nil, fmt.Errorf("tuner: prepare: cannot open %s: no Open function", name)
	}
	f, err := res.Open(name)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %w", err)
	}
	defer f.Close()
	r, err := data.Unpack(f)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %s: %w", name, err)
	}
	say("reading %s", name)
	ds, err := data.Build(ctx, r, proto, nil)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %s: %w", name, err)
	}
	if ds.GamesSkipped > 0 {
		say("%s: %d games read, %d unreadable skipped", name, ds.GamesRead, ds.GamesSkipped)
		for _, e := range ds.Skipped[:min(3, len(ds.Skipped))] {
			say("skipped: %v", e)
		}
	}
	if res.Cache != nil {
		res.Cache.mu.Lock()
		if res.Cache.m == nil {
			res.Cache.m = map[string]*data.Dataset{}
		}
		res.Cache.m[key] = ds
		res.Cache.mu.Unlock()
	}
	return ds, nil
}

func openings(res Resources, name string) ([]arena.Opening, error) {
	if res.Open == nil {
		return nil, fmt.Errorf("tuner: prepare: cannot open %s: no Open function", name)
	}
	f, err := res.Open(name)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %w", err)
	}
	defer f.Close()
	ops, err := arena.ReadOpenings(f, name)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %w", err)
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("tuner: prepare: %s holds no openings", name)
	}
	return ops, nil
}

// gameSet reads (or takes from the cache) the finished games of name.
func gameSet(ctx context.Context, res Resources, name string, minElo int) (*data.GameSet, error) {
	key := fmt.Sprintf("%s|%d", name, minElo)
	if res.Cache != nil {
		res.Cache.mu.Lock()
		gs := res.Cache.games[key]
		res.Cache.mu.Unlock()
		if gs != nil {
			return gs, nil
		}
	}
	f, err := res.OpenFile(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := data.Unpack(f)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %s: %w", name, err)
	}
	res.say("reading %s", name)
	gs, err := data.ReadGames(ctx, r, minElo, nil)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %s: %w", name, err)
	}
	if len(gs.Games) == 0 {
		msg := fmt.Sprintf("tuner: prepare: %s: no finished game (%d read, %d unreadable, %d without a result or below the rating filter)", name, gs.GamesRead, gs.GamesSkipped, gs.Unfinished)
		if len(gs.Skipped) > 0 {
			msg += fmt.Sprintf("; first error: %v", gs.Skipped[0])
		}
		return nil, fmt.Errorf("%s", msg)
	}
	if gs.Unfinished > 0 {
		res.say("%s: %d finished games (%d unreadable skipped; %d without a result or below the rating filter left out)", name, len(gs.Games), gs.GamesSkipped, gs.Unfinished)
	} else {
		res.say("%s: %d finished games (%d unreadable skipped)", name, len(gs.Games), gs.GamesSkipped)
	}
	if res.Cache != nil {
		res.Cache.mu.Lock()
		if res.Cache.games == nil {
			res.Cache.games = map[string]*data.GameSet{}
		}
		res.Cache.games[key] = gs
		res.Cache.mu.Unlock()
	}
	return gs, nil
}
