package arena

import (
	"errors"
	"math"
	"sort"
)

// AnchoredScore is a player's score against an opponent of known rating:
// Anchor is the opponent's Elo and AnchorSE its standard error (0 for a
// fixed anchor such as a Stockfish UCI_Elo level).
type AnchoredScore struct {
	Anchor, AnchorSE float64
	Score            Tally
}

// RateAgainstAnchors estimates a player's Elo from scores against anchors
// of known rating: the maximum-likelihood e of the logistic model, solving
// Σ games·E(e − anchor) = Σ points by bisection. A score of 0 or 100% over
// all games is pulled half a point towards the middle (a half-draw prior)
// so the estimate stays finite. se is the standard error: the Fisher
// information of the games, Σ n·p(1−p)·(ln 10/400)², inverted, with the
// anchors' own errors added in quadrature (weighted by games). It returns
// an error when there are no games.
func RateAgainstAnchors(scores []AnchoredScore) (elo, se float64, err error) {
	games, points := 0.0, 0.0
	for _, s := range scores {
		games += float64(s.Score.Games())
		points += s.Score.Points()
	}
	if games == 0 {
		return 0, 0, errors.New("arena: rate: no games")
	}
	points = min(max(points, 0.5), games-0.5)
	expected := func(e float64) float64 {
		sum := 0.0
		for _, s := range scores {
			sum += float64(float64(s.Score.Games()) * ExpectedScore(e-s.Anchor))
		}
		return sum
	}
	lo, hi := -5000.0, 9000.0
	for range 200 {
		mid := (lo + hi) / 2
		if expected(mid) < points {
			lo = mid
		} else {
			hi = mid
		}
	}
	elo = (lo + hi) / 2
	k := math.Ln10 / 400
	info, anchorVar := 0.0, 0.0
	for _, s := range scores {
		n := float64(s.Score.Games())
		p := ExpectedScore(elo - s.Anchor)
		info += float64(n * float64(p*(1-p)) * float64(k*k))
		anchorVar += float64(n * float64(s.AnchorSE*s.AnchorSE))
	}
	anchorVar /= games
	se = math.Sqrt(1/info + anchorVar)
	return elo, se, nil
}

// Isotonic returns the weighted least-squares non-decreasing fit of ys
// (the pool-adjacent-violators algorithm): the closest sequence, in the
// sense of Σ w·(fit−y)², that never decreases. Weights must be positive.
func Isotonic(ys, ws []float64) []float64 {
	type block struct {
		sum, w float64
		n      int
	}
	var blocks []block
	for i, y := range ys {
		blocks = append(blocks, block{sum: float64(y * ws[i]), w: ws[i], n: 1})
		for len(blocks) > 1 {
			a, b := blocks[len(blocks)-2], blocks[len(blocks)-1]
			if a.sum/a.w <= b.sum/b.w {
				break
			}
			blocks = append(blocks[:len(blocks)-2], block{sum: a.sum + b.sum, w: a.w + b.w, n: a.n + b.n})
		}
	}
	out := make([]float64, 0, len(ys))
	for _, b := range blocks {
		for range b.n {
			out = append(out, b.sum/b.w)
		}
	}
	return out
}

// NearestAnchor returns the element of anchors closest to elo (the lower
// one on a tie); anchors need not be sorted. It returns elo itself when
// anchors is empty.
func NearestAnchor(elo float64, anchors []float64) float64 {
	if len(anchors) == 0 {
		return elo
	}
	a := append([]float64(nil), anchors...)
	sort.Float64s(a)
	best := a[0]
	for _, x := range a[1:] {
		if math.Abs(x-elo) < math.Abs(best-elo) {
			best = x
		}
	}
	return best
}
