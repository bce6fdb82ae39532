package search

import (
	"sync/atomic"
	"time"

	"github.com/evochess/evochess/engine/board"
)

// DefaultMoveOverhead is the time kept in reserve per move under clock
// limits when Limits.MoveOverhead is zero: the lag between the GUI's clock
// and ours (pipes, process scheduling, garbage collection).
const DefaultMoveOverhead = 50 * time.Millisecond

// MoveTimeMargin is what a fixed-time search ("go movetime N") keeps back
// for sending its answer: it stops at N − MoveTimeMargin (at most a quarter
// of N), so a GUI or match runner asking for N gets nearly N.
const MoveTimeMargin = 3 * time.Millisecond

// moveLagDiv sets the unseen time each move costs on the GUI's clock,
// kept back for the later moves of a period or a sudden-death horizon
// without increment: Move Overhead / moveLagDiv, at least 1 ms (5 ms at the
// default overhead; evochess against stockfish at 40/3 with pondering
// measured 1–3 ms a move through the arena).
const moveLagDiv = 10

// defaultMovesToGo is the number of moves a sudden-death clock is budgeted
// over (and the cap on MovesToGo).
const defaultMovesToGo = 30

// TimeBudget is the time manager's allocation: a pure function of the
// limits and the side to move. It returns soft, the base time after which
// no new iteration is started (scaled per iteration by the search's
// stability, see timeManager), and hard, the time at which a running search
// is aborted; timed is false when lim has no time limit (Infinite, or no
// MoveTime and no clock).
//
// With MoveTime, hard = soft = MoveTime − min(MoveTimeMargin, MoveTime/4):
// the whole time is used (no stability factor shortens it; only a single
// legal move or a mate found within the depth ends such a search early).
// With a clock of t remaining and increment inc, the usable time is
// avail = t − min(overhead, t/2), and with MovesToGo or without increment
// at most t − lag·(movesToGo − 1) (lag = overhead/10, at least 1 ms: the
// unseen cost of each later move), but not below a quarter of the first;
// the per-move target is
// avail/movesToGo + 3/4·inc (movesToGo = MovesToGo, at most 30; 30 in
// sudden death); soft = target/2 and hard = min(k·target, avail/2), or
// avail when this is the last move before the time control, with k = 4
// but 1 + movesToGo/4 below 12 moves to go. So hard < t
// always: the search never oversteps the clock, and it keeps at least half
// of the usable time for the moves after this one. Pondering does not
// change the budget: it starts counting at the ponderhit.
func TimeBudget(lim Limits, side board.Color) (soft, hard time.Duration, timed bool) {
	if lim.Infinite {
		return 0, 0, false
	}
	overhead := lim.MoveOverhead
	if overhead <= 0 {
		overhead = DefaultMoveOverhead
	}
	if lim.MoveTime > 0 {
		hard = lim.MoveTime - min(MoveTimeMargin, lim.MoveTime/4)
		return hard, hard, true
	}
	t, inc := lim.WTime, lim.WInc
	if side == board.Black {
		t, inc = lim.BTime, lim.BInc
	}
	if lim.WTime <= 0 && lim.BTime <= 0 && lim.WInc <= 0 && lim.BInc <= 0 {
		return 0, 0, false
	}
	if t <= 0 {
		return 0, 0, true // flag already down (or no time): move at once
	}
	avail := t - min(overhead, t/2)
	mtg := lim.MovesToGo
	if mtg <= 0 || mtg > defaultMovesToGo {
		mtg = defaultMovesToGo
	}
	if lim.MovesToGo > 0 || inc == 0 {
		// Every move also costs the GUI's clock some time this search
		// never sees (pipes, scheduling, the stop of a missed ponder),
		// which no increment pays back here: keep it for the moves after
		// this one in the period (or the sudden-death horizon), or a
		// clock spent down to its last moves runs out on them.
		lag := max(overhead/moveLagDiv, time.Millisecond)
		avail = max(min(avail, t-lag*time.Duration(mtg-1)), avail/4)
	}
	target := avail/time.Duration(mtg) + inc/4*3
	cap := avail / 2
	if mtg == 1 {
		cap = avail
	}
	// A move may take up to 4 targets, fewer near the end of a period
	// (1 + movesToGo/4 targets): there a long think leaves the few moves
	// after it too little to pay their own unseen lag.
	hard = min(target*time.Duration(min(16, 4+mtg))/4, cap)
	soft = min(target/2, hard)
	return soft, hard, true
}

// PonderSignal tells a pondering search that the predicted move was played
// (UCI "ponderhit"). A search whose Limits.Ponder is set ignores its time
// limits until Hit is called; from then on its clock starts. Hit may be
// called from any goroutine, before, during or after the search; create one
// signal per "go ponder".
type PonderSignal struct {
	hit atomic.Pointer[time.Time]
}

