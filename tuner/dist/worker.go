//go:build !js

package dist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/evochess/evochess/tuner"
)

// Worker fetches tasks from the shared durable pull consumer, one per slot
// at a time, scores them with the evaluator it prepares from the run's
// setup and its own data files, stores the result in the results stream
// and only then acknowledges the task. While a task runs it sends progress
// heartbeats (InProgress) so that long tasks are not redelivered; a worker
// that dies or stops sending them has its task redelivered after AckWait.
type Worker struct {
	// Conn is the NATS connection (Run does not close it unless closeConn).
	Conn *nats.Conn
	// Slots is the number of tasks run at once (0: one per core).
	Slots int
	// Open resolves the data files a run names (the worker's -data-dir).
	Open func(string) (io.ReadCloser, error)
	// Where describes Open for error messages (e.g. the data folder).
	Where string
	// Name identifies the worker in results and refusals (default host/pid).
	Name string
	// Build overrides the build identity (tests of version refusal).
	Build string
	// Log receives notices; Verbose adds one line per task.
	Log     func(string)
	Verbose bool
	// Dial, when set, holds the reasons Conn's connection attempts failed
	// (the waiting notice names the last: "connection refused").
	Dial *DialErrors

	closeConn bool
	js        jetstream.JetStream
	kv        jetstream.KeyValue

	mu        sync.Mutex
	prepared  map[string]*prepared // by setup key
	order     []string             // prepared keys, oldest first
	manifests map[string]*Manifest // by run
	dataOK    map[string]error     // by data digest
	idle      map[string][]tuner.ShardScorer
	cache     tuner.DataCache
	refused   error
	failed    error // the connection closed for good (the server refused the credentials)
	busy      atomic.Int32
	waitSaid  atomic.Bool // "waiting for …" said (once for all slots, until a consumer is found)
	done      atomic.Int64
	cancel    context.CancelFunc
}

// prepared is a run's evaluator, prepared once and shared by the slots.
type prepared struct {
	ready  chan struct{}
	shard  tuner.Shardable
	err    error
	seeded bool
}

// keptSetups bounds the prepared evaluators a worker keeps.
const keptSetups = 3

// ErrRefused wraps the reason a worker stopped: the run needs another
// version or other data.
var ErrRefused = errors.New("dist: worker refused a run")

// seed makes a prepared evaluator available under key (the coordinator's
// own worker scores with the coordinator's evaluator).
func (w *Worker) seed(key string, s tuner.Shardable) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.init()
	p := &prepared{ready: make(chan struct{}), shard: s, seeded: true}
	close(p.ready)
	w.remember(key, p)
}

func (w *Worker) init() {
	if w.prepared == nil {
		w.prepared, w.manifests, w.dataOK = map[string]*prepared{}, map[string]*Manifest{}, map[string]error{}
	}
}

// remember stores p under key, forgetting the oldest beyond keptSetups.
func (w *Worker) remember(key string, p *prepared) {
	if _, ok := w.prepared[key]; !ok {
		w.order = append(w.order, key)
	}
	w.prepared[key] = p
	for len(w.order) > keptSetups {
		delete(w.prepared, w.order[0])
		w.order = w.order[1:]
	}
}

func (w *Worker) log(format string, a ...any) {
	if w.Log != nil {
		w.Log(fmt.Sprintf(format, a...))
	}
}

// Run works until ctx ends (nil error), the worker refuses a run
// (ErrRefused, with the reason) or its connection closes for good (the
// server refused its credentials).
func (w *Worker) Run(ctx context.Context) error {
	if w.closeConn {
		defer w.Conn.Close()
	}
	if w.Slots <= 0 {
		w.Slots = defaultSlots()
	}
	if w.Build == "" {
		w.Build = Build()
	}
	if w.Name == "" {
		host, _ := os.Hostname()
		w.Name = fmt.Sprintf("%s/%d", host, os.Getpid())
	}
	w.mu.Lock()
	w.init()
	w.mu.Unlock()
	js, err := jetstream.New(w.Conn)
	if err != nil {
		return fmt.Errorf("dist: worker: %w", err)
	}
	w.js = js
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w.mu.Lock()
	w.cancel = cancel
	w.mu.Unlock()

	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		w.heartbeats(ctx)
	}()
	for i := 0; i < w.Slots; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.slot(ctx)
		}()
	}
	wg.Wait()
	hb, _ := json.Marshal(Heartbeat{Worker: w.Name, Build: w.Build, Leaving: true})
	if w.Conn.IsConnected() {
		_ = w.Conn.Publish(heartbeatSubject, hb)
		_ = w.Conn.FlushTimeout(time.Second)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.refused != nil {
		return w.refused
	}
	return w.failed
}

