package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/shareddata"
)

// runCmd runs one evochess command line in-process.
func runCmd(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var o, e bytes.Buffer
	err = run(args, strings.NewReader(""), &o, &e)
	return o.String(), e.String(), err
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestPerftCommand(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-depth", "3"}, "8902"},
		{[]string{"perft", "-depth", "2", "-fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}, "2039"},
		{[]string{"perft", "-depth", "2", "-full", "-fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}, "191"},
		{[]string{"perft", "-depth", "2", "-divide"}, "400"},
	}
	for _, c := range cases {
		out, _, err := runCmd(t, c.args...)
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if got := lastLine(out); got != c.want {
			t.Errorf("%v: last line %q, want %q", c.args, got, c.want)
		}
	}
	// A FEN with a castling right its rook does not back is repaired (the
	// right would otherwise generate castling without a rook), with a note.
	out, errOut, err := runCmd(t, "perft", "-depth", "2", "-fen", "4k3/8/8/8/8/8/4P3/4K3 w KQkq - 0 1")
	if err != nil || lastLine(out) != "30" || !strings.Contains(errOut, `'K' dropped`) || !strings.Contains(errOut, "repaired: 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1") {
		t.Errorf("repaired FEN: %q %q %v", out, errOut, err)
	}
	out, _, _ = runCmd(t, "perft", "-depth", "1", "-divide")
	if !strings.Contains(out, "e2e4: 1") || strings.Count(out, "\n") != 21 {
		t.Errorf("divide output:\n%s", out)
	}
}

func TestPerftCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "-depth", "0"},
		{"perft", "-depth", "3", "-fen", "not a fen"},
		{"perft", "-depth", "3", "-fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"},
		{"perft", "-depth", "x"},
		{"nosuchcommand"},
	} {
		if _, _, err := runCmd(t, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

func TestBenchCommand(t *testing.T) {
	out, _, err := runCmd(t, "bench", "-depth", "3")
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(lastLine(out))
	if len(f) != 4 || f[1] != "nodes" || f[3] != "nps" || f[0] == "0" {
		t.Fatalf("last line %q, want '<nodes> nodes <nps> nps'", lastLine(out))
	}
	// Fixed depth is deterministic: the node count is a signature.
	out2, _, err := runCmd(t, "bench", "-depth", "3")
	if err != nil {
		t.Fatal(err)
	}
	if f2 := strings.Fields(lastLine(out2)); f2[0] != f[0] {
		t.Errorf("bench node count differs between runs: %s vs %s", f[0], f2[0])
	}
}

func TestEvalCommand(t *testing.T) {
	pgnPath := shareddata.Path(t, "pgn/gm_demo_1500.pgn")
	out, _, err := runCmd(t, "eval", "-preset", "david-fig3", "-pgn", pgnPath, "-protocol", "david", "-seed", "1", "-positions", "200", "-json")
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		GamesRead    int     `json:"games_read"`
		GamesSkipped int     `json:"games_skipped"`
		Positions    int     `json:"positions"`
		Matched      int     `json:"matched"`
		Rate         float64 `json:"rate"`
	}
	if err := json.Unmarshal([]byte(lastLine(out)), &r); err != nil {
		t.Fatalf("last line is not JSON: %v\n%s", err, out)
	}
	if r.GamesRead != 1500 || r.GamesSkipped != 0 || r.Positions == 0 || r.Matched <= 0 || r.Matched > r.Positions ||
		r.Rate != float64(r.Matched)/float64(r.Positions) {
		t.Errorf("eval result %+v", r)
	}

	epd := shareddata.Path(t, "epd/bratko_kopec.epd")
	out, _, err = runCmd(t, "eval", "-preset", "material", "-epd", epd, "-nodes", "5000", "-json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Positions int `json:"positions"`
		Solved    int `json:"solved"`
		Nodes     int `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(lastLine(out)), &s); err != nil {
		t.Fatalf("last line is not JSON: %v\n%s", err, out)
	}
	if s.Positions != 24 || s.Solved > 24 || s.Nodes <= 0 {
		t.Errorf("suite result %+v", s)
	}
	// -depth limits each suite position's search (it was ignored with -epd).
	out, _, err = runCmd(t, "eval", "-preset", "material", "-epd", epd, "-depth", "2", "-json")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n")[:24] {
		if !strings.Contains(line, "depth  2") {
			t.Errorf("eval -epd -depth 2: a position searched beyond depth 2: %q", line)
		}
	}
	var sd struct {
		Depth    int    `json:"depth"`
		Searched uint64 `json:"searched"`
	}
	if err := json.Unmarshal([]byte(lastLine(out)), &sd); err != nil || sd.Depth != 2 || sd.Searched == 0 || sd.Searched > 24*5000 {
		t.Errorf("eval -epd -depth 2 -json: %+v (%v)", sd, err)
	}

	out, _, err = runCmd(t, "eval", "-preset", "david-fig3", "-fen", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "-trace")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "BishopPair") || !strings.HasPrefix(lastLine(out), "score:") {
		t.Errorf("trace output:\n%s", out)
	}
	// -fen alone traces; a -player naming a preset (preset:NAME, as match
	// writes it) is the preset.
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	alone, _, err := runCmd(t, "eval", "-player", "preset:david-fig3", "-fen", fen)
	if err != nil || alone != out {
		t.Errorf("-player preset:david-fig3 -fen without -trace: %v\n%s", err, alone)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-preset", "nosuchpreset", "-fen", "8/8/8/8/8/8/8/8 w - - 0 1", "-trace"}, "nosuchpreset"},
		{[]string{"-player", "david-fig3", "-fen", fen}, "for the preset write -preset david-fig3"},
		{[]string{"-preset", "material", "-player", "x.json", "-fen", fen}, "not both"},
		{[]string{"-preset", "material", "-fen", fen, "-epd", "x.epd"}, "without -pgn and -epd"},
		// A flag the chosen mode does not use is named, not ignored.
		{[]string{"-preset", "material", "-pgn", "x.pgn", "-nodes", "5000"}, "-nodes does nothing in a move-match run (-pgn)"},
		{[]string{"-preset", "material", "-epd", "x.epd", "-protocol", "all", "-seed", "2"}, "-protocol, -seed do nothing in a suite run (-epd)"},
		{[]string{"-preset", "material", "-epd", "x.epd", "-trace", "-depth", "3"}, "-depth does nothing in a trace"},
		{[]string{"-preset", "material", "-fen", fen, "-depth", "3", "-protocol", "all"}, "-protocol does nothing in an analysis"},
		{[]string{"-preset", "material", "-pgn", "x.pgn", "-multipv", "3"}, "-multipv does nothing in a move-match run"},
	} {
		if _, _, err := runCmd(t, append([]string{"eval"}, c.args...)...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("eval %v: error %v, want %q", c.args, err, c.want)
		}
	}
	short := filepath.Join(t.TempDir(), "short.pgn")
	if err := os.WriteFile(short, []byte("[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0\n\n[Result \"1-0\"]\n\n1. e4 e4 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCmd(t, "eval", "-preset", "material", "-pgn", short); err == nil || !strings.Contains(err.Error(), "gives no position") {
		t.Errorf("a file without positions: error %v", err)
	}
	// One game: all its positions are in one set; the empty one says so, and
	// a search match over it is refused (it printed 0/0 matched).
	one := filepath.Join(t.TempDir(), "one.pgn")
	ruy := "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0\n"
	if err := os.WriteFile(one, []byte(ruy), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err = runCmd(t, "eval", "-preset", "material", "-pgn", one, "-protocol", "all")
	if err != nil || !strings.Contains(out, "1-ply: no positions (each game goes to one set; games read: 1)") {
		t.Errorf("one game: %v\n%s", err, out)
	}
	refused := 0
	for _, set := range []string{"train", "test", "both"} {
		_, _, err := runCmd(t, "eval", "-preset", "material", "-pgn", one, "-protocol", "all", "-depth", "2", "-set", set)
		switch {
		case err == nil:
		case set != "both" && strings.Contains(err.Error(), "the "+set+" set has no positions"):
			refused++
		default:
			t.Errorf("-set %s: %v", set, err)
		}
	}
	if refused != 1 {
		t.Errorf("%d of the train and test sets refused, want the empty one", refused)
	}
	badEPD := filepath.Join(t.TempDir(), "bad.epd")
	if err := os.WriteFile(badEPD, []byte("not a fen\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCmd(t, "eval", "-preset", "material", "-epd", badEPD, "-nodes", "100"); err == nil || !strings.Contains(err.Error(), "holds no readable EPD position") {
		t.Errorf("an EPD file without positions: error %v", err)
	}
}

func TestVersionAndHelp(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		out, _, err := runCmd(t, args...)
		if err != nil || !regexp.MustCompile(`^evochess \S+ \(go\S+ \w+/\w+; distributed protocol \d+\)\n$`).MatchString(out) {
			t.Errorf("%v: %q, %v", args, out, err)
		}
	}
	if _, _, err := runCmd(t, "version", "extra"); err == nil || !strings.Contains(err.Error(), `unexpected argument "extra"`) {
		t.Errorf("version extra: %v", err)
	}
	// help COMMAND prints the command's flags and succeeds.
	_, errOut, err := runCmd(t, "help", "perft")
	if err != nil || !strings.Contains(errOut, "-depth") {
		t.Errorf("help perft: %v, %q", err, errOut)
	}
	if _, errOut, err := runCmd(t, "help", "nosuch"); err == nil || !strings.Contains(err.Error(), `unknown command "nosuch"`) || !strings.Contains(errOut, "commands:") {
		t.Errorf("help nosuch: %v, %q", err, errOut)
	}
}
