package tuner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/tuner/opt"
)

func testSpecs(n int) []param.Spec {
	s := make([]param.Spec, n)
	for i := range s {
		s[i] = param.Spec{Name: fmt.Sprintf("w%d", i), Min: -100, Max: 100, Bits: 8}
	}
	return s
}

// matchLike scores a vector like move-match: "position" p is matched when
// |w[p % n] - target| <= 10.
func matchLike(positions int) ScoreFunc {
	return func(ctx context.Context, w []int32) (Score, error) {
		m := 0
		for p := 0; p < positions; p++ {
			d := int(w[p%len(w)]) - (p%7)*5
			if d >= -10 && d <= 10 {
				m++
			}
		}
		g := make([]float64, len(w)) // a synthetic gradient for "adam"
		for i, v := range w {
			g[i] = float64(10 - v)
		}
		return Score{Fitness: float64(m * m), Matched: m, Total: positions, Grad: g}, nil
	}
}

// testConfig returns algo's defaults for testSpecs(n) changed by set.
func testConfig(algo string, n int, set func(c *opt.Config)) opt.Config {
	c, err := opt.Defaults(algo, testSpecs(n))
	if err != nil {
		panic(err)
	}
	if set != nil {
		set(&c)
	}
	return c
}

func pool(workers, positions int) *Pool {
	return &Pool{Workers: workers, New: func() (ScoreFunc, error) { return matchLike(positions), nil }}
}

func fixedClock() func() time.Time {
	t := time.Unix(0, 0)
	return func() time.Time { t = t.Add(time.Millisecond); return t }
}

