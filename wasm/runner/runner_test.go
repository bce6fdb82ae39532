package runner

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/wasm/protocol"
)

var update = flag.Bool("update", false, "rewrite testdata/golden_run.jsonl")

// recorder is a Host.Post that keeps every message and signals when a
// message of a given type arrives.
type recorder struct {
	mu   sync.Mutex
	msgs []protocol.Message
	ch   chan protocol.Message
}

func newRecorder() *recorder { return &recorder{ch: make(chan protocol.Message, 4096)} }

func (r *recorder) post(t testing.TB) func([]byte) {
	return func(b []byte) {
		m, err := protocol.Decode(b)
		if err != nil {
			t.Errorf("session posted an invalid message %s: %v", b, err)
			return
		}
		r.mu.Lock()
		r.msgs = append(r.msgs, m)
		r.mu.Unlock()
		r.ch <- m
	}
}

// until waits for a message of type typ with id (and fails on an error
// message for that id).
func (r *recorder) until(t testing.TB, id string, typ protocol.Type) protocol.Message {
	t.Helper()
	for m := range r.ch {
		if m.ID != id {
			continue
		}
		if e, ok := m.Body.(*protocol.Error); ok && typ != protocol.TypeError {
			t.Fatalf("error for %s: %s", id, e.Message)
		}
		if m.Type == typ {
			return m
		}
		if rs, ok := m.Body.(*protocol.RunState); ok && rs.State == protocol.StateFailed {
			t.Fatalf("run %s failed: %s", id, rs.Reason)
		}
	}
	t.Fatal("recorder closed")
	return protocol.Message{}
}

func (r *recorder) of(id string) []protocol.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []protocol.Message
	for _, m := range r.msgs {
		if m.ID == id {
			out = append(out, m)
		}
	}
	return out
}

func send(t testing.TB, s *Session, id string, b protocol.Body) {
	t.Helper()
	msg, err := protocol.Encode(id, b)
	if err != nil {
		t.Fatal(err)
	}
	s.Handle(msg)
}

