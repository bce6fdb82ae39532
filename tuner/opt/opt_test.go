package opt

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/param"
)

// specs returns n parameters in [lo, hi] with the given GA bit width.
func specs(n, lo, hi, bits int) []param.Spec {
	s := make([]param.Spec, n)
	for i := range s {
		s[i] = param.Spec{Name: fmt.Sprintf("p%d", i), Min: lo, Max: hi, Default: lo, Bits: bits}
	}
	return s
}

// sphere is maximised at x_i = 17 (value 0).
func sphere(x []int32) float64 {
	s := 0.0
	for _, v := range x {
		d := float64(v - 17)
		s += d * d
	}
	return -s
}

func oneMax(x []int32) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v)
	}
	return s
}

// rastrigin on x/10, maximised at x = 0.
func rastrigin(x []int32) float64 {
	s := 10 * float64(len(x))
	for _, v := range x {
		y := float64(v) / 10
		s += y*y - 10*math.Cos(2*math.Pi*y)
	}
	return -s
}

// drive runs o to completion (or maxGens batches), scoring unknown
// candidates with f, and returns every batch it asked.
func drive(t testing.TB, o Optimizer, f func([]int32) float64, maxGens int) [][]Candidate {
	t.Helper()
	var batches [][]Candidate
	for g := 0; g < maxGens; g++ {
		if d, _ := o.Done(); d {
			break
		}
		cands := o.Ask()
		batches = append(batches, cands)
		fit := make([]float64, len(cands))
		for i, c := range cands {
			if c.Known {
				fit[i] = c.Fitness
				continue
			}
			fit[i] = f(c.X)
		}
		var err error
		if gt, ok := o.(GradientTeller); ok {
			err = gt.TellGradient(fit, finiteGradients(cands, f))
		} else {
			err = o.Tell(fit)
		}
		if err != nil {
			t.Fatalf("%s: tell: %v", o.Name(), err)
		}
	}
	return batches
}

// finiteGradients returns the central-difference gradient of f at every
// candidate (exact for quadratics).
func finiteGradients(cands []Candidate, f func([]int32) float64) [][]float64 {
	out := make([][]float64, len(cands))
	for k, c := range cands {
		g := make([]float64, len(c.X))
		for i := range c.X {
			x := slices.Clone(c.X)
			x[i]++
			up := f(x)
			x[i] -= 2
			g[i] = (up - f(x)) / 2
		}
		out[k] = g
	}
	return out
}

func firstBatchBest(batch []Candidate, f func([]int32) float64) float64 {
	best := math.Inf(-1)
	for _, c := range batch {
		best = max(best, f(c.X))
	}
	return best
}

type optCase struct {
	algo  string
	cfg   Config
	f     func([]int32) float64
	gens  int
	reach float64 // the best must reach at least this
}

func cases() []optCase {
	return []optCase{
		{"ga", conf("ga", specs(40, 0, 1, 1), func(c *Config) { c.Pop, c.Generations, c.MutationRate = 40, 60, 0.01 }), oneMax, 60, 36},
		{"ga", conf("ga", specs(6, -64, 63, 7), func(c *Config) { c.Pop, c.Generations, c.MutationRate = 40, 80, 0.02 }), sphere, 80, -40},
		{"ep", conf("ep", specs(6, -100, 100, 0), func(c *Config) { c.Pop, c.Generations = 20, 100 }), sphere, 100, -20},
		{"history-ea", conf("history-ea", specs(6, -100, 100, 0), func(c *Config) { c.Pop, c.Generations, c.HistoryPr = 20, 100, 0.2 }), sphere, 100, -20},
		{"hooke-jeeves", conf("hooke-jeeves", specs(6, -100, 100, 0), func(c *Config) { c.Init = [][]int32{{-90, 80, 50, -40, 0, 99}} }), sphere, 2000, 0},
		{"mnc", conf("mnc", specs(6, -100, 100, 0), func(c *Config) { c.Pop, c.Generations, c.StallGens, c.SlowGens = 20, 150, 0, 0 }), sphere, 150, -200},
		{"cmaes", conf("cmaes", specs(6, -100, 100, 0), func(c *Config) { c.Generations = 200 }), sphere, 200, 0},
		{"cmaes", conf("cmaes", specs(5, -50, 50, 0), func(c *Config) { c.Pop, c.Generations = 30, 200 }), rastrigin, 200, -12},
		{"de", conf("de", specs(6, -100, 100, 0), func(c *Config) { c.Pop, c.Generations = 20, 150 }), sphere, 150, -5},
		{"pso", conf("pso", specs(6, -100, 100, 0), func(c *Config) { c.Pop, c.Generations = 20, 150 }), sphere, 150, -5},
		{"texel", conf("texel", specs(6, -100, 100, 0), func(c *Config) { c.Step = 16 }), sphere, 5000, 0},
		{"adam", conf("adam", specs(6, -100, 100, 0), func(c *Config) {
			c.Init, c.LR, c.Generations = [][]int32{{-90, 80, 50, -40, 0, 99}}, 5, 300
		}), sphere, 300, -3},
	}
}

