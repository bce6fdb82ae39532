package search

import (
	"context"
	"math"
	"sort"
	"sync/atomic"
	"time"

	"github.com/evochess/evochess/engine/board"
)

// Limits bound a search. Zero fields are "no limit"; with no limit at all
// the search runs until its context is cancelled (or depth MaxDepth).
type Limits struct {
	Depth     int           // maximum iteration depth in plies (0 = none)
	Nodes     uint64        // stop after this many nodes (0 = none)
	MoveTime  time.Duration // think exactly this long (minus a small safety margin)
	WTime     time.Duration // White's remaining clock time
	BTime     time.Duration // Black's remaining clock time
	WInc      time.Duration // White's increment per move
	BInc      time.Duration // Black's increment per move
	MovesToGo int           // moves to the next time control (0 = sudden death)
	Infinite  bool          // ignore clock limits: search until stopped (or Depth/Nodes)
	// NoQuiescence makes leaves the static evaluation: no quiescence search
	// and no draw or mate detection at depth 0 (used by the tuner's 1-ply
	// exactness: a depth-1 search picks the move with the best
	// -Evaluate(child)).
	NoQuiescence bool
	// SearchMoves restricts the root to these moves (UCI "searchmoves");
	// moves that are not legal are ignored, and if none is legal the whole
	// move list is searched.
	SearchMoves []board.Move
	// MoveOverhead is the time kept in reserve per move for communication
	// lag under clock limits (0 = DefaultMoveOverhead).
	MoveOverhead time.Duration
	// Ponder, when set, makes the search ponder: it ignores the time
	// limits until Ponder.Hit is called, then plays by them (timeman.go).
	Ponder *PonderSignal
	// MultiPV is the number of root moves searched for a line of their
	// own (UCI "MultiPV"; 0 or 1: the best move only): every iteration
	// searches the best line, then the best line among the other moves,
	// and so on, each with its own aspiration window, and reports them in
	// order (Info.MultiPV). The move played is the first line's.
	MultiPV int
}

// MaxDepth is the deepest iteration the search starts.
const MaxDepth = 100

// MaxMultiPV bounds Limits.MultiPV where a user sets it (the UCI option,
// eval -multipv): Stockfish's bound, more than any position's legal moves.
const MaxMultiPV = 500

// Info describes one completed iteration of the search.
type Info struct {
	Depth    int           // iteration depth in plies
	SelDepth int           // deepest ply reached (quiescence included)
	Score    int           // centipawns, side to move's view (mate scores as MateScore-plies)
	Mate     int           // 0, or moves to mate (negative: the side to move is mated)
	Nodes    uint64        // nodes searched so far in this search
	Time     time.Duration // time since the search started
	Hashfull int           // permille of the transposition table used by this search
	PV       []board.Move  // principal variation, starting with the best move
	// MultiPV is the line's rank (1: the best) when Limits.MultiPV > 1;
	// then every iteration reports each line, in order. 0 otherwise.
	MultiPV int
}

// Line is one root move's line of a MultiPV search.
type Line struct {
	Score int          // centipawns, side to move's view (mate scores as MateScore-plies)
	Mate  int          // 0, or moves to mate (negative: the side to move is mated)
	PV    []board.Move // the move and the line behind it
}

// Result is the outcome of a search.
type Result struct {
	Best     board.Move    // best move; NoMove only if the position has no legal move
	Ponder   board.Move    // expected reply, NoMove if unknown
	Score    int           // centipawns, side to move's view; mated/stalemate scores when no move
	Mate     int           // 0, or moves to mate (negative: the side to move is mated)
	Depth    int           // last completed iteration (0 if none completed)
	SelDepth int           // deepest ply reached
	Nodes    uint64        // nodes searched
	Time     time.Duration // time spent
	PV       []board.Move  // principal variation, starting with Best
	// Lines are the lines of a MultiPV search (Limits.MultiPV > 1), best
	// first, from its last iteration (fewer than MultiPV when it stopped in
	// the middle of one after its first line); Lines[0] is Best's. Nil
	// otherwise.
	Lines []Line
}

