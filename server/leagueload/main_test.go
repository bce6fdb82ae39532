package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadSmall runs the load generator with three students against a
// freshly built server: every request kind answers, without errors.
func TestLoadSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the evochess binary")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not on PATH")
	}
	bin := filepath.Join(t.TempDir(), "evochess")
	if out, err := exec.Command(goBin, "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	args := []string{"-bin", bin, "-students", "3", "-hold", "1s", "-depth", "1"}
	kinds := []string{"api", "sse-first-event", "submit", "submit-to-leaderboard", "game", "pgn"}
	if _, err := os.Stat("../site/index.html"); err != nil {
		args = append(args, "-skip-page") // the site is not built into this binary
	} else {
		kinds = append(kinds, "index", "static", "wasm", "games-data")
	}
	var out bytes.Buffer
	if err := run(args, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	s := out.String()
	for _, k := range kinds {
		if !strings.Contains(s, "\n"+k+" ") {
			t.Errorf("no %s line in\n%s", k, s)
		}
	}
	if !strings.Contains(s, "no errors") || !strings.Contains(s, "one source address each") {
		t.Errorf("report:\n%s", s)
	}
	if err := run([]string{"-students", "3"}, &out); err == nil {
		t.Error("neither -bin nor -url accepted")
	}
}
