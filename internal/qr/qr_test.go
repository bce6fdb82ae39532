package qr

import (
	"image"
	"image/color"
	"regexp"
	"strconv"
	"strings"
	"testing"

	goqr "github.com/piglig/go-qr"
)

// picture draws a module grid (true = dark) at 4 pixels per module.
func picture(dark func(x, y int) bool, w, h int) image.Image {
	const px = 4
	img := image.NewGray(image.Rect(0, 0, w*px, h*px))
	for y := 0; y < h*px; y++ {
		for x := 0; x < w*px; x++ {
			c := color.Gray{Y: 255}
			if dark(x/px, y/px) {
				c.Y = 0
			}
			img.SetGray(x, y, c)
		}
	}
	return img
}

var texts = []string{
	"http://192.168.1.20:8080/",
	"http://10.0.0.7:8080/#league",
	"HELLO",
	"http://192.168.1.20:8080/#p=" + strings.Repeat("AbCdEf0123-_", 60),
}

// readTerminal turns half-block lines back into a module grid.
func readTerminal(t *testing.T, s string) (grid [][]bool) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	width := -1
	for i, line := range lines {
		var top, bottom []bool
		for _, r := range line {
			switch string(r) {
			case bothLight:
				top, bottom = append(top, false), append(bottom, false)
			case upperLight:
				top, bottom = append(top, false), append(bottom, true)
			case lowerLight:
				top, bottom = append(top, true), append(bottom, false)
			case bothDark:
				top, bottom = append(top, true), append(bottom, true)
			default:
				t.Fatalf("line %d: unexpected character %q", i, r)
			}
		}
		if width >= 0 && len(top) != width {
			t.Fatalf("line %d has %d cells, want %d", i, len(top), width)
		}
		width = len(top)
		grid = append(grid, top, bottom)
	}
	return grid[:width] // the last half-row of an odd size is padding
}

func TestTerminalDecodes(t *testing.T) {
	for _, text := range texts {
		s, err := Terminal(text)
		if err != nil {
			t.Fatal(err)
		}
		g := readTerminal(t, s)
		m, _ := Modules(text)
		if len(g) != len(m)+2*quiet {
			t.Fatalf("%d rows, want %d", len(g), len(m)+2*quiet)
		}
		// The quiet zone is light (drawn).
		for i := 0; i < len(g); i++ {
			for _, p := range [][2]int{{i, 0}, {0, i}, {i, len(g) - 1}, {len(g) - 1, i}} {
				if g[p[1]][p[0]] {
					t.Fatalf("quiet zone module (%d,%d) is dark", p[0], p[1])
				}
			}
		}
		got, err := goqr.Decode(picture(func(x, y int) bool { return g[y][x] }, len(g), len(g)))
		if err != nil || got != text {
			t.Fatalf("decode terminal QR: %q, %v; want %q", got, err, text)
		}
	}
}

var pathRun = regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`)

func TestSVGDecodes(t *testing.T) {
	for _, text := range texts {
		s, err := SVG(text)
		if err != nil {
			t.Fatal(err)
		}
		vb := regexp.MustCompile(`viewBox="0 0 (\d+) (\d+)"`).FindStringSubmatch(s)
		if vb == nil || vb[1] != vb[2] || !strings.HasPrefix(s, "<svg ") || !strings.HasSuffix(s, "</svg>") {
			t.Fatalf("not a square SVG: %.120s", s)
		}
		n, _ := strconv.Atoi(vb[1])
		grid := make([][]bool, n)
		for i := range grid {
			grid[i] = make([]bool, n)
		}
		d := regexp.MustCompile(`d="([^"]*)"`).FindStringSubmatch(s)[1]
		if rest := pathRun.ReplaceAllString(d, ""); rest != "" {
			t.Fatalf("unexpected path data %q", rest)
		}
		for _, r := range pathRun.FindAllStringSubmatch(d, -1) {
			x, _ := strconv.Atoi(r[1])
			y, _ := strconv.Atoi(r[2])
			w, _ := strconv.Atoi(r[3])
			if r[3] != r[4] || x < quiet || y < quiet || x+w > n-quiet || y >= n-quiet {
				t.Fatalf("run %q outside the code", r[0])
			}
			for i := 0; i < w; i++ {
				grid[y][x+i] = true
			}
		}
		got, err := goqr.Decode(picture(func(x, y int) bool { return grid[y][x] }, n, n))
		if err != nil || got != text {
			t.Fatalf("decode SVG QR: %q, %v; want %q", got, err, text)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"", "empty"},
		{strings.Repeat("x", MaxBytes+1), "too long"},
	} {
		if _, err := SVG(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SVG(%d bytes): %v, want %q", len(c.text), err, c.want)
		}
		if _, err := Terminal(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Terminal(%d bytes): %v, want %q", len(c.text), err, c.want)
		}
	}
	// The longest text fits (at Low).
	if _, err := Modules(strings.Repeat("x", MaxBytes)); err != nil {
		t.Errorf("%d bytes: %v", MaxBytes, err)
	}
}

// FuzzSVG checks that any text either encodes to a well-formed SVG and a
// terminal drawing of the same size, or returns an error; never a panic.
func FuzzSVG(f *testing.F) {
	for _, s := range append(texts, "", "\x00\xff", "日本語") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := SVG(text)
		term, err2 := Terminal(text)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("SVG err %v, Terminal err %v", err, err2)
		}
		if err != nil {
			return
		}
		if !strings.HasPrefix(s, "<svg ") || !strings.HasSuffix(s, "</svg>") || strings.Contains(s, text) && len(text) > 8 {
			t.Fatalf("bad SVG for %q", text)
		}
		m, _ := Modules(text)
		if lines := strings.Count(term, "\n"); lines != (len(m)+2*quiet+1)/2 {
			t.Fatalf("%d terminal lines for size %d", lines, len(m))
		}
	})
}

func BenchmarkSVG(b *testing.B) {
	text := "http://192.168.1.20:8080/#league"
	for b.Loop() {
		if _, err := SVG(text); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "codes/s")
}
