package fitness

import (
	"fmt"
	"slices"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/data"
)

// CompileOptions configure CompileMoveMatchOpts.
type CompileOptions struct {
	// Quiescence resolves every child through engine/search's quiescence
	// search (search.QuiescenceResolver) under the Reference weights and
	// stores the feature difference leaf − parent instead of child − parent,
	// so that the compiled 1-ply match sees captures and checks resolved the
	// way the papers' 1-ply searches did.
	Quiescence bool
	// Reference is the weight vector the leaves are resolved with (nil: the
	// scheme's default weights, param.Defaults). It must be a valid vector
	// for the scheme. A run can re-resolve with its current best weights by
	// compiling again (every K generations, say): the MoveMatch of the same
	// samples with another Reference differs only in its leaves.
	Reference []int32
	// FullWindow takes every move's leaf from its child's own full-window
	// quiescence search (search.QuiescenceResolver.Resolve): the compiled
	// choice for the Reference weights is then the loop "first maximal
	// −QuiescencePV(child)". By default those leaves are used too, except
	// for the move the real depth-1 search plays (its leaf from
	// QuiescenceResolver.ResolveRoot) and for the rare moves whose
	// full-window value would beat it, which that search rejected because
	// its null windows changed the delta pruning (they keep the refutation
	// the search found): for the Reference weights the compiled choice is
	// then exactly the move Searcher.Search plays at Depth 1 with quiescence
	// and the "plain" parameters.
	FullWindow bool
	// Memo, if not nil, keeps the quiescence trees of the children's
	// resolves (search.QMemo) for the next compilation of the same samples
	// under other weights, which then walks them instead of generating and
	// ordering moves again. The result is the same with or without it. A
	// memo belongs to one scheme and one goroutine at a time.
	Memo *search.QMemo
}

// CompileMoveMatchOpts compiles samples for scheme s like CompileMoveMatch,
// optionally quiescence-resolved (opt.Quiescence). The result has the same
// form, so Score, Squared, Choice and hits work unchanged at the same cost
// per stored entry; a leaf differs from the parent in more features than a
// child does, so a scoring costs about 1.6 times the unresolved one for the
// small schemes and 3 times for phoenix640 (bench_test.go). Compiling
// resolves every legal move once or twice through the quiescence search:
// about 0.3 ms of CPU per position.
//
// With quiescence, move j of a position is represented by the quiet leaf
// that engine/search's quiescence search, under the Reference evaluator,
// reaches behind it (search.QuiescenceResolver). The candidate w then picks
// the move whose leaf has the best static evaluation under w (the mover's
// view, first in search.OrderRootMoves order among equals):
//
//   - For w = Reference this is exact: by default the choice is the move a
//     fresh Searcher plays at Depth 1 with quiescence and the "plain"
//     parameters (qmatch_test.go checks it on thousands of positions for
//     every scheme, its presets and random vectors); with FullWindow it is
//     the loop "first maximal −Resolve(child(m))", which the real search
//     departs from where its null windows change the delta pruning at the
//     child's first quiescence ply (up to 10% of positions for schemes whose
//     piece values are far from the pruning margins').
//   - For other weights it is an approximation: the capture sequences are
//     frozen at the reference's choices (the "resolve once" of Texel tuning),
//     whereas a real search under w might stand pat earlier, take other
//     pieces or, at the root, reject other moves. Recompile with the current
//     best weights to refresh them. On the david protocol's test split,
//     resolved with the scheme's defaults, the compiled choice of the other
//     presets and of random vectors of the papers' schemes agrees with the
//     real search's in 54–98% of positions (unresolved: 22–48%); for the
//     modern scheme's random vectors, far from its material-only defaults,
//     it agrees less than the unresolved choice (22–43% against 35–65%),
//     which is why runs re-resolve under their own current best; see
//     TestMoveMatchQuiescenceDavid.
//
// Mates found by the quiescence search are weight-independent facts of the
// compiled sample: when a move mates, the position's choice is fixed (the
// fastest mate, first in root order) and only that move is kept; moves that
// get mated are dropped unless every move does, in which case the choice is
// fixed to the longest resistance. Stats().Fixed counts the positions whose
// choice is fixed.
func CompileMoveMatchOpts(s eval.Scheme, samples []data.Sample, opt CompileOptions) (*MoveMatch, error) {
	if !opt.Quiescence {
		return compileMoveMatch(s, samples, nil)
	}
	if s == nil {
		return nil, fmt.Errorf("fitness: nil scheme")
	}
	ref := opt.Reference
	if ref == nil {
		ref = param.Defaults(s.Params())
	}
	ev, err := eval.New(s, ref)
	if err != nil {
		return nil, fmt.Errorf("fitness: quiescence reference weights: %w", err)
	}
	r := search.NewQuiescenceResolver(ev)
	if err := r.SetMemo(opt.Memo); err != nil {
		return nil, fmt.Errorf("fitness: %w", err)
	}
	return compileMoveMatch(s, samples, &leafResolver{reference: slices.Clone(ref), r: r, fullWindow: opt.FullWindow, memo: opt.Memo != nil})
}

