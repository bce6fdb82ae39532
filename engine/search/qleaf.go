package search

import (
	"context"
	"math"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
)

// QuiescenceResolver resolves positions through the Searcher's own
// quiescence search (qsearch in alphabeta.go, the code every search runs at
// its horizon) and returns the principal variation to the quiet leaf. The
// tuner uses it to replace each child of a 1-ply move match by the quiet
// position the engine's depth-1 search would actually evaluate (the
// "resolve once" trick of Texel tuning).
//
// Each Resolve starts from fresh state: the transposition table (one
// bucket, emptied before every call) is never consulted at a stored entry,
// and the killer and history tables, which the quiescence search reads
// for evasion order but never writes, stay zero. So a result depends only
// on the position and the evaluator, not on earlier calls, and is
// bit-identical natively and in WebAssembly. (The resolver keeps the
// static evaluations it computed, by position: ev must give a position the
// same value every time, as the engine's evaluators do.) A
// QuiescenceResolver is not safe for concurrent use; give each goroutine
// its own.
type QuiescenceResolver struct {
	s     *Searcher
	pst   *board.PieceSquare // ev's incremental table (PlaysAtDepth1), or nil
	memo  *QMemo             // Resolve's remembered trees (SetMemo), or nil
	dense *eval.Evaluator    // ev when it evaluates from dense counts (with a memo), or nil
	// recent are the children of the last ResolveRoot's position with their
	// memo nodes; recentAt is where the next lookup starts.
	recent   []qkid
	recentAt int
	// leaf[ply] is the memo node at the end of the line the search at ply
	// found (-1: unknown), kept beside the principal variation.
	leaf [MaxPly + 1]int32
	// counts are the dense counts of the last Resolve's leaf (nil: unknown).
	counts []int16
	// path[q] is the move a memo walk made at quiescence ply q.
	path [MaxPly]board.Move
	// arena holds the lines handed out (line): one allocation for many.
	arena []board.Move
}

// lineArena is the number of moves line allocates at a time.
const lineArena = 1 << 10

// line returns a copy of src (nil when empty) that the caller owns: a
// slice of the arena, never written again, so that resolving a position's
// children does not allocate a line for each.
func (r *QuiescenceResolver) line(src []board.Move) []board.Move {
	if len(src) == 0 {
		return nil
	}
	if cap(r.arena)-len(r.arena) < len(src) {
		r.arena = make([]board.Move, 0, max(lineArena, len(src)))
	}
	n := len(r.arena)
	r.arena = append(r.arena, src...)
	return r.arena[n:len(r.arena):len(r.arena)]
}

// NewQuiescenceResolver returns a resolver with evaluator ev (MaterialPST if
// nil). It allocates the search stack once (about 300 KB), so reuse it for
// many positions.
func NewQuiescenceResolver(ev Evaluator) *QuiescenceResolver {
	if ev == nil {
		ev = MaterialPST{}
	}
	s := &Searcher{ev: newEvalCache(ev), hashMB: 0, qsPV: true, ctx: context.Background()}
	s.setParams(Params{})
	// One bucket, emptied before each call: the probe at the first
	// quiescence ply always misses, and deeper plies do not use the table.
	s.tt = &transTable{buckets: make([]ttBucket, 1)}
	return &QuiescenceResolver{s: s, pst: pieceSquareOf(ev)}
}

