package opt

import (
	"math"
	"slices"
)

// Hooke-Jeeves phases.
const (
	hjStart      = iota // evaluating x(0)
	hjExplore           // exploratory search around the base x(k)
	hjPattern           // evaluating the pattern point x_p(k+1)
	hjExplorePat        // exploratory search around the pattern point
	hjDone
)

// hookeJeeves is Algorithm 3 of Vázquez-Fernández et al. (after Deb): an
// exploratory search varies one parameter at a time by ±Δ_i around the
// current point, keeping improvements; after a successful exploration a
// pattern move x_p = x(k) + (x(k) - x(k-1)) is tried and explored around; when
// an exploration fails the increments are divided by α, and the search stops
// when ‖Δ‖∞ < ε. Steps are rounded to integers (at least 1) and Δ is
// reduced until the rounded step changes, so no exploration is ever
// repeated. Each batch holds the two points x+Δ_i·e_i and x-Δ_i·e_i of one
// coordinate (the better one is kept if it beats the current point), so one
// generation is one coordinate step or one pattern point.
type hookeJeeves struct {
	base
	Phase  int
	Base   []int32 // x(k)
	FBase  float64
	Prev   []int32 // x(k-1)
	Cur    []int32 // the exploration's current point
	FCur   float64
	Coord  int
	Delta  float64
	Improv bool // the current exploration improved on its start
}

func (h *hookeJeeves) setup() error {
	h.Delta = h.Cfg.Delta
	h.Base = h.start()
	h.Phase = hjStart
	h.Pending = []Candidate{{X: slices.Clone(h.Base)}}
	return nil
}

func (h *hookeJeeves) State() ([]byte, error) { return h.state(h) }

func (h *hookeJeeves) step() int32 {
	return int32(max(1, int(math.Round(h.Delta))))
}

func (h *hookeJeeves) Tell(fitness []float64) error {
	scored, err := h.accept(fitness)
	if err != nil {
		return err
	}
	switch h.Phase {
	case hjStart:
		h.FBase = scored[0].Fitness
		h.Prev = slices.Clone(h.Base)
		h.beginExplore(h.Base, h.FBase, hjExplore)
	case hjPattern:
		h.beginExplore(scored[0].X, scored[0].Fitness, hjExplorePat)
	case hjExplore, hjExplorePat:
		for _, c := range scored {
			if c.Fitness > h.FCur {
				h.Cur, h.FCur = slices.Clone(c.X), c.Fitness
				h.Improv = true
			}
		}
		h.Coord++
	}
	h.advance()
	if h.Phase == hjDone {
		h.Pending = []Candidate{{X: slices.Clone(h.Base), Fitness: h.FBase, Known: true}}
	}
	return nil
}

func (h *hookeJeeves) beginExplore(x []int32, f float64, phase int) {
	h.Cur, h.FCur = slices.Clone(x), f
	h.Coord = 0
	h.Improv = false
	h.Phase = phase
}

// advance moves through the steps that need no evaluation and sets Pending
// to the next batch.
func (h *hookeJeeves) advance() {
	for {
		if h.Phase == hjDone {
			return
		}
		if h.Phase == hjPattern {
			return // Pending already set
		}
		// Exploration: find the next coordinate that can move.
		for h.Coord < h.dim() {
			batch := h.neighbours(h.Coord)
			if len(batch) > 0 {
				h.Pending = batch
				return
			}
			h.Coord++
		}
		// Exploration finished (steps 3 and 7).
		success := h.FCur > h.FBase
		if success {
			h.Prev, h.Base, h.FBase = h.Base, slices.Clone(h.Cur), h.FCur
			xp := make([]int32, h.dim())
			for i := range xp {
				xp[i] = 2*h.Base[i] - h.Prev[i]
			}
			xp = h.clamp(xp)
			h.Phase = hjPattern
			if slices.Equal(xp, h.Base) {
				// The pattern point is the base itself: explore around it.
				h.beginExplore(h.Base, h.FBase, hjExplorePat)
				continue
			}
			h.Pending = []Candidate{{X: xp}}
			return
		}
		// Step 4: termination or reduction, then explore around the base.
		// Steps are rounded to integers (at least 1), so Δ is divided until
		// the integer step changes: an exploration around the same base
		// with the same integer step would repeat the failed one exactly.
		failed := h.step()
		for {
			if h.Delta < h.Cfg.Epsilon {
				h.Phase = hjDone
				h.Stop = "hooke-jeeves converged: step below epsilon"
				return
			}
			h.Delta /= h.Cfg.Alpha
			if h.step() != failed {
				break
			}
		}
		h.beginExplore(h.Base, h.FBase, hjExplore)
	}
}

// neighbours returns the points Cur ± step·e_i that differ from Cur.
func (h *hookeJeeves) neighbours(i int) []Candidate {
	var out []Candidate
	for _, sign := range []int32{1, -1} {
		x := slices.Clone(h.Cur)
		x[i] += sign * h.step()
		x = h.clamp(x)
		if x[i] != h.Cur[i] {
			out = append(out, Candidate{X: x})
		}
	}
	return out
}
