package tuner

import (
	"context"
	"io"
	"reflect"
	"slices"
	"strings"
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
				Positions: 4000, TestPositions: 1500, ValidationPercent: 10, Generations: 8, Population: popRead(algo, 6), Seed: 2,
				Start: "material", Recompile: 3, L2: 1e-6, Params: paramsRead(algo, map[string]float64{"lr": 3})})
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
			cp := checkpointRoundTrip(t, part)
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

// TestTexelL2 checks the pull toward the start (Problem.L2): the training
// fitness is minus (loss + L2 · Σ (x − start)²) and its gradient carries
// −2 · L2 · (x − start), the reported loss stays the plain Texel loss, the
// held-out score carries no penalty, and a run with a strong pull ends
// nearer its start than one without.
func TestTexelL2(t *testing.T) {
	const l2 = 1e-6
	prepare := func(l2 float64) (Setup, *Prepared) {
		t.Helper()
		s, err := Configure(Options{Algorithm: "adam", Scheme: "david35", Fitness: "texel", PGN: "pgn/gm_demo_1500.pgn",
			Positions: 3000, TestPositions: 1000, Generations: 30, Seed: 1, Start: "material", Recompile: -1, L2: l2,
			Params: map[string]float64{"lr": 4}})
		if err != nil {
			t.Fatal(err)
		}
		prep, err := Prepare(context.Background(), s, dataResources(t, 2))
		if err != nil {
			t.Fatal(err)
		}
		return s, prep
	}
	s, plain := prepare(-1)
	_, pulled := prepare(l2)
	start := s.Config.Init[0]
	x := slices.Clone(start)
	for i := range x {
		x[i] += int32(i%7) - 3
	}
	cands := [][]int32{start, x}
	a, err := plain.Train.Score(context.Background(), cands)
	if err != nil {
		t.Fatal(err)
	}
	b, err := pulled.Train.Score(context.Background(), cands)
	if err != nil {
		t.Fatal(err)
	}
	for c := range cands {
		var pen float64
		for i, v := range cands[c] {
			d := float64(v - start[i])
			pen += d * d
			if want := a[c].Grad[i] - 2*l2*d; b[c].Grad[i] != want {
				t.Fatalf("candidate %d: gradient %d = %g, want %g", c, i, b[c].Grad[i], want)
			}
		}
		if b[c].Loss != a[c].Loss || b[c].Fitness != a[c].Fitness-l2*pen {
			t.Fatalf("candidate %d: loss %g fitness %g, want loss %g fitness %g", c, b[c].Loss, b[c].Fitness, a[c].Loss, a[c].Fitness-l2*pen)
		}
		if c == 1 && pen == 0 {
			t.Fatal("the test vector is the start")
		}
	}
	ta, err := plain.Test.Score(context.Background(), cands[1:])
	if err != nil {
		t.Fatal(err)
	}
	tb, err := pulled.Test.Score(context.Background(), cands[1:])
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ta, tb) {
		t.Fatalf("held-out scores differ with a pull: %+v vs %+v", ta[0], tb[0])
	}

	dist := func(prep *Prepared, s Setup) float64 {
		t.Helper()
		r, err := NewRunPrepared(s, prep)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.RunAll(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		best, _, _, _ := r.Selected()
		var d float64
		for i, v := range best.X {
			d += float64(v-start[i]) * float64(v-start[i])
		}
		return d
	}
	sp, _ := prepare(-1)
	sl, strong := prepare(1e-3)
	if dp, ds := dist(plain, sp), dist(strong, sl); !(ds < dp/4) {
		t.Fatalf("squared distance from the start: %g with a strong pull, %g without", ds, dp)
	}
}

// TestAutoL2 pins the data-sized pull of the modern preset.
func TestAutoL2(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want float64
	}{{0, 0}, {-5, 0}, {100_000, 1e-7}, {50_000, 2e-7}, {20_000, 5e-7}, {10_000, 5e-7}, {2_000, 5e-7}, {200, 5e-6}, {1, 1e-3},
		{500_000, 4e-9}, {1_000_000, 0}, {1_300_000, 0}} {
		if got := AutoL2(c.n); got != c.want {
			t.Errorf("AutoL2(%d) = %g, want %g", c.n, got, c.want)
		}
	}
	p, err := LookupPreset("modern")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Problem.L2Auto || p.Problem.L2 != 0 {
		t.Fatalf("modern preset: L2 %g auto %v", p.Problem.L2, p.Problem.L2Auto)
	}
	for _, c := range []struct {
		o    Options
		l2   float64
		auto bool
		err  string
	}{
		{Options{Preset: "modern", PGN: "x.pgn"}, 0, true, ""},
		{Options{Preset: "modern", PGN: "x.pgn", L2: -1}, 0, false, ""},
		{Options{Preset: "modern", PGN: "x.pgn", L2: 2e-7}, 2e-7, false, ""},
		{Options{Preset: "modern", Algorithm: "ep", PGN: "x.pgn", Fitness: "match-qs", Scheme: "vazquez29", Start: "random"}, 0, false, ""},
		{Options{Preset: "vazquez-ep", PGN: "x.pgn", L2: 1e-7}, 0, false, "l2 needs the texel fitness"},
	} {
		s, err := Configure(c.o)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%+v: error %v, want %q", c.o, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%+v: %v", c.o, err)
			continue
		}
		if s.Problem.L2 != c.l2 || s.Problem.L2Auto != c.auto {
			t.Errorf("%+v: L2 %g auto %v, want %g %v", c.o, s.Problem.L2, s.Problem.L2Auto, c.l2, c.auto)
		}
	}
}

