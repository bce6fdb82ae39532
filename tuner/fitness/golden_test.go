package fitness

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/eval"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt")

// TestGolden pins move-match scores and Texel losses (as float64 bits) for
// every scheme and a few seeded random vectors on the demo sample. The file
// is written natively with -update; running the test under GOOS=js
// GOARCH=wasm then proves the results are bit-identical across platforms
// (and any change of scheme or sample shows up here).
func TestGolden(t *testing.T) {
	david := demo(t, "david").Test
	all := spread(demo(t, "all").Train, 3000)
	var b strings.Builder
	for _, s := range eval.Schemes() {
		mm, err := CompileMoveMatch(s, david)
		if err != nil {
			t.Fatal(err)
		}
		tx, err := CompileTexel(s, all)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			w := eval.RandomWeights(s, seed)
			k, loss := tx.FitK(w)
			fmt.Fprintf(&b, "%s seed %d: matched %d/%d, texel k %#x loss %#x\n",
				s.Name(), seed, mm.Score(w, nil), mm.Positions(), math.Float64bits(k), math.Float64bits(loss))
		}
	}
	got := b.String()
	const file = "testdata/golden.txt"
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update natively)", err)
	}
	if got != string(want) {
		t.Errorf("results differ from %s:\ngot:\n%s\nwant:\n%s", file, got, want)
	}
}