// conf returns algo's defaults for sp changed by set.
func conf(algo string, sp []param.Spec, set func(c *Config)) Config {
	c, err := Defaults(algo, sp)
	if err != nil {
		panic(err)
	}
	if set != nil {
		set(&c)
	}
	return c
}

func TestImproves(t *testing.T) {
	for _, tc := range cases() {
		t.Run(tc.algo, func(t *testing.T) {
			tc.cfg.Seed = 7
			o, err := New(tc.algo, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			batches := drive(t, o, tc.f, tc.gens)
			start := firstBatchBest(batches[0], tc.f)
			best, ok := o.Best()
			if !ok {
				t.Fatal("no best")
			}
			if best.Fitness != tc.f(best.X) {
				t.Fatalf("best fitness %v does not match its vector %v (%v)", best.Fitness, best.X, tc.f(best.X))
			}
			if best.Fitness < tc.reach || (start < tc.reach && best.Fitness <= start) {
				t.Fatalf("best %v (start %v) after %d generations, want >= %v; x=%v", best.Fitness, start, o.Generation(), tc.reach, best.X)
			}
			t.Logf("%s: start %.1f best %.1f gens %d evals %d", tc.algo, start, best.Fitness, o.Generation(), o.Evaluations())
		})
	}
}

// TestExactResume checks that stopping after any generation and restoring
// from State replays exactly the batches of an uninterrupted run.
func TestExactResume(t *testing.T) {
	for _, tc := range cases() {
		for _, stopAt := range []int{1, 7} {
			t.Run(fmt.Sprintf("%s/%d", tc.algo, stopAt), func(t *testing.T) {
				tc.cfg.Seed = 11
				gens := min(tc.gens, 25)
				a, err := New(tc.algo, tc.cfg)
				if err != nil {
					t.Fatal(err)
				}
				want := drive(t, a, tc.f, gens)
				b, _ := New(tc.algo, tc.cfg)
				got := drive(t, b, tc.f, stopAt)
				st, err := b.State()
				if err != nil {
					t.Fatal(err)
				}
				c, err := Restore(st)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, drive(t, c, tc.f, gens-stopAt)...)
				if !equalBatches(want, got) {
					t.Fatalf("resumed run differs from uninterrupted run")
				}
				ba, _ := a.Best()
				bc, _ := c.Best()
				if !slices.Equal(ba.X, bc.X) || ba.Fitness != bc.Fitness || a.Evaluations() != c.Evaluations() {
					t.Fatalf("best %v/%v vs %v/%v", ba.X, ba.Fitness, bc.X, bc.Fitness)
				}
			})
		}
	}
}

func equalBatches(a, b [][]Candidate) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			x, y := a[i][j], b[i][j]
			if !slices.Equal(x.X, y.X) || x.Known != y.Known || (x.Known && x.Fitness != y.Fitness) {
				return false
			}
		}
	}
	return true
}

// TestSeedMatters checks that runs depend on the seed and only on it.
func TestSeedMatters(t *testing.T) {
	for _, algo := range []string{"ga", "ep", "mnc", "cmaes", "de", "pso"} {
		sp := specs(5, -100, 100, 8)
		run := func(seed uint64) [][]Candidate {
			o, err := New(algo, conf(algo, sp, func(c *Config) { c.Seed, c.Pop, c.Generations = seed, 10, 5 }))
			if err != nil {
				t.Fatal(err)
			}
			return drive(t, o, sphere, 5)
		}
		if !equalBatches(run(1), run(1)) {
			t.Errorf("%s: same seed, different runs", algo)
		}
		if equalBatches(run(1), run(2)) {
			t.Errorf("%s: different seeds, same runs", algo)
		}
	}
}

