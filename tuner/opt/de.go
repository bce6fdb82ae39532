package opt

import "slices"

// de is differential evolution DE/rand/1/bin (Storn and Price) in the unit
// cube: for each target i a mutant v = x_r1 + F·(x_r2 - x_r3) (r1, r2, r3
// distinct and != i) is crossed binomially with the target (rate CR, one
// coordinate always from v), rounded and clamped; the trial replaces the
// target when its fitness is at least the target's. The first batch is the
// initial population; then each batch holds the trials (and, for relative
// fitness, the targets first).
type de struct {
	base
	Pop     []Candidate
	Started bool
}

func (d *de) setup() error {
	for _, x := range d.initial(d.Cfg.Pop) {
		d.Pending = append(d.Pending, Candidate{X: x})
	}
	return nil
}

func (d *de) State() ([]byte, error) { return d.state(d) }

func (d *de) Tell(fitness []float64) error {
	scored, err := d.accept(fitness)
	if err != nil {
		return err
	}
	n := d.Cfg.Pop
	switch {
	case !d.Started:
		d.Started = true
		d.Pop = scored
	case d.Cfg.Relative:
		for i := 0; i < n; i++ {
			d.Pop[i] = scored[i]
			if scored[n+i].Fitness >= scored[i].Fitness {
				d.Pop[i] = scored[n+i]
			}
		}
	default:
		for i, t := range scored {
			if t.Fitness >= d.Pop[i].Fitness {
				d.Pop[i] = t
			}
		}
	}
	if !d.running() {
		d.Pending = slices.Clone(d.Pop)
		return nil
	}
	var batch []Candidate
	if d.Cfg.Relative {
		for _, c := range d.Pop {
			c = c.Clone()
			c.Known = false
			batch = append(batch, c)
		}
	}
	dim := d.dim()
	for i := 0; i < n; i++ {
		r := [3]int{}
		for k := 0; k < 3; k++ {
			for {
				j := d.rng.IntN(n)
				if j != i && (k < 1 || j != r[0]) && (k < 2 || j != r[1]) {
					r[k] = j
					break
				}
			}
		}
		jrand := d.rng.IntN(dim)
		trial := slices.Clone(d.Pop[i].X)
		for k := 0; k < dim; k++ {
			if k != jrand && d.rng.Float64() >= d.Cfg.CrossoverRate {
				continue
			}
			a, b, c := d.toUnit(k, d.Pop[r[0]].X[k]), d.toUnit(k, d.Pop[r[1]].X[k]), d.toUnit(k, d.Pop[r[2]].X[k])
			trial[k] = d.fromUnit(k, a+float64(d.Cfg.F*(b-c)))
		}
		batch = append(batch, Candidate{X: trial})
	}
	d.Pending = batch
	return nil
}
