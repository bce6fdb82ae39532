package fitness

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
)

// benchmarkScore measures scorings per second (one scoring = all legal moves
// of one position for one candidate) on the david-protocol demo sample.
func benchmarkScore(b *testing.B, scheme string) { benchmarkScoreOpts(b, scheme, CompileOptions{}) }

// benchmarkScoreOpts is benchmarkScore for a sample compiled with opt.
func benchmarkScoreOpts(b *testing.B, scheme string, opt CompileOptions) {
	s, err := eval.Lookup(scheme)
	if err != nil {
		b.Skip(err)
	}
	samples := demo(b, "david").Train
	mm, err := CompileMoveMatchOpts(s, samples, opt)
	if err != nil {
		b.Fatal(err)
	}
	w := eval.RandomWeights(s, 1)
	b.ResetTimer()
	cpu0 := cpuTime()
	positions := 0
	for b.Loop() {
		mm.Score(w, nil)
		positions += mm.Positions()
	}
	st := mm.Stats()
	b.ReportMetric(float64(positions)/b.Elapsed().Seconds(), "scorings/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(positions)/cpu.Seconds(), "scorings/cpu-s")
	}
	b.ReportMetric(float64(st.Bytes)/float64(st.Positions), "bytes/position")
	b.ReportMetric(float64(st.KeptMoves)/float64(st.Positions), "moves/position")
	b.ReportMetric(float64(st.Entries)/float64(st.Positions), "entries/position")
}

func BenchmarkScoreMaterial(b *testing.B)   { benchmarkScore(b, "material") }
func BenchmarkScoreVazquez29(b *testing.B)  { benchmarkScore(b, "vazquez29") }
func BenchmarkScoreDavid35(b *testing.B)    { benchmarkScore(b, "david35") }
func BenchmarkScorePrasad38(b *testing.B)   { benchmarkScore(b, "prasad38") }
func BenchmarkScorePhoenix640(b *testing.B) { benchmarkScore(b, "phoenix640") }

// The quiescence-resolved samples (CompileOptions.Quiescence, default
// reference): same scoring loop, more entries per move.
func BenchmarkScoreQSVazquez29(b *testing.B) {
	benchmarkScoreOpts(b, "vazquez29", CompileOptions{Quiescence: true})
}
func BenchmarkScoreQSDavid35(b *testing.B) {
	benchmarkScoreOpts(b, "david35", CompileOptions{Quiescence: true})
}
func BenchmarkScoreQSPhoenix640(b *testing.B) {
	benchmarkScoreOpts(b, "phoenix640", CompileOptions{Quiescence: true})
}

// BenchmarkScoreHints measures scorings per second of a run's kind of
// candidates — 32 vectors near one another (each weight of a random
// vector moved by up to ±5%, seeded), scored in turn — on the classroom
// run's sample (1,000 positions of the demo games, every position from ply
// 12, resolved for vazquez29): without hints (Score) and with one Hints
// kept from candidate to candidate (ScoreHinted, the same scores).
func BenchmarkScoreHints(b *testing.B) {
	s, _ := eval.Lookup("vazquez29")
	samples := spread(demo(b, "all").Train, 1000)
	w0 := eval.RandomWeights(s, 1)
	mm, err := CompileMoveMatchOpts(s, samples, CompileOptions{Quiescence: true, Reference: w0})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	cands := make([][]int32, 32)
	for c := range cands {
		w := make([]int32, len(w0))
		for i, sp := range s.Params() {
			w[i] = int32(sp.Clamp(int(w0[i]) + int(float64(w0[i])*(rng.Float64()-0.5)/10)))
		}
		cands[c] = w
	}
	for _, name := range []string{"plain", "hints"} {
		b.Run(name, func(b *testing.B) {
			var h *Hints
			if name == "hints" {
				h = mm.NewHints()
			}
			n, c := 0, 0
			for b.Loop() {
				mm.ScoreHinted(cands[c%len(cands)], nil, h)
				c++
				n += mm.Positions()
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "scorings/s")
		})
	}
}

// benchmarkCompile measures compilation in positions per second (and per
// CPU second) on the david-protocol demo sample.
func benchmarkCompile(b *testing.B, scheme string, opt CompileOptions) {
	s, err := eval.Lookup(scheme)
	if err != nil {
		b.Skip(err)
	}
	samples := demo(b, "david").Train
	cpu0 := cpuTime()
	n := 0
	var st Stats
	for b.Loop() {
		mm, err := CompileMoveMatchOpts(s, samples, opt)
		if err != nil {
			b.Fatal(err)
		}
		n += len(samples)
		st = mm.Stats()
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), "positions/cpu-s")
	}
	b.ReportMetric(float64(st.Bytes)/float64(st.Positions), "bytes/position")
}

