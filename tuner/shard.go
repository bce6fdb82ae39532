package tuner

import (
	"context"
	"fmt"
	"slices"
	"sync"
)

// Shardable is a Scorer whose work on a batch of candidates splits into
// independent units whose partial scores add up exactly: the positions of a
// test suite (each searched from cleared tables), the games of a tournament
// (each from a fresh game state). A distributed evaluator (tuner/dist) sends
// ranges of units to other processes and combines their partial scores in
// unit order; Finish then gives exactly what Score returns, whatever the
// split.
type Shardable interface {
	Scorer
	// Units returns the number of work units of the batch cands and whether
	// they are shared by the batch (games among the candidates: relative
	// fitness) or per candidate (each candidate is scored on units 0…n−1).
	Units(cands [][]int32) (n int, shared bool)
	// NewShardScorer returns a scorer of unit ranges for one goroutine (it
	// may keep state, such as search tables, between calls).
	NewShardScorer() (ShardScorer, error)
	// Finish turns the partial scores summed over every unit (SumPartials,
	// in unit order), one per candidate, into the scores Score returns.
	Finish(cands [][]int32, sums []Score) ([]Score, error)
}

// ShardScorer scores units [lo, hi). For per-candidate units cands holds
// the one candidate scored and the result one partial score; for shared
// units cands is the whole batch and the result one partial per candidate.
type ShardScorer func(ctx context.Context, cands [][]int32, lo, hi int) ([]Score, error)

// SumPartials adds partial scores field by field (Matched, Total, Nodes,
// Points, Loss, Fitness, Grad) in the order given. One partial is returned
// as it is (a copy), so a candidate scored as one unit keeps its score bit
// for bit.
func SumPartials(parts []Score) Score {
	if len(parts) == 0 {
		return Score{}
	}
	s := parts[0]
	s.Grad = slices.Clone(s.Grad)
	for _, p := range parts[1:] {
		s.Fitness += p.Fitness
		s.Matched += p.Matched
		s.Total += p.Total
		s.Nodes += p.Nodes
		s.Loss += p.Loss
		s.Points += p.Points
		if len(p.Grad) > 0 {
			if len(s.Grad) < len(p.Grad) {
				s.Grad = append(s.Grad, make([]float64, len(p.Grad)-len(s.Grad))...)
			}
			for i, g := range p.Grad {
				s.Grad[i] += g
			}
		}
	}
	return s
}

// AsShardable returns ev split into units: ev itself when it is Shardable;
// otherwise one unit per candidate (relative false: a Pool's scorers, or
// ev.Score on one candidate at a time) or one shared unit for the whole
// batch (relative true: the fitness of a candidate depends on the others).
func AsShardable(ev Scorer, relative bool) Shardable {
	if s, ok := ev.(Shardable); ok {
		return s
	}
	return wholeShards{ev: ev, relative: relative}
}

// wholeShards is an evaluator that cannot be split below a candidate (or,
// relative, below the batch).
type wholeShards struct {
	ev       Scorer
	relative bool
}

func (w wholeShards) Score(ctx context.Context, cands [][]int32) ([]Score, error) {
	return w.ev.Score(ctx, cands)
}

func (w wholeShards) Units([][]int32) (int, bool) { return 1, w.relative }

func (w wholeShards) NewShardScorer() (ShardScorer, error) {
	whole := func(ctx context.Context, cands [][]int32, lo, hi int) ([]Score, error) {
		if lo != 0 || hi != 1 {
			return nil, fmt.Errorf("tuner: units [%d, %d) of an evaluator with one unit", lo, hi)
		}
		return w.ev.Score(ctx, cands)
	}
	if p, ok := w.ev.(*Pool); ok && !w.relative {
		score, err := p.New()
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, cands [][]int32, lo, hi int) ([]Score, error) {
			if lo != 0 || hi != 1 || len(cands) != 1 {
				return nil, fmt.Errorf("tuner: units [%d, %d) of %d candidates: a pool scores one unit of one candidate", lo, hi, len(cands))
			}
			s, err := score(ctx, cands[0])
			if err != nil {
				return nil, err
			}
			return []Score{s}, nil
		}, nil
	}
	if !w.relative {
		// An evaluator of unknown state: one call at a time.
		var mu sync.Mutex
		return func(ctx context.Context, cands [][]int32, lo, hi int) ([]Score, error) {
			mu.Lock()
			defer mu.Unlock()
			return whole(ctx, cands, lo, hi)
		}, nil
	}
	return whole, nil
}

func (w wholeShards) Finish(_ [][]int32, sums []Score) ([]Score, error) { return sums, nil }

// ScoreShards scores cands through s's shard scorer in chunks of at most
// chunk units, summing the partials in unit order, and finishes them: the
// in-process reference of what a distributed evaluation of s returns. It is
// used by the tests that check that splitting changes nothing.
func ScoreShards(ctx context.Context, s Shardable, cands [][]int32, chunk int) ([]Score, error) {
	score, err := s.NewShardScorer()
	if err != nil {
		return nil, err
	}
	n, shared := s.Units(cands)
	chunk = max(chunk, 1)
	parts := make([][]Score, len(cands))
	if shared {
		for lo := 0; lo < n; lo += chunk {
			p, err := score(ctx, cands, lo, min(lo+chunk, n))
			if err != nil {
				return nil, err
			}
			if len(p) != len(cands) {
				return nil, fmt.Errorf("tuner: shard scorer returned %d partials for %d candidates", len(p), len(cands))
			}
			for i := range cands {
				parts[i] = append(parts[i], p[i])
			}
		}
	} else {
		for i, c := range cands {
			for lo := 0; lo < n; lo += chunk {
				p, err := score(ctx, [][]int32{c}, lo, min(lo+chunk, n))
				if err != nil {
					return nil, err
				}
				if len(p) != 1 {
					return nil, fmt.Errorf("tuner: shard scorer returned %d partials for one candidate", len(p))
				}
				parts[i] = append(parts[i], p[0])
			}
		}
	}
	sums := make([]Score, len(cands))
	for i := range cands {
		sums[i] = SumPartials(parts[i])
	}
	return s.Finish(cands, sums)
}
