//go:build !js

package dist

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/evochess/evochess/tuner"
)

// Defaults of Options.
const (
	DefaultAckWait        = 30 * time.Second
	DefaultMaxDeliver     = 8
	DefaultTaskTimeout    = time.Hour
	DefaultMinTaskSeconds = 0.1
	heartbeatEvery        = 2 * time.Second
	workerGone            = 3 * heartbeatEvery
	manifestEvery         = 20 * time.Second
)

// defaultStaleAfter is how long a run's manifest goes unrefreshed before the
// run counts as dead (Options.StaleAfter).
const defaultStaleAfter = 2 * time.Minute

// Options configure a Coordinator.
type Options struct {
	// URL of an existing NATS server or cluster. When empty, Server
	// configures the embedded server the coordinator starts.
	URL    string
	Server ServerConfig
	Auth   Auth
	// Open resolves the data file names of a setup (for the data digest the
	// workers check theirs against).
	Open func(string) (io.ReadCloser, error)
	// LocalWorkers is the number of task slots of the coordinator's own
	// worker (0: none; negative: one per core).
	LocalWorkers int
	// AckWait is how long a task may go without a progress heartbeat before
	// it is given to another worker (default 30 s); MaxDeliver how often a
	// task is delivered before the run fails (default 8); TaskTimeout the
	// longest one delivery of a task may run (default 1 h).
	AckWait     time.Duration
	MaxDeliver  int
	TaskTimeout time.Duration
	// MinTaskSeconds is the shortest task the planner makes once it knows
	// the cost of a unit (default 0.1 s), which bounds the per-task overhead.
	MinTaskSeconds float64
	// Log receives notices: workers refusing a run, redeliveries.
	Log func(string)
	// Verbose makes the local worker log every task.
	Verbose bool
	// StaleAfter is how long another coordinator's run manifest may go
	// unrefreshed before its run counts as dead and is dropped (default
	// 2 min); SweepEvery how often this coordinator looks (default 20 s).
	StaleAfter, SweepEvery time.Duration
}

func (o *Options) defaults() {
	if o.AckWait <= 0 {
		o.AckWait = DefaultAckWait
	}
	if o.MaxDeliver <= 0 {
		o.MaxDeliver = DefaultMaxDeliver
	}
	if o.TaskTimeout <= 0 {
		o.TaskTimeout = DefaultTaskTimeout
	}
	if o.StaleAfter <= 0 {
		o.StaleAfter = defaultStaleAfter
	}
	if o.SweepEvery <= 0 {
		o.SweepEvery = manifestEvery
	}
	if o.MinTaskSeconds <= 0 {
		o.MinTaskSeconds = DefaultMinTaskSeconds
	}
	if o.LocalWorkers < 0 {
		o.LocalWorkers = runtime.NumCPU()
	}
}

// Stats is the state of the work queue as a coordinator sees it.
type Stats struct {
	// Workers and Slots: worker processes heard from in the last seconds
	// and their task slots; Busy: slots running a task.
	Workers int `json:"workers"`
	Slots   int `json:"slots"`
	Busy    int `json:"busy"`
	// Queued and InFlight: tasks of the whole queue waiting for a worker
	// and delivered but not yet acknowledged.
	Queued   int `json:"queued"`
	InFlight int `json:"in_flight"`
	// Done: tasks of this coordinator's runs with a stored result;
	// Redelivered: of those, delivered more than once; Batches: Score
	// calls; Units: positions or games scored.
	Done        int   `json:"done"`
	Redelivered int   `json:"redelivered"`
	Batches     int   `json:"batches"`
	Units       int64 `json:"units"`
	// BatchTasks and BatchDone: the current batch.
	BatchTasks int `json:"batch_tasks"`
	BatchDone  int `json:"batch_done"`
	// TasksPerSecond over the last 30 s; ComputeSeconds: the workers' time
	// inside the fitness code, summed.
	TasksPerSecond float64 `json:"tasks_per_second"`
	ComputeSeconds float64 `json:"compute_seconds"`
	// MaxTasks is the most tasks one batch was split into.
	MaxTasks int `json:"max_tasks"`
	Refusals int `json:"refusals"`
}

