package fitness

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/data"
)

// searchChoice is the oracle: the move a fresh plain Searcher picks at depth 1
// without quiescence.
func searchChoice(t testing.TB, s *search.Searcher, fen string) board.Move {
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s.Clear()
	return s.Search(context.Background(), pos, search.Limits{Depth: 1, NoQuiescence: true}, nil).Best
}

// weightSets returns the vectors tested per scheme: its presets, its
// defaults and seeded random vectors within bounds.
func weightSets(s eval.Scheme, random int) map[string][]int32 {
	out := map[string][]int32{}
	for _, p := range eval.Presets() {
		if p.Scheme == s.Name() {
			out["preset "+p.Name] = p.Weights
		}
	}
	for seed := 1; seed <= random; seed++ {
		out[fmt.Sprintf("random %d", seed)] = eval.RandomWeights(s, uint64(seed))
	}
	return out
}

// TestMoveMatchAgreesWithSearch proves the compiled fast path picks exactly
// the move engine/search picks (Depth 1, NoQuiescence, "plain"), for every
// scheme, its presets and several random weight vectors, on thousands of
// positions from the demo games (every ply, draws included, so checks,
// captures, promotions and ties all occur).
func TestMoveMatchAgreesWithSearch(t *testing.T) {
	n, random := 3000, 4
	if testing.Short() {
		n, random = 600, 2
	}
	samples := spread(demo(t, "all").Train, n)
	plain, err := search.PresetParams(search.PresetPlain)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range eval.Schemes() {
		mm, err := CompileMoveMatch(s, samples)
		if err != nil {
			t.Fatal(err)
		}
		for name, w := range weightSets(s, random) {
			ev, err := eval.New(s, w)
			if err != nil {
				t.Fatalf("%s %s: %v", s.Name(), name, err)
			}
			sr := search.NewSearcher(ev, plain, 1)
			hits := make([]bool, len(samples))
			matched := mm.Score(w, hits)
			wantMatched := 0
			for i, smp := range samples {
				want := searchChoice(t, sr, smp.FEN)
				if got := mm.Choice(w, i); got != want {
					t.Fatalf("%s %s: %s: fast path picks %s, search %s", s.Name(), name, smp.FEN, got.UCI(), want.UCI())
				}
				if hit := want == smp.Move; hit != hits[i] {
					t.Fatalf("%s %s: position %d hit %v, search says %v", s.Name(), name, i, hits[i], hit)
				} else if hit {
					wantMatched++
				}
			}
			if matched != wantMatched {
				t.Fatalf("%s %s: matched %d, want %d", s.Name(), name, matched, wantMatched)
			}
			t.Logf("%-10s %-34s %4d/%d matched", s.Name(), name, matched, len(samples))
		}
	}
}

// TestMoveMatchTieRule: with the material scheme most moves tie, so the
// choice is the first maximal move in search.OrderRootMoves order.
func TestMoveMatchTieRule(t *testing.T) {
	s, err := eval.Lookup("material")
	if err != nil {
		t.Fatal(err)
	}
	w := make([]int32, len(s.Params()))
	for i, sp := range s.Params() {
		w[i] = int32(sp.Default)
	}
	cases := []struct{ fen string }{
		// Every move keeps the material: the first quiet move in generation order.
		{board.StartFEN},
		// Two captures of a knight: the one by the least valuable attacker comes first.
		{"4k3/8/8/3n4/2P1P3/8/8/R3K3 w - - 0 1"},
	}
	for _, c := range cases {
		pos, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		moves := pos.LegalMoves()
		search.OrderRootMoves(pos, moves)
		mm, err := CompileMoveMatch(s, []data.Sample{{FEN: c.fen, Move: moves[len(moves)-1]}})
		if err != nil {
			t.Fatal(err)
		}
		ev, _ := eval.New(s, w)
		// The expected pick: first move in root order with the maximal -Evaluate(child).
		best, bestV := board.NoMove, 0
		for _, m := range moves {
			pos.MakeMove(m)
			v := -ev.Evaluate(pos)
			pos.UnmakeMove()
			if best == board.NoMove || v > bestV {
				best, bestV = m, v
			}
		}
		if got := mm.Choice(w, 0); got != best {
			t.Errorf("%s: picks %s, want %s", c.fen, got.UCI(), best.UCI())
		}
	}
}

func TestMoveMatchErrors(t *testing.T) {
	s, _ := eval.Lookup("material")
	bad := []data.Sample{
		{FEN: "not a fen", Move: 0},
		{FEN: board.StartFEN, Move: board.NewMove(board.E2, board.E5)},
	}
	for _, smp := range bad {
		if _, err := CompileMoveMatch(s, []data.Sample{smp}); err == nil {
			t.Errorf("%+v accepted", smp)
		}
	}
	mm, err := CompileMoveMatch(s, nil)
	if err != nil || mm.Positions() != 0 || mm.Score(make([]int32, len(s.Params())), nil) != 0 {
		t.Errorf("empty sample: %v", err)
	}
	if mm.Check([]int32{1}) == nil {
		t.Errorf("short vector accepted")
	}
}

// TestFloorCeil checks the division helpers the threshold rule relies on.
func TestFloorCeil(t *testing.T) {
	for _, c := range []struct{ a, b, floor, ceil int64 }{
		{7, 2, 3, 4}, {-7, 2, -4, -3}, {6, 3, 2, 2}, {-6, 3, -2, -2}, {0, 5, 0, 0}, {-1, 10000, -1, 0},
	} {
		if floorDiv(c.a, c.b) != c.floor || ceilDiv(c.a, c.b) != c.ceil {
			t.Errorf("%d/%d: floor %d ceil %d", c.a, c.b, floorDiv(c.a, c.b), ceilDiv(c.a, c.b))
		}
		if int64(eval.FloorDiv(c.a, int32(c.b))) != c.floor {
			t.Errorf("eval.FloorDiv disagrees on %d/%d", c.a, c.b)
		}
	}
}

