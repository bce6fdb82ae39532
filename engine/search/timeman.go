package search

import (
	"time"

	"github.com/evochess/evochess/engine/board"
)

// DefaultMoveOverhead is the time kept in reserve per move under clock
// limits when Limits.MoveOverhead is zero.
const DefaultMoveOverhead = 50 * time.Millisecond

// defaultMovesToGo is the number of moves a sudden-death clock is budgeted over.
const defaultMovesToGo = 30

// TimeBudget is the time manager: a pure function of the limits and the side
// to move. It returns soft, the time after which no new iteration is
// started, and hard, the time at which a running search is aborted; timed is
// false when lim has no time limit (Infinite, or no MoveTime and no clock).
//
// With MoveTime, hard = MoveTime minus the overhead (at most half of
// MoveTime) and soft = hard. With a clock of t remaining and increment inc,
// the usable time is avail = t - min(overhead, t/2); the per-move target is
// avail/movesToGo + 3/4·inc (movesToGo = MovesToGo, or 30 in sudden death);
// soft = target/2 and hard = min(3·target, avail/2), or avail when this is
// the last move before the time control. So hard < t always: the search
// never oversteps the clock, and it keeps at least half of the usable time
// for the moves after this one.
func TimeBudget(lim Limits, side board.Color) (soft, hard time.Duration, timed bool) {
	if lim.Infinite {
		return 0, 0, false
	}
	overhead := lim.MoveOverhead
	if overhead <= 0 {
		overhead = DefaultMoveOverhead
	}
	if lim.MoveTime > 0 {
		hard = lim.MoveTime - min(overhead, lim.MoveTime/2)
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
	target := avail/time.Duration(mtg) + inc/4*3
	cap := avail / 2
	if mtg == 1 {
		cap = avail
	}
	hard = min(3*target, cap)
	soft = min(target/2, hard)
	return soft, hard, true
}
