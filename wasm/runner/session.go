package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/book"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/data"
	"github.com/evochess/evochess/wasm/protocol"
)

// Host is what a Session needs from where it runs: a Web Worker
// (wasm/worker) or a native test harness.
type Host struct {
	// Post sends one encoded message to the page. It must not block for long.
	Post func(msg []byte)
	// Fetch opens a same-origin URL (the bundled games, a load-data url),
	// returning its body and size (0 if unknown). nil: URLs are refused.
	Fetch func(ctx context.Context, url string) (io.ReadCloser, int64, error)
	// Yield, when not nil, is called often inside long computations; in a
	// WebAssembly worker it sleeps 1 ms every few ms (Yielder) so that the JS
	// event loop delivers pause and stop messages.
	Yield func()
	// FitnessWorkers, when not nil, starts n nested fitness workers whose
	// messages go to onMessage (see Split); nil: runs score candidates
	// in-process.
	FitnessWorkers func(n int, onMessage func(i int, msg []byte)) (Remote, error)
	// Workers is the number of goroutines that score candidates in-process
	// (0: runtime.NumCPU; a WebAssembly worker has one thread, so 1).
	Workers int
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// CheckpointEvery is how often a run's progress carries its checkpoint
	// (0: every DefaultCheckpointEvery; negative: every generation).
	CheckpointEvery time.Duration
}

// DefaultCheckpointEvery is how often a worker's run sends its checkpoint.
const DefaultCheckpointEvery = 2 * time.Second

// Session answers the protocol's requests in one worker: it holds the loaded
// games, the last sample, running runs and searches, and (as a nested
// fitness worker) a compiled fitness evaluator. Handle never blocks for long:
// long requests run in goroutines and report through Host.Post.
type Session struct {
	host Host

	mu       sync.Mutex
	games    *Games
	dataset  *data.Dataset
	runs     map[string]*sessionRun
	searches map[string]context.CancelFunc
	fitness  tuner.Scorer
	// fitnessTest scores a shard's held-out positions (nil: none);
	// fitnessShard says the fitness is one share of the positions.
	fitnessTest  tuner.Scorer
	fitnessShard bool
	// fitnessPrep is the last fitness-setup's preparation and fitnessKey
	// that setup without its quiescence reference (with its shard): a
	// setup that differs only by the reference — a recompiling run's next
	// one — re-resolves the training positions (Prepared.Recompile) and
	// keeps the rest, the held-out positions parsed once and their count
	// caches warm, as an in-process run does.
	fitnessPrep *tuner.Prepared
	fitnessKey  string
	prepared    int // fitness-setups prepared afresh (tests)
	// cache keeps the sampled positions of the loaded games between
	// fitness-setups (a recompiling run re-prepares with each reference).
	cache *tuner.DataCache
	book  *book.Book // the bundled opening book, once fetched (openBook)
	// loads counts the load-data requests received: a load installs its
	// games only if no later one was asked for meanwhile (the page waits for
	// the latest only).
	loads int
	wg    sync.WaitGroup
}

// NewSession returns a session bound to h.
func NewSession(h Host) *Session {
	if h.Now == nil {
		h.Now = time.Now
	}
	return &Session{host: h, runs: map[string]*sessionRun{}, searches: map[string]context.CancelFunc{}}
}

// Wait blocks until every request goroutine has finished (tests).
func (s *Session) Wait() { s.wg.Wait() }

// post encodes and sends body under id.
func (s *Session) post(id string, body protocol.Body) {
	msg, err := protocol.Encode(id, body)
	if err != nil {
		msg = protocol.MustEncode(id, &protocol.Error{Request: body.Type(), Message: err.Error()})
	}
	s.host.Post(msg)
}

// fail reports a failed request.
func (s *Session) fail(id string, req protocol.Type, err error) {
	s.post(id, &protocol.Error{Request: req, Message: err.Error()})
}

// goRun runs f in a tracked goroutine.
func (s *Session) goRun(f func()) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
}

