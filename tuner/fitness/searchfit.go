package fitness

import (
	"context"
	"fmt"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/data"
)

// SearchMatch is the outcome of matching grandmaster moves with a real search.
type SearchMatch struct {
	Positions int    `json:"positions"`
	Matched   int    `json:"matched"`
	Nodes     uint64 `json:"nodes"`
}

// Rate returns Matched/Positions (0 for no positions).
func (m SearchMatch) Rate() float64 {
	if m.Positions == 0 {
		return 0
	}
	return float64(m.Matched) / float64(m.Positions)
}

// SearchMoveMatch counts the samples in which a search with evaluator ev,
// parameters p and limits lim (for example Depth 3, quiescence on) plays the
// grandmaster's move: the depth-n counterpart of MoveMatch, for comparison
// with the 1-ply figure. The searcher's tables are cleared before every
// position, so the result does not depend on the order of the samples and
// is deterministic for depth or node limits. hits, if not nil, gets one
// entry per sample. progress, if not nil, is called after each position
// with the number done. ev must not be shared with another goroutine.
// Clearing costs time in proportion to hashMB, so keep it small (1 MiB is
// plenty for the shallow depths of move matching).
func SearchMoveMatch(ctx context.Context, ev search.Evaluator, p search.Params, lim search.Limits, hashMB int,
	samples []data.Sample, hits []bool, progress func(done int)) (SearchMatch, error) {
	set, err := NewSearchSet(samples)
	if err != nil {
		return SearchMatch{}, err
	}
	return set.Match(ctx, ev, p, lim, hashMB, hits, progress)
}

// SearchSet is a sample with its positions parsed once, for matching many
// candidates by search (Match); Slice shares the parsed positions. It is
// read-only: goroutines may match on one set at once.
type SearchSet struct {
	samples   []data.Sample
	positions []*board.Position
}

// NewSearchSet parses the samples' positions.
func NewSearchSet(samples []data.Sample) (*SearchSet, error) {
	set := &SearchSet{samples: samples, positions: make([]*board.Position, len(samples))}
	for i, smp := range samples {
		pos, err := board.ParseFEN(smp.FEN)
		if err != nil {
			return nil, fmt.Errorf("fitness: sample %d (game %d ply %d): %w", i, smp.Game, smp.Ply, err)
		}
		set.positions[i] = pos
	}
	return set, nil
}

// Len returns the number of samples.
func (set *SearchSet) Len() int { return len(set.samples) }

// Slice returns the samples [lo, hi) as a set of their own.
func (set *SearchSet) Slice(lo, hi int) *SearchSet {
	return &SearchSet{samples: set.samples[lo:hi:hi], positions: set.positions[lo:hi:hi]}
}

// Match is SearchMoveMatch on the set's samples.
func (set *SearchSet) Match(ctx context.Context, ev search.Evaluator, p search.Params, lim search.Limits, hashMB int,
	hits []bool, progress func(done int)) (SearchMatch, error) {
	samples := set.samples
	if hits != nil && len(hits) != len(samples) {
		return SearchMatch{}, fmt.Errorf("fitness: %d hits for %d samples", len(hits), len(samples))
	}
	s := search.NewSearcher(ev, p, hashMB)
	var res SearchMatch
	for i, smp := range samples {
		s.Clear()
		r := s.Search(ctx, set.positions[i], lim, nil) // Search leaves the position unchanged
		if err := ctx.Err(); err != nil {
			return res, fmt.Errorf("fitness: search match stopped after %d of %d positions: %w", i, len(samples), err)
		}
		ok := r.Best == smp.Move
		if ok {
			res.Matched++
		}
		if hits != nil {
			hits[i] = ok
		}
		res.Positions++
		res.Nodes += r.Nodes
		if progress != nil {
			progress(i + 1)
		}
	}
	return res, nil
}

// MatchDepth1 is Match with the "plain" parameters and Limits{Depth: 1} —
// the held-out scorer of quiescence-resolved runs — decided position by
// position with search.QuiescenceResolver.PlaysAtDepth1: the same root
// moves, windows and values as that search, but each position's search
// stops once its answer is known (the grandmaster's move searched and not
// the best so far, or beaten by a later move). So Matched and hits are
// Match's; Nodes is not counted (0).
func (set *SearchSet) MatchDepth1(ctx context.Context, ev search.Evaluator, hits []bool) (SearchMatch, error) {
	return set.MatchDepth1Memo(ctx, ev, hits, nil)
}