// Coordinator publishes fitness tasks to a NATS JetStream work queue and
// collects their results. It owns the NATS connection, the embedded server
// (when it started one) and its local worker.
type Coordinator struct {
	opts  Options
	srv   *server.Server
	nc    *nats.Conn
	js    jetstream.JetStream
	kv    jetstream.KeyValue
	cons  jetstream.Consumer
	tasks jetstream.Stream
	res   jetstream.Stream
	subs  []*nats.Subscription

	local       *Worker
	localCancel context.CancelFunc
	localDone   chan error
	sweepStop   chan struct{}
	sweepDone   chan struct{}

	mu        sync.Mutex
	evs       []*Scorer
	workers   map[string]seenWorker
	owners    map[uint64]*Scorer // task stream sequence -> its evaluator
	stats     Stats
	completed []time.Time
	queueAt   time.Time
	revs      map[string]seenRev // runs' manifest revisions, when first seen (sweep)
}

type seenWorker struct {
	hb   Heartbeat
	seen time.Time
}

// Start connects to NATS (starting the embedded server when opts.URL is
// empty), makes the streams, the runs bucket and the shared durable pull
// consumer, and starts the local worker.
func Start(ctx context.Context, opts Options) (*Coordinator, error) {
	opts.defaults()
	c := &Coordinator{opts: opts, workers: map[string]seenWorker{}, owners: map[uint64]*Scorer{}}
	var err error
	if opts.URL == "" {
		if c.srv, err = StartServer(opts.Server); err != nil {
			return nil, err
		}
		c.nc, err = connectInProcess(c.srv, opts.Auth, "evochess coordinator")
	} else {
		c.nc, err = Connect(opts.URL, opts.Auth, "evochess coordinator", false)
	}
	if err != nil {
		c.Close()
		return nil, err
	}
	if err := c.setup(ctx); err != nil {
		c.Close()
		return nil, err
	}
	c.sweepStop, c.sweepDone = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(c.sweepDone)
		c.sweep(c.sweepStop)
	}()
	if opts.LocalWorkers > 0 {
		var lnc *nats.Conn
		if c.srv != nil {
			lnc, err = connectInProcess(c.srv, opts.Auth, "evochess local worker")
		} else {
			lnc, err = Connect(opts.URL, opts.Auth, "evochess local worker", false)
		}
		if err != nil {
			c.Close()
			return nil, err
		}
		host, _ := os.Hostname()
		c.local = &Worker{Conn: lnc, Slots: opts.LocalWorkers, Open: opts.Open, Name: fmt.Sprintf("%s/%d/local", host, os.Getpid()),
			Log: opts.Log, Verbose: opts.Verbose, closeConn: true}
		wctx, cancel := context.WithCancel(context.Background())
		c.localCancel, c.localDone = cancel, make(chan error, 1)
		go func() { c.localDone <- c.local.Run(wctx) }()
	}
	return c, nil
}

// ClientURL returns the address workers connect to ("" when the embedded
// server does not listen, or for an external server).
func (c *Coordinator) ClientURL() string {
	if c.srv == nil || c.srv.Addr() == nil {
		return ""
	}
	return c.srv.ClientURL()
}

func connectInProcess(srv *server.Server, a Auth, name string) (*nats.Conn, error) {
	a.TLSCA, a.TLSCert, a.TLSKey = "", "", "" // an in-process connection is not encrypted
	o, err := a.options()
	if err != nil {
		return nil, err
	}
	o = append(o, nats.InProcessServer(srv), nats.Name(name), nats.MaxReconnects(-1))
	nc, err := nats.Connect("", o...)
	if err != nil {
		return nil, fmt.Errorf("dist: connect in process: %w", err)
	}
	return nc, nil
}

