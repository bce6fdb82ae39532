package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// TestCLIRefusesBeforeWork: settings that would crash the process or lose
// a run at its end are refused at the start, each with a message that
// names the flag and why.
func TestCLIRefusesBeforeWork(t *testing.T) {
	dir := t.TempDir()
	same := filepath.Join(dir, "same.json")
	tune := []string{"tune", "-preset", "vazquez-ep", "-pgn", "../assets/data/gm_demo_1500.pgn", "-gens", "1", "-pop", "4"}
	cases := []struct {
		args []string
		want string
	}{
		// A table past the machine's memory is a runtime crash, not an error.
		{[]string{"bench", "-depth", "1", "-hash", "100000"}, "bench: -hash 100000 MiB outside [1, 4096]"},
		{[]string{"eval", "-preset", "material", "-epd", "x.epd", "-hash", "100000"}, "eval: -hash 100000 MiB outside [1, 4096]"},
		{[]string{"eval", "-preset", "material", "-epd", "x.epd", "-hash", "-1"}, "eval: -hash -1 MiB outside"},
		{[]string{"match", "-a", "preset:material", "-b", "preset:material", "-hash", "100000"}, "match: -hash 100000 MiB outside [1, 4096]"},
		{[]string{"uci", "-hash", "5000"}, "uci: -hash 5000 MiB outside [1, 4096]"},
		{[]string{"match", "-a", "preset:material", "-b", "preset:material", "-sprt", "0,5", "-alpha", "0"}, "-alpha 0 and -beta 0.05 must lie in (0, 1)"},
		// Outputs that would be lost after the run.
		{append(tune, "-out", filepath.Join(dir, "no", "such", "x.json")), "tune: -out " + filepath.Join(dir, "no", "such", "x.json") + ": folder"},
		{append(tune, "-out", same, "-checkpoint", same), "-out and -checkpoint name the same file"},
		{append(tune, "-out", same, "-log", same), "-out and -log name the same file"},
		{append(tune, "-out", same, "-log", filepath.Join(dir, "log.txt")), "want a .csv or .jsonl file"},
		{append(tune, "-out", dir), "tune: -out " + dir + " is a folder"},
		// Two flags for one setting.
		{append(tune, "-param", "pop=10"), "-pop 4 and -param pop=10 set the same thing to different values"},
		{append(tune, "-positions", "100", "-train", "50"), "-positions and -train both set the training positions"},
		{append(tune[:len(tune)-2:len(tune)-2], "-param", "mutation_b=2.5", "-param", "pop=4.5"), "parameter pop = 4.5: want a whole number"},
	}
	for _, c := range cases {
		_, _, err := runCmd(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v, want %q", c.args, err, c.want)
		}
	}
	// The checkpoint being resumed is not written over by the player.
	cp := filepath.Join(dir, "cp.json")
	if _, _, err := runCmd(t, append(tune, "-out", filepath.Join(dir, "p0.json"), "-checkpoint", cp, "-quiet")...); err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"-out", "-log"} {
		_, _, err := runCmd(t, "tune", "-resume", cp, "-checkpoint", filepath.Join(dir, "cp2.json"), flag, cp)
		if err == nil || !strings.Contains(err.Error(), flag+" "+cp+" is the checkpoint being resumed") {
			t.Errorf("-resume %s %s %s: %v", cp, flag, cp, err)
		}
	}
	// A log file's extension is read in any case.
	upper := filepath.Join(dir, "RUN.CSV")
	if _, _, err := runCmd(t, append(tune, "-out", filepath.Join(dir, "p.json"), "-log", upper, "-quiet")...); err != nil {
		t.Fatalf("-log RUN.CSV: %v", err)
	}
	if b, _ := os.ReadFile(upper); !bytes.HasPrefix(b, []byte("generation,")) {
		t.Errorf("RUN.CSV is not a CSV log: %.60q", b)
	}
}

