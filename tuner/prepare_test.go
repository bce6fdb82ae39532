package tuner

import (
	"context"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/internal/shareddata"
	"github.com/evochess/evochess/tuner/opt"
)

// dataResources opens names relative to the shared data folder.
func dataResources(tb testing.TB, workers int) Resources {
	tb.Helper()
	return Resources{Workers: workers, Cache: &DataCache{}, Open: shareddata.Opener(tb)}
}

// preparedRun prepares s with res and starts a run on the prepared
// evaluators.
func preparedRun(tb testing.TB, s Setup, res Resources) (*Run, *Prepared) {
	tb.Helper()
	prep, err := Prepare(context.Background(), s, res)
	if err != nil {
		tb.Fatal(err)
	}
	r, err := NewRun(s, prep.Train, prep.Test)
	if err != nil {
		tb.Fatal(err)
	}
	return r, prep
}

// TestSmokeImprovesHeldOut runs every algorithm on a tiny budget with
// move-match fitness on the demo games and checks that the result matches
// more held-out positions than the random start population's best did (the
// CI smoke test).
func TestSmokeImprovesHeldOut(t *testing.T) {
	res := dataResources(t, 2)
	positions := 2000
	if testing.Short() {
		positions = 1000
	}
	for _, tc := range []struct {
		algo string
		pop  int
		gens int
	}{
		{"ga", 30, 30}, {"ep", 20, 40}, {"history-ea", 20, 40}, {"mnc", 20, 30},
		{"cmaes", 0, 60}, {"de", 20, 40}, {"pso", 20, 40}, {"hooke-jeeves", 0, 1000}, {"texel", 0, 1000},
	} {
		t.Run(tc.algo, func(t *testing.T) {
			s, err := Configure(Options{Algorithm: tc.algo, Scheme: "vazquez29", Fitness: "match", PGN: "pgn/gm_demo_1500.pgn",
				Positions: positions, TestPositions: positions, Protocol: "all", Population: tc.pop, Generations: tc.gens, Seed: 1, Unsolved: -1, Start: "random",
				Params: paramsRead(tc.algo, map[string]float64{"stall_gens": 0, "slow_gens": 0, "step": 64}), Recompile: -1})
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := randomStart(s.Config.Specs, 1); !slices.Equal(s.Config.Init[0], want) {
				t.Fatalf("start %v, want the seeded random start %v", s.Config.Init[0], want)
			}
			r, prep := preparedRun(t, s, res)
			if err := r.RunAll(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			if prep.TrainPositions != positions || prep.TestPositions != positions {
				t.Fatalf("positions %d/%d, want %d", prep.TrainPositions, prep.TestPositions, positions)
			}
			// The baseline: the mean held-out rate of five random players.
			base := 0.0
			for seed := uint64(100); seed < 105; seed++ {
				w, _ := randomStart(s.Config.Specs, seed)
				sc, err := prep.Test.Score(context.Background(), [][]int32{w})
				if err != nil {
					t.Fatal(err)
				}
				base += sc[0].Rate() / 5
			}
			_, train, test, _ := r.Best()
			t.Logf("%s: train %.3f, held out %.3f, random players' mean held out %.3f, %d evaluations",
				tc.algo, train.Rate(), test.Rate(), base, r.Optimizer().Evaluations())
			if test.Rate() <= base {
				t.Fatalf("held-out rate %.3f not above random players' %.3f", test.Rate(), base)
			}
		})
	}
}

// TestSmokeTexel runs the Texel-loss optimizers on a tiny budget from a
// random player over the demo games and checks that the held-out loss
// falls below the random players' mean.
func TestSmokeTexel(t *testing.T) {
	res := dataResources(t, 2)
	for _, algo := range []string{"texel", "adam", "ep", "cmaes"} {
		t.Run(algo, func(t *testing.T) {
			s, err := Configure(Options{Algorithm: algo, Scheme: "vazquez29", Fitness: "texel", PGN: "pgn/gm_demo_1500.pgn",
				Positions: 3000, TestPositions: 3000, Generations: 60, Seed: 1, Start: "random", Recompile: 25,
				Params: paramsRead(algo, map[string]float64{"step": 16, "lr": 4})})
			if err != nil {
				t.Fatal(err)
			}
			prep, err := Prepare(context.Background(), s, res)
			if err != nil {
				t.Fatal(err)
			}
			r, err := NewRunPrepared(s, prep)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.RunAll(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			// The held-out set after the last recompilation.
			fresh, err := Prepare(context.Background(), r.Setup(), res)
			if err != nil {
				t.Fatal(err)
			}
			if fresh.K != prep.K {
				t.Fatalf("K %v after a recompilation, %v before: K must stay frozen", fresh.K, prep.K)
			}
			base := 0.0
			for seed := uint64(100); seed < 105; seed++ {
				sc, err := fresh.Test.Score(context.Background(), [][]int32{mustRandom(t, s.Config.Specs, seed)})
				if err != nil {
					t.Fatal(err)
				}
				base += sc[0].Loss / 5
			}
			_, train, test, _ := r.Best()
			t.Logf("%s: K %.5f, train loss %.5f, held-out loss %.5f, random players' mean %.5f", algo, prep.K, train.Loss, test.Loss, base)
			if !(test.Loss < base) || r.Setup().Problem.Reference == nil {
				t.Fatalf("held-out loss %.5f not below random players' %.5f (or never recompiled)", test.Loss, base)
			}
		})
	}
}

func mustRandom(t *testing.T, specs []param.Spec, seed uint64) []int32 {
	t.Helper()
	x, err := randomStart(specs, seed)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// paramsRead keeps the settings of m that algorithm algo reads (Configure
// refuses the others), so one table of settings serves every algorithm.
func paramsRead(algo string, m map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for k, v := range m {
		if opt.ReadsField(algo, k) {
			out[k] = v
		}
	}
	return out
}

// popRead is pop for the population methods and 0 for the others.
func popRead(algo string, pop int) int {
	if opt.ReadsField(algo, "pop") {
		return pop
	}
	return 0
}

// TestQMemoBudget: the default memo budget grows with the positions
// between DefaultQMemoBytes and MaxQMemoBytes, and Resources.QMemoBytes
// overrides it (negative: no memo).
func TestQMemoBudget(t *testing.T) {
	for _, tc := range []struct {
		set, n, per, want int
	}{
		{0, 0, QMemoTrainPerPosition, DefaultQMemoBytes},
		{0, 100, QMemoTrainPerPosition, DefaultQMemoBytes},
		{0, 1000, QMemoTrainPerPosition, min(64_000<<10, MaxQMemoBytes)}, // 62.5 MiB natively
		{0, 1000, QMemoHeldOutPerPosition, DefaultQMemoBytes},
		{0, 1 << 20, QMemoTrainPerPosition, MaxQMemoBytes},
		{5 << 20, 1000, QMemoTrainPerPosition, 5 << 20},
		{-1, 1000, QMemoTrainPerPosition, 0},
	} {
		if got := (Resources{QMemoBytes: tc.set}).qmemoBytes(tc.n, tc.per); got != tc.want {
			t.Errorf("QMemoBytes %d, %d positions at %d: %d bytes, want %d", tc.set, tc.n, tc.per, got, tc.want)
		}
	}
	if MaxQMemoBytes < DefaultQMemoBytes {
		t.Errorf("MaxQMemoBytes %d below DefaultQMemoBytes %d", MaxQMemoBytes, DefaultQMemoBytes)
	}
}
