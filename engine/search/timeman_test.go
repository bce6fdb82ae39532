package search

import (
	"context"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/board"
)

func TestTimeBudgetCases(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name       string
		lim        Limits
		side       board.Color
		soft, hard time.Duration
		timed      bool
	}{
		{"no limits", Limits{}, board.White, 0, 0, false},
		{"infinite wins over clock", Limits{Infinite: true, WTime: time.Second}, board.White, 0, 0, false},
		{"depth only", Limits{Depth: 5}, board.White, 0, 0, false},
		{"movetime uses nearly all", Limits{MoveTime: time.Second}, board.White, 997 * ms, 997 * ms, true},
		{"movetime 100", Limits{MoveTime: 100 * ms}, board.White, 97 * ms, 97 * ms, true},
		{"movetime ignores overhead", Limits{MoveTime: 100 * ms, MoveOverhead: 200 * ms}, board.White, 97 * ms, 97 * ms, true},
		{"tiny movetime keeps a quarter", Limits{MoveTime: 8 * ms}, board.Black, 6 * ms, 6 * ms, true},
		// Sudden death without increment keeps 5 ms (a tenth of the overhead)
		// for each of the 29 later moves of its horizon: 145 ms.
		{"sudden death white", Limits{WTime: 60 * time.Second, BTime: time.Second}, board.White, 59855 * ms / 30 / 2, 4 * (59855 * ms / 30), true},
		{"sudden death black", Limits{WTime: 60 * time.Second, BTime: 3050 * ms}, board.Black, 2905 * ms / 30 / 2, 4 * (2905 * ms / 30), true},
		{"increment", Limits{WTime: 10 * time.Second, WInc: time.Second}, board.White, (9950*ms/30 + 750*ms) / 2, 4 * (9950*ms/30 + 750*ms), true},
		{"moves to go", Limits{WTime: 10 * time.Second, MovesToGo: 10}, board.White, 9950 * ms / 10 / 2, 14 * (9950 * ms / 10) / 4, true},
		{"moves to go capped", Limits{WTime: 10 * time.Second, MovesToGo: 100}, board.White, 9855 * ms / 30 / 2, 4 * (9855 * ms / 30), true},
		// 8 moves to go: at most 3 targets (1 + 8/4) on one move.
		{"end of a period", Limits{WTime: 100 * ms, MovesToGo: 8}, board.White, 50 * ms / 8 / 2, 3 * (50 * ms / 8), true},
		{"a period's last moves keep their lag", Limits{WTime: 60 * ms, MovesToGo: 8}, board.White, 25 * ms / 8 / 2, 3 * (25 * ms / 8), true},
		{"a clock below the lag still moves", Limits{WTime: 20 * ms, MovesToGo: 8}, board.White, 10 * ms / 4 / 8 / 2, 3 * (10 * ms / 4 / 8), true},
		{"increment pays the lag back", Limits{WTime: 100 * ms, WInc: 10 * ms, MovesToGo: 0}, board.White, (50*ms/30 + 7500*time.Microsecond) / 2, 25 * ms, true},
		{"last move of control", Limits{BTime: 2 * time.Second, MovesToGo: 1}, board.Black, 975 * ms, 1950 * ms, true},
		{"flag down", Limits{WTime: 0, BTime: time.Second}, board.White, 0, 0, true},
		{"custom overhead", Limits{WTime: 3200 * ms, MoveOverhead: 200 * ms}, board.White, 2620 * ms / 30 / 2, 4 * (2620 * ms / 30), true},
		{"ponder keeps the budget", Limits{WTime: 3050 * ms, Ponder: NewPonderSignal()}, board.White, 2905 * ms / 30 / 2, 4 * (2905 * ms / 30), true},
	}
	for _, tc := range tests {
		soft, hard, timed := TimeBudget(tc.lim, tc.side)
		if soft != tc.soft || hard != tc.hard || timed != tc.timed {
			t.Errorf("%s: got soft %v hard %v timed %v, want %v %v %v", tc.name, soft, hard, timed, tc.soft, tc.hard, tc.timed)
		}
	}
}

// TestTimeBudgetNeverOversteps checks over a grid of clocks that the hard
// limit leaves the move overhead (or half the clock) in reserve, so a search
// cannot lose on time, and that soft <= hard.
func TestTimeBudgetNeverOversteps(t *testing.T) {
	ms := time.Millisecond
	clocks := []time.Duration{1 * ms, 10 * ms, 49 * ms, 50 * ms, 100 * ms, 999 * ms, 5 * time.Second, 3 * time.Minute, 2 * time.Hour}
	incs := []time.Duration{0, 10 * ms, time.Second, 30 * time.Second}
	for _, c := range clocks {
		for _, inc := range incs {
			for _, mtg := range []int{0, 1, 2, 5, 40, 100} {
				for _, side := range []board.Color{board.White, board.Black} {
					lim := Limits{WTime: c, BTime: c, WInc: inc, BInc: inc, MovesToGo: mtg}
					soft, hard, timed := TimeBudget(lim, side)
					if !timed {
						t.Fatalf("%+v: not timed", lim)
					}
					reserve := min(DefaultMoveOverhead, c/2)
					if hard < 0 || hard > c-reserve || soft < 0 || soft > hard {
						t.Errorf("clock %v inc %v mtg %d: soft %v hard %v", c, inc, mtg, soft, hard)
					}
					if mtg != 1 && hard > (c-reserve)/2 {
						t.Errorf("clock %v inc %v mtg %d: hard %v uses more than half the clock", c, inc, mtg, hard)
					}
				}
			}
		}
	}
	for _, mt := range []time.Duration{1 * ms, 2 * ms, 10 * ms, 100 * ms, time.Minute} {
		soft, hard, _ := TimeBudget(Limits{MoveTime: mt}, board.White)
		if hard > mt || hard < mt-MoveTimeMargin || soft != hard {
			t.Errorf("movetime %v: soft %v hard %v", mt, soft, hard)
		}
	}
}

