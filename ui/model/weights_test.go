package model

import (
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/param"
)

var specs = []param.Spec{
	{Name: "Pawn", Group: "material", Min: 0, Max: 200, Default: 100},
	{Name: "Knight", Group: "material", Min: 200, Max: 400, Default: 300},
	{Name: "Mob", Group: "mobility", Min: -10, Max: 10, Default: 0},
}

func TestRows(t *testing.T) {
	rows := Rows(specs, map[string]int{"Knight": 350, "Unknown": 1}, []int32{90, 325, 5})
	if rows[0].HasValue || rows[0].Value != 100 || rows[0].Delta != 10 {
		t.Errorf("row 0: %+v", rows[0])
	}
	if !rows[1].HasValue || rows[1].Value != 350 || rows[1].Delta != 25 || rows[1].PosValue != 75 || rows[1].PosPaper != 62.5 {
		t.Errorf("row 1: %+v", rows[1])
	}
	if rows[2].PosValue != 50 || rows[2].PosPaper != 75 {
		t.Errorf("row 2: %+v", rows[2])
	}
	// A paper vector of the wrong length is ignored, not misaligned.
	if r := Rows(specs, nil, []int32{1}); r[0].HasPaper {
		t.Error("mismatched paper vector used")
	}
	d, ok := MatchDistance(rows) // only Knight has an evolved value
	want := 100 * 25.0 / 200
	if !ok || d < want-1e-9 || d > want+1e-9 {
		t.Errorf("distance %v %v, want %v", d, ok, want)
	}
	if _, ok := MatchDistance(Rows(specs, nil, nil)); ok {
		t.Error("distance without paper values")
	}
}

func TestFilterAndGroups(t *testing.T) {
	rows := Rows(specs, nil, nil)
	if g := Groups(specs); len(g) != 2 || g[0] != "material" || g[1] != "mobility" {
		t.Errorf("groups %v", g)
	}
	page, total := Filter(rows, "material", 1, 5)
	if total != 2 || len(page) != 1 || page[0].Name != "Knight" {
		t.Errorf("filter: %d %v", total, page)
	}
	page, total = Filter(rows, "", 10, 5)
	if total != 3 || len(page) != 0 {
		t.Errorf("offset past end: %d %v", total, page)
	}
}

func TestDuration(t *testing.T) {
	for ms, want := range map[int64]string{-1: "–", 0: "0s", 12400: "12s", 185000: "3m 05s", 3720000: "1h 02m"} {
		if got := Duration(ms); got != want {
			t.Errorf("Duration(%d) = %q, want %q", ms, got, want)
		}
	}
}

func TestHTMLEscapes(t *testing.T) {
	o := OptionsHTML([]Option{{"a", "A"}, {`b"<`, "B & C"}}, `b"<`)
	want := `<option value="a">A</option><option value="b&#34;&lt;" selected>B &amp; C</option>`
	if o != want {
		t.Errorf("OptionsHTML:\n got %s\nwant %s", o, want)
	}
	rows := Rows([]param.Spec{{Name: "X<y>", Group: "g", Doc: `say "hi"`, Min: 0, Max: 10, Default: 5}}, map[string]int{"X<y>": 7}, []int32{4})
	h := WeightsHTML(rows)
	for _, s := range []string{`data-param="X&lt;y&gt;"`, `title="say &#34;hi&#34;"`, `<td class="num">7</td>`, `<td class="num delta">+3</td>`, `left:calc(70.0% - 1px)`, `class="up"`} {
		if !strings.Contains(h, s) {
			t.Errorf("WeightsHTML lacks %q:\n%s", s, h)
		}
	}
	if strings.Contains(h, "<y>") {
		t.Error("unescaped name")
	}
}
