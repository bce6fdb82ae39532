package eval

import (
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
)

func TestRegistry(t *testing.T) {
	want := map[string]int{"material": 5, "vazquez29": 30, "david35": 35, "prasad38": 38, "phoenix640": 645, "modern": 2 * mdTerms}
	seen := map[string]bool{}
	for _, s := range Schemes() {
		seen[s.Name()] = true
		specs := s.Params()
		if n, ok := want[s.Name()]; ok && len(specs) != n {
			t.Errorf("%s: %d params, want %d", s.Name(), len(specs), n)
		}
		if err := param.Validate(specs); err != nil {
			t.Errorf("%s: %v", s.Name(), err)
		}
		if s.Scale() <= 0 {
			t.Errorf("%s: scale %d", s.Name(), s.Scale())
		}
		if got := len(s.(registered).base().unit); got != len(specs) {
			t.Errorf("%s: %d units for %d params", s.Name(), got, len(specs))
		}
		for _, sp := range specs {
			if strings.ContainsAny(sp.Name, " \t\n") || sp.Doc == "" || sp.Group == "" {
				t.Errorf("%s: bad spec %+v", s.Name(), sp)
			}
			for _, p := range []string{"NullMove", "Futility", "MultiCut", "Ext"} {
				if strings.HasPrefix(sp.Name, p) {
					t.Errorf("%s: %s collides with search parameter names", s.Name(), sp.Name)
				}
			}
			if (sp.Min == sp.Max) != (sp.Bits == 0) {
				t.Errorf("%s: %s: fixed parameters and only they have 0 bits (min %d max %d bits %d)", s.Name(), sp.Name, sp.Min, sp.Max, sp.Bits)
			}
			if sp.Bits > 0 && sp.Max-sp.Min+1 > 1<<sp.Bits {
				t.Errorf("%s: %s: range [%d,%d] needs more than %d bits", s.Name(), sp.Name, sp.Min, sp.Max, sp.Bits)
			}
		}
		got, err := Lookup(s.Name())
		if err != nil || got != s {
			t.Errorf("Lookup(%q) = %v, %v", s.Name(), got, err)
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("scheme %s not registered", name)
		}
	}
	if _, err := Lookup("nope"); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("Lookup(nope) error = %v", err)
	}
}

func TestPresets(t *testing.T) {
	names := map[string]bool{}
	for _, p := range Presets() {
		names[p.Name] = true
		if _, err := p.Evaluator(); err != nil {
			t.Errorf("preset %s: %v", p.Name, err)
		}
		q, err := LookupPreset(p.Name)
		if err != nil || !slices.Equal(q.Weights, p.Weights) {
			t.Errorf("LookupPreset(%s) = %v, %v", p.Name, q, err)
		}
		q.Weights[0]++ // copies must be independent
		r, _ := LookupPreset(p.Name)
		if !slices.Equal(r.Weights, p.Weights) {
			t.Errorf("LookupPreset(%s) shares its weights", p.Name)
		}
	}
	for _, n := range []string{"material", "vazquez-table2-exploration", "vazquez-table2-exploitation", "david-fig3", "prasad-table1", "phoenix-default"} {
		if !names[n] {
			t.Errorf("preset %s missing", n)
		}
	}
	if _, err := LookupPreset("nope"); err == nil {
		t.Error("LookupPreset(nope) succeeded")
	}
}

func TestRandomWeights(t *testing.T) {
	for _, s := range Schemes() {
		a, b, c := RandomWeights(s, 7), RandomWeights(s, 7), RandomWeights(s, 8)
		if !slices.Equal(a, b) {
			t.Errorf("%s: same seed, different weights", s.Name())
		}
		if slices.Equal(a, c) {
			t.Errorf("%s: seeds 7 and 8 give the same weights", s.Name())
		}
		if err := Validate(s, a); err != nil {
			t.Errorf("%s: %v", s.Name(), err)
		}
	}
	p, err := RandomPreset("vazquez29", 3)
	if err != nil || p.Scheme != "vazquez29" || len(p.Weights) != 30 {
		t.Errorf("RandomPreset = %+v, %v", p, err)
	}
	if _, err := RandomPreset("nope", 3); err == nil {
		t.Error("RandomPreset(nope) succeeded")
	}
}