// TestMoveMatchWidePath: the general 64-bit entry path (schemes with more
// than 1,024 parameters or large counts) scores exactly like the packed one.
func TestMoveMatchWidePath(t *testing.T) {
	samples := spread(demo(t, "all").Train, 800)
	for _, s := range eval.Schemes() {
		mm, err := CompileMoveMatch(s, samples)
		if err != nil {
			t.Fatal(err)
		}
		if mm.dif32 == nil {
			t.Fatalf("%s: not packed", s.Name())
		}
		wide := *mm
		wide.dif = make([]int64, len(mm.dif32))
		for k, e := range mm.dif32 {
			wide.dif[k] = int64(e>>10)<<16 | int64(e&1023)
		}
		wide.dif32 = nil
		for seed := uint64(1); seed <= 3; seed++ {
			w := eval.RandomWeights(s, seed)
			h1, h2 := make([]bool, len(samples)), make([]bool, len(samples))
			if a, b := mm.Score(w, h1), wide.Score(w, h2); a != b || !slices.Equal(h1, h2) {
				t.Fatalf("%s seed %d: packed %d, wide %d", s.Name(), seed, a, b)
			}
		}
	}
}

// TestMoveMatchConcurrent: one compiled sample scored from several
// goroutines gives the sequential results (run with -race).
func TestMoveMatchConcurrent(t *testing.T) {
	s, _ := eval.Lookup("david35")
	mm, err := CompileMoveMatch(s, demo(t, "david").Train)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int, 8)
	for i := range want {
		want[i] = mm.Score(eval.RandomWeights(s, uint64(i)), nil)
	}
	got := make([]int, len(want))
	done := make(chan struct{})
	for i := range got {
		go func() {
			got[i] = mm.Score(eval.RandomWeights(s, uint64(i)), nil)
			done <- struct{}{}
		}()
	}
	for range got {
		<-done
	}
	if !slices.Equal(got, want) {
		t.Errorf("concurrent %v, sequential %v", got, want)
	}
}

// TestHintsAnyMove: whatever move a position's hint names (every one in
// turn, ties included: the material scheme's moves often share a value),
// matchesSmall decides as without a hint.
func TestHintsAnyMove(t *testing.T) {
	samples := spread(demo(t, "all").Train, 200)
	for _, s := range eval.Schemes() {
		mm, err := CompileMoveMatch(s, samples)
		if err != nil {
			t.Fatal(err)
		}
		if mm.dif32 == nil {
			continue
		}
		h := mm.NewHints()
		for name, w := range weightSets(s, 2) {
			wl := widen(w)
			tested := 0
			for i, tg := range mm.target {
				want := mm.matchesSmall(wl, i, tg, nil)
				for j := mm.movStart[i]; j < mm.movStart[i+1]; j++ {
					h.at[i] = j
					if got := mm.matchesSmall(wl, i, tg, h.at); got != want {
						t.Fatalf("%s %s: position %d, hint %d (target %d): %v, without the hint %v", s.Name(), name, i, j, tg, got, want)
					}
					tested++
				}
			}
			if tested == 0 {
				t.Fatalf("%s %s: no hint tested", s.Name(), name)
			}
		}
	}
}

// TestScoreAgreesWithChoice: Score, which decides from the target move's
// dot product and stops at the first move that beats it, counts exactly the
// positions whose Choice (every move's value, first maximum) is the
// target, for every scheme (scales 1 to 10,000, both sides to move), packed
// and 64-bit entries, unresolved and resolved, presets and random vectors.
func TestScoreAgreesWithChoice(t *testing.T) {
	samples := spread(demo(t, "all").Train, 300)
	for _, s := range eval.Schemes() {
		for _, qs := range []bool{false, true} {
			mm, err := CompileMoveMatchOpts(s, samples, CompileOptions{Quiescence: qs})
			if err != nil {
				t.Fatal(err)
			}
			wide := *mm
			if mm.dif32 != nil {
				wide.dif = make([]int64, len(mm.dif32))
				for k, e := range mm.dif32 {
					wide.dif[k] = int64(e>>10)<<16 | int64(e&1023)
				}
				wide.dif32 = nil
			}
			// Every vector twice, with hints kept from all the vectors
			// scored before (ScoreHinted: the same hits as Choice).
			sets := weightSets(s, 3)
			names := slices.Sorted(maps.Keys(sets))
			hints := []*Hints{mm.NewHints(), wide.NewHints()}
			for pass, name := range append(names, names...) {
				w := sets[name]
				for mi, m := range []*MoveMatch{mm, &wide} {
					hits := make([]bool, len(samples))
					var n int
					if pass < len(names) && mi == 0 {
						n = m.Score(w, hits)
					} else {
						n = m.ScoreHinted(w, hits, hints[mi])
					}
					want := 0
					for i := range samples {
						chosen := m.Choice(w, i)
						hit := m.target[i] >= 0 && chosen == m.moves[m.target[i]]
						if hit {
							want++
						}
						if hit != hits[i] {
							t.Fatalf("%s qs=%v %s: position %d: hit %v, Choice %s (target %d)", s.Name(), qs, name, i, hits[i], chosen.UCI(), m.target[i])
						}
					}
					if n != want {
						t.Fatalf("%s qs=%v %s: Score %d, Choice matches %d", s.Name(), qs, name, n, want)
					}
				}
			}
		}
	}
}