// Handle processes one message from the page.
func (s *Session) Handle(raw []byte) {
	m, err := protocol.Decode(raw)
	if err != nil {
		// Answer under the id of the message if it can be read at all.
		var env struct {
			ID   string        `json:"id"`
			Type protocol.Type `json:"type"`
		}
		_ = json.Unmarshal(raw, &env)
		if len(env.ID) > protocol.MaxIDLen {
			env.ID = ""
		}
		if len(env.Type) > 64 {
			env.Type = ""
		}
		s.post(env.ID, &protocol.Error{Request: env.Type, Message: fmt.Sprintf("runner: %v", err)})
		return
	}
	switch b := m.Body.(type) {
	case *protocol.LoadData:
		s.mu.Lock()
		s.loads++
		seq := s.loads
		s.mu.Unlock()
		s.goRun(func() { s.loadData(m.ID, b, seq) })
	case *protocol.Sample:
		s.goRun(func() { s.sample(m.ID, b) })
	case *protocol.StartRun:
		s.startRun(m.ID, b)
	case *protocol.Pause, *protocol.Resume, *protocol.Step, *protocol.Stop:
		s.control(m.ID, m.Type)
	case *protocol.GetPlayer:
		s.getPlayer(m.ID)
	case *protocol.FitnessSetup:
		s.goRun(func() { s.fitnessSetup(m.ID, b) })
	case *protocol.EvalBatch:
		s.goRun(func() { s.evalBatch(m.ID, b) })
	case *protocol.Search:
		s.startSearch(m.ID, b)
	case *protocol.StopSearch:
		s.stopSearch(m.ID)
	case *protocol.Tournament:
		s.goRun(func() { s.tournament(m.ID, b) })
	case *protocol.Explain:
		s.goRun(func() { s.explain(m.ID, b) })
	case *protocol.Match:
		s.goRun(func() { s.match(m.ID, b) })
	default:
		s.fail(m.ID, m.Type, fmt.Errorf("runner: a worker does not accept %s messages", m.Type))
	}
}

// loadData reads games from the request's source (the seq-th load asked
// for). A load that fails, reads no game, or was overtaken by a later
// request leaves the games loaded before in place.
func (s *Session) loadData(id string, req *protocol.LoadData, seq int) {
	ctx := context.Background()
	var (
		r     io.Reader
		total int64
		name  = req.Name
	)
	switch {
	case req.PGN != "":
		r, total = strings.NewReader(req.PGN), int64(len(req.PGN))
		if name == "" {
			name = "games.pgn"
		}
	case len(req.Archive) > 0:
		if name == "" {
			name = "games.zip"
		}
		text, err := unpackArchive(req.Archive)
		if err != nil {
			s.fail(id, protocol.TypeLoadData, fmt.Errorf("runner: load %s: %w", name, err))
			return
		}
		r, total = bytes.NewReader(text), int64(len(text))
	default:
		url := req.URL
		if req.Source == protocol.BundledSource {
			url = protocol.BundledPath
			if name == "" {
				name = protocol.BundledSource
			}
		}
		if name == "" {
			name = url
		}
		if s.host.Fetch == nil {
			s.fail(id, protocol.TypeLoadData, fmt.Errorf("runner: load %s: no fetch in this host", url))
			return
		}
		rc, size, err := s.host.Fetch(ctx, url)
		if err != nil {
			s.fail(id, protocol.TypeLoadData, fmt.Errorf("runner: load %s: %w", url, err))
			return
		}
		defer rc.Close()
		r, total = rc, size
	}
	g, err := LoadPGN(ctx, r, name, total, req.MaxGames, s.host.Yield, func(p protocol.LoadProgress) {
		s.post(id, &p)
	})
	if err != nil {
		s.fail(id, protocol.TypeLoadData, err)
		return
	}
	ld := g.Loaded()
	s.mu.Lock()
	// Input without a usable game (every game skipped, or no PGN at all)
	// keeps the games loaded before: the page says the load failed and
	// that they are kept.
	if seq == s.loads && (ld.Games > 0 || s.games == nil) {
		s.games, s.dataset, s.cache = g, nil, &tuner.DataCache{}
		s.fitnessPrep, s.fitnessKey = nil, "" // prepared from other games
	}
	s.mu.Unlock()
	s.post(id, &ld)
}

