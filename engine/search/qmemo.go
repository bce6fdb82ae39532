package search

import (
	"fmt"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
)

// QMemo remembers the quiescence trees a QuiescenceResolver walks (Resolve,
// ResolveRoot, PlaysAtDepth1), so that resolving the same positions again
// under other weights — the tuner re-resolves its training positions
// under its best so far every K generations, and searches its held-out
// positions under each new best — walks the remembered tree instead of
// generating, scoring and ordering moves again. What it keeps does not
// depend on the weights: for each position ResolveRoot saw, its root
// moves; for each node reached, whether the side to move is in check and,
// for the dense schemes (eval.Evaluator.DenseLen), the position's natural
// counts; for each node whose moves were searched, the moves in the order
// the quiescence search tries them, without those it always skips (quiet
// under-promotions that give no check, captures that lose material by
// SEE), each capture with its victim's value for the delta pruning, which
// depends on the stand-pat score. A walk evaluates a counted node as a dot
// product of its counts with the weights (kept in the node until SetMemo
// binds the memo again: a resolve reaches a root move's child in its
// null-window search and again in its full-window one), prunes and cuts
// exactly as the search does, keeps the node at the end of the principal variation (whose
// counts a resolve reports: RootLeaf.Counts, LeafCounts), and plays moves
// on the position only to make or expand a node it reaches for the first
// time; so a resolve with a memo gives the same value, principal variation
// and node count as one without (TestQMemoSameResolve), whatever the memo
// holds.
//
// A memo holds at most the bytes it was made with; once full, positions
// and nodes it does not hold are searched as without it. It belongs to
// the first scheme it is used with (SetMemo refuses another) and to one
// goroutine at a time: give each part of a parallel resolve its own, and
// keep it from one resolve of the same positions to the next.
type QMemo struct {
	maxBytes int
	bytes    int
	bound    bool                // scheme is set
	scheme   eval.Scheme         // the scheme of the counts (nil: an evaluator without dense counts)
	dense    int                 // counts per node
	roots    map[uint64]int32    // Resolve's positions' nodes
	parents  map[uint64]*qparent // ResolveRoot's positions: their moves and children
	nodes    [][]qnode           // in chunks of qchunk (no copying as the memo grows)
	edges    [][]qedge           // in chunks of qchunk; a node's edges in one chunk
	counts   [][]int16           // in chunks of qchunk·dense
	nNodes   int
	// owner is the resolver the memo is bound to, and epoch counts the
	// bindings: a node's cached stand pat (qnode.eval) holds for the
	// evaluator of the binding it was computed in (a resolver's evaluator
	// never changes), so each binding starts a new epoch.
	owner *QuiescenceResolver
	epoch uint32
}

// qchunk is the number of nodes, edges or count vectors per chunk.
const qchunk = 1 << 12

// qparent is a position ResolveRoot resolved: its legal moves in root
// order and the node after each (-1: none yet).
type qparent struct {
	moves []board.Move
	nodes []int32
}

// qkid is a child of the position ResolveRoot resolved last, for the
// Resolve calls of the same children that follow it.
type qkid struct {
	hash uint64
	node int32
}

// qnode is one node of a remembered tree.
type qnode struct {
	counts int32 // offset of the position's counts in QMemo.counts; -1: none (in check, not dense, or a count outside 16 bits)
	edges  int32 // offset of its moves in QMemo.edges; -1: not expanded yet
	n      int32 // its moves
	check  bool  // the side to move is in check
	side   board.Color
	// eval is the node's clamped static evaluation from its counts under
	// the evaluator of memo epoch epoch (0: none yet): a resolve reaches
	// some nodes twice (a root move's child in its null-window search, then
	// in its full-window one: about 15% of the visits of a classroom-run
	// re-resolve).
	eval  int32
	epoch uint32
}

// qedge is one move of an expanded node, in the search's order.
type qedge struct {
	move   board.Move
	victim int32 // a plain capture's victim value (delta pruning); -1: no delta test
	child  int32 // the node after move; -1: not reached yet
}

// Bytes per entry, for the budget (chunks are counted whole as they are
// made).
const (
	qnodeBytes   = 24
	qedgeBytes   = 12
	qrootBytes   = 48 // a map entry with its share of the buckets
	qparentBytes = 96 // a parents entry, its qparent and slice headers (plus 8 bytes a move)
)

