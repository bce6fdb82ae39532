package model

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// HeatmapHTML draws a piece-square table (a parameter group of 64 rows
// named "<table>_a1" … "<table>_h8", as in the phoenix640 scheme) as two
// 8×8 boards, the evolved values beside the compared paper values, each
// square coloured on a diverging scale (blue positive, red negative,
// saturated at the bounds). ok is false when rows are not such a table.
func HeatmapHTML(rows []Row) (s string, ok bool) {
	if len(rows) != 64 {
		return "", false
	}
	var byName [64]*Row
	for i := range rows {
		r := &rows[i]
		j := strings.LastIndexByte(r.Name, '_')
		if j < 0 || len(r.Name)-j != 3 {
			return "", false
		}
		f, rk := r.Name[j+1]-'a', r.Name[j+2]-'1'
		if f > 7 || rk > 7 || byName[int(rk)*8+int(f)] != nil {
			return "", false
		}
		byName[int(rk)*8+int(f)] = r
	}
	board := func(title string, val func(*Row) (int, bool)) string {
		var b strings.Builder
		b.WriteString(`<figure class="pst"><figcaption>` + html.EscapeString(title) + `</figcaption><div class="pst-grid">`)
		for rank := 7; rank >= 0; rank-- {
			for file := 0; file < 8; file++ {
				r := byName[rank*8+file]
				v, has := val(r)
				sq := string(rune('a'+file)) + string(rune('1'+rank))
				if !has {
					b.WriteString(`<span class="pst-sq" title="` + sq + `: –">–</span>`)
					continue
				}
				b.WriteString(fmt.Sprintf(`<span class="pst-sq" style="background:%s" title="%s: %d">%d</span>`, heatColor(v, r.Min, r.Max), sq, v, v))
			}
		}
		b.WriteString(`</div></figure>`)
		return b.String()
	}
	evolved := board("evolved", func(r *Row) (int, bool) { return r.Value, r.HasValue })
	paper := board("paper", func(r *Row) (int, bool) { return r.Paper, r.HasPaper })
	return `<div class="pst-pair">` + evolved + paper + `</div>`, true
}

// heatColor maps v in [lo, hi] to a colour: white at 0, blue towards the
// positive bound, red towards the negative one.
func heatColor(v, lo, hi int) string {
	scale := math.Max(math.Abs(float64(lo)), math.Abs(float64(hi)))
	if scale == 0 {
		return "#fff"
	}
	t := math.Max(-1, math.Min(1, float64(v)/scale))
	a := math.Round(math.Abs(t)*85) / 100 // alpha 0..0.85
	if t >= 0 {
		return fmt.Sprintf("rgba(37,99,235,%.2f)", a)
	}
	return fmt.Sprintf("rgba(220,38,38,%.2f)", a)
}