// TestTexelBadGames: a file without a readable finished game is refused
// with an error naming it and the first reader error.
func TestTexelBadGames(t *testing.T) {
	s, err := Configure(Options{Preset: "texel-adam", PGN: "bad.pgn"})
	if err != nil {
		t.Fatal(err)
	}
	res := Resources{Open: func(name string) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Kf7 1-0\n")), nil
	}}
	_, err = Prepare(context.Background(), s, res)
	if err == nil || !strings.Contains(err.Error(), "bad.pgn") || !strings.Contains(err.Error(), "no finished game") || !strings.Contains(err.Error(), "Kf7") {
		t.Fatalf("error %v", err)
	}
}

// TestNoTrainingPositions: a file that gives no training position for a
// sampled-position fitness is refused with an error naming it, the
// protocol and the first reader error; the skipped games are said.
func TestNoTrainingPositions(t *testing.T) {
	pgn := "[Event \"short\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0\n\n" +
		"[Event \"bad\"]\n[Result \"1-0\"]\n\n1. e4 e4 1-0\n"
	for _, preset := range []string{"vazquez-ep", "david-ga", "mnc-match", "history-ea"} {
		s, err := Configure(Options{Preset: preset, PGN: "few.pgn", Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		var said []string
		res := Resources{Open: func(name string) (io.ReadCloser, error) {
			return io.NopCloser(strings.NewReader(pgn)), nil
		}, Progress: func(l string) { said = append(said, l) }}
		_, err = Prepare(context.Background(), s, res)
		if err == nil || !strings.Contains(err.Error(), "few.pgn gives no training position") ||
			!strings.Contains(err.Error(), "1 unreadable") || !strings.Contains(err.Error(), "e4: illegal") {
			t.Errorf("%s: error %v", preset, err)
		}
		if !slices.ContainsFunc(said, func(l string) bool { return strings.HasPrefix(l, "skipped: pgn: game 2") }) {
			t.Errorf("%s: the skipped game is not said: %q", preset, said)
		}
	}
}

// TestFewerPositionsSaid: a run asking for more positions than its games
// give says so (the bundled games give 312 David-protocol positions).
func TestFewerPositionsSaid(t *testing.T) {
	s, err := Configure(Options{Preset: "vazquez-ep", Fitness: "match", PGN: "pgn/gm_demo_1500.pgn", Positions: 5000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	res := dataResources(t, 1)
	var said []string
	res.Progress = func(l string) { said = append(said, l) }
	prep, err := Prepare(context.Background(), s, res)
	if err != nil {
		t.Fatal(err)
	}
	want := "fewer positions than asked (5000 training, 1000 held out): the david protocol finds no more in pgn/gm_demo_1500.pgn"
	if prep.TrainPositions >= 5000 || !slices.Contains(said, want) {
		t.Errorf("%d training positions; said %q", prep.TrainPositions, said)
	}
}

// TestAutoL2Kept: the pull the modern preset sizes from its first
// compilation is stored in the run's setup (Prepared.Fix), so a checkpoint
// resumes with it even if a re-resolved compilation would count otherwise.
func TestAutoL2Kept(t *testing.T) {
	s, err := Configure(Options{Preset: "modern", PGN: "pgn/gm_demo_1500.pgn", Positions: 3000, TestPositions: 500, Generations: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	prep, err := Prepare(context.Background(), s, dataResources(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if want := AutoL2(int64(prep.TrainPositions)); prep.L2 != want || want == 0 {
		t.Fatalf("prepared pull %g, want AutoL2(%d) = %g", prep.L2, prep.TrainPositions, want)
	}
	r, err := NewRunPrepared(s, prep)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Step(context.Background()); err != nil {
		t.Fatal(err)
	}
	cp := checkpointRoundTrip(t, r)
	if cp.Setup.Problem.L2 != prep.L2 {
		t.Fatalf("checkpoint keeps pull %g, want %g", cp.Setup.Problem.L2, prep.L2)
	}
}
