package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"sync"
	"time"

	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/opt"
	"github.com/evochess/evochess/wasm/protocol"
)

// TunerOptions maps a run config onto the tuner's options (what `evochess
// tune` builds from the same flags). The games are named by
// cfg.Data.Source; cfg.Start names the start vector (tuner.Problem.Start).
func TunerOptions(cfg protocol.RunConfig) (tuner.Options, error) {
	o := tuner.Options{
		Algorithm: cfg.Algorithm, Preset: cfg.Preset, Scheme: cfg.Scheme, Fitness: cfg.Fitness,
		Generations: cfg.Generations, Population: cfg.Population, Params: cfg.Params, Selection: cfg.Selection,
		Seed: cfg.Seed, Positions: cfg.Data.Sample.Train, TestPositions: cfg.Data.Sample.Test,
		Depth: cfg.Depth, Games: cfg.Games, GameDepth: cfg.GameDepth, Unsolved: cfg.Unsolved, NodeCap: cfg.NodeCap,
		PGN: cfg.Data.Source, HallOfFame: cfg.HallOfFame,
		DataSeed: cfg.Data.Sample.Seed, Protocol: cfg.Data.Sample.Protocol,
		MinPly: cfg.Data.Sample.MinPly, MaxPly: cfg.Data.Sample.MaxPly, MinElo: cfg.Data.Sample.MinElo,
		Recompile: cfg.Recompile, Start: cfg.Start, L2: cfg.L2,
	}
	algo := o.Algorithm
	if pre, err := tuner.LookupPreset(o.Preset); algo == "" && err == nil {
		algo = pre.Algorithm
	}
	if algo != "" && !opt.ReadsField(algo, "pop") {
		// The Tune tab hides Population for the methods without one, but a
		// config saved by an earlier page (an interrupted run to resume)
		// may still carry it; the tuner would refuse it.
		o.Population = 0
	}
	if cfg.Start != "" && o.Scheme == "" {
		// A start naming an evaluation preset implies its scheme, as
		// evochess tune does.
		o.Scheme = tuner.StartScheme(cfg.Start)
	}
	return o, nil
}

// Configure turns a run config into the tuner's Setup.
func Configure(cfg protocol.RunConfig) (tuner.Setup, error) {
	if err := CheckConfig(cfg); err != nil {
		return tuner.Setup{}, err
	}
	o, err := TunerOptions(cfg)
	if err != nil {
		return tuner.Setup{}, err
	}
	s, err := tuner.Configure(o)
	if err != nil {
		return tuner.Setup{}, fmt.Errorf("runner: %w", err)
	}
	return s, nil
}

// Live is the state of a running run that other goroutines may read: the
// best candidate so far.
type Live struct {
	mu    sync.Mutex
	setup tuner.Setup
	best  []int32
	rec   tuner.Record
	ok    bool
}

func (l *Live) set(setup tuner.Setup, best []int32, rec tuner.Record) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.setup, l.best, l.rec, l.ok = setup, slices.Clone(best), rec, true
}

// Player returns the best player so far as engine/player JSON.
func (l *Live) Player() ([]byte, error) {
	l.mu.Lock()
	setup, best, rec, ok := l.setup, l.best, l.rec, l.ok
	l.mu.Unlock()
	if !ok {
		return nil, errors.New("runner: no generation finished yet")
	}
	return PlayerJSON(setup, best, rec)
}

// Options are the hooks of Run.
type Options struct {
	// Control pauses, steps, resumes and stops the run (nil: NewControl()).
	Control *Control
	// Emit receives the run's messages: run-state and progress (required).
	Emit func(protocol.Body)
	// Open resolves files other than the games (opening books, EPD suites),
	// named relative to the site's data folder (nil: refused).
	Open func(name string) (io.ReadCloser, error)
	// Workers is the number of goroutines scoring candidates (0: all cores).
	Workers int
	// Yield, when not nil, is called between candidate evaluations.
	Yield func()
	// Split, when not nil, builds the training evaluator from nested
	// workers (not used for relative fitness such as tournaments).
	Split func(ctx context.Context, setup tuner.Setup) (tuner.Scorer, func(), error)
	// Live, when not nil, is kept up to date with the best candidate.
	Live *Live
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// CheckpointEvery attaches the run's checkpoint to the progress of
	// the first generation and then of a generation at least this long after
	// the last one sent (0: never; negative: every generation). Checkpoints larger than
	// protocol.MaxCheckpointBytes are not sent.
	CheckpointEvery time.Duration
	// Distribute, when set, spreads the training work over other processes
	// (tuner.Resources.Distribute: evochess serve -distributed, natively).
	Distribute func(ctx context.Context, s tuner.Setup, train, prev tuner.Scorer) (tuner.Scorer, error)
	// Resume, when set, is a checkpoint (a progress message's Checkpoint)
	// the run continues from instead of starting afresh.
	Resume []byte
}

