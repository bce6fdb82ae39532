package runner

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/evochess/evochess/tuner"
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
// order. Every worker prepares the same training evaluator from the same
// games and setup, and a candidate's score depends only on the candidate, so
// the scores are those of an in-process evaluation whatever the number of
// workers.
type Split struct {
	remote Remote

	mu      sync.Mutex
	next    int
	pending map[string]chan protocol.Message
}

// NewSplit starts n nested workers through start, sends each the run's
// games (load-data with the PGN text) and its setup (fitness-setup), and
// returns the evaluator once every worker has prepared its training
// evaluator.
func NewSplit(ctx context.Context, start func(n int, onMessage func(i int, msg []byte)) (Remote, error), n int, games *Games, setup tuner.Setup) (*Split, error) {
	sp := &Split{pending: map[string]chan protocol.Message{}}
	r, err := start(n, sp.receive)
	if err != nil {
		return nil, fmt.Errorf("runner: start %d fitness workers: %w", n, err)
	}
	sp.remote = r
	if err := sp.broadcast(ctx, &protocol.LoadData{PGN: string(games.text), Name: games.name}, protocol.TypeLoaded); err != nil {
		r.Close()
		return nil, err
	}
	if err := sp.Reprepare(ctx, setup); err != nil {
		r.Close()
		return nil, err
	}
	return sp, nil
}

// Reprepare sends every worker a new setup (fitness-setup) and waits until
// all have prepared it: a recompiling run passes its new quiescence
// reference in setup.Problem.Reference, so every worker compiles the same
// resolved sample as the coordinator would.
func (sp *Split) Reprepare(ctx context.Context, setup tuner.Setup) error {
	sj, err := json.Marshal(setup)
	if err != nil {
		return fmt.Errorf("runner: fitness setup: %w", err)
	}
	return sp.broadcast(ctx, &protocol.FitnessSetup{Setup: sj}, protocol.TypeFitnessReady)
}

// broadcast sends body to every worker and waits for each reply of type want.
func (sp *Split) broadcast(ctx context.Context, body protocol.Body, want protocol.Type) error {
	r := sp.remote
	waits := make([]chan protocol.Message, r.Workers())
	ids := make([]string, r.Workers())
	for i := range waits {
		ids[i], waits[i] = sp.expect()
		msg, err := protocol.Encode(ids[i], body)
		if err != nil {
			return fmt.Errorf("runner: fitness workers: %w", err)
		}
		r.Send(i, msg)
	}
	for i, ch := range waits {
		if _, err := sp.await(ctx, ids[i], ch, want); err != nil {
			return fmt.Errorf("runner: fitness worker %d: %s: %w", i, body.Type(), err)
		}
	}
	return nil
}

// Close terminates the nested workers.
func (sp *Split) Close() { sp.remote.Close() }

// Workers returns the number of nested workers.
func (sp *Split) Workers() int { return sp.remote.Workers() }

func (sp *Split) expect() (string, chan protocol.Message) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sp.next++
	id := "fit-" + strconv.Itoa(sp.next)
	ch := make(chan protocol.Message, 16)
	sp.pending[id] = ch
	return id, ch
}

// receive routes a message from a nested worker to the request it answers.
func (sp *Split) receive(_ int, raw []byte) {
	m, err := protocol.Decode(raw)
	if err != nil {
		return // cannot be routed; the waiting request ends with its context
	}
	sp.mu.Lock()
	var chans []chan protocol.Message
	if m.ID == "" && m.Type == protocol.TypeError {
		// A worker failed outside any request (it could not start): every
		// waiting request fails.
		for _, ch := range sp.pending {
			chans = append(chans, ch)
		}
	} else if ch := sp.pending[m.ID]; ch != nil {
		chans = append(chans, ch)
	}
	sp.mu.Unlock()
	for _, ch := range chans {
		select {
		case ch <- m:
		default: // progress messages the waiter has not taken yet: drop this one
		}
	}
}

// await waits for the reply of type want to request id, skipping progress
// messages.
func (sp *Split) await(ctx context.Context, id string, ch chan protocol.Message, want protocol.Type) (protocol.Message, error) {
	defer func() {
		sp.mu.Lock()
		delete(sp.pending, id)
		sp.mu.Unlock()
	}()
	for {
		select {
		case m := <-ch:
			if e, ok := m.Body.(*protocol.Error); ok {
				return m, fmt.Errorf("runner: fitness worker: %s", e.Message)
			}
			if m.Type == want {
				return m, nil
			}
		case <-ctx.Done():
			return protocol.Message{}, ctx.Err()
		}
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
		m, err := sp.await(ctx, p.id, p.ch, protocol.TypeEvalResult)
		if err != nil {
			return nil, err
		}
		res := m.Body.(*protocol.EvalResult)
		if len(res.Scores) != p.hi-p.lo {
			return nil, fmt.Errorf("runner: fitness worker %d: %d scores for %d candidates", i, len(res.Scores), p.hi-p.lo)
		}
		copy(out[p.lo:p.hi], fromProtocolScores(res.Scores))
	}
	return out, nil
}
