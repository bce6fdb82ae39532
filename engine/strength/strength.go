package strength

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/search"
)

// Level is a playing strength below the engine's full strength: a node
// and depth budget for the search, and a seeded noisy choice among the best
// root moves (a MultiPV-style search of Candidates moves, scored at the
// same depth, one of them drawn with probability ∝ exp(−loss/Temperature),
// never one that loses more than MaxLoss centipawns against the best).
// All parameters follow from one number, Skill in [0, 1] (ForSkill); the
// calibration table maps Elo to Skill (ForElo).
type Level struct {
	Elo         int     // the Elo asked for (0: full strength)
	Skill       float64 // in [0, 1]; meaningless at full strength
	Nodes       uint64  // node budget of the main search
	Depth       int     // depth cap of the main search
	Candidates  int     // root moves scored (1: the best move, no noise)
	Temperature int     // centipawns
	MaxLoss     int     // centipawns
}

// Full is the engine's full strength: no limit and no noise.
var Full = Level{}

// IsFull reports whether l plays at full strength.
func (l Level) IsFull() bool { return l.Nodes == 0 && l.Depth == 0 }

// String describes the level.
func (l Level) String() string {
	if l.IsFull() {
		return "full strength"
	}
	return fmt.Sprintf("Elo %d (skill %.3f: %d nodes, depth %d, %d candidates, temperature %d cp, max loss %d cp)",
		l.Elo, l.Skill, l.Nodes, l.Depth, l.Candidates, l.Temperature, l.MaxLoss)
}

// Skill ranges of the parameters.
const (
	minNodes = 128 // at skill 0; 128·2¹⁰ = 131,072 at skill 1
	maxTemp  = 120 // centipawns at skill 0; 0 at skill 1
	// nodeStep is 2^(10/1000): one thousandth of skill multiplies the node
	// budget by it.
	nodeStep = 1.0069555500567189
)

// ForSkill returns the level of skill x in [0, 1] (clamped, and rounded to
// a thousandth so that every platform computes the same level with plain
// IEEE multiplications):
//   - Nodes = 128 · 2^(10·x), geometric from 128 to 131,072;
//   - Depth = MaxDepth (the node budget is the limit);
//   - Candidates = round(3 + 5·(1−x)²) root moves (8 at skill 0, 3 at 1);
//   - Temperature = round(120·(1−x)⁶) cp and MaxLoss = 20 + round(600·(1−x)⁶) cp.
//
// The node budget carries most of the range; the noise, which costs Elo
// quickly because its errors add up over a game, is strong only near
// skill 0 (at skill 0.25 the temperature is 21 cp, at 0.5 2 cp). At skill 1
// the choice is the best move (temperature 0) within a 131,072-node
// budget, about a tenth of a second of native search.
func ForSkill(x float64) Level {
	k := int(math.Round(min(max(x, 0), 1) * 1000))
	x = float64(k) / 1000
	y := 1 - x
	yy := float64(y * y)
	y6 := float64(float64(yy*yy) * yy)
	nodes := float64(minNodes)
	for range k {
		nodes = float64(nodes * nodeStep)
	}
	return Level{
		Skill:       x,
		Nodes:       uint64(math.Round(nodes)),
		Depth:       search.MaxDepth,
		Candidates:  int(math.Round(float64(3 + float64(5*yy)))),
		Temperature: int(math.Round(float64(maxTemp * y6))),
		MaxLoss:     20 + int(math.Round(float64(600*y6))),
	}
}

// calPoint is one calibrated level: its skill and its Elo (calibration.go).
type calPoint struct {
	skill, elo float64
}

// MinElo is the weakest level offered (ForElo clamps below it).
const MinElo = 800

// MaxElo returns the Elo of the strongest calibrated level; ForElo gives
// full strength from there on.
func MaxElo() int { return int(math.Round(calibration[len(calibration)-1].elo)) }

// ForElo returns the level whose calibrated strength is elo on the
// calibration scale (Stockfish 15.1's UCI_Elo at 100 ms per move, see
// calibration.go): Skill is interpolated linearly between the calibrated
// points. elo ≤ 0 and elo ≥ MaxElo give full strength; elo below the
// weakest calibrated point gives skill 0.
func ForElo(elo int) Level {
	if elo <= 0 || elo >= MaxElo() {
		return Full
	}
	e := float64(max(elo, MinElo))
	x := calibration[0].skill
	for i := 1; i < len(calibration); i++ {
		a, b := calibration[i-1], calibration[i]
		if e <= b.elo {
			if b.elo > a.elo && e > a.elo {
				x = a.skill + float64((b.skill-a.skill)*(e-a.elo))/(b.elo-a.elo)
			} else {
				x = a.skill
			}
			break
		}
	}
	l := ForSkill(x)
	l.Elo = elo
	return l
}

// candidate is a scored root move.
type candidate struct {
	move  board.Move
	score int
	res   search.Result
}

