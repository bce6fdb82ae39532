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
