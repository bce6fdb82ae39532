package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/player"
)

func TestUCICommand(t *testing.T) {
	p, err := player.FromPreset("vazquez-table2-exploitation")
	if err != nil {
		t.Fatal(err)
	}
	pf := filepath.Join(t.TempDir(), "p.json")
	f, err := os.Create(pf)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	tests := []struct {
		args []string
		want []string // substrings of stdout, in order
		err  string
	}{
		{args: nil, want: []string{"id name evochess", "option name Preset type combo default david-fig3 ", "uciok", "readyok", "bestmove "}},
		{args: []string{"-preset", "material"}, want: []string{"option name Scheme type combo default material ", "uciok"}},
		{args: []string{"-player", pf}, want: []string{"option name Scheme type combo default vazquez29 ", "option name PlayerFile type string", "uciok"}},
		{args: []string{"-player", pf, "-preset", "material"}, err: "not both"},
		{args: []string{"-preset", "nonsense"}, err: "unknown preset"},
		{args: []string{"-player", "/nonexistent.json"}, err: "nonexistent"},
		{args: []string{"-hash", "0"}, err: "hash"},
		{args: []string{"extra"}, err: "unexpected arguments"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		in := strings.NewReader("uci\nisready\nposition startpos moves e2e4\ngo depth 2\nisready\n")
		err := run(append([]string{"uci"}, tc.args...), in, &stdout, &stderr)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: err = %v, want %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		out := stdout.String()
		for _, w := range tc.want {
			i := strings.Index(out, w)
			if i < 0 {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, stdout.String())
				break
			}
			out = out[i+len(w):]
		}
	}
}

// TestUCIBundledBook: `evochess uci` plays from the bundled book with
// OwnBook on.
func TestUCIBundledBook(t *testing.T) {
	var stdout, stderr bytes.Buffer
	in := strings.NewReader("setoption name OwnBook value true\nposition startpos\ngo wtime 1000 btime 1000\nisready\n")
	if err := run([]string{"uci"}, in, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "info string book move ") {
		t.Errorf("no book move:\n%s", stdout.String())
	}
}