// resources returns the tuner resources over games g and the host.
func (s *Session) resources(g *Games, workers int) tuner.Resources {
	return gameResources(g, s.fetchOpen, workers)
}

// fetchOpen opens a data file through the host's Fetch.
func (s *Session) fetchOpen(name string) (io.ReadCloser, error) {
	if s.host.Fetch == nil {
		return nil, fmt.Errorf("runner: cannot open %s: no fetch in this host", name)
	}
	rc, _, err := s.host.Fetch(context.Background(), path.Join("data", name))
	return rc, err
}

// gameResources resolves the games' name to the loaded text and other names
// through open.
func gameResources(g *Games, open func(string) (io.ReadCloser, error), workers int) tuner.Resources {
	return tuner.Resources{Workers: workers, Open: func(name string) (io.ReadCloser, error) {
		if name == g.name {
			return io.NopCloser(bytes.NewReader(g.text)), nil
		}
		if open == nil {
			return nil, fmt.Errorf("runner: cannot open %s: only the loaded games (%s) are available", name, g.name)
		}
		return open(name)
	}}
}

// yieldingScorer scores a batch one candidate at a time with yield in
// between, so a single-threaded WebAssembly worker serves its event loop
// between candidates. Relative evaluators (tournaments) are returned as is.
func yieldingScorer(ev tuner.Scorer, yield func()) tuner.Scorer {
	if yield == nil || ev == nil {
		return ev
	}
	if _, relative := ev.(*tuner.Tournament); relative {
		return ev
	}
	return tuner.ScorerFunc(func(ctx context.Context, cands [][]int32) ([]tuner.Score, error) {
		out := make([]tuner.Score, 0, len(cands))
		for _, c := range cands {
			yield()
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			sc, err := ev.Score(ctx, [][]int32{c})
			if err != nil {
				return nil, err
			}
			out = append(out, sc...)
		}
		return out, nil
	})
}

