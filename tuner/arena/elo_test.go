package arena

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestEloFromScore(t *testing.T) {
	// Identical results take the largest variance, ¼: the interval is
	// μ ± 1.96·½/√N, not a point.
	bound := func(mu float64, n int) float64 { return EloFromFraction(mu + z95*0.5/math.Sqrt(float64(n))) }
	inf := math.Inf(1)
	tests := []struct {
		name      string
		s         Tally
		elo       float64
		low, high float64 // want, when not NaN
	}{
		{name: "even", s: Tally{10, 0, 10}, elo: 0, low: math.NaN(), high: math.NaN()},
		{name: "three quarters", s: Tally{3, 0, 1}, elo: 190.848501887865, low: math.NaN(), high: math.NaN()},
		{name: "one quarter", s: Tally{1, 0, 3}, elo: -190.848501887865, low: math.NaN(), high: math.NaN()},
		{name: "draws only", s: Tally{0, 8, 0}, elo: 0, low: -bound(0.5, 8), high: bound(0.5, 8)},
		{name: "wins only", s: Tally{5, 0, 0}, elo: inf, low: -bound(0, 5), high: inf},
		{name: "losses only", s: Tally{0, 0, 5}, elo: -inf, low: -inf, high: bound(0, 5)},
		{name: "one game", s: Tally{1, 0, 0}, elo: inf, low: -inf, high: inf},
		{name: "mixed", s: Tally{30, 40, 30}, elo: 0, low: math.NaN(), high: math.NaN()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := Elo(tc.s)
			if !(e.Elo == tc.elo || near(e.Elo, tc.elo, 1e-9)) {
				t.Errorf("Elo = %v, want %v", e.Elo, tc.elo)
			}
			if !math.IsNaN(tc.low) {
				if !(e.Low == tc.low || near(e.Low, tc.low, 1e-9)) || !(e.High == tc.high || near(e.High, tc.high, 1e-9)) {
					t.Errorf("interval [%v, %v], want [%v, %v]", e.Low, e.High, tc.low, tc.high)
				}
				return
			}
			if !(e.Low < e.Elo && e.Elo < e.High) {
				t.Errorf("interval [%v, %v] does not strictly contain %v", e.Low, e.High, e.Elo)
			}
		})
	}
	// Two lost games are not yet a significant result; a hundred are.
	if e := Elo(Tally{0, 0, 2}); !(e.High > 0) {
		t.Errorf("two losses: interval [%v, %v], want it to reach above 0", e.Low, e.High)
	}
	if e := Elo(Tally{0, 0, 100}); !(e.High < 0) {
		t.Errorf("100 losses: interval [%v, %v], want it below 0", e.Low, e.High)
	}
}

// TestEloIntervalValues checks the trinomial interval against a hand
// computation: W=60 D=20 L=20 → μ=0.7, σ²=(60·0.09+20·0.04+20·0.49)/100=0.16,
// se=0.04, bounds μ±0.0784.
func TestEloIntervalValues(t *testing.T) {
	e := Elo(Tally{60, 20, 20})
	if want := EloFromFraction(0.7 - z95*0.04); !near(e.Low, want, 1e-9) {
		t.Errorf("Low = %v, want %v", e.Low, want)
	}
	if want := EloFromFraction(0.7 + z95*0.04); !near(e.High, want, 1e-9) {
		t.Errorf("High = %v, want %v", e.High, want)
	}
	// Draws narrow the interval at the same score.
	wide, narrow := Elo(Tally{50, 0, 50}), Elo(Tally{25, 50, 25})
	if !(narrow.Margin() < wide.Margin()) {
		t.Errorf("draw-heavy margin %v not below decisive margin %v", narrow.Margin(), wide.Margin())
	}
	// More games narrow the interval.
	if a, b := Elo(Tally{6, 2, 2}), Elo(Tally{60, 20, 20}); !(b.Margin() < a.Margin()) {
		t.Errorf("100-game margin %v not below 10-game margin %v", b.Margin(), a.Margin())
	}
}

func TestExpectedScoreInvertsElo(t *testing.T) {
	for _, s := range []float64{0.01, 0.2, 0.5, 0.64, 0.99} {
		if got := ExpectedScore(EloFromFraction(s)); !near(got, s, 1e-12) {
			t.Errorf("ExpectedScore(EloFromFraction(%v)) = %v", s, got)
		}
	}
}

