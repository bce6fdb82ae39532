package chart

import (
	"math"
	"strings"
	"testing"
)

func TestNiceStep(t *testing.T) {
	cases := []struct {
		span float64
		n    int
		want float64
	}{
		{10, 5, 2}, {100, 5, 20}, {1, 5, 0.2}, {7, 5, 2}, {0.03, 3, 0.01}, {450, 5, 100}, {0, 5, 1},
	}
	for _, c := range cases {
		if got := NiceStep(c.span, c.n); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("NiceStep(%v,%d) = %v, want %v", c.span, c.n, got, c.want)
		}
	}
}

func TestTicksCoverRange(t *testing.T) {
	for _, r := range [][2]float64{{0, 1}, {0.31, 0.48}, {-3, 17}, {5, 5}, {0, 0}, {1e6, 1.3e6}} {
		vals, min, max := Ticks(r[0], r[1], 5)
		if min > r[0] || max < r[1] {
			t.Errorf("Ticks(%v): domain [%v,%v] does not cover", r, min, max)
		}
		if len(vals) < 2 || len(vals) > 12 {
			t.Errorf("Ticks(%v): %d ticks %v", r, len(vals), vals)
		}
		for i := 1; i < len(vals); i++ {
			if vals[i] <= vals[i-1] {
				t.Errorf("Ticks(%v): not increasing %v", r, vals)
			}
		}
	}
}

func TestLayoutPath(t *testing.T) {
	s := Series{Name: "best", Class: "best", X: []float64{0, 1, 2, 3}, Y: []float64{0.2, 0.3, math.NaN(), 0.5}}
	p := Layout([]Series{s}, 400, 200, 0, 3, math.NaN())
	if p.Empty {
		t.Fatal("plot with data reported empty")
	}
	d := p.Lines[0].D
	// NaN breaks the line: two sub-paths.
	if strings.Count(d, "M") != 2 || strings.Count(d, "L") != 1 {
		t.Fatalf("path %q: want 2 moves and 1 line", d)
	}
	if !strings.HasPrefix(d, "M52 ") {
		t.Errorf("first point must sit on the left edge (x=52): %q", d)
	}
	if p.Lines[0].LastX != 388 || p.Lines[0].Last != 0.5 {
		t.Errorf("last point at x=%v value %v, want 388 and 0.5", p.Lines[0].LastX, p.Lines[0].Last)
	}
	// The highest value is plotted higher (smaller y) than the lowest.
	sy := Scale{0, 1, p.Bott, p.Top}
	if sy.At(0.5) >= sy.At(0.2) {
		t.Error("y axis not inverted")
	}
	for _, tk := range p.YTicks {
		if tk.Pos < p.Top-0.1 || tk.Pos > p.Bott+0.1 {
			t.Errorf("y tick %v outside plot [%v,%v]", tk, p.Top, p.Bott)
		}
	}
	if len(p.XTicks) != 4 || p.XTicks[3].Label != "3" {
		t.Errorf("x ticks %v, want 0..3", p.XTicks)
	}
}

func TestLayoutEmptyAndFloor(t *testing.T) {
	p := Layout(nil, 300, 150, 0, 0, math.NaN())
	if !p.Empty || len(p.YTicks) == 0 {
		t.Errorf("empty plot: %+v", p)
	}
	p = Layout([]Series{{X: []float64{1, 2}, Y: []float64{40, 60}}}, 300, 150, 0, 10, 0)
	if p.YTicks[0].Label != "0" {
		t.Errorf("floor 0 not included: %v", p.YTicks)
	}
	if p.XTicks[len(p.XTicks)-1].Label != "10" {
		t.Errorf("fixed x domain not honoured: %v", p.XTicks)
	}
}

func TestFormat(t *testing.T) {
	if got := Format(0.30000000000000004, 0.05); got != "0.30" {
		t.Errorf("Format = %q", got)
	}
	if got := Format(1200, 200); got != "1200" {
		t.Errorf("Format = %q", got)
	}
}

func TestSVG(t *testing.T) {
	p := Layout([]Series{{Name: "best <fit>", Class: "best", X: []float64{0, 1}, Y: []float64{1, 2}}}, 640, 200, 0, 0, math.NaN())
	s := SVG(p, `a "label"`, "no data")
	for _, want := range []string{`viewBox="0 0 640 200"`, `<path class="best" d="M52 `, `<title>best &lt;fit&gt;</title>`, `aria-label="a &#34;label&#34;"`, `<circle class="best"`} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "no data") {
		t.Error("empty text shown with data")
	}
	if e := SVG(Layout(nil, 640, 200, 0, 0, math.NaN()), "x", "no data"); !strings.Contains(e, ">no data<") || strings.Contains(e, "<path") {
		t.Errorf("empty chart: %s", e)
	}
}
