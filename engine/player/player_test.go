package player

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/search"
)

func loadFile(t *testing.T, name string) (*Player, error) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return Load(f)
}

func TestLoadErrors(t *testing.T) {
	cases := []struct {
		file string
		want []string // substrings of the error
	}{
		{"bad_version.json", []string{"version", "2 not supported"}},
		{"missing_version.json", []string{"version", "missing"}},
		{"bad_scheme.json", []string{"scheme", `"stockfish"`}},
		{"bad_weight_name.json", []string{"weights", `unknown weight "KnightVaule"`, "david35"}},
		{"bad_bound.json", []string{"KingDefenders = 4001", "[0, 4000]"}},
		{"bad_search.json", []string{"search", "NullMoveReduction = 9"}},
		{"bad_search_name.json", []string{"search", `"NullMove"`}},
		{"malformed.json", []string{"malformed JSON", "offset 76", "line 4, column 35"}},
		{"wrong_type.json", []string{`field "weights"`, "string", "line 1, column 70"}},
		{"unknown_field.json", []string{`unknown field "wieghts"`}},
		{"trailing.json", []string{"after the object"}},
		{"bad_date.json", []string{"provenance.date", "yesterday"}},
		{"truncated.json", []string{"unexpected end"}},
		{"empty.json", []string{"empty file"}},
	}
	for _, c := range cases {
		p, err := loadFile(t, c.file)
		if err == nil {
			t.Errorf("%s: loaded %+v, want an error", c.file, p)
			continue
		}
		if !strings.HasPrefix(err.Error(), "player: ") {
			t.Errorf("%s: error %q lacks the package prefix", c.file, err)
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not mention %q", c.file, err, w)
			}
		}
	}
}

func TestLoadFillsDefaults(t *testing.T) {
	p, err := loadFile(t, "vazquez_partial.json")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := eval.Lookup("vazquez29")
	if len(p.Weights) != len(s.Params()) {
		t.Errorf("%d weights after Load, want %d", len(p.Weights), len(s.Params()))
	}
	if p.Weights["KnightValue"] != 310 || p.Weights["PawnDoubled"] != -20 || p.Weights["RookValue"] != 506 {
		t.Errorf("weights = %v", p.Weights)
	}
	sp, err := p.SearchParams()
	if err != nil {
		t.Fatal(err)
	}
	want := search.DefaultParams()
	want.NullMoveReduction = 2
	if sp != want {
		t.Errorf("search = %+v, want %+v", sp, want)
	}
	if p.Provenance.Seed != 18446744073709551615 || p.Provenance.Generation != 200 || p.Provenance.Fitness != 483 ||
		p.Provenance.Date != "2026-11-22" || p.Provenance.Dataset != "sha256:0123abcd" {
		t.Errorf("provenance = %+v", p.Provenance)
	}
	v, err := p.Vector()
	if err != nil {
		t.Fatal(err)
	}
	wantV := param.Defaults(s.Params())
	wantV[param.Index(s.Params(), "KnightValue")] = 310
	wantV[param.Index(s.Params(), "PawnDoubled")] = -20
	if !slices.Equal(v, wantV) {
		t.Errorf("Vector = %v, want %v", v, wantV)
	}
	m, err := loadFile(t, "minimal.json")
	if err != nil {
		t.Fatal(err)
	}
	if msp, _ := m.SearchParams(); msp != search.DefaultParams() {
		t.Errorf("minimal: search %+v, want defaults", msp)
	}
}

// TestRoundTrip saves every preset's player, loads it back and compares;
// saving twice gives the same bytes.
func TestRoundTrip(t *testing.T) {
	for _, pr := range eval.Presets() {
		p, err := FromPreset(pr.Name)
		if err != nil {
			t.Fatal(err)
		}
		p.Provenance.Seed, p.Provenance.Fitness, p.Provenance.Date = 42, 0.3125, "2026-11-22T01:02:03Z"
		var a bytes.Buffer
		if err := p.Save(&a); err != nil {
			t.Fatal(err)
		}
		q, err := Load(bytes.NewReader(a.Bytes()))
		if err != nil {
			t.Fatalf("%s: reload: %v\n%s", pr.Name, err, a.String())
		}
		if !reflect.DeepEqual(p, q) {
			t.Errorf("%s: round trip changed the player:\n%+v\n%+v", pr.Name, p, q)
		}
		var b bytes.Buffer
		if err := q.Save(&b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: Save is not stable", pr.Name)
		}
		w, _ := q.Vector()
		if !slices.Equal(w, pr.Weights) {
			t.Errorf("%s: vector %v, want %v", pr.Name, w, pr.Weights)
		}
	}
}