// connClosed stops the worker when its connection is closed: a NATS
// connection that reconnects for ever closes only when the server refused
// its credentials (or the caller closed it), and no task can come again.
func (w *Worker) connClosed() bool {
	if !w.Conn.IsClosed() {
		return false
	}
	last := w.Conn.LastError()
	if last == nil {
		last = nats.ErrConnectionClosed
	}
	err := fmt.Errorf("dist: the NATS connection closed for good (%v)", last)
	for _, auth := range []error{nats.ErrAuthorization, nats.ErrAuthExpired, nats.ErrAuthRevoked, nats.ErrAccountAuthExpired} {
		if errors.Is(last, auth) {
			err = fmt.Errorf("dist: the NATS server refused this worker's credentials (%w): give it the coordinator's token, nkey or creds", last)
		}
	}
	w.mu.Lock()
	if w.failed == nil && w.refused == nil {
		w.failed = err
		w.cancel()
	}
	w.mu.Unlock()
	return true
}

// connWhy is why the connection is down, for the "waiting" notice.
func (w *Worker) connWhy(err error) error {
	if last := w.Conn.LastError(); last != nil {
		return last
	}
	if last := w.Dial.Last(); last != nil {
		return last
	}
	return err
}

func (w *Worker) heartbeats(ctx context.Context) {
	t := time.NewTicker(heartbeatEvery)
	defer t.Stop()
	for {
		hb, _ := json.Marshal(Heartbeat{Worker: w.Name, Build: w.Build, Slots: w.Slots, Busy: int(w.busy.Load()), Done: int(w.done.Load())})
		_ = w.Conn.Publish(heartbeatSubject, hb)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// slot fetches and runs one task at a time.
func (w *Worker) slot(ctx context.Context) {
	var cons jetstream.Consumer
	waiting := false
	for ctx.Err() == nil {
		if w.connClosed() {
			return
		}
		if cons == nil {
			c, err := w.js.Consumer(ctx, TasksStream, ConsumerName)
			if err != nil {
				if w.connClosed() {
					return
				}
				if !waiting && ctx.Err() == nil && !w.waitSaid.Swap(true) {
					if w.Conn.IsConnected() {
						w.log("dist: waiting for a coordinator (no task queue yet: %v)", err)
					} else {
						w.log("dist: waiting for the NATS server (not connected: %v); retrying", w.connWhy(err))
					}
				}
				waiting = true
				sleep(ctx, time.Second)
				continue
			}
			cons, waiting = c, false
			w.waitSaid.Store(false)
		}
		fctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		batch, err := cons.Fetch(1, jetstream.FetchContext(fctx))
		if err != nil {
			cancel()
			cons = nil
			sleep(ctx, 500*time.Millisecond)
			continue
		}
		for msg := range batch.Messages() {
			w.handle(ctx, msg)
		}
		cancel()
		if err := batch.Error(); err != nil && !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, context.DeadlineExceeded) &&
			!errors.Is(err, context.Canceled) {
			cons = nil
			sleep(ctx, 500*time.Millisecond)
		}
	}
}

func defaultSlots() int { return runtime.NumCPU() }

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// refuse reports why this worker will not run run's tasks, gives the task
// back and stops the worker.
func (w *Worker) refuse(msg jetstream.Msg, run, reason string) {
	_ = msg.Nak()
	if run != "" {
		b, _ := json.Marshal(Refusal{V: ProtocolVersion, Run: run, Worker: w.Name, Reason: reason})
		_ = w.Conn.Publish(refusePrefix+run, b)
		_ = w.Conn.FlushTimeout(5 * time.Second)
	}
	w.mu.Lock()
	if w.refused == nil {
		w.refused = fmt.Errorf("%w %s: %s", ErrRefused, run, reason)
		w.cancel()
	}
	w.mu.Unlock()
}

// handle runs one delivered task.
func (w *Worker) handle(ctx context.Context, msg jetstream.Msg) {
	start := time.Now()
	delivered := 1
	if md, err := msg.Metadata(); err == nil {
		delivered = int(md.NumDelivered)
	}
	t, err := DecodeTask(msg.Data(), w.Build)
	var ve *VersionError
	if errors.As(err, &ve) {
		w.refuse(msg, t.Run, ve.Error())
		return
	}
	if err != nil {
		w.log("dist: dropped a malformed task: %v", err)
		_ = msg.Term()
		return
	}
	man, err := w.manifest(ctx, t)
	if err != nil {
		if ctx.Err() != nil {
			_ = msg.Nak()
			return
		}
		w.log("dist: dropped task %s/%d/%d: %v", t.Run, t.Batch, t.Task, err)
		_ = msg.Term()
		return
	}
	if man.Build != w.Build {
		w.refuse(msg, t.Run, (&VersionError{GotV: man.V, WantV: ProtocolVersion, GotBuild: man.Build, WantBuild: w.Build}).Error())
		return
	}
	if err := w.checkData(man); err != nil {
		w.refuse(msg, t.Run, err.Error())
		return
	}
	w.busy.Add(1)
	defer w.busy.Add(-1)
	if w.Verbose {
		w.log("dist: task %s/%d/%d started (%d units, delivery %d)", t.Run, t.Batch, t.Task, t.Units(), delivered)
	}
	// Progress heartbeats until the task is answered or gives up.
	ackWait := time.Duration(man.AckWaitMs) * time.Millisecond
	hbDone := make(chan struct{})
	defer close(hbDone)
	go func() {
		tk := time.NewTicker(max(ackWait/3, 10*time.Millisecond))
		defer tk.Stop()
		for {
			select {
			case <-hbDone:
				return
			case <-tk.C:
				_ = msg.InProgress()
			}
		}
	}()
	tctx, cancel := context.WithTimeout(ctx, time.Duration(man.TaskTimeoutMs)*time.Millisecond)
	defer cancel()
	parts, err := w.score(tctx, man, t)
	if err != nil && tctx.Err() != nil {
		if ctx.Err() == nil {
			w.log("dist: task %s/%d/%d timed out after %s; given back", t.Run, t.Batch, t.Task, time.Duration(man.TaskTimeoutMs)*time.Millisecond)
		}
		_ = msg.Nak()
		return
	}
	res := Result{V: ProtocolVersion, Run: t.Run, Batch: t.Batch, Task: t.Task, Worker: w.Name, Parts: parts,
		Seconds: time.Since(start).Seconds(), Delivered: delivered}
	if err != nil {
		res.Parts, res.Error = nil, err.Error()
	}
	data, err := json.Marshal(res)
	if err != nil {
		res.Parts, res.Error = nil, fmt.Sprintf("encode result: %v", err)
		data, _ = json.Marshal(res)
	}
	pctx, pcancel := context.WithTimeout(ctx, 30*time.Second)
	defer pcancel()
	if _, err := w.js.Publish(pctx, resultSubject(t.Run, t.Batch, t.Task), data,
		jetstream.WithMsgID(fmt.Sprintf("%s.%d.%d", t.Run, t.Batch, t.Task))); err != nil {
		w.log("dist: task %s/%d/%d: store result: %v", t.Run, t.Batch, t.Task, err)
		_ = msg.Nak()
		return
	}
	// The result is stored: the task is done.
	_ = msg.DoubleAck(pctx)
	w.done.Add(1)
	if w.Verbose {
		w.log("dist: task %s/%d/%d done in %.3fs", t.Run, t.Batch, t.Task, time.Since(start).Seconds())
	}
}

// manifest returns the run's manifest for task t (fetched again when the
// run's setup changed).
func (w *Worker) manifest(ctx context.Context, t *Task) (*Manifest, error) {
	w.mu.Lock()
	m := w.manifests[t.Run]
	w.mu.Unlock()
	if m != nil && m.SetupKey == t.Setup {
		return m, nil
	}
	w.mu.Lock()
	kv := w.kv
	w.mu.Unlock()
	if kv == nil {
		var err error
		if kv, err = w.js.KeyValue(ctx, RunsBucket); err != nil {
			return nil, fmt.Errorf("runs bucket: %w", err)
		}
		w.mu.Lock()
		w.kv = kv
		w.mu.Unlock()
	}
	e, err := kv.Get(ctx, t.Run)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, errors.New("the run has ended")
	}
	if err != nil {
		return nil, fmt.Errorf("run manifest: %w", err)
	}
	m, err = DecodeManifest(e.Value())
	if err != nil {
		return nil, err
	}
	if m.SetupKey != t.Setup || m.Digest != t.Digest {
		return nil, errors.New("the task belongs to an earlier setup of the run")
	}
	w.mu.Lock()
	w.manifests[t.Run] = m
	w.mu.Unlock()
	return m, nil
}

