package chart

import (
	"html"
	"strconv"
	"strings"
)

// SVG renders p as one SVG element string (inserted with a single innerHTML
// write: far cheaper for the page than syncing each element). label is the
// accessible name; empty is the text shown before the first point.
func SVG(p Plot, label, empty string) string {
	var b strings.Builder
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	b.WriteString(f(p.W) + " " + f(p.H))
	b.WriteString(`" role="img" aria-label="` + html.EscapeString(label) + `">`)
	for _, t := range p.YTicks {
		b.WriteString(`<line class="grid-line" x1="` + f(p.Left) + `" x2="` + f(p.Right) + `" y1="` + f(t.Pos) + `" y2="` + f(t.Pos) + `"/>`)
		b.WriteString(`<text class="axis" x="` + f(p.Left-6) + `" y="` + f(t.Pos+4) + `" text-anchor="end">` + html.EscapeString(t.Label) + `</text>`)
	}
	for _, t := range p.XTicks {
		b.WriteString(`<text class="axis" x="` + f(t.Pos) + `" y="` + f(p.Bott+16) + `" text-anchor="middle">` + html.EscapeString(t.Label) + `</text>`)
	}
	for _, l := range p.Lines {
		if l.D == "" {
			continue
		}
		b.WriteString(`<path class="` + html.EscapeString(l.Class) + `" d="` + l.D + `"><title>` + html.EscapeString(l.Name) + `</title></path>`)
	}
	for _, l := range p.Lines {
		if l.D == "" {
			continue
		}
		b.WriteString(`<circle class="` + html.EscapeString(l.Class) + `" cx="` + f(l.LastX) + `" cy="` + f(l.LastY) + `" r="3.5"/>`)
	}
	if p.Empty && empty != "" {
		b.WriteString(`<text class="axis" x="` + f(p.W/2) + `" y="` + f(p.H/2) + `" text-anchor="middle">` + html.EscapeString(empty) + `</text>`)
	}
	b.WriteString(`</svg>`)
	return b.String()
}
