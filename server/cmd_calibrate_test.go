package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCalibrateErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-games", "3"}, "even"},
		{[]string{"-movetime", "0"}, "movetime"},
		{[]string{"-concurrency", "-1"}, "-concurrency -1"},
		{[]string{"-skills", "0.5"}, "at least two"},
		{[]string{"-skills", "0.5,2"}, "in [0, 1]"},
		{[]string{"-player", "preset:nope", "-skills", "0,1"}, "unknown preset"},
		{[]string{"-stockfish", "/nonexistent/sf", "-skills", "0,1"}, "stockfish"},
		{[]string{"extra"}, "unexpected"},
	} {
		if _, _, err := runCmd(t, append([]string{"calibrate"}, tc.args...)...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestCalibrateStockfish runs a tiny calibration against real stockfish:
// two levels, two games each per match at 20 ms per move. It checks the
// outputs (Markdown, Go table, state file) and that a rerun with the state
// file plays no game.
func TestCalibrateStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 8 games against stockfish")
	}
	if _, err := os.Stat("/usr/games/stockfish"); err != nil {
		t.Skip("stockfish not installed")
	}
	dir := t.TempDir()
	state, md, gofile := filepath.Join(dir, "s.json"), filepath.Join(dir, "c.md"), filepath.Join(dir, "c.go")
	args := []string{"calibrate", "-skills", "0.2,1", "-games", "4", "-movetime", "20", "-full=false", "-concurrency", "2",
		"-state", state, "-md", md, "-go", gofile}
	out, errOut, err := runCmd(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	if !strings.Contains(out, "| skill 1.000 | 131072 |") || !strings.Contains(out, "| skill 0.200 |") {
		t.Errorf("table:\n%s", out)
	}
	src, err := os.ReadFile(gofile)
	if err != nil || !strings.Contains(string(src), "var calibration = []calPoint{\n\t{0.200, ") || !strings.Contains(string(src), "DO NOT EDIT") {
		t.Errorf("Go table: %v\n%s", err, src)
	}
	var st []calStage
	data, _ := os.ReadFile(state)
	if err := json.Unmarshal(data, &st); err != nil || len(st) != 4 {
		t.Fatalf("state: %v, %d matches", err, len(st))
	}
	// The strongest level starts against a stockfish anchor.
	if st[0].Skill != 1 || !strings.HasPrefix(st[0].Opponent, "stockfish ") || st[0].Wins+st[0].Draws+st[0].Losses != 2 {
		t.Errorf("first match %+v", st[0])
	}
	_, errOut, err = runCmd(t, args...)
	if err != nil || strings.Contains(errOut, "game 1/") {
		t.Errorf("resumed run played games or failed: %v\n%s", err, errOut)
	}
}