func games200(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/games200.pgn")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// tinyConfig is the run of the bit-identity test: EP on vazquez29, 60
// training and 30 held-out positions from testdata/games200.pgn.
func tinyConfig() protocol.RunConfig {
	return protocol.RunConfig{Algorithm: "ep", Scheme: "vazquez29", Generations: 3, Population: 6, Seed: 7,
		Data: protocol.DataConfig{Source: "games200.pgn", Sample: protocol.SampleConfig{Seed: 5, Train: 60, Test: 30}}}
}

// texelConfig is a small run of the modern preset (Texel loss, Adam) on
// every position of testdata/games200.pgn, re-resolved every 2 generations.
func texelConfig() protocol.RunConfig {
	return protocol.RunConfig{Preset: "modern", Generations: 5, Recompile: 4, Seed: 3,
		Data: protocol.DataConfig{Source: "games200.pgn", Sample: protocol.SampleConfig{Seed: 5}}}
}

// runSession loads the fixture games into a fresh session and runs cfg to
// its end, returning the run's messages.
func runSession(t testing.TB, h Host, cfg protocol.RunConfig, fitnessWorkers int) []protocol.Message {
	t.Helper()
	rec := newRecorder()
	h.Post = rec.post(t)
	if h.Yield == nil && runtime.GOOS == "js" {
		h.Yield = runtime.Gosched // WebAssembly has no preemption: let the test goroutine run
	}
	s := NewSession(h)
	send(t, s, "load", &protocol.LoadData{PGN: games200(t), Name: "games200.pgn"})
	ld := rec.until(t, "load", protocol.TypeLoaded).Body.(*protocol.Loaded)
	if ld.Games != 200 || ld.Skipped != 0 {
		t.Fatalf("loaded %+v", ld)
	}
	send(t, s, "run", &protocol.StartRun{Config: cfg, FitnessWorkers: fitnessWorkers})
	rec.until(t, "run", protocol.TypePlayer)
	s.Wait()
	return rec.of("run")
}

// normalized renders run messages as JSON lines without the wall-clock
// fields (elapsedMs, etaMs, timing), which are the only ones allowed to differ.
func normalized(t testing.TB, msgs []protocol.Message) string {
	t.Helper()
	var b strings.Builder
	for _, m := range msgs {
		if p, ok := m.Body.(*protocol.Progress); ok {
			q := *p
			q.ElapsedMS, q.ETAMS, q.Checkpoint, q.Timing = 0, 0, nil, nil
			m.Body = &q
		}
		enc, err := protocol.Encode(m.ID, m.Body)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(enc)
		b.WriteByte('\n')
	}
	return b.String()
}

func TestSessionRun(t *testing.T) {
	msgs := runSession(t, Host{Workers: 2}, tinyConfig(), 0)
	var types []string
	for _, m := range msgs {
		types = append(types, string(m.Type))
	}
	want := "run-state,progress,progress,progress,run-state,player"
	if got := strings.Join(types, ","); got != want {
		t.Fatalf("messages %s, want %s", got, want)
	}
	first := msgs[0].Body.(*protocol.RunState)
	if first.State != protocol.StateRunning || first.CommandLine != tinyConfig().CommandLine() {
		t.Errorf("first state %+v", first)
	}
	sc, err := eval.Lookup("vazquez29")
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range msgs[1:4] {
		p := m.Body.(*protocol.Progress)
		if p.Generation != i+1 || p.Generations != 3 || p.Best < p.Mean || p.Mean < p.Worst || len(p.BestWeights) != len(sc.Params()) {
			t.Errorf("progress %d: %+v", i+1, p)
		}
		if p.TrainMatch <= 0 || p.TrainMatch > 1 || p.TestMatch < 0 || p.TestMatch > 1 {
			t.Errorf("progress %d: match rates %v %v", i+1, p.TrainMatch, p.TestMatch)
		}
	}
	if s := msgs[4].Body.(*protocol.RunState); s.State != protocol.StateDone {
		t.Errorf("final state %+v", s)
	}
	pf := msgs[5].Body.(*protocol.PlayerFile)
	p, err := player.Load(bytes.NewReader(pf.Player))
	if err != nil {
		t.Fatalf("player file: %v\n%s", err, pf.Player)
	}
	last := msgs[3].Body.(*protocol.Progress)
	for name, v := range last.BestWeights {
		if p.Weights[name] != v {
			t.Errorf("player weight %s = %d, progress says %d", name, p.Weights[name], v)
		}
	}
}

// TestRunGolden is the bit-identity test: the run's messages (without wall
// clock fields) must equal testdata/golden_run.jsonl, written by a native
// run (-update; rerun it when the engine or tuner change the run on
// purpose). The same test under GOOS=js GOARCH=wasm checks that WebAssembly
// gives the same bytes; `make test-wasm` first writes a fresh native golden
// to $EVOCHESS_RUN_GOLDEN and has the WebAssembly test compare with that.
func TestRunGolden(t *testing.T) {
	got := normalized(t, runSession(t, Host{Workers: 1}, tinyConfig(), 0)) +
		normalized(t, runSession(t, Host{Workers: 1}, texelConfig(), 0))
	path := "testdata/golden_run.jsonl"
	if p := os.Getenv("EVOCHESS_RUN_GOLDEN"); p != "" {
		path = p
	}
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("run differs from %s:\n%s\nwant\n%s", path, got, want)
	}
}

// inProcessRemote runs nested fitness workers as Sessions in this process.
type inProcessRemote struct {
	sessions []*Session
}

func (r *inProcessRemote) Workers() int           { return len(r.sessions) }
func (r *inProcessRemote) Send(i int, msg []byte) { r.sessions[i].Handle(msg) }
func (r *inProcessRemote) Close()                 {}

func startInProcess(n int, onMessage func(int, []byte)) (Remote, error) {
	r := &inProcessRemote{}
	for i := 0; i < n; i++ {
		i := i
		r.sessions = append(r.sessions, NewSession(Host{Workers: 1, Post: func(b []byte) { onMessage(i, b) }}))
	}
	return r, nil
}

// TestSplitMatchesInProcess: scoring through 1 or 3 nested fitness workers
// gives exactly the in-process run, for the unresolved and the quiescence-
// resolved match, a start preset as quiescence reference, a run that
// recompiles (the workers get each new reference), shares of the positions
// left empty, and a run split by candidates instead of positions.
func TestSplitMatchesInProcess(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  func() protocol.RunConfig
	}{
		{"match-qs default", tinyConfig},
		{"match", func() protocol.RunConfig { c := tinyConfig(); c.Fitness = "match"; return c }},
		{"start preset reference", func() protocol.RunConfig { c := tinyConfig(); c.Start = "vazquez-table2-exploration"; return c }},
		{"recompile", func() protocol.RunConfig {
			c := tinyConfig()
			c.Fitness, c.Recompile, c.Generations = "match2-qs", 1, 5
			return c
		}},
		{"more workers than positions", func() protocol.RunConfig {
			c := tinyConfig()
			c.Data.Sample.Train, c.Data.Sample.Test = 2, 2
			return c
		}},
		{"split by candidates (unsolved positions)", func() protocol.RunConfig {
			c := tinyConfig()
			c.Unsolved = 5
			return c
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := normalized(t, runSession(t, Host{Workers: 2}, tc.cfg(), 0))
			for _, n := range []int{1, 3} {
				got := normalized(t, runSession(t, Host{Workers: 1, FitnessWorkers: startInProcess}, tc.cfg(), n))
				if got != want {
					t.Errorf("%d fitness workers:\n%s\nwant\n%s", n, got, want)
				}
			}
		})
	}
}

