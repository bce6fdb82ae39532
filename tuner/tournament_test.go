package tuner

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/tuner/opt"
)

func TestTournamentDeterministicAndSensible(t *testing.T) {
	s, err := eval.Lookup("material")
	if err != nil {
		t.Skip("material scheme not available:", err)
	}
	good := param.Defaults(s.Params())
	bad := slices.Clone(good)
	for i, sp := range s.Params() {
		bad[i] = int32(sp.Min) // every piece worth the minimum: a weak player
	}
	sp, _ := search.PresetParams("plain")
	cands := [][]int32{good, bad, good, bad}
	for _, tc := range []struct {
		name  string
		tour  Tournament
		games int
	}{
		{"pairs", Tournament{Scheme: s, Search: sp, GamesPerPair: 2, Limits: arena.Limits{Depth: 1}, Seed: 3}, 12},
		{"rounds", Tournament{Scheme: s, Search: sp, GamesPerPlayer: 3, Limits: arena.Limits{Depth: 1}, Seed: 3}, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			one := tc.tour
			one.Concurrency = 1
			a, err := one.Score(context.Background(), cands)
			if err != nil {
				t.Fatal(err)
			}
			two := tc.tour
			two.Concurrency = 2
			b, err := two.Score(context.Background(), cands)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("concurrency changed the scores: %v vs %v", a, b)
			}
			total := 0.0
			for _, sc := range a {
				total += sc.Points
			}
			if total != float64(tc.games) {
				t.Fatalf("total points %v, want %d games", total, tc.games)
			}
			if a[0].Fitness+a[2].Fitness < a[1].Fitness+a[3].Fitness {
				t.Errorf("reasonable material values scored %v, minimum values %v", a[0].Fitness+a[2].Fitness, a[1].Fitness+a[3].Fitness)
			}
		})
	}
}

// TestRelativeDuplicates: a relative run whose population holds the same
// vector twice plays both copies (a tournament needs two entrants).
func TestRelativeDuplicates(t *testing.T) {
	calls := 0
	ev := ScorerFunc(func(_ context.Context, cands [][]int32) ([]Score, error) {
		calls++
		if len(cands) < 2 {
			return nil, fmt.Errorf("need 2 candidates, got %d", len(cands))
		}
		out := make([]Score, len(cands))
		for i := range out {
			out[i].Fitness = float64(i)
		}
		return out, nil
	})
	cfg, _ := opt.Defaults("ga", testSpecs(3))
	cfg.Pop, cfg.Generations, cfg.Relative, cfg.Selection = 2, 3, true, "rank"
	same := []int32{1, 2, 3}
	cfg.Init = [][]int32{same, same}
	r, err := NewRun(Setup{Algorithm: "ga", Config: cfg}, ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.RunAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if calls != 3 {
		t.Fatalf("%d evaluations", calls)
	}
}