// DefaultYieldInterval is the default number of nodes between calls of
// Searcher.Yield.
const DefaultYieldInterval = 32768

// frame is the per-ply scratch space of the search.
type frame struct {
	ml         board.MoveList
	scores     [256]int32
	quiets     [64]board.Move // quiet moves tried (for the history malus)
	captures   [32]board.Move // captures tried (for the capture-history malus)
	afterNull  bool           // the move into this node was a null move
	excluded   board.Move     // the move a singular search skips (NoMove: none)
	staticEval int            // static evaluation of this node, noEval in check
	cont       *contTable     // continuation history of the move made here
}

// rootMove is a root move with the bookkeeping that orders the next iteration.
type rootMove struct {
	move  board.Move
	nodes uint64       // subtree size in the last iteration
	score int          // a MultiPV line's score (its last search)
	pv    []board.Move // a MultiPV line's principal variation
}

// Searcher is an iterative-deepening principal-variation searcher. It owns
// the transposition table, killer moves and history table, and is not safe
// for concurrent use: give each goroutine its own Searcher.
//
// Searches at a fixed depth or node count are deterministic: the same
// Searcher state (for example a new or Cleared Searcher), position and limits
// give the same move, score and node count on every platform.
type Searcher struct {
	// Yield, when not nil, is called every YieldInterval nodes. The WebAssembly
	// worker sets it to a 1 ms sleep so the JavaScript event loop can deliver
	// a stop message; native code leaves it nil.
	Yield func()
	// YieldInterval is the number of nodes between Yield calls
	// (0 = DefaultYieldInterval).
	YieldInterval uint64

	ev     Evaluator
	params Params
	tt     *transTable
	hashMB int
	// ttLog holds the buckets this Searcher stored into since the table was
	// last empty (ttStore), unless ttLogFull: then Clear empties it all.
	ttLog     []uint32
	ttLogFull bool

	killers  [MaxPly + 2][2]board.Move
	history  [2][64][64]int32
	capHist  [12][64][6]int16   // [moving piece][to][victim type]
	corrHist *corrTable         // static eval correction (CorrHist); nil while CorrHist is 0
	contHist *[12][64]contTable // [piece][to] of a move → its replies; nil while ContHist is 0
	contNone contTable          // all zero: the "no move" continuation
	lmr      [64][64]int8       // late-move reduction in quarter plies by [depth][move number]
	stack    [MaxPly + 2]frame
	qIdx     [256]int32 // the first quiescence ply's moves' indices in the whole move list (orderAsLegal)
	pv       [MaxPly + 2][MaxPly + 2]board.Move
	pvLen    [MaxPly + 2]int

	// Lazy SMP (smp.go).
	threads     int
	helpers     []*Searcher
	helperEvSrc Evaluator     // the evaluator the helpers' clones come from
	helper      bool          // this Searcher is a helper thread
	smp         *smpRun       // the multi-threaded search in progress
	published   atomic.Uint64 // a helper's node count, as of its last poll
	done        helperResult  // a helper's last completed iteration

	// Per-search state.
	ctx          context.Context
	nodes        uint64
	nodeLimit    uint64
	nextPoll     uint64
	nextYield    uint64
	selDepth     int
	stopped      bool
	noQuiescence bool
	qsPV         bool // qsearch records its PV (set only by QuiescenceResolver)
	start        time.Time
	tm           timeManager
	rootDepth    int
	rootMoves    []rootMove
	pvIdx        int        // rootSearch searches rootMoves[pvIdx:] (MultiPV lines before it are done)
	rootBest     board.Move // best move found so far in the current iteration
	rootScore    int
	rootPV       []board.Move
}

// NewSearcher returns a Searcher with evaluator ev (MaterialPST if nil),
// search parameters p (each clamped into its Table I range) and a
// transposition table of hashMB MiB (at least 1).
func NewSearcher(ev Evaluator, p Params, hashMB int) *Searcher {
	if ev == nil {
		ev = MaterialPST{}
	}
	s := &Searcher{ev: ev, hashMB: max(hashMB, 1), threads: DefaultThreads}
	s.setParams(p.Clamp())
	s.tt = newTransTable(s.hashMB)
	return s
}