// TestSplitSetupErrorPlain: a run that finds no training position fails
// with the same plain reason with nested fitness workers as without (not a
// chain of the workers' envelopes).
func TestSplitSetupErrorPlain(t *testing.T) {
	for _, tc := range []struct {
		name, pgn string
		minElo    int
	}{
		{"header-only file", "[Event \"x\"]\n[Result \"*\"]\n\n*\n", 0},
		{"min Elo above every game", "", 3000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reason := func(workers int) string {
				rec := newRecorder()
				s := NewSession(Host{Workers: 1, FitnessWorkers: startInProcess, Post: rec.post(t), Yield: runtime.Gosched})
				text := tc.pgn
				if text == "" {
					text = games200(t)
				}
				send(t, s, "load", &protocol.LoadData{PGN: text, Name: "class.pgn"})
				rec.until(t, "load", protocol.TypeLoaded)
				cfg := tinyConfig()
				cfg.Data.Sample.MinElo = tc.minElo
				send(t, s, "run", &protocol.StartRun{Config: cfg, FitnessWorkers: workers})
				defer s.Wait()
				for m := range rec.ch {
					if rs, ok := m.Body.(*protocol.RunState); ok && m.ID == "run" && rs.State == protocol.StateFailed {
						return rs.Reason
					}
					if _, ok := m.Body.(*protocol.Progress); ok {
						t.Fatalf("%d fitness workers: a generation ran on no training position", workers)
					}
				}
				return ""
			}
			want := reason(0)
			if !strings.Contains(want, "class.pgn gives no training position") {
				t.Fatalf("in process: %q", want)
			}
			if got := reason(2); got != want {
				t.Errorf("with 2 fitness workers the run failed with\n%q\nwant\n%q", got, want)
			}
		})
	}
}

func TestControl(t *testing.T) {
	c := NewControl()
	ctx := context.Background()
	if err := c.Wait(ctx, nil); err != nil {
		t.Fatalf("running: %v", err)
	}
	c.Step() // running → one generation, then paused
	if err := c.Wait(ctx, nil); err != nil {
		t.Fatalf("step: %v", err)
	}
	if !c.Paused() {
		t.Fatal("not paused after the step")
	}
	paused := make(chan struct{})
	done := make(chan error, 1)
	go func() { done <- c.Wait(ctx, func() { close(paused) }) }()
	<-paused
	c.Resume()
	if err := <-done; err != nil {
		t.Fatalf("resume: %v", err)
	}
	c.Pause()
	paused = make(chan struct{})
	go func() { done <- c.Wait(ctx, func() { close(paused) }) }()
	<-paused
	c.Stop()
	if err := <-done; err != ErrStopped {
		t.Fatalf("stop: %v", err)
	}
	rctx, cancel := c.Context(ctx)
	defer cancel()
	<-rctx.Done() // already stopped: the derived context is cancelled
}

// TestRunPauseStepStop drives a longer run through pause, step and stop.
func TestRunPauseStepStop(t *testing.T) {
	rec := newRecorder()
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched})
	send(t, s, "load", &protocol.LoadData{PGN: games200(t), Name: "games200.pgn"})
	rec.until(t, "load", protocol.TypeLoaded)
	cfg := tinyConfig()
	cfg.Generations = 1000
	send(t, s, "run", &protocol.StartRun{Config: cfg})
	rec.until(t, "run", protocol.TypeProgress)
	send(t, s, "run", &protocol.Pause{})
	for {
		m := rec.until(t, "run", protocol.TypeRunState)
		if m.Body.(*protocol.RunState).State == protocol.StatePaused {
			break
		}
	}
	gen := func() int {
		last := 0
		for _, m := range rec.of("run") {
			if p, ok := m.Body.(*protocol.Progress); ok {
				last = p.Generation
			}
		}
		return last
	}
	before := gen()
	send(t, s, "run", &protocol.Step{})
	p := rec.until(t, "run", protocol.TypeProgress).Body.(*protocol.Progress)
	if p.Generation != before+1 {
		t.Fatalf("step ran generation %d after %d", p.Generation, before)
	}
	if st := rec.until(t, "run", protocol.TypeRunState).Body.(*protocol.RunState); st.State != protocol.StatePaused {
		t.Fatalf("after step: %+v", st)
	}
	send(t, s, "run", &protocol.GetPlayer{})
	if pf := rec.until(t, "run", protocol.TypePlayer).Body.(*protocol.PlayerFile); !json.Valid(pf.Player) {
		t.Fatal("bad player")
	}
	send(t, s, "run", &protocol.Stop{})
	if st := rec.until(t, "run", protocol.TypeRunState).Body.(*protocol.RunState); st.State != protocol.StateStopped {
		t.Fatalf("after stop: %+v", st)
	}
	rec.until(t, "run", protocol.TypePlayer)
	s.Wait()
	if g := gen(); g != before+1 {
		t.Errorf("generations after stop: %d, want %d", g, before+1)
	}
}