func TestNewValidates(t *testing.T) {
	s, _ := Lookup("vazquez29")
	w := param.Defaults(s.Params())
	cases := []struct {
		name string
		w    []int32
		want string
	}{
		{"short", w[:3], "needs 30 weights"},
		{"low", func() []int32 { v := slices.Clone(w); v[1] = 199; return v }(), "KnightValue = 199"},
		{"high", func() []int32 { v := slices.Clone(w); v[5] = 4001; return v }(), "KingDefenders = 4001"},
		{"fixed", func() []int32 { v := slices.Clone(w); v[0] = 99; return v }(), "PawnValue = 99"},
	}
	for _, c := range cases {
		if _, err := New(s, c.w); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: New error = %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := New(s, w); err != nil {
		t.Errorf("defaults: %v", err)
	}
	if _, err := New(nil, w); err == nil {
		t.Error("New(nil) succeeded")
	}
}

// TestOneSourceOfTruth checks, on thousands of positions from seeded random
// games, that Evaluate is exactly floorDiv(Dot(w, Features), Scale) from the
// side to move's view, and that Trace's terms add up to the same score, for
// the default and for random weights of every scheme.
func TestOneSourceOfTruth(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 500
	}
	positions := randomGamePositions(t, 42, n)
	for _, s := range Schemes() {
		for k, w := range [][]int32{param.Defaults(s.Params()), RandomWeights(s, 1), RandomWeights(s, 2)} {
			e, err := New(s, w)
			if err != nil {
				t.Fatal(err)
			}
			var fs []Feature
			for i, pos := range positions {
				fs = s.Features(pos, fs[:0])
				want := FloorDiv(Dot(w, fs), s.Scale())
				if pos.Side == board.Black {
					want = -want
				}
				if got := e.Evaluate(pos); got != want {
					t.Fatalf("%s weights %d position %d %s: Evaluate %d, features give %d", s.Name(), k, i, pos.FEN(), got, want)
				}
				if i%50 == 0 {
					var raw int64
					for _, tv := range e.Trace(pos) {
						raw += tv.Raw
					}
					if got := FloorDiv(raw, s.Scale()); got != e.White(pos) {
						t.Fatalf("%s position %s: trace sums to %d, White %d", s.Name(), pos.FEN(), got, e.White(pos))
					}
				}
			}
		}
	}
}

// TestMirrorSymmetry checks that every scheme's features of a position and
// of its colour-flipped mirror are exact negatives.
func TestMirrorSymmetry(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	positions := randomGamePositions(t, 7, n)
	for _, s := range Schemes() {
		np := len(s.Params())
		for _, pos := range positions {
			m := mustFEN(t, mirrorFEN(t, pos.FEN()))
			a := dense(s.Features(pos, nil), np)
			b := dense(s.Features(m, nil), np)
			for i := range a {
				if a[i] != -b[i] {
					t.Fatalf("%s: %s: %s = %d but mirror %s gives %d", s.Name(), pos.FEN(), s.Params()[i].Name, a[i], m.FEN(), b[i])
				}
			}
		}
	}
}

func TestEvaluateDoesNotAllocate(t *testing.T) {
	pos := mustFEN(t, "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8")
	for _, s := range Schemes() {
		e, _ := NewDefault(s)
		if a := testing.AllocsPerRun(100, func() { e.Evaluate(pos) }); a != 0 {
			t.Errorf("%s: Evaluate allocates %.1f times", s.Name(), a)
		}
	}
}

func TestFloorDiv(t *testing.T) {
	cases := []struct {
		a    int64
		b    int32
		want int
	}{{7, 2, 3}, {-7, 2, -4}, {-8, 2, -4}, {0, 5, 0}, {-1, 10000, -1}, {9999, 10000, 0}}
	for _, c := range cases {
		if got := FloorDiv(c.a, c.b); got != c.want {
			t.Errorf("FloorDiv(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestStartPositionIsLevel(t *testing.T) {
	for _, s := range Schemes() {
		e, _ := NewDefault(s)
		if v := e.Evaluate(board.NewPosition()); v != 0 {
			t.Errorf("%s: start position = %d", s.Name(), v)
		}
	}
}
