package runner

import (
	"context"
	"time"

	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/wasm/protocol"
)

// runTimer accumulates where a run's time goes (protocol.RunTiming): the
// evaluators and the recompilation it wraps add their wall-clock time. A run
// calls its evaluators from one goroutine, so it needs no lock.
type runTimer struct {
	now                     func() time.Time
	train, heldOut, resolve time.Duration
	scorings                int64
	workers                 int
}

// timedScorer adds the time of every Score call to *d and, per
// candidate, positions to the timer's scorings.
type timedScorer struct {
	ev        tuner.Scorer
	t         *runTimer
	d         *time.Duration
	positions int
}

func (e timedScorer) Score(ctx context.Context, cands [][]int32) ([]tuner.Score, error) {
	start := e.t.now()
	s, err := e.ev.Score(ctx, cands)
	*e.d += e.t.now().Sub(start)
	if err == nil {
		e.t.scorings += int64(len(cands)) * int64(e.positions)
	}
	return s, err
}

// trainEv times a training evaluator of positions positions (nil stays nil).
func (t *runTimer) trainEv(ev tuner.Scorer, positions int) tuner.Scorer {
	if ev == nil {
		return nil
	}
	return timedScorer{ev: ev, t: t, d: &t.train, positions: positions}
}

// heldOutEv times a held-out or validation evaluator (nil stays nil).
func (t *runTimer) heldOutEv(ev tuner.Scorer) tuner.Scorer {
	if ev == nil {
		return nil
	}
	return timedScorer{ev: ev, t: t, d: &t.heldOut}
}

// resolveFn times a recompilation (nil stays nil).
func (t *runTimer) resolveFn(f func(context.Context, []int32) (tuner.Scorers, error)) func(context.Context, []int32) (tuner.Scorers, error) {
	if f == nil {
		return nil
	}
	return func(ctx context.Context, ref []int32) (tuner.Scorers, error) {
		start := t.now()
		evs, err := f(ctx, ref)
		t.resolve += t.now().Sub(start)
		return evs, err
	}
}

// timing returns the figures so far.
func (t *runTimer) timing() *protocol.RunTiming {
	return &protocol.RunTiming{TrainMS: t.train.Milliseconds(), TrainScorings: t.scorings,
		HeldOutMS: t.heldOut.Milliseconds(), ResolveMS: t.resolve.Milliseconds(), Workers: t.workers}
}