// TestLazyFitness checks that elites and survivors are not evaluated again.
func TestLazyFitness(t *testing.T) {
	for _, tc := range []struct {
		algo     string
		cfg      Config
		maxEvals int
	}{
		{"ga", Config{Pop: 20, Generations: 10, Elite: 2}, 20 + 9*18},
		{"ep", Config{Pop: 20, Generations: 10}, 20 + 9*10},
		{"de", Config{Pop: 20, Generations: 10}, 20 * 10},
		{"mnc", Config{Pop: 20, Generations: 10}, 20 + 20*10},
	} {
		cfg := conf(tc.algo, specs(5, -100, 100, 8), func(c *Config) {
			c.Pop, c.Generations, c.Elite, c.StallGens, c.SlowGens = tc.cfg.Pop, tc.cfg.Generations, tc.cfg.Elite, 0, 0
		})
		o, err := New(tc.algo, cfg)
		if err != nil {
			t.Fatal(err)
		}
		calls := 0
		drive(t, o, func(x []int32) float64 { calls++; return sphere(x) }, 100)
		if calls > tc.maxEvals || calls != o.Evaluations() {
			t.Errorf("%s: %d fitness calls (reported %d), want <= %d", tc.algo, calls, o.Evaluations(), tc.maxEvals)
		}
	}
}

// TestRelative drives the population algorithms with a fitness that only
// ranks candidates inside a batch (like a tournament) and checks that they
// still move towards the optimum and never mark a candidate Known.
func TestRelative(t *testing.T) {
	for _, algo := range []string{"ga", "ep", "history-ea", "mnc", "cmaes", "de"} {
		t.Run(algo, func(t *testing.T) {
			cfg := conf(algo, specs(4, -64, 63, 7), func(c *Config) {
				c.Seed, c.Pop, c.Generations, c.Relative = 3, 16, 80, true
				c.MutationRate, c.StallGens, c.SlowGens = 0.02, 0, 0
				if algo == "ga" {
					c.Selection = "rank"
				}
			})
			o, err := New(algo, cfg)
			if err != nil {
				t.Fatal(err)
			}
			first := 0.0
			for g := 0; ; g++ {
				if d, _ := o.Done(); d {
					break
				}
				cands := o.Ask()
				fit := make([]float64, len(cands))
				for i, c := range cands {
					if c.Known {
						t.Fatalf("generation %d: candidate %d Known with relative fitness", g, i)
					}
					for _, d := range cands {
						if sphere(c.X) > sphere(d.X) {
							fit[i]++
						}
					}
				}
				if g == 0 {
					first = firstBatchBest(cands, sphere)
				}
				if err := o.Tell(fit); err != nil {
					t.Fatal(err)
				}
			}
			best, _ := o.Best()
			if sphere(best.X) <= first || sphere(best.X) < -300 {
				t.Fatalf("best sphere %v, first batch %v", sphere(best.X), first)
			}
		})
	}
}