// Resolve returns pos's quiescence value in centipawns from the side to
// move's point of view, searched with the full window (-Infinity,
// Infinity), and its principal variation: the moves from pos to the leaf
// the value comes from. Unless the value is a mate score, it is the clamped
// static evaluation of that leaf from the leaf's side to move, negated when
// the PV has an odd length; with a mate score (-MateScore+len(pv) when the
// side to move is mated at the leaf, MateScore-len(pv) when it mates) the
// leaf is a checkmate. An empty PV means pos is quiet: standing pat is best.
// pos is restored before Resolve returns; its move history plays no part
// (the quiescence search does not detect repetitions).
//
// The value equals what a fresh depth-1 search computes for a root move
// searched with the full window (its first move), up to the one ply of
// mate distance. Later root moves are searched there with narrower windows,
// and delta pruning depends on the window, so their values may differ in
// rare positions.
func (r *QuiescenceResolver) Resolve(pos *board.Position) (score int, pv []board.Move) {
	s := r.s
	s.nodes = 0
	s.nodeLimit = 0
	s.nextPoll = math.MaxUint64 // no clock, no context, no Yield: never poll
	s.selDepth = 0
	s.stopped = false
	s.clearTT()
	score = r.qsearchRoot(pos, -Infinity, Infinity, 0)
	r.counts = r.leafCounts(0)
	return score, r.line(s.pv[0][:s.pvLen[0]])
}

// RootLeaf is one root move of a depth-1 search with quiescence, as
// ResolveRoot reports it.
type RootLeaf struct {
	Move board.Move
	// Score is the value the root search got for Move, from the root's
	// point of view (mate distances counted from the root): exact for the
	// first move and every move that raised the best score, an upper bound
	// no better than the best score so far for a move the search rejected.
	Score int
	// Line is the moves after Move to the leaf whose clamped static
	// evaluation (or checkmate, for a mate score) Score is.
	Line []board.Move
	// Counts are the leaf's dense counts (eval.Evaluator.DenseCounts)
	// when the resolver's memo knows them (QMemo), else nil. They belong
	// to the memo: read them, do not change them.
	Counts []int16
}

// ResolveRoot replays the root of a fresh depth-1 search with quiescence
// and no extensions — what Searcher.Search does with Limits{Depth: 1} and
// the "plain" parameters — on pos: the legal moves in OrderRootMoves order,
// the first searched with the full window, each later one with a null
// window at the best score so far and re-searched when it fails high, each
// child through the same quiescence search at ply 1. It returns every move
// with its score and line, in that order (none if pos has no legal move).
// The search's move is the first one with the maximal Score, and its
// Score is the search's: the windows, and so the window-dependent delta
// pruning, are the search's own. pos is restored before ResolveRoot
// returns.
func (r *QuiescenceResolver) ResolveRoot(pos *board.Position) []RootLeaf {
	var out []RootLeaf
	s := r.s
	r.root(pos, func(moves []board.Move, i, v int) bool {
		if out == nil {
			out = make([]RootLeaf, 0, len(moves))
		}
		const ply = 1 // the children's ply, as in rootSearch
		out = append(out, RootLeaf{Move: moves[i], Score: v, Line: r.line(s.pv[ply][ply:s.pvLen[ply]]),
			Counts: r.leafCounts(ply)})
		return true
	})
	return out
}

// PlaysAtDepth1 reports whether the search ResolveRoot replays — a fresh
// depth-1 search with quiescence and the "plain" parameters, what
// Searcher.Search plays with Limits{Depth: 1} — plays want on pos. It
// searches the root moves in the same order with the same windows, but
// stops as soon as the answer is known: when want, once searched, is not
// the best so far, or when a later move beats it (the search's move is the
// first with the maximal score, and a later move can only raise the
// maximum). The moves it searches get exactly the windows, and so the
// values, that ResolveRoot gives them, so the answer is the same; it
// records no lines. Like Searcher.Search it searches a copy of pos (with
// the evaluator's incremental piece-square sums, if it has them), so pos
// may be shared with other goroutines.
func (r *QuiescenceResolver) PlaysAtDepth1(pos *board.Position, want board.Move) bool {
	pos = pos.Clone()
	if r.pst != nil {
		pos.SetPieceSquare(r.pst) // the same values, faster
	}
	best, bestV, wantAt := -1, 0, -1
	r.root(pos, func(moves []board.Move, i, v int) bool {
		if best < 0 || v > bestV {
			best, bestV = i, v
		}
		if moves[i] == want {
			wantAt = i
		}
		// Decided once want has been searched and is not the best.
		return wantAt < 0 || best == wantAt
	})
	return best >= 0 && best == wantAt
}