// node returns node i.
func (m *QMemo) node(i int32) *qnode { return &m.nodes[i/qchunk][i%qchunk] }

// edge returns edge i.
func (m *QMemo) edge(i int32) *qedge { return &m.edges[i/qchunk][i%qchunk] }

// countsOf returns the count vector at offset off.
func (m *QMemo) countsOf(off int32) []int16 {
	c := m.counts[off/(qchunk*int32(m.dense))]
	o := off % (qchunk * int32(m.dense))
	return c[o : o+int32(m.dense) : o+int32(m.dense)]
}

// grow reports whether m can take size more bytes, and takes them.
func (m *QMemo) grow(size int) bool {
	if m.bytes+size > m.maxBytes {
		return false
	}
	m.bytes += size
	return true
}

// NewQMemo returns an empty memo that holds at most maxBytes bytes (about
// 30 to 40 KB per position resolved with every child, for vazquez29).
func NewQMemo(maxBytes int) *QMemo {
	return &QMemo{maxBytes: maxBytes, roots: make(map[uint64]int32), parents: make(map[uint64]*qparent)}
}

// Bytes returns the approximate size of what m holds.
func (m *QMemo) Bytes() int { return m.bytes }

// Nodes returns the number of nodes m holds.
func (m *QMemo) Nodes() int { return m.nNodes }

// SetMemo makes r's Resolve walk and fill m (nil: none). m must not be in
// use by another resolver at the same time, and it keeps the counts of the
// scheme of the first evaluator it was used with: a memo used with another
// scheme is refused.
func (r *QuiescenceResolver) SetMemo(m *QMemo) error {
	if m == nil {
		r.memo = nil
		return nil
	}
	var sc eval.Scheme
	dense := 0
	if e, ok := r.s.ev.(*evalCache).ev.(*eval.Evaluator); ok && e.DenseLen() > 0 {
		sc, dense = e.Scheme(), e.DenseLen()
		r.dense = e
	} else {
		r.dense = nil
	}
	if m.bound && (m.scheme != sc || m.dense != dense) {
		return fmt.Errorf("search: quiescence memo of scheme %v used with %v", m.scheme, sc)
	}
	m.bound, m.scheme, m.dense = true, sc, dense
	r.memo = m
	m.bind(r)
	return nil
}

// bind makes r the memo's resolver, starting a new epoch of cached
// evaluations unless r already is.
func (m *QMemo) bind(r *QuiescenceResolver) {
	if m.owner != r {
		m.owner = r
		m.epoch++
	}
}

// newNode adds the node of pos to m and returns its index, or -1 when m is
// full.
func (r *QuiescenceResolver) newNode(pos *board.Position) int32 {
	m := r.memo
	if m.nNodes%qchunk == 0 {
		if !m.grow(qchunk * qnodeBytes) {
			return -1
		}
		m.nodes = append(m.nodes, make([]qnode, 0, qchunk))
	}
	check := pos.InCheck()
	nd := qnode{counts: -1, edges: -1, check: check, side: pos.Side}
	if !check && m.dense > 0 {
		last := len(m.counts) - 1
		if last < 0 || len(m.counts[last]) == cap(m.counts[last]) {
			if m.grow(qchunk * m.dense * 2) {
				m.counts = append(m.counts, make([]int16, 0, qchunk*m.dense))
				last++
			}
		}
		if last >= 0 && len(m.counts[last]) < cap(m.counts[last]) {
			c := m.counts[last]
			if r.dense.DenseCounts(pos, c[len(c):len(c)+m.dense]) {
				nd.counts = int32(last*qchunk*m.dense + len(c))
				m.counts[last] = c[:len(c)+m.dense]
			}
		}
	}
	k := len(m.nodes) - 1
	m.nodes[k] = append(m.nodes[k], nd)
	m.nNodes++
	return int32(m.nNodes - 1)
}