// Run runs cfg on games to its end: it prepares the evaluators, steps the
// tuner generation by generation (waiting on o.Control between generations)
// and emits run-state and progress messages. It returns the best player as
// engine/player JSON (also after Stop, with ErrStopped).
func Run(ctx context.Context, games *Games, cfg protocol.RunConfig, o Options) ([]byte, error) {
	if o.Control == nil {
		o.Control = NewControl()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Live == nil {
		o.Live = &Live{}
	}
	setup, err := Configure(cfg)
	if err != nil {
		return nil, err
	}
	setup.Problem.PGN = games.name
	o.Emit(&protocol.RunState{State: protocol.StateRunning, CommandLine: cfg.CommandLine()})
	var cp *tuner.Checkpointed
	if len(o.Resume) > 0 {
		// A resumed run resolves its positions under the checkpoint's
		// reference (and Texel's K), as the run it continues last did.
		if cp, err = readResume(setup, o.Resume); err != nil {
			return nil, err
		}
		setup.Problem.Reference, setup.Problem.K = slices.Clone(cp.Setup.Problem.Reference), cp.Setup.Problem.K
		if setup.Problem.L2Auto {
			setup.Problem.L2 = cp.Setup.Problem.L2 // the pull the run sized at its start
		}
	}
	runCtx, cancel := o.Control.Context(ctx)
	defer cancel()
	res := gameResources(games, o.Open, o.Workers)
	res.Distribute = o.Distribute
	// A gradient run scores one candidate per generation: it stays in this
	// worker (its Texel evaluator is parallel itself where threads exist).
	split := o.Split != nil && !setup.Config.Relative && !opt.NeedsGradient(setup.Algorithm)
	// Split by positions, the nested workers hold every position (a share
	// each): this worker prepares none.
	shards := split && tuner.ShardsPositions(setup)
	var prep *tuner.Prepared
	if shards {
		if setup, err = tuner.ShardSetup(setup); err != nil {
			return nil, err
		}
		prep = &tuner.Prepared{}
	} else {
		if prep, err = tuner.PrepareRun(runCtx, setup, res); err != nil {
			return nil, stopErr(o.Control, err)
		}
		// The fitness workers compile the same resolved data: they get the
		// reference (and Texel's K) explicitly.
		setup = prep.Fix(setup)
	}
	train := prep.Train
	heldOut := prep.Test
	tm := &runTimer{now: o.Now}
	positions := prep.TrainPositions
	wrapHeldOut := func(evs tuner.Scorers) tuner.Scorers {
		evs.Test = tm.heldOutEv(yieldingScorer(evs.Test, o.Yield))
		evs.Validation = tm.heldOutEv(yieldingScorer(evs.Validation, o.Yield))
		return evs
	}
	wrap := func(evs tuner.Scorers) tuner.Scorers {
		evs.Train = tm.trainEv(yieldingScorer(evs.Train, o.Yield), positions)
		return wrapHeldOut(evs)
	}
	var recompile func(ctx context.Context, ref []int32) (tuner.Scorers, error)
	if prep.Recompile != nil {
		recompile = func(ctx context.Context, ref []int32) (tuner.Scorers, error) {
			evs, err := prep.Recompile(ctx, ref)
			if err != nil {
				return tuner.Scorers{}, err
			}
			return wrap(evs), nil
		}
	}
	if split {
		ev, closeSplit, err := o.Split(runCtx, setup)
		if err != nil {
			return nil, stopErr(o.Control, err)
		}
		defer closeSplit()
		if w, ok := ev.(interface{ Workers() int }); ok {
			tm.workers = w.Workers()
		}
		if shards {
			sp, ok := ev.(interface {
				Positions() (train, test int)
				HeldOut() tuner.Scorer
			})
			if !ok {
				return nil, errors.New("runner: these fitness workers cannot split by positions")
			}
			positions, _ = sp.Positions()
			heldOut = sp.HeldOut()
		}
		train = tm.trainEv(ev, positions)
		if sp, ok := ev.(interface {
			Reprepare(context.Context, tuner.Setup) error
		}); ok && (recompile != nil || shards && tuner.Quiescent(setup.Problem.Fitness)) {
			recompile = func(ctx context.Context, ref []int32) (tuner.Scorers, error) {
				s := setup
				s.Problem.Reference = ref
				if err := sp.Reprepare(ctx, s); err != nil {
					return tuner.Scorers{}, err
				}
				evs := tuner.Scorers{}
				if prep.RecompileHeldOut != nil {
					if evs, err = prep.RecompileHeldOut(ctx, ref); err != nil {
						return tuner.Scorers{}, err
					}
				}
				// The nested workers score a whole batch at once: the
				// split is not wrapped to score one candidate at a time.
				evs = wrapHeldOut(evs)
				evs.Train = tm.trainEv(ev, positions)
				return evs, nil
			}
		} else if setup.Problem.Recompile > 0 {
			return nil, errors.New("runner: recompile is not available with these fitness workers")
		}
	} else {
		train = tm.trainEv(yieldingScorer(train, o.Yield), positions)
	}
	if !shards { // a split's held-out evaluator only waits for the workers
		heldOut = yieldingScorer(heldOut, o.Yield)
	}
	test := tm.heldOutEv(heldOut)
	var run *tuner.Run
	if cp != nil {
		if err = cp.CheckData(prep.Digest); err == nil {
			run, err = cp.Resume(train, test)
		}
	} else {
		run, err = tuner.NewRun(setup, train, test)
	}
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	if prep.Digest != "" {
		run.SetDigest(prep.Digest)
	}
	if prep.Validation != nil {
		run.SetValidation(tm.heldOutEv(yieldingScorer(prep.Validation, o.Yield)))
	}
	if len(o.Resume) > 0 {
		if best, _, _, ok := run.Best(); ok {
			if recs := run.Records(); len(recs) > 0 {
				o.Live.set(setup, best.X, recs[len(recs)-1])
			}
		}
	}
	var lastCheckpoint time.Time
	run.Recompile = tm.resolveFn(recompile)
	run.Now = o.Now
	var rec tuner.Record
	paused := false
	for {
		err := o.Control.Wait(runCtx, func() {
			paused = true
			o.Emit(&protocol.RunState{State: protocol.StatePaused})
		})
		if err != nil {
			return finalPlayer(o.Live, stopErr(o.Control, err))
		}
		if paused {
			paused = false
			if !o.Control.Paused() {
				o.Emit(&protocol.RunState{State: protocol.StateRunning})
			}
		}
		r, err := run.Step(runCtx)
		if errors.Is(err, tuner.ErrDone) {
			_, why := run.Done()
			o.Emit(&protocol.RunState{State: protocol.StateDone, Reason: why})
			return finalPlayer(o.Live, nil)
		}
		if err != nil && r.Generation == 0 {
			return finalPlayer(o.Live, stopErr(o.Control, err))
		}
		rec = r
		best, _, _, ok := run.Best()
		if ok {
			o.Live.set(setup, best.X, rec)
		}
		p := progress(setup, rec, best.X, ok)
		p.Timing = tm.timing()
		if now := o.Now(); o.CheckpointEvery != 0 && (lastCheckpoint.IsZero() || o.CheckpointEvery < 0 || now.Sub(lastCheckpoint) >= o.CheckpointEvery) {
			var b bytes.Buffer
			if cerr := run.Checkpoint(&b); cerr == nil && b.Len() <= protocol.MaxCheckpointBytes {
				p.Checkpoint, lastCheckpoint = bytes.TrimSpace(b.Bytes()), now
			}
		}
		o.Emit(p)
		if err != nil { // held-out scoring failed after the generation was kept
			return finalPlayer(o.Live, stopErr(o.Control, err))
		}
	}
}

// readResume reads checkpoint cp, which must be of the run that setup
// (from the same config) describes.
func readResume(setup tuner.Setup, cp []byte) (*tuner.Checkpointed, error) {
	c, err := tuner.ReadCheckpoint(bytes.NewReader(cp))
	if err != nil {
		return nil, err
	}
	got, want := c.Setup, setup
	got.Problem.Reference, want.Problem.Reference = nil, nil
	got.Problem.K, want.Problem.K = 0, 0
	if want.Problem.L2Auto {
		got.Problem.L2, want.Problem.L2 = 0, 0 // sized from the data at the start (Prepared.Fix)
	}
	if want.HallOfFame <= 0 {
		want.HallOfFame = 10 // tuner.NewRun's default
	}
	if want.Problem.Fitness == "tournament" {
		want.Config.Relative = true // as tuner.NewRun sets it
	}
	if !opt.ReadsField(want.Algorithm, "pop") {
		got.Config.Pop, want.Config.Pop = 0, 0 // earlier pages sent an unread population (TunerOptions)
	}
	gb, err1 := json.Marshal(got)
	wb, err2 := json.Marshal(want)
	if err1 != nil || err2 != nil || !bytes.Equal(gb, wb) {
		return nil, errors.New("resume: the checkpoint is of another run (settings or games differ)")
	}
	return c, nil
}

// stopErr maps a cancellation caused by Stop to ErrStopped.
func stopErr(ctl *Control, err error) error {
	if ctl.Stopped() && (errors.Is(err, context.Canceled) || errors.Is(err, ErrStopped)) {
		return ErrStopped
	}
	return err
}

// finalPlayer returns the best player (if any) with err.
func finalPlayer(l *Live, err error) ([]byte, error) {
	p, perr := l.Player()
	if perr != nil {
		return nil, err
	}
	return p, err
}

// progress builds the progress message of one generation.
func progress(setup tuner.Setup, rec tuner.Record, best []int32, ok bool) *protocol.Progress {
	p := &protocol.Progress{
		Generation: rec.Generation, Generations: setup.Config.Generations,
		Best: rec.Best, Mean: rec.Mean, Worst: rec.Worst,
		TrainMatch: rec.TrainRate, TestMatch: -1,
		Evaluations: int64(rec.Evaluations),
		ElapsedMS:   int64(rec.Seconds * 1000), ETAMS: -1,
	}
	if rec.TestTotal > 0 {
		p.TestMatch = rec.TestRate
	}
	p.TrainLoss, p.TestLoss, p.ValidLoss = rec.TrainLoss, rec.TestLoss, rec.ValidLoss
	if p.Generations > 0 && rec.Generation > 0 {
		left := p.Generations - rec.Generation
		p.ETAMS = max(0, p.ElapsedMS*int64(left)/int64(rec.Generation))
	}
	if ok {
		p.BestWeights = make(map[string]int, len(best))
		for i, sp := range setup.Config.Specs {
			if i < len(best) {
				p.BestWeights[sp.Name] = int(best[i])
			}
		}
	}
	return p
}

// sessionRun is a run started by a start-run message.
type sessionRun struct {
	ctl  *Control
	live *Live
	done bool
}

// startRun starts a run in the worker. Its messages carry the run id.
func (s *Session) startRun(id string, req *protocol.StartRun) {
	g, err := s.loadedGames()
	if err != nil {
		s.fail(id, protocol.TypeStartRun, err)
		return
	}
	s.mu.Lock()
	if r := s.runs[id]; r != nil && !r.done {
		s.mu.Unlock()
		s.fail(id, protocol.TypeStartRun, fmt.Errorf("runner: run %q is already running", id))
		return
	}
	sr := &sessionRun{ctl: NewControl(), live: &Live{}}
	s.runs[id] = sr
	s.mu.Unlock()
	opts := Options{
		Control: sr.ctl, Live: sr.live, Workers: s.workers(), Yield: s.host.Yield, Now: s.host.Now,
		Emit: func(b protocol.Body) { s.post(id, b) },
		Open: s.fetchOpen, Resume: req.Checkpoint, CheckpointEvery: s.host.CheckpointEvery,
	}
	if opts.CheckpointEvery == 0 {
		opts.CheckpointEvery = DefaultCheckpointEvery
	}
	if n := req.FitnessWorkers; n > 0 && s.host.FitnessWorkers != nil {
		opts.Split = func(ctx context.Context, setup tuner.Setup) (tuner.Scorer, func(), error) {
			sp, err := NewSplit(ctx, s.host.FitnessWorkers, n, g, setup)
			if err != nil {
				return nil, nil, err
			}
			return sp, sp.Close, nil
		}
	}
	s.goRun(func() {
		player, err := Run(context.Background(), g, req.Config, opts)
		switch {
		case errors.Is(err, ErrStopped):
			s.post(id, &protocol.RunState{State: protocol.StateStopped, Reason: "stopped"})
		case err != nil:
			s.post(id, &protocol.RunState{State: protocol.StateFailed, Reason: err.Error()})
		}
		if player != nil {
			s.post(id, &protocol.PlayerFile{Player: player})
		}
		s.mu.Lock()
		sr.done = true
		s.mu.Unlock()
	})
}

// control applies pause, resume, step or stop to the run named id.
func (s *Session) control(id string, t protocol.Type) {
	s.mu.Lock()
	r := s.runs[id]
	s.mu.Unlock()
	if r == nil {
		s.fail(id, t, fmt.Errorf("runner: no run %q", id))
		return
	}
	switch t {
	case protocol.TypePause:
		r.ctl.Pause()
	case protocol.TypeResume:
		r.ctl.Resume()
	case protocol.TypeStep:
		r.ctl.Step()
	case protocol.TypeStop:
		r.ctl.Stop()
	}
}

// getPlayer answers with the best player so far of run id.
func (s *Session) getPlayer(id string) {
	s.mu.Lock()
	r := s.runs[id]
	s.mu.Unlock()
	if r == nil {
		s.fail(id, protocol.TypeGetPlayer, fmt.Errorf("runner: no run %q", id))
		return
	}
	p, err := r.live.Player()
	if err != nil {
		s.fail(id, protocol.TypeGetPlayer, err)
		return
	}
	s.post(id, &protocol.PlayerFile{Player: p})
}
