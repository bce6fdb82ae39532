package opt

import (
	"math"
)

// cmaes is the (μ/μ_w, λ) covariance matrix adaptation evolution strategy
// following Hansen's tutorial ("The CMA Evolution Strategy: A Tutorial",
// default strategy parameters, cumulative step-size adaptation, rank-one and
// rank-μ updates). It works in the unit cube of the free parameters
// (u_i = (x_i - Min_i)/(Max_i - Min_i)); samples are rounded to the nearest
// integer in bounds, and the update uses the evaluated (rounded, clamped)
// points. The eigendecomposition C = B·D²·Bᵀ is recomputed with cyclic
// Jacobi rotations every EigenEvery generations (the tutorial's lazy update).
// The run stops when σ·max(D) falls below one integer step of the finest
// parameter range / 10.
type cmaes struct {
	base
	Free   []int       // indices of free parameters
	Mean   []float64   // m, unit cube
	Sigma  float64     // σ
	C      [][]float64 // covariance
	B      [][]float64 // eigenvectors (columns)
	D      []float64   // sqrt of eigenvalues
	Pc, Ps []float64
	Eigen  int         // generation of the last decomposition
	Y      [][]float64 // pending samples (unit cube, after rounding), rows
}

func (c *cmaes) setup() error {
	for i, s := range c.Cfg.Specs {
		if s.Max > s.Min {
			c.Free = append(c.Free, i)
		}
	}
	n := len(c.Free)
	x0 := c.start()
	c.Mean = make([]float64, n)
	for k, i := range c.Free {
		c.Mean[k] = c.toUnit(i, x0[i])
	}
	c.Sigma = c.Cfg.Sigma0
	c.C, c.B = identity(n), identity(n)
	c.D = make([]float64, n)
	for i := range c.D {
		c.D[i] = 1
	}
	c.Pc, c.Ps = make([]float64, n), make([]float64, n)
	c.sample()
	return nil
}

func (c *cmaes) State() ([]byte, error) { return c.state(c) }

func identity(n int) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
		m[i][i] = 1
	}
	return m
}

// strategy returns the default strategy parameters for dimension n and λ.
type strategy struct {
	mu                         int
	w                          []float64
	mueff, cs, ds, cc, c1, cmu float64
	chiN                       float64
}

func (c *cmaes) strategy() strategy {
	n := float64(len(c.Free))
	lambda := c.Cfg.Pop
	st := strategy{mu: lambda / 2}
	st.w = make([]float64, st.mu)
	sum, sum2 := 0.0, 0.0
	for i := range st.w {
		st.w[i] = dlog(float64(st.mu)+0.5) - dlog(float64(i+1))
		sum += st.w[i]
	}
	for i := range st.w {
		st.w[i] /= sum
		sum2 += float64(st.w[i] * st.w[i])
	}
	st.mueff = 1 / sum2
	st.cs = (st.mueff + 2) / (n + st.mueff + 5)
	st.ds = 1 + 2*math.Max(0, math.Sqrt((st.mueff-1)/(n+1))-1) + st.cs
	st.cc = (4 + st.mueff/n) / (n + 4 + float64(2*st.mueff)/n)
	st.c1 = 2 / (float64((n+1.3)*(n+1.3)) + st.mueff)
	st.cmu = math.Min(1-st.c1, float64(2*(st.mueff-2+1/st.mueff))/(float64((n+2)*(n+2))+st.mueff))
	st.chiN = math.Sqrt(n) * (1 - 1/(4*n) + 1/float64(21*n*n))
	return st
}

// sample draws λ points x = m + σ·B·D·z and sets Pending.
func (c *cmaes) sample() {
	n := len(c.Free)
	c.Pending = c.Pending[:0]
	c.Y = c.Y[:0]
	x0 := c.start()
	for k := 0; k < c.Cfg.Pop; k++ {
		z := make([]float64, n)
		for i := range z {
			z[i] = float64(c.D[i] * normal(c.rng.Float64))
		}
		x := append([]int32(nil), x0...)
		y := make([]float64, n)
		for i := 0; i < n; i++ {
			v := 0.0
			for j := 0; j < n; j++ {
				v += float64(c.B[i][j] * z[j])
			}
			u := c.Mean[i] + float64(c.Sigma*v)
			x[c.Free[i]] = c.fromUnit(c.Free[i], u)
			y[i] = c.toUnit(c.Free[i], x[c.Free[i]])
		}
		c.Pending = append(c.Pending, Candidate{X: x})
		c.Y = append(c.Y, y)
	}
}

