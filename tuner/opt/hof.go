package opt

import (
	"math"
	"slices"

	"github.com/evochess/evochess/engine/param"
)

// HallOfFame keeps the Size best distinct candidates seen (DEAP's
// tools.HallOfFame). Ties keep the earlier entry first, so its content is
// deterministic.
type HallOfFame struct {
	Size    int         `json:"size"`
	Entries []Candidate `json:"entries"`
}

// Update offers scored candidates to the hall of fame.
func (h *HallOfFame) Update(cands []Candidate) {
	for _, c := range cands {
		if h.Size <= 0 {
			return
		}
		dup := false
		for _, e := range h.Entries {
			if slices.Equal(e.X, c.X) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		pos := len(h.Entries)
		for pos > 0 && h.Entries[pos-1].Fitness < c.Fitness {
			pos--
		}
		if pos >= h.Size {
			continue
		}
		c = c.Clone()
		c.Known = true
		h.Entries = slices.Insert(h.Entries, pos, c)
		if len(h.Entries) > h.Size {
			h.Entries = h.Entries[:h.Size]
		}
	}
}

// Refit re-scores every entry with f (after the fitness function changed)
// and restores the order, best first; ties keep their previous order.
func (h *HallOfFame) Refit(f func(x []int32) float64) {
	for i := range h.Entries {
		h.Entries[i].Fitness = f(h.Entries[i].X)
	}
	slices.SortStableFunc(h.Entries, func(a, b Candidate) int {
		switch {
		case a.Fitness > b.Fitness:
			return -1
		case a.Fitness < b.Fitness:
			return 1
		}
		return 0
	})
}

// Diversity returns the population diversity used in logs: the mean over
// free parameters of the standard deviation of x_i divided by the parameter's
// range (0 for identical individuals, about 0.29 for uniform random ones).
func Diversity(specs []param.Spec, cands []Candidate) float64 {
	if len(cands) < 2 {
		return 0
	}
	sum, n := 0.0, 0
	for i, s := range specs {
		if s.Max == s.Min {
			continue
		}
		var mean float64
		for _, c := range cands {
			mean += float64(c.X[i])
		}
		mean /= float64(len(cands))
		var v float64
		for _, c := range cands {
			d := float64(c.X[i]) - mean
			v += float64(d * d)
		}
		v /= float64(len(cands))
		sum += math.Sqrt(v) / float64(s.Max-s.Min)
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}
