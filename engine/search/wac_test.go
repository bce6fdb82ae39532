package search

import (
	"context"
	"os"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/internal/shareddata"
)

func loadSuite(tb testing.TB, rel string) []SuiteItem {
	tb.Helper()
	f, err := os.Open(shareddata.Path(tb, rel))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	recs, skipped, err := pgn.ReadEPD(f)
	if err != nil || len(skipped) > 0 {
		tb.Fatalf("%s: %v %v", rel, err, skipped)
	}
	var items []SuiteItem
	for _, r := range recs {
		items = append(items, SuiteItem{ID: r.ID, Pos: r.Position, Best: r.Best, Avoid: r.Avoid})
	}
	return items
}

// TestWACModestDepth: the default search solves most of the first 40
// Win At Chess positions at 50,000 nodes each (deterministic, so the count
// is exact).
func TestWACModestDepth(t *testing.T) {
	if testing.Short() {
		t.Skip("WAC suite is slow")
	}
	items := loadSuite(t, "epd/wac.epd")[:40]
	tot, err := RunSuite(context.Background(), items, nil, DefaultParams(), Limits{Nodes: 50000}, 16, func(r SuiteResult) {
		if !r.Solved {
			t.Logf("%s not solved: played %v", r.ID, r.Result.Best)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("solved %d/%d, %d nodes", tot.Solved, tot.Positions, tot.Nodes)
	if tot.Solved < 36 {
		t.Errorf("solved %d/40 WAC positions at 50,000 nodes, want at least 36", tot.Solved)
	}
}

func TestIsSolution(t *testing.T) {
	pos := mustFEN(t, "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1")
	mv := func(s string) []board.Move {
		m, err := pos.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		return []board.Move{m}
	}
	qg6, qh3 := mv("Qg6")[0], mv("Qh3")[0]
	tests := []struct {
		m           board.Move
		best, avoid []board.Move
		want        bool
	}{
		{qg6, mv("Qg6"), nil, true},
		{qh3, mv("Qg6"), nil, false},
		{qh3, nil, mv("Qg6"), true},
		{qg6, nil, mv("Qg6"), false},
		{qg6, mv("Qg6"), mv("Qg6"), false},
		{qg6, nil, nil, false},
	}
	for i, tc := range tests {
		if got := IsSolution(tc.m, tc.best, tc.avoid); got != tc.want {
			t.Errorf("case %d: IsSolution = %v, want %v", i, got, tc.want)
		}
	}
}