func (c *cmaes) Tell(fitness []float64) error {
	scored, err := c.accept(fitness)
	if err != nil {
		return err
	}
	n := len(c.Free)
	st := c.strategy()
	order := sortedByFitness(scored)
	old := append([]float64(nil), c.Mean...)
	for i := range c.Mean {
		v := 0.0
		for k := 0; k < st.mu; k++ {
			v += float64(st.w[k] * c.Y[order[k]][i])
		}
		c.Mean[i] = v
	}
	step := make([]float64, n) // (m' - m)/σ
	for i := range step {
		step[i] = (c.Mean[i] - old[i]) / c.Sigma
	}
	// C^{-1/2}·step = B·D^{-1}·Bᵀ·step
	bt := make([]float64, n)
	for j := 0; j < n; j++ {
		v := 0.0
		for i := 0; i < n; i++ {
			v += float64(c.B[i][j] * step[i])
		}
		bt[j] = v / c.D[j]
	}
	csn := math.Sqrt(float64(float64(st.cs*(2-st.cs)) * st.mueff))
	psNorm2 := 0.0
	for i := 0; i < n; i++ {
		v := 0.0
		for j := 0; j < n; j++ {
			v += float64(c.B[i][j] * bt[j])
		}
		c.Ps[i] = float64((1-st.cs)*c.Ps[i]) + float64(csn*v)
		psNorm2 += float64(c.Ps[i] * c.Ps[i])
	}
	psNorm := math.Sqrt(psNorm2)
	hden := math.Sqrt(1 - dpow(1-st.cs, float64(2*c.Gen)))
	hsig := 0.0
	if psNorm/hden/st.chiN < 1.4+2/(float64(n)+1) {
		hsig = 1
	}
	ccn := math.Sqrt(float64(float64(st.cc*(2-st.cc)) * st.mueff))
	for i := range c.Pc {
		c.Pc[i] = float64((1-st.cc)*c.Pc[i]) + float64(float64(hsig*ccn)*step[i])
	}
	keep := 1 - st.c1 - st.cmu
	corr := float64(float64((1-hsig)*st.cc) * (2 - st.cc))
	for i := 0; i < n; i++ {
		for j := 0; j <= i; j++ {
			rankMu := 0.0
			for k := 0; k < st.mu; k++ {
				yi := (c.Y[order[k]][i] - old[i]) / c.Sigma
				yj := (c.Y[order[k]][j] - old[j]) / c.Sigma
				rankMu += float64(st.w[k] * float64(yi*yj))
			}
			v := float64(keep*c.C[i][j]) +
				float64(st.c1*(float64(c.Pc[i]*c.Pc[j])+float64(corr*c.C[i][j]))) +
				float64(st.cmu*rankMu)
			c.C[i][j], c.C[j][i] = v, v
		}
	}
	c.Sigma *= dexp(float64((st.cs / st.ds) * (psNorm/st.chiN - 1)))
	every := max(1, int(1/(float64(float64(10*n)*(st.c1+st.cmu)))))
	if c.Gen-c.Eigen >= every {
		c.Eigen = c.Gen
		c.B, c.D = jacobiEigen(c.C)
	}
	finest := math.MaxFloat64
	for _, i := range c.Free {
		s := c.Cfg.Specs[i]
		finest = math.Min(finest, 1/float64(s.Max-s.Min))
	}
	maxD := 0.0
	for _, d := range c.D {
		maxD = math.Max(maxD, d)
	}
	if c.Sigma*maxD < finest/10 {
		c.Stop = "cmaes: step size below the integer resolution"
	}
	if c.running() {
		c.sample()
	}
	return nil
}

// jacobiEigen returns the eigenvectors (columns of B) and the square roots of
// the eigenvalues of the symmetric matrix a, by cyclic Jacobi rotations (a
// fixed, deterministic order of operations). Negative eigenvalues from
// rounding are floored at 1e-20.
func jacobiEigen(a [][]float64) ([][]float64, []float64) {
	n := len(a)
	m := make([][]float64, n)
	for i := range m {
		m[i] = append([]float64(nil), a[i]...)
	}
	v := identity(n)
	for sweep := 0; sweep < 60; sweep++ {
		off := 0.0
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				off += float64(m[i][j] * m[i][j])
			}
		}
		if off < 1e-30 {
			break
		}
		for p := 0; p < n; p++ {
			for q := p + 1; q < n; q++ {
				if math.Abs(m[p][q]) < 1e-300 {
					continue
				}
				theta := (m[q][q] - m[p][p]) / float64(2*m[p][q])
				t := 1 / (math.Abs(theta) + math.Sqrt(float64(theta*theta)+1))
				if theta < 0 {
					t = -t
				}
				cs := 1 / math.Sqrt(float64(t*t)+1)
				sn := float64(t * cs)
				for k := 0; k < n; k++ {
					mkp, mkq := m[k][p], m[k][q]
					m[k][p] = float64(cs*mkp) - float64(sn*mkq)
					m[k][q] = float64(sn*mkp) + float64(cs*mkq)
				}
				for k := 0; k < n; k++ {
					mpk, mqk := m[p][k], m[q][k]
					m[p][k] = float64(cs*mpk) - float64(sn*mqk)
					m[q][k] = float64(sn*mpk) + float64(cs*mqk)
				}
				for k := 0; k < n; k++ {
					vkp, vkq := v[k][p], v[k][q]
					v[k][p] = float64(cs*vkp) - float64(sn*vkq)
					v[k][q] = float64(sn*vkp) + float64(cs*vkq)
				}
			}
		}
	}
	d := make([]float64, n)
	for i := range d {
		d[i] = math.Sqrt(math.Max(m[i][i], 1e-20))
	}
	return v, d
}
