package search

import (
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
		{"movetime", Limits{MoveTime: time.Second}, board.White, 950 * ms, 950 * ms, true},
		{"tiny movetime keeps half", Limits{MoveTime: 20 * ms}, board.Black, 10 * ms, 10 * ms, true},
		{"sudden death white", Limits{WTime: 60 * time.Second, BTime: time.Second}, board.White, 59950 * ms / 30 / 2, 3 * (59950 * ms / 30), true},
		{"sudden death black", Limits{WTime: 60 * time.Second, BTime: 3050 * ms}, board.Black, 50 * ms, 300 * ms, true},
		{"increment", Limits{WTime: 10 * time.Second, WInc: time.Second}, board.White, (9950*ms/30 + 750*ms) / 2, 3 * (9950*ms/30 + 750*ms), true},
		{"last move of control", Limits{BTime: 2 * time.Second, MovesToGo: 1}, board.Black, 975 * ms, 1950 * ms, true},
		{"flag down", Limits{WTime: 0, BTime: time.Second}, board.White, 0, 0, true},
		{"custom overhead", Limits{MoveTime: time.Second, MoveOverhead: 200 * ms}, board.White, 800 * ms, 800 * ms, true},
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
}
