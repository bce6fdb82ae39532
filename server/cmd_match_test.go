package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/tuner/arena"
)

func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	// A player file: the material preset under another name.
	p, err := player.FromPreset("material")
	if err != nil {
		t.Fatal(err)
	}
	p.Name = "filed"
	pf := filepath.Join(dir, "filed.json")
	f, err := os.Create(pf)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	book := filepath.Join(dir, "book.epd")
	if err := os.WriteFile(book, []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pgnPath := filepath.Join(dir, "out.pgn")
	var stdout, stderr bytes.Buffer
	err = run([]string{"match", "-a", "preset:david-fig3", "-b", pf, "-p", "preset:material", "-games", "2", "-depth", "1",
		"-openings", book, "-pgn", pgnPath, "-concurrency", "2", "-json"}, strings.NewReader(""), &stdout, &stderr)
	if err != nil {
		t.Fatalf("match: %v\n%s", err, stderr.String())
	}
	var out matchJSON
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("JSON output: %v\n%s", err, stdout.String())
	}
	if len(out.Players) != 3 || len(out.Games) != 6 || len(out.Pairs) != 3 {
		t.Fatalf("%d players, %d games, %d pairs; want 3, 6, 3", len(out.Players), len(out.Games), len(out.Pairs))
	}
	if out.Players[1].Name != "filed" {
		t.Errorf("player 2 named %q, want the file's name", out.Players[1].Name)
	}
	n := 0
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.HasPrefix(l, "game ") {
			n++
		}
	}
	if n != 6 {
		t.Errorf("%d progress lines on stderr, want 6:\n%s", n, stderr.String())
	}
	data, err := os.ReadFile(pgnPath)
	if err != nil {
		t.Fatal(err)
	}
	r := pgn.NewReader(bytes.NewReader(data))
	for i := 0; i < 6; i++ {
		g, err := r.Next()
		if err != nil {
			t.Fatalf("PGN game %d: %v", i+1, err)
		}
		if g.Tag("SetUp") != "1" || g.Result == "*" {
			t.Errorf("PGN game %d: SetUp %q result %q", i+1, g.Tag("SetUp"), g.Result)
		}
	}

	// Two players, text table.
	stdout.Reset()
	stderr.Reset()
	if err := run([]string{"match", "-a", "preset:david-fig3", "-b", "preset:material", "-games", "2", "-nodes", "300"},
		strings.NewReader(""), &stdout, &stderr); err != nil {
		t.Fatalf("match: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "david-fig3 vs material: 2 games") || !strings.Contains(stdout.String(), "Elo difference: ") {
		t.Errorf("unexpected output:\n%s", stdout.String())
	}

	// -movetime reads a duration as well as milliseconds (bench and eval
	// always took "1s"; -time-margin too: flag_time_test.go).
	stdout.Reset()
	stderr.Reset()
	if err := run([]string{"match", "-a", "preset:david-fig3", "-b", "preset:material", "-games", "2", "-movetime", "5ms"},
		strings.NewReader(""), &stdout, &stderr); err != nil {
		t.Fatalf("match -movetime 5ms: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "david-fig3 vs material: 2 games") {
		t.Errorf("match -movetime 5ms: unexpected output:\n%s", stdout.String())
	}
}

func TestMatchCommandErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-a", "preset:material"}, "at least two players"},
		{[]string{"-a", "preset:material", "-b", "preset:material"}, "give -depth"},
		{[]string{"-a", "preset:nonsense", "-b", "preset:material", "-depth", "1"}, "unknown preset"},
		{[]string{"-a", "uci:", "-b", "preset:material", "-depth", "1"}, "empty engine path"},
		{[]string{"-a", "uci: ,Hash=1", "-b", "preset:material", "-depth", "1"}, "empty engine path"},
		{[]string{"-a", "uci:/bin/x,Hash", "-b", "preset:material", "-depth", "1"}, "not Name=Value"},
		{[]string{"-a", "/nonexistent.json", "-b", "preset:material", "-depth", "1"}, "nonexistent"},
		{[]string{"-a", "material", "-b", "preset:material", "-depth", "1"}, "for the preset write preset:material"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-concurrency", "-1"}, "-concurrency -1"},
		{[]string{"-a", "preset:material,search=nonsense", "-b", "preset:material", "-depth", "1"}, "unknown search preset"},
		{[]string{"-a", "preset:material,color=white", "-b", "preset:material", "-depth", "1"}, "search=PRESET"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-tc", "x"}, "-tc"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-games", "0"}, "-games"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "-1"}, "negative"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-openings", "/nonexistent.epd"}, "nonexistent"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "stray"}, "unexpected arguments"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-sprt", "5"}, "elo0,elo1"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-sprt", "5,0"}, "below elo1"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-sprt", "0,5", "-sprt-model", "x"}, "model"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-sprt", "0,5", "-alpha", "2"}, "alpha"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-p", "preset:material", "-depth", "1", "-sprt", "0,5"}, "exactly two"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-alpha", "0.1", "-beta", "0.1"}, "-alpha, -beta only with -sprt"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-book-plies", "4"}, "-book-plies only with -book"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-movetime", "10", "-ponder"}, "only UCI engines"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-movetime", "fast"}, `invalid value "fast" for flag -movetime: want a time such as 100ms`},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-movetime", "-1s"}, "must not be negative"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-tc", "10+0.1", "-time-margin", "1.5ms"}, "-time-margin 1.5ms: want whole milliseconds"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-movetime", "10ms", "-time-margin", "20"}, "-time-margin does nothing without -tc"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-resign-moves", "3"}, "-resign-moves: resign adjudication needs both"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-resign-score", "600", "-resign-moves", "0"}, "-resign-score, -resign-moves: resign adjudication needs both"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-draw-score", "5", "-draw-after", "30"}, "-draw-score, -draw-after: draw adjudication is off"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-resign", "movecount=3"}, "missing score"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-resign", "moves=3,score=1"}, "not one of"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-draw", "movecount=x,score=1"}, "non-negative"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		err := run(append([]string{"match"}, tc.args...), strings.NewReader(""), &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestMatchSPRT: a much stronger player against a weaker one stops early