// Clamp returns p with every parameter limited to its range.
func (p Params) Clamp() Params {
	v := p.AllVector()
	for i, s := range allSpecs {
		v[i] = int32(s.Clamp(int(v[i])))
	}
	q, _ := ParamsFromVector(v) // in range by construction
	return q
}

// setParams installs valid parameters and what derives from them.
func (s *Searcher) setParams(p Params) {
	s.params = p
	s.lmr = lmrTable(p)
	for i := range s.stack {
		s.stack[i].cont = &s.contNone
	}
}

// lnMilli[i] is round(1000·ln i): the late-move reduction table is built
// from these integers so that it is the same on every platform.
var lnMilli = func() (t [64]int64) {
	for i := 1; i < len(t); i++ {
		t[i] = int64(math.Round(1000 * math.Log(float64(i))))
	}
	return t
}()

// lmrTable returns the late-move reductions in quarter plies:
// LMRBase/100 + ln(depth)·ln(moves)/(LMRDivisor/100) plies, rounded.
func lmrTable(p Params) (t [64][64]int8) {
	div := int64(max(p.LMRDivisor, 1))
	den := 1_000_000 * div
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			num := int64(onePly)*int64(p.LMRBase)*10_000*div + int64(onePly)*100*lnMilli[d]*lnMilli[m]
			t[d][m] = int8(min((num+den/2)/den, 127))
		}
	}
	return t
}

// SetEvaluator replaces the evaluator (MaterialPST if nil) and clears the
// transposition table, whose scores came from the old one.
func (s *Searcher) SetEvaluator(ev Evaluator) {
	if ev == nil {
		ev = MaterialPST{}
	}
	s.ev = ev
	s.Clear()
}

// Evaluator returns the evaluator in use.
func (s *Searcher) Evaluator() Evaluator { return s.ev }

// SetParams replaces the search parameters; out-of-range values are an
// error and leave the parameters unchanged.
func (s *Searcher) SetParams(p Params) error {
	if err := p.Validate(); err != nil {
		return err
	}
	s.setParams(p)
	return nil
}

// Params returns the search parameters in use.
func (s *Searcher) Params() Params { return s.params }

// SetHashSize resizes the transposition table to mb MiB (at least 1) and
// clears it and the history tables, as Clear does.
func (s *Searcher) SetHashSize(mb int) {
	s.hashMB = max(mb, 1)
	s.tt.resize(s.hashMB)
	s.ttLog, s.ttLogFull = s.ttLog[:0], false
	s.clearHistories()
}

// Prefault maps every page of the transposition table now (see
// transTable.prefault) instead of at its first writes during a search,
// where on Linux each first write to a huge page can stall the search;
// UCI does it on "isready", before any clock runs. Nothing it holds
// changes. It must not run during a search.
func (s *Searcher) Prefault() { s.tt.prefault() }

// HashSize returns the transposition table size in MiB as requested.
func (s *Searcher) HashSize() int { return s.hashMB }

// Clear forgets everything learnt from earlier searches (transposition
// table, killers, history), as for UCI "ucinewgame". A Cleared Searcher
// searches exactly like a new one.
func (s *Searcher) Clear() {
	s.clearTT()
	s.clearHistories()
	for _, h := range s.helpers {
		h.clearHistories()
	}
}

// clearHistories empties the killer and history tables. The histories
// (butterfly, capture, continuation) carry over from one search to the next
// until Clear, like the transposition table: within a game they keep
// ordering moves well from the first iteration on. The killers, which are
// indexed by ply, start empty in every search.
func (s *Searcher) clearHistories() {
	s.killers = [MaxPly + 2][2]board.Move{}
	s.history = [2][64][64]int32{}
	s.capHist = [12][64][6]int16{}
	if s.corrHist != nil {
		clear(s.corrHist[:])
	}
	if s.contHist != nil {
		clear(s.contHist[:])
	}
}