// expand lists node ni's moves, pos being its position at ply (qply
// quiescence plies deep), as qsearch would try them (with no hash move:
// Resolve's table never holds this node). It reports false when m is full.
func (r *QuiescenceResolver) expand(pos *board.Position, ni int32, ply, qply int) bool {
	s, m := r.s, r.memo
	f := &s.stack[ply]
	check := m.node(ni).check
	switch {
	case check:
		pos.GenerateLegal(&f.ml)
		s.scoreMoves(pos, f, board.NoMove, ply, true)
	case qply == 0 && !s.params.QSNoChecks:
		total := pos.GenerateQuiescence(&f.ml, s.qIdx[:])
		s.scoreQMoves(pos, f, true, board.NoMove)
		orderAsLegal(f.ml.Moves[:f.ml.N], f.scores[:f.ml.N], s.qIdx[:f.ml.N], total)
	default:
		pos.GenerateCaptures(&f.ml)
		s.scoreQMoves(pos, f, false, board.NoMove)
	}
	n := f.ml.N
	last := len(m.edges) - 1
	if last < 0 || cap(m.edges[last])-len(m.edges[last]) < n {
		if !m.grow(qchunk * qedgeBytes) {
			return false
		}
		m.edges = append(m.edges, make([]qedge, 0, qchunk))
		last++
	}
	es := m.edges[last]
	start := len(es)
	var ci checkInfo
	for i := 0; i < n; i++ {
		mv := pickMove(f, i, n)
		e := qedge{move: mv, victim: -1, child: -1}
		if !check {
			if f.scores[i] == qSkip {
				break
			}
			if f.scores[i] == qMaybeCheck && mv.IsPromotion() && !ci.givesCheck(pos, mv) {
				continue // always skipped
			}
			if mv.IsCapture() && !mv.IsPromotion() {
				victim := pieceValue[capturedType(pos, mv)]
				if pieceValue[pos.Board[mv.From()].Type()] > victim && pos.SEE(mv) < 0 {
					continue // always skipped
				}
				e.victim = int32(victim)
			}
		}
		es = append(es, e)
	}
	m.edges[last] = es
	nd := m.node(ni)
	nd.edges, nd.n = int32(last*qchunk+start), int32(len(es)-start)
	return true
}

// qsearchRoot searches pos, a quiescence search's first ply at ply, with
// the window (alpha, beta): through the memo, at the node of pos (made if
// the memo has room), else with qsearch itself.
func (r *QuiescenceResolver) qsearchRoot(pos *board.Position, alpha, beta, ply int) int {
	m := r.memo
	r.leaf[ply] = -1 // unless the memo's walk sets it
	if m == nil {
		return r.s.qsearch(pos, alpha, beta, ply, 0)
	}
	m.bind(r)
	ni, ok := r.recentNode(pos.Hash)
	if !ok {
		ni, ok = m.roots[pos.Hash]
	}
	if !ok {
		m.bytes += qrootBytes // the root's share, first: newNode checks the budget
		if m.bytes > m.maxBytes {
			m.bytes -= qrootBytes
			return r.s.qsearch(pos, alpha, beta, ply, 0)
		}
		if ni = r.newNode(pos); ni < 0 {
			m.bytes -= qrootBytes
			return r.s.qsearch(pos, alpha, beta, ply, 0)
		}
		m.roots[pos.Hash] = ni
	}
	return r.qsearchMemo(pos, ni, alpha, beta, ply, 0)
}

// recentNode returns the node of a child of the position ResolveRoot
// resolved last, by hash (Resolve's calls for them come in root order).
func (r *QuiescenceResolver) recentNode(hash uint64) (int32, bool) {
	n := len(r.recent)
	for j := 0; j < n; j++ {
		k := r.recentAt + j
		if k >= n {
			k -= n
		}
		if r.recent[k].hash == hash {
			r.recentAt = k + 1
			return r.recent[k].node, true
		}
	}
	return -1, false
}

// RootMoves returns pos's legal moves in the order ResolveRoot searches
// them (OrderRootMoves): with a memo, the list it keeps for pos (made and
// kept if new and the memo has room), which the caller must not change;
// else a new list. The compiler of a resolved move match takes a
// position's moves from here rather than generating and ordering them
// again.
func (r *QuiescenceResolver) RootMoves(pos *board.Position) []board.Move {
	moves, _ := r.rootMoves(pos)
	return moves
}