// Reference returns a copy of the weights the compiled leaves were resolved
// with, or nil if the sample was compiled without quiescence.
func (mm *MoveMatch) Reference() []int32 { return slices.Clone(mm.reference) }

// leafResolver resolves the children of compiled positions.
type leafResolver struct {
	reference  []int32
	r          *search.QuiescenceResolver
	fullWindow bool
	memo       bool // r has a memo: it keeps each position's root moves (RootMoves)
	out        resolvedMoves
}

// resolvedMoves holds, per root move, the mover's value and the line from
// the child to its leaf, and the position's fixed choice (or -1).
type resolvedMoves struct {
	value  []int // mover's point of view
	pv     [][]board.Move
	counts [][]int16 // the leaf's dense counts from the resolver's memo, or nil
	fixed  int
}

// rootValue converts a child's quiescence value to its parent's point of
// view, one ply further from any mate (as the root of a search sees it).
func rootValue(child int) int {
	switch {
	case search.IsMateScore(child) && child < 0:
		return -child - 1
	case search.IsMateScore(child):
		return -child + 1
	}
	return -child
}

// keep reports whether root move k is compiled.
func (rm *resolvedMoves) keep(k int) bool {
	if rm.fixed >= 0 {
		return k == rm.fixed
	}
	v := rm.value[k]
	return !(search.IsMateScore(v) && v < 0)
}

// resolve resolves every child of pos (moves in root order). The returned
// value is reused by the next call.
func (lr *leafResolver) resolve(pos *board.Position, moves []board.Move) (*resolvedMoves, error) {
	rm := &lr.out
	rm.value, rm.pv, rm.counts, rm.fixed = rm.value[:0], rm.pv[:0], rm.counts[:0], -1
	var leaves []search.RootLeaf
	best := -1 // the real search's move
	if !lr.fullWindow {
		leaves = lr.r.ResolveRoot(pos)
		if len(leaves) != len(moves) {
			return nil, fmt.Errorf("quiescence root has %d moves, want %d", len(leaves), len(moves))
		}
		for k, l := range leaves {
			if l.Move != moves[k] {
				return nil, fmt.Errorf("quiescence root move %d is %s, want %s", k, l.Move.UCI(), moves[k].UCI())
			}
			if best < 0 || l.Score > leaves[best].Score {
				best = k
			}
		}
	}
	for k, m := range moves {
		// The search's move keeps the search's value and line; so does the
		// first move, which the root searched with the full window: its
		// child's search was this Resolve's, one ply deeper (rootValue's
		// ply, as ResolveRoot's mate distances count from the root).
		if k == best || k == 0 && leaves != nil {
			rm.value = append(rm.value, leaves[k].Score)
			rm.pv = append(rm.pv, leaves[k].Line)
			rm.counts = append(rm.counts, leaves[k].Counts)
			continue
		}
		pos.MakeMove(m)
		v, pv := lr.r.Resolve(pos)
		counts := lr.r.LeafCounts()
		pos.UnmakeMove()
		v = rootValue(v)
		// Keep the exactness for the reference: a move whose full-window
		// value would beat the search's choice (one its null window
		// rejected) keeps the refutation the search found instead.
		if best >= 0 && (v > leaves[best].Score || v == leaves[best].Score && k < best) {
			v, pv, counts = leaves[k].Score, leaves[k].Line, leaves[k].Counts
		}
		rm.value = append(rm.value, v)
		rm.pv = append(rm.pv, pv)
		rm.counts = append(rm.counts, counts)
	}
	win, allLost := false, true
	for _, v := range rm.value {
		mate := search.IsMateScore(v)
		win = win || mate && v > 0
		allLost = allLost && mate && v < 0
	}
	if win || allLost {
		for k, v := range rm.value {
			if rm.fixed < 0 || v > rm.value[rm.fixed] {
				rm.fixed = k
			}
		}
	}
	return rm, nil
}