// allocHistories allocates the tables the parameters use that a Searcher
// does not carry inline: the continuation histories (ContHist) and the
// correction history (CorrHist).
func (s *Searcher) allocHistories() {
	if s.params.ContHist > 0 && s.contHist == nil {
		s.contHist = new([12][64]contTable)
	}
	if s.params.CorrHist > 0 && s.corrHist == nil {
		s.corrHist = new(corrTable)
	}
}

// Search searches pos (which it leaves unchanged; its move history counts for
// repetitions) within lim, stopping early when ctx is cancelled, and calls
// progress (if not nil) after every completed iteration. It always returns a
// legal move when pos has one, even if stopped before depth 1 completes.
func (s *Searcher) Search(ctx context.Context, pos *board.Position, lim Limits, progress func(Info)) Result {
	if ctx == nil {
		ctx = context.Background()
	}
	pos = pos.Clone()
	if t := pieceSquareOf(s.ev); t != nil {
		pos.SetPieceSquare(t) // incremental evaluation: the same values, faster
	}
	s.ctx = ctx
	s.start = time.Now()
	s.nodes = 0
	s.nodeLimit = lim.Nodes
	s.nextPoll = pollInterval
	s.yieldSetup()
	s.selDepth = 0
	s.stopped = false
	s.noQuiescence = lim.NoQuiescence
	s.killers = [MaxPly + 2][2]board.Move{}
	s.allocHistories()
	s.tt.newSearch()

	s.tm.begin(lim, pos.Side, s.start)

	// Root moves, in the fresh-search order.
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	moves := filterSearchMoves(ml.Slice(), lim.SearchMoves)
	res := Result{}
	if len(moves) == 0 {
		if pos.InCheck() {
			res.Score = -MateScore
			res.Mate = MateIn(-MateScore)
		}
		res.Time = time.Since(s.start)
		return res
	}
	OrderRootMoves(pos, moves)
	s.rootMoves = s.rootMoves[:0]
	for _, m := range moves {
		s.rootMoves = append(s.rootMoves, rootMove{move: m})
	}
	res.Best = moves[0]
	res.PV = []board.Move{moves[0]}
	s.pvIdx = 0
	multi := 1
	if lim.MultiPV > 1 {
		multi = min(lim.MultiPV, len(moves))
	}
	s.stack[0].excluded = board.NoMove
	s.stack[0].staticEval = noEval
	if !pos.InCheck() && s.params.ImprovingUse {
		s.stack[0].staticEval = s.evaluate(pos)
	}

	maxDepth := MaxDepth
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, MaxDepth)
	}
	smp := s.startHelpers(ctx, pos, lim, maxDepth)
	score := 0
	for depth := 1; depth <= maxDepth; depth++ {
		var v, done int
		if multi == 1 {
			v = s.aspirate(pos, depth, score)
		} else {
			v, done = s.searchLines(pos, depth, multi)
		}
		if s.stopped {
			switch {
			case done > 0:
				// The first line of the unfinished iteration was done:
				// its lines so far replace the last iteration's.
				rm := s.rootMoves[0]
				res.Best, res.Score, res.PV = rm.move, rm.score, rm.pv
				res.Mate = MateIn(rm.score)
				res.Lines = res.Lines[:0]
				for _, rm := range s.rootMoves[:done] {
					res.Lines = append(res.Lines, Line{Score: rm.score, Mate: MateIn(rm.score), PV: rm.pv})
				}
			case multi == 1 && s.rootBest != board.NoMove:
				// A move that beat the previous best in the unfinished
				// iteration was fully searched: prefer it. (A MultiPV
				// search keeps its last iteration's lines until the
				// first line of the next is done.)
				res.Best, res.Score, res.PV = s.rootBest, s.rootScore, s.rootPV
				res.Mate = MateIn(s.rootScore)
			}
			break
		}
		score = v
		if multi == 1 {
			res.Best, res.PV = s.rootBest, s.rootPV
		} else {
			res.Best, res.PV = s.rootMoves[0].move, s.rootMoves[0].pv
			res.Lines = res.Lines[:0]
			for _, rm := range s.rootMoves[:multi] {
				res.Lines = append(res.Lines, Line{Score: rm.score, Mate: MateIn(rm.score), PV: rm.pv})
			}
		}
		res.Score, res.Depth = v, depth
		res.Mate = MateIn(v)
		if progress != nil {
			info := Info{Depth: depth, SelDepth: s.selDepth, Score: v, Mate: res.Mate, Nodes: s.totalNodes(),
				Time: time.Since(s.start), Hashfull: s.tt.hashfull(), PV: append([]board.Move(nil), res.PV...)}
			if multi == 1 {
				progress(info)
			} else {
				for k, l := range res.Lines {
					info.MultiPV, info.Score, info.Mate = k+1, l.Score, l.Mate
					info.PV = append([]board.Move(nil), l.PV...)
					progress(info)
				}
			}
		}
		if s.tm.stopAfterIteration(iterationResult{depth: depth, score: v, best: res.Best, nodes: s.nodes,
			bestNodes: s.rootMoves[0].nodes, rootMoves: len(s.rootMoves)}) {
			break
		}
	}
	res.SelDepth = s.selDepth
	s.pvIdx = 0
	if smp != nil {
		res = s.joinHelpers(smp, res, multi == 1)
	}
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	} else {
		res.Ponder = s.ponderFromTT(pos, res.Best)
	}
	res.Nodes = s.totalNodes()
	res.Time = time.Since(s.start)
	return res
}

