package opt

import (
	"math"
	"slices"
)

// ep is Vázquez-Fernández et al.'s evolutionary programming, and with
// Algo == "history-ea" Prasad et al.'s history mechanism on top of it.
type ep struct {
	base
	// Archive holds the best players that left the population (history-ea).
	Archive []Candidate
}

func (e *ep) setup() error {
	for _, x := range e.initial(e.Cfg.Pop) {
		e.Pending = append(e.Pending, Candidate{X: x})
	}
	return nil
}

func (e *ep) State() ([]byte, error) { return e.state(e) }

func (e *ep) Tell(fitness []float64) error {
	pop, err := e.accept(fitness)
	if err != nil {
		return err
	}
	if !e.running() {
		e.Pending = pop
		return nil
	}
	order := sortedByFitness(pop)
	half := e.Cfg.Pop / 2
	next := make([]Candidate, 0, e.Cfg.Pop)
	for _, i := range order[:half] {
		c := pop[i].Clone()
		c.Known = !e.Cfg.Relative
		next = append(next, c)
	}
	if e.Algo == "history-ea" {
		e.updateArchive(pop, order[half:])
	}
	for i := half; i < e.Cfg.Pop; i++ {
		if e.Algo == "history-ea" && len(e.Archive) > 0 && e.rng.Float64() < e.Cfg.HistoryPr {
			c := e.Archive[e.rng.IntN(len(e.Archive))].Clone()
			c.Known = !e.Cfg.Relative
			next = append(next, c)
			continue
		}
		parent := next[i-half]
		child := e.mutate(parent.X)
		if slices.Equal(child, parent.X) {
			c := parent.Clone()
			next = append(next, c)
			continue
		}
		next = append(next, Candidate{X: child})
	}
	e.Pending = next
	return nil
}

// mutate applies Michalewicz's non-uniform mutation to every free parameter:
// x' = x + Δ(t, Max - x) or x - Δ(t, x - Min) with equal probability, where
// Δ(t, y) = y·(1 - r^((1 - t/T)^b)), t the generation and T the generation
// limit.
func (e *ep) mutate(x []int32) []int32 {
	out := slices.Clone(x)
	t, T := float64(e.Gen), float64(e.Cfg.Generations)
	frac := 1.0
	if T > 0 {
		frac = math.Max(0, 1-t/T)
	}
	expo := dpow(frac, e.Cfg.MutationB)
	for i, s := range e.Cfg.Specs {
		if s.Max == s.Min {
			continue
		}
		up := e.rng.Uint32()&1 == 1
		r := e.rng.Float64()
		shrink := 1 - dpow(r, expo)
		v := float64(x[i])
		if up {
			v += float64(float64(s.Max)-v) * shrink
		} else {
			v -= float64(v-float64(s.Min)) * shrink
		}
		out[i] = int32(s.Clamp(int(math.Round(v))))
	}
	return out
}

// updateArchive adds the players that left the population (indices left) to
// the archive, keeping the HistorySize best distinct ones.
func (e *ep) updateArchive(pop []Candidate, left []int) {
	h := HallOfFame{Size: e.Cfg.HistorySize, Entries: e.Archive}
	gone := make([]Candidate, 0, len(left))
	for _, i := range left {
		gone = append(gone, pop[i])
	}
	h.Update(gone)
	e.Archive = h.Entries
}
