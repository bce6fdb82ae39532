package tuner

import (
	"context"
	"fmt"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/tuner/fitness"
)

// suiteEval is the "nodes" fitness (David et al.'s search-parameter GA): a
// candidate is a search.Params vector, searched on every suite position
// with the evaluation w of scheme sc. Each position starts from cleared
// tables, so the suite splits into units (positions) whose node counts add
// up exactly.
type suiteEval struct {
	*Pool
	sc    eval.Scheme
	w     []int32
	suite []*pgn.EPD
	cap   uint64
	group string // Problem.SearchGroup
}

func newSuiteEval(sc eval.Scheme, w []int32, suite []*pgn.EPD, nodeCap uint64, workers int, group string) *suiteEval {
	s := &suiteEval{sc: sc, w: w, suite: suite, cap: nodeCap, group: group}
	s.Pool = &Pool{Workers: workers, New: func() (ScoreFunc, error) {
		score, err := s.NewShardScorer()
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, v []int32) (Score, error) {
			p, err := score(ctx, [][]int32{v}, 0, len(s.suite))
			if err != nil {
				return Score{}, err
			}
			f, err := s.Finish(nil, p)
			if err != nil {
				return Score{}, err
			}
			return f[0], nil
		}, nil
	}}
	return s
}

// Units implements Shardable: one unit per suite position.
func (s *suiteEval) Units([][]int32) (int, bool) { return len(s.suite), false }

// NewShardScorer implements Shardable: the partial score of positions
// [lo, hi) holds the nodes to solution (Nodes), the solved positions
// (Matched) and the positions (Total).
func (s *suiteEval) NewShardScorer() (ShardScorer, error) {
	ev, err := eval.New(s.sc, s.w)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, cands [][]int32, lo, hi int) ([]Score, error) {
		if len(cands) != 1 || lo < 0 || hi > len(s.suite) || lo >= hi {
			return nil, fmt.Errorf("tuner: suite units [%d, %d) of %d positions for %d candidates", lo, hi, len(s.suite), len(cands))
		}
		sp, err := SearchParams(s.group, cands[0])
		if err != nil {
			return nil, err
		}
		r, err := fitness.SuiteNodes(ctx, ev, sp, s.suite[lo:hi], fitness.SuiteOptions{Cap: s.cap, HashMB: 4}, nil)
		if err != nil {
			return nil, err
		}
		return []Score{{Nodes: int64(r.Nodes), Matched: r.Solved, Total: r.Positions}}, nil
	}, nil
}

// Finish implements Shardable: fitness = cap · positions − nodes.
func (s *suiteEval) Finish(_ [][]int32, sums []Score) ([]Score, error) {
	out := make([]Score, len(sums))
	for i, p := range sums {
		worst := float64(s.cap) * float64(p.Total)
		out[i] = Score{Fitness: worst - float64(p.Nodes), Nodes: p.Nodes, Matched: p.Matched, Total: p.Total}
	}
	return out, nil
}

// Units implements Shardable: one unit per scheduled game.
func (t *Tournament) Units(cands [][]int32) (int, bool) {
	if len(cands) < 2 {
		return 1, true // Score reports the error
	}
	_, sched := t.schedule(cands)
	return len(sched), true
}

// NewShardScorer implements Shardable: games [lo, hi) of the batch's
// schedule, one at a time; the partial score of each candidate holds its
// half-points (Matched) and twice its games (Total).
func (t *Tournament) NewShardScorer() (ShardScorer, error) {
	return func(ctx context.Context, cands [][]int32, lo, hi int) ([]Score, error) {
		players, err := t.players(cands)
		if err != nil {
			return nil, err
		}
		seed, sched := t.schedule(cands)
		if lo < 0 || hi > len(sched) || lo >= hi {
			return nil, fmt.Errorf("tuner: tournament: games [%d, %d) of %d", lo, hi, len(sched))
		}
		cfg := arena.Config{Game: arena.GameConfig{Limits: t.Limits, Adjudication: arena.DefaultAdjudication()},
			Openings: t.Openings, Seed: seed, Concurrency: 1}
		res, err := arena.Run(ctx, players, sched[lo:hi], cfg)
		if err != nil {
			return nil, fmt.Errorf("tuner: tournament: %w", err)
		}
		out := make([]Score, len(cands))
		for i, half := range res.Points() {
			out[i] = Score{Matched: half, Total: 2 * res.Total(i).Games()}
		}
		return out, nil
	}, nil
}

// Finish implements Shardable: points = half-points / 2.
func (t *Tournament) Finish(_ [][]int32, sums []Score) ([]Score, error) {
	out := make([]Score, len(sums))
	for i, p := range sums {
		out[i] = Score{Fitness: float64(p.Matched) / 2, Points: float64(p.Matched) / 2, Matched: p.Matched, Total: p.Total}
	}
	return out, nil
}
