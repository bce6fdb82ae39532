package search

import (
	"context"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

// TestQuiescencePVCases: hand-checked positions, with MaterialPST.
func TestQuiescencePVCases(t *testing.T) {
	cases := []struct {
		name  string
		fen   string
		pv    []string // SAN, in order
		score int      // checked only when mate is true
		mate  bool
	}{
		{"quiet start position", board.StartFEN, nil, 0, false},
		{"hanging queen", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", []string{"exd5"}, 0, false},
		{"king takes the checking queen", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", []string{"Kxd2"}, 0, false},
		{"back-rank mate by a quiet check", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", []string{"Ra8#"}, MateScore - 1, true},
		{"mated at the root", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", nil, -MateScore, true},
		{"SEE-losing capture not taken", "7k/6pp/2p5/3p4/8/8/8/3QK3 w - - 0 1", nil, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos := mustFEN(t, c.fen)
			score, pv := QuiescencePV(pos, MaterialPST{})
			var want []board.Move
			p := pos.Clone()
			for _, san := range c.pv {
				m, err := p.ParseSAN(san)
				if err != nil {
					t.Fatal(err)
				}
				want = append(want, m)
				p.MakeMove(m)
			}
			if !slices.Equal(pv, want) {
				t.Fatalf("pv %v, want %v", pv, want)
			}
			if c.mate {
				if score != c.score {
					t.Errorf("score %d, want %d", score, c.score)
				}
			} else if v := leafValue(MaterialPST{}, p, len(pv)); score != v {
				t.Errorf("score %d, leaf evaluation gives %d", score, v)
			}
		})
	}
}

// leafValue is the clamped static evaluation of leaf, seen from the side to
// move plies earlier.
func leafValue(ev Evaluator, leaf *board.Position, plies int) int {
	v := min(max(ev.Evaluate(leaf), -MaxEval), MaxEval)
	if plies%2 == 1 {
		v = -v
	}
	return v
}

// TestQuiescencePVLeaf: on hundreds of positions and all their children,
// the PV is legal, leads to the position the value comes from (its static
// evaluation, or a checkmate for a mate score), and pos is left unchanged.
func TestQuiescencePVLeaf(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for _, ev := range []Evaluator{MaterialPST{}, hashEval{}} {
		r := NewQuiescenceResolver(ev)
		mates, long := 0, 0
		for _, root := range samplePositions(t, n, 3) {
			check := func(pos *board.Position) {
				fen, hash := pos.FEN(), pos.Hash
				score, pv := r.Resolve(pos)
				if pos.FEN() != fen || pos.Hash != hash {
					t.Fatalf("%T %s: position changed to %s", ev, fen, pos.FEN())
				}
				leaf := pos.Clone()
				for i, m := range pv {
					if !isLegal(leaf, m) {
						t.Fatalf("%T %s: pv move %d %v is not legal", ev, fen, i, m)
					}
					leaf.MakeMove(m)
				}
				if len(pv) >= 3 {
					long++
				}
				switch {
				case IsMateScore(score):
					mates++
					want := -MateScore + len(pv)
					if len(pv)%2 == 1 {
						want = MateScore - len(pv)
					}
					if !leaf.IsCheckmate() || score != want {
						t.Fatalf("%T %s: mate score %d (want %d) with pv %v ending in %s", ev, fen, score, want, pv, leaf.FEN())
					}
				case score != leafValue(ev, leaf, len(pv)):
					t.Fatalf("%T %s: score %d, leaf %s after %v evaluates to %d", ev, fen, score, leaf.FEN(), pv,
						leafValue(ev, leaf, len(pv)))
				}
			}
			check(root)
			for _, m := range root.LegalMoves() {
				root.MakeMove(m)
				check(root)
				root.UnmakeMove()
			}
		}
		t.Logf("%T: %d mate scores, %d PVs of 3 plies or more", ev, mates, long)
		if long == 0 {
			t.Errorf("%T: no PV longer than two plies: the PV is not followed through the quiescence search", ev)
		}
	}
}

// rootValue converts a child's resolved value to the root's point of view,
// one ply further from any mate (what the root of a depth-1 search sees).
func rootValue(child int) int {
	switch {
	case IsMateScore(child) && child < 0:
		return -child - 1
	case IsMateScore(child):
		return -child + 1
	}
	return -child
}

// TestQuiescencePVIsTheSearchQuiescence: the resolver runs the search's own
// quiescence search: a fresh depth-1 "plain" search restricted to one root
// move (searched with the full window) scores it exactly -Resolve(child).
func TestQuiescencePVIsTheSearchQuiescence(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 30
	}
	plain := mustPreset(t, "plain")
	for _, ev := range []Evaluator{MaterialPST{}, hashEval{}} {
		r := NewQuiescenceResolver(ev)
		s := NewSearcher(ev, plain, 1)
		for _, pos := range samplePositions(t, n, 4) {
			for _, m := range pos.LegalMoves() {
				pos.MakeMove(m)
				v, _ := r.Resolve(pos)
				pos.UnmakeMove()
				s.Clear()
				res := s.Search(context.Background(), pos, Limits{Depth: 1, SearchMoves: []board.Move{m}}, nil)
				if res.Best != m || res.Score != rootValue(v) {
					t.Fatalf("%T %s %v: search %v %d, resolver %d", ev, pos.FEN(), m, res.Best, res.Score, rootValue(v))
				}
			}
		}
	}
}

// TestQuiescencePVRootChoice compares the hand-written 1-ply loop over
// -Resolve(child) (first maximum in OrderRootMoves order) with the move a
// fresh depth-1 "plain" search plays. They agree except where the search's
// narrower windows change its delta pruning, which must stay rare.
func TestQuiescencePVRootChoice(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 80
	}
	plain := mustPreset(t, "plain")
	r := NewQuiescenceResolver(MaterialPST{})
	s := NewSearcher(MaterialPST{}, plain, 1)
	positions := samplePositions(t, n, 6)
	differ := 0
	for _, pos := range positions {
		moves := pos.LegalMoves()
		if len(moves) == 0 {
			continue
		}
		OrderRootMoves(pos, moves)
		best, bestV := board.NoMove, -Infinity
		for _, m := range moves {
			pos.MakeMove(m)
			v, _ := r.Resolve(pos)
			pos.UnmakeMove()
			if rv := rootValue(v); rv > bestV {
				best, bestV = m, rv
			}
		}
		s.Clear()
		res := s.Search(context.Background(), pos, Limits{Depth: 1}, nil)
		if res.Best != best {
			differ++
			t.Logf("%s: search %v (%d), loop %v (%d)", pos.FEN(), res.Best, res.Score, best, bestV)
		} else if res.Score != bestV {
			t.Errorf("%s: same move %v, search %d, loop %d", pos.FEN(), best, res.Score, bestV)
		}
	}
	t.Logf("%d of %d positions differ", differ, len(positions))
	if differ > (len(positions)+99)/100 {
		t.Errorf("%d of %d positions differ (more than 1%%, rounded up)", differ, len(positions))
	}
}

// TestResolveRootIsTheSearch: ResolveRoot's first maximal move and score
// are exactly those of a fresh depth-1 "plain" search with quiescence, on
// hundreds of positions and two evaluators, and every move's score is the
// value of its line's leaf (static evaluation or checkmate); PlaysAtDepth1
// is true for the search's move and false for every other.
func TestResolveRootIsTheSearch(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 80
	}
	plain := mustPreset(t, "plain")
	for _, ev := range []Evaluator{MaterialPST{}, hashEval{}} {
		r := NewQuiescenceResolver(ev)
		s := NewSearcher(ev, plain, 1)
		bounds := 0
		for _, pos := range samplePositions(t, n, 6) {
			fen := pos.FEN()
			leaves := r.ResolveRoot(pos)
			if pos.FEN() != fen {
				t.Fatalf("%T %s: position changed", ev, fen)
			}
			if len(leaves) != len(pos.LegalMoves()) {
				t.Fatalf("%T %s: %d leaves for %d moves", ev, fen, len(leaves), len(pos.LegalMoves()))
			}
			best := -1
			for k, l := range leaves {
				if best < 0 || l.Score > leaves[best].Score {
					best = k
				}
				leaf := pos.Clone()
				for _, m := range append([]board.Move{l.Move}, l.Line...) {
					if !isLegal(leaf, m) {
						t.Fatalf("%T %s: line %v %v not legal", ev, fen, l.Move, l.Line)
					}
					leaf.MakeMove(m)
				}
				plies := 1 + len(l.Line)
				if IsMateScore(l.Score) {
					want := -MateScore + plies
					if plies%2 == 1 {
						want = MateScore - plies
					}
					if !leaf.IsCheckmate() || l.Score != want {
						t.Fatalf("%T %s %v: mate score %d (want %d), line %v", ev, fen, l.Move, l.Score, want, l.Line)
					}
				} else if v := leafValue(ev, leaf, plies); l.Score != v {
					t.Fatalf("%T %s %v: score %d, leaf after %v evaluates to %d", ev, fen, l.Move, l.Score, l.Line, v)
				}
				// A rejected move's score is a bound: compare with the full window.
				pos.MakeMove(l.Move)
				full, fullPV := r.Resolve(pos)
				pos.UnmakeMove()
				if rootValue(full) != l.Score {
					bounds++
				}
				// The first move is searched with the full window: its value
				// and line are Resolve's (the tuner relies on it).
				if k == 0 && (rootValue(full) != l.Score || !slices.Equal(fullPV, l.Line)) {
					t.Fatalf("%T %s: first move %v: root %d %v, full window %d %v", ev, fen, l.Move, l.Score, l.Line, rootValue(full), fullPV)
				}
			}
			s.Clear()
			res := s.Search(context.Background(), pos, Limits{Depth: 1}, nil)
			if best < 0 {
				if res.Best != board.NoMove {
					t.Fatalf("%T %s: no leaves, search plays %v", ev, fen, res.Best)
				}
				continue
			}
			if res.Best != leaves[best].Move || res.Score != leaves[best].Score {
				t.Fatalf("%T %s: search %v %d, ResolveRoot %v %d", ev, fen, res.Best, res.Score, leaves[best].Move, leaves[best].Score)
			}
			// PlaysAtDepth1 stops early but answers as the search does, for
			// every legal move (and for a move that is not one).
			for _, m := range append(pos.LegalMoves(), board.NoMove) {
				if got := r.PlaysAtDepth1(pos, m); got != (m == res.Best) {
					t.Fatalf("%T %s: PlaysAtDepth1(%v) = %v, the search plays %v", ev, fen, m, got, res.Best)
				}
				if pos.FEN() != fen {
					t.Fatalf("%T %s: PlaysAtDepth1(%v) changed the position", ev, fen, m)
				}
			}
		}
		t.Logf("%T: %d root moves scored by a bound that differs from the full-window value", ev, bounds)
	}
}

// TestQuiescenceResolverFresh: every Resolve starts from fresh state: one
// resolver used in forward order, another in reverse order and a new one per
// position all agree, whatever was resolved before.
func TestQuiescenceResolverFresh(t *testing.T) {
	positions := samplePositions(t, 150, 8)
	type result struct {
		score int
		pv    []board.Move
	}
	fwd := make([]result, len(positions))
	r := NewQuiescenceResolver(MaterialPST{})
	for i, pos := range positions {
		fwd[i].score, fwd[i].pv = r.Resolve(pos)
		r.ResolveRoot(pos) // leaves nothing behind either
	}
	r2 := NewQuiescenceResolver(MaterialPST{})
	for i := len(positions) - 1; i >= 0; i-- {
		score, pv := r2.Resolve(positions[i])
		fscore, fpv := QuiescencePV(positions[i], MaterialPST{})
		if score != fwd[i].score || !slices.Equal(pv, fwd[i].pv) || fscore != score || !slices.Equal(fpv, pv) {
			t.Fatalf("%s: forward %d %v, reverse %d %v, fresh %d %v", positions[i].FEN(),
				fwd[i].score, fwd[i].pv, score, pv, fscore, fpv)
		}
	}
}

// BenchmarkQuiescencePV resolves every child of sample positions, in
// resolves/s (per CPU second too) and nodes per resolve.
func BenchmarkQuiescencePV(b *testing.B) {
	positions := samplePositions(b, 64, 5)
	r := NewQuiescenceResolver(MaterialPST{})
	resolves, nodes := 0, uint64(0)
	for b.Loop() {
		for _, pos := range positions {
			for _, m := range pos.LegalMoves() {
				pos.MakeMove(m)
				r.Resolve(pos)
				pos.UnmakeMove()
				resolves++
				nodes += r.Nodes()
			}
		}
	}
	b.ReportMetric(float64(resolves)/b.Elapsed().Seconds(), "resolves/s")
	b.ReportMetric(float64(nodes)/float64(resolves), "nodes/resolve")
}
