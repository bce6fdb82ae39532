package search

import (
	"fmt"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
)

// TestQMemoSameResolve resolves sample positions' roots (ResolveRoot) and
// every child (Resolve) under a
// sequence of weight vectors, with one memo kept across them (as the tuner
// keeps it across re-resolves) and without, and wants the same value,
// principal variation and node count every time: with room for everything
// and with a memo that fills up part-way (the plain search then takes the
// nodes it has no room for).
func TestQMemoSameResolve(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	positions := samplePositions(t, n, 11)
	for _, name := range []string{"vazquez29", "david35", "prasad38", "phoenix640", "material"} {
		sc, err := eval.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		vectors := [][]int32{param.Defaults(sc.Params()), eval.RandomWeights(sc, 1), eval.RandomWeights(sc, 2), param.Defaults(sc.Params())}
		for _, budget := range []int{64 << 20, 300 << 10} {
			t.Run(fmt.Sprintf("%s/%d", name, budget), func(t *testing.T) {
				memo := NewQMemo(budget)
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
						}
					}
				}
				if memo.Bytes() > budget || memo.Nodes() == 0 {
					t.Errorf("memo holds %d bytes, %d nodes (budget %d)", memo.Bytes(), memo.Nodes(), budget)
				}
				t.Logf("memo: %d nodes, %d bytes", memo.Nodes(), memo.Bytes())
			})
		}
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
