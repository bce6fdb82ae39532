package fitness

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/internal/shareddata"
)

func TestSearchMoveMatch(t *testing.T) {
	samples := spread(demo(t, "david").Test, 150)
	s, _ := eval.Lookup("david35")
	pre, err := eval.LookupPreset("david-fig3")
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := eval.New(s, pre.Weights)
	plain, _ := search.PresetParams(search.PresetPlain)
	ctx := context.Background()

	// At depth 1 without quiescence it is the compiled 1-ply match.
	mm, err := CompileMoveMatch(s, samples)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]bool, len(samples))
	wantN := mm.Score(pre.Weights, want)
	hits := make([]bool, len(samples))
	done := 0
	r, err := SearchMoveMatch(ctx, ev, plain, search.Limits{Depth: 1, NoQuiescence: true}, 1, samples, hits, func(n int) { done = n })
	if err != nil {
		t.Fatal(err)
	}
	if r.Matched != wantN || !slices.Equal(hits, want) || r.Positions != len(samples) || done != len(samples) {
		t.Fatalf("depth 1: matched %d, compiled %d (done %d)", r.Matched, wantN, done)
	}

	// Depth 2 with quiescence: deterministic and independent of sample order.
	lim := search.Limits{Depth: 2}
	a, err := SearchMoveMatch(ctx, ev, search.DefaultParams(), lim, 1, samples, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rev := slices.Clone(samples)
	slices.Reverse(rev)
	b, err := SearchMoveMatch(ctx, ev, search.DefaultParams(), lim, 1, rev, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a != b || a.Nodes == 0 {
		t.Errorf("depth 2: %+v forward, %+v reversed", a, b)
	}
	t.Logf("david-fig3 on %d positions: 1-ply %d, depth 2 %d", len(samples), wantN, a.Matched)

	if _, err := SearchMoveMatch(ctx, ev, plain, lim, 1, samples, make([]bool, 1), nil); err == nil {
		t.Errorf("short hits accepted")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := SearchMoveMatch(cctx, ev, plain, lim, 1, samples, nil, nil); err == nil {
		t.Errorf("cancelled context ignored")
	}
}

func loadSuite(t *testing.T, rel string, n int) []*pgn.EPD {
	f, err := os.Open(shareddata.Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, skipped, err := pgn.ReadEPD(f)
	if err != nil || len(skipped) > 0 {
		t.Fatalf("%v %v", err, skipped)
	}
	if n < len(recs) {
		recs = recs[:n]
	}
	return recs
}

// TestSuiteNodes compares with search.RunSuite (fresh searchers, same
// limits): the same positions are solved with the same nodes to solution
// (one definition, search.SolutionTracker).
func TestSuiteNodes(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 12
	}
	suite := loadSuite(t, "epd/wac.epd", n)
	s, _ := eval.Lookup("david35")
	ev, _ := eval.NewDefault(s)
	p := search.DefaultParams()
	const cap = 20000
	ctx := context.Background()
	var per []SuitePosition
	tot, err := SuiteNodes(ctx, ev, p, suite, SuiteOptions{Cap: cap, HashMB: 1}, func(sp SuitePosition) { per = append(per, sp) })
	if err != nil {
		t.Fatal(err)
	}
	var items []search.SuiteItem
	for _, e := range suite {
		items = append(items, search.SuiteItem{ID: e.ID, Pos: e.Position, Best: e.Best, Avoid: e.Avoid})
	}
	var ref []search.SuiteResult
	if _, err := search.RunSuite(ctx, items, ev, p, search.Limits{Nodes: cap}, 1, func(r search.SuiteResult) { ref = append(ref, r) }); err != nil {
		t.Fatal(err)
	}
	var sum uint64
	solved := 0
	for i, sp := range per {
		if sp.Solved != ref[i].Solved {
			t.Errorf("%s: solved %v, RunSuite %v", sp.ID, sp.Solved, ref[i].Solved)
		}
		if sp.Solved {
			solved++
			if sp.Nodes != ref[i].SolvedNodes || sp.Nodes > cap || sp.Nodes == 0 {
				t.Errorf("%s: %d nodes to solution, RunSuite %d", sp.ID, sp.Nodes, ref[i].SolvedNodes)
			}
		} else if sp.Nodes != cap {
			t.Errorf("%s: unsolved but %d nodes", sp.ID, sp.Nodes)
		}
		sum += sp.Nodes
	}
	if tot.Nodes != sum || tot.Solved != solved || tot.Positions != len(suite) || solved == 0 {
		t.Errorf("totals %+v, sum %d solved %d", tot, sum, solved)
	}
	again, _ := SuiteNodes(ctx, ev, p, suite, SuiteOptions{Cap: cap, HashMB: 1}, nil)
	if again != tot {
		t.Errorf("not deterministic: %+v then %+v", tot, again)
	}
	t.Logf("WAC 1-%d at %d nodes: %+v", len(suite), cap, tot)
	if _, err := SuiteNodes(ctx, ev, p, suite, SuiteOptions{}, nil); err == nil {
		t.Errorf("zero cap accepted")
	}
	noBM := []*pgn.EPD{{Position: suite[0].Position}}
	if _, err := SuiteNodes(ctx, ev, p, noBM, SuiteOptions{Cap: 10}, nil); err == nil {
		t.Errorf("record without bm accepted")
	}
}

// TestMatchDepth1IsMatch: MatchDepth1, which stops each position's search
// once its answer is known, counts and marks exactly the positions Match
// does with the "plain" parameters at depth 1, for every scheme under its
// defaults and random weights (phoenix640 through its piece-square sums).
func TestMatchDepth1IsMatch(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 80
	}
	samples := spread(demo(t, "all").Test, n)
	set, err := NewSearchSet(samples)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := search.PresetParams(search.PresetPlain)
	ctx := context.Background()
	for _, s := range eval.Schemes() {
		vectors := [][]int32{nil, eval.RandomWeights(s, 1), eval.RandomWeights(s, 2)}
		for k, w := range vectors {
			var ev *eval.Evaluator
			if w == nil {
				ev, err = eval.NewDefault(s)
			} else {
				ev, err = eval.New(s, w)
			}
			if err != nil {
				t.Fatal(err)
			}
			want := make([]bool, len(samples))
			r, err := set.Match(ctx, ev, plain, search.Limits{Depth: 1}, 1, want, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := make([]bool, len(samples))
			g, err := set.MatchDepth1(ctx, ev, got)
			if err != nil {
				t.Fatal(err)
			}
			if g.Matched != r.Matched || g.Positions != r.Positions || !slices.Equal(got, want) {
				t.Fatalf("%s vector %d: MatchDepth1 %d of %d, Match %d of %d", s.Name(), k, g.Matched, g.Positions, r.Matched, r.Positions)
			}
		}
	}
	if _, err := set.MatchDepth1(ctx, nil, make([]bool, 1)); err == nil {
		t.Errorf("short hits accepted")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	ev, _ := eval.NewDefault(eval.Schemes()[0])
	if _, err := set.MatchDepth1(cctx, ev, nil); err == nil {
		t.Errorf("cancelled context ignored")
	}
}
