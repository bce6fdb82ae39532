package model

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/evochess/evochess/wasm/protocol"
)

// The Play tab's explanation: two players' static evaluations of the same
// position, term by term (engine/eval's Trace, through the worker's explain
// request), grouped into the categories a chess player names — material,
// piece-square tables, mobility, pawn structure, king safety, pieces,
// threats and tempo — with each group's subtotal, the totals and the
// difference, so a class can see which terms make one player prefer a move.
// Tapered schemes (a middlegame and an endgame weight per term, names like
// "mg.knight"/"eg.knight" or "KnightMG_e4"/"KnightEG_e4") show both halves
// of a term on one row.

// Categories in display order.
var Categories = []string{"material", "piece-square tables", "mobility", "pawn structure", "king safety", "pieces", "threats and tempo"}

// Category classifies a term by its parameter name and group.
func Category(name, group string) string {
	n, g := strings.ToLower(name), strings.ToLower(group)
	has := func(subs ...string) bool {
		for _, s := range subs {
			if strings.Contains(n, s) || strings.Contains(g, s) {
				return true
			}
		}
		return false
	}
	switch {
	case has("pst", "psqt") || isPSTGroup(g):
		return "piece-square tables"
	case g == "material" || strings.HasSuffix(n, "value") || has("material"):
		return "material"
	case has("mobility"):
		return "mobility"
	case has("threat", "tempo", "hanging"):
		return "threats and tempo"
	case has("king", "shield", "storm", "attacker", "safety"):
		return "king safety"
	case has("pawn", "passed", "doubled", "isolated", "backward", "connected", "phalanx"):
		return "pawn structure"
	}
	return "pieces"
}

// isPSTGroup recognises phoenix640's table groups ("pawnmg", "kingeg").
func isPSTGroup(g string) bool {
	for _, p := range []string{"pawn", "knight", "bishop", "rook", "queen", "king"} {
		if g == p+"mg" || g == p+"eg" {
			return true
		}
	}
	return false
}

// taper splits a tapered parameter name into its term label and half
// ("mg", "eg"), or returns the name and "" for an untapered one.
func taper(name string) (label, half string) {
	for _, h := range []string{"mg", "eg"} {
		if rest, ok := strings.CutPrefix(name, h+"."); ok {
			return rest, h
		}
		if rest, ok := strings.CutPrefix(name, h+"_"); ok {
			return rest, h
		}
		up := strings.ToUpper(h)
		if i := strings.Index(name, up+"_"); i > 0 {
			return name[:i] + " " + name[i+3:], h
		}
		if strings.HasSuffix(name, up) && len(name) > 2 {
			return name[:len(name)-2], h
		}
	}
	return name, ""
}