func TestTellErrors(t *testing.T) {
	o, err := New("ga", conf("ga", specs(3, 0, 7, 3), func(c *Config) { c.Pop, c.Generations = 4, 1 }))
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Tell([]float64{1}); err == nil {
		t.Error("short fitness accepted")
	}
	if err := o.Tell([]float64{1, math.NaN(), 1, 1}); err == nil {
		t.Error("NaN accepted")
	}
	if err := o.Tell([]float64{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	if err := o.Tell([]float64{1, 2, 3, 4}); err == nil {
		t.Error("Tell after Done accepted")
	}
}

func TestNewErrors(t *testing.T) {
	for _, tc := range []struct {
		algo string
		cfg  Config
	}{
		{"nope", Config{Specs: specs(2, 0, 1, 1)}},
		{"ga", Config{}},
		{"ga", conf("ga", specs(2, 0, 7, 0), nil)}, // no bits
		{"ga", conf("ga", specs(2, 0, 7, 3), func(c *Config) { c.Selection = "lottery" })},
		{"ga", conf("ga", specs(2, 0, 7, 3), func(c *Config) { c.CrossoverRate = 2 })},
		{"ga", conf("ga", specs(2, 0, 7, 3), func(c *Config) { c.Pop = 0 })},
		{"ga", conf("ga", specs(2, 0, 7, 3), func(c *Config) { c.Generations = 0 })}, // never stops
		{"ga", conf("ga", specs(2, 0, 7, 3), func(c *Config) { c.Elite = c.Pop })},
		{"ep", conf("ep", specs(2, 0, 7, 0), func(c *Config) { c.Pop = 7 })},
		{"pso", conf("pso", specs(2, 0, 7, 0), func(c *Config) { c.Relative = true })},
		{"hooke-jeeves", conf("hooke-jeeves", specs(2, 0, 7, 0), func(c *Config) { c.Alpha = 0.5 })},
		{"hooke-jeeves", Config{Specs: specs(2, 0, 7, 0)}}, // zero delta is not "the default"
		{"de", conf("de", specs(2, 0, 7, 0), func(c *Config) { c.Pop = 3 })},
		{"mnc", conf("mnc", specs(2, 0, 7, 0), func(c *Config) { c.StallGens = -1 })},
		{"mnc", conf("mnc", specs(2, 0, 7, 0), func(c *Config) { c.Generations, c.StallGens, c.SlowGens = 0, 0, 0 })},
		{"adam", conf("adam", specs(2, 0, 7, 0), func(c *Config) { c.LR = 0 })},
	} {
		if _, err := New(tc.algo, tc.cfg); err == nil {
			t.Errorf("%s %+v: no error", tc.algo, tc.cfg)
		}
	}
}

func TestRestoreErrors(t *testing.T) {
	for _, s := range []string{``, `{`, `{"Algo":"zz"}`, `{"Algo":"ga"}`, `{"Algo":"ga","Cfg":{"specs":[{"Name":"a","Min":0,"Max":3,"Bits":2}]},"RNG":"AAAA"}`} {
		if _, err := Restore([]byte(s)); err == nil {
			t.Errorf("Restore(%q): no error", s)
		}
	}
}

func TestGray(t *testing.T) {
	sp := []param.Spec{
		{Name: "a", Min: 0, Max: 255, Bits: 8},
		{Name: "b", Min: -50, Max: 50, Bits: 5},
		{Name: "c", Min: 100, Max: 100, Bits: 3},
		{Name: "d", Min: 0, Max: 9, Default: 4, Bits: 0},
	}
	l, err := NewLayout(sp)
	if err != nil {
		t.Fatal(err)
	}
	if l.Total != 13 {
		t.Fatalf("total bits %d, want 13", l.Total)
	}
	for v := int32(0); v <= 255; v++ {
		x := l.Decode(l.Encode([]int32{v, -50, 100, 4}))
		if x[0] != v || x[1] != -50 || x[2] != 100 || x[3] != 4 {
			t.Fatalf("round trip %d: %v", v, x)
		}
		if v > 0 {
			a, b := l.Encode([]int32{v - 1, 0, 100, 4}), l.Encode([]int32{v, 0, 100, 4})
			diff := 0
			for k := range a {
				if a[k] != b[k] {
					diff++
				}
			}
			if diff != 1 {
				t.Fatalf("gray codes of %d and %d differ in %d bits", v-1, v, diff)
			}
		}
	}
	for _, tc := range []struct {
		bits []byte
		want int32
	}{
		{[]byte{0, 0, 0, 0, 0}, -50},
		{[]byte{1, 0, 0, 0, 0}, 50}, // gray 10000 = binary 11111 = 31 → max
		{[]byte{0, 1, 1, 0, 0}, 2},  // gray 01100 = binary 01000 = 8 → -50 + round(8·100/31) = 2 (25.8 → 26 → -24?)
	} {
		chrom := make([]byte, 13)
		copy(chrom[8:], tc.bits)
		got := l.Decode(chrom)[1]
		if tc.want == 2 {
			tc.want = int32(-50 + (8*100+15)/31)
		}
		if got != tc.want {
			t.Errorf("decode %v = %d, want %d", tc.bits, got, tc.want)
		}
	}
}

func TestDetMath(t *testing.T) {
	for _, x := range []float64{1e-300, 1e-5, 0.1, 0.5, 0.9999, 1, 1.5, 2, 10, 12345.678, 1e300} {
		if got, want := dlog(x), math.Log(x); math.Abs(got-want) > 1e-15*math.Max(1, math.Abs(want)) {
			t.Errorf("dlog(%v) = %v, want %v", x, got, want)
		}
	}
	for _, x := range []float64{-700, -20, -1, -1e-9, 0, 1e-9, 0.5, 1, 3.3, 50, 700} {
		if got, want := dexp(x), math.Exp(x); math.Abs(got-want) > 2e-15*want {
			t.Errorf("dexp(%v) = %v, want %v", x, got, want)
		}
	}
	if dpow(0.5, 5) != 0.03125 {
		t.Errorf("dpow(0.5, 5) = %v", dpow(0.5, 5))
	}
}

func TestHallOfFame(t *testing.T) {
	h := HallOfFame{Size: 3}
	h.Update([]Candidate{{X: []int32{1}, Fitness: 1}, {X: []int32{2}, Fitness: 5}, {X: []int32{1}, Fitness: 1}})
	h.Update([]Candidate{{X: []int32{3}, Fitness: 3}, {X: []int32{4}, Fitness: 5}, {X: []int32{5}, Fitness: 0}})
	var got []int32
	for _, e := range h.Entries {
		got = append(got, e.X[0])
	}
	if !slices.Equal(got, []int32{2, 4, 3}) {
		t.Fatalf("hall of fame %v, want [2 4 3]", got)
	}
}

func TestDiversity(t *testing.T) {
	sp := specs(2, 0, 10, 0)
	same := []Candidate{{X: []int32{3, 3}}, {X: []int32{3, 3}}}
	apart := []Candidate{{X: []int32{0, 0}}, {X: []int32{10, 10}}}
	if Diversity(sp, same) != 0 || Diversity(sp, apart) != 0.5 {
		t.Fatalf("diversity %v %v", Diversity(sp, same), Diversity(sp, apart))
	}
}

// TestStateIsJSON checks that a checkpoint is plain JSON naming the
// algorithm.
func TestStateIsJSON(t *testing.T) {
	for _, algo := range Algorithms() {
		o, err := New(algo, conf(algo, specs(3, 0, 15, 4), func(c *Config) { c.Pop = 6 }))
		if err != nil {
			t.Fatal(err)
		}
		st, err := o.State()
		if err != nil {
			t.Fatal(err)
		}
		var head struct{ Algo string }
		if err := json.Unmarshal(st, &head); err != nil || head.Algo != algo {
			t.Fatalf("%s: state head %q, %v", algo, head.Algo, err)
		}
	}
}

func FuzzRestore(f *testing.F) {
	for _, algo := range Algorithms() {
		o, _ := New(algo, conf(algo, specs(3, 0, 15, 4), func(c *Config) { c.Pop = 6 }))
		st, _ := o.State()
		f.Add(st)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := Restore(data)
		if err != nil {
			return
		}
		// A restored optimizer must survive one step without panicking.
		cands := o.Ask()
		fit := make([]float64, len(cands))
		for i, c := range cands {
			fit[i] = sphere(c.X)
		}
		if d, _ := o.Done(); !d {
			_ = o.Tell(fit)
		}
	})
}

func BenchmarkGAGeneration(b *testing.B) {
	// David et al.'s size: 224 bits, population 100.
	sp := specs(32, 0, 127, 7)
	o, err := New("ga", conf("ga", sp, func(c *Config) { c.Generations = 1 << 30 }))
	if err != nil {
		b.Fatal(err)
	}
	fit := make([]float64, 100)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cands := o.Ask()
		for k, c := range cands {
			fit[k] = oneMax(c.X)
		}
		if err := o.Tell(fit); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "generations/s")
}

