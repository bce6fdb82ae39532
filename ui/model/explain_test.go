package model

import (
	"math"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/wasm/protocol"
	"github.com/evochess/evochess/wasm/runner"
)

func TestCategory(t *testing.T) {
	for _, c := range []struct{ name, group, want string }{
		{"PawnValue", "material", "material"},
		{"mg.knight", "material", "material"},
		{"KnightMG_f3", "KnightMG", "piece-square tables"},
		{"mg.pst.knight.e4", "pst", "piece-square tables"},
		{"RookMobility", "rook", "mobility"},
		{"eg.mobility.queen", "mobility", "mobility"},
		{"KingPawnShield", "king", "king safety"},
		{"KingAttackers", "king", "king safety"},
		{"mg.shield", "king", "king safety"},
		{"DoubledPawn", "pawns", "pawn structure"},
		{"eg.passed.r6", "pawns", "pawn structure"},
		{"PawnAdvanceB", "pawns", "pawn structure"},
		{"BishopPair", "bishop", "pieces"},
		{"RookOpenFile", "rook", "pieces"},
		{"mg.threat.minor", "threats", "threats and tempo"},
		{"mg.tempo", "tempo", "threats and tempo"},
	} {
		if got := Category(c.name, c.group); got != c.want {
			t.Errorf("Category(%q, %q) = %q, want %q", c.name, c.group, got, c.want)
		}
	}
}

func explainTwo(t *testing.T, fen, a, b string) (*protocol.Explanation, Explained) {
	t.Helper()
	ex, err := runner.Explain(&protocol.Explain{FEN: fen, Players: []protocol.ExplainPlayer{{Name: a, Preset: a}, {Name: b, Preset: b}}})
	if err != nil {
		t.Fatal(err)
	}
	return ex, Explain(&ex.Players[0], &ex.Players[1])
}

// TestExplainAddsUp checks, on real traces of two paper presets of different
// schemes, that the groups' subtotals add up to each player's evaluation
// (up to the final floor division) and every term lands in one group.
func TestExplainAddsUp(t *testing.T) {
	for _, fen := range []string{
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"8/5pk1/6p1/3P4/2r5/6P1/5PK1/3R4 b - - 0 40",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	} {
		for _, pair := range [][2]string{{"phoenix-default", "david-fig3"}, {"vazquez-table2-exploitation", "material"}} {
			if _, err := eval.LookupPreset(pair[0]); err != nil {
				t.Fatalf("preset %s: %v", pair[0], err)
			}
			ex, e := explainTwo(t, fen, pair[0], pair[1])
			if e.WhiteA != ex.Players[0].White || e.WhiteB != ex.Players[1].White || !e.HasB {
				t.Fatalf("totals %+v", e)
			}
			var sa, sb float64
			terms := 0
			for _, g := range e.Groups {
				sa += g.A
				sb += g.B
				for _, r := range g.Rows {
					if r.A.Has {
						terms++
					}
					if r.B.Has {
						terms++
					}
					if math.Abs(r.Diff-(r.A.CP-r.B.CP)) > 1e-9 {
						t.Errorf("%s: diff %v", r.Label, r.Diff)
					}
				}
				if math.Abs(g.Diff-(g.A-g.B)) > 1e-9 {
					t.Errorf("%s: group diff", g.Category)
				}
			}
			if want := len(ex.Players[0].Terms) + len(ex.Players[1].Terms); terms > want || terms == 0 {
				t.Errorf("%d term shares for %d terms", terms, want)
			}
			if math.Floor(sa+1e-9) != float64(e.WhiteA) || math.Floor(sb+1e-9) != float64(e.WhiteB) {
				t.Errorf("%s %v: groups add up to %.2f and %.2f, evaluations %d and %d", fen, pair, sa, sb, e.WhiteA, e.WhiteB)
			}
			h := ExplainHTML(e, false)
			if !strings.Contains(h, `data-category="material"`) || !strings.Contains(h, "explain-total-b") {
				t.Errorf("html lacks material or totals: %s", h)
			}
		}
	}
}

// TestExplainTapered pairs middlegame and endgame halves of a term on one row.
func TestExplainTapered(t *testing.T) {
	a := &protocol.PlayerTrace{Name: "m<1>", Scheme: "modern", Scale: 24, White: 5, Phase: 18, MaxPhase: 24, Terms: []protocol.TraceTerm{
		{Name: "mg.knight", Group: "material", Weight: 300, White: 36, Black: 36, Raw: 0},
		{Name: "eg.knight", Group: "material", Weight: 280, White: 12, Black: 12, Raw: 0},
		{Name: "mg.passed.r6", Group: "pawns", Weight: 40, White: 18, Black: 0, Raw: 720},
		{Name: "eg.passed.r6", Group: "pawns", Weight: 90, White: 6, Black: 0, Raw: 540},
		{Name: "KnightMG_e4", Group: "KnightMG", Weight: 20, White: 18, Black: 0, Raw: 360},
		{Name: "KnightEG_e4", Group: "KnightEG", Weight: 10, White: 6, Black: 0, Raw: 60},
	}}
	e := Explain(a, nil)
	if e.HasB || e.PhaseA != "phase 18/24 (75% middlegame)" {
		t.Fatalf("%+v", e)
	}
	found := map[string]Share{}
	for _, g := range e.Groups {
		for _, r := range g.Rows {
			found[g.Category+":"+r.Label] = r.A
		}
	}
	p := found["pawn structure:passed.r6"]
	if !p.Tapered || p.Mg != 30 || p.Eg != 22.5 || p.CP != 52.5 || p.Weight != "mg 40 / eg 90" {
		t.Errorf("passed.r6: %+v", p)
	}
	k := found["piece-square tables:Knight e4"]
	if !k.Tapered || k.Mg != 15 || k.Eg != 2.5 {
		t.Errorf("Knight e4: %+v (rows %v)", k, found)
	}
	if len(found) != 3 {
		t.Errorf("rows %v", found)
	}
	h := ExplainHTML(e, false)
	if strings.Contains(h, ">knight<") || !strings.Contains(h, "every term cancels out") {
		t.Errorf("a term that cancels out is shown, or its group lost: %s", h)
	}
	if !strings.Contains(ExplainHTML(e, true), ">knight<") {
		t.Errorf("all=true hides a term")
	}
	if !strings.Contains(h, "m&lt;1&gt;") {
		t.Errorf("name not escaped")
	}
	if !strings.Contains(h, "mg\u00a0+30 eg\u00a0+23") {
		t.Errorf("no mg/eg split in %s", h)
	}
}

func TestCP(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 12: "+12", -3.5: "−3.5", 0.04: "0", 2.25: "+2.3", -0.04: "0"} {
		if got := CP(v); got != want {
			t.Errorf("CP(%v) = %q, want %q", v, got, want)
		}
	}
}
