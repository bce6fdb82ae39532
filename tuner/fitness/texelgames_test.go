package fitness

import (
	"context"
	"math"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/internal/shareddata"
	"github.com/evochess/evochess/tuner/data"
)

var (
	gamesOnce sync.Once
	gamesSet  *data.GameSet
	gamesErr  error
)

// demoGames returns the finished games of the demo file.
func demoGames(t testing.TB) []data.Game {
	t.Helper()
	path := shareddata.Path(t, "pgn/gm_demo_1500.pgn")
	gamesOnce.Do(func() {
		f, err := os.Open(path)
		if err != nil {
			gamesErr = err
			return
		}
		defer f.Close()
		gamesSet, gamesErr = data.ReadGames(context.Background(), f, 0, nil)
	})
	if gamesErr != nil {
		t.Fatal(gamesErr)
	}
	return gamesSet.Games
}

// demoRefs returns up to n positions of the demo games.
func demoRefs(t testing.TB, games []data.Game, n int) []data.Ref {
	t.Helper()
	refs, err := data.Positions(games, data.PositionFilter{MinPly: 12}, n, 1)
	if err != nil {
		t.Fatal(err)
	}
	return refs
}

// TestTexelGamesResolved checks every stored position against an
// independent computation: the quiet leaf search.QuiescencePV reaches under
// the reference, evaluated by engine/eval; mates are dropped; and the set
// does not depend on the number of workers.
func TestTexelGamesResolved(t *testing.T) {
	games := demoGames(t)
	n := 3000
	if testing.Short() {
		n = 800
	}
	refs := demoRefs(t, games, n)
	for _, name := range []string{"david35", "vazquez29", "phoenix640"} {
		t.Run(name, func(t *testing.T) {
			s, _ := eval.Lookup(name)
			ref := eval.RandomWeights(s, 3)
			one, err := CompileTexelGames(context.Background(), s, games, refs, TexelOptions{Reference: ref, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			three, err := CompileTexelGames(context.Background(), s, games, refs, TexelOptions{Reference: ref, Workers: 3})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(one, three) {
				t.Fatal("1 and 3 workers compile different sets")
			}
			refEv, _ := eval.New(s, ref)
			w := eval.RandomWeights(s, 9)
			ev, _ := eval.New(s, w)
			i, mates, resolved := 0, 0, 0
			for _, r := range refs {
				g := &games[r.Game]
				pos, _ := g.Position()
				for _, m := range g.Moves[:r.Ply] {
					pos.MakeMove(m)
				}
				v, pv := search.QuiescencePV(pos, refEv)
				if search.IsMateScore(v) {
					mates++
					continue
				}
				for _, m := range pv {
					pos.MakeMove(m)
				}
				if len(pv) > 0 {
					resolved++
				}
				if got, want := one.Eval(w, i), int64(ev.White(pos)); got != want {
					t.Fatalf("position %d (game %d ply %d): eval %d, leaf's evaluator %d", i, g.Number, r.Ply, got, want)
				}
				o, _ := outcome(g.Result)
				if one.out[3*i+o] != 1 {
					t.Fatalf("position %d: outcomes %v, game result %v", i, one.out[3*i:3*i+3], g.Result)
				}
				i++
			}
			st := one.Stats()
			if i != one.Positions() || st.Mates != mates || st.Resolved != resolved || st.Candidates != len(refs) || resolved == 0 {
				t.Fatalf("stats %+v; independent count %d positions, %d mates, %d resolved", st, i, mates, resolved)
			}
		})
	}
}

// TestTexelEvaluateDeterministic: losses and gradients are bit-identical
// for any worker count and batch, and a set with duplicates merged gives the
// same loss (up to rounding) as the set without.
func TestTexelEvaluateDeterministic(t *testing.T) {
	games := demoGames(t)
	refs := demoRefs(t, games, 6000)
	s, _ := eval.Lookup("david35")
	ref := MaterialLike(s)
	plain, err := CompileTexelGames(context.Background(), s, games, refs, TexelOptions{Reference: ref, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	merged, err := CompileTexelGames(context.Background(), s, games, refs, TexelOptions{Reference: ref, Workers: 2, Merge: true})
	if err != nil {
		t.Fatal(err)
	}
	if merged.Count() != plain.Count() || merged.Stats().Merged == 0 || merged.Positions()+merged.Stats().Merged != plain.Positions() {
		t.Fatalf("merged %d positions (%d merged, count %d), plain %d", merged.Positions(), merged.Stats().Merged, merged.Count(), plain.Positions())
	}
	ws := [][]int32{eval.RandomWeights(s, 1), eval.RandomWeights(s, 2), ref}
	run := func(tx *Texel, workers int, ws [][]int32) ([]float64, [][]float64) {
		grads := make([][]float64, len(ws))
		for i := range grads {
			grads[i] = make([]float64, len(s.Params()))
		}
		l, err := tx.Evaluate(context.Background(), ws, 0.004, grads, workers)
		if err != nil {
			t.Fatal(err)
		}
		return l, grads
	}
	l1, g1 := run(plain, 1, ws)
	for _, workers := range []int{2, 5} {
		l, g := run(plain, workers, ws)
		if !reflect.DeepEqual(l, l1) || !reflect.DeepEqual(g, g1) {
			t.Fatalf("%d workers: losses or gradients differ from 1 worker", workers)
		}
	}
	for i, w := range ws {
		l, g := run(plain, 3, [][]int32{w})
		if l[0] != l1[i] || !slices.Equal(g[0], g1[i]) {
			t.Fatalf("candidate %d alone differs from the batch", i)
		}
	}
	lm, gm := run(merged, 2, ws)
	for i := range ws {
		if math.Abs(lm[i]-l1[i]) > 1e-12 {
			t.Fatalf("candidate %d: merged loss %v, plain %v", i, lm[i], l1[i])
		}
		for j := range gm[i] {
			if math.Abs(gm[i][j]-g1[i][j]) > 1e-9*(1+math.Abs(g1[i][j])) {
				t.Fatalf("candidate %d weight %d: merged gradient %v, plain %v", i, j, gm[i][j], g1[i][j])
			}
		}
	}
	// The gradient is the loss's derivative where the evaluation is unrounded
	// (david35 has scale 1), by central differences.
	w := ws[0]
	for j := range w {
		if s.Params()[j].Min == s.Params()[j].Max {
			continue
		}
		wp, wm := slices.Clone(w), slices.Clone(w)
		wp[j]++
		wm[j]--
		num := (plain.Loss(wp, 0.004) - plain.Loss(wm, 0.004)) / 2
		if math.Abs(num-g1[0][j]) > 1e-3*math.Abs(g1[0][j])+1e-11 {
			t.Errorf("weight %d: gradient %g, central difference %g", j, g1[0][j], num)
		}
	}
}

// MaterialLike is a material-only vector of s (piece values, other weights
// as close to zero as the bounds allow).
func MaterialLike(s eval.Scheme) []int32 {
	vals := map[string]int{"PawnValue": 100, "KnightValue": 320, "BishopValue": 330, "RookValue": 500, "QueenValue": 900}
	w := make([]int32, len(s.Params()))
	for i, p := range s.Params() {
		w[i] = int32(p.Clamp(vals[p.Name]))
	}
	return w
}

// taperedMaterial is a test scheme outside engine/eval with tapered piece
// values (middlegame and endgame weight per piece type) that implements the
// eval.Phased view (phasedScheme).
type taperedMaterial struct{}

var taperedSpecs = func() []param.Spec {
	var out []param.Spec
	for _, ph := range []string{"mg", "eg"} {
		for pt, name := range []string{"pawn", "knight", "bishop", "rook", "queen"} {
			v := []int{100, 320, 330, 500, 900}[pt]
			out = append(out, param.Spec{Name: ph + "." + name, Min: 0, Max: 2000, Default: v, Bits: 11})
		}
	}
	return out
}()

func (taperedMaterial) Name() string         { return "test-tapered" }
func (taperedMaterial) Title() string        { return "tapered material (test)" }
func (taperedMaterial) Params() []param.Spec { return taperedSpecs }
func (taperedMaterial) Scale() int32         { return eval.MaxPhase }
func (taperedMaterial) Terms() int           { return 5 }
func (taperedMaterial) TermParams(t int) (int32, int32) {
	return int32(t), int32(5 + t)
}

func (taperedMaterial) PhasedFeatures(pos *board.Position, dst []eval.Feature) ([]eval.Feature, int32) {
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		c := int32(pos.Pieces[board.White][pt].Count() - pos.Pieces[board.Black][pt].Count())
		if c != 0 {
			dst = append(dst, eval.Feature{Index: int32(pt), Count: c})
		}
	}
	return dst, int32(eval.Phase(pos))
}

func (s taperedMaterial) Features(pos *board.Position, dst []eval.Feature) []eval.Feature {
	fs, ph := s.PhasedFeatures(pos, nil)
	for _, f := range fs {
		mg, eg := s.TermParams(int(f.Index))
		if v := f.Count * ph; v != 0 {
			dst = append(dst, eval.Feature{Index: mg, Count: v})
		}
		if v := f.Count * (eval.MaxPhase - ph); v != 0 {
			dst = append(dst, eval.Feature{Index: eg, Count: v})
		}
	}
	return dst
}

// unphased hides the Phased methods, so the set stores tapered features.
type unphased struct{ eval.Scheme }

// TestTexelPhased: a tapered scheme is stored as terms with a phase byte,
// evaluates exactly as its tapered features do, and has the same loss and
// (up to rounding) gradient as the generic form.
func TestTexelPhased(t *testing.T) {
	games := demoGames(t)
	refs := demoRefs(t, games, 4000)
	var s taperedMaterial
	if _, ok := eval.Scheme(s).(phasedScheme); !ok {
		t.Fatal("test scheme is not phased")
	}
	ref := param.Defaults(s.Params())
	ph, err := CompileTexelGames(context.Background(), s, games, refs, TexelOptions{Reference: ref, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	gen, err := CompileTexelGames(context.Background(), unphased{s}, games, refs, TexelOptions{Reference: ref, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !ph.Phased() || gen.Phased() || ph.Positions() != gen.Positions() || ph.Bytes() >= gen.Bytes() {
		t.Fatalf("phased %v (%d positions, %d bytes), generic %v (%d, %d bytes)", ph.Phased(), ph.Positions(), ph.Bytes(), gen.Phased(), gen.Positions(), gen.Bytes())
	}
	w := make([]int32, len(taperedSpecs))
	for i := range w {
		w[i] = int32(50 + 97*i%900)
	}
	for i := range ph.Positions() {
		if a, b := ph.Eval(w, i), gen.Eval(w, i); a != b {
			t.Fatalf("position %d: phased eval %d, generic %d", i, a, b)
		}
	}
	g1, g2 := make([]float64, len(w)), make([]float64, len(w))
	l1, err1 := ph.Gradient(w, 0.005, g1)
	l2, err2 := gen.Gradient(w, 0.005, g2)
	if err1 != nil || err2 != nil || l1 != l2 {
		t.Fatalf("losses %v %v (%v %v)", l1, l2, err1, err2)
	}
	for j := range g1 {
		if math.Abs(g1[j]-g2[j]) > 1e-9*(1+math.Abs(g2[j])) {
			t.Fatalf("weight %d: phased gradient %v, generic %v", j, g1[j], g2[j])
		}
	}
}

// TestTexelGamesCancel: a cancelled compile returns the context's error.
func TestTexelGamesCancel(t *testing.T) {
	games := demoGames(t)
	refs := demoRefs(t, games, 0)
	s, _ := eval.Lookup("david35")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CompileTexelGames(ctx, s, games, refs, TexelOptions{Reference: MaterialLike(s), Workers: 2}); err == nil {
		t.Fatal("cancelled compile succeeded")
	}
}

// BenchmarkTexelGradient measures the full-batch loss and gradient of the
// resolved demo games (david35) on all cores, in positions per second.
func BenchmarkTexelGradient(b *testing.B) {
	games := demoGames(b)
	refs := demoRefs(b, games, 0)
	s, _ := eval.Lookup("david35")
	tx, err := CompileTexelGames(context.Background(), s, games, refs, TexelOptions{Reference: MaterialLike(s), Workers: 4, Merge: true})
	if err != nil {
		b.Fatal(err)
	}
	w := eval.RandomWeights(s, 1)
	g := [][]float64{make([]float64, len(w))}
	n := 0
	for b.Loop() {
		if _, err := tx.Evaluate(context.Background(), [][]int32{w}, 0.005, g, runtime.NumCPU()); err != nil {
			b.Fatal(err)
		}
		n += int(tx.Count())
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkTexelCompileGames measures resolving and compiling the demo
// games' positions (david35), in positions per second.
func BenchmarkTexelCompileGames(b *testing.B) {
	games := demoGames(b)
	refs := demoRefs(b, games, 0)
	s, _ := eval.Lookup("david35")
	n := 0
	for b.Loop() {
		if _, err := CompileTexelGames(context.Background(), s, games, refs, TexelOptions{Reference: MaterialLike(s), Workers: runtime.NumCPU(), Merge: true}); err != nil {
			b.Fatal(err)
		}
		n += len(refs)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}
