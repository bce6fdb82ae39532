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
	epd := wac8(t, t.TempDir())
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

// TestBenchResume: a suite run kept in a -resume file and cut after 3 of 8
// positions (with a torn fourth line) searches only the other 5 when run
// again and prints the same positions and totals as a run never stopped;
// a file of another run, or not a state file, is refused.
func TestBenchResume(t *testing.T) {
	dir := t.TempDir()
	epd := wac8(t, dir)
	args := []string{"bench", "-epd", epd, "-nodes", "5000", "-preset", "david-fig3"}
	// Everything but the timing line, and the ETAs.
	steady := func(out string) string {
		var keep []string
		for _, l := range strings.Split(out, "\n") {
			if !strings.Contains(l, "nps in") {
				l, _, _ = strings.Cut(l, "  eta ")
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	whole, _, err := runCmd(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(dir, "full.jsonl")
	withState, _, err := runCmd(t, append(args, "-resume", full)...)
	if err != nil {
		t.Fatal(err)
	}
	if steady(withState) != steady(whole) {
		t.Errorf("with -resume:\n%s\nwithout:\n%s", withState, whole)
	}
	part := cutState(t, full, filepath.Join(dir, "part.jsonl"))
	resumed, stderr, err := runCmd(t, append(args, "-resume", part)...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "3 of 8 positions kept") || strings.Count(resumed, "  eta ") != 4 {
		t.Errorf("resumed run: stderr %q, stdout %q", stderr, resumed)
	}
	if steady(resumed) != steady(whole) {
		t.Errorf("resumed:\n%s\nwhole:\n%s", resumed, whole)
	}
	// The node total covers the whole suite, the kept positions included.
	total := regexp.MustCompile(`(?m)^(\d+) nodes `)
	if w, r := total.FindStringSubmatch(whole), total.FindStringSubmatch(resumed); w == nil || r == nil || w[1] != r[1] || !strings.Contains(resumed, "kept from") {
		t.Errorf("node totals: whole %q, resumed %q", w, r)
	}
	noTime := regexp.MustCompile(`"time_ns":\d+`)
	if got, want := noTime.ReplaceAllString(readFile(t, part), ""), noTime.ReplaceAllString(readFile(t, full), ""); got != want {
		t.Errorf("resumed state file differs from the whole run's:\n%s\n%s", got, want)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append([]string{"bench", "-epd", epd, "-nodes", "6000", "-preset", "david-fig3"}, "-resume", full), "another suite run"},
		{append([]string{"bench", "-epd", epd, "-nodes", "5000", "-preset", "material"}, "-resume", full), "another suite run"},
		{append(args, "-resume", epd), "not an evochess bench state file"},
		{[]string{"bench", "-depth", "3", "-resume", full}, "need -epd"},
	} {
		if _, _, err := runCmd(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
	}
}

// TestEvalSuiteResume: `eval -epd -resume` cut after 3 of 8 positions (a
// torn fourth line) searches the other 5 and prints what the whole run
// prints, -json included; another run's file is refused.
func TestEvalSuiteResume(t *testing.T) {
	dir := t.TempDir()
	epd := wac8(t, dir)
	args := []string{"eval", "-epd", epd, "-nodes", "5000", "-preset", "david-fig3", "-json"}
	whole, _, err := runCmd(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(dir, "full.jsonl")
	if out, _, err := runCmd(t, append(args, "-resume", full)...); err != nil || out != whole {
		t.Fatalf("with -resume (%v):\n%s\nwithout:\n%s", err, out, whole)
	}
	part := cutState(t, full, filepath.Join(dir, "part.jsonl"))
	resumed, stderr, err := runCmd(t, append(args, "-resume", part)...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "3 of 8 positions kept") || resumed != whole {
		t.Errorf("resumed (stderr %q):\n%s\nwhole:\n%s", stderr, resumed, whole)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "-epd", epd, "-nodes", "6000", "-preset", "david-fig3", "-resume", full}, "another suite run"},
		{[]string{"eval", "-epd", epd, "-nodes", "5000", "-preset", "material", "-resume", full}, "another suite run"},
		{[]string{"eval", "-epd", epd, "-nodes", "5000", "-preset", "david-fig3", "-resume", epd}, "not an evochess eval suite state file"},
		{[]string{"eval", "-fen", "8/8/8/8/8/8/8/K6k w - - 0 1", "-trace", "-preset", "material", "-resume", full}, "-resume needs -epd"},
	} {
		if _, _, err := runCmd(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
	}
}

// wac8 writes the first 8 positions of the shared WAC suite into dir.
func wac8(t *testing.T, dir string) string {
	t.Helper()
	raw, err := os.ReadFile(shareddata.Path(t, "epd/wac.epd"))
	if err != nil {
		t.Fatal(err)
	}
	epd := filepath.Join(dir, "wac8.epd")
	if err := os.WriteFile(epd, []byte(strings.Join(strings.SplitAfter(string(raw), "\n")[:8], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	return epd
}

// cutState writes to part the first 3 positions of an 8-position state
// file and half of the fourth line (a run killed while writing it).
func cutState(t *testing.T, full, part string) string {
	t.Helper()
	lines := strings.SplitAfter(readFile(t, full), "\n")
	if len(lines) != 10 || lines[9] != "" { // header, 8 positions, ""
		t.Fatalf("state file has %d lines", len(lines))
	}
	if err := os.WriteFile(part, []byte(strings.Join(lines[:4], "")+lines[4][:len(lines[4])/2]), 0o644); err != nil {
		t.Fatal(err)
	}
	return part
}
