package model

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/ui/share"
	"github.com/evochess/evochess/wasm/protocol"
)

func TestPresetLinkRoundTrip(t *testing.T) {
	for _, pr := range eval.Presets() {
		b, err := PresetPlayerJSON(pr.Name)
		if err != nil {
			t.Fatalf("%s: %v", pr.Name, err)
		}
		l, err := LinkFromPlayerJSON(b, nil)
		if err != nil {
			t.Fatalf("%s: link: %v", pr.Name, err)
		}
		s, err := share.Encode(l)
		if err != nil {
			t.Fatalf("%s: encode: %v", pr.Name, err)
		}
		l2, err := share.Decode(s)
		if err != nil {
			t.Fatalf("%s: decode: %v", pr.Name, err)
		}
		b2, err := PlayerFromLink(l2)
		if err != nil {
			t.Fatalf("%s: player: %v", pr.Name, err)
		}
		p1, _ := player.Load(bytes.NewReader(b))
		p2, err := player.Load(bytes.NewReader(b2))
		if err != nil {
			t.Fatalf("%s: reload: %v", pr.Name, err)
		}
		if p1.Name != p2.Name || p1.Scheme != p2.Scheme || !reflect.DeepEqual(p1.Weights, p2.Weights) || !reflect.DeepEqual(p1.Search, p2.Search) {
			t.Errorf("%s: player changed through the link", pr.Name)
		}
		if !reflect.DeepEqual(l2.Weights, pr.Weights) {
			t.Errorf("%s: link weights differ from the preset", pr.Name)
		}
	}
}

// TestShortSearchLinks: links made before the search registry grew open
// with what was missing: Table I's 18 alone (before the modern group) take
// the default modern group; search.NumAllParamsOld values (before the last
// parameters were added) have those parameters off.
func TestShortSearchLinks(t *testing.T) {
	def := search.DefaultParams().AllVector()
	oldTail := make([]int32, search.NumAllParams-search.NumAllParamsOld)
	for _, tc := range []struct {
		name string
		n    int
		want []int32
	}{
		{"Table I", search.NumParams, def},
		{"before the last parameters", search.NumAllParamsOld, append(def[:search.NumAllParamsOld:search.NumAllParamsOld], oldTail...)},
	} {
		b, _ := PresetPlayerJSON("david-fig3")
		l, _ := LinkFromPlayerJSON(b, nil)
		if len(l.Search) != search.NumAllParams {
			t.Fatalf("link carries %d search parameters, want %d", len(l.Search), search.NumAllParams)
		}
		l.Search = l.Search[:tc.n]
		l.Search[1] = 2 // NullMoveReduction
		b2, err := PlayerFromLink(l)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		p, _ := player.Load(bytes.NewReader(b2))
		sp, _ := p.SearchParams()
		want, _ := search.ParamsFromVector(tc.want)
		want.NullMoveReduction = 2
		if sp != want {
			t.Errorf("%s: link gave %+v, want %+v", tc.name, sp, want)
		}
	}
}

func TestPlayerFromLinkErrors(t *testing.T) {
	b, _ := PresetPlayerJSON("vazquez-table2-exploitation")
	good, _ := LinkFromPlayerJSON(b, nil)
	cases := []struct {
		name string
		edit func(l *share.Link)
		want string
	}{
		{"scheme", func(l *share.Link) { l.Scheme = "nosuch" }, "scheme"},
		{"count", func(l *share.Link) { l.Weights = l.Weights[:5] }, "carries 5"},
		{"bounds", func(l *share.Link) { l.Weights[0] = 1 << 30 }, "outside its bounds"},
		{"search", func(l *share.Link) { l.Search = l.Search[:3] }, "search"},
	}
	for _, c := range cases {
		l := good
		l.Weights = append([]int32(nil), good.Weights...)
		l.Search = append([]int32(nil), good.Search...)
		c.edit(&l)
		if _, err := PlayerFromLink(l); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to mention %q", c.name, err, c.want)
		}
	}
	if _, err := LinkFromPlayerJSON([]byte(`{"version":1`), nil); err == nil {
		t.Error("broken player JSON accepted")
	}
}

