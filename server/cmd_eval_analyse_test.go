package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEvalAnalyse: eval -fen with a search limit traces the position, then
// prints the player's lines (MultiPV) in SAN, best first, and as JSON.
func TestEvalAnalyse(t *testing.T) {
	const scholar = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
	tests := []struct {
		name  string
		args  []string
		lines int
		first string // SAN of the best line's move
		text  []string
	}{
		{"three lines", []string{"-fen", scholar, "-depth", "5", "-multipv", "3"}, 3, "Qxf7#",
			[]string{"term", "analysis: depth 5, ", "1.  Qxf7#  #1"}},
		{"one line by nodes", []string{"-fen", scholar, "-nodes", "3000"}, 1, "Qxf7#", []string{"analysis: depth "}},
		{"multipv alone: the default node cap", []string{"-fen", "7k/8/8/8/8/8/8/K7 w - - 0 1", "-multipv", "5"}, 3, "",
			[]string{"analysis: depth 100, "}},
		{"checkmated", []string{"-fen", "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1", "-depth", "3"}, 0, "",
			[]string{"analysis: no legal move (checkmate)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"eval", "-preset", "david-fig3", "-json"}, tc.args...)
			out, _, err := runCmd(t, args...)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tc.text {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			var rep analysisReport
			if err := json.Unmarshal([]byte(lastLine(out)), &rep); err != nil {
				t.Fatalf("last line: %v", err)
			}
			if len(rep.Lines) != tc.lines {
				t.Fatalf("%d lines, want %d: %+v", len(rep.Lines), tc.lines, rep.Lines)
			}
			seen := map[string]bool{}
			for k, l := range rep.Lines {
				if l.Rank != k+1 || seen[l.Move] || len(l.PV) == 0 || l.PV[0] != l.Move || k > 0 && l.Score > rep.Lines[k-1].Score {
					t.Errorf("line %d: %+v", k+1, l)
				}
				seen[l.Move] = true
			}
			if tc.first != "" && rep.Lines[0].SAN != tc.first {
				t.Errorf("best %s, want %s", rep.Lines[0].SAN, tc.first)
			}
		})
	}
}

// TestEvalAnalyseErrors: bad limits and flags that do nothing in an
// analysis are refused by name.
func TestEvalAnalyseErrors(t *testing.T) {
	const fen = "7k/8/8/8/8/8/8/K7 w - - 0 1"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-fen", fen, "-multipv", "0"}, "-multipv 0: outside [1, 500]"},
		{[]string{"-fen", fen, "-multipv", "501"}, "-multipv 501: outside [1, 500]"},
		{[]string{"-fen", fen, "-depth", "-1"}, "-depth -1: outside [0, 100]"},
		{[]string{"-fen", fen, "-nodes", "0"}, "-nodes must be positive"},
		{[]string{"-fen", fen, "-depth", "3", "-seed", "2"}, "-seed does nothing in an analysis"},
		{[]string{"-fen", fen, "-depth", "3", "-hash", "5000"}, "-hash"},
		{[]string{"-fen", "8/8/8/8/8/8/8/8 w - - 0 1", "-depth", "3"}, "eval: "},
	}
	for _, tc := range tests {
		_, _, err := runCmd(t, append([]string{"eval", "-preset", "material"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestEvalSearchPreset: -search picks the search preset of eval's searches
// (plain: the tuner's exact depth-1 search, README's resolved column), and
// is refused where nothing searches.
func TestEvalSearchPreset(t *testing.T) {
	pgnFile := "../assets/data/gm_demo_1500.pgn"
	out, _, err := runCmd(t, "eval", "-preset", "david-fig3", "-pgn", pgnFile, "-depth", "1", "-search", "plain", "-json")
	if err != nil {
		t.Fatal(err)
	}
	var plain, deflt struct{ Matched, Nodes int }
	if err := json.Unmarshal([]byte(lastLine(out)), &plain); err != nil {
		t.Fatal(err)
	}
	out, _, err = runCmd(t, "eval", "-preset", "david-fig3", "-pgn", pgnFile, "-depth", "1", "-json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lastLine(out)), &deflt); err != nil {
		t.Fatal(err)
	}
	if plain.Nodes == 0 || plain.Nodes == deflt.Nodes {
		t.Errorf("-search plain searched %d nodes, the player's search %d: not another search", plain.Nodes, deflt.Nodes)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-pgn", pgnFile, "-search", "plain"}, "-search only with -depth"},
		{[]string{"-pgn", pgnFile, "-depth", "1", "-search", "nope"}, `-search: search: unknown search preset "nope"`},
		{[]string{"-fen", "7k/8/8/8/8/8/8/K7 w - - 0 1", "-trace", "-search", "plain"}, "-search does nothing in a trace"},
	} {
		_, _, err := runCmd(t, append([]string{"eval", "-preset", "material"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.want)
		}
	}
}
