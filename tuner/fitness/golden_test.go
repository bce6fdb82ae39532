package fitness

import (
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/eval"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt")

// fingerprint hashes the compiled inputs of a scheme (feature data and
// targets), so that the golden results are only compared when the scheme,
// the move generator and the root order are unchanged.
func fingerprint(mm *MoveMatch, tx *Texel) string {
	h := sha256.New()
	for _, v := range [][]int32{mm.parStart, mm.parCnt, mm.movStart, mm.target, mm.difEnd, mm.dif32} {
		binary.Write(h, binary.LittleEndian, v)
	}
	for _, v := range [][]int64{mm.dif} {
		binary.Write(h, binary.LittleEndian, v)
	}
	binary.Write(h, binary.LittleEndian, tx.off)
	binary.Write(h, binary.LittleEndian, tx.idx)
	binary.Write(h, binary.LittleEndian, tx.cnt)
	binary.Write(h, binary.LittleEndian, tx.phase)
	binary.Write(h, binary.LittleEndian, tx.out)
	binary.Write(h, binary.LittleEndian, mm.parIdx)
	return fmt.Sprintf("%x", h.Sum(nil)[:8])
}

// TestGolden pins move-match scores and Texel losses (as float64 bits) for
// every scheme and a few seeded random vectors on the demo sample. The file
// is written natively with -update; running the test under GOOS=js
// GOARCH=wasm then proves the results are bit-identical across platforms.
// A scheme whose compiled inputs changed since the file was written (its
// fingerprint differs: another package evolved) is skipped with a note to
// regenerate, not failed; with equal inputs, any difference is a failure.
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
		fmt.Fprintf(&b, "%s inputs %s\n", s.Name(), fingerprint(mm, tx))
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
	wantBy, gotBy := byScheme(string(want)), byScheme(got)
	for name, g := range gotBy {
		w, ok := wantBy[name]
		switch {
		case !ok:
			t.Logf("scheme %s not in %s (regenerate with go test -run Golden -args -update)", name, file)
		case g[0] != w[0]:
			t.Logf("scheme %s: compiled inputs changed (%s, file %s); regenerate %s natively with -args -update", name, g[0], w[0], file)
		case strings.Join(g, "\n") != strings.Join(w, "\n"):
			t.Errorf("scheme %s: results differ from %s:\ngot:\n%s\nwant:\n%s", name, file, strings.Join(g, "\n"), strings.Join(w, "\n"))
		}
	}
}

// byScheme groups golden lines by their first word (the scheme name).
func byScheme(text string) map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		name, _, _ := strings.Cut(line, " ")
		out[name] = append(out[name], line)
	}
	return out
}