// searchLines runs one iteration of a MultiPV search: the best line of
// rootMoves[k:] for k = 0 … multi−1 in turn, each through aspirate with the
// score its move had in the last iteration, keeping rootMoves[:k+1] sorted
// by score (ties in search order). It returns the first line's score and
// how many lines it completed (all of them unless the search stopped).
func (s *Searcher) searchLines(pos *board.Position, depth, multi int) (score, done int) {
	for s.pvIdx = 0; s.pvIdx < multi; s.pvIdx++ {
		v := s.aspirate(pos, depth, s.rootMoves[s.pvIdx].score)
		if s.stopped {
			return s.rootMoves[0].score, done
		}
		// rootSearch moved the line's move to pvIdx.
		rm := &s.rootMoves[s.pvIdx]
		rm.score, rm.pv = v, s.rootPV
		done++
		lines := s.rootMoves[:s.pvIdx+1]
		sort.SliceStable(lines, func(a, b int) bool { return lines[a].score > lines[b].score })
	}
	return s.rootMoves[0].score, done
}

// aspirate searches the root to depth plies with an aspiration window
// around the previous iteration's score (from depth 4, ±25 cp, widened on
// each failure, full width beyond ±1000) and returns the score; when the
// search is stopped the value is meaningless.
func (s *Searcher) aspirate(pos *board.Position, depth, score int) int {
	s.rootDepth = depth
	s.rootBest = board.NoMove
	alpha, beta := -Infinity, Infinity
	delta := 25
	if depth >= 4 && !IsMateScore(score) {
		alpha, beta = max(score-delta, -Infinity), min(score+delta, Infinity)
	}
	for {
		v := s.rootSearch(pos, alpha, beta, depth)
		if s.stopped {
			return v
		}
		if v <= alpha && alpha > -Infinity {
			beta = (alpha + beta) / 2
			alpha = max(v-delta, -Infinity)
		} else if v >= beta && beta < Infinity {
			beta = min(v+delta, Infinity)
		} else {
			return v
		}
		delta += delta / 2
		if delta > 1000 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// filterSearchMoves keeps the moves listed in only (all if none of them is
// legal or only is empty), in generation order.
func filterSearchMoves(moves, only []board.Move) []board.Move {
	if len(only) == 0 {
		return append([]board.Move(nil), moves...)
	}
	var out []board.Move
	for _, m := range moves {
		for _, o := range only {
			if m == o {
				out = append(out, m)
				break
			}
		}
	}
	if len(out) == 0 {
		return append([]board.Move(nil), moves...)
	}
	return out
}

// ponderFromTT returns the stored reply to best, if legal.
func (s *Searcher) ponderFromTT(pos *board.Position, best board.Move) board.Move {
	if best == board.NoMove {
		return board.NoMove
	}
	pos.MakeMove(best)
	defer pos.UnmakeMove()
	e, ok := s.tt.probe(pos.Hash)
	if !ok || e.move == board.NoMove {
		return board.NoMove
	}
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		if m == e.move {
			return m
		}
	}
	return board.NoMove
}

// rootSearch searches the root moves to depth plies within (alpha, beta)
// and returns the best score (fail-soft). It sets rootBest, rootScore and
// rootPV whenever a move raises alpha, and reorders rootMoves for the next
// iteration: best first, the rest by subtree size. A MultiPV search's
// later lines search only rootMoves[pvIdx:] and reorder only those.
func (s *Searcher) rootSearch(pos *board.Position, alpha, beta, depth int) int {
	const ply = 0
	s.pvLen[ply] = 0
	best := -Infinity
	bestIdx := -1
	inCheck := pos.InCheck()
	oneReply := len(s.rootMoves) == 1
	for i := s.pvIdx; i < len(s.rootMoves); i++ {
		rm := &s.rootMoves[i]
		m := rm.move
		before := s.nodes
		ext := s.extension(pos, m, ply, inCheck, oneReply, false)
		newDepth := depth*onePly - onePly + ext
		s.stack[ply].cont = s.contFor(pos.Board[m.From()], m.To())
		pos.MakeMove(m)
		s.stack[ply+1].afterNull = false
		var v int
		if i == s.pvIdx {
			v = -s.search(pos, -beta, -alpha, newDepth, ply+1, false)
		} else {
			v = -s.search(pos, -alpha-1, -alpha, newDepth, ply+1, true)
			if v > alpha && v < beta && !s.stopped {
				v = -s.search(pos, -beta, -alpha, newDepth, ply+1, false)
			}
		}
		pos.UnmakeMove()
		if s.stopped {
			break
		}
		rm.nodes = s.nodes - before
		if v > best {
			best = v
		}
		if v > alpha {
			bestIdx = i
			s.rootBest, s.rootScore = m, v
			child := s.pv[ply+1][ply+1 : max(s.pvLen[ply+1], ply+1)]
			pv := make([]board.Move, 0, 1+len(child))
			s.rootPV = append(append(pv, m), child...)
			if v >= beta {
				break
			}
			alpha = v
		}
	}
	if first := s.pvIdx; bestIdx > first {
		bm := s.rootMoves[bestIdx]
		copy(s.rootMoves[first+1:bestIdx+1], s.rootMoves[first:bestIdx])
		s.rootMoves[first] = bm
	}
	if !s.stopped && best > -Infinity {
		rest := s.rootMoves[s.pvIdx+1:]
		sort.SliceStable(rest, func(a, b int) bool { return rest[a].nodes > rest[b].nodes })
	}
	return best
}

// pollInterval is how many nodes pass between checks of the context and clock.
const pollInterval = 1024

func (s *Searcher) yieldSetup() {
	iv := s.YieldInterval
	if iv == 0 {
		iv = DefaultYieldInterval
	}
	s.nextYield = iv
}

// poll checks the context and the hard time limit, and yields.
func (s *Searcher) poll() {
	if s.helper {
		s.pollHelper()
		return
	}
	s.nextPoll = s.nodes + pollInterval
	if s.smp != nil && s.nodeLimit > 0 && s.totalNodes() >= s.nodeLimit {
		s.stopped = true
		return
	}
	if s.ctx.Err() != nil {
		s.stopped = true
		return
	}
	if s.tm.outOfTime() {
		s.stopped = true
		return
	}
	if s.Yield != nil && s.nodes >= s.nextYield {
		iv := s.YieldInterval
		if iv == 0 {
			iv = DefaultYieldInterval
		}
		s.nextYield = s.nodes + iv
		s.Yield()
	}
}
