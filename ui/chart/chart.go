// Package chart computes the geometry of the playground's live line charts
// (fitness per generation, like Figs. 1-2 of David et al. and Vázquez et al.):
// linear scales, "nice" axis ticks (1-2-5 steps, Heckbert's labelling), and
// SVG path strings. It has no DOM code and no build tags; the Vugu component
// only prints what Layout returns. Tested natively in chart_test.go.
package chart

import (
	"math"
	"strconv"
	"strings"
)

// Series is one line: Y[i] is the value at X[i]. NaN values break the line.
type Series struct {
	Name  string
	Class string // CSS class of the path (colour, dash)
	X, Y  []float64
}

// Tick is one axis label at pixel position Pos.
type Tick struct {
	Pos   float64
	Label string
}

// Line is a laid-out series.
type Line struct {
	Name, Class string
	D           string  // SVG path data
	LastX       float64 // pixel position of the last point (for a marker); NaN if none
	LastY       float64
	Last        float64 // last value
}

// Plot is the laid-out chart.
type Plot struct {
	W, H                   float64 // viewBox size
	Left, Top, Right, Bott float64 // plot area in pixels
	XTicks, YTicks         []Tick
	Lines                  []Line
	Empty                  bool // no finite point at all
}

// Scale maps [D0, D1] linearly onto [R0, R1].
type Scale struct{ D0, D1, R0, R1 float64 }

// At maps v.
func (s Scale) At(v float64) float64 {
	if s.D1 == s.D0 {
		return (s.R0 + s.R1) / 2
	}
	return s.R0 + float64(v-s.D0)*float64(s.R1-s.R0)/float64(s.D1-s.D0)
}

// NiceStep returns a step of 1, 2 or 5 times a power of ten so that about n
// steps cover span.
func NiceStep(span float64, n int) float64 {
	if span <= 0 || n < 1 || math.IsNaN(span) || math.IsInf(span, 0) {
		return 1
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	switch f := raw / p; {
	case f <= 1:
		return p
	case f <= 2:
		return 2 * p
	case f <= 5:
		return 5 * p
	default:
		return 10 * p
	}
}

// Ticks returns nice tick values covering [lo, hi] (widened to multiples of the step).
func Ticks(lo, hi float64, n int) (vals []float64, min, max float64) {
	if hi < lo {
		lo, hi = hi, lo
	}
	if hi == lo {
		if lo == 0 {
			hi = 1
		} else {
			d := math.Abs(lo) * 0.1
			lo, hi = lo-d, hi+d
		}
	}
	step := NiceStep(hi-lo, n)
	min = math.Floor(lo/step) * step
	max = math.Ceil(hi/step) * step
	for i := 0; ; i++ {
		v := min + float64(i)*step
		if v > max+step/2 || i > 100 {
			break
		}
		vals = append(vals, cleanZero(v, step))
	}
	return vals, min, max
}

func cleanZero(v, step float64) float64 {
	if math.Abs(v) < step*1e-9 {
		return 0
	}
	return v
}

// Format prints v with no more decimals than step needs.
func Format(v, step float64) string {
	dec := 0
	if step > 0 && step < 1 {
		dec = int(math.Ceil(-math.Log10(step) - 1e-9))
	}
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// Layout lays out series in a w×h viewBox. xMin/xMax fix the x domain when
// xMax > xMin (e.g. 0..generations), otherwise it follows the data.
// yFloor, when not NaN, forces the y axis to include that value (e.g. 0).
func Layout(series []Series, w, h, xMin, xMax, yFloor float64) Plot {
	p := Plot{W: w, H: h, Left: 52, Top: 12, Right: w - 12, Bott: h - 28}
	lo, hi := math.Inf(1), math.Inf(-1)
	xlo, xhi := math.Inf(1), math.Inf(-1)
	for _, s := range series {
		for i, y := range s.Y {
			if i >= len(s.X) || !finite(y) || !finite(s.X[i]) {
				continue
			}
			lo, hi = math.Min(lo, y), math.Max(hi, y)
			xlo, xhi = math.Min(xlo, s.X[i]), math.Max(xhi, s.X[i])
		}
	}
	if math.IsInf(lo, 1) {
		p.Empty = true
		lo, hi, xlo, xhi = 0, 1, 0, 1
	}
	if !math.IsNaN(yFloor) {
		lo, hi = math.Min(lo, yFloor), math.Max(hi, yFloor)
	}
	if xMax > xMin {
		xlo, xhi = xMin, math.Max(xMax, xhi)
	}
	if xhi == xlo {
		xhi = xlo + 1
	}
	yv, ymin, ymax := Ticks(lo, hi, 5)
	ystep := NiceStep(hi-lo, 5)
	if len(yv) > 1 {
		ystep = yv[1] - yv[0]
	}
	sy := Scale{ymin, ymax, p.Bott, p.Top}
	sx := Scale{xlo, xhi, p.Left, p.Right}
	for _, v := range yv {
		p.YTicks = append(p.YTicks, Tick{Pos: round1(sy.At(v)), Label: Format(v, ystep)})
	}
	xstep := math.Max(1, NiceStep(xhi-xlo, 6)) // generations are integers
	for v := math.Ceil(xlo/xstep) * xstep; v <= xhi+1e-9; v += xstep {
		p.XTicks = append(p.XTicks, Tick{Pos: round1(sx.At(v)), Label: Format(v, xstep)})
	}
	for _, s := range series {
		p.Lines = append(p.Lines, path(s, sx, sy))
	}
	return p
}

func path(s Series, sx, sy Scale) Line {
	l := Line{Name: s.Name, Class: s.Class, LastX: math.NaN(), LastY: math.NaN(), Last: math.NaN()}
	var b strings.Builder
	pen := false
	for i, y := range s.Y {
		if i >= len(s.X) || !finite(y) || !finite(s.X[i]) {
			pen = false
			continue
		}
		x, py := round1(sx.At(s.X[i])), round1(sy.At(y))
		if pen {
			b.WriteByte('L')
		} else {
			b.WriteByte('M')
		}
		b.WriteString(strconv.FormatFloat(x, 'f', -1, 64))
		b.WriteByte(' ')
		b.WriteString(strconv.FormatFloat(py, 'f', -1, 64))
		pen = true
		l.LastX, l.LastY, l.Last = x, py, y
	}
	l.D = b.String()
	return l
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func round1(v float64) float64 { return math.Round(v*10) / 10 }