// TestStopAfterIteration drives the soft limit with synthetic iterations
// on a manager whose clock started 150 ms ago with a 100 ms soft budget:
// a stable best move that takes most nodes stops (factor 0.6–0.7), one that
// changes every iteration continues (factor ≥ 2); pondering never stops
// until the hit; untimed searches never stop.
func TestStopAfterIteration(t *testing.T) {
	ms := time.Millisecond
	e2e4, d2d4, g1f3 := board.Move(1), board.Move(2), board.Move(3) // opaque ids suffice
	lim := Limits{MoveTime: 0, WTime: 100 * time.Second, MovesToGo: 1}
	newTM := func(lim Limits) *timeManager {
		var tm timeManager
		tm.begin(lim, board.White, time.Now().Add(-150*ms))
		tm.soft, tm.hard = 100*ms, 10*time.Second
		return &tm
	}
	iter := func(tm *timeManager, depth int, best board.Move, score int, bestShare float64) bool {
		nodes := tm.prevNodes + 10000
		return tm.stopAfterIteration(iterationResult{depth: depth, score: score, best: best, nodes: nodes,
			bestNodes: uint64(bestShare * 10000), rootMoves: 20})
	}

	stable := newTM(lim)
	for d := 1; d < 8; d++ {
		iter(stable, d, e2e4, 20, 0.9)
	}
	if !iter(stable, 8, e2e4, 22, 0.9) {
		t.Error("stable best move at 150 ms of a 100 ms soft budget did not stop")
	}

	unstable := newTM(lim)
	moves := []board.Move{e2e4, d2d4, g1f3}
	stopped := false
	for d := 1; d <= 9; d++ {
		stopped = iter(unstable, d, moves[d%3], 20, 0.3)
	}
	if stopped {
		t.Errorf("best move changing every iteration stopped at 150 ms (factor %.2f)", 1+unstable.bestChanges)
	}

	falling := newTM(lim)
	iter(falling, 5, e2e4, 100, 0.5)
	if iter(falling, 6, e2e4, -20, 0.5) {
		t.Error("a score falling by more than a pawn did not extend the search")
	}

	p := NewPonderSignal()
	pondering := newTM(Limits{WTime: 100 * time.Second, Ponder: p})
	pondering.soft, pondering.hard = ms, 2*ms
	if iter(pondering, 10, e2e4, 0, 0.9) || pondering.outOfTime() {
		t.Error("a pondering search stopped before the hit")
	}
	p.Hit()
	time.Sleep(3 * ms)
	if !pondering.outOfTime() || !iter(pondering, 11, e2e4, 0, 0.9) {
		t.Error("after the hit the limits do not apply")
	}

	// A movetime search uses its time: a stable best move does not end it
	// before the hard limit (a clock search stops at 0.4 of its soft time).
	fixed := newTM(Limits{MoveTime: 200 * ms})
	fixed.soft, fixed.hard = 200*ms, 200*ms // 150 ms elapsed: a clock's factor 0.6 would stop at 120
	for d := 1; d <= 12; d++ {
		if iter(fixed, d, e2e4, 20, 1) {
			t.Fatalf("a movetime search with a stable best move stopped after depth %d at 150 ms of 200", d)
		}
	}
	atHard := newTM(Limits{MoveTime: 100 * ms})
	atHard.soft, atHard.hard = 100*ms, 100*ms // 150 ms elapsed: past it
	if !iter(atHard, 5, e2e4, 20, 0.95) {
		t.Error("a movetime search past its time started another iteration")
	}

	untimed := newTM(Limits{Depth: 5})
	untimed.timed = false
	if iter(untimed, 30, e2e4, 0, 1) || untimed.outOfTime() {
		t.Error("an untimed search stopped on time")
	}
}

// TestPonderSearch starts a pondering search with a 30 ms clock: it keeps
// thinking (time limits do not apply) until the hit, then stops by itself
// on its clock; a stop without hit ends it too. The deadlines are generous
// hang guards, not timing assertions.
func TestPonderSearch(t *testing.T) {
	pos, err := board.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(nil, DefaultParams(), 8)
	// js/wasm has no preemption: let the test's timers run while searching.
	s.Yield, s.YieldInterval = func() { time.Sleep(time.Millisecond) }, 4096
	sig := NewPonderSignal()
	done := make(chan Result, 1)
	go func() {
		done <- s.Search(context.Background(), pos, Limits{WTime: 30 * time.Millisecond, BTime: 30 * time.Millisecond, Ponder: sig}, nil)
	}()
	select {
	case r := <-done:
		t.Fatalf("pondering search returned before the hit: depth %d", r.Depth)
	case <-time.After(300 * time.Millisecond):
	}
	sig.Hit()
	select {
	case r := <-done:
		if r.Best == board.NoMove {
			t.Error("no move after ponderhit")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("search did not stop on its clock after ponderhit")
	}

	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		done <- s.Search(ctx, pos, Limits{WTime: 30 * time.Millisecond, Ponder: NewPonderSignal()}, nil)
	}()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case r := <-done:
		if r.Best == board.NoMove {
			t.Error("no move after stop")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("pondering search ignored cancellation")
	}
}
