package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// TestCalibrateResumeMidMatch: a calibration interrupted (SIGINT) in the
// middle of a match keeps that match's finished games beside -state, and
// the same command run again plays only the rest of that match (its
// progress starts after the kept games), then the other matches; at the
// end the match files are gone and every match holds its games, each
// written to -pgn once.
func TestCalibrateResumeMidMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds evochess and plays 8 games against stockfish")
	}
	if _, err := os.Stat("/usr/games/stockfish"); err != nil {
		t.Skip("stockfish not installed")
	}
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	state, pgnPath := filepath.Join(dir, "s.json"), filepath.Join(dir, "c.pgn")
	args := []string{"calibrate", "-skills", "0.5,1", "-games", "4", "-movetime", "20", "-full=false", "-concurrency", "1",
		"-state", state, "-pgn", pgnPath}

	// First run: interrupted once the first game of the first match is in.
	cmd := exec.Command(bin, args...)
	var out bytes.Buffer
	cmd.Stdout = &out
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var firstRun strings.Builder
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		firstRun.WriteString(sc.Text() + "\n")
		if strings.Contains(sc.Text(), "(match 1): game 1/2") {
			_ = cmd.Process.Signal(os.Interrupt)
			break
		}
	}
	rest, _ := io.ReadAll(stderr)
	firstRun.Write(rest)
	if err := cmd.Wait(); err == nil {
		t.Fatalf("the interrupted calibration exited 0:\n%s", firstRun.String())
	}
	partials, _ := filepath.Glob(state + ".*-match1.jsonl")
	if len(partials) != 1 || !strings.Contains(firstRun.String(), "the finished games are kept in "+partials[0]) {
		t.Fatalf("match files %v after the interrupt:\n%s", partials, firstRun.String())
	}

	// Second run: the kept game is not played again.
	cmd = exec.Command(bin, args...)
	var errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("resumed calibration: %v\n%s", err, errOut.String())
	}
	second := errOut.String()
	replayed := regexp.MustCompile(`skill 1\.000 vs [^\n]*\(match 1\): game 1/2`)
	if !strings.Contains(second, "1 finished games kept in "+partials[0]) || replayed.MatchString(second) ||
		!regexp.MustCompile(`skill 1\.000 vs [^\n]*\(match 1\): game 2/2`).MatchString(second) {
		t.Errorf("the resumed run did not go on from the kept game:\n%s", second)
	}
	if left, _ := filepath.Glob(state + ".*.jsonl"); len(left) != 0 {
		t.Errorf("match files left at the end: %v", left)
	}
	var st []calStage
	data, _ := os.ReadFile(state)
	if err := json.Unmarshal(data, &st); err != nil || len(st) != 4 {
		t.Fatalf("state: %v, %d matches", err, len(st))
	}
	for _, s := range st {
		if s.score().Games() != 2 {
			t.Errorf("match %+v: want 2 games", s)
		}
	}
	pgnText, _ := os.ReadFile(pgnPath)
	if n := strings.Count(string(pgnText), "[Event "); n != 8 {
		t.Errorf("-pgn holds %d games, want 8 (each once)", n)
	}
}

// TestCalibrateStateSettings: a -state file is only taken by a calibration
// with the settings its matches were played under; one of another player,
// games, time per move, seed or skills (or of an evochess that did not
// record them) is refused before any game, naming the file and both
// settings. With the same settings, a complete state plays no game.
func TestCalibrateStateSettings(t *testing.T) {
	dir := t.TempDir()
	sf := fakeStockfish(t, dir)
	settings := calSettings("preset:phoenix-default", 4, 20, 1, false, sf, []*calLevel{{skill: 1}, {skill: 0}})
	var stages []calStage
	for _, skill := range []float64{1, 0} {
		for stage := 1; stage <= 2; stage++ {
			stages = append(stages, calStage{Skill: skill, Stage: stage, Opponent: "stockfish 1900", Anchor: 1900,
				Wins: 1, Draws: 0, Losses: 1, Settings: settings})
		}
	}
	write := func(name string, st []calStage) string {
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	state := write("s.json", stages)
	legacy := make([]calStage, len(stages))
	copy(legacy, stages)
	for i := range legacy {
		legacy[i].Settings = ""
	}
	old := write("old.json", legacy)
	base := []string{"calibrate", "-stockfish", sf, "-skills", "0,1", "-games", "4", "-movetime", "20", "-full=false"}
	for _, tc := range []struct {
		name  string
		args  []string
		state string
		want  string // "" = no error
	}{
		{"same settings", nil, state, ""},
		{"other games", []string{"-games", "6"}, state, "is of another calibration"},
		{"other movetime", []string{"-movetime", "30"}, state, "is of another calibration"},
		{"other player", []string{"-player", "preset:david-fig3"}, state, "is of another calibration"},
		{"other seed", []string{"-seed", "2"}, state, "is of another calibration"},
		{"other skills", []string{"-skills", "0,0.5,1"}, state, "is of another calibration"},
		{"full strength too", []string{"-full=true"}, state, "is of another calibration"},
		{"no settings recorded", nil, old, "older evochess"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append(append([]string{}, base...), tc.args...), "-state", tc.state)
			out, errOut, err := runCmd(t, args...)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("%v\n%s", err, errOut)
			case tc.want == "" && (strings.Contains(errOut, "game 1/") || !strings.Contains(out, "| skill 0.000 |")):
				t.Fatalf("played games or no table:\n%s\n%s", out, errOut)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.state)):
				t.Fatalf("%v, want %q naming %s", err, tc.want, tc.state)
			}
		})
	}
}

// TestCalibrateOutputsChecked: outputs that could not be written — a file
// in a missing folder, a folder, two flags naming one file — are refused
// before the first game, naming the flag, instead of failing after hours
// of games.
func TestCalibrateOutputsChecked(t *testing.T) {
	dir := t.TempDir()
	sf := fakeStockfish(t, dir)
	missing := filepath.Join(dir, "missing", "c.md")
	same := filepath.Join(dir, "c.out")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-md", missing}, "-md " + missing},
		{[]string{"-go", filepath.Join(dir, "missing", "c.go")}, "-go "},
		{[]string{"-state", filepath.Join(dir, "missing", "s.json")}, "-state "},
		{[]string{"-pgn", filepath.Join(dir, "missing", "c.pgn")}, "-pgn "},
		{[]string{"-md", dir}, "is a folder"},
		{[]string{"-md", same, "-go", same}, "-md and -go name the same file"},
		{[]string{"-state", same, "-pgn", same}, "-state and -pgn name the same file"},
	} {
		args := append([]string{"calibrate", "-stockfish", sf, "-skills", "0,1", "-games", "2", "-movetime", "10"}, tc.args...)
		if _, _, err := runCmd(t, args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

// fakeStockfish returns a file that passes calibrate's -stockfish check
// but is no engine: a test that reached a game would fail.
func fakeStockfish(t *testing.T, dir string) string {
	sf := filepath.Join(dir, "not-stockfish")
	if err := os.WriteFile(sf, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return sf
}