func TestSaveOrderAndFormat(t *testing.T) {
	p, err := FromPreset("material")
	if err != nil {
		t.Fatal(err)
	}
	// The plain search preset (all zero) keeps the golden file independent
	// of engine/search's defaults.
	p.Search = search.Params{}.Map()
	var b bytes.Buffer
	if err := p.Save(&b); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "material.golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("Save(material) =\n%s\nwant\n%s", got, want)
	}
}

func TestSaveRejectsInvalid(t *testing.T) {
	p, _ := FromPreset("material")
	p.Weights["QueenValue"] = 5000
	if err := p.Save(&bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "QueenValue = 5000") {
		t.Errorf("Save error = %v", err)
	}
	if err := p.Validate(); err == nil {
		t.Error("Validate accepted QueenValue 5000")
	}
	if p.Weights["QueenValue"] != 5000 {
		t.Error("Validate changed the player")
	}
}

func TestFromVector(t *testing.T) {
	s, _ := eval.Lookup("david35")
	w := eval.RandomWeights(s, 5)
	p, err := FromVector("david35", w, search.Params{})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := p.Vector()
	if !slices.Equal(got, w) {
		t.Errorf("Vector = %v, want %v", got, w)
	}
	if sp, _ := p.SearchParams(); sp != (search.Params{}) {
		t.Errorf("search = %+v, want plain", sp)
	}
	e, err := p.Evaluator()
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := eval.New(s, w)
	pos, _ := board.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	if e.Evaluate(pos) != ref.Evaluate(pos) {
		t.Errorf("player evaluator %d, direct %d", e.Evaluate(pos), ref.Evaluate(pos))
	}
	for _, c := range []struct {
		scheme string
		w      []int32
		want   string
	}{
		{"nope", w, "unknown scheme"},
		{"david35", w[:3], "needs 35 weights"},
		{"material", []int32{100, 1, 300, 500, 900}, "KnightValue = 1"},
	} {
		if _, err := FromVector(c.scheme, c.w, search.Params{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("FromVector(%s) error = %v, want %q", c.scheme, err, c.want)
		}
	}
	if _, err := FromVector("david35", w, search.Params{NullMoveReduction: 99}); err == nil {
		t.Error("FromVector accepted NullMoveReduction 99")
	}
	if _, err := FromPreset("nope"); err == nil {
		t.Error("FromPreset(nope) succeeded")
	}
}

// FuzzLoad checks that Load never panics and that whatever it accepts
// survives a Save/Load round trip unchanged.
func FuzzLoad(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Load(bytes.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "player: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		var b bytes.Buffer
		if err := p.Save(&b); err != nil {
			t.Fatalf("Save of a loaded player: %v", err)
		}
		q, err := Load(&b)
		if err != nil {
			t.Fatalf("reload: %v\n%s", err, b.String())
		}
		if !reflect.DeepEqual(p, q) {
			t.Fatalf("round trip changed the player:\n%+v\n%+v", p, q)
		}
	})
}

// TestModernRoundTrip saves a modern player with 774 random weights and
// loads it back, and loads a file that only lists the weights it changes
// from the modern-material defaults.
func TestModernRoundTrip(t *testing.T) {
	s, err := eval.Lookup("modern")
	if err != nil {
		t.Fatal(err)
	}
	w := eval.RandomWeights(s, 17)
	p, err := FromVector("modern", w, search.DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	var a bytes.Buffer
	if err := p.Save(&a); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(a.String(), `"mg.pst.knight.e4": `) || !strings.Contains(a.String(), `"eg.passed.r6": `) {
		t.Errorf("modern player file lacks readable weight names:\n%.400s", a.String())
	}
	q, err := Load(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := q.Vector(); !slices.Equal(got, w) {
		t.Error("modern weights changed in a round trip")
	}
	e, err := q.Evaluator()
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := eval.New(s, w)
	pos, _ := board.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	if e.Evaluate(pos) != ref.Evaluate(pos) {
		t.Errorf("player evaluator %d, direct %d", e.Evaluate(pos), ref.Evaluate(pos))
	}

	partial := `{"version": 1, "scheme": "modern", "weights": {"mg.rook.7th": 30, "eg.passed.r6": 120}}`
	m, err := Load(strings.NewReader(partial))
	if err != nil {
		t.Fatal(err)
	}
	mw, _ := m.Vector()
	def, _ := eval.LookupPreset("modern-material")
	for i, sp := range s.Params() {
		want := def.Weights[i]
		switch sp.Name {
		case "mg.rook.7th":
			want = 30
		case "eg.passed.r6":
			want = 120
		}
		if mw[i] != want {
			t.Errorf("%s = %d, want %d", sp.Name, mw[i], want)
		}
	}
	bad := `{"version": 1, "scheme": "modern", "weights": {"mg.pst.knight.d4": 3}}`
	if _, err := Load(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "mg.pst.knight.d4") {
		t.Errorf("unknown modern weight: error %v", err)
	}
}
