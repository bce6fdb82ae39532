package main

// Native runs for the playground page: a run manager behind
//
//	GET  /api/capabilities        what this server offers (absent on static hosts)
//	POST /api/runs                start a run from a protocol.RunConfig (JSON, ≤ 64 KiB)
//	GET  /api/runs/{id}           whether the server has the run, and whether it ended
//	GET  /api/runs/{id}/events    server-sent events: the run's protocol messages
//	POST /api/runs/{id}/stop      stop (also pause, resume, step)
//	GET  /api/runs/{id}/player    the best player (engine/player JSON)
//
// Starting and controlling runs are teacher actions (serve_guard.go). At
// most maxRuns runs execute at once (429 beyond). Each event of the stream
// is an unnamed SSE "message" whose data is one protocol envelope (the same
// JSON a worker posts; its type field says what it is) and whose SSE id is its
// sequence number, so a client may reconnect with Last-Event-ID. The stream
// ends with the run; a reconnection after the end that has nothing left to
// read gets 204 No Content, which tells EventSource to stop reconnecting.

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/evochess/evochess/wasm/protocol"
	"github.com/evochess/evochess/wasm/runner"
)

// maxConfigBytes bounds a POST /api/runs body.
const maxConfigBytes = 64 << 10

// maxEvents bounds the events kept per run for replay (the oldest progress
// events go first; a client that reconnects late skips them).
const maxEvents = 4096

// keptRuns bounds the finished runs kept for their players and streams.
const keptRuns = 32

// runFunc runs one native run to its end: it reads cfg's games, samples them,
// tunes, and sends the protocol messages (run-state, progress) to emit. It
// returns the best player as engine/player JSON.
type runFunc func(ctx context.Context, cfg protocol.RunConfig, ctl *runner.Control, emit func(protocol.Body)) ([]byte, error)

// nativeRun is one run and its event log.
type nativeRun struct {
	id  string
	cfg protocol.RunConfig
	ctl *runner.Control

	mu      sync.Mutex
	events  [][]byte // encoded envelopes; events[i] has sequence base+i
	base    int
	changed chan struct{}
	// lastProgress is the sequence number of the latest progress event (-1: none).
	lastProgress int
	done         bool
	player       []byte
}

func (r *nativeRun) emit(b protocol.Body) {
	msg, err := protocol.Encode(r.id, b)
	if err != nil {
		msg = protocol.MustEncode(r.id, &protocol.Error{Message: err.Error()})
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := b.(*protocol.Progress); ok {
		// Only the latest progress event keeps the best weights (a phoenix640
		// run would otherwise hold 15 KB per generation for replays).
		if r.lastProgress >= r.base {
			r.events[r.lastProgress-r.base] = withoutWeights(r.events[r.lastProgress-r.base])
		}
		r.lastProgress = r.base + len(r.events)
	}
	r.events = append(r.events, msg)
	if len(r.events) > maxEvents {
		drop := len(r.events) - maxEvents
		r.events = append(r.events[:0:0], r.events[drop:]...)
		r.base += drop
	}
	close(r.changed)
	r.changed = make(chan struct{})
}

// since returns the events from sequence seq on, the sequence after them,
// whether the run is finished, and a channel closed at the next change.
func (r *nativeRun) since(seq int) ([][]byte, int, bool, <-chan struct{}) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if seq < r.base {
		seq = r.base
	}
	i := seq - r.base
	if i > len(r.events) {
		i = len(r.events)
	}
	out := append([][]byte(nil), r.events[i:]...)
	return out, r.base + len(r.events), r.done, r.changed
}

// runManager owns the native runs.
type runManager struct {
	run     runFunc
	check   func(protocol.RunConfig) error // beyond Validate: known names, readable source
	maxRuns int
	cores   int             // the machine's cores (runtime.NumCPU), not GOMAXPROCS: serve raises that to the league workers + 1
	ctx     context.Context // cancelled at shutdown: stops every run and stream
	wg      sync.WaitGroup
	guard   *guard // nil: no teacher checks (tests of the run logic alone)

	// instance tells this server's runs from an earlier one's: run IDs are
	// "r<N>-<instance>", so a page still following a run of a server that
	// was restarted gets 404 for it, never the events of (or control over)
	// another run that happens to have the same number.
	instance string

	mu     sync.Mutex
	runs   map[string]*nativeRun
	order  []string
	active int
	nextID int
}

func newRunManager(ctx context.Context, run runFunc, check func(protocol.RunConfig) error, maxRuns int) *runManager {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		binary.BigEndian.PutUint32(b[:], uint32(time.Now().UnixNano()))
	}
	return &runManager{run: run, check: check, maxRuns: maxRuns, cores: runtime.NumCPU(), ctx: ctx, runs: map[string]*nativeRun{},
		instance: hex.EncodeToString(b[:])}
}

// wait blocks until every run goroutine has returned.
func (m *runManager) wait() { m.wg.Wait() }

