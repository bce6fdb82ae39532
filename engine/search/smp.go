package search

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
)

// Lazy SMP: with Threads > 1 a search runs Threads-1 helper searchers
// beside the main one. Each helper is a full Searcher with its own killer
// and history tables, stack and evaluator clone that shares the main
// searcher's transposition table (lockless, tt.go) and runs its own
// iterative deepening over the same root moves; helpers with an odd index
// start one ply deeper, so the threads spread over two depths and fill the
// table with different subtrees. The main thread alone manages time, node
// limits, progress reports and the stop; when it stops, the helpers stop,
// and the result is the main thread's unless a helper completed a deeper
// iteration ("main thread decides", by depth, ties to the main thread).
//
// With Threads == 1 (the default) no helper exists and the search is
// exactly the single-threaded, bit-deterministic one that the tuner and the
// WebAssembly workers rely on. Several threads make the result depend on
// timing: fixed-depth and fixed-node searches are then not reproducible.

// MaxThreads bounds SetThreads.
const MaxThreads = 256

// DefaultThreads is the thread count of a new Searcher.
const DefaultThreads = 1

// SetThreads sets the number of search threads (clamped to [1,
// MaxThreads]). Helper threads need an evaluator that can be copied for
// each goroutine: MaterialPST, an *eval.Evaluator, or an Evaluator with a
// CloneEvaluator method; with another evaluator the search stays
// single-threaded.
func (s *Searcher) SetThreads(n int) {
	s.threads = min(max(n, 1), MaxThreads)
	if len(s.helpers) > s.threads-1 {
		s.helpers = s.helpers[:s.threads-1]
	}
}

// Threads returns the number of search threads set.
func (s *Searcher) Threads() int { return max(s.threads, 1) }

// NumCPU is the number of logical CPUs: the natural Threads value natively
// (1 in WebAssembly, which runs one thread per worker).
func NumCPU() int { return runtime.NumCPU() }

// EvaluatorCloner is implemented by evaluators that keep scratch state and
// can give each search thread its own copy.
type EvaluatorCloner interface {
	CloneEvaluator() Evaluator
}

// cloneEvaluator returns an evaluator for another goroutine, or false.
func cloneEvaluator(ev Evaluator) (Evaluator, bool) {
	switch e := ev.(type) {
	case MaterialPST:
		return e, true
	case *eval.Evaluator:
		return e.Clone(), true
	case EvaluatorCloner:
		return e.CloneEvaluator(), true
	}
	return nil, false
}

// smpRun is one multi-threaded search in progress.
type smpRun struct {
	stop    atomic.Bool
	wg      sync.WaitGroup
	helpers []*Searcher
}

// helperResult is a helper's last completed iteration.
type helperResult struct {
	depth int
	best  board.Move
	score int
	pv    []board.Move
}

// startHelpers starts the helper threads of a search of pos (root moves
// already ordered in s.rootMoves) up to maxDepth, or returns nil when the
// search is single-threaded.
func (s *Searcher) startHelpers(ctx context.Context, pos *board.Position, lim Limits, maxDepth int) *smpRun {
	if s.threads <= 1 || s.helper {
		return nil
	}
	if s.helperEvSrc != s.ev || len(s.helpers) == 0 {
		if _, ok := cloneEvaluator(s.ev); !ok {
			return nil
		}
		for _, h := range s.helpers {
			h.ev, _ = cloneEvaluator(s.ev)
		}
		s.helperEvSrc = s.ev
	}
	run := &smpRun{}
	s.ttLogFull = true // the helpers store without logging
	for i := 0; i < s.threads-1; i++ {
		if i == len(s.helpers) {
			ev, _ := cloneEvaluator(s.ev)
			h := &Searcher{ev: ev, hashMB: s.hashMB, tt: s.tt, helper: true}
			h.setParams(s.params)
			s.helpers = append(s.helpers, h)
		}
		h := s.helpers[i]
		if h.params != s.params {
			h.setParams(s.params)
		}
		h.tt = s.tt
		h.smp = run
		// Zeroed here, before the main thread can count it: reset only in
		// the helper's goroutine, the last search's total would be added to
		// this one's until the helper first ran (a "go nodes" limit met
		// after a few hundred nodes of its own).
		h.published.Store(0)
		run.helpers = append(run.helpers, h)
		moves := make([]board.Move, len(s.rootMoves))
		for j, rm := range s.rootMoves {
			moves[j] = rm.move
		}
		run.wg.Add(1)
		go func(h *Searcher, id int, pos *board.Position) {
			defer run.wg.Done()
			h.helperSearch(ctx, pos, moves, lim.NoQuiescence, maxDepth, id)
		}(h, i+1, pos.Clone())
	}
	s.smp = run
	return run
}

// helperSearch is a helper thread's iterative deepening.
func (s *Searcher) helperSearch(ctx context.Context, pos *board.Position, moves []board.Move, noQuiescence bool, maxDepth, id int) {
	s.ctx = ctx
	s.nodes = 0
	s.published.Store(0)
	s.nodeLimit = 0
	s.nextPoll = pollInterval
	s.selDepth = 0
	s.stopped = false
	s.noQuiescence = noQuiescence
	s.killers = [MaxPly + 2][2]board.Move{}
	s.allocHistories()
	s.done = helperResult{}
	s.rootMoves = s.rootMoves[:0]
	for _, m := range moves {
		s.rootMoves = append(s.rootMoves, rootMove{move: m})
	}
	s.stack[0].excluded = board.NoMove
	s.stack[0].staticEval = noEval
	if !pos.InCheck() && s.params.ImprovingUse {
		s.stack[0].staticEval = s.evaluate(pos)
	}
	score := 0
	for depth := 1 + id%2; depth <= maxDepth; depth++ {
		v := s.aspirate(pos, depth, score)
		if s.stopped {
			break
		}
		score = v
		s.done = helperResult{depth: depth, best: s.rootBest, score: v, pv: s.rootPV}
	}
	s.published.Store(s.nodes)
}

// totalNodes returns the nodes of the search so far: the main thread's
// exactly, the helpers' as of their last poll.
func (s *Searcher) totalNodes() uint64 {
	n := s.nodes
	if s.smp != nil {
		for _, h := range s.smp.helpers {
			n += h.published.Load()
		}
	}
	return n
}

// joinHelpers stops the helpers, waits for them and, if pick, lets the
// deepest completed iteration decide the result (ties to the main thread).
// A MultiPV search keeps the main thread's lines (the helpers search one
// line, filling the shared table).
func (s *Searcher) joinHelpers(run *smpRun, res Result, pick bool) Result {
	run.stop.Store(true)
	run.wg.Wait()
	for _, h := range run.helpers {
		d := h.done
		if pick && d.depth > res.Depth && d.best != board.NoMove {
			res.Best, res.Score, res.Depth, res.PV = d.best, d.score, d.depth, d.pv
			res.Mate = MateIn(d.score)
		}
		res.SelDepth = max(res.SelDepth, h.selDepth)
		h.smp = nil
	}
	s.smp = nil
	return res
}

// pollHelper is poll for a helper thread: it stops with the main thread
// or the context, and publishes its node count.
func (s *Searcher) pollHelper() {
	s.nextPoll = s.nodes + pollInterval
	s.published.Store(s.nodes)
	if s.smp.stop.Load() || s.ctx.Err() != nil {
		s.stopped = true
	}
}
