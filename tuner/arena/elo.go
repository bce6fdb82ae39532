package arena

import (
	"fmt"
	"math"
)

// Tally is the won, drawn and lost games from one side's point of view.
type Tally struct {
	Wins, Draws, Losses int
}

// Games returns the number of games in s.
func (s Tally) Games() int { return s.Wins + s.Draws + s.Losses }

// Points returns wins + draws/2.
func (s Tally) Points() float64 { return float64(s.Wins) + float64(s.Draws)/2 }

// Fraction returns the score fraction in [0, 1] (0.5 when no game was played).
func (s Tally) Fraction() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return s.Points() / float64(n)
}

// Add returns s + o.
func (s Tally) Add(o Tally) Tally {
	return Tally{s.Wins + o.Wins, s.Draws + o.Draws, s.Losses + o.Losses}
}

// Flip returns the tally from the opponent's point of view.
func (s Tally) Flip() Tally { return Tally{s.Losses, s.Draws, s.Wins} }

// String formats s as "+W =D -L".
func (s Tally) String() string { return fmt.Sprintf("+%d =%d -%d", s.Wins, s.Draws, s.Losses) }

// EloInterval is an Elo difference estimate with a 95% confidence interval.
// Low and High are ±Inf when the score is 0% or 100% (or lies so close to it
// that the interval reaches it).
type EloInterval struct {
	Elo, Low, High float64
}

// Margin returns the half-width of the interval (High−Low)/2, +Inf if unbounded.
func (e EloInterval) Margin() float64 { return (e.High - e.Low) / 2 }

// String formats e as "+35.2 ± 20.1" (the margin is the mean half-width).
// An even score prints as +0.0, not -0.0 (EloFromFraction(½) is −0).
func (e EloInterval) String() string {
	elo := e.Elo
	if elo == 0 {
		elo = 0 // drops the sign of −0
	}
	if math.IsInf(e.Margin(), 0) || math.IsNaN(e.Margin()) {
		return fmt.Sprintf("%+.1f ± inf", elo)
	}
	return fmt.Sprintf("%+.1f ± %.1f", elo, e.Margin())
}

// EloFromFraction converts a score fraction to an Elo difference with the
// logistic model: Elo = −400·log10(1/s − 1). It returns ±Inf at s = 1 and 0.
func EloFromFraction(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ExpectedScore is the logistic expected score of a player elo points
// stronger than its opponent: 1 / (1 + 10^(−elo/400)).
func ExpectedScore(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Elo estimates the Elo difference implied by s with a 95% interval. The
// standard error of the mean score comes from the trinomial (win/draw/loss)
// per-game variance, σ² = [W(1−μ)² + D(½−μ)² + L(0−μ)²]/N, so draws narrow the
// interval; the bounds are the logistic transform of μ ± 1.96·σ/√N. It is
// TrinomialElo's interval (one game gives an unbounded one; identical
// results use the largest variance, ¼).
func Elo(s Tally) EloInterval { return TrinomialElo(s).Elo }

// PairTally is the head-to-head record of player I against player J
// (Score is from I's point of view).
type PairTally struct {
	I, J  int
	Score Tally
}

// Rating is one player's pool rating: Elo anchored so that the pool mean is
// 0, with an approximate 95% margin from the Fisher information.
type Rating struct {
	Elo, Margin float64
}

// PoolRatings computes Bradley-Terry maximum-likelihood ratings for n
// players from head-to-head tallies (draws count as half a win each way),
// anchored at mean 0. It uses Hunter's minorization-maximization iteration
// γ_i ← W_i / Σ_j n_ij/(γ_i+γ_j). prior virtual draws are added to every pair
// that met (BayesElo's regularization): it keeps all-win or all-loss players
// finite; 0 disables it. Players without games get rating 0 and margin +Inf.
// The result is deterministic: a fixed iteration order and float64
// conversions around every product.
func PoolRatings(n int, tallies []PairTally, prior float64) ([]Rating, error) {
	if n <= 0 {
		return nil, nil
	}
	if prior < 0 {
		return nil, fmt.Errorf("arena: pool ratings: negative prior %g", prior)
	}
	games := make([][]float64, n) // games[i][j]: games (plus virtual) between i and j
	for i := range games {
		games[i] = make([]float64, n)
	}
	wins := make([]float64, n) // points scored, plus virtual draws
	for _, t := range tallies {
		if t.I < 0 || t.I >= n || t.J < 0 || t.J >= n || t.I == t.J {
			return nil, fmt.Errorf("arena: pool ratings: bad pair (%d, %d) for %d players", t.I, t.J, n)
		}
		g := float64(t.Score.Games())
		games[t.I][t.J] += g
		games[t.J][t.I] += g
		wins[t.I] += t.Score.Points()
		wins[t.J] += t.Score.Flip().Points()
	}
	if prior > 0 {
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if i != j && games[i][j] > 0 {
					games[i][j] += prior
					wins[i] += prior / 2
				}
			}
		}
	}
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	next := make([]float64, n)
	for iter := 0; iter < 10000; iter++ {
		maxChange := 0.0
		for i := 0; i < n; i++ {
			den := 0.0
			for j := 0; j < n; j++ {
				if j != i && games[i][j] > 0 {
					den += games[i][j] / (gamma[i] + gamma[j])
				}
			}
			switch {
			case den == 0: // no games: leave at 1
				next[i] = gamma[i]
			case wins[i] == 0: // never scored without a prior: pin low but finite
				next[i] = 1e-9
			default:
				next[i] = wins[i] / den
			}
		}
		// Normalize to geometric mean 1 (mean Elo 0).
		logSum := 0.0
		for i := range next {
			logSum += math.Log(next[i])
		}
		scale := math.Exp(logSum / float64(n))
		for i := range next {
			v := next[i] / scale
			if d := math.Abs(math.Log(v) - math.Log(gamma[i])); d > maxChange {
				maxChange = d
			}
			gamma[i] = v
		}
		if maxChange < 1e-10 {
			break
		}
	}
	out := make([]Rating, n)
	k := 400 / math.Ln10
	for i := range out {
		out[i].Elo = float64(k * math.Log(gamma[i]))
		info := 0.0 // Fisher information of log γ_i with the others fixed
		for j := 0; j < n; j++ {
			if j != i && games[i][j] > 0 {
				p := gamma[i] / (gamma[i] + gamma[j])
				info += float64(games[i][j] * float64(p*(1-p)))
			}
		}
		if info > 0 {
			out[i].Margin = float64(z95 * k / math.Sqrt(info))
		} else {
			out[i].Margin = math.Inf(1)
		}
	}
	return out, nil
}
