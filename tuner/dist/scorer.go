//go:build !js

package dist

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/evochess/evochess/tuner"
)

// Scorer is the distributed tuner.Scorer of one run: Score splits
// the batch into tasks (ranges of units: candidates, suite positions,
// games), publishes them to the work queue, waits for every result and
// combines the partial scores in unit order, so the scores are those of the
// local evaluator bit for bit.
type Scorer struct {
	c   *Coordinator
	run string

	mu       sync.Mutex // one Score at a time
	setup    tuner.Setup
	key      string
	digest   string
	shard    tuner.Shardable
	batch    int
	unitCost float64 // seconds per unit, measured on the last batch

	results   chan []byte
	refusals  chan Refusal
	exhausted chan exhausted
	consume   jetstream.ConsumeContext
	refSub    *nats.Subscription
	stop      chan struct{}
	closeOnce sync.Once
	lastRefus string
}

type exhausted struct {
	seq        uint64
	deliveries int
}

// Scorer registers a run (setup, data digest) with the workers and
// returns its distributed evaluator. local is the run's locally prepared
// training evaluator (tuner.Prepare): it tells how the work splits, and the
// coordinator's local worker scores with it instead of preparing again.
func (c *Coordinator) Scorer(ctx context.Context, setup tuner.Setup, local tuner.Scorer) (*Scorer, error) {
	e := &Scorer{c: c, run: newRunID(), results: make(chan []byte, 1024), refusals: make(chan Refusal, 64),
		exhausted: make(chan exhausted, 64), stop: make(chan struct{})}
	if err := e.Update(ctx, setup, local); err != nil {
		return nil, err
	}
	cons, err := c.js.OrderedConsumer(ctx, ResultsStream, jetstream.OrderedConsumerConfig{FilterSubjects: []string{resultPrefix + e.run + ".>"}})
	if err != nil {
		e.Close()
		return nil, fmt.Errorf("dist: results consumer: %w", err)
	}
	e.consume, err = cons.Consume(func(m jetstream.Msg) {
		select {
		case e.results <- m.Data():
		case <-e.stop:
		}
	})
	if err != nil {
		e.Close()
		return nil, fmt.Errorf("dist: results consumer: %w", err)
	}
	e.refSub, err = c.nc.Subscribe(refusePrefix+e.run, func(m *nats.Msg) {
		var r Refusal
		if json.Unmarshal(m.Data, &r) != nil || len(r.Reason) > maxTextLength || len(r.Worker) > maxTextLength {
			return
		}
		select {
		case e.refusals <- r:
		default:
		}
	})
	if err != nil {
		e.Close()
		return nil, fmt.Errorf("dist: %w", err)
	}
	go e.keepManifest()
	c.mu.Lock()
	c.evs = append(c.evs, e)
	c.mu.Unlock()
	return e, nil
}

// Run returns the run id the tasks carry.
func (e *Scorer) Run() string { return e.run }

// Update changes the run's setup (a recompiled quiescence reference) and
// its local evaluator; later tasks carry the new setup key.
func (e *Scorer) Update(ctx context.Context, setup tuner.Setup, local tuner.Scorer) error {
	raw, key, err := SetupKey(setup)
	if err != nil {
		return err
	}
	files, digest, err := DigestFiles(DataFiles(setup.Problem), e.c.opts.Open)
	if err != nil {
		return err
	}
	shard := tuner.AsShardable(local, setup.Config.Relative || setup.Problem.Fitness == "tournament")
	e.mu.Lock()
	defer e.mu.Unlock()
	e.setup, e.key, e.digest, e.shard = setup, key, digest, shard
	if e.c.local != nil {
		e.c.local.seed(key, shard)
	}
	m := Manifest{V: ProtocolVersion, Build: Build(), Run: e.run, Setup: raw, SetupKey: key, Digest: digest, Files: files,
		AckWaitMs: e.c.opts.AckWait.Milliseconds(), TaskTimeoutMs: e.c.opts.TaskTimeout.Milliseconds(), Updated: time.Now().UTC()}
	return e.putManifest(ctx, &m)
}

func (e *Scorer) putManifest(ctx context.Context, m *Manifest) error {
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("dist: manifest: %w", err)
	}
	if _, err := e.c.kv.Put(ctx, e.run, b); err != nil {
		return fmt.Errorf("dist: publish run manifest: %w", err)
	}
	return nil
}

