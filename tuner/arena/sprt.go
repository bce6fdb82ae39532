package arena

import (
	"errors"
	"fmt"
	"math"
)

// Pentanomial counts game pairs (the same opening played twice with colours
// swapped) by the pair's score from the first player's point of view, in
// half-points: [0] LL, [1] LD, [2] DD or WL, [3] WD, [4] WW. Pairing games
// removes the opening's bias from the variance, which makes Elo intervals
// narrower and SPRT tests shorter than counting games one by one
// (fishtest, OpenBench and fastchess report it this way).
type Pentanomial [5]int

// Pairs returns the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Add returns p + o.
func (p Pentanomial) Add(o Pentanomial) Pentanomial {
	for i := range p {
		p[i] += o[i]
	}
	return p
}

// Flip returns the counts from the second player's point of view.
func (p Pentanomial) Flip() Pentanomial { return Pentanomial{p[4], p[3], p[2], p[1], p[0]} }

// String formats p as "[LL LD DD+WL WD WW]".
func (p Pentanomial) String() string {
	return fmt.Sprintf("[%d %d %d %d %d]", p[0], p[1], p[2], p[3], p[4])
}

// meanVar returns the mean and the variance of outcomes a weighted by
// counts, or ok false without counts.
func meanVar(a []float64, counts []float64) (mu, variance, n float64, ok bool) {
	for _, c := range counts {
		n += c
	}
	if n <= 0 {
		return 0, 0, 0, false
	}
	for i, c := range counts {
		mu += float64(a[i] * c)
	}
	mu /= n
	for i, c := range counts {
		d := a[i] - mu
		variance += float64(c * float64(d*d))
	}
	return mu, variance / n, n, true
}

// pentaScores are the pair scores of the five buckets in [0, 1].
var pentaScores = []float64{0, 0.25, 0.5, 0.75, 1}

// triScores are the game scores of losses, draws and wins.
var triScores = []float64{0, 0.5, 1}

// nEloScale is 800/ln 10: normalized Elo per unit of t-value (per game).
var nEloScale = 800 / math.Ln10

// EloStats is an Elo estimate from match results: the logistic Elo with its
// 95% interval, the normalized Elo (the score's distance from ½ in
// standard deviations per game, times 800/ln 10 — fishtest's and fastchess's
// nElo, whose SPRT length depends only on the bounds) with its interval, the
// mean score, and the likelihood of superiority.
type EloStats struct {
	Elo   EloInterval
	NElo  EloInterval
	Score float64 // mean score per game in [0, 1]
	LOS   float64 // probability that the true score exceeds ½ (normal approximation)
	N     int     // pairs (pentanomial) or games (trinomial)
}

// PentanomialElo computes Elo statistics from pair counts: μ the mean pair
// score, σ² its variance per pair, the interval μ ± 1.96·σ/√N mapped through
// the logistic curve; nElo = (μ−½)/√(2σ²)·800/ln 10. These are fastchess's
// formulas (elo_pentanomial.cpp) and OpenBench's Elo, but for two
// degenerate cases where they claim certainty from nothing: one pair gives
// an unbounded interval (and LOS ½), and identical pairs (σ² = 0) take
// σ² = ¼, the largest a score in [0, 1] can have, for the interval and LOS.
func PentanomialElo(p Pentanomial) EloStats {
	counts := make([]float64, 5)
	for i, c := range p {
		counts[i] = float64(c)
	}
	return eloStats(pentaScores, counts, 2)
}

// TrinomialElo computes the same statistics from a W/D/L score counted game
// by game (nElo = (μ−½)/σ·800/ln 10).
func TrinomialElo(s Tally) EloStats {
	return eloStats(triScores, []float64{float64(s.Losses), float64(s.Draws), float64(s.Wins)}, 1)
}

