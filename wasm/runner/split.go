package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
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

// Split is a tuner.Scorer over nested workers, in one of two ways.
//
// By positions (a fitness tuner.ShardsPositions accepts: the move matches):
// worker i holds share i of the run's positions (tuner.PrepareShard), so it
// samples, compiles and re-resolves only those, and scores every candidate
// of a batch on them; the partial counts of every share are added in share
// order (tuner.FinishShards). HeldOut scores the held-out positions the same
// way. The coordinator prepares no positions itself.
//
// By candidates (any other absolute fitness): every worker prepares the
// whole training evaluator, and each batch is cut into contiguous slices of
// candidates, one per worker, whose scores are concatenated in order.
//
// Either way a candidate's score is that of an in-process evaluation,
// whatever the number of workers.
type Split struct {
	remote Remote
	setup  tuner.Setup
	shards bool
	// Positions prepared by every worker together (by positions) or by
	// each (by candidates).
	train, test int

	mu      sync.Mutex
	next    int
	pending map[string]chan protocol.Message
}

// NewSplit starts n nested workers through start, sends each the run's
// games (load-data with the PGN text) and its setup (fitness-setup, with
// its share of the positions when setup splits by positions), and returns
// the evaluator once every worker has prepared.
func NewSplit(ctx context.Context, start func(n int, onMessage func(i int, msg []byte)) (Remote, error), n int, games *Games, setup tuner.Setup) (*Split, error) {
	sp := &Split{pending: map[string]chan protocol.Message{}, shards: tuner.ShardsPositions(setup)}
	r, err := start(n, sp.receive)
	if err != nil {
		return nil, fmt.Errorf("runner: start %d fitness workers: %w", n, err)
	}
	sp.remote = r
	load := &protocol.LoadData{PGN: string(games.text), Name: games.name}
	if _, err := sp.broadcast(ctx, func(int) protocol.Body { return load }, protocol.TypeLoaded); err != nil {
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
// resolved sample as the coordinator would (by positions: its share).
func (sp *Split) Reprepare(ctx context.Context, setup tuner.Setup) error {
	sj, err := json.Marshal(setup)
	if err != nil {
		return fmt.Errorf("runner: fitness setup: %w", err)
	}
	n := sp.remote.Workers()
	replies, err := sp.broadcast(ctx, func(i int) protocol.Body {
		if !sp.shards {
			return &protocol.FitnessSetup{Setup: sj}
		}
		return &protocol.FitnessSetup{Setup: sj, Shard: &protocol.Shard{Index: i, Count: n}}
	}, protocol.TypeFitnessReady)
	if we := (*workerError)(nil); errors.As(err, &we) {
		// The worker could not prepare from the games and settings (no
		// training position, say): the same error the run gives without
		// nested workers, said as plainly.
		return errors.New(strings.TrimPrefix(we.msg, "runner: fitness setup: "))
	}
	if err != nil {
		return err
	}
	sp.setup, sp.train, sp.test = setup, 0, 0
	for _, m := range replies {
		r := m.Body.(*protocol.FitnessReady)
		if !sp.shards {
			sp.train = r.Train
			continue
		}
		sp.train += r.Train
		sp.test += r.Test
	}
	if sp.shards {
		// Every share holds its part of the same sample.
		for i, m := range replies {
			r := m.Body.(*protocol.FitnessReady)
			sh := tuner.PositionShard{Index: i, Count: n}
			if r.Train != sh.Size(sp.train) || r.Test != sh.Size(sp.test) {
				return fmt.Errorf("runner: fitness worker %d prepared %d + %d positions, want %d + %d", i, r.Train, r.Test, sh.Size(sp.train), sh.Size(sp.test))
			}
		}
	}
	return nil
}

// Positions returns the training and held-out positions the workers
// prepared (held-out: 0 unless split by positions).
func (sp *Split) Positions() (train, test int) { return sp.train, sp.test }

// broadcast sends body(i) to every worker i and waits for each reply of
// type want.
func (sp *Split) broadcast(ctx context.Context, body func(i int) protocol.Body, want protocol.Type) ([]protocol.Message, error) {
	r := sp.remote
	waits := make([]chan protocol.Message, r.Workers())
	ids := make([]string, r.Workers())
	for i := range waits {
		ids[i], waits[i] = sp.expect()
		msg, err := protocol.Encode(ids[i], body(i))
		if err != nil {
			return nil, fmt.Errorf("runner: fitness workers: %w", err)
		}
		r.Send(i, msg)
	}
	out := make([]protocol.Message, len(waits))
	for i, ch := range waits {
		m, err := sp.await(ctx, ids[i], ch, want)
		if err != nil {
			return nil, fmt.Errorf("runner: fitness worker %d: %s: %w", i, body(i).Type(), err)
		}
		out[i] = m
	}
	return out, nil
}

// workerError is a nested worker's refusal of a request (its error message).
type workerError struct{ msg string }

func (e *workerError) Error() string { return "runner: fitness worker: " + e.msg }

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
				return m, &workerError{e.Message}
			}
			if m.Type == want {
				return m, nil
			}
		case <-ctx.Done():
			return protocol.Message{}, ctx.Err()
		}
	}
}

// Score implements tuner.Scorer.
func (sp *Split) Score(ctx context.Context, cands [][]int32) ([]tuner.Score, error) {
	if len(cands) == 0 {
		return nil, nil
	}
	if sp.shards {
		return sp.evaluateShards(ctx, cands, false)
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
		copy(out[p.lo:p.hi], res.Scores)
	}
	return out, nil
}

// HeldOut returns the evaluator of the held-out positions when the workers
// hold them (split by positions, with held-out positions), else nil.
func (sp *Split) HeldOut() tuner.Scorer {
	if !sp.shards || sp.test == 0 {
		return nil
	}
	return tuner.ScorerFunc(func(ctx context.Context, cands [][]int32) ([]tuner.Score, error) {
		if len(cands) == 0 {
			return nil, nil
		}
		return sp.evaluateShards(ctx, cands, true)
	})
}

// evaluateShards sends the whole batch to every share and adds the partial
// scores of each candidate in share order.
func (sp *Split) evaluateShards(ctx context.Context, cands [][]int32, heldOut bool) ([]tuner.Score, error) {
	batch := &protocol.EvalBatch{Candidates: cands, HeldOut: heldOut}
	replies, err := sp.broadcast(ctx, func(int) protocol.Body { return batch }, protocol.TypeEvalResult)
	if err != nil {
		return nil, err
	}
	parts := make([][]tuner.Score, len(cands))
	for i, m := range replies {
		res := m.Body.(*protocol.EvalResult)
		if len(res.Scores) != len(cands) {
			return nil, fmt.Errorf("runner: fitness worker %d: %d scores for %d candidates", i, len(res.Scores), len(cands))
		}
		for c, s := range res.Scores {
			parts[c] = append(parts[c], s)
		}
	}
	out := make([]tuner.Score, len(cands))
	for c := range cands {
		if out[c], err = tuner.FinishShards(sp.setup, heldOut, parts[c]); err != nil {
			return nil, fmt.Errorf("runner: %w", err)
		}
	}
	return out, nil
}