func TestLoadPGN(t *testing.T) {
	text := games200(t)
	cases := []struct {
		name           string
		text           string
		max            int
		games, skipped int
		reason         string
	}{
		{"all", text, 0, 200, 0, ""},
		{"max", text, 50, 50, 0, ""},
		{"bad", "[Event \"a\"]\n\n1. e4 e5 2. Ke3 1-0\n\n[Event \"b\"]\n\n1. d4 d5 1/2-1/2\n", 0, 1, 1, "Ke3"},
		{"empty", "", 0, 0, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var reports int
			g, err := LoadPGN(context.Background(), strings.NewReader(c.text), c.name, int64(len(c.text)), c.max, nil,
				func(protocol.LoadProgress) { reports++ })
			if err != nil {
				t.Fatal(err)
			}
			ld := g.Loaded()
			if ld.Games != c.games || ld.Skipped != c.skipped || reports == 0 {
				t.Fatalf("loaded %+v (%d reports)", ld, reports)
			}
			if c.reason != "" && (len(ld.Reasons) != 1 || !strings.Contains(ld.Reasons[0], c.reason)) {
				t.Errorf("reasons %q", ld.Reasons)
			}
			// The kept text holds exactly the kept games.
			again, err := LoadPGN(context.Background(), g.Reader(func() {}), c.name, 0, 0, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if a := again.Loaded(); a.Games != ld.Games || a.Skipped != ld.Skipped {
				t.Errorf("reloaded %+v, want %+v", a, ld)
			}
		})
	}
}

// TestLoadDigest: the loaded games' digest names their text, not their
// file name: the same games under two names (or gzipped) share it, other
// games under the same name do not, and a MaxGames cut names the kept text.
func TestLoadDigest(t *testing.T) {
	load := func(text, name string, max int) protocol.Loaded {
		t.Helper()
		g, err := LoadPGN(context.Background(), strings.NewReader(text), name, 0, max, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		ld := g.Loaded()
		if err := ld.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return ld
	}
	text := games200(t)
	a := load(text, "class.pgn", 0)
	if sum := sha256.Sum256([]byte(text)); a.Digest != hex.EncodeToString(sum[:]) {
		t.Fatalf("digest %q is not the text's SHA-256", a.Digest)
	}
	if b := load(text, "pasted.pgn", 0); b.Digest != a.Digest {
		t.Errorf("the same games under another name: digest %s, want %s", b.Digest, a.Digest)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(text))
	zw.Close()
	if b := load(gz.String(), "class.pgn.gz", 0); b.Digest != a.Digest {
		t.Errorf("the same games gzipped: digest %s, want %s", b.Digest, a.Digest)
	}
	half := load(text, "class.pgn", 100)
	if half.Digest == a.Digest {
		t.Error("the first 100 games have the digest of all 200")
	}
	g, err := LoadPGN(context.Background(), strings.NewReader(text), "class.pgn", 0, 100, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if again := load(string(g.text), "x.pgn", 0); again.Digest != half.Digest {
		t.Errorf("a cut load's digest %s is not its kept text's %s", half.Digest, again.Digest)
	}
	other := load(strings.Replace(text, "1-0", "0-1", 1), "class.pgn", 0)
	if other.Digest == a.Digest {
		t.Error("other games under the same name have the same digest")
	}
}

func TestYielder(t *testing.T) {
	var now time.Time
	clock := func() time.Time { return now }
	y := Yielder(5*time.Millisecond, 0, clock)
	// It may only be observed through its effect: a sleep of 0 returns; this
	// checks it is callable from many goroutines without a race.
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); y() }()
	}
	wg.Wait()
	n := 0
	r := YieldReader(strings.NewReader(strings.Repeat("x", 3*yieldChunk)), func() { n++ })
	buf := make([]byte, 1<<20)
	total := 0
	for {
		k, err := r.Read(buf)
		total += k
		if err != nil {
			break
		}
		if k > yieldChunk {
			t.Fatalf("read %d > %d", k, yieldChunk)
		}
	}
	if total != 3*yieldChunk || n < 3 {
		t.Fatalf("read %d bytes with %d yields", total, n)
	}
}

