package fitness

import (
	"math"
	"testing"

	"github.com/evochess/evochess/engine/eval"
)

func TestExpDet(t *testing.T) {
	for x := -740.0; x <= 705; x += 0.37 {
		got, want := expDet(x), math.Exp(x)
		if want > 1e-300 && math.Abs(got-want)/want > 1e-14 {
			t.Fatalf("expDet(%v) = %v, math.Exp %v", x, got, want)
		}
	}
	for _, c := range []struct{ x, want float64 }{{0, 1}, {800, math.Inf(1)}, {-800, 0}} {
		if got := expDet(c.x); got != c.want {
			t.Errorf("expDet(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	if !math.IsNaN(expDet(math.NaN())) || Sigmoid(0) != 0.5 {
		t.Errorf("NaN or sigmoid(0)")
	}
}

func TestTexel(t *testing.T) {
	samples := spread(demo(t, "all").Train, 2000)
	for _, name := range []string{"david35", "vazquez29"} {
		s, err := eval.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		tx, err := CompileTexel(s, samples)
		if err != nil {
			t.Fatal(err)
		}
		w := eval.RandomWeights(s, 7)
		ev, _ := eval.New(s, w)
		// Eval is the evaluator's White score.
		for i, smp := range samples {
			pos, _ := smp.Position()
			if got, want := tx.Eval(w, i), int64(ev.White(pos)); got != want {
				t.Fatalf("%s: position %d: eval %d, evaluator %d", name, i, got, want)
			}
		}
		// FitK finds a minimum of the loss in k.
		k, loss := tx.FitK(w)
		if k <= 0 || k >= 0.05 || loss != tx.Loss(w, k) {
			t.Fatalf("%s: k %v loss %v", name, k, loss)
		}
		for _, dk := range []float64{-k / 2, k / 2} {
			if l := tx.Loss(w, k+dk); l < loss {
				t.Errorf("%s: loss %v at k=%v below %v at fitted k=%v", name, l, k+dk, loss, k)
			}
		}
		var base float64
		for _, smp := range samples {
			base += (smp.Result - 0.5) * (smp.Result - 0.5)
		}
		base /= float64(len(samples))
		if math.Abs(tx.Loss(w, 0)-base) > 1e-15 || loss >= base {
			t.Errorf("%s: loss at k=0 is %v, want %v (sigmoid 0.5); fitted loss %v", name, tx.Loss(w, 0), base, loss)
		}
		// The gradient matches central differences where the eval is unrounded.
		grad := make([]float64, len(w))
		gl, err := tx.Gradient(w, k, grad)
		if err != nil || gl != loss {
			t.Fatalf("%s: gradient loss %v (err %v), want %v", name, gl, err, loss)
		}
		if s.Scale() == 1 {
			for j := range w {
				h := int32(4)
				wp, wm := append([]int32(nil), w...), append([]int32(nil), w...)
				wp[j] += h
				wm[j] -= h
				num := (tx.Loss(wp, k) - tx.Loss(wm, k)) / float64(2*h)
				if math.Abs(num-grad[j]) > 1e-3*math.Abs(grad[j])+1e-12 {
					t.Errorf("%s: weight %d: gradient %g, central difference %g", name, j, grad[j], num)
				}
			}
		}
	}
}

// TestTexelResultOrientation: every sample's result turns into White's.
func TestTexelResultOrientation(t *testing.T) {
	samples := spread(demo(t, "all").Train, 200)
	s, _ := eval.Lookup("material")
	tx, err := CompileTexel(s, samples)
	if err != nil {
		t.Fatal(err)
	}
	for i, smp := range samples {
		pos, _ := smp.Position()
		want := smp.Result
		if pos.Side == 1 {
			want = 1 - want
		}
		o, _ := outcome(want)
		for j := range 3 {
			if got := tx.out[3*i+j]; got != uint16(b2i(j == o)) {
				t.Fatalf("sample %d: outcome counts %v, want White's result %v", i, tx.out[3*i:3*i+3], want)
			}
		}
	}
	bad := samples[:1:1]
	bad[0].Result = 0.3
	if _, err := CompileTexel(s, bad); err == nil {
		t.Errorf("result 0.3 accepted")
	}
}

func BenchmarkTexelLoss(b *testing.B) {
	s, _ := eval.Lookup("david35")
	tx, err := CompileTexel(s, demo(b, "all").Train)
	if err != nil {
		b.Fatal(err)
	}
	w := eval.RandomWeights(s, 1)
	n := 0
	for b.Loop() {
		tx.Loss(w, 0.006)
		n += tx.Positions()
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