func (c *Coordinator) setup(ctx context.Context) error {
	js, err := jetstream.New(c.nc)
	if err != nil {
		return fmt.Errorf("dist: %w", err)
	}
	c.js = js
	c.tasks, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: TasksStream, Subjects: []string{taskPrefix + ">"},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage, Duplicates: 2 * time.Minute, MaxAge: 7 * 24 * time.Hour,
		Description: "evochess fitness tasks (work queue)"})
	if err != nil {
		return fmt.Errorf("dist: tasks stream: %w", err)
	}
	c.res, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: ResultsStream, Subjects: []string{resultPrefix + ">"},
		Retention: jetstream.LimitsPolicy, Storage: jetstream.FileStorage, Duplicates: 2 * time.Minute, MaxAge: time.Hour,
		Description: "evochess fitness results"})
	if err != nil {
		return fmt.Errorf("dist: results stream: %w", err)
	}
	c.kv, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: RunsBucket, History: 1, Storage: jetstream.FileStorage,
		MaxValueSize: 8 << 20, Description: "evochess runs: setup, data digest, limits"})
	if err != nil {
		return fmt.Errorf("dist: runs bucket: %w", err)
	}
	c.cons, err = js.CreateOrUpdateConsumer(ctx, TasksStream, jetstream.ConsumerConfig{Durable: ConsumerName,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: c.opts.AckWait, MaxDeliver: c.opts.MaxDeliver, MaxWaiting: 4096,
		Description: "evochess workers (one shared pull consumer)"})
	if err != nil {
		return fmt.Errorf("dist: workers consumer: %w", err)
	}
	if c.srv != nil {
		// Our own server: whatever a previous coordinator left is stale.
		if err := c.tasks.Purge(ctx); err != nil {
			return fmt.Errorf("dist: purge tasks: %w", err)
		}
		if err := c.res.Purge(ctx); err != nil {
			return fmt.Errorf("dist: purge results: %w", err)
		}
	}
	c.dropStaleRuns(ctx, c.srv != nil, false)
	sub, err := c.nc.Subscribe(heartbeatSubject, func(m *nats.Msg) {
		var hb Heartbeat
		if json.Unmarshal(m.Data, &hb) != nil || hb.Worker == "" || len(hb.Worker) > maxTextLength {
			return
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if hb.Leaving {
			delete(c.workers, hb.Worker)
			return
		}
		c.workers[hb.Worker] = seenWorker{hb: hb, seen: time.Now()}
	})
	if err != nil {
		return fmt.Errorf("dist: %w", err)
	}
	c.subs = append(c.subs, sub)
	adv := fmt.Sprintf("%s.%s.%s", "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES", TasksStream, ConsumerName)
	sub, err = c.nc.Subscribe(adv, func(m *nats.Msg) {
		var a struct {
			StreamSeq  uint64 `json:"stream_seq"`
			Deliveries uint64 `json:"deliveries"`
		}
		if json.Unmarshal(m.Data, &a) != nil {
			return
		}
		c.mu.Lock()
		e := c.owners[a.StreamSeq]
		c.mu.Unlock()
		if e != nil {
			select {
			case e.exhausted <- exhausted{seq: a.StreamSeq, deliveries: int(a.Deliveries)}:
			default:
			}
		}
	})
	if err != nil {
		return fmt.Errorf("dist: %w", err)
	}
	c.subs = append(c.subs, sub)
	return c.nc.Flush()
}

// dropStaleRuns forgets runs whose coordinator stopped refreshing their
// manifest (it died): their tasks are purged and their manifest deleted.
// With all (this coordinator's own embedded server, at its start), every
// run left on the server is dropped; when sweeping, the runs whose manifest
// did not change for Options.StaleAfter while this coordinator watched. This
// coordinator's runs are kept.
func (c *Coordinator) dropStaleRuns(ctx context.Context, all, sweeping bool) {
	keys, err := c.kv.Keys(ctx)
	if err != nil {
		return
	}
	c.mu.Lock()
	mine := map[string]bool{}
	for _, e := range c.evs {
		mine[e.run] = true
	}
	c.mu.Unlock()
	for _, k := range keys {
		if mine[k] {
			continue
		}
		e, err := c.kv.Get(ctx, k)
		if err != nil {
			continue
		}
		m, err := DecodeManifest(e.Value())
		if err == nil && !all {
			stale := time.Since(m.Updated) >= c.opts.StaleAfter // at the start: the manifest's own time
			if sweeping {
				stale = c.unchanged(k, e.Revision()) // later: not refreshed while we watched
			}
			if !stale {
				continue
			}
		}
		if runIDPattern.MatchString(k) {
			_ = c.tasks.Purge(ctx, jetstream.WithPurgeSubject(taskSubject(k)))
		}
		_ = c.kv.Delete(ctx, k)
	}
}

// sweep drops stale runs every Options.SweepEvery while the coordinator lives, so
// that the queued tasks of a coordinator that died (kill -9, a lost
// machine) stop going to workers even when no other coordinator starts.
func (c *Coordinator) sweep(stop <-chan struct{}) {
	t := time.NewTicker(c.opts.SweepEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			c.dropStaleRuns(ctx, false, true)
			cancel()
		}
	}
}

