package opt

import (
	"fmt"
	"testing"
)

// TestHookeJeevesNoRepeatedExploration checks that Hooke-Jeeves never
// explores twice around the same point with the same integer step: on a
// flat function every exploration fails, so each batch must be new, and the
// run is one exploration per distinct rounded step (30, 15, 8, 4, 2, 1),
// whatever epsilon (an ε far below the integer resolution used to repeat
// the step-1 exploration many times).
func TestHookeJeevesNoRepeatedExploration(t *testing.T) {
	flat := func([]int32) float64 { return 0 }
	ridge := func(x []int32) float64 { return -float64(x[0]%7) - float64(x[1]%5) } // plateaus and steps
	for _, tc := range []struct {
		name    string
		f       func([]int32) float64
		epsilon float64
	}{{"flat", flat, 0.5}, {"flat-small-epsilon", flat, 0.001}, {"ridge", ridge, 0.5}, {"ridge-small-epsilon", ridge, 0.001}} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := conf("hooke-jeeves", specs(3, -200, 200, 0), func(c *Config) {
				c.Init, c.Epsilon = [][]int32{{0, 0, 0}}, tc.epsilon
			})
			o, err := New("hooke-jeeves", cfg)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]int{}
			for g := 0; ; g++ {
				if d, _ := o.Done(); d {
					break
				}
				cands := o.Ask()
				h := o.(*hookeJeeves)
				if h.Phase == hjExplore || h.Phase == hjExplorePat {
					key := fmt.Sprint(h.Cur, h.step(), cands)
					if prev, ok := seen[key]; ok {
						t.Fatalf("generation %d repeats the exploration batch of generation %d: around %v with step %d", g, prev, h.Cur, h.step())
					}
					seen[key] = g
				}
				fit := make([]float64, len(cands))
				for i, c := range cands {
					fit[i] = tc.f(c.X)
				}
				if err := o.Tell(fit); err != nil {
					t.Fatal(err)
				}
				if g > 10000 {
					t.Fatal("no convergence")
				}
			}
			if tc.f == nil || tc.name[:4] == "flat" {
				// 1 start evaluation + 6 steps (30, 15, 8, 4, 2, 1) × 3 coordinates.
				if got, want := o.Generation(), 1+6*3; got != want {
					t.Fatalf("%d generations on a flat function, want %d", got, want)
				}
			}
		})
	}
}