func TestRunSettingsRoundTrip(t *testing.T) {
	cfg := protocol.RunConfig{Algorithm: "ep", Preset: "vazquez-ep", Scheme: "vazquez29", Generations: 3, Population: 8,
		Params: map[string]float64{"mutation_b": 4.5}, Seed: 99,
		Data: protocol.DataConfig{Source: "bundled", Sample: protocol.SampleConfig{Protocol: "david", Seed: 3, Train: 400, MinPly: 12}}}
	m := RunSettings(cfg)
	if m["seed"] != "99" || m["param.mutation_b"] != "4.5" || m["gens"] != "3" {
		t.Fatalf("settings %v", m)
	}
	got, err := ConfigFromSettings(m)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, cfg) {
		t.Fatalf("round trip\n got %+v\nwant %+v", got, cfg)
	}
	// Through the share codec too.
	b, _ := PresetPlayerJSON("vazquez-table2-exploration")
	l, _ := LinkFromPlayerJSON(b, m)
	s, _ := share.Encode(l)
	l2, err := share.Decode(s)
	if err != nil || !reflect.DeepEqual(l2.Run, m) {
		t.Fatalf("run section lost: %v %v", err, l2.Run)
	}
	m["gens"] = "many"
	if _, err := ConfigFromSettings(m); err == nil {
		t.Error("bad run setting accepted")
	}
	delete(m, "gens")
	m["bogus"] = "1"
	if _, err := ConfigFromSettings(m); err == nil {
		t.Error("unknown run setting accepted")
	}
}

func TestSummarize(t *testing.T) {
	b, _ := PresetPlayerJSON("david-fig3")
	s, err := Summarize(b)
	if err != nil {
		t.Fatal(err)
	}
	if s.Scheme != "david35" || s.Weights != 35 || len(s.Top) != 8 || !strings.HasPrefix(s.Top[0], "PawnValue=") {
		t.Errorf("summary %+v", s)
	}
}

func TestPlayerFromWeights(t *testing.T) {
	b, err := PlayerFromWeights("half-run", "vazquez29", map[string]int{"KnightValue": 333})
	if err != nil {
		t.Fatal(err)
	}
	p, err := player.Load(bytes.NewReader(b))
	if err != nil || p.Weights["KnightValue"] != 333 || p.Name != "half-run" || len(p.Weights) < 29 {
		t.Fatalf("player %+v, %v", p, err)
	}
	if _, err := PlayerFromWeights("x", "vazquez29", map[string]int{"KnightValue": 1 << 20}); err == nil {
		t.Error("out-of-bounds weight accepted")
	}
	if _, err := PlayerFromWeights("x", "nosuch", nil); err == nil {
		t.Error("unknown scheme accepted")
	}
}

// TestOpenPlayerFile: a player file from the command line opens (canonical
// form, summary); a file that is not a player, of an unknown scheme or with
// a weight out of bounds is refused with the reason.
func TestOpenPlayerFile(t *testing.T) {
	b, err := PresetPlayerJSON("vazquez-table2-exploitation")
	if err != nil {
		t.Fatal(err)
	}
	got, sum, err := OpenPlayerFile(b)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Scheme != "vazquez29" || sum.Name == "" || sum.Weights == 0 || !bytes.Equal(got, b) {
		t.Errorf("summary %+v; canonical file differs: %v", sum, !bytes.Equal(got, b))
	}
	for _, c := range []struct {
		in, want string
	}{
		{`not json`, "player"},
		{`{"version":1,"scheme":"nosuch","weights":{}}`, "nosuch"},
		{strings.Replace(string(b), `"PawnValue": 100`, `"PawnValue": 100000`, 1), "PawnValue"},
		{strings.Repeat(" ", MaxPlayerFile+1), "at most"},
	} {
		if _, _, err := OpenPlayerFile([]byte(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.40q: error %v, want %q", c.in, err, c.want)
		}
	}
}
