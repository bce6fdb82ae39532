//go:build !js

package book

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/pgn"
)

// polyglotPath finds Debian's polyglot (package polyglot, in /usr/games).
func polyglotPath() (string, bool) {
	if p, err := exec.LookPath("polyglot"); err == nil {
		return p, true
	}
	if _, err := os.Stat("/usr/games/polyglot"); err == nil {
		return "/usr/games/polyglot", true
	}
	return "", false
}

// TestBuildMatchesPolyglot builds books from the first 300 bundled games
// with Builder and with the real `polyglot make-book` (for the same plies
// and minimum number of games) and wants the same entries: keys, moves and
// weights, moves that only lost left out by both. CI installs polyglot;
// elsewhere the test is skipped when it is missing.
func TestBuildMatchesPolyglot(t *testing.T) {
	bin, ok := polyglotPath()
	if !ok {
		t.Skip("polyglot is not installed (apt-get install polyglot)")
	}
	text, err := os.ReadFile(filepath.Join("..", "..", "assets", "data", "gm_demo_1500.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(text), "\n[Event ")
	// The pieces after the first begin inside the tag: rejoin 300 games.
	cut := strings.Join(games[:300], "")
	cut = cut[:strings.LastIndex(cut, "[Event ")]
	dir := t.TempDir()
	in := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(in, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ plies, minGames int }{{12, 1}, {8, 3}} {
		t.Run(fmt.Sprintf("plies%d-min%d", tc.plies, tc.minGames), func(t *testing.T) {
			out := filepath.Join(dir, fmt.Sprintf("pg-%d-%d.bin", tc.plies, tc.minGames))
			cmd := exec.Command(bin, "make-book", "-pgn", in, "-bin", out, "-max-ply", fmt.Sprint(tc.plies), "-min-game", fmt.Sprint(tc.minGames))
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("polyglot make-book: %v\n%s", err, b)
			}
			want := readEntries(t, out)

			b := NewBuilder(tc.plies)
			r := pgn.NewReader(strings.NewReader(cut))
			for {
				g, err := r.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				if err := b.Add(g); err != nil {
					t.Fatal(err)
				}
			}
			es, err := b.Entries(tc.minGames)
			if err != nil {
				t.Fatal(err)
			}
			got := map[[2]uint64]uint16{}
			for _, e := range es {
				got[[2]uint64{e.Key, uint64(e.Move)}] = e.Weight
			}
			if len(want) < 100 {
				t.Fatalf("polyglot wrote only %d entries", len(want))
			}
			for k, w := range want {
				if g, ok := got[k]; !ok || g != w {
					t.Errorf("key %016x move %04x: polyglot weight %d, ours %d (present %v)", k[0], k[1], w, g, ok)
				}
			}
			for k, g := range got {
				if _, ok := want[k]; !ok {
					t.Errorf("key %016x move %04x (weight %d): not in polyglot's book", k[0], k[1], g)
				}
			}
		})
	}
}

// readEntries reads a Polyglot file's entries as (key, move) → weight.
func readEntries(t *testing.T, path string) map[[2]uint64]uint16 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	bk, err := Open(f)
	if err != nil {
		t.Fatal(err)
	}
	m := map[[2]uint64]uint16{}
	for _, e := range bk.entries {
		m[[2]uint64{e.Key, uint64(e.Move)}] = e.Weight
	}
	return m
}