func TestRunExactResume(t *testing.T) {
	for _, algo := range opt.Algorithms() {
		t.Run(algo, func(t *testing.T) {
			s := Setup{Algorithm: algo, Config: testConfig(algo, 6, func(c *opt.Config) {
				c.Seed, c.Generations, c.StallGens, c.SlowGens = 5, 12, 0, 0
				if c.Pop > 0 {
					c.Pop = 10
				}
			})}
			whole, err := NewRun(s, pool(2, 60), pool(1, 90))
			if err != nil {
				t.Fatal(err)
			}
			whole.Now = fixedClock()
			if err := whole.RunAll(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			part, _ := NewRun(s, pool(1, 60), pool(2, 90))
			part.Now = fixedClock()
			for i := 0; i < 5; i++ {
				if _, err := part.Step(context.Background()); err != nil && !errors.Is(err, ErrDone) {
					t.Fatal(err)
				}
			}
			cp := checkpointRoundTrip(t, part)
			resumed, err := cp.Resume(pool(3, 60), pool(1, 90))
			if err != nil {
				t.Fatal(err)
			}
			resumed.Now = fixedClock()
			if err := resumed.RunAll(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			a, as, at, _ := whole.Best()
			b, bs, bt, _ := resumed.Best()
			if !slices.Equal(a.X, b.X) || a.Fitness != b.Fitness || !reflect.DeepEqual(as, bs) || !reflect.DeepEqual(at, bt) {
				t.Fatalf("best %v %v %v vs %v %v %v", a, as, at, b, bs, bt)
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
			ha, hb := whole.HallOfFame(), resumed.HallOfFame()
			if len(ha) != len(hb) || len(ha) == 0 {
				t.Fatalf("hall of fame sizes %d %d", len(ha), len(hb))
			}
			for i := range ha {
				if !slices.Equal(ha[i].X, hb[i].X) {
					t.Fatalf("hall of fame differs at %d", i)
				}
			}
		})
	}
}

func TestRunImprovesAndLogs(t *testing.T) {
	s := Setup{Algorithm: "ga", Config: testConfig("ga", 6, func(c *opt.Config) { c.Seed, c.Pop, c.Generations, c.MutationRate = 1, 30, 30, 0.02 })}
	r, err := NewRun(s, pool(2, 60), pool(2, 90))
	if err != nil {
		t.Fatal(err)
	}
	var csvBuf, jsonBuf bytes.Buffer
	csvLog, jsonLog := NewCSVLog(&csvBuf, true), NewJSONLLog(&jsonBuf)
	calls := 0
	err = r.RunAll(context.Background(), func(rec Record) {
		calls++
		if err := csvLog.Write(rec); err != nil {
			t.Fatal(err)
		}
		if err := jsonLog.Write(rec); err != nil {
			t.Fatal(err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	recs := r.Records()
	if calls != 30 || len(recs) != 30 {
		t.Fatalf("%d progress calls, %d records", calls, len(recs))
	}
	if recs[29].Best <= recs[0].Best || recs[29].TrainRate <= recs[0].TrainRate || recs[29].TestTotal != 90 {
		t.Fatalf("no improvement: first %+v last %+v", recs[0], recs[29])
	}
	for i := 1; i < len(recs); i++ {
		if recs[i].Best < recs[i-1].Best || recs[i].Worst > recs[i].Mean || recs[i].Mean > recs[i].Best {
			t.Fatalf("record %d inconsistent: %+v", i, recs[i])
		}
	}
	lines := strings.Split(strings.TrimSpace(csvBuf.String()), "\n")
	if len(lines) != 31 || !strings.HasPrefix(lines[0], "generation,evaluations,scored,best") {
		t.Fatalf("csv: %d lines, header %q", len(lines), lines[0])
	}
	if n := strings.Count(jsonBuf.String(), "\n"); n != 30 {
		t.Fatalf("jsonl: %d lines", n)
	}
}

// TestPoolDeterministic checks that scores do not depend on the worker count.
func TestPoolDeterministic(t *testing.T) {
	cands := make([][]int32, 37)
	for i := range cands {
		cands[i] = []int32{int32(i), int32(-i), int32(i * 2), 3, 4, int32(i % 5)}
	}
	want, err := pool(1, 50).Score(context.Background(), cands)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{2, 3, 8, 100} {
		got, err := pool(w, 50).Score(context.Background(), cands)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%d workers: %v %v", w, got, err)
		}
	}
}

// TestCancelLeavesRunUnchanged cancels during evaluation and checks that
// the run continues exactly as one never cancelled.
func TestCancelLeavesRunUnchanged(t *testing.T) {
	s := Setup{Algorithm: "ep", Config: testConfig("ep", 4, func(c *opt.Config) { c.Seed, c.Pop, c.Generations = 9, 10, 6 })}
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	cancelling := ScorerFunc(func(c context.Context, cands [][]int32) ([]Score, error) {
		calls++
		if calls == 3 {
			cancel()
			return nil, c.Err()
		}
		return pool(1, 40).Score(c, cands)
	})
	r, err := NewRun(s, cancelling, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = r.RunAll(ctx, nil)
	if !errors.Is(err, context.Canceled) || r.Optimizer().Generation() != 2 {
		t.Fatalf("err %v after %d generations", err, r.Optimizer().Generation())
	}
	if err := r.RunAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	ref, _ := NewRun(s, pool(1, 40), nil)
	if err := ref.RunAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	a, _, _, _ := r.Best()
	b, _, _, _ := ref.Best()
	if !slices.Equal(a.X, b.X) || len(r.Records()) != len(ref.Records()) {
		t.Fatalf("cancelled run %v, reference %v", a, b)
	}
}

func TestEvaluatorErrors(t *testing.T) {
	s := Setup{Algorithm: "de", Config: testConfig("de", 4, func(c *opt.Config) { c.Pop, c.Generations = 6, 3 })}
	bad := []Scorer{
		ScorerFunc(func(context.Context, [][]int32) ([]Score, error) { return nil, errors.New("boom") }),
		ScorerFunc(func(_ context.Context, c [][]int32) ([]Score, error) { return make([]Score, len(c)-1), nil }),
		&Pool{New: func() (ScoreFunc, error) { return nil, errors.New("no scorer") }},
	}
	for i, ev := range bad {
		r, err := NewRun(s, ev, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Step(context.Background()); err == nil || !strings.HasPrefix(err.Error(), "tuner:") {
			t.Errorf("evaluator %d: error %v", i, err)
		}
		if r.Optimizer().Generation() != 0 {
			t.Errorf("evaluator %d: generation advanced", i)
		}
	}
}

// TestResumeOtherData: a checkpoint keeps its training data's digest, and
// resuming on other data is refused; the same data, or a checkpoint that
// names none, resumes; a resumed run keeps the digest in its checkpoints.
func TestResumeOtherData(t *testing.T) {
	s := Setup{Algorithm: "ep", Config: testConfig("ep", 6, func(c *opt.Config) { c.Seed, c.Generations, c.Pop = 5, 12, 10 })}
	checkpoint := func(digest string) *Checkpointed {
		r, err := NewRunPrepared(s, &Prepared{Train: pool(1, 60), Test: pool(1, 90), Digest: digest})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Step(context.Background()); err != nil {
			t.Fatal(err)
		}
		return checkpointRoundTrip(t, r)
	}
	cp := checkpoint("aaaa")
	if _, err := cp.ResumePrepared(&Prepared{Train: pool(1, 60), Test: pool(1, 90), Digest: "bbbb"}); err == nil || !strings.Contains(err.Error(), "not the checkpoint's") {
		t.Errorf("other data: error %v", err)
	}
	r, err := cp.ResumePrepared(&Prepared{Train: pool(1, 60), Test: pool(1, 90), Digest: "aaaa"})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkpointRoundTrip(t, r).CheckData("bbbb"); err == nil {
		t.Error("the resumed run's checkpoint lost the digest")
	}
	if err := checkpoint("").CheckData("bbbb"); err != nil {
		t.Errorf("a checkpoint without digest: %v", err)
	}
}

// checkpointRoundTrip writes r's checkpoint and reads it back.
func checkpointRoundTrip(t testing.TB, r *Run) *Checkpointed {
	t.Helper()
	var buf bytes.Buffer
	if err := r.Checkpoint(&buf); err != nil {
		t.Fatal(err)
	}
	cp, err := ReadCheckpoint(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return cp
}

func TestReadCheckpointErrors(t *testing.T) {
	for _, s := range []string{"", "{}", `{"format":"x"}`, `{"format":"evochess-tuner-checkpoint-2"}`} {
		if _, err := ReadCheckpoint(strings.NewReader(s)); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
	// A checkpoint of the first format names the reason it cannot resume.
	_, err := ReadCheckpoint(strings.NewReader(`{"format":"evochess-tuner-checkpoint-1","optimizer":{}}`))
	if err == nil || !strings.Contains(err.Error(), "earlier evochess") {
		t.Errorf("format 1: %v", err)
	}
}

func FuzzReadCheckpoint(f *testing.F) {
	s := Setup{Algorithm: "ga", Config: testConfig("ga", 3, func(c *opt.Config) { c.Pop, c.Generations = 4, 3 })}
	r, _ := NewRun(s, pool(1, 10), nil)
	_, _ = r.Step(context.Background())
	var buf bytes.Buffer
	_ = r.Checkpoint(&buf)
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		cp, err := ReadCheckpoint(bytes.NewReader(data))
		if err != nil {
			return
		}
		run, err := cp.Resume(pool(1, 10), nil)
		if err != nil || run == nil {
			return
		}
		_, _ = run.Step(context.Background())
	})
}

func TestPresets(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range Presets() {
		if seen[p.Name] {
			t.Errorf("duplicate preset %s", p.Name)
		}
		seen[p.Name] = true
		cfg := p.Config
		cfg.Specs = testSpecs(4)
		if _, err := opt.New(p.Algorithm, cfg); err != nil {
			t.Errorf("preset %s: %v", p.Name, err)
		}
		if _, err := LookupPreset(p.Name); err != nil {
			t.Error(err)
		}
	}
	for _, name := range []string{"david-ga", "david-coevolution", "david-search", "vazquez-ep", "hooke-jeeves", "history-ea", "mnc", "cmaes", "de", "pso", "texel"} {
		if !seen[name] {
			t.Errorf("missing preset %s", name)
		}
	}
	if _, err := LookupPreset("nope"); err == nil {
		t.Error("unknown preset accepted")
	}
	if len(Algorithms()) != len(opt.Algorithms()) {
		t.Error("algorithm list mismatch")
	}
}

// BenchmarkDavidGAGeneration times one generation of the david-ga preset
// (population 100, 1-ply move match) on the demo games' positions.
func BenchmarkDavidGAGeneration(b *testing.B) {
	res := dataResources(b, 0)
	s, err := Configure(Options{Preset: "david-ga", PGN: "pgn/gm_demo_1500.pgn", Protocol: "all", Positions: 5000, TestPositions: 100, Generations: 1 << 20})
	if err != nil {
		b.Fatal(err)
	}
	prep, err := Prepare(context.Background(), s, res)
	if err != nil {
		b.Fatal(err)
	}
	r, err := NewRunPrepared(s, prep)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := r.Optimizer().Evaluations()
	for i := 0; i < b.N; i++ {
		if _, err := r.Step(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	evals := r.Optimizer().Evaluations() - start
	b.ReportMetric(float64(evals*prep.TrainPositions)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/generation")
}
