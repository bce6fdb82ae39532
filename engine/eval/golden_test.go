package eval

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden_scores.txt")

// goldenScores evaluates testdata/tricky.epd and 200 random-game positions
// with every preset and with seeded random weights, one line per position.
func goldenScores(t *testing.T) string {
	var b strings.Builder
	positions := randomGamePositions(t, 2026, 200)
	for _, fen := range trickyFENs(t) {
		positions = append(positions, mustFEN(t, fen))
	}
	for _, p := range Presets() {
		e, err := p.Evaluator()
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "preset %s:", p.Name)
		for _, pos := range positions {
			fmt.Fprintf(&b, " %d", e.Evaluate(pos))
		}
		b.WriteByte('\n')
	}
	for _, s := range Schemes() {
		w := RandomWeights(s, 2026)
		fmt.Fprintf(&b, "random %s %v\n", s.Name(), w[:min(len(w), 8)])
		e, _ := New(s, w)
		fmt.Fprintf(&b, "random %s:", s.Name())
		for _, pos := range positions {
			fmt.Fprintf(&b, " %d", e.Evaluate(pos))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestGoldenScores pins every preset's scores (and the seeded random
// weights) so that native and WebAssembly builds, and later refactorings,
// give bit-identical results. Regenerate with -update after a deliberate
// change of a term.
func TestGoldenScores(t *testing.T) {
	got := goldenScores(t)
	const file = "testdata/golden_scores.txt"
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	gs := bufio.NewScanner(strings.NewReader(got))
	ws := bufio.NewScanner(strings.NewReader(string(want)))
	gs.Buffer(nil, 1<<20)
	ws.Buffer(nil, 1<<20)
	for line := 1; ws.Scan(); line++ {
		if !gs.Scan() {
			t.Fatalf("line %d missing", line)
		}
		if gs.Text() != ws.Text() {
			g, w := strings.Fields(gs.Text()), strings.Fields(ws.Text())
			for i := range min(len(g), len(w)) {
				if g[i] != w[i] {
					t.Errorf("line %d (%s) field %d: got %s, want %s", line, w[0]+" "+w[1], i, g[i], w[i])
					break
				}
			}
		}
	}
}
