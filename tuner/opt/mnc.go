package opt

import "slices"

// mnc is multi-niche crowding (Cedeño et al.) as used by Phoenix
// (Aralikkatte and Srinivasaraghavan). Each generation every individual A of
// the population mates with M, the phenotypically closest (Distance) of Cs
// individuals drawn at random with replacement (A itself excluded); the child
// is A×M by uniform crossover (probability CrossoverRate, else a copy of A)
// followed by reset mutation (each gene, with probability MutationRate, gets a
// uniform random value in its bounds). The batch is population + children,
// so relative (tournament) fitness compares them in one round robin. Then each
// child in turn replaces the worst among the most similar: Cf groups of S
// individuals are drawn at random with replacement, the most similar member
// of each group is a candidate, and the candidate with the lowest fitness
// dies, even if the child is worse.
//
// Stop rules (Phoenix): the generation limit (1000), the best chromosome
// unchanged for StallGens generations, or changing by less than SlowRate for
// SlowGens generations.
type mnc struct {
	base
	Pop      []Candidate
	LastBest []int32
	Stalled  int
	Slow     int
}

func (m *mnc) setup() error {
	for _, x := range m.initial(m.Cfg.Pop) {
		m.Pop = append(m.Pop, Candidate{X: x})
	}
	m.breed()
	return nil
}

func (m *mnc) State() ([]byte, error) { return m.state(m) }

// breed sets Pending to population + one child per individual.
func (m *mnc) breed() {
	n := len(m.Pop)
	batch := make([]Candidate, 0, 2*n)
	for _, c := range m.Pop {
		c = c.Clone()
		if m.Cfg.Relative {
			c.Known = false
		}
		batch = append(batch, c)
	}
	for a := range m.Pop {
		mate, best := -1, 0.0
		for k := 0; k < m.Cfg.Cs; k++ {
			j := m.rng.IntN(n - 1)
			if j >= a {
				j++
			}
			d := Distance(m.Cfg.Specs, m.Pop[a].X, m.Pop[j].X)
			if mate < 0 || d < best {
				mate, best = j, d
			}
		}
		child := slices.Clone(m.Pop[a].X)
		if m.rng.Float64() < m.Cfg.CrossoverRate {
			for i := range child {
				if m.rng.Uint32()&1 == 1 {
					child[i] = m.Pop[mate].X[i]
				}
			}
		}
		for i, s := range m.Cfg.Specs {
			if s.Max > s.Min && m.rng.Float64() < m.Cfg.MutationRate {
				child[i] = int32(s.Min + m.rng.IntN(s.Max-s.Min+1))
			}
		}
		batch = append(batch, Candidate{X: child})
	}
	m.Pending = batch
}

func (m *mnc) Tell(fitness []float64) error {
	scored, err := m.accept(fitness)
	if err != nil {
		return err
	}
	n := len(m.Pop)
	m.Pop = scored[:n:n]
	for _, child := range scored[n:] {
		victim, vf := -1, 0.0
		for g := 0; g < m.Cfg.Cf; g++ {
			near, nd := -1, 0.0
			for k := 0; k < m.Cfg.S; k++ {
				j := m.rng.IntN(n)
				d := Distance(m.Cfg.Specs, child.X, m.Pop[j].X)
				if near < 0 || d < nd {
					near, nd = j, d
				}
			}
			if victim < 0 || m.Pop[near].Fitness < vf {
				victim, vf = near, m.Pop[near].Fitness
			}
		}
		m.Pop[victim] = child.Clone()
	}
	// The best of the population and the stop rules.
	bi := sortedByFitness(m.Pop)[0]
	best := m.Pop[bi]
	if m.Cfg.Relative {
		m.BestC, m.HasBest = best.Clone(), true
	}
	if m.LastBest != nil {
		if slices.Equal(best.X, m.LastBest) {
			m.Stalled++
		} else {
			m.Stalled = 0
		}
		var change, total float64
		for i, s := range m.Cfg.Specs {
			d := int(best.X[i]) - int(m.LastBest[i])
			if d < 0 {
				d = -d
			}
			change += float64(d)
			total += float64(s.Max - s.Min)
		}
		if total > 0 && change/total < m.Cfg.SlowRate {
			m.Slow++
		} else {
			m.Slow = 0
		}
	}
	m.LastBest = slices.Clone(best.X)
	switch {
	case m.Cfg.StallGens > 0 && m.Stalled >= m.Cfg.StallGens:
		m.Stop = "mnc: best unchanged for stall_gens generations"
	case m.Cfg.SlowGens > 0 && m.Slow >= m.Cfg.SlowGens:
		m.Stop = "mnc: best changed by less than slow_rate for slow_gens generations"
	}
	if m.running() {
		m.breed()
	} else {
		m.Pending = slices.Clone(m.Pop)
	}
	return nil
}