func TestSearchAndStop(t *testing.T) {
	rec := newRecorder()
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched})
	send(t, s, "q1", &protocol.Search{Moves: []string{"e2e4", "e7e5"}, Depth: 3})
	bm := rec.until(t, "q1", protocol.TypeBestMove).Body.(*protocol.BestMove)
	pos := board.NewPosition()
	for _, u := range []string{"e2e4", "e7e5"} {
		m, _ := pos.ParseUCIMove(u)
		pos.MakeMove(m)
	}
	if _, err := pos.ParseUCIMove(bm.Move); err != nil || bm.Depth != 3 {
		t.Fatalf("bestmove %+v: %v", bm, err)
	}
	if len(rec.of("q1")) < 4 { // info for depths 1..3, bestmove
		t.Errorf("messages %d", len(rec.of("q1")))
	}
	// An infinite-depth search ends with stop-search.
	send(t, s, "q2", &protocol.Search{Depth: 64})
	rec.until(t, "q2", protocol.TypeInfo)
	send(t, s, "q2", &protocol.StopSearch{})
	rec.until(t, "q2", protocol.TypeBestMove)
	// Bad requests get errors with their id.
	for _, c := range []struct {
		id   string
		body protocol.Body
		want string
	}{
		{"b1", &protocol.Search{FEN: "not a fen"}, "search"},
		{"b2", &protocol.Search{Moves: []string{"e2e5"}}, "move 1"},
		{"b3", &protocol.Search{Player: json.RawMessage(`{"version":9}`)}, "player"},
		{"b4", &protocol.StopSearch{}, "no search"},
		{"b5", &protocol.Sample{}, "no games loaded"},
		{"b6", &protocol.StartRun{Config: tinyConfig()}, "no games loaded"},
		{"b7", &protocol.Pause{}, "no run"},
		{"b8", &protocol.EvalBatch{Candidates: [][]int32{{1}}}, "before fitness-setup"},
		{"b9", &protocol.Loaded{}, "does not accept"},
	} {
		send(t, s, c.id, c.body)
		e := rec.until(t, c.id, protocol.TypeError).Body.(*protocol.Error)
		if !strings.Contains(e.Message, c.want) {
			t.Errorf("%s: error %q, want %q", c.id, e.Message, c.want)
		}
	}
	s.Handle([]byte(`{"v":1,"type":"search","id":"bad","data":{"depth":"x"}}`))
	if e := rec.until(t, "bad", protocol.TypeError).Body.(*protocol.Error); !strings.HasPrefix(e.Message, "runner: protocol:") {
		t.Errorf("malformed: %q", e.Message)
	}
	s.Wait()
}

func TestSampleAndTournament(t *testing.T) {
	rec := newRecorder()
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched})
	send(t, s, "l", &protocol.LoadData{PGN: games200(t)})
	rec.until(t, "l", protocol.TypeLoaded)
	send(t, s, "s", &protocol.Sample{Sample: protocol.SampleConfig{Seed: 3, Train: 40, Test: 20}, Preview: 2})
	sm := rec.until(t, "s", protocol.TypeSampled).Body.(*protocol.Sampled)
	if sm.Train != 40 || sm.Test != 20 || len(sm.Preview) != 2 || sm.TrainAvailable < 40 || sm.TestAvailable < 20 {
		t.Fatalf("sampled %+v", sm)
	}
	if _, err := board.ParseFEN(sm.Preview[0].FEN); err != nil {
		t.Fatal(err)
	}
	send(t, s, "t", &protocol.Tournament{Players: []protocol.TournamentPlayer{
		{Name: "a", Preset: "vazquez-table2-exploitation"}, {Name: "b", Preset: "material"},
	}, GamesPerPair: 2, Depth: 1, Seed: 1})
	res := rec.until(t, "t", protocol.TypeTournamentResult).Body.(*protocol.TournamentResult)
	games := 0
	for _, m := range rec.of("t") {
		if m.Type == protocol.TypeGame {
			games++
		}
	}
	if len(res.Standings) != 2 || games != 2 || res.Standings[0].Games != 2 {
		t.Fatalf("tournament %+v, %d games", res, games)
	}
	s.Wait()
}

