package runner

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/data"
	"github.com/evochess/evochess/wasm/protocol"
)

// Remote is a set of nested fitness workers, each a Session of its own (in a
// browser: dedicated workers started by the coordinating worker). Messages
// are protocol envelopes; replies arrive through the onMessage callback given
// to Host.FitnessWorkers.
type Remote interface {
	// Workers returns the number of workers.
	Workers() int
	// Send posts msg to worker i.
	Send(i int, msg []byte)
	// Close terminates the workers.
	Close()
}

// Split is a tuner.Evaluator that splits each batch of candidates into
// contiguous slices, one per nested worker, and concatenates their scores in
// order. Every worker scores with the same compiled sample, and a
// candidate's score depends only on the candidate, so the scores are those of
// an in-process evaluation whatever the number of workers.
type Split struct {
	remote Remote

	mu      sync.Mutex
	next    int
	pending map[string]chan protocol.Message
}

// NewSplit starts n nested workers through start and returns the evaluator
// once each has compiled samples for prob.
func NewSplit(ctx context.Context, start func(n int, onMessage func(i int, msg []byte)) (Remote, error), n int, prob tuner.Problem, samples []data.Sample) (*Split, error) {
	sp := &Split{pending: map[string]chan protocol.Message{}}
	r, err := start(n, sp.receive)
	if err != nil {
		return nil, fmt.Errorf("runner: start %d fitness workers: %w", n, err)
	}
	sp.remote = r
	pj, err := json.Marshal(prob)
	if err != nil {
		r.Close()
		return nil, fmt.Errorf("runner: fitness setup: %w", err)
	}
	sj, err := json.Marshal(samples)
	if err != nil {
		r.Close()
		return nil, fmt.Errorf("runner: fitness setup: %w", err)
	}
	setup := &protocol.FitnessSetup{Problem: pj, Samples: sj}
	var waits []chan protocol.Message
	var ids []string
	for i := 0; i < r.Workers(); i++ {
		id, ch := sp.expect()
		waits, ids = append(waits, ch), append(ids, id)
		msg, err := protocol.Encode(id, setup)
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("runner: fitness setup: %w", err)
		}
		r.Send(i, msg)
	}
	for i, ch := range waits {
		m, err := sp.await(ctx, ids[i], ch)
		if err != nil {
			r.Close()
			return nil, err
		}
		if _, ok := m.Body.(*protocol.FitnessReady); !ok {
			r.Close()
			return nil, fmt.Errorf("runner: fitness worker %d answered setup with %s", i, m.Type)
		}
	}
	return sp, nil
}

// Close terminates the nested workers.
func (sp *Split) Close() { sp.remote.Close() }

func (sp *Split) expect() (string, chan protocol.Message) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sp.next++
	id := "fit-" + strconv.Itoa(sp.next)
	ch := make(chan protocol.Message, 1)
	sp.pending[id] = ch
	return id, ch
}

// receive routes a reply from a nested worker to its waiting request.
func (sp *Split) receive(_ int, raw []byte) {
	m, err := protocol.Decode(raw)
	if err != nil {
		return // not ours to answer; the waiting request times out on ctx
	}
	sp.mu.Lock()
	ch := sp.pending[m.ID]
	delete(sp.pending, m.ID)
	sp.mu.Unlock()
	if ch != nil {
		ch <- m
	}
}

func (sp *Split) await(ctx context.Context, id string, ch chan protocol.Message) (protocol.Message, error) {
	select {
	case m := <-ch:
		if e, ok := m.Body.(*protocol.Error); ok {
			return m, fmt.Errorf("runner: fitness worker: %s", e.Message)
		}
		return m, nil
	case <-ctx.Done():
		sp.mu.Lock()
		delete(sp.pending, id)
		sp.mu.Unlock()
		return protocol.Message{}, ctx.Err()
	}
}

// Evaluate implements tuner.Evaluator.
func (sp *Split) Evaluate(ctx context.Context, cands [][]int32) ([]tuner.Score, error) {
	if len(cands) == 0 {
		return nil, nil
	}
	n := min(sp.remote.Workers(), len(cands))
	type part struct {
		lo, hi int
		id     string
		ch     chan protocol.Message
	}
	parts := make([]part, n)
	for i := range parts {
		lo, hi := i*len(cands)/n, (i+1)*len(cands)/n
		id, ch := sp.expect()
		parts[i] = part{lo, hi, id, ch}
		msg, err := protocol.Encode(id, &protocol.EvalBatch{Candidates: cands[lo:hi]})
		if err != nil {
			return nil, fmt.Errorf("runner: eval-batch: %w", err)
		}
		sp.remote.Send(i, msg)
	}
	out := make([]tuner.Score, len(cands))
	for i, p := range parts {
		m, err := sp.await(ctx, p.id, p.ch)
		if err != nil {
			return nil, err
		}
		res, ok := m.Body.(*protocol.EvalResult)
		if !ok || len(res.Scores) != p.hi-p.lo {
			return nil, fmt.Errorf("runner: fitness worker %d: bad answer to eval-batch (%s)", i, m.Type)
		}
		copy(out[p.lo:p.hi], fromProtocolScores(res.Scores))
	}
	return out, nil
}