// MatchDepth1Memo is MatchDepth1 with the searches' quiescence trees kept
// in memo (search.QMemo; nil: none) for the next call on the same set
// under other weights: the same count, in less time.
func (set *SearchSet) MatchDepth1Memo(ctx context.Context, ev search.Evaluator, hits []bool, memo *search.QMemo) (SearchMatch, error) {
	samples := set.samples
	if hits != nil && len(hits) != len(samples) {
		return SearchMatch{}, fmt.Errorf("fitness: %d hits for %d samples", len(hits), len(samples))
	}
	r := search.NewQuiescenceResolver(ev)
	if err := r.SetMemo(memo); err != nil {
		return SearchMatch{}, fmt.Errorf("fitness: %w", err)
	}
	var res SearchMatch
	for i, smp := range samples {
		if err := ctx.Err(); err != nil {
			return res, fmt.Errorf("fitness: search match stopped after %d of %d positions: %w", i, len(samples), err)
		}
		ok := r.PlaysAtDepth1(set.positions[i], smp.Move) // searches a copy: the set is shared
		if ok {
			res.Matched++
		}
		if hits != nil {
			hits[i] = ok
		}
		res.Positions++
	}
	return res, nil
}

// SuiteOptions configure SuiteNodes.
type SuiteOptions struct {
	// Cap is the node limit per position and the count charged for a
	// position that is not solved (David et al.: 500,000).
	Cap uint64
	// Limits may add a depth or time limit; its Nodes field is replaced by Cap.
	Limits search.Limits
	// HashMB is the transposition table size (0: 16 MiB).
	HashMB int
}

// DefaultSuiteCap is David et al.'s node cap per position.
const DefaultSuiteCap = 500_000

// SuitePosition is the outcome of one test-suite position.
type SuitePosition struct {
	Index  int        `json:"index"`
	ID     string     `json:"id"`
	Solved bool       `json:"solved"`
	Nodes  uint64     `json:"nodes"` // nodes to solution, or the cap
	Best   board.Move `json:"-"`
	Depth  int        `json:"depth"`
	// Searched is the nodes the search used (Nodes is what the fitness
	// charges).
	Searched uint64 `json:"searched"`
}

// SuiteTotals sums a suite run (search.SuiteResult is one position's outcome).
type SuiteTotals struct {
	Positions int    `json:"positions"`
	Solved    int    `json:"solved"`
	Nodes     uint64 `json:"nodes"`    // Σ nodes to solution (cap for unsolved): the fitness to minimise
	Searched  uint64 `json:"searched"` // nodes actually searched
}

// SuiteNodes runs the search-parameter fitness of David et al. §IV
// (Björnsson and Marsland's measure): for each EPD position, a search
// limited to opt.Cap nodes; the position counts its nodes to solution as
// search.SolutionTracker defines them (the one definition that evochess
// bench -epd also reports), or opt.Cap if the final move is wrong. Records
// without bm or am are an error. Each position starts from cleared tables
// (as a new Searcher). done, if not nil, is called after every position.
func SuiteNodes(ctx context.Context, ev search.Evaluator, p search.Params, suite []*pgn.EPD, opt SuiteOptions,
	done func(SuitePosition)) (SuiteTotals, error) {
	if opt.Cap == 0 {
		return SuiteTotals{}, fmt.Errorf("fitness: suite node cap must be positive")
	}
	hash := opt.HashMB
	if hash <= 0 {
		hash = 16
	}
	lim := opt.Limits
	lim.Nodes = opt.Cap
	s := search.NewSearcher(ev, p, hash)
	var tot SuiteTotals
	for i, e := range suite {
		if len(e.Best) == 0 && len(e.Avoid) == 0 {
			return tot, fmt.Errorf("fitness: suite position %d (line %d, %s) has no bm or am", i+1, e.Line, e.ID)
		}
		s.Clear()
		tr := search.NewSolutionTracker(e.Best, e.Avoid)
		r := s.Search(ctx, e.Position, lim, tr.Iteration)
		if err := ctx.Err(); err != nil {
			return tot, fmt.Errorf("fitness: suite stopped at position %d: %w", i+1, err)
		}
		sp := SuitePosition{Index: i, ID: e.ID, Best: r.Best, Depth: r.Depth, Nodes: opt.Cap, Searched: r.Nodes}
		if solved, n := tr.Result(r); solved {
			sp.Solved, sp.Nodes = true, n
			tot.Solved++
		}
		tot.Positions++
		tot.Nodes += sp.Nodes
		tot.Searched += r.Nodes
		if done != nil {
			done(sp)
		}
	}
	return tot, nil
}
