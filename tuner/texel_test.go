package tuner

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"testing"
)

// TestTexelExactResume runs Texel-loss runs (a gradient method and a
// population method) with recompilation and a validation split whole, and
// stopped, checkpointed and resumed from evaluators rebuilt from the
// checkpoint, with different worker counts: they must end identically.
func TestTexelExactResume(t *testing.T) {
	for _, algo := range []string{"adam", "ep"} {
		t.Run(algo, func(t *testing.T) {
			s, err := Configure(Options{Algorithm: algo, Scheme: "david35", Fitness: "texel", PGN: "pgn/gm_demo_1500.pgn",
				Positions: 4000, TestPositions: 1500, ValidationPercent: 10, Generations: 8, Population: 6, Seed: 2,
				Start: "material", Recompile: 3, Params: map[string]float64{"lr": 3}})
			if err != nil {
				t.Fatal(err)
			}
			start := func(s Setup, cp *Checkpointed, workers int) *Run {
				t.Helper()
				prep, err := Prepare(context.Background(), s, dataResources(t, workers))
				if err != nil {
					t.Fatal(err)
				}
				if prep.Validation == nil || prep.Test == nil {
					t.Fatal("no validation or held-out set")
				}
				var r *Run
				if cp != nil {
					r, err = cp.ResumePrepared(prep)
				} else {
					r, err = NewRunPrepared(s, prep)
				}
				if err != nil {
					t.Fatal(err)
				}
				r.Now = fixedClock()
				return r
			}
			whole := start(s, nil, 1)
			if err := whole.RunAll(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			part := start(s, nil, 3)
			for range 4 {
				if _, err := part.Step(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			var buf bytes.Buffer
			if err := part.Checkpoint(&buf); err != nil {
				t.Fatal(err)
			}
			cp, err := ReadCheckpoint(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if cp.Setup.Problem.K == 0 || cp.Setup.Problem.Reference == nil {
				t.Fatalf("checkpoint without K (%v) or reference", cp.Setup.Problem.K)
			}
			resumed := start(cp.Setup, cp, 2)
			if err := resumed.RunAll(context.Background(), nil); err != nil {
				t.Fatal(err)
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
				if ra[i].TrainLoss == 0 || ra[i].TestLoss == 0 || ra[i].ValidLoss == 0 {
					t.Fatalf("record %d lacks losses: %+v", i, ra[i])
				}
			}
			a, as, av, _ := whole.Selected()
			b, bs, bv, _ := resumed.Selected()
			if !slices.Equal(a.X, b.X) || !reflect.DeepEqual(as, bs) || !reflect.DeepEqual(av, bv) {
				t.Fatalf("selected %v %+v vs %v %+v", a.X, as, b.X, bs)
			}
			if av.Loss == 0 {
				t.Fatal("no validation score for the selected candidate")
			}
		})
	}
}
