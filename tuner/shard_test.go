package tuner

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/evochess/evochess/engine/param"
)

// TestShardsCombineExactly checks, for every kind of training evaluator,
// that scoring a batch in unit ranges of any size and combining the
// partial scores (what tuner/dist does across processes) gives exactly the
// scores of Score.
func TestShardsCombineExactly(t *testing.T) {
	res := dataResources(t, 2)
	for _, tc := range []struct {
		name      string
		opts      Options
		cands     int
		wantUnits int
		shared    bool
	}{
		{"match2-qs", Options{Algorithm: "ga", Scheme: "vazquez29", Fitness: "match2-qs", PGN: "pgn/gm_demo_1500.pgn", Positions: 300, TestPositions: 100}, 4, 1, false},
		{"texel adam", Options{Algorithm: "adam", Scheme: "vazquez29", Fitness: "texel", PGN: "pgn/gm_demo_1500.pgn", Positions: 300, TestPositions: 100}, 3, 1, false},
		{"texel chunks", Options{Algorithm: "adam", Scheme: "david35", Fitness: "texel", PGN: "pgn/gm_demo_1500.pgn", Positions: 5000, TestPositions: 100}, 2, 0, false},
		{"texel ep", Options{Algorithm: "ep", Scheme: "vazquez29", Fitness: "texel", PGN: "pgn/gm_demo_1500.pgn", Positions: 3000, TestPositions: 100}, 3, 0, false},
		{"nodes", Options{Preset: "david-search", Positions: 5, NodeCap: 3000}, 3, 5, false},
		{"tournament rounds", Options{Algorithm: "mnc", Scheme: "vazquez29", Fitness: "tournament", Games: 3, GameDepth: 1}, 5, 10, true},
		{"tournament pairs", Options{Algorithm: "ga", Scheme: "vazquez29", Fitness: "tournament", Openings: "openings/noob_3moves_1500.epd", GameDepth: 1}, 3, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Configure(tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if tc.name == "tournament pairs" {
				s.Problem.Games, s.Problem.GamesPerPlayer = 2, 0
			}
			prep, err := Prepare(context.Background(), s, res)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, 1))
			var cands [][]int32
			for range tc.cands {
				x := make([]int32, len(s.Config.Specs))
				for i, sp := range s.Config.Specs {
					x[i] = int32(sp.Min + rng.IntN(sp.Max-sp.Min+1))
				}
				cands = append(cands, x)
			}
			if tc.name == "nodes" {
				cands[0] = param.Defaults(s.Config.Specs)
			}
			want, err := prep.Train.Score(context.Background(), cands)
			if err != nil {
				t.Fatal(err)
			}
			sh := AsShardable(prep.Train, s.Config.Relative)
			n, shared := sh.Units(cands)
			if shared != tc.shared || (tc.wantUnits > 0 && n != tc.wantUnits) {
				t.Fatalf("units %d shared %v, want %d %v", n, shared, tc.wantUnits, tc.shared)
			}
			for _, chunk := range []int{1, 2, 3, n} {
				got, err := ScoreShards(context.Background(), sh, cands, chunk)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("chunks of %d units:\n got %+v\nwant %+v", chunk, got, want)
				}
			}
		})
	}
}

func TestSumPartials(t *testing.T) {
	for _, tc := range []struct {
		name  string
		parts []Score
		want  Score
	}{
		{"none", nil, Score{}},
		{"one keeps negative zero", []Score{{Fitness: negZero(), Grad: []float64{1}}}, Score{Fitness: negZero(), Grad: []float64{1}}},
		{"sum", []Score{{Matched: 1, Total: 2, Nodes: 3, Points: 0.5}, {Matched: 2, Total: 2, Nodes: 4, Points: 1, Grad: []float64{1, 2}}},
			Score{Matched: 3, Total: 4, Nodes: 7, Points: 1.5, Grad: []float64{1, 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := SumPartials(tc.parts)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func negZero() float64 {
	z := 0.0
	return -z
}
