package experiment

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/tuner/arena"
)

func TestReadMatchLog(t *testing.T) {
	rec := `{"key":"k1","a":"x","b":"y","limits":"500 nodes","games":2,"score":{"Wins":1,"Draws":0,"Losses":1},"pentanomial":[0,0,1,0,0]}`
	for _, tc := range []struct {
		name, in string
		n        int
		err      string // substring of the error, "" for none
		wrote    string // what reading writes (a newline after a torn line)
	}{
		{"empty", "", 0, "", ""},
		{"one", rec + "\n", 1, "", ""},
		{"no final newline", rec, 1, "", ""},
		{"blank lines", "\n" + rec + "\n\n", 1, "", ""},
		{"torn last line", rec + "\n" + rec[:30], 1, "", "\n"},
		{"garbage", rec + "\nnot json\n" + rec + "\n", 0, "line 2: not a match record", ""},
		{"no key", `{"a":"x"}` + "\n", 0, "line 1: not a match record: no key", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w bytes.Buffer
			l, err := ReadMatchLog(strings.NewReader(tc.in), "m.jsonl", &w)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), "m.jsonl") {
					t.Fatalf("error %v, want one naming m.jsonl with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if l.Len() != tc.n || w.String() != tc.wrote {
				t.Fatalf("%d records, wrote %q; want %d, %q", l.Len(), w.String(), tc.n, tc.wrote)
			}
		})
	}
}

// TestExperimentMatchLog: an experiment run with a match log records each
// Elo match; run again with that log it plays none of them and writes the
// same report; a log of other matches (another node limit) is not reused.
func TestExperimentMatchLog(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	res := dataResources(t, 2)
	run := func(log *MatchLog, nodes int) (string, []string) {
		var md strings.Builder
		var lines []string
		cfg := Config{Runs: 1, Generations: 2, Games: 2, Nodes: nodes, PGN: "pgn/gm_demo_1500.pgn",
			Strongest: "david-fig3", Matches: log, Progress: func(s string) { lines = append(lines, s) }}
		doc, err := Run(context.Background(), "david", cfg, res)
		if err != nil {
			t.Fatal(err)
		}
		if err := doc.Markdown(&md); err != nil {
			t.Fatal(err)
		}
		return md.String(), lines
	}
	count := func(lines []string, s string) int {
		n := 0
		for _, l := range lines {
			if strings.Contains(l, s) {
				n++
			}
		}
		return n
	}
	var file bytes.Buffer
	log, err := ReadMatchLog(nil, "", &file)
	if err != nil {
		t.Fatal(err)
	}
	first, lines := run(log, 300)
	if log.Len() != 2 || count(lines, "games: 2 of 2") != 2 || count(lines, "recorded in the match log") != 0 {
		t.Fatalf("first run: %d matches logged; progress:\n%s", log.Len(), strings.Join(lines, "\n"))
	}
	again, err := ReadMatchLog(bytes.NewReader(file.Bytes()), "file", nil)
	if err != nil {
		t.Fatal(err)
	}
	second, lines := run(again, 300)
	if count(lines, "games: ") != 0 || count(lines, "recorded in the match log") != 2 {
		t.Fatalf("second run played games:\n%s", strings.Join(lines, "\n"))
	}
	if second != first {
		t.Fatalf("report from the log differs:\n%s\nwant\n%s", second, first)
	}
	if _, lines = run(again, 301); count(lines, "games: 2 of 2") != 2 {
		t.Fatalf("matches at another node limit were taken from the log:\n%s", strings.Join(lines, "\n"))
	}
	// A run stopped during its second match: the log holds the first
	// match and one game of the second. The rerun plays only the other
	// game and gives the same report.
	var cut bytes.Buffer
	firstGames := 0
	for _, line := range strings.SplitAfter(file.String(), "\n") {
		switch {
		case strings.Contains(line, `"b":"material"`):
			cut.WriteString(line)
		case strings.Contains(line, `"game"`) && firstGames == 0:
			firstGames++
			cut.WriteString(line)
		}
	}
	resumed, err := ReadMatchLog(bytes.NewReader(cut.Bytes()), "cut", nil)
	if err != nil || resumed.Len() != 1 || resumed.Games() != 1 {
		t.Fatalf("cut log: %v, %d matches, %d games:\n%s", err, resumed.Len(), resumed.Games(), cut.String())
	}
	third, lines := run(resumed, 300)
	if count(lines, "1 of 2 games recorded") != 1 || count(lines, "games: 2 of 2") != 1 || count(lines, "games: ") != 1 {
		t.Fatalf("resumed run:\n%s", strings.Join(lines, "\n"))
	}
	if third != first {
		t.Fatalf("resumed report differs:\n%s\nwant\n%s", third, first)
	}
}

// FuzzReadMatchLog: any input gives a log or an error naming the file,
// never a panic, and a log holds no more records than lines.
func FuzzReadMatchLog(f *testing.F) {
	f.Add(`{"key":"k1","a":"x","b":"y","limits":"500 nodes","games":2,"score":{"Wins":1,"Draws":0,"Losses":1},"pentanomial":[0,0,1,0,0]}` + "\n")
	f.Add("\n\n{\"key\":\"")
	f.Add(`{"key":"k","pentanomial":[1,2,3,4,5,6]}`)
	f.Fuzz(func(t *testing.T, in string) {
		l, err := ReadMatchLog(strings.NewReader(in), "fuzz.jsonl", nil)
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz.jsonl") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if l.Len() > strings.Count(in, "\n")+1 {
			t.Fatalf("%d records from %d lines", l.Len(), strings.Count(in, "\n")+1)
		}
	})
}

