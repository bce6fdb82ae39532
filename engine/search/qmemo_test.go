package search

import (
	"fmt"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
)

// TestQMemoSameResolve resolves sample positions' roots (ResolveRoot) and
// every child (Resolve) under a
// sequence of weight vectors, with one memo kept across them (as the tuner
// keeps it across re-resolves) and without, and wants the same value,
// principal variation and node count every time: with room for everything
// and with memos that fill up part-way (the plain search then takes the
// nodes it has no room for).
func TestQMemoSameResolve(t *testing.T) {
	n := 45
	if testing.Short() {
		n = 12
	}
	positions := samplePositions(t, n, 11)
	for _, name := range []string{"vazquez29", "david35", "prasad38", "phoenix640", "material"} {
		sc, err := eval.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		vectors := [][]int32{param.Defaults(sc.Params()), eval.RandomWeights(sc, 1), eval.RandomWeights(sc, 2), param.Defaults(sc.Params())}
		for _, budget := range []int{64 << 20, 2 << 20, 300 << 10} {
			t.Run(fmt.Sprintf("%s/%d", name, budget), func(t *testing.T) {
				memo := NewQMemo(budget)
				known, leaves := 0, 0
				for vi, w := range vectors {
					ev, err := eval.New(sc, w)
					if err != nil {
						t.Fatal(err)
					}
					plain := NewQuiescenceResolver(ev)
					ev2, _ := eval.New(sc, w)
					with := NewQuiescenceResolver(ev2)
					if err := with.SetMemo(memo); err != nil {
						t.Fatal(err)
					}
					for _, pos := range positions {
						fen := pos.FEN()
						l1 := plain.ResolveRoot(pos)
						n1 := plain.Nodes()
						l2 := with.ResolveRoot(pos)
						n2 := with.Nodes()
						if pos.FEN() != fen {
							t.Fatalf("vector %d %s: ResolveRoot changed the position to %s", vi, fen, pos.FEN())
						}
						same := len(l1) == len(l2) && n1 == n2
						for k := range l1 {
							same = same && k < len(l2) && l1[k].Move == l2[k].Move && l1[k].Score == l2[k].Score && slices.Equal(l1[k].Line, l2[k].Line)
						}
						if !same {
							t.Fatalf("vector %d %s: ResolveRoot without memo %v (%d nodes), with %v (%d nodes)", vi, fen, l1, n1, l2, n2)
						}
						for _, l := range l2 {
							checkLeafCounts(t, ev, pos, append([]board.Move{l.Move}, l.Line...), l.Counts, &known, &leaves)
						}
						for _, m := range pos.LegalMoves() {
							pos.MakeMove(m)
							fen := pos.FEN()
							v1, pv1 := plain.Resolve(pos)
							n1 := plain.Nodes()
							v2, pv2 := with.Resolve(pos)
							n2 := with.Nodes()
							if pos.FEN() != fen {
								t.Fatalf("vector %d %s: position changed to %s", vi, fen, pos.FEN())
							}
							pos.UnmakeMove()
							if v1 != v2 || !slices.Equal(pv1, pv2) || n1 != n2 {
								t.Fatalf("vector %d %s: without memo %d %v (%d nodes), with %d %v (%d nodes)", vi, fen, v1, pv1, n1, v2, pv2, n2)
							}
							if plain.LeafCounts() != nil {
								t.Fatal("a resolver without memo gives leaf counts")
							}
							checkLeafCounts(t, ev, pos, append([]board.Move{m}, pv2...), with.LeafCounts(), &known, &leaves)
						}
					}
				}
				if memo.Bytes() > budget || memo.Nodes() == 0 {
					t.Errorf("memo holds %d bytes, %d nodes (budget %d)", memo.Bytes(), memo.Nodes(), budget)
				}
				t.Logf("memo: %d nodes, %d bytes; leaf counts known for %d of %d lines", memo.Nodes(), memo.Bytes(), known, leaves)
				if eval.Dense(sc) && budget > 1<<20 && known*2 < leaves {
					t.Errorf("leaf counts known for only %d of %d lines", known, leaves)
				}
				if !eval.Dense(sc) && known > 0 {
					t.Errorf("leaf counts for a scheme without dense counts")
				}
			})
		}
	}
}

// checkLeafCounts plays line from pos and wants counts (when not nil) to be
// the dense counts of the position it reaches.
func checkLeafCounts(t *testing.T, ev *eval.Evaluator, pos *board.Position, line []board.Move, counts []int16, known, leaves *int) {
	t.Helper()
	*leaves++
	if counts == nil {
		return
	}
	*known++
	leaf := pos.Clone()
	for _, m := range line {
		leaf.MakeMove(m)
	}
	want := make([]int16, ev.DenseLen())
	if !ev.DenseCounts(leaf, want) || !slices.Equal(counts, want) {
		t.Fatalf("%s line %v: leaf counts %v, the leaf's %v", pos.FEN(), line, counts, want)
	}
}

// TestQMemoOneScheme: a memo keeps the counts of one scheme.
func TestQMemoOneScheme(t *testing.T) {
	memo := NewQMemo(1 << 20)
	vz, _ := eval.Lookup("vazquez29")
	dv, _ := eval.Lookup("david35")
	e1, _ := eval.NewDefault(vz)
	e2, _ := eval.NewDefault(dv)
	if err := NewQuiescenceResolver(e1).SetMemo(memo); err != nil {
		t.Fatal(err)
	}
	if err := NewQuiescenceResolver(e2).SetMemo(memo); err == nil {
		t.Fatal("a vazquez29 memo accepted by a david35 resolver")
	}
	if err := NewQuiescenceResolver(nil).SetMemo(memo); err == nil {
		t.Fatal("a vazquez29 memo accepted by a MaterialPST resolver")
	}
}