// unchanged reports whether run's manifest has kept revision rev for
// Options.StaleAfter by this process's clock: its coordinator stopped
// refreshing it, whatever the clocks of the machines say (a manifest's
// Updated time is its coordinator's clock).
func (c *Coordinator) unchanged(run string, rev uint64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.revs == nil {
		c.revs = map[string]seenRev{}
	}
	now := time.Now()
	for k, r := range c.revs {
		if now.Sub(r.at) > 2*c.opts.StaleAfter {
			delete(c.revs, k) // runs that ended
		}
	}
	r, ok := c.revs[run]
	if !ok || r.rev != rev {
		c.revs[run] = seenRev{rev: rev, at: now}
		return false
	}
	return now.Sub(r.at) >= c.opts.StaleAfter
}

type seenRev struct {
	rev uint64
	at  time.Time
}

// Close stops the local worker, the subscriptions, the connection and the
// embedded server.
func (c *Coordinator) Close() {
	if c.sweepStop != nil {
		close(c.sweepStop)
		<-c.sweepDone
		c.sweepStop = nil
	}
	c.mu.Lock()
	evs := c.evs
	c.evs = nil
	c.mu.Unlock()
	for _, e := range evs {
		e.Close()
	}
	if c.localCancel != nil {
		c.localCancel()
		<-c.localDone
		c.localCancel = nil
	}
	for _, s := range c.subs {
		_ = s.Unsubscribe()
	}
	c.subs = nil
	if c.nc != nil {
		c.nc.Close()
	}
	if c.srv != nil {
		c.srv.Shutdown()
		c.srv.WaitForShutdown()
	}
}

// Distribute is tuner.Resources.Distribute: the distributed evaluator of
// a run (prev, one of c's, is updated to the new setup and evaluator).
func (c *Coordinator) Distribute(ctx context.Context, s tuner.Setup, train, prev tuner.Scorer) (tuner.Scorer, error) {
	if e, ok := prev.(*Scorer); ok && e.c == c {
		if err := e.Update(ctx, s, train); err != nil {
			return nil, err
		}
		return e, nil
	}
	return c.Scorer(ctx, s, train)
}

// Stats returns the current queue statistics (the whole queue's counts are
// those of the last refresh, at most a second old during a batch).
func (c *Coordinator) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.stats
	s.Workers, s.Slots, s.Busy = 0, 0, 0
	now := time.Now()
	for k, w := range c.workers {
		if now.Sub(w.seen) > workerGone {
			delete(c.workers, k)
			continue
		}
		s.Workers++
		s.Slots += w.hb.Slots
		s.Busy += w.hb.Busy
	}
	n := 0
	for _, t := range c.completed {
		if now.Sub(t) <= 30*time.Second {
			c.completed[n] = t
			n++
		}
	}
	c.completed = c.completed[:n]
	if n > 0 {
		span := min(30*time.Second, now.Sub(c.completed[0]))
		s.TasksPerSecond = float64(n) / max(span.Seconds(), 1)
	}
	return s
}

// refreshQueue reads the shared consumer's counts (at most once a second).
func (c *Coordinator) refreshQueue(ctx context.Context, force bool) {
	c.mu.Lock()
	if !force && time.Since(c.queueAt) < time.Second {
		c.mu.Unlock()
		return
	}
	c.queueAt = time.Now()
	c.mu.Unlock()
	ictx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	info, err := c.cons.Info(ictx)
	if err != nil {
		return
	}
	c.mu.Lock()
	c.stats.Queued, c.stats.InFlight = int(info.NumPending), info.NumAckPending
	c.mu.Unlock()
}

func (c *Coordinator) log(format string, a ...any) {
	if c.opts.Log != nil {
		c.opts.Log(fmt.Sprintf(format, a...))
	}
}

func newRunID() string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return "r" + hex.EncodeToString(b[:])
}

// taskError is a task that failed for good.
func taskError(run string, batch, task int, format string, a ...any) error {
	return fmt.Errorf("dist: run %s batch %d task %d: %s", run, batch, task, fmt.Sprintf(format, a...))
}

var errClosed = errors.New("dist: evaluator closed")
