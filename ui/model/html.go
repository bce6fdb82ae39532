package model

import (
	"html"
	"strconv"
	"strings"
)

// The playground renders its larger, display-only fragments (option lists,
// the weights table) as HTML strings written with one innerHTML assignment:
// Vugu 0.4 re-syncs every element and attribute on each render, which for a
// few hundred table cells costs tens of milliseconds of main-thread time per
// generation. Every value is escaped here.

// Option is one entry of a <select>.
type Option struct{ Value, Label string }

// OptionsHTML renders <option> elements with selected marked.
func OptionsHTML(opts []Option, selected string) string {
	var b strings.Builder
	for _, o := range opts {
		b.WriteString(`<option value="`)
		b.WriteString(html.EscapeString(o.Value))
		b.WriteString(`"`)
		if o.Value == selected {
			b.WriteString(` selected`)
		}
		b.WriteString(`>`)
		b.WriteString(html.EscapeString(o.Label))
		b.WriteString(`</option>`)
	}
	return b.String()
}

// WeightsHTML renders the weights table: header and one row per parameter
// with the evolved value, the paper's value, their difference, a range bar
// with both marks, and the bounds.
func WeightsHTML(rows []Row) string {
	var b strings.Builder
	b.WriteString(`<tr><th>Parameter</th><th>Group</th><th class="num">Evolved</th><th class="num">Paper</th><th class="num">Δ</th>` +
		`<th>Range (<span style="color:var(--best)">▮</span> evolved, <span style="color:var(--paper)">▮</span> paper)</th><th class="num">Bounds</th></tr>`)
	for _, r := range rows {
		cls := ""
		if r.HasPaper && r.HasValue && r.Delta != 0 {
			if r.Delta > 0 {
				cls = "up"
			} else {
				cls = "down"
			}
		}
		b.WriteString(`<tr class="` + cls + `" title="` + html.EscapeString(r.Doc) + `" data-param="` + html.EscapeString(r.Name) + `">`)
		b.WriteString(`<td class="mono">` + html.EscapeString(r.Name) + `</td>`)
		b.WriteString(`<td class="muted small">` + html.EscapeString(r.Group) + `</td>`)
		if r.HasValue {
			b.WriteString(`<td class="num">` + strconv.Itoa(r.Value) + `</td>`)
		} else {
			b.WriteString(`<td class="num muted">–</td>`)
		}
		if r.HasPaper {
			b.WriteString(`<td class="num muted">` + strconv.Itoa(r.Paper) + `</td>`)
		} else {
			b.WriteString(`<td class="num muted">–</td>`)
		}
		if r.HasPaper && r.HasValue {
			d := strconv.Itoa(r.Delta)
			if r.Delta > 0 {
				d = "+" + d
			}
			b.WriteString(`<td class="num delta">` + d + `</td>`)
		} else {
			b.WriteString(`<td class="num delta"></td>`)
		}
		b.WriteString(`<td><div class="range">`)
		if r.HasPaper {
			b.WriteString(`<i class="pap" style="left:calc(` + strconv.FormatFloat(r.PosPaper, 'f', 1, 64) + `% - 1px)"></i>`)
		}
		if r.HasValue {
			b.WriteString(`<i class="cur" style="left:calc(` + strconv.FormatFloat(r.PosValue, 'f', 1, 64) + `% - 1px)"></i>`)
		}
		b.WriteString(`</div></td>`)
		b.WriteString(`<td class="num muted small">` + strconv.Itoa(r.Min) + ` … ` + strconv.Itoa(r.Max) + `</td></tr>`)
	}
	return b.String()
}
