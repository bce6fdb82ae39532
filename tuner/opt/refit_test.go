package opt

import (
	"slices"
	"testing"
)

// TestRefit checks that every optimizer's Refit replaces every stored
// fitness (Known pending candidates, the best, history-ea's archive kept
// best first, MNC's and DE's populations, PSO's personal and global bests,
// the local searches' current and base points) by the new function's value.
func TestRefit(t *testing.T) {
	sum := func(x []int32) float64 {
		s := 0.0
		for _, v := range x {
			s += float64(v)
		}
		return s
	}
	neg := func(x []int32) float64 { return -sum(x) }
	for _, algo := range Algorithms() {
		t.Run(algo, func(t *testing.T) {
			cfg := conf(algo, specs(4, 0, 63, 6), func(c *Config) {
				c.Seed, c.Generations, c.Init = 2, 20, [][]int32{{30, 30, 30, 30}}
				if c.Pop > 0 {
					c.Pop = 10
				}
				c.HistoryPr, c.HistorySize, c.Step = 0.5, 4, 4
			})
			o, err := New(algo, cfg)
			if err != nil {
				t.Fatal(err)
			}
			for range 5 {
				cands := o.Ask()
				fit := make([]float64, len(cands))
				grads := make([][]float64, len(cands))
				for i, c := range cands {
					fit[i] = sum(c.X)
					grads[i] = []float64{1, 1, 1, 1}
				}
				if gt, ok := o.(GradientTeller); ok {
					err = gt.TellGradient(fit, grads)
				} else {
					err = o.Tell(fit)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			o.(Refitter).Refit(neg)
			check := func(what string, c Candidate) {
				t.Helper()
				if c.Fitness != neg(c.X) {
					t.Fatalf("%s %v has fitness %g, want %g", what, c.X, c.Fitness, neg(c.X))
				}
			}
			for _, c := range o.Ask() {
				if c.Known {
					check("known candidate", c)
				}
			}
			b, ok := o.Best()
			if !ok {
				t.Fatal("no best")
			}
			check("best", b)
			switch v := o.(type) {
			case *ep:
				if v.Algo == "history-ea" && len(v.Archive) == 0 {
					t.Fatal("empty archive")
				}
				for i, c := range v.Archive {
					check("archive entry", c)
					if i > 0 && v.Archive[i-1].Fitness < c.Fitness {
						t.Fatalf("archive entry %d out of order", i)
					}
				}
			case *mnc:
				for _, c := range v.Pop {
					check("population member", c)
				}
			case *de:
				for _, c := range v.Pop {
					check("target", c)
				}
			case *pso:
				for _, c := range v.PBest {
					check("personal best", c)
				}
				check("global best", v.GBest)
			case *hookeJeeves:
				check("base", Candidate{X: v.Base, Fitness: v.FBase})
				check("current point", Candidate{X: v.Cur, Fitness: v.FCur})
			case *texel:
				check("current point", Candidate{X: v.Cur, Fitness: v.FCur})
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
