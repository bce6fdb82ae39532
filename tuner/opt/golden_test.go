package opt

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/trajectories.golden")

// trajectoryHash digests every batch of a run: the vectors, the Known flags
// and known fitness bits, and the final best.
func trajectoryHash(t *testing.T, tc optCase) string {
	tc.cfg.Seed = 2024
	o, err := New(tc.algo, tc.cfg)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	for _, batch := range drive(t, o, tc.f, min(tc.gens, 40)) {
		for _, c := range batch {
			for _, v := range c.X {
				binary.Write(h, binary.LittleEndian, v)
			}
			if c.Known {
				binary.Write(h, binary.LittleEndian, math.Float64bits(c.Fitness))
			}
		}
	}
	best, _ := o.Best()
	binary.Write(h, binary.LittleEndian, math.Float64bits(best.Fitness))
	st, err := o.State()
	if err != nil {
		t.Fatal(err)
	}
	h.Write(st) // the full state, float fields included
	return hex.EncodeToString(h.Sum(nil))
}

// TestGoldenTrajectories pins every algorithm's run to a digest stored in
// testdata. The same file must match natively and under GOOS=js
// GOARCH=wasm, which shows the runs are bit-identical across platforms.
func TestGoldenTrajectories(t *testing.T) {
	path := filepath.Join("testdata", "trajectories.golden")
	var got []string
	for i, tc := range cases() {
		got = append(got, fmt.Sprintf("%d-%s %s", i, tc.algo, trajectoryHash(t, tc)))
	}
	if *update {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update)", err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if len(want) != len(got) {
		t.Fatalf("golden file has %d lines, want %d", len(want), len(got))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("trajectory changed: got %s, golden %s", got[i], want[i])
		}
	}
}