// eloStats: gamesPerUnit is 2 for pairs, 1 for games.
func eloStats(a, counts []float64, gamesPerUnit float64) EloStats {
	mu, variance, n, ok := meanVar(a, counts)
	if !ok {
		inf := EloInterval{Low: math.Inf(-1), High: math.Inf(1)}
		return EloStats{Elo: inf, NElo: inf, Score: 0.5, LOS: 0.5}
	}
	if n < 2 {
		// One pair (or game) says nothing of the spread: the interval is
		// unbounded and superiority undecided, where the formula would give
		// a zero-width interval and LOS 0 or 1 (a "weaker" verdict after
		// two games).
		inf := EloInterval{Low: math.Inf(-1), High: math.Inf(1)}
		elo, nelo := inf, inf
		elo.Elo = EloFromFraction(mu)
		nelo.Elo = 0
		return EloStats{Score: mu, N: int(n), Elo: elo, NElo: nelo, LOS: 0.5}
	}
	// Identical outcomes (every pair lost, or every pair ½) leave the
	// sample variance at 0, which would give a zero-width interval however
	// few they are; the interval and LOS then take the largest variance an
	// outcome in [0, 1] can have, ¼, so that two lost pairs do not yet make
	// a "weaker" verdict and a hundred do.
	seVar := variance
	if seVar == 0 {
		seVar = 0.25
	}
	se := math.Sqrt(seVar / n)
	lo, hi := mu-float64(z95*se), mu+float64(z95*se)
	st := EloStats{Score: mu, N: int(n),
		Elo: EloInterval{Elo: EloFromFraction(mu), Low: EloFromFraction(lo), High: EloFromFraction(hi)}}
	nelo := func(x float64) float64 {
		d := x - 0.5
		if variance == 0 {
			switch {
			case d > 0:
				return math.Inf(1)
			case d < 0:
				return math.Inf(-1)
			}
			return 0
		}
		return float64(d/math.Sqrt(float64(gamesPerUnit*variance))) * nEloScale
	}
	st.NElo = EloInterval{Elo: nelo(mu), Low: nelo(lo), High: nelo(hi)}
	switch {
	case se > 0:
		st.LOS = 0.5 * math.Erfc(-(mu-0.5)/(se*math.Sqrt2))
	case mu > 0.5:
		st.LOS = 1
	case mu < 0.5:
		st.LOS = 0
	default:
		st.LOS = 0.5
	}
	return st
}

// SPRT models: how Elo0 and Elo1 are read.
const (
	// SPRTNormalized reads the bounds as normalized Elo (fastchess's
	// default, fishtest): the test's expected length depends only on them.
	SPRTNormalized = "normalized"
	// SPRTLogistic reads the bounds as logistic Elo (OpenBench's
	// "logistic" and cutechess's classic bounds on the expected score).
	SPRTLogistic = "logistic"
)

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 at error rates Alpha (accepting H1 when H0 holds) and Beta
// (accepting H0 when H1 holds). It is the generalized SPRT of fishtest and
// fastchess: the log-likelihood ratio of the two maximum-likelihood
// distributions of the observed outcomes (pentanomial pairs or W/D/L games)
// constrained to the expected score (logistic) or t-value (normalized) of
// each hypothesis (M. Van den Bergh, "Comments on Normalized Elo").
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64 // default 0.05 each when zero
	Model       string  // SPRTNormalized (default) or SPRTLogistic
}

// SPRT decisions.
const (
	SPRTContinue = "continue"
	SPRTAcceptH0 = "H0" // Elo0 accepted: the tested change is not an improvement of Elo1
	SPRTAcceptH1 = "H1" // Elo1 accepted
)

func (s SPRT) withDefaults() SPRT {
	if s.Alpha == 0 {
		s.Alpha = 0.05
	}
	if s.Beta == 0 {
		s.Beta = 0.05
	}
	if s.Model == "" {
		s.Model = SPRTNormalized
	}
	return s
}

// Validate checks the test's parameters.
func (s SPRT) Validate() error {
	s = s.withDefaults()
	switch {
	case math.IsNaN(s.Elo0) || math.IsNaN(s.Elo1) || math.IsInf(s.Elo0, 0) || math.IsInf(s.Elo1, 0):
		return errors.New("arena: sprt: Elo bounds must be finite numbers")
	case s.Elo0 >= s.Elo1:
		return fmt.Errorf("arena: sprt: elo0 %g must be below elo1 %g", s.Elo0, s.Elo1)
	case !(s.Alpha > 0 && s.Alpha < 1) || !(s.Beta > 0 && s.Beta < 1):
		return fmt.Errorf("arena: sprt: alpha %g and beta %g must lie in (0, 1)", s.Alpha, s.Beta)
	case s.Alpha+s.Beta >= 1:
		return fmt.Errorf("arena: sprt: alpha + beta = %g, want < 1", s.Alpha+s.Beta)
	case s.Model != SPRTNormalized && s.Model != SPRTLogistic:
		return fmt.Errorf("arena: sprt: model %q, want %s or %s", s.Model, SPRTNormalized, SPRTLogistic)
	case s.Model == SPRTLogistic && (math.Abs(s.Elo0) > 1000 || math.Abs(s.Elo1) > 1000):
		return errors.New("arena: sprt: logistic bounds beyond ±1000 Elo")
	}
	return nil
}

// Bounds returns the LLR bounds: H0 is accepted at LLR ≤ lower =
// ln(β/(1−α)), H1 at LLR ≥ upper = ln((1−β)/α) (±2.944 at α = β = 0.05).
func (s SPRT) Bounds() (lower, upper float64) {
	s = s.withDefaults()
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Decide returns SPRTAcceptH1, SPRTAcceptH0 or SPRTContinue for llr.
func (s SPRT) Decide(llr float64) string {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return SPRTAcceptH1
	case llr <= lower:
		return SPRTAcceptH0
	}
	return SPRTContinue
}