func BenchmarkCMAESGeneration(b *testing.B) {
	o, err := New("cmaes", conf("cmaes", specs(38, -200, 200, 0), func(c *Config) { c.Generations = 1 << 30 }))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cands := o.Ask()
		fit := make([]float64, len(cands))
		for k, c := range cands {
			fit[k] = sphere(c.X)
		}
		if err := o.Tell(fit); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "generations/s")
}

// TestReads: every field Defaults sets for an algorithm is one it declares
// it reads, and every declared field is a Config field.
func TestReads(t *testing.T) {
	raw, err := json.Marshal(Config{})
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(raw, &all); err != nil {
		t.Fatal(err)
	}
	for _, name := range Algorithms() {
		reads, err := Reads(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range reads {
			if _, ok := all[f]; !ok {
				t.Errorf("%s reads %q, which is no Config field", name, f)
			}
		}
		cfg, err := Defaults(name, specs(4, 0, 10, 4))
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(cfg)
		var set map[string]any
		if err := json.Unmarshal(raw, &set); err != nil {
			t.Fatal(err)
		}
		for f, v := range set {
			if v == nil || v == 0.0 || v == "" || v == false || f == "specs" {
				continue
			}
			if !ReadsField(name, f) {
				t.Errorf("Defaults(%s) sets %s = %v, which Reads(%s) does not list", name, f, v, name)
			}
		}
	}
	if ReadsField("ep", "elite") || !ReadsField("ep", "generations") || ReadsField("nonsense", "pop") {
		t.Error("ReadsField: ep reads elite, not generations, or an unknown algorithm reads pop")
	}
	if _, err := Reads("nonsense"); err == nil {
		t.Error("Reads(nonsense): no error")
	}
}
