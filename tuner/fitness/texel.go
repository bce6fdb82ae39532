package fitness

import (
	"fmt"
	"math"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/tuner/data"
)

// Texel is a sample of (position, game result) pairs compiled for one
// scheme, for the Texel tuning method's loss: the mean squared difference
// between the result (White's score: 1, 0.5, 0) and sigmoid(K·eval), where
// eval is the position's static evaluation in centipawns from White's point
// of view and sigmoid(x) = 1/(1+e^−x). The evaluation is linear in the
// weights, so each position is stored as its sparse feature counts and a
// loss is one dot product per position.
//
// Floating point is kept bit-identical across platforms: the exponential is
// computed here (expDet) with explicit float64 conversions around every
// product (no fused multiply-add), and sums run in a fixed order.
type Texel struct {
	scheme  eval.Scheme
	nparams int
	scale   int64
	end     []int32   // features of position i: ent[end[i-1]:end[i]]
	ent     []int64   // count<<16 | index
	result  []float64 // White's result
}

// CompileTexel compiles samples (FEN and side-to-move result) for scheme s.
func CompileTexel(s eval.Scheme, samples []data.Sample) (*Texel, error) {
	n := len(s.Params())
	if n > math.MaxUint16+1 || s.Scale() <= 0 {
		return nil, fmt.Errorf("fitness: scheme %s cannot be compiled (%d parameters, scale %d)", s.Name(), n, s.Scale())
	}
	t := &Texel{scheme: s, nparams: n, scale: int64(s.Scale()),
		end: make([]int32, 0, len(samples)), result: make([]float64, 0, len(samples))}
	dense := make([]int64, n)
	var fs []eval.Feature
	for i, smp := range samples {
		pos, err := board.ParseFEN(smp.FEN)
		if err != nil {
			return nil, fmt.Errorf("fitness: sample %d (game %d ply %d): %w", i, smp.Game, smp.Ply, err)
		}
		if smp.Result != 0 && smp.Result != 0.5 && smp.Result != 1 {
			return nil, fmt.Errorf("fitness: sample %d (game %d ply %d): result %v is not 0, 0.5 or 1", i, smp.Game, smp.Ply, smp.Result)
		}
		fs = s.Features(pos, fs[:0])
		for _, f := range fs {
			if f.Index < 0 || int(f.Index) >= n {
				return nil, fmt.Errorf("fitness: scheme %s: feature index %d out of range", s.Name(), f.Index)
			}
			dense[f.Index] += int64(f.Count)
		}
		for idx, v := range dense {
			if v == 0 {
				continue
			}
			if _, ok := fitCount(v); !ok {
				return nil, fmt.Errorf("fitness: sample %d: feature %d count %d out of range", i, idx, v)
			}
			t.ent = append(t.ent, v<<16|int64(idx))
			dense[idx] = 0
		}
		t.end = append(t.end, int32(len(t.ent)))
		r := smp.Result
		if pos.Side == board.Black {
			r = 1 - r
		}
		t.result = append(t.result, r)
	}
	return t, nil
}

// Positions returns the number of compiled positions.
func (t *Texel) Positions() int { return len(t.result) }

// Bytes returns the memory held by the compiled arrays.
func (t *Texel) Bytes() int { return len(t.end)*4 + len(t.ent)*8 + len(t.result)*8 }

// Eval returns position i's static evaluation in centipawns from White's
// point of view under weights w (as eval.Evaluator.White computes it).
func (t *Texel) Eval(w []int32, i int) int64 {
	return t.eval(widen(w), i)
}

func (t *Texel) eval(wl []int64, i int) int64 {
	k := int32(0)
	if i > 0 {
		k = t.end[i-1]
	}
	var d int64
	for _, e := range t.ent[k:t.end[i]] {
		d += wl[e&0xffff] * (e >> 16)
	}
	return floorDiv(d, t.scale)
}

// Check returns an error if w is not a vector for the compiled scheme.
func (t *Texel) Check(w []int32) error {
	if len(w) != t.nparams {
		return fmt.Errorf("fitness: scheme %s needs %d weights, got %d", t.scheme.Name(), t.nparams, len(w))
	}
	return nil
}

