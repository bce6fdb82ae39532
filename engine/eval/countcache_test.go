package eval

import (
	"math"
	"testing"
)

// TestCountCache: an Evaluator with a count cache scores every position as
// one without, for every dense scheme, on a cold cache, on a warm one, with
// a cache shared by evaluators of other weights and with a tiny cache whose
// entries keep being replaced.
func TestCountCache(t *testing.T) {
	positions := randomGamePositions(t, 7, 600)
	for _, name := range []string{"vazquez29", "david35", "prasad38"} {
		s, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, entries := range []int{1 << 12, 8} {
			c, err := NewCountCache(s, entries)
			if err != nil {
				t.Fatal(err)
			}
			for seed := uint64(1); seed <= 3; seed++ {
				w := RandomWeights(s, seed)
				plain, err := New(s, w)
				if err != nil {
					t.Fatal(err)
				}
				cached, _ := New(s, w)
				if err := cached.SetCountCache(c); err != nil {
					t.Fatal(err)
				}
				for pass := range 2 {
					for i, pos := range positions {
						if got, want := cached.Evaluate(pos), plain.Evaluate(pos); got != want {
							t.Fatalf("%s, %d entries, weights %d, pass %d, position %d (%s): cached %d, uncached %d",
								name, entries, seed, pass, i, pos.FEN(), got, want)
						}
					}
				}
			}
		}
	}
}

func TestCountCacheRefused(t *testing.T) {
	for _, name := range []string{"material", "phoenix640", "modern"} {
		s, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if Dense(s) {
			t.Errorf("%s: Dense", name)
		}
		if _, err := NewCountCache(s, 16); err == nil {
			t.Errorf("%s: count cache accepted", name)
		}
	}
	vz, _ := Lookup("vazquez29")
	dv, _ := Lookup("david35")
	c, err := NewCountCache(vz, 16)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := NewDefault(dv)
	if err := e.SetCountCache(c); err == nil {
		t.Error("a vazquez29 cache accepted by a david35 evaluator")
	}
}

func TestOutside16(t *testing.T) {
	for _, v := range []int32{math.MinInt32, math.MinInt32 + 1, -1 << 16, -32769, -32768, -32767, -1, 0, 1, 32766, 32767, 32768, 1 << 16, math.MaxInt32 - 1, math.MaxInt32} {
		if got, want := outside16(v) != 0, v < math.MinInt16 || v > math.MaxInt16; got != want {
			t.Errorf("outside16(%d) != 0 is %v, want %v", v, got, want)
		}
	}
}

// TestDenseCountsAndFeatures: for every scheme, DenseFeatures equals the
// Features list summed by index (dense schemes) or refuses (the others),
// and EvaluateDense of DenseCounts equals Evaluate (random weights) and
// each count times its DenseUnits entry that sum.
func TestDenseCountsAndFeatures(t *testing.T) {
	positions := randomGamePositions(t, 9, 400)
	for _, s := range Schemes() {
		e, err := New(s, RandomWeights(s, 3))
		if err != nil {
			t.Fatal(err)
		}
		n := len(s.Params())
		dense := Dense(s)
		if got := e.DenseLen(); (got > 0) != dense || dense && got != n {
			t.Fatalf("%s: DenseLen %d (dense %v, %d parameters)", s.Name(), got, dense, n)
		}
		got, want := make([]int64, n), make([]int64, n)
		d := make([]int16, n)
		units := make([]int64, n)
		if dense {
			e.DenseUnits(units)
		}
		for i, pos := range positions {
			clear(want)
			for _, f := range s.Features(pos, nil) {
				want[f.Index] += int64(f.Count)
			}
			if ok := e.DenseFeatures(pos, got); ok != dense {
				t.Fatalf("%s: DenseFeatures reports %v", s.Name(), ok)
			}
			if !dense {
				if e.DenseCounts(pos, d) {
					t.Fatalf("%s: DenseCounts reports true", s.Name())
				}
				continue
			}
			for k := range want {
				if got[k] != want[k] {
					t.Fatalf("%s position %d (%s): feature %d: DenseFeatures %d, Features %d", s.Name(), i, pos.FEN(), k, got[k], want[k])
				}
			}
			if e.DenseCounts(pos, d) {
				if v, w := e.EvaluateDense(d, pos.Side), e.Evaluate(pos); v != w {
					t.Fatalf("%s position %d (%s): EvaluateDense %d, Evaluate %d", s.Name(), i, pos.FEN(), v, w)
				}
				for k := range want {
					if c := int64(d[k]) * units[k]; c != want[k] {
						t.Fatalf("%s position %d (%s): feature %d: count × unit %d, Features %d", s.Name(), i, pos.FEN(), k, c, want[k])
					}
				}
			}
		}
	}
}