// routes adds the API handlers to mux.
func (m *runManager) routes(mux *http.ServeMux) {
	teacher := func(h http.HandlerFunc) http.HandlerFunc {
		if m.guard == nil {
			return h
		}
		return m.guard.teacherOnly(h)
	}
	mux.HandleFunc("GET /api/capabilities", m.capabilities)
	mux.HandleFunc("POST /api/runs", teacher(m.create))
	mux.HandleFunc("GET /api/runs/{id}", m.state)
	mux.HandleFunc("GET /api/runs/{id}/events", m.events)
	mux.HandleFunc("GET /api/runs/{id}/player", m.player)
	mux.HandleFunc("POST /api/runs/{id}/{action}", teacher(m.control))
	mux.HandleFunc("/api/runs", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", "POST")
		httpError(w, http.StatusMethodNotAllowed, "serve: %s /api/runs not allowed (POST a run config)", r.Method)
	})
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		httpError(w, http.StatusNotFound, "serve: no API endpoint %s %s", r.Method, r.URL.Path)
	})
}

func (m *runManager) capabilities(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	active := m.active
	m.mu.Unlock()
	// Native says whether this client may start runs: a student on the
	// class network may not, so the page offers no native run.
	teacher := m.guard == nil || m.guard.isTeacher(r)
	writeJSON(w, http.StatusOK, protocol.Capabilities{
		V: protocol.Version, Native: teacher, Cores: m.cores, MaxRuns: m.maxRuns, Running: active,
		Algorithms: runner.Algorithms(), Schemes: runner.Schemes(), League: m.guard != nil, Teacher: teacher,
	})
}

func (m *runManager) create(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		httpError(w, http.StatusUnsupportedMediaType, "serve: POST /api/runs wants application/json, got %q", r.Header.Get("Content-Type"))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxConfigBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			httpError(w, http.StatusRequestEntityTooLarge, "serve: run config larger than %d bytes", maxConfigBytes)
			return
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			httpError(w, http.StatusRequestTimeout, "serve: run config not sent in time")
			return
		}
		httpError(w, http.StatusBadRequest, "serve: read run config: %v", err)
		return
	}
	var cfg protocol.RunConfig
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		httpError(w, http.StatusBadRequest, "serve: bad run config JSON: %v", err)
		return
	}
	if dec.More() {
		httpError(w, http.StatusBadRequest, "serve: bad run config JSON: trailing data")
		return
	}
	if err := cfg.Validate(); err != nil {
		httpError(w, http.StatusBadRequest, "serve: invalid run config: %v", err)
		return
	}
	if err := m.check(cfg); err != nil {
		httpError(w, http.StatusBadRequest, "serve: invalid run config: %v", err)
		return
	}

	m.mu.Lock()
	if m.ctx.Err() != nil {
		m.mu.Unlock()
		httpError(w, http.StatusServiceUnavailable, "serve: shutting down")
		return
	}
	if m.active >= m.maxRuns {
		m.mu.Unlock()
		w.Header().Set("Retry-After", "10")
		httpError(w, http.StatusTooManyRequests, "serve: this server runs at most %d native run%s at once (-max-runs) and %d %s running: try again when %s",
			m.maxRuns, plural(m.maxRuns), m.active, ifElse(m.active == 1, "is", "are"), ifElse(m.active == 1, "it ends", "one ends"))
		return
	}
	m.nextID++
	id := "r" + strconv.Itoa(m.nextID) + "-" + m.instance
	run := &nativeRun{id: id, cfg: cfg, ctl: runner.NewControl(), changed: make(chan struct{}), lastProgress: -1}
	m.runs[id] = run
	m.order = append(m.order, id)
	m.active++
	m.evictLocked()
	m.mu.Unlock()

	m.wg.Add(1)
	go m.execute(run)

	w.Header().Set("Location", "/api/runs/"+id)
	writeJSON(w, http.StatusCreated, protocol.RunCreated{ID: id, Events: "/api/runs/" + id + "/events", CommandLine: cfg.CommandLine()})
}

// evictLocked forgets the oldest finished runs beyond keptRuns.
func (m *runManager) evictLocked() {
	for len(m.order) > keptRuns {
		evicted := false
		for i, id := range m.order {
			r := m.runs[id]
			r.mu.Lock()
			done := r.done
			r.mu.Unlock()
			if done {
				delete(m.runs, id)
				m.order = append(m.order[:i], m.order[i+1:]...)
				evicted = true
				break
			}
		}
		if !evicted {
			return
		}
	}
}

// execute runs r to its end and records the outcome.
func (m *runManager) execute(r *nativeRun) {
	defer m.wg.Done()
	player, err := m.run(m.ctx, r.cfg, r.ctl, r.emit)
	if err != nil {
		// The same run-state a worker sends (wasm/runner's Session): a
		// run stopped on request says "stopped", not the error's text.
		rs := &protocol.RunState{State: protocol.StateFailed, Reason: err.Error()}
		switch {
		case errors.Is(err, runner.ErrStopped):
			rs.State, rs.Reason = protocol.StateStopped, "stopped"
		case errors.Is(err, context.Canceled):
			rs.State, rs.Reason = protocol.StateStopped, "the server shut down"
		}
		r.emit(rs)
	}
	if player != nil {
		r.emit(&protocol.PlayerFile{Player: player})
	}
	// Free the slot before the end becomes visible, so a client that saw the
	// stream end may start the next run at once.
	m.mu.Lock()
	m.active--
	m.mu.Unlock()
	r.mu.Lock()
	r.done, r.player = true, player
	close(r.changed)
	r.changed = make(chan struct{})
	r.mu.Unlock()
}

