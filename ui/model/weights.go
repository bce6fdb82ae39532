// Package model holds the playground's pure-Go view models, natively tested:
// the live weights table (weights.go: evolved values against a paper's
// published values and the registry bounds), the conversion between player
// files and share links (player.go), the Play tab's explanation of an
// evaluation term by term, grouped by category (explain.go), and formatting
// helpers.
package model

import (
	"fmt"
	"math"

	"github.com/evochess/evochess/engine/param"
)

// Row is one line of the weights table.
type Row struct {
	Name, Group, Doc string
	Min, Max         int
	Default          int
	Value            int  // current best (Default before the first generation)
	HasValue         bool // Value comes from the run
	Paper            int  // the compared preset's value
	HasPaper         bool
	PosValue         float64 // Value's position in [Min, Max], percent
	PosPaper         float64
	Delta            int // Value - Paper (0 without a paper value)
}

// Rows builds the table for specs. cur holds the run's best weights by name
// (nil before the first generation); paper the compared preset in registry
// order (nil for none; a length mismatch is ignored).
func Rows(specs []param.Spec, cur map[string]int, paper []int32) []Row {
	rows := make([]Row, len(specs))
	usePaper := len(paper) == len(specs)
	for i, s := range specs {
		r := Row{Name: s.Name, Group: s.Group, Doc: s.Doc, Min: s.Min, Max: s.Max, Default: s.Default, Value: s.Default}
		if v, ok := cur[s.Name]; ok {
			r.Value, r.HasValue = v, true
		}
		if usePaper {
			r.Paper, r.HasPaper = int(paper[i]), true
			r.Delta = r.Value - r.Paper
			r.PosPaper = pos(r.Paper, s.Min, s.Max)
		}
		r.PosValue = pos(r.Value, s.Min, s.Max)
		rows[i] = r
	}
	return rows
}

func pos(v, lo, hi int) float64 {
	if hi <= lo {
		return 50
	}
	p := 100 * float64(v-lo) / float64(hi-lo)
	return math.Round(math.Max(0, math.Min(100, p))*10) / 10
}

// Groups returns the distinct groups of specs in first-seen order.
func Groups(specs []param.Spec) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range specs {
		if !seen[s.Group] {
			seen[s.Group] = true
			out = append(out, s.Group)
		}
	}
	return out
}

// Filter keeps rows of group ("" = all), at most limit rows starting at offset.
func Filter(rows []Row, group string, offset, limit int) (page []Row, total int) {
	var sel []Row
	for _, r := range rows {
		if group == "" || r.Group == group {
			sel = append(sel, r)
		}
	}
	total = len(sel)
	if offset > total {
		offset = total
	}
	end := total
	if limit > 0 && offset+limit < end {
		end = offset + limit
	}
	return sel[offset:end], total
}

// MatchDistance summarises how far the evolved weights are from the paper's:
// the mean absolute difference as a percentage of each parameter's range,
// over the parameters that have both values.
func MatchDistance(rows []Row) (float64, bool) {
	sum, n := 0.0, 0
	for _, r := range rows {
		if !r.HasPaper || !r.HasValue || r.Max <= r.Min {
			continue
		}
		sum += math.Abs(float64(r.Delta)) / float64(r.Max-r.Min)
		n++
	}
	if n == 0 {
		return 0, false
	}
	return 100 * sum / float64(n), true
}

// Duration renders milliseconds as "1h 02m", "3m 05s" or "12s".
func Duration(ms int64) string {
	if ms < 0 {
		return "–"
	}
	s := (ms + 500) / 1000
	switch {
	case s >= 3600:
		return fmt.Sprintf("%dh %02dm", s/3600, s%3600/60)
	case s >= 60:
		return fmt.Sprintf("%dm %02ds", s/60, s%60)
	}
	return fmt.Sprintf("%ds", s)
}