// TestResumeFromCheckpoint: a run stopped after some generations and
// resumed in a fresh session from the checkpoint its progress carried (what
// the page keeps across a reload) continues with the same generation numbers
// and ends exactly as the uninterrupted run.
func TestResumeFromCheckpoint(t *testing.T) {
	cfg := tinyConfig()
	cfg.Generations = 6
	full := runSession(t, Host{Workers: 1}, cfg, 0)

	// The interrupted run: checkpoints every generation, stopped after the third.
	rec := newRecorder()
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched, CheckpointEvery: -1})
	send(t, s, "load", &protocol.LoadData{PGN: games200(t), Name: "games200.pgn"})
	rec.until(t, "load", protocol.TypeLoaded)
	send(t, s, "run", &protocol.StartRun{Config: cfg})
	var cp []byte
	for cp == nil {
		p := rec.until(t, "run", protocol.TypeProgress).Body.(*protocol.Progress)
		if len(p.Checkpoint) == 0 {
			t.Fatalf("generation %d: no checkpoint", p.Generation)
		}
		if p.Generation == 3 {
			cp = p.Checkpoint
		}
	}
	send(t, s, "run", &protocol.Stop{})
	rec.until(t, "run", protocol.TypePlayer)
	s.Wait()

	// The resumed run, in a new session (a reloaded page's worker).
	rec2 := newRecorder()
	s2 := NewSession(Host{Workers: 1, Post: rec2.post(t), Yield: runtime.Gosched})
	send(t, s2, "load", &protocol.LoadData{PGN: games200(t), Name: "games200.pgn"})
	rec2.until(t, "load", protocol.TypeLoaded)
	send(t, s2, "run", &protocol.StartRun{Config: cfg, Checkpoint: cp})
	rec2.until(t, "run", protocol.TypePlayer)
	s2.Wait()
	resumed := rec2.of("run")

	// The uninterrupted run's messages after generation 3.
	want := fromGeneration(full, 4)
	var got []protocol.Message
	for _, m := range resumed {
		if rs, ok := m.Body.(*protocol.RunState); ok && rs.State == protocol.StateRunning {
			continue // the resumed run's start
		}
		got = append(got, m)
	}
	if len(want) == 0 {
		t.Fatal("the uninterrupted run has no generation 4")
	}
	if g, w := normalized(t, got), normalized(t, want); g != w {
		t.Fatalf("resumed run differs from the uninterrupted run:\n%s\nwant\n%s", g, w)
	}

	// A checkpoint of another run is refused.
	other := cfg
	other.Seed++
	rec3 := newRecorder()
	s3 := NewSession(Host{Workers: 1, Post: rec3.post(t), Yield: runtime.Gosched})
	send(t, s3, "load", &protocol.LoadData{PGN: games200(t), Name: "games200.pgn"})
	rec3.until(t, "load", protocol.TypeLoaded)
	send(t, s3, "run", &protocol.StartRun{Config: other, Checkpoint: cp})
	for m := range rec3.ch {
		if rs, ok := m.Body.(*protocol.RunState); ok && m.ID == "run" && rs.State == protocol.StateFailed {
			if !strings.Contains(rs.Reason, "another run") {
				t.Fatalf("wrong refusal: %s", rs.Reason)
			}
			break
		}
	}
	s3.Wait()
}

// countingRemote counts the eval-batch messages each nested worker gets,
// the held-out ones, and the fitness-setups that name a share.
type countingRemote struct {
	Remote
	mu                    sync.Mutex
	batches               []int
	heldOut, sharedSetups int
}

func (r *countingRemote) Send(i int, msg []byte) {
	if m, err := protocol.Decode(msg); err == nil {
		r.mu.Lock()
		switch b := m.Body.(type) {
		case *protocol.EvalBatch:
			r.batches[i]++
			if b.HeldOut {
				r.heldOut++
			}
		case *protocol.FitnessSetup:
			if b.Shard != nil && b.Shard.Index == i {
				r.sharedSetups++
			}
		}
		r.mu.Unlock()
	}
	r.Remote.Send(i, msg)
}

