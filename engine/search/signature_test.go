package search

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/signature.golden")

// signature searches every bench position to depth 6 with each preset and
// MaterialPST and lists node counts, moves and scores.
func signature(tb testing.TB) []byte {
	var buf bytes.Buffer
	fmt.Fprintln(&buf, "# preset position depth nodes best score (go test ./engine/search -run Signature -update rewrites this file)")
	for _, preset := range PresetNames() {
		p := mustPreset(tb, preset)
		for i, fen := range BenchFENs() {
			r := NewSearcher(nil, p, 4).Search(context.Background(), mustFEN(tb, fen), Limits{Depth: 6}, nil)
			fmt.Fprintf(&buf, "%s %d %d %d %s %d\n", preset, i+1, r.Depth, r.Nodes, r.Best.UCI(), r.Score)
		}
	}
	return buf.Bytes()
}

// TestSignature pins the fixed-depth search: node counts, moves and scores
// must equal the golden file on every platform (run it natively and under
// GOOS=js GOARCH=wasm: results are bit-identical). A deliberate change of
// the search, the default parameters, MaterialPST or the move generator's
// order changes it: rerun with -update.
//
// It runs in -short mode too (a few seconds), so that make test-wasm, which
// runs the short tests under node, checks it in WebAssembly.
func TestSignature(t *testing.T) {
	got := signature(t)
	path := filepath.Join("testdata", "signature.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < max(len(gl), len(wl)); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Errorf("line %d: got %q, want %q", i+1, g, w)
		}
	}
}