// Share is one player's part of a term, in centipawns from White's point
// of view (Mg and Eg split it for a tapered term).
type Share struct {
	Has     bool
	CP      float64
	Mg, Eg  float64
	Tapered bool
	Weight  string // the weight(s), "mg 3 / eg 7" for a tapered term
	Count   string // White's and Black's natural counts ("2 – 1"); empty where the trace has none

	mgW, egW string
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// ExplainRow is one term of the comparison.
type ExplainRow struct {
	Label string
	A, B  Share
	Diff  float64 // A − B (a missing share counts as 0)
}

// ExplainGroup is one category with its subtotals.
type ExplainGroup struct {
	Category string
	A, B     float64
	Diff     float64
	Rows     []ExplainRow
}

// Explained is the comparison of two traces (B may be absent).
type Explained struct {
	NameA, NameB     string
	SchemeA, SchemeB string
	WhiteA, WhiteB   int // the evaluations, centipawns, White's point of view
	HasB             bool
	PhaseA, PhaseB   string // "phase 18/24" for tapered schemes
	Groups           []ExplainGroup
}

// Explain builds the comparison of a (the explained player) and b (the
// reference; nil for none).
func Explain(a, b *protocol.PlayerTrace) Explained {
	e := Explained{NameA: a.Name, SchemeA: a.Scheme, WhiteA: a.White, PhaseA: phaseText(a)}
	if b != nil {
		e.NameB, e.SchemeB, e.WhiteB, e.HasB, e.PhaseB = b.Name, b.Scheme, b.White, true, phaseText(b)
	}
	type key struct{ cat, label string }
	rows := map[key]*ExplainRow{}
	var order []key
	add := func(pt *protocol.PlayerTrace, first bool) {
		for _, t := range pt.Terms {
			label, half := taper(t.Name)
			k := key{Category(t.Name, t.Group), label}
			r := rows[k]
			if r == nil {
				r = &ExplainRow{Label: label}
				rows[k] = r
				order = append(order, k)
			}
			sh := &r.B
			if first {
				sh = &r.A
			}
			cp := float64(t.Raw) / float64(pt.Scale)
			w := strconv.Itoa(int(t.Weight))
			switch half {
			case "mg":
				sh.Mg += cp
				sh.mgW = w
			case "eg":
				sh.Eg += cp
				sh.egW = w
			default:
				sh.Weight = w
			}
			// Counts are natural ones ("2 doubled pawns") for untapered
			// terms and for modern's "mg."/"eg." halves; phoenix640's
			// tables count the phase instead, which would mislead.
			if half == "" || strings.HasPrefix(t.Name, half+".") {
				sh.Count = fmt.Sprintf("%d – %d", t.White, t.Black)
			}
			if half != "" {
				sh.Weight = "mg " + or(sh.mgW, "–") + " / eg " + or(sh.egW, "–")
			}
			sh.Has, sh.Tapered = true, sh.Tapered || half != ""
			sh.CP += cp
		}
	}
	add(a, true)
	if b != nil {
		add(b, false)
	}
	byCat := map[string]*ExplainGroup{}
	for _, k := range order {
		r := rows[k]
		r.Diff = r.A.CP - r.B.CP
		g := byCat[k.cat]
		if g == nil {
			g = &ExplainGroup{Category: k.cat}
			byCat[k.cat] = g
		}
		g.A += r.A.CP
		g.B += r.B.CP
		g.Rows = append(g.Rows, *r)
	}
	for _, c := range Categories {
		if g := byCat[c]; g != nil {
			g.Diff = g.A - g.B
			e.Groups = append(e.Groups, *g)
		}
	}
	return e
}

func phaseText(p *protocol.PlayerTrace) string {
	if p.MaxPhase <= 0 {
		return ""
	}
	return fmt.Sprintf("phase %d/%d (%.0f%% middlegame)", p.Phase, p.MaxPhase, 100*float64(p.Phase)/float64(p.MaxPhase))
}

// CP formats centipawns with a sign and at most one decimal ("+12", "−3.5", "0").
func CP(v float64) string {
	v = math.Round(v*10) / 10
	if v == 0 {
		return "0"
	}
	s := strconv.FormatFloat(math.Abs(v), 'f', -1, 64)
	if v < 0 {
		return "−" + s
	}
	return "+" + s
}

const nbsp = "\u00a0"

// ExplainHTML renders the comparison table. Rows whose shares are all zero
// (the term's counts are equal for both colours) are left out unless all is
// set; every category keeps its subtotal row.
func ExplainHTML(e Explained, all bool) string {
	var b strings.Builder
	esc := html.EscapeString
	cols := 2
	b.WriteString(`<thead><tr><th>Term <small class="muted">(count White – Black)</small></th><th class="num">` + esc(e.NameA) + `</th>`)
	if e.HasB {
		cols = 4
		b.WriteString(`<th class="num">` + esc(e.NameB) + `</th><th class="num" title="` + esc(e.NameA) + ` minus ` + esc(e.NameB) + `">Δ</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	cell := func(sh Share) string {
		if !sh.Has {
			return `<td class="num muted">–</td>`
		}
		s := `<td class="num" title="weight ` + esc(sh.Weight) + `">` + CP(sh.CP)
		if sh.Tapered {
			s += `<small class="mgeg">mg` + nbsp + CP(math.Round(sh.Mg)) + ` eg` + nbsp + CP(math.Round(sh.Eg)) + `</small>`
		}
		return s + `</td>`
	}
	for _, g := range e.Groups {
		b.WriteString(`<tr class="cat" data-category="` + esc(g.Category) + `"><th>` + esc(g.Category) + `</th><td class="num">` + CP(g.A) + `</td>`)
		if e.HasB {
			b.WriteString(`<td class="num">` + CP(g.B) + `</td><td class="num diff">` + CP(g.Diff) + `</td>`)
		}
		b.WriteString(`</tr>`)
		shown := 0
		for _, r := range g.Rows {
			zero := math.Abs(r.A.CP) < 0.05 && math.Abs(r.B.CP) < 0.05 && math.Abs(r.A.Mg) < 0.05 && math.Abs(r.B.Mg) < 0.05
			if zero && !all {
				continue
			}
			shown++
			count := r.A.Count
			if count == "" {
				count = r.B.Count
			}
			b.WriteString(`<tr class="term"><td><span class="mono">` + esc(r.Label) + `</span>`)
			if count != "" {
				b.WriteString(` <small class="muted">` + esc(count) + `</small>`)
			}
			b.WriteString(`</td>` + cell(r.A))
			if e.HasB {
				b.WriteString(cell(r.B) + `<td class="num diff">` + CP(r.Diff) + `</td>`)
			}
			b.WriteString(`</tr>`)
		}
		if shown == 0 {
			b.WriteString(`<tr class="term"><td colspan="` + strconv.Itoa(cols) + `" class="muted small">every term cancels out (equal counts for both colours)</td></tr>`)
		}
	}
	b.WriteString(`<tr class="total"><th>total</th><td class="num" data-testid="explain-total-a">` + CP(float64(e.WhiteA)) + `</td>`)
	if e.HasB {
		b.WriteString(`<td class="num" data-testid="explain-total-b">` + CP(float64(e.WhiteB)) + `</td><td class="num diff">` + CP(float64(e.WhiteA-e.WhiteB)) + `</td>`)
	}
	b.WriteString(`</tr></tbody>`)
	return b.String()
}
