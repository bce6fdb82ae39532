package opt

import (
	"slices"
	"testing"
)

// TestRefit checks that Refit replaces every stored fitness (Known pending
// candidates, the best, history-ea's archive, kept best first) by the new
// function's value, and that the optimizers without it do not claim it.
func TestRefit(t *testing.T) {
	sum := func(x []int32) float64 {
		s := 0.0
		for _, v := range x {
			s += float64(v)
		}
		return s
	}
	neg := func(x []int32) float64 { return -sum(x) }
	for _, tc := range []struct {
		algo  string
		refit bool
	}{
		{"ga", true}, {"ep", true}, {"history-ea", true},
		{"hooke-jeeves", false}, {"mnc", false}, {"cmaes", false}, {"de", false}, {"pso", false}, {"texel", false}, {"adam", false},
	} {
		t.Run(tc.algo, func(t *testing.T) {
			o, err := New(tc.algo, Config{Specs: specs(4, 0, 63, 6), Seed: 2, Pop: 10, Generations: 20, HistoryPr: 0.5, HistorySize: 4})
			if err != nil {
				t.Fatal(err)
			}
			rf, ok := o.(Refitter)
			if ok != tc.refit {
				t.Fatalf("Refitter %v, want %v", ok, tc.refit)
			}
			if !ok {
				return
			}
			for range 5 {
				cands := o.Ask()
				fit := make([]float64, len(cands))
				for i, c := range cands {
					fit[i] = sum(c.X)
				}
				if err := o.Tell(fit); err != nil {
					t.Fatal(err)
				}
			}
			rf.Refit(neg)
			known := 0
			for _, c := range o.Ask() {
				if c.Known {
					known++
					if c.Fitness != neg(c.X) {
						t.Fatalf("known candidate %v has fitness %g, want %g", c.X, c.Fitness, neg(c.X))
					}
				}
			}
			if known == 0 {
				t.Fatal("no known candidate to re-score")
			}
			if b, ok := o.Best(); !ok || b.Fitness != neg(b.X) {
				t.Fatalf("best %v fitness %g, want %g", b.X, b.Fitness, neg(b.X))
			}
			if e, ok := o.(*ep); ok && e.Algo == "history-ea" {
				if len(e.Archive) == 0 {
					t.Fatal("empty archive")
				}
				for i, c := range e.Archive {
					if c.Fitness != neg(c.X) || i > 0 && e.Archive[i-1].Fitness < c.Fitness {
						t.Fatalf("archive entry %d: %v fitness %g", i, c.X, c.Fitness)
					}
				}
			}
		})
	}
}

func TestHallOfFameRefit(t *testing.T) {
	h := HallOfFame{Size: 3}
	h.Update([]Candidate{{X: []int32{1}, Fitness: 3}, {X: []int32{2}, Fitness: 2}, {X: []int32{3}, Fitness: 1}})
	h.Refit(func(x []int32) float64 { return float64(x[0] % 3) })
	var got [][]int32
	for _, e := range h.Entries {
		got = append(got, e.X)
	}
	// New fitness 1, 2, 0: order 2, 1, 3.
	if want := [][]int32{{2}, {1}, {3}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("order %v, want %v", got, want)
	}
}
