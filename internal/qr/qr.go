// Package qr draws QR codes of short texts (the class's join URL, share
// links) as an SVG image for the page and as half-block characters for a
// terminal. It is pure Go over github.com/piglig/go-qr (Nayuki's QR Code
// generator: byte/alphanumeric/numeric segments, Reed-Solomon, the eight
// masks) and runs natively and in WebAssembly; it keeps no state.
//
// Error correction is Medium (15% of codewords recoverable), falling back to
// Low when the text does not fit at Medium; the largest QR code (version
// 40) holds 2,953 bytes at Low. Both renderings keep the standard four-module
// quiet zone. Files: qr.go (encoding, SVG, terminal), qr_test.go (round trips
// through go-qr's decoder, so the drawings themselves are checked).
package qr

import (
	"fmt"
	"strconv"
	"strings"

	goqr "github.com/piglig/go-qr"
)

// quiet is the quiet zone around the code, in modules (ISO/IEC 18004: 4).
const quiet = 4

// MaxBytes is the longest text a QR code holds (version 40, Low, bytes).
const MaxBytes = 2953

// encode returns the QR code of text at the best error correction that fits.
func encode(text string) (*goqr.QrCode, error) {
	if text == "" {
		return nil, fmt.Errorf("qr: empty text")
	}
	if len(text) > MaxBytes {
		return nil, fmt.Errorf("qr: text of %d bytes is too long for a QR code (at most %d)", len(text), MaxBytes)
	}
	var last error
	for _, ecl := range []goqr.Ecc{goqr.Medium, goqr.Low} {
		q, err := goqr.EncodeText(text, ecl)
		if err == nil {
			return q, nil
		}
		last = err
	}
	return nil, fmt.Errorf("qr: %d bytes: %w", len(text), last)
}

// Modules returns the code of text as rows of dark (true) and light modules,
// without the quiet zone.
func Modules(text string) ([][]bool, error) {
	q, err := encode(text)
	if err != nil {
		return nil, err
	}
	n := q.Size()
	out := make([][]bool, n)
	for y := range out {
		out[y] = make([]bool, n)
		for x := range out[y] {
			out[y][x] = q.Module(x, y)
		}
	}
	return out, nil
}

// SVG returns a standalone SVG image of text's QR code: one module per user
// unit (viewBox, no fixed size, so CSS scales it), a white background with
// the quiet zone, dark modules as one path of horizontal runs, crisp edges.
func SVG(text string) (string, error) {
	m, err := Modules(text)
	if err != nil {
		return "", err
	}
	n := len(m) + 2*quiet
	var b strings.Builder
	b.Grow(64 + 12*len(m)*len(m)/2)
	size := strconv.Itoa(n)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` + size + ` ` + size + `" shape-rendering="crispEdges" role="img" aria-label="QR code">`)
	b.WriteString(`<rect width="` + size + `" height="` + size + `" fill="#fff"/><path fill="#000" d="`)
	for y, row := range m {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			run := 1
			for x+run < len(row) && row[x+run] {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x+quiet, y+quiet, run, run)
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}

// Half-block characters: each character cell shows two modules, the upper
// and the lower half.
const (
	bothLight  = "█"
	upperLight = "▀"
	lowerLight = "▄"
	bothDark   = " "
)

// Terminal returns text's QR code as lines of half-block characters, two
// module rows per line, quiet zone included, each line ending in "\n".
// Light modules are drawn with the block characters and dark ones are left
// blank, the convention of `qrencode -t UTF8`: on a terminal with light text
// on a dark background the code appears dark on light, as scanners expect.
func Terminal(text string) (string, error) {
	m, err := Modules(text)
	if err != nil {
		return "", err
	}
	n := len(m) + 2*quiet
	dark := func(x, y int) bool {
		x, y = x-quiet, y-quiet
		return y >= 0 && y < len(m) && x >= 0 && x < len(m) && m[y][x]
	}
	var b strings.Builder
	b.Grow((n + 1) / 2 * (3*n + 1))
	for y := 0; y < n; y += 2 {
		for x := 0; x < n; x++ {
			top, bottom := !dark(x, y), y+1 < n && !dark(x, y+1)
			switch {
			case top && bottom:
				b.WriteString(bothLight)
			case top:
				b.WriteString(upperLight)
			case bottom:
				b.WriteString(lowerLight)
			default:
				b.WriteString(bothDark)
			}
		}
		b.WriteByte('\n')
	}
	return b.String(), nil
}