// rngStream is the PCG stream of the level's choices.
const rngStream = 0x736b696c6c // "skill"

// Search plays pos at level l with searcher s: at full strength it is
// s.Search; otherwise the main search runs within lim tightened by the
// level's node and depth caps, then Candidates−1 more searches at the depth
// it completed, each excluding the moves already scored, give the next
// best moves and their scores, and one is drawn with probability
// ∝ exp(−(best−score)/Temperature) among those within MaxLoss of the best.
// The draw uses a generator seeded by (seed, pos's hash), so the same
// searcher state, position, limits, level and seed give the same move.
// Under time limits the main search gets 60% of the hard budget and the
// candidate searches stop at the budget (at temperature 0 there are no
// candidate searches and the main search gets the whole budget). progress receives the main
// search's iterations. The result's Nodes counts every search.
func Search(ctx context.Context, s *search.Searcher, pos *board.Position, lim search.Limits, l Level, seed uint64,
	progress func(search.Info)) search.Result {
	if l.IsFull() {
		return s.Search(ctx, pos, lim, progress)
	}
	start := time.Now()
	main := lim
	// One line: the level's node budget is the calibrated one for the
	// best line alone (the choice draws among its own candidates).
	main.MultiPV = 0
	if main.Nodes == 0 || main.Nodes > l.Nodes {
		main.Nodes = l.Nodes
	}
	if main.Depth == 0 || main.Depth > l.Depth {
		main.Depth = l.Depth
	}
	_, hard, timed := search.TimeBudget(lim, pos.Side)
	cctx := ctx
	if timed && lim.Ponder == nil && l.Candidates > 1 && l.Temperature > 0 {
		main.WTime, main.BTime, main.WInc, main.BInc, main.MovesToGo = 0, 0, 0, 0, 0
		main.MoveTime = max(hard*6/10, time.Millisecond)
		var cancel context.CancelFunc
		cctx, cancel = context.WithDeadline(ctx, start.Add(hard))
		defer cancel()
	}
	res := s.Search(ctx, pos, main, progress)
	// A ponder search weakens its move too (the candidate searches are
	// capped by the level's nodes and the main search's depth, and its
	// result waits for ponderhit anyway); a stop — a ponder miss — ends
	// them through ctx.
	if res.Best == board.NoMove || l.Candidates <= 1 || l.Temperature <= 0 || ctx.Err() != nil {
		return res
	}
	legal := pos.LegalMoves()
	allowed := legal
	if len(lim.SearchMoves) > 0 {
		allowed = nil
		for _, m := range legal {
			for _, o := range lim.SearchMoves {
				if m == o {
					allowed = append(allowed, m)
				}
			}
		}
		if len(allowed) == 0 {
			allowed = legal
		}
	}
	cands := []candidate{{move: res.Best, score: res.Score, res: res}}
	nodes := res.Nodes
	depth := max(res.Depth, 1)
	for len(cands) < l.Candidates && len(cands) < len(allowed) && cctx.Err() == nil {
		var rest []board.Move
		for _, m := range allowed {
			taken := false
			for _, c := range cands {
				taken = taken || c.move == m
			}
			if !taken {
				rest = append(rest, m)
			}
		}
		r := s.Search(cctx, pos, search.Limits{Depth: depth, Nodes: l.Nodes, SearchMoves: rest}, nil)
		nodes += r.Nodes
		if r.Best == board.NoMove || cctx.Err() != nil {
			break
		}
		cands = append(cands, candidate{move: r.Best, score: r.Score, res: r})
	}
	rng := rand.New(rand.NewPCG(seed, pos.Hash^rngStream))
	pick := choose(cands, l, rng)
	out := pick.res
	out.Nodes = nodes
	out.Time = time.Since(start)
	out.SelDepth = max(out.SelDepth, res.SelDepth)
	return out
}

// choose draws a candidate with integer weights 2³⁰·(T/(T+loss))³ for
// losses up to MaxLoss (the best has loss 0, weight 2³⁰): a smooth kernel
// like exp(−3·loss/T) near 0 with a heavier tail, in integers so that the
// draw is the same on every platform.
func choose(cands []candidate, l Level, rng *rand.Rand) candidate {
	best := cands[0].score
	for _, c := range cands {
		best = max(best, c.score)
	}
	t := uint64(max(l.Temperature, 1))
	weights := make([]uint64, len(cands))
	var total uint64
	for i, c := range cands {
		loss := best - c.score
		if loss > l.MaxLoss || loss < 0 {
			continue
		}
		d := t + uint64(loss)
		weights[i] = (1 << 30) * t * t * t / (d * d * d)
		total += weights[i]
	}
	if total == 0 {
		return cands[0]
	}
	r := rng.Uint64N(total)
	for i, w := range weights {
		if r < w {
			return cands[i]
		}
		r -= w
	}
	return cands[0] // unreachable
}