func (m *runManager) lookup(w http.ResponseWriter, r *http.Request) *nativeRun {
	id := r.PathValue("id")
	m.mu.Lock()
	run := m.runs[id]
	m.mu.Unlock()
	if run == nil {
		httpError(w, http.StatusNotFound, "serve: no run %q", id)
	}
	return run
}

func (m *runManager) control(w http.ResponseWriter, r *http.Request) {
	action := r.PathValue("action")
	run := m.lookup(w, r)
	if run == nil {
		return
	}
	switch action {
	case "stop":
		run.ctl.Stop()
	case "pause":
		run.ctl.Pause()
	case "resume":
		run.ctl.Resume()
	case "step":
		run.ctl.Step()
	default:
		httpError(w, http.StatusNotFound, "serve: unknown run action %q (stop, pause, resume, step)", action)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"id": run.id, "action": action})
}

// runStatus is the answer of GET /api/runs/{id}: the run is known (a 404
// otherwise), whether it ended, and the sequence number of its next event.
type runStatus struct {
	ID     string `json:"id"`
	Done   bool   `json:"done"`
	Events int    `json:"events"`
}

// state tells a page that lost a run's event stream (a reload, a cut
// connection) whether the server still has the run, so it follows it
// again rather than keep it as interrupted. A read: no teacher check, as
// for the events themselves.
func (m *runManager) state(w http.ResponseWriter, r *http.Request) {
	run := m.lookup(w, r)
	if run == nil {
		return
	}
	run.mu.Lock()
	st := runStatus{ID: run.id, Done: run.done, Events: run.base + len(run.events)}
	run.mu.Unlock()
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, st)
}

func (m *runManager) player(w http.ResponseWriter, r *http.Request) {
	run := m.lookup(w, r)
	if run == nil {
		return
	}
	run.mu.Lock()
	p, done := run.player, run.done
	run.mu.Unlock()
	if p == nil {
		if done {
			httpError(w, http.StatusNotFound, "serve: run %s ended without a player", run.id)
		} else {
			httpError(w, http.StatusConflict, "serve: run %s has no player yet", run.id)
		}
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "evochess-"+run.id+".json"))
	_, _ = w.Write(p)
}

// events streams a run's messages as server-sent events until the run ends,
// the client leaves or the server shuts down.
func (m *runManager) events(w http.ResponseWriter, r *http.Request) {
	run := m.lookup(w, r)
	if run == nil {
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		httpError(w, http.StatusInternalServerError, "serve: streaming unsupported")
		return
	}
	seq := 0
	if last := r.Header.Get("Last-Event-ID"); last != "" {
		if n, err := strconv.Atoi(last); err == nil && n >= 0 {
			seq = n + 1
		}
	}
	if evs, _, done, _ := run.since(seq); done && len(evs) == 0 {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if m.guard != nil {
		// Counted with the league's streams: per address and in all.
		release, ok := m.guard.openStream(w, r)
		if !ok {
			return
		}
		defer release()
	}
	beginEventStream(w, fl)
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	shutdown := m.ctx.Done()
	for {
		evs, next, done, changed := run.since(seq)
		for i, ev := range evs {
			if _, err := fmt.Fprintf(w, "id: %d\ndata: %s\n\n", next-len(evs)+i, ev); err != nil {
				return
			}
		}
		if len(evs) > 0 {
			fl.Flush()
		}
		seq = next
		if done {
			return
		}
		select {
		case <-changed:
		case <-ping.C:
			if _, err := io.WriteString(w, ": ping\n\n"); err != nil {
				return
			}
			fl.Flush()
		case <-r.Context().Done():
			return
		case <-shutdown:
			// The run is being cancelled: keep streaming until it records its end.
			shutdown = nil
		}
	}
}

// withoutWeights returns an encoded progress event without its best weights.
func withoutWeights(ev []byte) []byte {
	m, err := protocol.Decode(ev)
	if err != nil {
		return ev
	}
	p, ok := m.Body.(*protocol.Progress)
	if !ok {
		return ev
	}
	q := *p
	q.BestWeights = nil
	out, err := protocol.Encode(m.ID, &q)
	if err != nil {
		return ev
	}
	return out
}

// beginEventStream sends the headers of a server-sent event stream (never
// cached, not buffered by a proxy) and flushes them, so the client sees
// the stream open before the first event.
func beginEventStream(w http.ResponseWriter, fl http.Flusher) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fl.Flush()
}

func plural(n int) string { return ifElse(n == 1, "", "s") }

func ifElse(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
