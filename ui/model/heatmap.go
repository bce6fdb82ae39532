package model

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// HeatmapHTML draws the piece-square tables of a parameter group as 8×8
// boards, the evolved values beside the compared paper values, each square
// coloured on a diverging scale (blue positive, red negative, saturated at
// the bounds). A table is the rows whose names end in a square after '_' or
// '.' and share what comes before it: phoenix640's "PawnMG_e4" (one table
// per group) or modern's "mg.pst.knight.e4" and "eg.pst.knight.e4" (two per
// group, middlegame and endgame). A table has all 64 squares, the 48 of
// ranks 2-7 (pawns), or the 32 of files e–h (modern's knight, bishop, rook
// and queen: the evaluation reads a piece on files a–d from the
// file-mirrored square, b1 as g1), drawn as a whole board with files a–d
// mirrored from e–h. ok is false when the rows are not such tables.
func HeatmapHTML(rows []Row) (s string, ok bool) {
	type table struct {
		name     string
		sq       [64]*Row
		n        int
		mirrored bool // files a–d copied from e–h
	}
	var tables []*table
	byName := map[string]*table{}
	for i := range rows {
		r := &rows[i]
		prefix, sq, ok := splitSquare(r.Name)
		if !ok {
			return "", false
		}
		t := byName[prefix]
		if t == nil {
			t = &table{name: prefix}
			byName[prefix] = t
			tables = append(tables, t)
		}
		if t.sq[sq] != nil {
			return "", false
		}
		t.sq[sq], t.n = r, t.n+1
	}
	if len(tables) == 0 {
		return "", false
	}
	for _, t := range tables {
		if t.n == 64 {
			continue
		}
		if t.n == 32 && halfFiles(t.sq[:]) {
			for sq := 0; sq < 64; sq++ {
				if f := sq % 8; f < 4 {
					t.sq[sq] = t.sq[sq-f+7-f]
				}
			}
			t.mirrored = true
			continue
		}
		pawnRanks := t.n == 48
		for sq := 0; sq < 64 && pawnRanks; sq++ {
			if edge := sq < 8 || sq >= 56; (t.sq[sq] != nil) == edge {
				pawnRanks = false
			}
		}
		if !pawnRanks {
			return "", false
		}
	}
	board := func(title string, t *table, val func(*Row) (int, bool)) string {
		var b strings.Builder
		b.WriteString(`<figure class="pst"><figcaption>` + html.EscapeString(title) + `</figcaption><div class="pst-grid">`)
		for rank := 7; rank >= 0; rank-- {
			for file := 0; file < 8; file++ {
				r := t.sq[rank*8+file]
				sq := string(rune('a'+file)) + string(rune('1'+rank))
				var v int
				has := false
				if r != nil {
					v, has = val(r)
				}
				title := sq
				if t.mirrored && file < 4 {
					title += " (as " + string(rune('a'+7-file)) + string(rune('1'+rank)) + ")"
				}
				if !has {
					b.WriteString(`<span class="pst-sq" title="` + title + `: –">–</span>`)
					continue
				}
				b.WriteString(fmt.Sprintf(`<span class="pst-sq" style="background:%s" title="%s: %d">%d</span>`, heatColor(v, r.Min, r.Max), title, v, v))
			}
		}
		b.WriteString(`</div></figure>`)
		return b.String()
	}
	var b strings.Builder
	for _, t := range tables {
		label := ""
		if len(tables) > 1 {
			label = t.name + ": "
		}
		b.WriteString(`<div class="pst-pair">`)
		b.WriteString(board(label+"evolved", t, func(r *Row) (int, bool) { return r.Value, r.HasValue }))
		b.WriteString(board(label+"paper", t, func(r *Row) (int, bool) { return r.Paper, r.HasPaper }))
		b.WriteString(`</div>`)
	}
	return b.String(), true
}

// halfFiles reports a table of exactly the squares of files e–h.
func halfFiles(sq []*Row) bool {
	for i, r := range sq {
		if (r != nil) != (i%8 >= 4) {
			return false
		}
	}
	return true
}

// splitSquare splits "KnightMG_e4" or "mg.pst.knight.e4" into its table
// name and square index (a1 = 0, h8 = 63).
func splitSquare(name string) (table string, sq int, ok bool) {
	n := len(name)
	if n < 4 || (name[n-3] != '_' && name[n-3] != '.') {
		return "", 0, false
	}
	f, r := name[n-2], name[n-1]
	if f < 'a' || f > 'h' || r < '1' || r > '8' {
		return "", 0, false
	}
	return name[:n-3], int(r-'1')*8 + int(f-'a'), true
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