// NewPonderSignal returns a signal that has not been hit.
func NewPonderSignal() *PonderSignal { return &PonderSignal{} }

// Hit records the ponderhit (only the first call counts).
func (p *PonderSignal) Hit() {
	now := time.Now()
	p.hit.CompareAndSwap(nil, &now)
}

// hitTime returns when Hit was called.
func (p *PonderSignal) hitTime() (time.Time, bool) {
	t := p.hit.Load()
	if t == nil {
		return time.Time{}, false
	}
	return *t, true
}

// Stability factors of the soft limit: the soft limit of an iteration is
// the budget's soft time × clamp(instability × fall × effort, minFactor,
// maxFactor), never beyond hard.
const (
	minFactor = 0.4
	maxFactor = 3.0
)

// timeManager applies TimeBudget during one search. outOfTime is polled
// every few thousand nodes (the hard limit); stopAfterIteration decides at
// the end of each iteration whether to start another (the soft limit,
// stretched when the best move keeps changing or the score falls, shrunk
// when one move takes nearly all the effort). While pondering, neither
// limit applies; after the ponderhit, the hard limit counts from the hit
// and the soft one also from the hit plus half the time pondered on it
// (the tree grown while pondering is worth something).
type timeManager struct {
	start      time.Time
	soft, hard time.Duration
	timed      bool
	// fixed: a movetime search, which thinks its whole time — the
	// stability factors only shape the soft limit under a clock.
	fixed  bool
	ponder *PonderSignal // nil: not pondering

	// Iteration history.
	prevBest    board.Move
	prevScore   int
	prevNodes   uint64
	bestChanges float64 // decaying count of best-move changes
	iterations  int
}

// begin sets up the manager for a search starting at start.
func (tm *timeManager) begin(lim Limits, side board.Color, start time.Time) {
	soft, hard, timed := TimeBudget(lim, side)
	*tm = timeManager{start: start, soft: soft, hard: hard, timed: timed, fixed: lim.MoveTime > 0, ponder: lim.Ponder}
}

// clock returns the time elapsed for the hard and for the soft limit, and
// false while pondering without a hit.
func (tm *timeManager) clock(now time.Time) (hard, soft time.Duration, running bool) {
	if tm.ponder == nil {
		el := now.Sub(tm.start)
		return el, el, true
	}
	hit, ok := tm.ponder.hitTime()
	if !ok {
		return 0, 0, false
	}
	if hit.Before(tm.start) {
		hit = tm.start
	}
	since := now.Sub(hit)
	return since, since + hit.Sub(tm.start)/2, true
}

// outOfTime reports whether the hard limit has passed.
func (tm *timeManager) outOfTime() bool {
	if !tm.timed {
		return false
	}
	hard, _, running := tm.clock(time.Now())
	return running && hard >= tm.hard
}

// iterationResult is what the time manager learns from one iteration.
type iterationResult struct {
	depth     int
	score     int
	best      board.Move
	nodes     uint64 // total nodes of the search so far
	bestNodes uint64 // nodes spent on the best move in this iteration
	rootMoves int
}

// stopAfterIteration reports whether to stop after a completed iteration.
func (tm *timeManager) stopAfterIteration(it iterationResult) bool {
	iterNodes := it.nodes - tm.prevNodes
	tm.bestChanges /= 2
	if tm.iterations > 0 && it.best != tm.prevBest {
		tm.bestChanges++
	}
	fall := 1.0
	if tm.iterations > 0 && !IsMateScore(it.score) && !IsMateScore(tm.prevScore) {
		if d := tm.prevScore - it.score; d > 0 {
			fall += float64(min(d, 100)) / 200 // up to 1.5 for a fall of a pawn
		}
	}
	tm.prevBest, tm.prevScore, tm.prevNodes = it.best, it.score, it.nodes
	tm.iterations++
	if !tm.timed {
		return false
	}
	_, el, running := tm.clock(time.Now())
	if !running {
		return false // pondering: think until the hit or stop
	}
	if it.rootMoves == 1 && it.depth >= 4 {
		return true // only move: no need to think long
	}
	// A mate found within this depth cannot get shorter.
	if IsMateScore(it.score) && MateScore-abs(it.score) < it.depth {
		return true
	}
	if tm.fixed {
		// "go movetime N" asks for N: the hard limit ends the search (a
		// stable best move at 40% of the time used to end it there, so
		// at movetime 100 the search thought 40–90 ms).
		return el >= tm.hard
	}
	effort := 1.0
	if iterNodes > 0 && it.depth >= 6 {
		frac := float64(it.bestNodes) / float64(iterNodes)
		effort = 1.6 - frac // 0.6 when the best move took everything, 1.6 when it took nothing
	}
	f := (1 + tm.bestChanges) * fall * effort
	f = min(max(f, minFactor), maxFactor)
	soft := min(time.Duration(float64(tm.soft)*f), tm.hard)
	return el >= soft
}
