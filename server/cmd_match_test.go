package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/player"
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
		{[]string{"-a", "preset:material", "-b", "preset:material", "-tc", "x"}, "-tc"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-games", "0"}, "-games"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "-1"}, "negative"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "-openings", "/nonexistent.epd"}, "nonexistent"},
		{[]string{"-a", "preset:material", "-b", "preset:material", "-depth", "1", "stray"}, "unexpected arguments"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		err := run(append([]string{"match"}, tc.args...), strings.NewReader(""), &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v, want %q", tc.args, err, tc.want)
		}
	}
}
