package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/shareddata"
)

// TestNodesToSolutionAgree: evochess bench -epd and evochess eval -epd
// report the same nodes to solution (search.SolutionTracker), per position
// and in total, for the same evaluation, search parameters and node cap.
func TestNodesToSolutionAgree(t *testing.T) {
	raw, err := os.ReadFile(shareddata.Path(t, "epd/wac.epd"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(raw), "\n")
	epd := filepath.Join(t.TempDir(), "wac8.epd")
	if err := os.WriteFile(epd, []byte(strings.Join(lines[:8], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	bench, _, err := runCmd(t, "bench", "-epd", epd, "-nodes", "20000", "-preset", "phoenix-default")
	if err != nil {
		t.Fatal(err)
	}
	ev, _, err := runCmd(t, "eval", "-epd", epd, "-nodes", "20000", "-preset", "phoenix-default")
	if err != nil {
		t.Fatal(err)
	}
	// Per position: bench "to-solution N" (or "-"), eval "nodes N" (the cap when unsolved).
	var bn, en []string
	for _, m := range regexp.MustCompile(`to-solution +(\S+)`).FindAllStringSubmatch(bench, -1) {
		if m[1] == "-" {
			m[1] = "20000"
		}
		bn = append(bn, m[1])
	}
	for _, m := range regexp.MustCompile(`(?m)^[+-] .* nodes (\d+)$`).FindAllStringSubmatch(ev, -1) {
		en = append(en, m[1])
	}
	if len(bn) != 8 || strings.Join(bn, " ") != strings.Join(en, " ") {
		t.Errorf("per position: bench %v, eval %v", bn, en)
	}
	bt := regexp.MustCompile(`nodes to solution (\d+)`).FindStringSubmatch(bench)
	et := regexp.MustCompile(`nodes to solution (\d+)`).FindStringSubmatch(ev)
	if bt == nil || et == nil || bt[1] != et[1] {
		t.Errorf("totals: bench %v, eval %v", bt, et)
	}
	if _, _, err := runCmd(t, "bench", "-epd", epd, "-nodes", "100", "-threads", "0"); err == nil {
		t.Error("-threads 0 accepted")
	}
}
