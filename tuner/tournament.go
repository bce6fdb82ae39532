package tuner

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/arena"
)

// Tournament is the relative fitness of David et al.'s coevolution and of
// Phoenix: the candidates (weight vectors of Scheme) play games against each
// other in-process at fixed limits and score 1 / ½ / 0 per game. With
// GamesPerPair > 0 every pair plays that many games (David et al.: 4, each
// opening played with both colours); otherwise every player plays at least
// GamesPerPlayer games in rounds where player i meets i+r and i-r (Phoenix:
// at least 3). The schedule's openings are drawn from a PCG seeded by Seed
// and a hash of the candidates, so the scores depend only on the inputs
// (not on the worker count or on earlier calls) and a resumed run replays
// the same games.
type Tournament struct {
	Scheme         eval.Scheme
	Search         search.Params
	Openings       []arena.Opening
	GamesPerPair   int
	GamesPerPlayer int
	Limits         arena.Limits
	Seed           uint64
	Concurrency    int
}

// Score implements Scorer.
func (t *Tournament) Score(ctx context.Context, cands [][]int32) ([]Score, error) {
	n := len(cands)
	if n < 2 {
		return nil, fmt.Errorf("tuner: tournament: need 2 candidates, got %d", n)
	}
	players, err := t.players(cands)
	if err != nil {
		return nil, err
	}
	seed, schedule := t.schedule(cands)
	cfg := arena.Config{Game: arena.GameConfig{Limits: t.Limits, Adjudication: arena.DefaultAdjudication()},
		Openings: t.Openings, Seed: seed, Concurrency: t.Concurrency}
	res, err := arena.Run(ctx, players, schedule, cfg)
	if err != nil {
		return nil, fmt.Errorf("tuner: tournament: %w", err)
	}
	out := make([]Score, n)
	for i, half := range res.Points() {
		tot := res.Total(i)
		out[i] = Score{Fitness: float64(half) / 2, Points: float64(half) / 2, Matched: half, Total: 2 * tot.Games()}
	}
	return out, nil
}

// players returns the candidates as in-process players.
func (t *Tournament) players(cands [][]int32) ([]arena.Player, error) {
	players := make([]arena.Player, len(cands))
	for i, w := range cands {
		p, err := arena.InProcess{Name: fmt.Sprintf("cand%d", i), Scheme: t.Scheme, Weights: w, Search: t.Search}.Player()
		if err != nil {
			return nil, fmt.Errorf("tuner: tournament: %w", err)
		}
		players[i] = p
	}
	return players, nil
}

// schedule returns the batch's seed (Seed and a hash of the candidates) and
// its games.
func (t *Tournament) schedule(cands [][]int32) (uint64, []arena.Pairing) {
	h := fnv.New64a()
	for _, w := range cands {
		for _, v := range w {
			h.Write([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)})
		}
		h.Write([]byte{0xff})
	}
	seed := t.Seed ^ h.Sum64()
	if t.GamesPerPair > 0 {
		return seed, arena.RoundRobinSchedule(len(cands), t.GamesPerPair, len(t.Openings), seed)
	}
	return seed, t.rounds(len(cands), seed)
}

// rounds schedules at least GamesPerPlayer games per player: in round r
// (r = 1, 2, …) player i plays White against i+r (mod n), so every player
// plays two games per round, one with each colour.
func (t *Tournament) rounds(n int, seed uint64) []arena.Pairing {
	k := max(1, t.GamesPerPlayer)
	rng := rand.New(rand.NewPCG(seed, 0x7475726e))
	var out []arena.Pairing
	for r := 1; 2*(r-1) < k; r++ {
		off := 1 + (r-1)%(n-1)
		for i := 0; i < n; i++ {
			op := 0
			if len(t.Openings) > 0 {
				op = rng.IntN(len(t.Openings))
			}
			out = append(out, arena.Pairing{White: i, Black: (i + off) % n, Opening: op})
		}
	}
	return out
}