// Protocol returns the tuner/data protocol for a sample config: the named
// protocol ("david" when empty) with the config's seed, filters and caps.
// Train caps the training positions (and the held-out ones unless Test is
// set; data.Build uses one cap for both, the larger of the two).
func Protocol(sc protocol.SampleConfig, runSeed uint64) (data.Protocol, error) {
	name := sc.Protocol
	if name == "" {
		name = "david"
	}
	p, err := data.LookupProtocol(name)
	if err != nil {
		return data.Protocol{}, fmt.Errorf("runner: %w", err)
	}
	p.Seed = sc.Seed
	if p.Seed == 0 {
		p.Seed = runSeed
	}
	if sc.MinPly > 0 {
		p.MinPly = sc.MinPly
	}
	if sc.MaxPly > 0 {
		p.MaxPly = sc.MaxPly
	}
	if sc.MinElo > 0 {
		p.MinElo = sc.MinElo
	}
	if n := max(sc.Train, sc.Test); n > 0 {
		p.Positions = n
	}
	return p, p.Validate()
}

// buildDataset samples g with sc.
func buildDataset(ctx context.Context, g *Games, sc protocol.SampleConfig, runSeed uint64, yield func()) (*data.Dataset, error) {
	p, err := Protocol(sc, runSeed)
	if err != nil {
		return nil, err
	}
	ds, err := data.Build(ctx, g.Reader(yield), p, nil)
	if err != nil {
		return nil, fmt.Errorf("runner: sample: %w", err)
	}
	if sc.Train > 0 && len(ds.Train) > sc.Train {
		ds.Train = ds.Train[:sc.Train]
	}
	if sc.Test > 0 && len(ds.Test) > sc.Test {
		ds.Test = ds.Test[:sc.Test]
	}
	return ds, nil
}

func (s *Session) loadedGames() (*Games, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.games == nil {
		return nil, errors.New("runner: no games loaded (send load-data first)")
	}
	return s.games, nil
}

// sample draws positions from the loaded games.
func (s *Session) sample(id string, req *protocol.Sample) {
	g, err := s.loadedGames()
	if err != nil {
		s.fail(id, protocol.TypeSample, err)
		return
	}
	ds, err := buildDataset(context.Background(), g, req.Sample, 0, s.host.Yield)
	if err != nil {
		s.fail(id, protocol.TypeSample, err)
		return
	}
	s.mu.Lock()
	s.dataset = ds
	s.mu.Unlock()
	out := &protocol.Sampled{Train: len(ds.Train), Test: len(ds.Test), TrainAvailable: ds.TrainAvailable, TestAvailable: ds.TestAvailable}
	for i := 0; i < req.Preview && i < len(ds.Train); i++ {
		out.Preview = append(out.Preview, protocol.SamplePosition{FEN: ds.Train[i].FEN, Move: ds.Train[i].Move.UCI()})
	}
	s.post(id, out)
}

