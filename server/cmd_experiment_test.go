package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/shareddata"
	"github.com/evochess/evochess/tuner/experiment"
)

// TestExperimentMatchesFlag: -matches records the Elo matches of a run in
// the file, a second run with it plays none, and a file that is not a match
// log is refused with its name and line.
func TestExperimentMatchesFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	data := filepath.Dir(filepath.Dir(shareddata.Path(t, "pgn/gm_demo_1500.pgn")))
	dir := t.TempDir()
	log := filepath.Join(dir, "m.jsonl")
	args := []string{"experiment", "-runs", "1", "-gens", "2", "-games", "2", "-nodes", "300", "-strongest", "david-fig3",
		"-pgn", "pgn/gm_demo_1500.pgn", "-data-dir", data, "-out-dir", dir, "-matches", log, "david"}
	if _, stderr, err := runCmd(t, args...); err != nil || strings.Count(stderr, "games: 2 of 2") != 2 {
		t.Fatalf("first run: %v\n%s", err, stderr)
	}
	// Two matches, and the games of each as they finished.
	b, err := os.ReadFile(log)
	if err != nil || strings.Count(string(b), `"finished"`) != 2 || strings.Count(string(b), `"game"`) != 4 {
		t.Fatalf("match log after the first run (%v):\n%s", err, b)
	}
	report, _ := os.ReadFile(filepath.Join(dir, "david.md"))
	_, stderr, err := runCmd(t, args...)
	if err != nil || strings.Contains(stderr, "games: ") || !strings.Contains(stderr, "2 matches recorded") {
		t.Fatalf("second run: %v\n%s", err, stderr)
	}
	// Opened again, the log was rewritten without the finished matches' games.
	if b, err = os.ReadFile(log); err != nil || strings.Count(string(b), "\n") != 2 || strings.Contains(string(b), `"game"`) {
		t.Fatalf("match log after the second run (%v):\n%s", err, b)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, "david.md")); string(again) != string(report) {
		t.Fatalf("second report differs:\n%s\nwant\n%s", again, report)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args[len(args)-2] = bad
	if _, _, err := runCmd(t, args...); err == nil || !strings.Contains(err.Error(), "bad.jsonl: line 1") {
		t.Fatalf("bad match log: %v", err)
	}
}

// TestExperimentProgressETA: a match's progress lines (every 20 games) end
// with the time the games left will take at this sitting's pace.
func TestExperimentProgressETA(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	data := filepath.Dir(filepath.Dir(shareddata.Path(t, "pgn/gm_demo_1500.pgn")))
	dir := t.TempDir()
	_, stderr, err := runCmd(t, "experiment", "-runs", "1", "-gens", "2", "-games", "22", "-nodes", "300",
		"-strongest", "david-fig3", "-pgn", "pgn/gm_demo_1500.pgn", "-data-dir", data, "-out-dir", dir, "david")
	if err != nil || strings.Count(stderr, "games: 20 of 22, ETA ") != 2 || strings.Count(stderr, "games: 22 of 22\n") != 2 {
		t.Fatalf("%v\n%s", err, stderr)
	}
}

// TestMatchLogFileReplaced: the match log's file notices when the path it
// appends to was replaced (as git checkout or stash do) or removed, and is
// written afresh there instead of losing later records in the old file.
func TestMatchLogFileReplaced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.jsonl")
	_, c, err := openMatchLog(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	lf := c.(*logFile)
	if _, err := lf.Write([]byte("a\n")); err != nil || lf.Lost() {
		t.Fatalf("fresh file: %v, lost %v", err, lf.Lost())
	}
	for _, replace := range []func() error{
		func() error { return writeFileAtomic(path, []byte("old\n")) },
		func() error { return os.Remove(path) },
	} {
		if err := replace(); err != nil {
			t.Fatal(err)
		}
		if !lf.Lost() {
			t.Fatal("replaced file not noticed")
		}
		if err := lf.Restart(func(w io.Writer) error { _, err := io.WriteString(w, "all\n"); return err }); err != nil {
			t.Fatal(err)
		}
		if _, err := lf.Write([]byte("b\n")); err != nil || lf.Lost() {
			t.Fatalf("after restart: %v, lost %v", err, lf.Lost())
		}
		if b, _ := os.ReadFile(path); string(b) != "all\nb\n" {
			t.Fatalf("file holds %q", b)
		}
	}
}