// regularize replaces an empty bucket by 1e-3 so that every outcome has a
// positive probability (as fastchess and OpenBench do).
func regularize(counts []int) []float64 {
	out := make([]float64, len(counts))
	for i, c := range counts {
		out[i] = float64(c)
		if c == 0 {
			out[i] = 1e-3
		}
	}
	return out
}

// LLR returns the log-likelihood ratio of pentanomial pair counts p (0 when
// there is no pair).
func (s SPRT) LLR(p Pentanomial) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	return s.llr(pentaScores, regularize(p[:]), math.Sqrt2)
}

// LLRTrinomial returns the log-likelihood ratio of a W/D/L score counted
// game by game (0 when there is no game).
func (s SPRT) LLRTrinomial(sc Tally) float64 {
	if sc.Games() == 0 {
		return 0
	}
	return s.llr(triScores, regularize([]int{sc.Losses, sc.Draws, sc.Wins}), 1)
}

// llr: tScale converts a per-game t-value to the unit's (√2 for pairs).
func (s SPRT) llr(a, counts []float64, tScale float64) float64 {
	s = s.withDefaults()
	n := 0.0
	for _, c := range counts {
		n += c
	}
	phat := make([]float64, len(counts))
	for i, c := range counts {
		phat[i] = c / n
	}
	var p0, p1 []float64
	if s.Model == SPRTLogistic {
		p0 = mleScore(a, phat, ExpectedScore(s.Elo0))
		p1 = mleScore(a, phat, ExpectedScore(s.Elo1))
	} else {
		p0 = mleTValue(a, phat, 0.5, float64(tScale*s.Elo0)/nEloScale)
		p1 = mleTValue(a, phat, 0.5, float64(tScale*s.Elo1)/nEloScale)
	}
	sum := 0.0
	for i := range phat {
		sum += float64(phat[i] * (math.Log(p1[i]) - math.Log(p0[i])))
	}
	return float64(n * sum)
}

// solveTheta finds θ in (−1/max φ, −1/min φ) with Σ p̂ᵢ φᵢ/(1+θφᵢ) = 0 by
// bisection (the sum falls strictly with θ). It needs min φ < 0 < max φ;
// otherwise it returns the end of the interval nearest the root.
func solveTheta(phat, phi []float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, f := range phi {
		if f > 0 {
			lo = math.Max(lo, -1/f)
		}
		if f < 0 {
			hi = math.Min(hi, -1/f)
		}
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return 0 // all φ of one sign: no interior root
	}
	g := func(x float64) float64 {
		s := 0.0
		for i := range phat {
			s += float64(phat[i]*phi[i]) / float64(1+float64(x*phi[i]))
		}
		return s
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// mleScore is the maximum-likelihood distribution over outcomes a, given
// the empirical distribution phat, whose expected score is s
// (Van den Bergh's proposition 1.1): pᵢ = p̂ᵢ/(1+θ(aᵢ−s)).
func mleScore(a, phat []float64, s float64) []float64 {
	phi := make([]float64, len(a))
	for i := range a {
		phi[i] = a[i] - s
	}
	theta := solveTheta(phat, phi)
	p := make([]float64, len(a))
	for i := range a {
		p[i] = phat[i] / float64(1+float64(theta*phi[i]))
	}
	return p
}

// mleTValue is the maximum-likelihood distribution whose t-value
// (μ−ref)/σ is t, found by the fixed-point iteration of Van den Bergh's
// section 4.1 starting from the uniform distribution.
func mleTValue(a, phat []float64, ref, t float64) []float64 {
	n := len(a)
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	phi := make([]float64, n)
	for range 1000 {
		mu, variance, _, _ := meanVar(a, p)
		sigma := math.Sqrt(variance)
		for i := range a {
			z := (a[i] - mu) / sigma
			phi[i] = a[i] - ref - float64(float64(0.5*t)*float64(sigma*(1+float64(z*z))))
		}
		theta := solveTheta(phat, phi)
		maxDiff := 0.0
		for i := range p {
			np := phat[i] / float64(1+float64(theta*phi[i]))
			maxDiff = math.Max(maxDiff, math.Abs(np-p[i]))
			p[i] = np
		}
		if maxDiff < 1e-10 {
			break
		}
	}
	return p
}

// SPRTStatus is the state of an SPRT after some games.
type SPRTStatus struct {
	Test         SPRT
	LLR          float64
	Lower, Upper float64
	Decision     string // SPRTContinue, SPRTAcceptH0 or SPRTAcceptH1
	Pairs        int    // pairs counted
}

// Status evaluates the test on pair counts p.
func (s SPRT) Status(p Pentanomial) SPRTStatus {
	llr := s.LLR(p)
	lo, hi := s.Bounds()
	return SPRTStatus{Test: s.withDefaults(), LLR: llr, Lower: lo, Upper: hi, Decision: s.Decide(llr), Pairs: p.Pairs()}
}