// fitnessSetup prepares the training evaluator of a coordinator's run
// (nested fitness worker): tuner.Prepare on the loaded games, as Run does,
// or with a shard tuner.PrepareShard (its share of the positions, training
// and held out). The evaluators do not yield: a nested worker gets nothing
// but the coordinator's requests, one at a time, and is terminated when the
// run stops.
func (s *Session) fitnessSetup(id string, req *protocol.FitnessSetup) {
	var setup tuner.Setup
	if err := json.Unmarshal(req.Setup, &setup); err != nil {
		s.fail(id, protocol.TypeFitnessSetup, fmt.Errorf("runner: fitness setup: %w", err))
		return
	}
	g, err := s.loadedGames()
	if err != nil {
		s.fail(id, protocol.TypeFitnessSetup, err)
		return
	}
	key := fitnessKey(setup, req.Shard)
	s.mu.Lock()
	res := s.resources(g, 1)
	res.Cache = s.cache
	last, lastKey := s.fitnessPrep, s.fitnessKey
	s.mu.Unlock()
	if last != nil && key != "" && key == lastKey && last.Recompile != nil && last.RecompileHeldOut == nil && setup.Problem.Reference != nil {
		evs, err := last.Recompile(context.Background(), setup.Problem.Reference)
		if err != nil {
			s.fail(id, protocol.TypeFitnessSetup, fmt.Errorf("runner: fitness setup: %w", err))
			return
		}
		s.mu.Lock()
		s.fitness = evs.Train
		s.mu.Unlock()
		ready := &protocol.FitnessReady{Train: last.TrainPositions, Params: len(setup.Config.Specs)}
		if req.Shard != nil {
			ready.Test = last.TestPositions
		}
		s.post(id, ready)
		return
	}
	var prep *tuner.Prepared
	if req.Shard != nil {
		prep, err = tuner.PrepareShard(context.Background(), setup, res, tuner.PositionShard{Index: req.Shard.Index, Count: req.Shard.Count})
	} else {
		prep, err = tuner.Prepare(context.Background(), setup, res)
	}
	if err != nil {
		s.fail(id, protocol.TypeFitnessSetup, fmt.Errorf("runner: fitness setup: %w", err))
		return
	}
	ready := &protocol.FitnessReady{Train: prep.TrainPositions, Params: len(setup.Config.Specs)}
	s.mu.Lock()
	s.fitness, s.fitnessTest, s.fitnessShard = prep.Train, nil, req.Shard != nil
	s.fitnessPrep, s.fitnessKey = prep, key
	s.prepared++
	if req.Shard != nil {
		s.fitnessTest, ready.Test = prep.Test, prep.TestPositions
	}
	s.mu.Unlock()
	s.post(id, ready)
}

// fitnessKey identifies a fitness-setup but for its quiescence reference.
func fitnessKey(setup tuner.Setup, sh *protocol.Shard) string {
	setup.Problem.Reference = nil
	b, err := json.Marshal(setup)
	if err != nil {
		return "" // no key: prepare afresh
	}
	if sh != nil {
		return fmt.Sprintf("%d/%d %s", sh.Index, sh.Count, b)
	}
	return string(b)
}

// evalBatch scores candidates with the compiled fitness (nested worker); a
// shard scores its training or held-out positions (partial scores; a share
// without held-out positions scores zero).
func (s *Session) evalBatch(id string, req *protocol.EvalBatch) {
	s.mu.Lock()
	ev, shard := s.fitness, s.fitnessShard
	if req.HeldOut {
		ev = s.fitnessTest
	}
	s.mu.Unlock()
	if req.HeldOut && !shard {
		s.fail(id, protocol.TypeEvalBatch, errors.New("runner: held-out eval-batch for a fitness not split by positions"))
		return
	}
	if req.HeldOut && ev == nil {
		s.post(id, &protocol.EvalResult{Scores: make([]protocol.Score, len(req.Candidates))})
		return
	}
	if ev == nil {
		s.fail(id, protocol.TypeEvalBatch, errors.New("runner: eval-batch before fitness-setup"))
		return
	}
	scores, err := ev.Score(context.Background(), req.Candidates)
	if err != nil {
		s.fail(id, protocol.TypeEvalBatch, err)
		return
	}
	s.post(id, &protocol.EvalResult{Scores: scores})
}

// workers returns the in-process scoring goroutines.
func (s *Session) workers() int {
	if s.host.Workers > 0 {
		return s.host.Workers
	}
	return runtime.NumCPU()
}

// uciMoves formats moves.
func uciMoves(ms []board.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.UCI()
	}
	return out
}

// unpackArchive returns the PGN text of a zip or gzip archive, refusing
// more than protocol.MaxArchiveText bytes of it.
func unpackArchive(b []byte) ([]byte, error) {
	u, err := data.Unpack(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	text, err := io.ReadAll(io.LimitReader(u, protocol.MaxArchiveText+1))
	if err != nil {
		return nil, err
	}
	if len(text) > protocol.MaxArchiveText {
		return nil, fmt.Errorf("it unpacks to more than %d MB of PGN, the most a browser worker reads (use the native evochess tune)", protocol.MaxArchiveText>>20)
	}
	return text, nil
}