// checkData compares this worker's data files with the run's.
func (w *Worker) checkData(m *Manifest) error {
	w.mu.Lock()
	err, ok := w.dataOK[m.Digest]
	w.mu.Unlock()
	if ok {
		return err
	}
	names := make([]string, len(m.Files))
	for i, f := range m.Files {
		names[i] = f.Name
	}
	_, digest, err := DigestFiles(names, w.Open)
	if err != nil || digest != m.Digest {
		where := w.Where
		if where == "" {
			where = "this worker's data"
		}
		err = compareFiles(m.Files, w.Open, where)
		if err == nil {
			err = fmt.Errorf("dist: data digest %.12s… here, %.12s… on the coordinator", digest, m.Digest)
		}
	}
	w.mu.Lock()
	w.dataOK[m.Digest] = err
	w.mu.Unlock()
	return err
}

// evaluator returns the prepared evaluator of m's setup, preparing it once.
func (w *Worker) evaluator(ctx context.Context, m *Manifest) (tuner.Shardable, error) {
	w.mu.Lock()
	p := w.prepared[m.SetupKey]
	mine := false
	if p == nil {
		p, mine = &prepared{ready: make(chan struct{})}, true
		w.remember(m.SetupKey, p)
	}
	w.mu.Unlock()
	if mine {
		p.shard, p.err = w.prepare(ctx, m)
		if p.err != nil {
			w.mu.Lock()
			if w.prepared[m.SetupKey] == p {
				delete(w.prepared, m.SetupKey) // retried by the next task
			}
			w.mu.Unlock()
		}
		close(p.ready)
	}
	select {
	case <-p.ready:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return p.shard, p.err
}

func (w *Worker) prepare(ctx context.Context, m *Manifest) (tuner.Shardable, error) {
	var s tuner.Setup
	if err := json.Unmarshal(m.Setup, &s); err != nil {
		return nil, fmt.Errorf("dist: run setup: %w", err)
	}
	if w.Verbose {
		w.log("dist: preparing run %s (%s fitness)", m.Run, s.Problem.Fitness)
	}
	// No quiescence memos: a re-resolved run sends a new setup, prepared
	// afresh, so nothing here would walk them twice.
	prep, err := tuner.Prepare(ctx, s, tuner.Resources{Open: w.Open, Workers: w.Slots, Cache: &w.cache, QMemoBytes: -1})
	if err != nil {
		return nil, err
	}
	return tuner.AsShardable(prep.Train, s.Config.Relative || s.Problem.Fitness == "tournament"), nil
}

// score runs t's items.
func (w *Worker) score(ctx context.Context, m *Manifest, t *Task) ([][]tuner.Score, error) {
	sh, err := w.evaluator(ctx, m)
	if err != nil {
		return nil, err
	}
	score, err := w.scorer(m.SetupKey, sh)
	if err != nil {
		return nil, err
	}
	defer w.release(m.SetupKey, score)
	out := make([][]tuner.Score, len(t.Items))
	for i, it := range t.Items {
		cands := t.Cands
		if !t.Shared {
			cands = t.Cands[it.Cand : it.Cand+1]
		}
		p, err := score(ctx, cands, it.Lo, it.Hi)
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// scorer returns an idle shard scorer of key, or a new one: a scorer may
// keep state (search tables), so each serves one task at a time.
func (w *Worker) scorer(key string, sh tuner.Shardable) (tuner.ShardScorer, error) {
	w.mu.Lock()
	if w.idle == nil {
		w.idle = map[string][]tuner.ShardScorer{}
	}
	if s := w.idle[key]; len(s) > 0 {
		sc := s[len(s)-1]
		w.idle[key] = s[:len(s)-1]
		w.mu.Unlock()
		return sc, nil
	}
	w.mu.Unlock()
	return sh.NewShardScorer()
}

func (w *Worker) release(key string, sc tuner.ShardScorer) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.prepared[key]; !ok {
		delete(w.idle, key)
		return
	}
	w.idle[key] = append(w.idle[key], sc)
}
