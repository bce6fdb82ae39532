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
	// SolvedNodes is the node count at the end of the first iteration from
	// which on every iteration's best move was right (the measure David et
	// al. minimise, Björnsson and Marsland's "nodes to solution"); 0 if the
	// position was not solved.
	SolvedNodes uint64
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
	Nodes             uint64
	Time              time.Duration
}

// RunSuite searches every item within lim using a fresh Searcher per item
// (evaluator ev, parameters p, hashMB MiB) and reports each result through
// done (if not nil). It returns early with an error when ctx is cancelled.
func RunSuite(ctx context.Context, items []SuiteItem, ev Evaluator, p Params, lim Limits, hashMB int, done func(SuiteResult)) (SuiteTotals, error) {
	var tot SuiteTotals
	for i, it := range items {
		if it.Pos == nil {
			return tot, fmt.Errorf("search: suite item %d (%s) has no position", i+1, it.ID)
		}
		s := NewSearcher(ev, p, hashMB)
		var solvedAt uint64
		r := s.Search(ctx, it.Pos, lim, func(inf Info) {
			switch {
			case len(inf.PV) == 0 || !IsSolution(inf.PV[0], it.Best, it.Avoid):
				solvedAt = 0
			case solvedAt == 0:
				solvedAt = inf.Nodes
			}
		})
		if err := ctx.Err(); err != nil {
			return tot, fmt.Errorf("search: suite stopped at item %d: %w", i+1, err)
		}
		sr := SuiteResult{Index: i, ID: it.ID, Result: r, Solved: IsSolution(r.Best, it.Best, it.Avoid)}
		if sr.Solved {
			sr.SolvedNodes = solvedAt
			if solvedAt == 0 {
				sr.SolvedNodes = r.Nodes // found in an unfinished iteration
			}
			tot.Solved++
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