// lossyWriter is an in-memory SyncWriter whose content can be lost (as a
// log file replaced while an experiment appends to it).
type lossyWriter struct {
	buf      bytes.Buffer
	lost     bool
	restarts int
}

func (w *lossyWriter) Write(p []byte) (int, error) { return w.buf.Write(p) }
func (w *lossyWriter) Lost() bool                  { return w.lost }
func (w *lossyWriter) Restart(write func(io.Writer) error) error {
	w.buf.Reset()
	w.lost = false
	w.restarts++
	return write(&w.buf)
}

// TestMatchLogSyncWriter: when its writer has lost what it wrote, the log
// writes everything it holds afresh before the next record, so the writer
// ends with every record (and not one twice).
func TestMatchLogSyncWriter(t *testing.T) {
	w := &lossyWriter{}
	l, err := ReadMatchLog(nil, "test", w)
	if err != nil {
		t.Fatal(err)
	}
	g := func(i int) *arena.Game {
		return &arena.Game{Index: i, WhiteIndex: i % 2, BlackIndex: 1 - i%2, Result: arena.WhiteWins}
	}
	if err := l.addGame("k1", "x", "y", g(0)); err != nil {
		t.Fatal(err)
	}
	if err := l.add(MatchRecord{Key: "k0", A: "x", B: "z", Games: 2, Score: arena.Tally{Wins: 2}}); err != nil {
		t.Fatal(err)
	}
	w.buf.Reset() // the file was replaced by an older one
	w.lost = true
	if err := l.addGame("k1", "x", "y", g(1)); err != nil {
		t.Fatal(err)
	}
	if w.restarts != 1 {
		t.Fatalf("%d restarts, want 1", w.restarts)
	}
	again, err := ReadMatchLog(bytes.NewReader(w.buf.Bytes()), "written", nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.Len() != 1 || again.Games() != 2 || strings.Count(w.buf.String(), "\n") != 3 {
		t.Fatalf("after the loss: %d matches, %d games:\n%s", again.Len(), again.Games(), w.buf.String())
	}
	if err := l.addGame("k1", "x", "y", g(2)); err != nil || w.restarts != 1 {
		t.Fatalf("a record without a loss: %v, %d restarts", err, w.restarts)
	}
}

// TestPlayerIDTrailingZeros: a search vector and the same vector with
// parameters appended at 0 (off: parameters added to the registry later)
// identify the same player, so a grown registry keeps the recorded matches;
// any other difference changes the identity.
func TestPlayerIDTrailingZeros(t *testing.T) {
	w := []int32{100, 300}
	old := []int32{1, 4, 0, 2000}
	id := func(sv []int32) string {
		b, err := playerID("material", w, sv)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if a, b := id(old), id(append(slices.Clone(old), 0, 0, 0)); a != b {
		t.Errorf("appended zeros changed the identity: %s != %s", a, b)
	}
	for _, sv := range [][]int32{{1, 4, 0, 2000, 8}, {1, 4, 1, 2000}, {1, 4, 0}} {
		if id(sv) == id(old) {
			t.Errorf("%v: same identity as %v", sv, old)
		}
	}
}

// TestPresetsRoundRobinLog: the presets' round robin records its games in
// the match log; run again with a log holding some of them (a run
// stopped), all of them, or those of another round robin, it plays only
// the games the log lacks for it and writes the report of a run never
// stopped.
func TestPresetsRoundRobinLog(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	res := dataResources(t, 2)
	run := func(log *MatchLog, nodes int) string {
		var md strings.Builder
		doc, err := Run(context.Background(), "presets", Config{Games: 2, Nodes: nodes, Matches: log}, res)
		if err != nil {
			t.Fatal(err)
		}
		if err := doc.Markdown(&md); err != nil {
			t.Fatal(err)
		}
		return md.String()
	}
	const total = 15 * 2 // 6 players, 2 games per pair
	var file bytes.Buffer
	log, err := ReadMatchLog(nil, "", &file)
	if err != nil {
		t.Fatal(err)
	}
	want := run(log, 200)
	if n := strings.Count(file.String(), "\n"); n != total || log.Games() != total {
		t.Fatalf("first run logged %d lines, %d games; want %d", n, log.Games(), total)
	}
	lines := strings.SplitAfter(file.String(), "\n")
	for _, tc := range []struct {
		name   string
		kept   int // lines of the first run's log
		nodes  int
		played int
	}{
		{"stopped after 7 games", 7, 200, total - 7},
		{"finished", total, 200, 0},
		{"another round robin", total, 201, total},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w bytes.Buffer
			l, err := ReadMatchLog(strings.NewReader(strings.Join(lines[:tc.kept], "")), "cut", &w)
			if err != nil {
				t.Fatal(err)
			}
			got := run(l, tc.nodes)
			if n := strings.Count(w.String(), "\n"); n != tc.played {
				t.Errorf("played %d games, want %d", n, tc.played)
			}
			if tc.nodes == 200 && got != want {
				t.Errorf("report differs:\n%s\nwant\n%s", got, want)
			}
		})
	}
}
