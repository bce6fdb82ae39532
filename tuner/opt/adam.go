package opt

import (
	"errors"
	"fmt"
	"math"
)

// GradientTeller is implemented by optimizers that need the gradient of the
// fitness (∂f/∂x_i for every parameter) with each candidate: the runner calls
// TellGradient instead of Tell. grads[i] may be nil only for Known
// candidates.
type GradientTeller interface {
	TellGradient(fitness []float64, grads [][]float64) error
}

// adam is gradient ascent with Adam (Kingma and Ba) on the fitness, for the
// Texel loss whose gradient tuner/fitness computes. The iterate θ is kept in
// real weight units and each batch is the single point round(θ) clamped to
// the bounds; the step is LR·m̂/(√v̂ + 1e-12) with β1 = Beta1 (0.9) and
// β2 = Beta2 (0.999). Fixed parameters never move. It stops at the
// generation limit (default 500).
type adam struct {
	base
	Theta, M, V []float64
}

func (a *adam) setup() error {
	x := a.start()
	n := a.dim()
	a.Theta, a.M, a.V = make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range x {
		a.Theta[i] = float64(x[i])
	}
	a.Pending = []Candidate{{X: x}}
	return nil
}

func (a *adam) State() ([]byte, error) { return a.state(a) }

func (a *adam) validate() error {
	n := a.dim()
	if len(a.Theta) != n || len(a.M) != n || len(a.V) != n || len(a.Pending) != 1 {
		return errors.New("inconsistent dimensions")
	}
	return nil
}

// Tell is not enough for Adam: it needs the gradient.
func (a *adam) Tell([]float64) error {
	return fmt.Errorf("opt: adam: needs the fitness gradient (TellGradient)")
}

func (a *adam) TellGradient(fitness []float64, grads [][]float64) error {
	if len(grads) != len(a.Pending) || len(grads[0]) != a.dim() {
		return fmt.Errorf("opt: adam: want one gradient of %d entries per candidate", a.dim())
	}
	for _, g := range grads[0] {
		if math.IsNaN(g) || math.IsInf(g, 0) {
			return fmt.Errorf("opt: adam: gradient entry %v", g)
		}
	}
	if _, err := a.accept(fitness); err != nil {
		return err
	}
	b1, b2, lr := a.Cfg.Beta1, a.Cfg.Beta2, a.Cfg.LR
	t := float64(a.Gen)
	c1 := 1 - dpow(b1, t)
	c2 := 1 - dpow(b2, t)
	x := make([]int32, a.dim())
	for i, s := range a.Cfg.Specs {
		g := grads[0][i]
		a.M[i] = float64(b1*a.M[i]) + float64((1-b1)*g)
		a.V[i] = float64(b2*a.V[i]) + float64(float64((1-b2)*g)*g)
		if s.Max > s.Min {
			mh, vh := a.M[i]/c1, a.V[i]/c2
			a.Theta[i] += float64(lr*mh) / (math.Sqrt(vh) + 1e-12)
			a.Theta[i] = math.Max(float64(s.Min), math.Min(float64(s.Max), a.Theta[i]))
		}
		x[i] = int32(s.Clamp(int(math.Round(a.Theta[i]))))
	}
	a.Pending = []Candidate{{X: x}}
	return nil
}
