package search

import (
	"context"
	"fmt"
	"time"

	"github.com/evochess/evochess/engine/board"
)

// SuiteItem is one position of a tactical test suite (an EPD record): the
// position, its "bm" moves and "am" moves.
type SuiteItem struct {
	ID    string
	Pos   *board.Position
	Best  []board.Move // the search must play one of these (if any)
	Avoid []board.Move // and none of these
}

// SuiteResult is the outcome of searching one SuiteItem.
type SuiteResult struct {
	Index  int    // 0-based position in the suite
	ID     string // the item's id
	Solved bool   // the final best move is right
	Result Result // the search result
	// SolvedNodes is the item's nodes to solution (SolutionTracker); 0 if
	// the position was not solved.
	SolvedNodes uint64
}

// SolutionTracker measures "nodes to solution", the measure of Björnsson
// and Marsland that David et al. minimise with their search GA, and the one
// definition every command uses (evochess bench -epd, evochess eval -epd,
// the tuner's "nodes" fitness): a position is solved when the search's
// final move is right (IsSolution), and its nodes to solution are the node
// count at the end of the first completed iteration from which on every
// completed iteration's best move was right — the moment the search had
// found the move and kept it. A move found only in the last, unfinished
// iteration counts all the nodes searched.
//
// Feed it every completed iteration (Iteration, e.g. from the progress
// callback of Searcher.Search), then call Result with the search's result.
type SolutionTracker struct {
	best, avoid []board.Move
	at          uint64 // nodes at the end of the first iteration of the current right streak, 0 if none
}

// NewSolutionTracker returns a tracker for the EPD operations best (bm)
// and avoid (am).
func NewSolutionTracker(best, avoid []board.Move) *SolutionTracker {
	return &SolutionTracker{best: best, avoid: avoid}
}

// Iteration records a completed iteration.
func (t *SolutionTracker) Iteration(inf Info) {
	switch {
	case len(inf.PV) == 0 || !IsSolution(inf.PV[0], t.best, t.avoid):
		t.at = 0
	case t.at == 0:
		t.at = max(inf.Nodes, 1)
	}
}

// Result reports whether the search that ended with r solved the position
// and its nodes to solution (0 if not solved).
func (t *SolutionTracker) Result(r Result) (solved bool, nodes uint64) {
	if !IsSolution(r.Best, t.best, t.avoid) {
		return false, 0
	}
	if t.at == 0 {
		return true, r.Nodes // found in an unfinished iteration
	}
	return true, t.at
}

// IsSolution reports whether m satisfies the EPD operations: it is one of
// best (when best is not empty) and none of avoid. With neither, nothing is
// a solution.
func IsSolution(m board.Move, best, avoid []board.Move) bool {
	if len(best) == 0 && len(avoid) == 0 {
		return false
	}
	for _, a := range avoid {
		if m == a {
			return false
		}
	}
	if len(best) == 0 {
		return true
	}
	for _, b := range best {
		if m == b {
			return true
		}
	}
	return false
}

// SuiteTotals sums a suite run.
type SuiteTotals struct {
	Positions, Solved int
	Nodes             uint64 // nodes searched
	SolvedNodes       uint64 // Σ nodes to solution of the solved positions
	Time              time.Duration
}

// RunSuite searches every item within lim using a fresh Searcher per item
// (evaluator ev, parameters p, hashMB MiB) and reports each result through
// done (if not nil). It returns early with an error when ctx is cancelled.
func RunSuite(ctx context.Context, items []SuiteItem, ev Evaluator, p Params, lim Limits, hashMB int, done func(SuiteResult)) (SuiteTotals, error) {
	return RunSuiteThreads(ctx, items, ev, p, lim, hashMB, 1, done)
}

// RunSuiteThreads is RunSuite with threads search threads (Lazy SMP;
// deterministic only with one).
func RunSuiteThreads(ctx context.Context, items []SuiteItem, ev Evaluator, p Params, lim Limits, hashMB, threads int, done func(SuiteResult)) (SuiteTotals, error) {
	var tot SuiteTotals
	for i, it := range items {
		if it.Pos == nil {
			return tot, fmt.Errorf("search: suite item %d (%s) has no position", i+1, it.ID)
		}
		s := NewSearcher(ev, p, hashMB)
		s.SetThreads(threads)
		tr := NewSolutionTracker(it.Best, it.Avoid)
		r := s.Search(ctx, it.Pos, lim, tr.Iteration)
		if err := ctx.Err(); err != nil {
			return tot, fmt.Errorf("search: suite stopped at item %d: %w", i+1, err)
		}
		sr := SuiteResult{Index: i, ID: it.ID, Result: r}
		sr.Solved, sr.SolvedNodes = tr.Result(r)
		if sr.Solved {
			tot.Solved++
			tot.SolvedNodes += sr.SolvedNodes
		}
		tot.Positions++
		tot.Nodes += r.Nodes
		tot.Time += r.Time
		if done != nil {
			done(sr)
		}
	}
	return tot, nil
}
