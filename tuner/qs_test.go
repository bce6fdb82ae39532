package tuner

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/fitness"
)

func TestConfigureQuiescentFitness(t *testing.T) {
	for _, tc := range []struct {
		name      string
		o         Options
		fitness   string
		recompile int
		err       string
	}{
		{"david-ga preset", Options{Preset: "david-ga"}, "match2-qs", 20, ""},
		{"vazquez-ep preset", Options{Preset: "vazquez-ep"}, "match-qs", 20, ""},
		{"hooke-jeeves preset", Options{Preset: "hooke-jeeves"}, "match-qs", 200, ""},
		{"history-ea preset", Options{Preset: "history-ea"}, "match-qs", 20, ""},
		{"mnc-match preset", Options{Preset: "mnc-match"}, "match-qs", 20, ""},
		{"algorithm default", Options{Algorithm: "de"}, "match-qs", 20, ""},
		{"unresolved kept", Options{Preset: "david-ga", Fitness: "match2"}, "match2", 0, ""},
		{"match kept", Options{Preset: "vazquez-ep", Fitness: "match"}, "match", 0, ""},
		{"recompile ga", Options{Preset: "david-ga", Recompile: 7}, "match2-qs", 7, ""},
		{"recompile history-ea", Options{Preset: "history-ea", Recompile: 5}, "match-qs", 5, ""},
		{"recompile hooke-jeeves", Options{Preset: "hooke-jeeves", Recompile: 5}, "match-qs", 5, ""},
		{"recompile cmaes", Options{Algorithm: "cmaes", Recompile: 5}, "match-qs", 5, ""},
		{"recompile off", Options{Preset: "david-ga", Recompile: -1}, "match2-qs", 0, ""},
		{"recompile unresolved", Options{Preset: "david-ga", Fitness: "match2", Recompile: 20}, "", 0, "needs a resolved fitness"},
		{"unknown fitness", Options{Preset: "david-ga", Fitness: "match3"}, "", 0, "match-qs, match2-qs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Configure(tc.o)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Problem.Fitness != tc.fitness || s.Problem.Recompile != tc.recompile {
				t.Fatalf("fitness %q recompile %d, want %q %d", s.Problem.Fitness, s.Problem.Recompile, tc.fitness, tc.recompile)
			}
		})
	}
}