// rootMoves returns pos's legal moves in OrderRootMoves order and, with a
// memo, pos's entry there (nil if the memo is full): the moves and the
// children's nodes kept from an earlier ResolveRoot of pos.
func (r *QuiescenceResolver) rootMoves(pos *board.Position) ([]board.Move, *qparent) {
	m := r.memo
	if m == nil {
		moves := pos.LegalMoves()
		OrderRootMoves(pos, moves)
		return moves, nil
	}
	if p, ok := m.parents[pos.Hash]; ok {
		return p.moves, p
	}
	moves := pos.LegalMoves()
	OrderRootMoves(pos, moves)
	if !m.grow(qparentBytes + 8*len(moves)) {
		return moves, nil
	}
	p := &qparent{moves: moves, nodes: make([]int32, len(moves))}
	for i := range p.nodes {
		p.nodes[i] = -1
	}
	m.parents[pos.Hash] = p
	return moves, p
}

// rootChild returns the node of root move i of p, pos being the position
// after it (made if the memo has room; -1 otherwise), and notes it as a
// recent child.
func (r *QuiescenceResolver) rootChild(pos *board.Position, p *qparent, i int) int32 {
	if p == nil {
		return -1
	}
	ni := p.nodes[i]
	if ni < 0 {
		if ni = r.newNode(pos); ni < 0 {
			return -1
		}
		p.nodes[i] = ni
	}
	r.recent = append(r.recent, qkid{hash: pos.Hash, node: ni})
	return ni
}

// qsearchChild searches root child node ni (-1: none) of pos at ply with
// the window (alpha, beta), as qsearchRoot does.
func (r *QuiescenceResolver) qsearchChild(pos *board.Position, ni int32, alpha, beta, ply int) int {
	if ni < 0 {
		return r.qsearchRoot(pos, alpha, beta, ply)
	}
	r.memo.bind(r)
	return r.qsearchMemo(pos, ni, alpha, beta, ply, 0)
}

// sync makes the walk's moves down to quiescence ply qply (r.path) on pos,
// the walk's root position; unsync takes them back. A walk keeps pos at
// its root and plays the moves only where it needs the position: to make
// or expand a node, or to search or evaluate one the memo has no room or
// no counts for.
func (r *QuiescenceResolver) sync(pos *board.Position, qply int) {
	for _, m := range r.path[:qply] {
		pos.MakeMove(m)
	}
}

func (r *QuiescenceResolver) unsync(pos *board.Position, qply int) {
	for range qply {
		pos.UnmakeMove()
	}
}