// TestSplitAfterRecompile: after a recompilation the nested workers still
// share every batch (a regression: the split was wrapped to score one
// candidate at a time, all on the first worker); split by positions, each
// worker gets its share, and the held-out positions are scored there too.
func TestSplitAfterRecompile(t *testing.T) {
	cfg := tinyConfig()
	cfg.Fitness, cfg.Recompile, cfg.Generations = "match-qs", 1, 5
	var cr *countingRemote
	start := func(n int, onMessage func(int, []byte)) (Remote, error) {
		r, err := startInProcess(n, onMessage)
		cr = &countingRemote{Remote: r, batches: make([]int, n)}
		return cr, err
	}
	// A yield, as in a browser worker (the bug's trigger).
	runSession(t, Host{Workers: 1, FitnessWorkers: start, Yield: func() {}}, cfg, 2)
	// One batch per generation and one per recompilation at least, each
	// split over both workers.
	if got := cr.batches[1]; got < cfg.Generations {
		t.Errorf("the second worker got %d eval-batches in %d generations (all: %v)", got, cfg.Generations, cr.batches)
	}
	// The first setup and one per recompilation (generations 2-5), to each
	// of the 2 workers; held-out batches for the new bests.
	if cr.sharedSetups < 2*cfg.Generations || cr.heldOut == 0 {
		t.Errorf("%d fitness-setups with the worker's share, %d held-out batches", cr.sharedSetups, cr.heldOut)
	}
	// A setup that differs only by its reference re-resolves the share's
	// training positions and keeps the rest: each worker prepared once.
	for i, s := range cr.Remote.(*inProcessRemote).sessions {
		s.mu.Lock()
		n := s.prepared
		s.mu.Unlock()
		if n != 1 {
			t.Errorf("worker %d prepared %d times for %d fitness-setups", i, n, cr.sharedSetups/2)
		}
	}
}

// TestRunTiming: progress messages split the run's clock into training,
// held-out and re-resolving time, and count the training scorings
// (candidates × positions).
func TestRunTiming(t *testing.T) {
	var mu sync.Mutex
	tick := time.Unix(0, 0)
	now := func() time.Time { // every reading advances 1 ms
		mu.Lock()
		defer mu.Unlock()
		tick = tick.Add(time.Millisecond)
		return tick
	}
	cfg := tinyConfig()
	cfg.Recompile = 2
	for _, n := range []int{0, 2} {
		msgs := runSession(t, Host{Workers: 1, Now: now, FitnessWorkers: startInProcess}, cfg, n)
		var last *protocol.Progress
		positions := int64(0) // training positions: the first generation scores each candidate once
		for _, m := range msgs {
			p, ok := m.Body.(*protocol.Progress)
			if !ok {
				continue
			}
			tm := p.Timing
			if tm == nil {
				t.Fatalf("%d workers: progress %d has no timing", n, p.Generation)
			}
			if p.Generation == 1 && p.Evaluations > 0 && tm.TrainScorings%p.Evaluations == 0 {
				positions = tm.TrainScorings / p.Evaluations
			}
			if positions <= 0 || tm.TrainScorings%positions != 0 || tm.TrainMS <= 0 || tm.HeldOutMS <= 0 || tm.Workers != n {
				t.Errorf("%d workers: generation %d: timing %+v", n, p.Generation, *tm)
			}
			if tm.TrainMS+tm.HeldOutMS+tm.ResolveMS > p.ElapsedMS {
				t.Errorf("%d workers: generation %d: timing %+v exceeds the run's %d ms", n, p.Generation, *tm, p.ElapsedMS)
			}
			if last != nil && (tm.TrainScorings <= last.Timing.TrainScorings || tm.TrainMS < last.Timing.TrainMS) {
				t.Errorf("%d workers: generation %d: timing %+v after %+v", n, p.Generation, *tm, *last.Timing)
			}
			last = p
		}
		if last == nil || last.Timing.ResolveMS <= 0 {
			t.Errorf("%d workers: no re-resolving time after a recompiling run: %+v", n, last)
		}
	}
}

// TestTexelRun: the Texel runs (the modern preset with Adam, EP on the
// Texel loss) report training and held-out losses every generation, the
// loss falls, and nested fitness workers (used by the population method;
// the gradient method stays in process) give exactly the in-process run,
// recompilations included.
func TestTexelRun(t *testing.T) {
	ep := func() protocol.RunConfig {
		c := texelConfig()
		c.Preset, c.Algorithm, c.Scheme, c.Fitness, c.Population, c.Generations = "", "ep", "david35", "texel", 6, 4
		return c
	}
	for _, tc := range []struct {
		name string
		cfg  func() protocol.RunConfig
	}{{"modern adam", texelConfig}, {"david35 ep", ep}} {
		t.Run(tc.name, func(t *testing.T) {
			msgs := runSession(t, Host{Workers: 2}, tc.cfg(), 0)
			var first, last *protocol.Progress
			for _, m := range msgs {
				p, ok := m.Body.(*protocol.Progress)
				if !ok {
					continue
				}
				if !(p.TrainLoss > 0 && p.TrainLoss < 0.25 && p.TestLoss > 0 && p.TestLoss < 0.25) {
					t.Fatalf("generation %d: losses %v %v", p.Generation, p.TrainLoss, p.TestLoss)
				}
				if first == nil {
					first = p
				}
				last = p
			}
			if last == nil {
				t.Fatal("no progress")
			}
			// Adam's first re-resolution comes after the losses compared
			// here; a recompiled EP's losses are under another reference.
			if tc.name == "modern adam" && !(last.TrainLoss < first.TrainLoss) {
				t.Fatalf("training loss did not fall: generation %d %v, generation %d %v", first.Generation, first.TrainLoss, last.Generation, last.TrainLoss)
			}
			want := normalized(t, msgs)
			for _, n := range []int{1, 3} {
				got := normalized(t, runSession(t, Host{Workers: 1, FitnessWorkers: startInProcess}, tc.cfg(), n))
				if got != want {
					t.Errorf("%d fitness workers:\n%s\nwant\n%s", n, got, want)
				}
			}
		})
	}
}

