package tuner

import (
	"context"
	"fmt"
	"slices"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/tuner/data"
)

// Position sharding. A move-match fitness counts the positions a candidate
// matches, and each position's choice depends on that position alone, so
// the work of a run splits into shares of its positions whose
// counts add up exactly. A process (a browser's nested fitness worker,
// wasm/runner.Split) that holds one share samples the same positions as
// Prepare, compiles — and, for a resolved fitness, re-resolves — only its
// share, and scores every candidate of a batch on it, training and held
// out; the coordinator adds the partial counts of every share
// (FinishShards) and prepares no positions itself (ShardSetup). Resolving,
// scoring and the held-out search are then all divided among the processes,
// where splitting the candidates of a batch left every process resolving
// every position.

// PositionShard is share Index of Count shares of a sample, of equal size
// and about equal work: the positions are ranked by their estimated cost
// (shareCost: the quiescence search's fan-out) and dealt out in that order
// like cards in a snake draft — 0, 1, …, Count−1, then Count−1, …, 0 — the
// last incomplete round from share 0 on; each share keeps its positions in
// sample order. The work per position is heavy-tailed (in the classroom run
// the costliest 2% of positions take 11% of the resolving time), and the
// slower share sets a split run's pace: in BenchmarkShareBalance (1,000
// positions of the demo games) the slower of two contiguous halves takes
// 9–19% longer to resolve than the other, of two interleaved ones 5–12%, of
// two dealt ones 5–8% (4 runs; the estimate correlates with the real work
// at about 0.45). Every process computes the same deal from the same
// sample.
type PositionShard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Size returns the number of positions the share holds of a sample of n.
func (sh PositionShard) Size(n int) int {
	k := n / sh.Count
	if sh.Index < n%sh.Count {
		k++
	}
	return k
}

// share returns the share of the position ranked r-th by cost among n.
func (sh PositionShard) share(r, n int) int {
	round, k := r/sh.Count, r%sh.Count
	if round%2 == 1 && (round+1)*sh.Count <= n {
		return sh.Count - 1 - k // a complete backward round
	}
	return k
}

func (sh PositionShard) slice(s []data.Sample) []data.Sample {
	if sh.Count == 1 {
		return s[:len(s):len(s)] // as the other shares: appending never writes into the sample
	}
	cost := make([]int, len(s))
	rank := make([]int, len(s))
	for i := range s {
		cost[i], rank[i] = shareCost(s[i]), i
	}
	slices.SortStableFunc(rank, func(a, b int) int { return cost[b] - cost[a] })
	mine := make([]int, 0, sh.Size(len(s)))
	for r, i := range rank {
		if sh.share(r, len(s)) == sh.Index {
			mine = append(mine, i)
		}
	}
	slices.Sort(mine)
	out := make([]data.Sample, len(mine))
	for k, i := range mine {
		out[k] = s[i]
	}
	return out
}

// shareCost estimates the work of resolving and scoring a sample: its legal
// moves plus the legal captures after each of them (what the quiescence
// search of every child starts from). A sample whose position cannot be
// read costs 1 (compiling it reports the error).
func shareCost(s data.Sample) int {
	p, err := s.Position()
	if err != nil {
		return 1
	}
	var ml, caps board.MoveList
	p.GenerateLegal(&ml)
	n := ml.N
	for _, m := range ml.Slice() {
		p.MakeMove(m)
		p.GenerateCaptures(&caps)
		n += caps.N
		p.UnmakeMove()
	}
	return n
}

// Validate reports a shard that names no share.
func (sh PositionShard) Validate() error {
	if sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count {
		return fmt.Errorf("tuner: position shard %d of %d", sh.Index, sh.Count)
	}
	return nil
}

// PositionSharding is how a fitness kind splits by positions
// (FitnessKind.Positions).
type PositionSharding struct {
	// Squared: the fitness is the square of the positions matched (match2),
	// so the partial counts are added before squaring.
	Squared bool
	// Compile prepares one share of the positions (PrepareShard).
	Compile func(ctx context.Context, s Setup, res Resources, sh PositionShard) (*Prepared, error)
}

// ShardsPositions reports whether s can be prepared by shares of its
// positions: a fitness that counts positions (FitnessKind.Positions), unless
// Problem.Unsolved picks the training positions by scoring all of them.
func ShardsPositions(s Setup) bool {
	k, err := LookupFitness(s.Problem.Fitness)
	return err == nil && k.Positions != nil && s.Problem.Unsolved == 0
}

// ShardSetup returns s with what Prepare records in it (Prepared.Fix) for a
// fitness split by positions — the quiescence reference a resolved fitness
// resolves under — without preparing anything, so that a coordinator whose
// workers hold the positions sends them, and stores in its checkpoints, the
// setup an in-process run has.
func ShardSetup(s Setup) (Setup, error) {
	k, err := LookupFitness(s.Problem.Fitness)
	if err != nil {
		return s, fmt.Errorf("tuner: prepare: %w", err)
	}
	if k.Positions == nil {
		return s, fmt.Errorf("tuner: prepare: fitness %s is not split by positions", k.Name)
	}
	if k.Resolved {
		ref, err := quiescenceReference(s)
		if err != nil {
			return s, err
		}
		s.Problem.Reference = ref
	}
	return s, nil
}

// PrepareShard prepares share sh of s's training and held-out positions:
// the same sample as Prepare (same data, seed and caps), of which Train and
// Test score only the share and return partial scores (Matched and Total of
// the share, Fitness = Matched), to be combined by FinishShards.
// TrainPositions and TestPositions are the share's sizes; Recompile
// re-resolves the share. A share may be empty (more shares than positions);
// Test is nil when the share holds no held-out positions.
func PrepareShard(ctx context.Context, s Setup, res Resources, sh PositionShard) (*Prepared, error) {
	if err := sh.Validate(); err != nil {
		return nil, err
	}
	k, err := LookupFitness(s.Problem.Fitness)
	if err != nil {
		return nil, fmt.Errorf("tuner: prepare: %w", err)
	}
	if k.Positions == nil || !ShardsPositions(s) {
		return nil, fmt.Errorf("tuner: prepare: fitness %s cannot be split by positions here", k.Name)
	}
	return k.Positions.Compile(ctx, s, res, sh)
}

// FinishShards returns the score of one candidate from its partial scores
// on every share (PrepareShard's Train, or Test when heldOut), in share
// order: exactly what the training or held-out evaluator of Prepare gives.
func FinishShards(s Setup, heldOut bool, parts []Score) (Score, error) {
	k, err := LookupFitness(s.Problem.Fitness)
	if err != nil {
		return Score{}, fmt.Errorf("tuner: %w", err)
	}
	if k.Positions == nil {
		return Score{}, fmt.Errorf("tuner: fitness %s is not split by positions", k.Name)
	}
	var out Score
	for _, p := range parts {
		out.Matched += p.Matched
		out.Total += p.Total
	}
	out.Fitness = float64(out.Matched)
	if k.Positions.Squared && !heldOut {
		out.Fitness = float64(out.Matched) * float64(out.Matched)
	}
	return out, nil
}