// qsearchMemo is qsearch for a resolver (no node limit, no clock) at node
// ni of the memo, r.path[:qply] leading to it from pos (the walk's root,
// where the table is probed): the same table probe and store
// at the first quiescence ply, the same stand pat, the same moves in the
// same order, the same pruning, cut-offs, principal variation and node
// count. A node whose table entry has a move (ResolveRoot's re-search of a
// move that failed high), and the children the memo has no room for, are
// searched by qsearch itself.
func (r *QuiescenceResolver) qsearchMemo(pos *board.Position, ni int32, alpha, beta, ply, qply int) int {
	s, m := r.s, r.memo
	s.pvLen[ply] = ply
	r.leaf[ply] = ni // the line's end: this node until a move's line replaces it
	s.nodes++
	if ply > s.selDepth {
		s.selDepth = ply
	}
	if ply >= MaxPly-1 {
		r.sync(pos, qply)
		v := s.evaluate(pos)
		r.unsync(pos, qply)
		return v
	}
	useTT := qply == 0 // the walk's root: pos is this node's position
	rawEval := noEval
	hit := false
	if useTT {
		var e ttEntry
		if e, hit = s.tt.probe(pos.Hash); hit {
			ts := scoreFromTT(int(e.score), ply)
			b := int(e.flags & 3)
			if b == boundExact || b == boundLower && ts >= beta || b == boundUpper && ts <= alpha {
				return ts
			}
			if e.move != board.NoMove {
				// Its moves in another order: the plain search (which
				// counts this node itself).
				s.nodes--
				r.leaf[ply] = -1
				return s.qsearch(pos, alpha, beta, ply, qply)
			}
			rawEval = int(e.eval)
		}
	}
	nd := *m.node(ni)
	check := nd.check
	alpha0 := alpha
	best := -Infinity
	standPat := noEval
	if !check {
		if rawEval == noEval {
			if nd.counts >= 0 {
				if nd.epoch == m.epoch {
					rawEval = int(nd.eval)
				} else {
					rawEval = min(max(r.dense.EvaluateDense(m.countsOf(nd.counts), nd.side), -MaxEval), MaxEval)
					p := m.node(ni)
					p.eval, p.epoch = int32(rawEval), m.epoch
				}
			} else {
				r.sync(pos, qply)
				rawEval = s.evaluate(pos)
				r.unsync(pos, qply)
			}
		}
		standPat = rawEval
		if s.params.CorrHist != 0 {
			r.sync(pos, qply)
			standPat = s.corrected(pos, rawEval)
			r.unsync(pos, qply)
		}
		if standPat >= beta {
			if useTT && !hit {
				s.ttStore(pos.Hash, board.NoMove, scoreToTT(standPat, ply), rawEval, 0, boundLower)
			}
			return standPat
		}
		if standPat > alpha {
			alpha = standPat
		}
		best = standPat
	}
	if nd.edges < 0 {
		r.sync(pos, qply)
		if !r.expand(pos, ni, ply, qply) {
			// No room for the moves: this node as the plain search has
			// it (its stand pat again, the same value and count).
			s.nodes--
			r.leaf[ply] = -1
			v := s.qsearch(pos, alpha0, beta, ply, qply)
			r.unsync(pos, qply)
			return v
		}
		r.unsync(pos, qply)
		nd = *m.node(ni)
	}
	if check && nd.n == 0 {
		return -MateScore + ply
	}
	bestMove := board.NoMove
	var es []qedge
	if nd.n > 0 {
		// The node's moves lie in one chunk (an empty list's offset may
		// be the end of a full chunk).
		es = m.edges[nd.edges/qchunk][nd.edges%qchunk : nd.edges%qchunk+nd.n]
	}
	for i := range es {
		e := &es[i]
		if e.victim >= 0 && standPat+int(e.victim)+200 <= alpha {
			continue // delta pruning: even winning the piece cannot reach alpha
		}
		var v int
		child := e.child
		if child < 0 {
			r.sync(pos, qply)
			pos.MakeMove(e.move)
			if child = r.newNode(pos); child >= 0 {
				e.child = child
			} else {
				v = -s.qsearch(pos, -beta, -alpha, ply+1, qply+1)
				r.leaf[ply+1] = -1
			}
			pos.UnmakeMove()
			r.unsync(pos, qply)
		}
		if child >= 0 {
			r.path[qply] = e.move
			v = -r.qsearchMemo(pos, child, -beta, -alpha, ply+1, qply+1)
		}
		if v > best {
			best = v
			// The line below, copied without a call: it is short (a
			// quiescence line), and in WebAssembly a call to memmove
			// costs more than the copy.
			row, below := &s.pv[ply], &s.pv[ply+1]
			row[ply] = e.move
			end := s.pvLen[ply+1]
			for j := ply + 1; j < end; j++ {
				row[j] = below[j]
			}
			s.pvLen[ply] = max(end, ply+1)
			r.leaf[ply] = r.leaf[ply+1]
			if v > alpha {
				bestMove = e.move
				if v >= beta {
					break
				}
				alpha = v
			}
		}
	}
	if useTT {
		bound := boundUpper
		switch {
		case best >= beta:
			bound = boundLower
		case best > alpha0:
			bound = boundExact
		}
		s.ttStore(pos.Hash, bestMove, scoreToTT(best, ply), rawEval, 0, bound)
	}
	return best
}

// leafCounts returns the dense counts of the node at the end of the line
// the last search at ply found (r.leaf[ply]), or nil when the memo does
// not know that node or holds no counts for it (in check, a count outside
// 16 bits, no dense scheme, or a line the plain search found).
func (r *QuiescenceResolver) leafCounts(ply int) []int16 {
	m := r.memo
	if m == nil || r.leaf[ply] < 0 {
		return nil
	}
	if off := m.node(r.leaf[ply]).counts; off >= 0 {
		return m.countsOf(off)
	}
	return nil
}