// TestResumeAfterRecompile: a run that re-resolves its positions, stopped
// after a re-resolution and resumed from its checkpoint in a new session,
// ends exactly like the uninterrupted run, in process and split over nested
// workers (the resumed run resolves under the checkpoint's reference).
func TestResumeAfterRecompile(t *testing.T) {
	cfg := tinyConfig()
	cfg.Fitness, cfg.Recompile, cfg.Generations = "match-qs", 2, 6
	for _, n := range []int{0, 2} {
		host := func(post func([]byte)) Host {
			return Host{Workers: 1, Post: post, Yield: runtime.Gosched, CheckpointEvery: -1, FitnessWorkers: startInProcess}
		}
		rec := newRecorder()
		s := NewSession(host(rec.post(t)))
		send(t, s, "load", &protocol.LoadData{PGN: games200(t), Name: "games200.pgn"})
		rec.until(t, "load", protocol.TypeLoaded)
		send(t, s, "run", &protocol.StartRun{Config: cfg, FitnessWorkers: n})
		rec.until(t, "run", protocol.TypePlayer)
		s.Wait()
		full := rec.of("run")
		var cp []byte
		for _, m := range full {
			if p, ok := m.Body.(*protocol.Progress); ok && p.Generation == 3 {
				cp = p.Checkpoint // after the re-resolution of generation 3
			}
		}
		if cp == nil {
			t.Fatalf("%d workers: no checkpoint at generation 3", n)
		}
		rec2 := newRecorder()
		s2 := NewSession(host(rec2.post(t)))
		send(t, s2, "load", &protocol.LoadData{PGN: games200(t), Name: "games200.pgn"})
		rec2.until(t, "load", protocol.TypeLoaded)
		send(t, s2, "run", &protocol.StartRun{Config: cfg, FitnessWorkers: n, Checkpoint: cp})
		rec2.until(t, "run", protocol.TypePlayer)
		s2.Wait()
		want := fromGeneration(full, 4)
		var got []protocol.Message
		for _, m := range rec2.of("run") {
			if rs, ok := m.Body.(*protocol.RunState); ok && rs.State == protocol.StateRunning {
				continue
			}
			got = append(got, m)
		}
		if g, w := normalized(t, got), normalized(t, want); g != w {
			t.Errorf("%d workers: resumed run differs from the uninterrupted run:\n%s\nwant\n%s", n, g, w)
		}
	}
}

// fromGeneration returns msgs from the progress message of generation gen
// on (none if there is none).
func fromGeneration(msgs []protocol.Message, gen int) []protocol.Message {
	for i, m := range msgs {
		if p, ok := m.Body.(*protocol.Progress); ok && p.Generation == gen {
			return msgs[i:]
		}
	}
	return nil
}

// TestConfigureUnreadPopulation: a Tune-tab config that names a population
// for Hooke-Jeeves (as pages before the field was hidden sent) still
// configures, without one; the tuner itself refuses it.
func TestConfigureUnreadPopulation(t *testing.T) {
	cfg := protocol.RunConfig{Algorithm: "hooke-jeeves", Preset: "hooke-jeeves", Population: 20, Seed: 1,
		Data: protocol.DataConfig{Source: protocol.BundledSource}}
	s, err := Configure(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s.Config.Pop != 0 {
		t.Errorf("hooke-jeeves population %d, want none", s.Config.Pop)
	}
	o, err := TunerOptions(cfg)
	if err != nil {
		t.Fatal(err)
	}
	o.Population = 20
	if _, err := tuner.Configure(o); err == nil || !strings.Contains(err.Error(), "does not use pop") {
		t.Errorf("tuner.Configure with a population for hooke-jeeves: %v", err)
	}
}