// with H1 accepted; the text report prints the pentanomial line and the
// SPRT verdict, the JSON carries them.
func TestMatchSPRT(t *testing.T) {
	args := []string{"match", "-a", "preset:phoenix-default", "-b", "preset:material", "-nodes", "800", "-sprt", "0,50",
		"-games", "200", "-concurrency", "2", "-resign", "movecount=3,score=600", "-draw", "movenumber=40,movecount=8,score=10"}
	out, errOut, err := runCmd(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	for _, want := range []string{"Pairs: ", "pentanomial [LL LD DD+WL WD WW] = [", "Pentanomial Elo: ", "nElo ",
		"SPRT [0, 50] normalized, alpha 0.05, beta 0.05: LLR ", "H1 accepted"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, " LLR ") || strings.Contains(out, ": 200 games") {
		t.Errorf("SPRT did not stop early:\n%s", out)
	}
	out, _, err = runCmd(t, append(args, "-json")...)
	if err != nil {
		t.Fatal(err)
	}
	var res matchJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.SPRT == nil || res.SPRT.Decision != "H1" || res.SPRT.Pairs*2 != len(res.Games) || len(res.Pairs) != 1 {
		t.Fatalf("JSON: %+v", res.SPRT)
	}
	p := res.Pairs[0]
	if sum := p.Pentanomial[0] + p.Pentanomial[1] + p.Pentanomial[2] + p.Pentanomial[3] + p.Pentanomial[4]; sum != res.SPRT.Pairs {
		t.Errorf("pentanomial %v sums to %d, want %d pairs", p.Pentanomial, sum, res.SPRT.Pairs)
	}
}

func TestParseAdjudication(t *testing.T) {
	var a arena.Adjudication
	if err := parseAdjudication("movecount=3,score=400", "movenumber=40,movecount=8,score=10", &a); err != nil {
		t.Fatal(err)
	}
	want := arena.Adjudication{ResignMoves: 3, ResignScore: 400, DrawAfter: 40, DrawMoves: 8, DrawScore: 10}
	if a != want {
		t.Errorf("got %+v, want %+v", a, want)
	}
	var b arena.Adjudication
	if err := parseAdjudication("", "movecount=8,score=10", &b); err != nil || b != (arena.Adjudication{DrawMoves: 8, DrawScore: 10}) {
		t.Errorf("draw without movenumber: %+v %v", b, err)
	}
}

// TestMatchSearchOption: ",search=PRESET" gives an in-process player a
// search preset instead of its own parameters, named in the results.
func TestMatchSearchOption(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run([]string{"match", "-a", "preset:material,search=plain", "-b", "preset:material,search=classic", "-games", "2", "-depth", "2"},
		strings.NewReader(""), &stdout, &stderr)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	for _, want := range []string{"material (plain search)", "material (classic search)"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
}

// TestMatchResume: a match whose -resume file holds some of its games (as
// a stopped one leaves it, with a last line cut short) plays only the rest
// and ends with the same games and PGN as a match never stopped; a file of
// another match, or not a state file, is refused.
func TestMatchResume(t *testing.T) {
	dir := t.TempDir()
	base := []string{"match", "-a", "preset:material", "-b", "preset:david-fig3", "-depth", "2", "-games", "8", "-concurrency", "2"}
	full := filepath.Join(dir, "full.jsonl")
	var out bytes.Buffer
	if err := run(append(base, "-resume", full, "-pgn", filepath.Join(dir, "full.pgn")), strings.NewReader(""), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(readFile(t, full), "\n")
	if len(lines) != 10 || lines[9] != "" { // header, 8 games, ""
		t.Fatalf("state file has %d lines", len(lines))
	}
	part := filepath.Join(dir, "part.jsonl")
	torn := lines[4][:len(lines[4])/2]
	if err := os.WriteFile(part, []byte(strings.Join(lines[:4], "")+torn), 0o644); err != nil {
		t.Fatal(err)
	}
	var out2, errb bytes.Buffer
	if err := run(append(base, "-resume", part, "-pgn", filepath.Join(dir, "part.pgn")), strings.NewReader(""), &out2, &errb); err != nil {
		t.Fatal(err)
	}
	played := 0
	for _, l := range strings.Split(out2.String(), "\n") {
		if strings.HasPrefix(l, "game ") {
			played++
		}
	}
	if !strings.Contains(errb.String(), "3 finished games kept") || played != 5 {
		t.Errorf("resumed run: stderr %q, stdout %q", errb.String(), out2.String())
	}
	noDate := func(s string) string {
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.HasPrefix(l, "[Date ") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if noDate(readFile(t, filepath.Join(dir, "full.pgn"))) != noDate(readFile(t, filepath.Join(dir, "part.pgn"))) {
		t.Error("the resumed match's PGN differs from the whole match's")
	}
	if got := strings.Count(readFile(t, part), "\n"); got != 9 {
		t.Errorf("resumed state file has %d lines, want 9", got)
	}
	if tail := lastLine(out.String()); tail != lastLine(out2.String()) {
		t.Errorf("results differ: %q vs %q", tail, lastLine(out2.String()))
	}
	other := append([]string{}, base...)
	other[6] = "3" // -depth 3: another match
	if err := run(append(other, "-resume", full), strings.NewReader(""), io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "another match") {
		t.Errorf("another match's file: error %v", err)
	}
	pgnFile := filepath.Join(dir, "full.pgn")
	if err := run(append(base, "-resume", pgnFile), strings.NewReader(""), io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "not an evochess match state file") {
		t.Errorf("a PGN as state file: error %v", err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMatchKeyEngineBinary: a UCI engine's key covers its binary, found on
// the PATH or by path, so a rebuilt engine under the same command line is
// another match; the options after the command line are part of the spec.
func TestMatchKeyEngineBinary(t *testing.T) {
	dir := t.TempDir()
	eng := filepath.Join(dir, "engine")
	write := func(s string) {
		if err := os.WriteFile(eng, []byte(s), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	key := func(spec string) string {
		k, err := matchKey([]string{spec, "preset:material"}, 3)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	write("#!/bin/sh\necho one\n")
	k1, byPath := key("uci:"+eng+" -x,Hash=16"), key("uci:engine -x,Hash=16")
	t.Setenv("PATH", dir)
	onPath := key("uci:engine -x,Hash=16")
	write("#!/bin/sh\necho two\n")
	if k2 := key("uci:" + eng + " -x,Hash=16"); k2 == k1 {
		t.Error("a changed engine binary keeps the key")
	}
	if key("uci:engine -x,Hash=16") == onPath {
		t.Error("a changed engine binary on the PATH keeps the key")
	}
	if key("uci:engine -x,Hash=16") == byPath {
		t.Error("an engine found on the PATH has the key of one not found")
	}
	if key("uci:"+eng+" -x,Hash=32") == key("uci:"+eng+" -x,Hash=16") {
		t.Error("other options keep the key")
	}
}