// Sigmoid returns 1/(1+e^−x), bit-identical on every platform.
func Sigmoid(x float64) float64 {
	return 1 / (1 + expDet(-x))
}

// Loss returns the mean squared error between the results and
// sigmoid(k·eval) for weights w (0 for an empty sample).
func (t *Texel) Loss(w []int32, k float64) float64 {
	if len(t.result) == 0 {
		return 0
	}
	wl := widen(w)
	var sum float64
	for i, r := range t.result {
		x := float64(k * float64(t.eval(wl, i)))
		d := r - Sigmoid(x)
		sum += float64(d * d)
	}
	return sum / float64(len(t.result))
}

// Gradient returns the loss for w and k and stores in grad (one entry per
// weight) its partial derivatives with respect to each weight, treating the
// evaluation as the unrounded dot product / Scale:
// ∂L/∂w_j = (2/N) Σ (σ−r)·σ·(1−σ)·k·count_j/Scale.
func (t *Texel) Gradient(w []int32, k float64, grad []float64) (float64, error) {
	if err := t.Check(w); err != nil {
		return 0, err
	}
	if len(grad) != t.nparams {
		return 0, fmt.Errorf("fitness: gradient needs %d entries, got %d", t.nparams, len(grad))
	}
	clear(grad)
	if len(t.result) == 0 {
		return 0, nil
	}
	wl := widen(w)
	var sum float64
	n := float64(len(t.result))
	scale := float64(t.scale)
	for i, r := range t.result {
		x := float64(k * float64(t.eval(wl, i)))
		s := Sigmoid(x)
		d := r - s
		sum += float64(d * d)
		// g = 2(σ−r)·σ(1−σ)·k/Scale/N
		g := float64(float64(float64(float64(2*(s-r))*s)*(1-s))*k) / scale / n
		lo := int32(0)
		if i > 0 {
			lo = t.end[i-1]
		}
		for _, e := range t.ent[lo:t.end[i]] {
			grad[e&0xffff] += float64(g * float64(e>>16))
		}
	}
	return sum / n, nil
}

// FitK returns the k that minimises the loss for w, found by golden-section
// search on [0, 0.05] (per centipawn; Texel's 10^(−q/400) curve is k ≈ 0.0058),
// and the loss there.
func (t *Texel) FitK(w []int32) (k, loss float64) {
	const phi = 0.6180339887498949 // (√5−1)/2
	lo, hi := 0.0, 0.05
	a := hi - float64(phi*(hi-lo))
	b := lo + float64(phi*(hi-lo))
	fa, fb := t.Loss(w, a), t.Loss(w, b)
	for range 60 {
		if fa <= fb {
			hi, b, fb = b, a, fa
			a = hi - float64(phi*(hi-lo))
			fa = t.Loss(w, a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + float64(phi*(hi-lo))
			fb = t.Loss(w, b)
		}
	}
	if fa <= fb {
		return a, fa
	}
	return b, fb
}

// expDet returns e^x using only IEEE-exact steps and explicitly rounded
// products, so that it gives the same bits on every platform (math.Exp has
// assembly versions on some). Relative error is below 1e-15 on [−700, 700];
// outside it the result saturates.
func expDet(x float64) float64 {
	const (
		ln2Hi  = 6.93147180369123816490e-01
		ln2Lo  = 1.90821492927058770002e-10
		invLn2 = 1.44269504088896338700e+00
	)
	switch {
	case x != x:
		return x
	case x > 709:
		return math.Inf(1)
	case x < -745:
		return 0
	}
	k := math.Floor(float64(x*invLn2) + 0.5)
	r := x - float64(k*ln2Hi) - float64(k*ln2Lo) // |r| ≤ 0.35
	// Taylor series to degree 14: the remainder is below 2^−60 for |r| ≤ 0.35.
	p := 1.0 / 87178291200 // 1/14!
	for _, c := range [...]float64{1.0 / 6227020800, 1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800,
		1.0 / 362880, 1.0 / 40320, 1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, 1, 1} {
		p = float64(p*r) + c
	}
	return math.Ldexp(p, int(k))
}