// TestExperimentFlagErrors: out-of-range flags are refused, naming the
// flag, before any work starts.
func TestExperimentFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-runs", "-1"}, "-runs -1"},
		{[]string{"-gens", "-5"}, "-gens -5"},
		{[]string{"-nodes", "-2"}, "-nodes -2"},
		{[]string{"-games", "-1"}, "-games -1"},
		{[]string{"-movetime", "-3"}, "-movetime -3"},
		{[]string{"-suite-positions", "-1"}, "-suite-positions -1"},
		{[]string{"-node-cap", "-1"}, "-node-cap -1"},
		{[]string{"-concurrency", "-1"}, "-concurrency -1"},
		{[]string{"-node-cap", "5000", "-suite-positions", "10"}, "-node-cap, -suite-positions do nothing in a run of presets"},
		{[]string{"-games", "3"}, "-games 3: games are played in pairs"},
		{[]string{"-movetime", "1500us"}, "-movetime 1.5ms: want whole milliseconds"},
		{[]string{"-seed", "0"}, "-seed 0: seeds start at 1"},
		// Flags that none of the named experiments uses.
		{[]string{"-runs", "2"}, "-runs does nothing in a run of presets"},
		{[]string{"-gens", "2"}, "-gens does nothing in a run of presets"},
		{[]string{"-pgn", "pgn/x.pgn"}, "-pgn does nothing in a run of presets"},
		{[]string{"-workers", "2"}, "-workers does nothing in a run of presets"},
		{[]string{"-strongest", "david-fig3"}, "-strongest does nothing in a run of presets"},
		{[]string{"-games", "4", "david-search"}, "-games does nothing in a run of david-search"},
		{[]string{"-matches", filepath.Join(t.TempDir(), "m.jsonl"), "-movetime", "100", "david-search"}, "-matches, -movetime do nothing in a run of david-search"},
		{[]string{"-runs", "2", "phoenix", "hybrids"}, "-runs does nothing in a run of phoenix, hybrids"},
	} {
		args := append([]string{"experiment", "-out-dir", t.TempDir(), "-data-dir", t.TempDir()}, tc.args...)
		if !slices.ContainsFunc(tc.args, func(a string) bool { return slices.Contains(experiment.Names(), a) }) {
			args = append(args, "presets")
		}
		_, _, err := runCmd(t, args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v", tc.args, err)
		}
	}
}

// TestExperimentFlagsUsed: a flag is taken when one of the named
// experiments uses it (the run then fails on an -out-dir below a file,
// past the flag checks and before any work).
func TestExperimentFlagsUsed(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
	}{
		{[]string{"-runs", "2", "presets", "david"}},
		{[]string{"-suite-positions", "5", "-games", "4", "-strongest", "david-fig3", "david-search", "phoenix"}},
		{[]string{"-gens", "2", "-workers", "1", "david-search"}},
		{[]string{"-matches", filepath.Join(t.TempDir(), "m.jsonl"), "presets"}},
		{[]string{"-runs", "2", "-node-cap", "100", "all"}},
	} {
		args := append([]string{"experiment", "-quiet", "-out-dir", filepath.Join(file, "out"), "-data-dir", t.TempDir()}, tc.args...)
		_, _, err := runCmd(t, args...)
		if err == nil || !strings.Contains(err.Error(), "not a directory") {
			t.Errorf("%v: error %v, want one past the flag checks", tc.args, err)
		}
	}
}
