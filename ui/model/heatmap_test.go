package model

import (
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/param"
)

func TestHeatmap(t *testing.T) {
	var specs []param.Spec
	cur := map[string]int{}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			name := "PawnMG_" + string(rune('a'+f)) + string(rune('1'+r))
			specs = append(specs, param.Spec{Name: name, Group: "PawnMG", Min: -100, Max: 100})
			cur[name] = 10*r - 35
		}
	}
	rows := Rows(specs, cur, nil)
	h, ok := HeatmapHTML(rows)
	if !ok {
		t.Fatal("64-square table not recognised")
	}
	// Rank 8 is drawn first: a8 (value 35) comes before a1 (value -35).
	if i, j := strings.Index(h, `title="a8: 35"`), strings.Index(h, `title="a1: -35"`); i < 0 || j < 0 || i > j {
		t.Errorf("board order wrong (a8 at %d, a1 at %d)", i, j)
	}
	if !strings.Contains(h, "rgba(37,99,235,0.30)") || !strings.Contains(h, "rgba(220,38,38,0.30)") {
		t.Errorf("colours: %s", h[:300])
	}
	// No paper values: the second board shows dashes.
	if strings.Count(h, `>–<`) != 64 {
		t.Errorf("paper board should be empty, found %d dashes", strings.Count(h, `>–<`))
	}
	if _, ok := HeatmapHTML(rows[:63]); ok {
		t.Error("63 rows taken for a board")
	}
	bad := append([]Row(nil), rows...)
	bad[5].Name = "PawnMG_z9"
	if _, ok := HeatmapHTML(bad); ok {
		t.Error("bad square name accepted")
	}
	dup := append([]Row(nil), rows...)
	dup[5].Name = dup[4].Name
	if _, ok := HeatmapHTML(dup); ok {
		t.Error("duplicate square accepted")
	}
}

// TestHeatmapModern draws modern's two tables of a group (middlegame and
// endgame) and its pawn tables of ranks 2-7.
func TestHeatmapModern(t *testing.T) {
	var specs []param.Spec
	for _, h := range []string{"mg", "eg"} {
		for r := 1; r < 7; r++ {
			for f := 0; f < 8; f++ {
				specs = append(specs, param.Spec{Name: h + ".pst.pawn." + string(rune('a'+f)) + string(rune('1'+r)), Group: "pst.pawn", Min: -1000, Max: 1000})
			}
		}
	}
	cur := map[string]int{}
	for _, sp := range specs {
		cur[sp.Name] = 0
	}
	h, ok := HeatmapHTML(Rows(specs, cur, nil))
	if !ok {
		t.Fatal("modern pawn tables not recognised")
	}
	if strings.Count(h, `class="pst-grid"`) != 4 || !strings.Contains(h, "mg.pst.pawn: evolved") || !strings.Contains(h, "eg.pst.pawn: paper") {
		t.Errorf("want 4 boards (mg and eg, evolved and paper): %s", h[:400])
	}
	// Ranks 1 and 8 have no squares: dashes there, values elsewhere.
	if !strings.Contains(h, `title="a1: –"`) || !strings.Contains(h, `title="a2: 0"`) {
		t.Errorf("pawn ranks wrong")
	}
	// 48 squares that are not ranks 2-7 are not a table.
	bad := Rows(specs[:48], nil, nil)
	bad[0].Name = "mg.pst.pawn.a8"
	if _, ok := HeatmapHTML(bad); ok {
		t.Error("a 48-square table with a8 taken for a pawn table")
	}
}

// TestHeatmapHalfTable draws modern's 32-square tables (files e–h; the
// evaluation reads files a–d mirrored, b1 as g1) as whole boards.
func TestHeatmapHalfTable(t *testing.T) {
	var specs []param.Spec
	cur := map[string]int{}
	for _, h := range []string{"mg", "eg"} {
		for r := 0; r < 8; r++ {
			for f := 4; f < 8; f++ {
				name := h + ".pst.knight." + string(rune('a'+f)) + string(rune('1'+r))
				specs = append(specs, param.Spec{Name: name, Group: "pst.knight", Min: -1000, Max: 1000})
				cur[name] = 10*r + f
			}
		}
	}
	h, ok := HeatmapHTML(Rows(specs, cur, nil))
	if !ok {
		t.Fatal("modern 32-square knight tables not recognised")
	}
	if strings.Count(h, `class="pst-grid"`) != 4 || !strings.Contains(h, "mg.pst.knight: evolved") {
		t.Errorf("want 4 boards (mg and eg, evolved and paper): %s", h[:400])
	}
	// g1 holds 6; b1 is read as g1, c3 as f3; every square has a value.
	for _, want := range []string{`title="g1: 6"`, `title="b1 (as g1): 6"`, `title="c3 (as f3): 25"`, `title="h8: 77"`, `title="a8 (as h8): 77"`} {
		if !strings.Contains(h, want) {
			t.Errorf("missing %s", want)
		}
	}
	if n := strings.Count(h, `class="pst-sq" style=`); n != 2*64 {
		t.Errorf("%d coloured squares, want 128 (two evolved boards of 64)", n)
	}
	// 32 squares of files a–d, or of ranks 1–4, are not a half table.
	bad := Rows(specs[:32], cur, nil)
	bad[0].Name = "mg.pst.knight.a1"
	if _, ok := HeatmapHTML(bad); ok {
		t.Error("a 32-square table with a1 taken for a half table")
	}
}