// root runs the root of ResolveRoot's depth-1 search on pos: the legal
// moves in OrderRootMoves order, the first searched with the full window,
// each later one with a null window at the best score so far and
// re-searched when it fails high, each child through the quiescence search
// at ply 1. After each move it calls visit with the moves, the move's index
// and its score from the root's point of view; visit returns false to stop.
// pos is restored before root returns.
func (r *QuiescenceResolver) root(pos *board.Position, visit func(moves []board.Move, i, v int) bool) {
	s := r.s
	s.nodes = 0
	s.nodeLimit = 0
	s.nextPoll = math.MaxUint64
	s.selDepth = 0
	s.stopped = false
	s.clearTT()
	r.recent, r.recentAt = r.recent[:0], 0 // this position's children, from here on
	moves, kids := r.rootMoves(pos)
	const ply = 1 // the children's ply, as in rootSearch
	alpha, beta := -Infinity, Infinity
	for i, m := range moves {
		pos.MakeMove(m)
		ni := r.rootChild(pos, kids, i)
		var v int
		if i == 0 {
			v = -r.qsearchChild(pos, ni, -beta, -alpha, ply)
		} else {
			v = -r.qsearchChild(pos, ni, -alpha-1, -alpha, ply)
			if v > alpha && v < beta {
				v = -r.qsearchChild(pos, ni, -beta, -alpha, ply)
			}
		}
		pos.UnmakeMove()
		if !visit(moves, i, v) {
			return
		}
		alpha = max(alpha, v)
	}
}

// LeafCounts returns the dense counts (eval.Evaluator.DenseCounts) of the
// leaf of the last Resolve when its memo knows them (QMemo), else nil.
// They belong to the memo: read them, do not change them.
func (r *QuiescenceResolver) LeafCounts() []int16 { return r.counts }

// Nodes returns the number of nodes the last Resolve or ResolveRoot searched.
func (r *QuiescenceResolver) Nodes() uint64 { return r.s.nodes }

// QuiescencePV resolves pos with a new QuiescenceResolver for ev (see
// QuiescenceResolver.Resolve). Use a QuiescenceResolver to resolve many
// positions: each call here allocates a search stack.
func QuiescencePV(pos *board.Position, ev Evaluator) (score int, pv []board.Move) {
	return NewQuiescenceResolver(ev).Resolve(pos)
}

// evalCache remembers the static evaluations of a QuiescenceResolver by
// full Zobrist key (direct-mapped, evalCacheSize entries): resolving a
// position's children evaluates many positions twice — each child in the
// root search and again in its own full-window search, and the leaves
// behind shared captures — and the evaluation is most of the work. An
// evaluation depends on the position alone (for the resolver's one
// evaluator), so a cached value is the value itself and results do not
// change; like the transposition table, the cache trusts the 64-bit key.
type evalCache struct {
	ev      Evaluator
	entries []evalEntry
}

type evalEntry struct {
	key uint64
	val int32
	ok  bool
}

// evalCacheSize is a power of two: a few times the evaluations of one
// position's children (several hundred for the papers' schemes).
const evalCacheSize = 1 << 12

func newEvalCache(ev Evaluator) *evalCache {
	return &evalCache{ev: ev, entries: make([]evalEntry, evalCacheSize)}
}

// Evaluate implements Evaluator.
func (c *evalCache) Evaluate(pos *board.Position) int {
	e := &c.entries[pos.Hash&(evalCacheSize-1)]
	if e.ok && e.key == pos.Hash {
		return int(e.val)
	}
	v := c.ev.Evaluate(pos)
	*e = evalEntry{key: pos.Hash, val: int32(v), ok: true}
	return v
}
