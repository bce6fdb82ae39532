package opt

import (
	"bytes"
	"fmt"
)

// ga is David et al.'s generational GA over Gray-coded bit strings.
type ga struct {
	base
	// Chrom holds the chromosome of each pending candidate (one byte per bit).
	Chrom  [][]byte
	layout Layout
}

func (g *ga) setup() error {
	l, err := NewLayout(g.Cfg.Specs)
	if err != nil {
		return fmt.Errorf("opt: ga: %w", err)
	}
	g.layout = l
	for i := 0; i < g.Cfg.Pop; i++ {
		var c []byte
		if i < len(g.Cfg.Init) {
			c = l.Encode(g.clamp(g.Cfg.Init[i]))
		} else {
			c = make([]byte, l.Total)
			for k := range c {
				c[k] = byte(g.rng.Uint32() & 1)
			}
		}
		g.Chrom = append(g.Chrom, c)
		g.Pending = append(g.Pending, Candidate{X: l.Decode(c)})
	}
	return nil
}

func (g *ga) State() ([]byte, error) { return g.state(g) }

func (g *ga) Tell(fitness []float64) error {
	pop, err := g.accept(fitness)
	if err != nil {
		return err
	}
	if !g.running() {
		g.Pending = pop
		return nil
	}
	order := sortedByFitness(pop)
	weights := g.selectionWeights(pop, order)
	n := g.Cfg.Pop
	next := make([]Candidate, 0, n)
	chrom := make([][]byte, 0, n)
	for _, i := range order[:g.Cfg.Elite] {
		next = append(next, g.keep(pop[i]))
		chrom = append(chrom, bytes.Clone(g.Chrom[i]))
	}
	for len(next) < n {
		p1, p2 := g.pick(pop, weights), g.pick(pop, weights)
		c1, c2 := bytes.Clone(g.Chrom[p1]), bytes.Clone(g.Chrom[p2])
		if g.rng.Float64() < g.Cfg.CrossoverRate {
			for k := range c1 {
				if g.rng.Uint32()&1 == 1 {
					c1[k], c2[k] = c2[k], c1[k]
				}
			}
		}
		for _, c := range [][]byte{c1, c2} {
			if len(next) == n {
				break
			}
			for k := range c {
				if g.rng.Float64() < g.Cfg.MutationRate {
					c[k] ^= 1
				}
			}
			cand := Candidate{X: g.layout.Decode(c)}
			// Lazy fitness: a child identical to a parent inherits its score.
			for _, p := range []int{p1, p2} {
				if bytes.Equal(c, g.Chrom[p]) {
					cand = g.keep(pop[p])
					break
				}
			}
			next = append(next, cand)
			chrom = append(chrom, c)
		}
	}
	g.Pending, g.Chrom = next, chrom
	return nil
}

// keep carries a scored individual into the next batch: Known unless the
// fitness is relative.
func (g *ga) keep(c Candidate) Candidate {
	c = c.Clone()
	c.Known = !g.Cfg.Relative
	return c
}

// selectionWeights returns the selection weight of each individual (for
// tournament selection, nil).
func (g *ga) selectionWeights(pop []Candidate, order []int) []float64 {
	n := len(pop)
	w := make([]float64, n)
	switch g.Cfg.Selection {
	case "tournament":
		return nil
	case "rank":
		for r, i := range order {
			w[i] = float64(n - r)
		}
		return w
	}
	lo, hi := pop[order[n-1]].Fitness, pop[order[0]].Fitness
	shift := 0.0
	if lo < 0 {
		shift = -lo + (hi-lo)/float64(n)
	}
	for i, c := range pop {
		w[i] = c.Fitness + shift
	}
	return w
}

// pick selects one parent index.
func (g *ga) pick(pop []Candidate, w []float64) int {
	if w == nil {
		a, b := g.rng.IntN(len(pop)), g.rng.IntN(len(pop))
		if pop[b].Fitness > pop[a].Fitness {
			return b
		}
		return a
	}
	return roulette(g.rng.Float64(), w)
}

// roulette returns the index chosen by u in [0, 1) with probability
// proportional to w; all-zero weights give a uniform choice.
func roulette(u float64, w []float64) int {
	total := 0.0
	for _, x := range w {
		total += x
	}
	if total <= 0 {
		return int(u * float64(len(w)))
	}
	r := float64(u * total)
	acc := 0.0
	for i, x := range w {
		acc += x
		if r < acc {
			return i
		}
	}
	return len(w) - 1
}