func TestPoolRatings(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		tallies []PairTally
		prior   float64
		want    []float64 // Elo, tolerance 0.01
	}{
		{name: "two players 3-1", n: 2, tallies: []PairTally{{0, 1, Tally{3, 0, 1}}},
			want: []float64{190.848501887865 / 2, -190.848501887865 / 2}},
		{name: "two players draws count half", n: 2, tallies: []PairTally{{0, 1, Tally{2, 2, 0}}},
			want: []float64{190.848501887865 / 2, -190.848501887865 / 2}},
		{name: "prior pulls toward 0", n: 2, tallies: []PairTally{{0, 1, Tally{3, 0, 1}}}, prior: 2,
			// 3+1 points of 6 games: 2/3 → 120.4 Elo apart
			want: []float64{120.411998265592 / 2, -120.411998265592 / 2}},
		{name: "balanced cycle", n: 3, tallies: []PairTally{
			{0, 1, Tally{2, 0, 1}}, {1, 2, Tally{2, 0, 1}}, {2, 0, Tally{2, 0, 1}}},
			want: []float64{0, 0, 0}},
		{name: "consistent chain", n: 3, tallies: []PairTally{
			// 0 vs 1 at 75%, 1 vs 2 at 75%, 0 vs 2 at 90%: MLE is near the logistic chain
			{0, 1, Tally{75, 0, 25}}, {1, 2, Tally{75, 0, 25}}, {0, 2, Tally{90, 0, 10}}}, prior: 0},
		{name: "idle player", n: 3, tallies: []PairTally{{0, 1, Tally{1, 0, 1}}},
			want: []float64{0, 0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := PoolRatings(tc.n, tc.tallies, tc.prior)
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for _, x := range r {
				sum += x.Elo
			}
			if !near(sum, 0, 1e-6) {
				t.Errorf("ratings %v do not average 0", r)
			}
			for i, w := range tc.want {
				if !near(r[i].Elo, w, 0.01) {
					t.Errorf("player %d: Elo %.3f, want %.3f", i, r[i].Elo, w)
				}
			}
			if tc.want == nil && !(r[0].Elo > r[1].Elo && r[1].Elo > r[2].Elo) {
				t.Errorf("chain not ordered: %v", r)
			}
			// Sanity check of the MLE: expected points equal scored points.
			for i := 0; i < tc.n; i++ {
				got, exp := 0.0, 0.0
				for _, pt := range tc.tallies {
					g := float64(pt.Score.Games()) + tc.prior
					switch i {
					case pt.I:
						got += pt.Score.Points() + tc.prior/2
						exp += g * ExpectedScore(r[pt.I].Elo-r[pt.J].Elo)
					case pt.J:
						got += pt.Score.Flip().Points() + tc.prior/2
						exp += g * ExpectedScore(r[pt.J].Elo-r[pt.I].Elo)
					}
				}
				if !near(got, exp, 1e-6) {
					t.Errorf("player %d: scored %.6f, expected under the ratings %.6f", i, got, exp)
				}
			}
		})
	}
}

func TestPoolRatingsErrors(t *testing.T) {
	if _, err := PoolRatings(2, []PairTally{{0, 2, Tally{1, 0, 0}}}, 1); err == nil {
		t.Error("out-of-range player accepted")
	}
	if _, err := PoolRatings(2, []PairTally{{1, 1, Tally{1, 0, 0}}}, 1); err == nil {
		t.Error("self pairing accepted")
	}
	if _, err := PoolRatings(2, nil, -1); err == nil {
		t.Error("negative prior accepted")
	}
	// A shut-out stays finite with a prior.
	r, err := PoolRatings(2, []PairTally{{0, 1, Tally{4, 0, 0}}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if math.IsInf(r[0].Elo, 0) || math.IsNaN(r[0].Elo) || r[0].Elo <= 0 {
		t.Errorf("shut-out winner rating %v, want finite positive", r[0].Elo)
	}
}

// TestEloStringEven: an even score (EloFromFraction(½) is −0) prints +0.0.
func TestEloStringEven(t *testing.T) {
	if got := Elo(Tally{Draws: 8}).String(); got != "+0.0 ± 296.6" {
		t.Errorf("eight draws: %q", got)
	}
	if got := Elo(Tally{Draws: 1}).String(); got != "+0.0 ± inf" {
		t.Errorf("one draw: %q", got)
	}
}
