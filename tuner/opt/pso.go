package opt

import "slices"

// pso is global-best particle swarm optimisation with Clerc's constriction
// coefficients (inertia 0.7298, c1 = c2 = 1.49618) in the unit cube:
// v ← w·v + c1·r1·(p - x) + c2·r2·(g - x), |v_i| <= VMax, x ← x + v clamped
// to [0, 1] (velocity zeroed at a wall). Particles start uniformly with zero
// velocity; the candidates are the positions rounded to integers.
type pso struct {
	base
	Pos   [][]float64
	Vel   [][]float64
	PBest []Candidate
	GBest Candidate
	Has   bool
}

func (p *pso) setup() error {
	dim := p.dim()
	for _, x := range p.initial(p.Cfg.Pop) {
		u := make([]float64, dim)
		for i := range u {
			u[i] = p.toUnit(i, x[i])
		}
		p.Pos = append(p.Pos, u)
		p.Vel = append(p.Vel, make([]float64, dim))
	}
	p.setPending()
	return nil
}

func (p *pso) State() ([]byte, error) { return p.state(p) }

func (p *pso) setPending() {
	p.Pending = p.Pending[:0]
	for _, u := range p.Pos {
		x := make([]int32, p.dim())
		for i := range x {
			x[i] = p.fromUnit(i, u[i])
		}
		p.Pending = append(p.Pending, Candidate{X: x})
	}
}

func (p *pso) Tell(fitness []float64) error {
	scored, err := p.accept(fitness)
	if err != nil {
		return err
	}
	for k, c := range scored {
		if k >= len(p.PBest) {
			p.PBest = append(p.PBest, c.Clone())
		} else if c.Fitness > p.PBest[k].Fitness {
			p.PBest[k] = c.Clone()
		}
		if !p.Has || c.Fitness > p.GBest.Fitness {
			p.GBest, p.Has = c.Clone(), true
		}
	}
	if !p.running() {
		p.Pending = slices.Clone(p.PBest)
		return nil
	}
	w, c1, c2, vmax := p.Cfg.Inertia, p.Cfg.C1, p.Cfg.C2, p.Cfg.VMax
	for k := range p.Pos {
		for i := range p.Pos[k] {
			x := p.Pos[k][i]
			pb, gb := p.toUnit(i, p.PBest[k].X[i]), p.toUnit(i, p.GBest.X[i])
			r1, r2 := p.rng.Float64(), p.rng.Float64()
			v := float64(w*p.Vel[k][i]) + float64(float64(c1*r1)*(pb-x)) + float64(float64(c2*r2)*(gb-x))
			v = min(vmax, max(-vmax, v))
			x += v
			if x < 0 || x > 1 {
				x = min(1, max(0, x))
				v = 0
			}
			p.Pos[k][i], p.Vel[k][i] = x, v
		}
	}
	p.setPending()
	return nil
}