func BenchmarkCompileDavid35(b *testing.B) { benchmarkCompile(b, "david35", CompileOptions{}) }
func BenchmarkCompileQSDavid35(b *testing.B) {
	benchmarkCompile(b, "david35", CompileOptions{Quiescence: true})
}
func BenchmarkCompileQSFullWindowDavid35(b *testing.B) {
	benchmarkCompile(b, "david35", CompileOptions{Quiescence: true, FullWindow: true})
}
func BenchmarkCompileQSPhoenix640(b *testing.B) {
	benchmarkCompile(b, "phoenix640", CompileOptions{Quiescence: true})
}

// BenchmarkSearchMoveMatchDepth1 measures the real-search match at depth 1
// with quiescence (the paper-faithful 1-ply figure) in positions per second.
func BenchmarkSearchMoveMatchDepth1(b *testing.B) {
	s, _ := eval.Lookup("david35")
	ev, err := eval.NewDefault(s)
	if err != nil {
		b.Fatal(err)
	}
	samples := demo(b, "david").Test
	n := 0
	for b.Loop() {
		r, err := SearchMoveMatch(context.Background(), ev, search.DefaultParams(), search.Limits{Depth: 1}, 1, samples, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		n += r.Positions
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

func BenchmarkCompileQSVazquez29(b *testing.B) {
	benchmarkCompile(b, "vazquez29", CompileOptions{Quiescence: true})
}

// BenchmarkHeldOutDepth1 measures the held-out scorer of
// quiescence-resolved runs on 1,000 positions of the demo games (every
// position from ply 12, as the classroom run samples them; vazquez29 under
// its defaults) in positions per second: the whole depth-1 search
// (SearchSet.Match, "search") against the search stopped once each answer
// is known (SearchSet.MatchDepth1, "decided"; the same count), and that
// with the quiescence memo of a search under other weights
// ("decided+memo", SearchSet.MatchDepth1Memo; the same count).
func BenchmarkHeldOutDepth1(b *testing.B) {
	s, _ := eval.Lookup("vazquez29")
	ev, err := eval.NewDefault(s)
	if err != nil {
		b.Fatal(err)
	}
	set, err := NewSearchSet(spread(demo(b, "all").Test, 1000))
	if err != nil {
		b.Fatal(err)
	}
	plain, _ := search.PresetParams(search.PresetPlain)
	ctx := context.Background()
	for _, name := range []string{"search", "decided", "decided+memo"} {
		b.Run(name, func(b *testing.B) {
			var memo *search.QMemo
			if name == "decided+memo" {
				// Kept from a search under other weights, as the
				// held-out scorer keeps it from one best to the next.
				memo = search.NewQMemo(32 << 20)
				other, _ := eval.New(s, eval.RandomWeights(s, 1))
				if _, err := set.MatchDepth1Memo(ctx, other, nil, memo); err != nil {
					b.Fatal(err)
				}
			}
			n := 0
			for b.Loop() {
				var r SearchMatch
				var err error
				switch name {
				case "search":
					r, err = set.Match(ctx, ev, plain, search.Limits{Depth: 1}, 1, nil, nil)
				case "decided":
					r, err = set.MatchDepth1(ctx, ev, nil)
				default:
					r, err = set.MatchDepth1Memo(ctx, ev, nil, memo)
				}
				if err != nil {
					b.Fatal(err)
				}
				n += r.Positions
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkRecompileQSVazquez29 measures a re-resolve: 1,000 positions of
// the demo games (every position from ply 12, as the classroom run samples
// them) compiled again under weights near the first compilation's, as a
// run re-resolves under its best so far, in positions per second: afresh
// ("fresh") and with the quiescence memo kept from the first compilation
// ("memo", CompileOptions.Memo; the same result).
func BenchmarkRecompileQSVazquez29(b *testing.B) {
	s, _ := eval.Lookup("vazquez29")
	samples := spread(demo(b, "all").Train, 1000)
	w0 := eval.RandomWeights(s, 1)
	w1 := make([]int32, len(w0))
	for i, sp := range s.Params() {
		w1[i] = int32(sp.Clamp(int(w0[i] + w0[i]/20*int32(1-2*(i&1))))) // ±5%
	}
	if err := eval.Validate(s, w1); err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"fresh", "memo"} {
		b.Run(name, func(b *testing.B) {
			var memo *search.QMemo
			if name == "memo" {
				memo = search.NewQMemo(32 << 20)
				if _, err := CompileMoveMatchOpts(s, samples, CompileOptions{Quiescence: true, Reference: w0, Memo: memo}); err != nil {
					b.Fatal(err)
				}
			}
			n := 0
			for b.Loop() {
				if _, err := CompileMoveMatchOpts(s, samples, CompileOptions{Quiescence: true, Reference: w1, Memo: memo}); err != nil {
					b.Fatal(err)
				}
				n += len(samples)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
			if memo != nil {
				b.ReportMetric(float64(memo.Bytes())/float64(len(samples)), "memo-bytes/position")
			}
		})
	}
}