// TestQuiescentHeldOutIsRealSearch checks that the held-out rate of a
// quiescence-resolved run (the real depth-1 search with quiescence and the
// "plain" parameters) equals the compiled match resolved with the candidate
// as reference, for several vectors, and that the training fitness at its
// reference is the real search's count.
func TestQuiescentHeldOutIsRealSearch(t *testing.T) {
	res := dataResources(t, 2)
	n := 300
	if !testing.Short() {
		n = 1000
	}
	for _, fit := range []string{"match-qs", "match2-qs"} {
		t.Run(fit, func(t *testing.T) {
			s, err := Configure(Options{Algorithm: "ep", Scheme: "vazquez29", Fitness: fit, PGN: "pgn/gm_demo_1500.pgn",
				Positions: n, TestPositions: n, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			prep, err := Prepare(context.Background(), s, res)
			if err != nil {
				t.Fatal(err)
			}
			sc, _ := eval.Lookup("vazquez29")
			if !slices.Equal(prep.Reference, s.Config.Init[0]) || slices.Equal(prep.Reference, param.Defaults(sc.Params())) {
				t.Fatalf("reference %v, want the run's random start %v", prep.Reference, s.Config.Init[0])
			}
			_, test, _, err := Samples(context.Background(), s.Problem, res, func(string, ...any) {})
			if err != nil {
				t.Fatal(err)
			}
			plain, _ := search.PresetParams("plain")
			rnd, _ := randomStart(s.Config.Specs, 7)
			pr, err := eval.LookupPreset("vazquez-table2-exploration")
			if err != nil {
				t.Fatal(err)
			}
			vecs := [][]int32{prep.Reference, rnd, pr.Weights}
			got, err := prep.Test.Score(context.Background(), vecs)
			if err != nil {
				t.Fatal(err)
			}
			for i, w := range vecs {
				// The compiled match is exact at its own reference.
				mm, err := fitness.CompileMoveMatchOpts(sc, test, fitness.CompileOptions{Quiescence: true, Reference: w})
				if err != nil {
					t.Fatal(err)
				}
				if want := mm.Score(w, nil); got[i].Matched != want || got[i].Total != len(test) {
					t.Fatalf("vector %d: held out %d/%d, compiled at its reference %d/%d", i, got[i].Matched, got[i].Total, want, len(test))
				}
			}
			// Training fitness at the reference: the real search's count (squared for match2-qs).
			tr, err := prep.Train.Score(context.Background(), [][]int32{prep.Reference})
			if err != nil {
				t.Fatal(err)
			}
			train, _, _, _ := Samples(context.Background(), s.Problem, res, func(string, ...any) {})
			ev, _ := eval.New(sc, prep.Reference)
			want, _ := fitness.SearchMoveMatch(context.Background(), ev, plain, search.Limits{Depth: 1}, 1, train, nil, nil)
			f := float64(want.Matched)
			if fit == "match2-qs" {
				f *= f
			}
			if tr[0].Matched != want.Matched || tr[0].Fitness != f {
				t.Fatalf("training at the reference: %d (fitness %g), real search %d", tr[0].Matched, tr[0].Fitness, want.Matched)
			}
		})
	}
}

// TestRecompileExactResume runs a recompiling run whole and stopped,
// checkpointed and resumed from evaluators rebuilt from the checkpoint's
// setup, and checks they end identically; and that after a recompilation
// the stored fitness of the best is its score under the new reference.
func TestRecompileExactResume(t *testing.T) {
	res := dataResources(t, 2)
	for _, tc := range []struct {
		algo, fitness string
		gens, stop    int
	}{
		{"ga", "match2-qs", 7, 4},
		{"ep", "match-qs", 7, 3},
		{"history-ea", "match-qs", 7, 5},
		{"hooke-jeeves", "match-qs", 9, 5},
		{"mnc", "match-qs", 7, 3},
		{"cmaes", "match-qs", 7, 4},
		{"de", "match-qs", 7, 5},
		{"pso", "match-qs", 7, 3},
		{"texel", "match-qs", 9, 4},
	} {
		t.Run(tc.algo, func(t *testing.T) {
			s, err := Configure(Options{Algorithm: tc.algo, Scheme: "vazquez29", Fitness: tc.fitness, PGN: "pgn/gm_demo_1500.pgn",
				Positions: 200, TestPositions: 100, Generations: tc.gens, Seed: 3, Recompile: 2,
				Params: paramsRead(tc.algo, map[string]float64{"history_pr": 0.5, "stall_gens": 0, "slow_gens": 0, "step": 16})})
			if s.Config.Pop > 0 {
				s.Config.Pop = 10
			}
			if err != nil {
				t.Fatal(err)
			}
			start := func(s Setup, cp *Checkpointed) *Run {
				t.Helper()
				prep, err := Prepare(context.Background(), s, res)
				if err != nil {
					t.Fatal(err)
				}
				var r *Run
				if cp != nil {
					r, err = cp.Resume(prep.Train, prep.Test)
				} else {
					r, err = NewRun(s, prep.Train, prep.Test)
				}
				if err != nil {
					t.Fatal(err)
				}
				r.Recompile, r.Now = prep.Recompile, fixedClock()
				return r
			}
			whole := start(s, nil)
			if err := whole.RunAll(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			if whole.Setup().Problem.Reference == nil {
				t.Fatal("the run never recompiled")
			}
			// The best's stored fitness is its score under the last reference.
			b, bs, _, _ := whole.Best()
			fresh := start(whole.Setup(), nil)
			sc, err := fresh.train.Score(context.Background(), [][]int32{b.X})
			if err != nil {
				t.Fatal(err)
			}
			if whole.compiledAt == tc.gens-tc.gens%2 && (sc[0].Fitness != b.Fitness || !reflect.DeepEqual(sc[0], bs)) {
				t.Fatalf("best fitness %g (%+v), under the last reference %g (%+v)", b.Fitness, bs, sc[0].Fitness, sc[0])
			}

			part := start(s, nil)
			for range tc.stop {
				if _, err := part.Step(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			cp := checkpointRoundTrip(t, part)
			resumed := start(cp.Setup, cp)
			if err := resumed.RunAll(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			a, as, at, _ := whole.Best()
			c, cs, ct, _ := resumed.Best()
			if !slices.Equal(a.X, c.X) || a.Fitness != c.Fitness || !reflect.DeepEqual(as, cs) || !reflect.DeepEqual(at, ct) {
				t.Fatalf("best %v %+v %+v vs %v %+v %+v", a, as, at, c, cs, ct)
			}
			ra, rb := whole.Records(), resumed.Records()
			if len(ra) != len(rb) {
				t.Fatalf("%d vs %d records", len(ra), len(rb))
			}
			for i := range ra {
				ra[i].Seconds, rb[i].Seconds = 0, 0
				if ra[i] != rb[i] {
					t.Fatalf("record %d: %+v vs %+v", i, ra[i], rb[i])
				}
			}
			if !reflect.DeepEqual(whole.HallOfFame(), resumed.HallOfFame()) {
				t.Fatal("halls of fame differ")
			}
		})
	}
}

// TestRecompileNeedsFunction checks that a recompiling run without
// Run.Recompile fails at the recompilation and stays unchanged.
func TestRecompileNeedsFunction(t *testing.T) {
	res := dataResources(t, 2)
	s, err := Configure(Options{Algorithm: "ep", Scheme: "vazquez29", Fitness: "match-qs", PGN: "pgn/gm_demo_1500.pgn",
		Positions: 100, TestPositions: 50, Population: 6, Generations: 4, Seed: 1, Recompile: 1})
	if err != nil {
		t.Fatal(err)
	}
	r, prep := preparedRun(t, s, res)
	if _, err := r.Step(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, err = r.Step(context.Background())
	if err == nil || !strings.Contains(err.Error(), "no Recompile function") {
		t.Fatalf("error %v", err)
	}
	if r.Optimizer().Generation() != 1 || len(r.Records()) != 1 {
		t.Fatalf("run changed: generation %d, %d records", r.Optimizer().Generation(), len(r.Records()))
	}
	// A cancelled recompilation leaves it unchanged too.
	r.Recompile = prep.Recompile
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Step(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled step: %v", err)
	}
	if r.Setup().Problem.Reference != nil || r.compiledAt != 0 {
		t.Fatal("a cancelled recompilation changed the run")
	}
}

// TestSmokeQuiescentImprovesHeldOut: the quiescence-resolved fitness, with
// and without recompiling, evolves players that match more held-out
// positions (real depth-1 + quiescence searches) than random players do.
func TestSmokeQuiescentImprovesHeldOut(t *testing.T) {
	res := dataResources(t, 2)
	positions := 1000
	if testing.Short() {
		positions = 500
	}
	for _, tc := range []struct {
		algo, fitness   string
		pop, gens, reco int
	}{
		{"ga", "match2-qs", 30, 30, -1}, {"ga", "match2-qs", 30, 30, 10}, {"ep", "match-qs", 20, 40, -1}, {"history-ea", "match-qs", 20, 40, 15},
	} {
		t.Run(fmt.Sprintf("%s-%s-recompile%d", tc.algo, tc.fitness, tc.reco), func(t *testing.T) {
			s, err := Configure(Options{Algorithm: tc.algo, Scheme: "vazquez29", Fitness: tc.fitness, PGN: "pgn/gm_demo_1500.pgn",
				Positions: positions, TestPositions: positions, Protocol: "all", Population: tc.pop, Generations: tc.gens, Seed: 1, Recompile: tc.reco})
			if err != nil {
				t.Fatal(err)
			}
			r, prep := preparedRun(t, s, res)
			r.Recompile = prep.Recompile
			if err := r.RunAll(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
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
			t.Logf("%s: train %.3f, held out %.3f, random players' mean held out %.3f", tc.algo, train.Rate(), test.Rate(), base)
			if test.Rate() <= base {
				t.Fatalf("held-out rate %.3f not above random players' %.3f", test.Rate(), base)
			}
			if (tc.reco > 0) != (r.Setup().Problem.Reference != nil) {
				t.Fatalf("recompile %d, reference after the run %v", tc.reco, r.Setup().Problem.Reference)
			}
		})
	}
}

// TestQMemoSameRun: a recompiling run gives the same log, best and
// held-out scores with the quiescence memos (the default), with none
// (Resources.QMemoBytes < 0) and with memos too small for its positions.
func TestQMemoSameRun(t *testing.T) {
	for _, tc := range []struct{ algo, fitness string }{{"ep", "match-qs"}, {"ga", "match2-qs"}, {"hooke-jeeves", "match-qs"}} {
		t.Run(tc.algo, func(t *testing.T) {
			s, err := Configure(Options{Algorithm: tc.algo, Scheme: "vazquez29", Fitness: tc.fitness, PGN: "pgn/gm_demo_1500.pgn",
				Positions: 200, TestPositions: 100, Generations: 6, Seed: 5, Recompile: 2,
				Params: paramsRead(tc.algo, map[string]float64{"stall_gens": 0, "slow_gens": 0})})
			if err != nil {
				t.Fatal(err)
			}
			if s.Config.Pop > 0 {
				s.Config.Pop = 10
			}
			run := func(memoBytes int) *Run {
				t.Helper()
				res := dataResources(t, 2)
				res.QMemoBytes = memoBytes
				r, prep := preparedRun(t, s, res)
				r.Recompile, r.Now = prep.Recompile, fixedClock()
				if err := r.RunAll(context.Background(), nil); err != nil {
					t.Fatal(err)
				}
				return r
			}
			want := run(-1)
			for _, bytes := range []int{0, 256 << 10} {
				got := run(bytes)
				a, as, at, _ := want.Best()
				c, cs, ct, _ := got.Best()
				if !slices.Equal(a.X, c.X) || !reflect.DeepEqual(as, cs) || !reflect.DeepEqual(at, ct) {
					t.Fatalf("memo %d bytes: best %v %+v %+v, without memos %v %+v %+v", bytes, c, cs, ct, a, as, at)
				}
				ra, rb := want.Records(), got.Records()
				if len(ra) != len(rb) {
					t.Fatalf("memo %d bytes: %d records, without memos %d", bytes, len(rb), len(ra))
				}
				for i := range ra {
					ra[i].Seconds, rb[i].Seconds = 0, 0
					if ra[i] != rb[i] {
						t.Fatalf("memo %d bytes: record %d %+v, without memos %+v", bytes, i, rb[i], ra[i])
					}
				}
			}
		})
	}
}
