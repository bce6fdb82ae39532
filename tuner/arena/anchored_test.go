package arena

import (
	"math"
	"testing"
)

func TestRateAgainstAnchors(t *testing.T) {
	// One anchor: the estimate is the anchor plus the match's logistic Elo.
	sc := Tally{Wins: 30, Draws: 20, Losses: 10} // 66.7% → +120.4
	e, se, err := RateAgainstAnchors([]AnchoredScore{{Anchor: 1500, Score: sc}})
	if err != nil || math.Abs(e-(1500+EloFromFraction(sc.Fraction()))) > 0.01 {
		t.Fatalf("one anchor: %v %v", e, err)
	}
	if se < 30 || se > 60 {
		t.Errorf("se %v for 60 games, want about 45", se)
	}
	// Two anchors 200 apart with scores consistent with 1600: 1400 → 76%,
	// 1800 → 24%.
	e, _, _ = RateAgainstAnchors([]AnchoredScore{
		{Anchor: 1400, Score: Tally{Wins: 76, Losses: 24}},
		{Anchor: 1800, Score: Tally{Wins: 24, Losses: 76}},
	})
	if math.Abs(e-1600) > 1 {
		t.Errorf("two anchors: %v, want 1600", e)
	}
	// All wins stays finite; anchor errors widen the interval.
	e, se0, _ := RateAgainstAnchors([]AnchoredScore{{Anchor: 1000, Score: Tally{Wins: 10}}})
	_, se1, _ := RateAgainstAnchors([]AnchoredScore{{Anchor: 1000, AnchorSE: 50, Score: Tally{Wins: 10}}})
	if math.IsInf(e, 0) || e < 1300 || se1 <= se0 {
		t.Errorf("all wins: %v ± %v (anchor error: %v)", e, se0, se1)
	}
	if _, _, err := RateAgainstAnchors(nil); err == nil {
		t.Error("no games accepted")
	}
}

func TestIsotonic(t *testing.T) {
	tests := []struct {
		ys, ws, want []float64
	}{
		{[]float64{1, 2, 3}, []float64{1, 1, 1}, []float64{1, 2, 3}},
		{[]float64{1, 3, 2}, []float64{1, 1, 1}, []float64{1, 2.5, 2.5}},
		{[]float64{3, 2, 1}, []float64{1, 1, 1}, []float64{2, 2, 2}},
		{[]float64{1, 4, 2}, []float64{1, 1, 3}, []float64{1, 2.5, 2.5}},
		{nil, nil, []float64{}},
	}
	for _, tc := range tests {
		got := Isotonic(tc.ys, tc.ws)
		if len(got) != len(tc.want) {
			t.Fatalf("%v: %v", tc.ys, got)
		}
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-9 {
				t.Errorf("%v %v: %v, want %v", tc.ys, tc.ws, got, tc.want)
				break
			}
		}
	}
	if a := NearestAnchor(1612, []float64{1800, 1350, 1600, 1650}); a != 1600 {
		t.Errorf("nearest %v", a)
	}
}
