package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/book"
)

const bookPGN = `[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 1-0

[Result "1/2-1/2"]

1. e4 c5 1/2-1/2

[Result "1-0"]

1. d4 d5 1-0
`

func TestBookCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "g.pgn")
	out := filepath.Join(dir, "b.bin")
	if err := os.WriteFile(in, []byte(bookPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, err := runCmd(t, "book", "-pgn", in, "-out", out, "-plies", "2", "-min-games", "1")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(stdout, "3 games") || !strings.Contains(stdout, "3 entries, 2 positions, 48 bytes") {
		t.Errorf("output:\n%s", stdout)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	b, err := book.Open(f)
	f.Close()
	// e4, d4, and c5 after e4; e5 and d5 only lost (weight 0: left out).
	if err != nil || b.Len() != 3 {
		t.Fatalf("book: %v, %d entries", err, b.Len())
	}
	stdout, _, err = runCmd(t, "book", "-probe", out)
	if err != nil {
		t.Fatal(err)
	}
	// e4: W + D = 3, d4: W = 2.
	if !strings.Contains(stdout, "key 463b96181691fc9c") || !strings.Contains(stdout, "e2e4   e4      weight     3   60.0%") ||
		!strings.Contains(stdout, "d2d4   d4      weight     2   40.0%") {
		t.Errorf("probe output:\n%s", stdout)
	}
	stdout, _, _ = runCmd(t, "book", "-probe", out, "-moves", "e2e4 e7e5")
	if !strings.Contains(stdout, "not in the book") {
		t.Errorf("probe after e4 e5 (ply 3 is out of a 2-ply book):\n%s", stdout)
	}
	// A file of no games says so rather than only "no position reached
	// the minimum".
	junk := filepath.Join(dir, "junk.pgn")
	if err := os.WriteFile(junk, []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCmd(t, "book", "-pgn", junk, "-out", out); err == nil ||
		!strings.Contains(err.Error(), "0 games read (1 unreadable or without result), -min-games 3") {
		t.Errorf("junk PGN: %v", err)
	}
	for _, args := range [][]string{
		{"book"},
		{"book", "-pgn", in},
		{"book", "-pgn", filepath.Join(dir, "missing.pgn"), "-out", out},
		{"book", "-pgn", in, "-out", out, "-plies", "0"},
		{"book", "-pgn", in, "-out", out, "-min-games", "9"},
		{"book", "-probe", in},
		{"book", "-probe", out, "-moves", "e2e5"},
		{"book", "-probe", out, "-fen", "bad"},
		{"book", "-probe", out, "-plies", "4"},         // a build's flag
		{"book", "-pgn", in, "-out", out, "-fen", "x"}, // a probe's flag
	} {
		if _, _, err := runCmd(t, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

func TestMatchBookOpenings(t *testing.T) {
	stdout, stderr, err := runCmd(t, "match", "-a", "preset:material", "-b", "preset:material", "-depth", "1", "-games", "4",
		"-book", "bundled", "-book-plies", "4", "-json")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if strings.Count(stdout, `"opening":"`) != 4 || strings.Count(strings.TrimSpace(stdout), "\n") != 0 {
		t.Errorf("output:\n%s", stdout)
	}
	if _, _, err := runCmd(t, "match", "-a", "preset:material", "-b", "preset:material", "-depth", "1", "-book", "bundled",
		"-openings", "x.epd"); err == nil {
		t.Error("-book with -openings accepted")
	}
}

// TestBookOutRefused: a -out that would overwrite the games being read
// (the -pgn file, however spelt), a folder, or a file in a missing folder
// is refused before the games are read, naming -out and why; the games
// are left as they were.
func TestBookOutRefused(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(in, []byte(bookPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, out, want string
	}{
		{"the -pgn file", in, "is the -pgn file"},
		{"the -pgn file spelt otherwise", filepath.Join(dir, "sub", "..", "g.pgn"), "is the -pgn file"},
		{"a folder", filepath.Join(dir, "sub"), "is a folder"},
		{"a missing folder", filepath.Join(dir, "missing", "b.bin"), "-out " + filepath.Join(dir, "missing", "b.bin")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := runCmd(t, "book", "-pgn", in, "-out", tc.out, "-plies", "2", "-min-games", "1")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("-out %s: %v, want %q", tc.out, err, tc.want)
			}
			if b, _ := os.ReadFile(in); string(b) != bookPGN {
				t.Fatalf("the games were overwritten: %q", b)
			}
		})
	}
	// A build that fails leaves an earlier book whole, and one that works
	// leaves no temporary file beside it.
	out := filepath.Join(dir, "b.bin")
	if _, _, err := runCmd(t, "book", "-pgn", in, "-out", out, "-plies", "2", "-min-games", "1"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCmd(t, "book", "-pgn", in, "-out", out, "-min-games", "9"); err == nil {
		t.Fatal("-min-games 9 of 3 games: no error")
	}
	if st, err := os.Stat(out); err != nil || st.Size() != 48 {
		t.Errorf("earlier book after a failed build: %v", err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(m) > 0 {
		t.Errorf("temporary files left: %v", m)
	}
}