// TestCLIStdinGames: -pgn - reads the games from standard input for tune
// (which opens them more than once) and book, as it does for eval.
func TestCLIStdinGames(t *testing.T) {
	dir := t.TempDir()
	run1 := func(stdin io.Reader, args ...string) (string, error) {
		var o, e bytes.Buffer
		err := run(args, stdin, &o, &e)
		return e.String(), err
	}
	full, err := os.ReadFile("../assets/data/gm_demo_1500.pgn")
	if err != nil {
		t.Fatal(err)
	}
	some := full[:bytes.Index(full[200_000:], []byte("\n[Event "))+200_001]
	out := filepath.Join(dir, "p.json")
	if stderr, err := run1(bytes.NewReader(some), "tune", "-preset", "vazquez-ep", "-pgn", "-", "-gens", "1", "-pop", "4", "-out", out); err != nil {
		t.Fatalf("tune -pgn -: %v\n%s", err, stderr)
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("tune -pgn - wrote no player: %v", err)
	}
	bin := filepath.Join(dir, "b.bin")
	if stderr, err := run1(bytes.NewReader(some), "book", "-pgn", "-", "-out", bin, "-min-games", "1"); err != nil {
		t.Fatalf("book -pgn -: %v\n%s", err, stderr)
	}
	if st, err := os.Stat(bin); err != nil || st.Size() == 0 {
		t.Errorf("book -pgn - wrote no book: %v", err)
	}
}

// TestCLISuiteLinesSkipped: a suite line with nothing to solve (dm only)
// is left out with a note by eval -epd and tune's nodes fitness, as bench
// -epd leaves it out, and tune names the lines it cannot read.
func TestCLISuiteLinesSkipped(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "s.epd")
	os.WriteFile(epd, []byte(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - dm 1; id "dm only";
8/8/8/8/8/8/8/8 w - - bm e4; id "no kings";
`), 0o644)
	out, stderr, err := runCmd(t, "eval", "-preset", "material", "-epd", epd, "-nodes", "2000")
	if err != nil || !strings.Contains(stderr, "line 2: no bm or am operation, skipped") || !strings.Contains(out, "/1 ") {
		t.Errorf("eval -epd: %v\nstdout %s\nstderr %s", err, out, stderr)
	}
	_, stderr, err = runCmd(t, "tune", "-preset", "david-search", "-epd", epd, "-node-cap", "500", "-pop", "2", "-gens", "1",
		"-out", filepath.Join(dir, "p.json"))
	if err != nil || !strings.Contains(stderr, "line 2: no bm or am operation, skipped") || !strings.Contains(stderr, "skipped: epd: line 3") ||
		!strings.Contains(stderr, "suite: 1 positions of") {
		t.Errorf("tune -epd: %v\n%s", err, stderr)
	}
}

// TestDataOpenerBundledFiles: the presets' opening and suite files come
// from the binary when the data folder has no such file; other names, and
// names outside those folders, are not looked up there.
func TestDataOpenerBundledFiles(t *testing.T) {
	site := fstest.MapFS{
		"data/openings/noob.epd": {Data: []byte("bundled openings\n")},
		"data/epd/ecm.epd":       {Data: []byte("bundled suite\n")},
		"data/secret.txt":        {Data: []byte("not a data file\n")},
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "epd"), 0o755)
	os.WriteFile(filepath.Join(dir, "epd", "ecm.epd"), []byte("on disk\n"), 0o644)
	open := dataOpenerFS(dir, site)
	read := func(name string) (string, error) {
		f, err := open(name)
		if err != nil {
			return "", err
		}
		defer f.Close()
		b, err := io.ReadAll(f)
		return string(b), err
	}
	for name, want := range map[string]string{"openings/noob.epd": "bundled openings\n", "epd/ecm.epd": "on disk\n"} {
		if got, err := read(name); err != nil || got != want {
			t.Errorf("%s: %q %v, want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"secret.txt", "openings/../secret.txt", "openings/none.epd"} {
		if _, err := read(name); err == nil || !strings.Contains(err.Error(), "-data-dir") {
			t.Errorf("%s: err %v, want not found with a hint of -data-dir", name, err)
		}
	}
}