// keepManifest refreshes the manifest's time, so that other coordinators
// on the same cluster see the run is alive.
func (e *Scorer) keepManifest() {
	t := time.NewTicker(manifestEvery)
	defer t.Stop()
	for {
		select {
		case <-e.stop:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			if ent, err := e.c.kv.Get(ctx, e.run); err == nil {
				if m, err := DecodeManifest(ent.Value()); err == nil {
					m.Updated = time.Now().UTC()
					_ = e.putManifest(ctx, m)
				}
			}
			cancel()
		}
	}
}

// Close withdraws the run: its queued tasks, results and manifest.
func (e *Scorer) Close() {
	e.closeOnce.Do(func() {
		close(e.stop)
		e.c.mu.Lock()
		for i, x := range e.c.evs {
			if x == e {
				e.c.evs = append(e.c.evs[:i], e.c.evs[i+1:]...)
				break
			}
		}
		e.c.mu.Unlock()
		if e.consume != nil {
			e.consume.Stop()
		}
		if e.refSub != nil {
			_ = e.refSub.Unsubscribe()
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = e.c.tasks.Purge(ctx, jetstream.WithPurgeSubject(taskSubject(e.run)))
		_ = e.c.res.Purge(ctx, jetstream.WithPurgeSubject(resultPrefix+e.run+".>"))
		_ = e.c.kv.Delete(ctx, e.run)
	})
}

// plan splits a batch of n candidates × units (or, shared, units for the
// whole batch) into tasks of consecutive units.
func (e *Scorer) plan(cands [][]int32, units int, shared bool) []*Task {
	work := units
	if !shared {
		work = units * len(cands)
	}
	slots := max(1, e.c.Stats().Slots)
	target := 4 * slots // enough tasks to balance uneven units
	if e.unitCost > 0 {
		byTime := int(e.unitCost * float64(work) / e.c.opts.MinTaskSeconds)
		target = min(target, max(byTime, 1))
	}
	target = max(1, min(target, work))
	size := (work + target - 1) / target
	base := Task{V: ProtocolVersion, Build: Build(), Run: e.run, Setup: e.key, Digest: e.digest, Batch: e.batch, Shared: shared}
	var out []*Task
	if shared {
		for lo := 0; lo < units; lo += size {
			t := base
			t.Task, t.Cands, t.Items = len(out), cands, []Item{{Cand: 0, Lo: lo, Hi: min(lo+size, units)}}
			out = append(out, &t)
		}
		return out
	}
	var cur *Task
	index := map[int]int{} // batch candidate -> index in cur.Cands
	left := 0
	for ci := range cands {
		for lo := 0; lo < units; {
			if cur == nil || left == 0 {
				t := base
				t.Task = len(out)
				cur, left = &t, size
				out = append(out, cur)
				clear(index)
			}
			hi := min(units, lo+left)
			k, ok := index[ci]
			if !ok {
				k = len(cur.Cands)
				index[ci] = k
				cur.Cands = append(cur.Cands, cands[ci])
				cur.index = append(cur.index, ci)
			}
			cur.Items = append(cur.Items, Item{Cand: k, Lo: lo, Hi: hi})
			left -= hi - lo
			lo = hi
		}
	}
	return out
}

// Score implements tuner.Scorer.
func (e *Scorer) Score(ctx context.Context, cands [][]int32) ([]tuner.Score, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	select {
	case <-e.stop:
		return nil, errClosed
	default:
	}
	if len(cands) == 0 {
		return []tuner.Score{}, nil
	}
	units, shared := e.shard.Units(cands)
	if units <= 0 {
		return nil, fmt.Errorf("dist: a batch of %d candidates has %d units of work", len(cands), units)
	}
	tasks := e.plan(cands, units, shared)
	batch := e.batch
	e.batch++
	c := e.c
	c.mu.Lock()
	c.stats.Batches++
	c.stats.BatchTasks, c.stats.BatchDone = len(tasks), 0
	c.stats.MaxTasks = max(c.stats.MaxTasks, len(tasks))
	c.mu.Unlock()

	seqs := map[uint64]int{}
	defer func() {
		c.mu.Lock()
		for s := range seqs {
			delete(c.owners, s)
		}
		c.mu.Unlock()
	}()
	fail := func(err error) ([]tuner.Score, error) {
		pctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = c.tasks.Purge(pctx, jetstream.WithPurgeSubject(taskSubject(e.run)))
		return nil, err
	}
	for i, t := range tasks {
		data, err := json.Marshal(t)
		if err != nil {
			return fail(fmt.Errorf("dist: encode task: %w", err))
		}
		ack, err := c.js.Publish(ctx, taskSubject(e.run), data, jetstream.WithMsgID(fmt.Sprintf("%s.%d.%d", e.run, batch, i)))
		if err != nil {
			if ctx.Err() != nil {
				return fail(ctx.Err())
			}
			return fail(fmt.Errorf("dist: publish task: %w", err))
		}
		seqs[ack.Sequence] = i
		c.mu.Lock()
		c.owners[ack.Sequence] = e
		c.mu.Unlock()
	}

	got := make([]*Result, len(tasks))
	remaining := len(tasks)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	c.refreshQueue(ctx, false)
	for remaining > 0 {
		select {
		case data := <-e.results:
			r, err := DecodeResult(data)
			if err != nil {
				c.log("dist: ignored a malformed result: %v", err)
				continue
			}
			if r.Run != e.run || r.Batch != batch || r.Task >= len(tasks) || got[r.Task] != nil {
				continue // a late duplicate (a task given to two workers) or an old batch's
			}
			if r.Error != "" {
				return fail(taskError(e.run, batch, r.Task, "worker %s: %s", r.Worker, r.Error))
			}
			if err := r.fits(tasks[r.Task]); err != nil {
				return fail(taskError(e.run, batch, r.Task, "worker %s sent a malformed result: %v", r.Worker, err))
			}
			got[r.Task] = r
			remaining--
			c.mu.Lock()
			c.stats.Done++
			c.stats.BatchDone++
			c.stats.Units += int64(tasks[r.Task].Units())
			c.stats.ComputeSeconds += r.Seconds
			if r.Delivered > 1 {
				c.stats.Redelivered++
			}
			c.completed = append(c.completed, time.Now())
			c.mu.Unlock()
		case x := <-e.exhausted:
			i, ok := seqs[x.seq]
			if !ok || got[i] != nil {
				continue
			}
			why := "workers died or timed out on it"
			if e.lastRefus != "" {
				why = "last refusal: " + e.lastRefus
			}
			return fail(taskError(e.run, batch, i, "delivered %d times without a result (MaxDeliver %d); %s", x.deliveries, c.opts.MaxDeliver, why))
		case r := <-e.refusals:
			e.lastRefus = fmt.Sprintf("worker %s: %s", r.Worker, r.Reason)
			c.mu.Lock()
			c.stats.Refusals++
			c.mu.Unlock()
			c.log("dist: worker %s refused run %s: %s", r.Worker, e.run, r.Reason)
		case <-tick.C:
			c.refreshQueue(ctx, false)
		case <-ctx.Done():
			return fail(ctx.Err())
		case <-e.stop:
			return fail(errClosed)
		}
	}

	// Combine: every candidate's partials in unit order (the plan walks
	// candidates, then units, in order).
	parts := make([][]tuner.Score, len(cands))
	var cost float64
	for ti, t := range tasks {
		r := got[ti]
		cost += r.Seconds
		if shared {
			for _, p := range r.Parts {
				for ci := range cands {
					parts[ci] = append(parts[ci], p[ci])
				}
			}
			continue
		}
		for ii, it := range t.Items {
			ci := t.index[it.Cand]
			parts[ci] = append(parts[ci], r.Parts[ii][0])
		}
	}
	sums := make([]tuner.Score, len(cands))
	for i := range cands {
		sums[i] = tuner.SumPartials(parts[i])
	}
	out, err := e.shard.Finish(cands, sums)
	if err != nil {
		return nil, err
	}
	if work := units * max(1, boolInt(!shared)*len(cands)); cost > 0 && !math.IsInf(cost, 0) {
		e.unitCost = cost / float64(work)
	}
	pctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	_ = c.res.Purge(pctx, jetstream.WithPurgeSubject(fmt.Sprintf("%s%s.%d.>", resultPrefix, e.run, batch)))
	cancel()
	c.refreshQueue(ctx, true)
	return out, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
