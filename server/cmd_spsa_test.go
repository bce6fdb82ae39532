package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/internal/shareddata"
)

// uciSpins returns `evochess uci`'s spin options (name → "default min max").
func uciSpins(t *testing.T, args ...string) map[string]string {
	t.Helper()
	var out, errb bytes.Buffer
	if err := run(append([]string{"uci"}, args...), strings.NewReader("uci\nquit\n"), &out, &errb); err != nil {
		t.Fatalf("uci: %v\n%s", err, errb.String())
	}
	spins := map[string]string{}
	for _, l := range strings.Split(out.String(), "\n") {
		var name, def, lo, hi string
		if !strings.HasPrefix(l, "option name ") || !strings.Contains(l, " type spin ") {
			continue
		}
		rest := strings.TrimPrefix(l, "option name ")
		i := strings.Index(rest, " type spin ")
		name = rest[:i]
		if _, err := fmt.Sscanf(rest[i:], " type spin default %s min %s max %s", &def, &lo, &hi); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		spins[name] = def + " " + lo + " " + hi
	}
	return spins
}

// TestSPSALinesAreUCIOptions checks that every line `evochess spsa` prints
// names a UCI spin option of the same player, with its value and bounds,
// in OpenBench's seven-field format.
func TestSPSALinesAreUCIOptions(t *testing.T) {
	dir := t.TempDir()
	p, err := player.FromPreset("vazquez-table2-exploitation")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "p.json")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, tc := range []struct {
		name      string
		spsa, uci []string
	}{
		{"preset", []string{"-preset", "david-fig3"}, []string{"-preset", "david-fig3"}},
		{"player file", []string{"-player", file}, []string{"-player", file}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spins := uciSpins(t, tc.uci...)
			var out, errb bytes.Buffer
			if err := run(append([]string{"spsa"}, tc.spsa...), nil, &out, &errb); err != nil {
				t.Fatalf("spsa: %v\n%s", err, errb.String())
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) < 20 {
				t.Fatalf("%d lines", len(lines))
			}
			evals, searches := 0, 0
			for _, l := range lines {
				f := strings.Split(l, ", ")
				if len(f) != 7 || f[1] != "int" {
					t.Fatalf("line %q: want name, int, value, min, max, c_end, r_end", l)
				}
				want, ok := spins[f[0]]
				if !ok {
					t.Fatalf("%s is not a UCI spin option", f[0])
				}
				if got := f[2] + " " + f[3] + " " + f[4]; got != want {
					t.Fatalf("%s: spsa %s, uci %s", f[0], got, want)
				}
				if strings.HasPrefix(f[0], "Eval_") {
					evals++
				} else {
					searches++
				}
			}
			if evals == 0 || searches == 0 {
				t.Fatalf("%d eval and %d search lines", evals, searches)
			}
		})
	}
}

func TestSPSAParams(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // output, or error text
		err  bool
	}{
		{[]string{"-preset", "david-fig3", "-params", "Eval_KnightValue, knightvalue"},
			"Eval_KnightValue, int, 521, 0, 2047, 102, 0.002\nEval_KnightValue, int, 521, 0, 2047, 102, 0.002\n", false},
		{[]string{"-preset", "david-fig3", "-params", "Search_NullMoveReduction", "-c-frac", "2", "-r-end", "0.01"},
			"Search_NullMoveReduction, int, 4, 0, 7, 4, 0.01\n", false},
		{[]string{"-preset", "david-fig3", "-params", "nothing"}, `no tunable parameter "nothing"`, true},
		{[]string{"-preset", "nope"}, "spsa:", true},
		{[]string{}, "give -player FILE or -preset NAME", true},
		{[]string{"-preset", "david-fig3", "-group", "x"}, "-group", true},
		{[]string{"-preset", "david-fig3", "-group", "eval", "-params", "Search_NullMoveUse"}, "-group does nothing with -params", true},
		{[]string{"-preset", "david-fig3", "-c-frac", "0"}, "must be positive", true},
		{[]string{"-player", filepath.Join(t.TempDir(), "none.json")}, "no such file", true},
	} {
		var out, errb bytes.Buffer
		err := run(append([]string{"spsa"}, tc.args...), nil, &out, &errb)
		if tc.err {
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("spsa %v: error %v, want %q", tc.args, err, tc.want)
			}
			continue
		}
		if err != nil || out.String() != tc.want {
			t.Errorf("spsa %v: %v\n%q\nwant %q", tc.args, err, out.String(), tc.want)
		}
	}
}

func TestSPSACEnd(t *testing.T) {
	for _, tc := range []struct {
		min, max int
		frac     float64
		want     float64
	}{
		{0, 2047, 20, 102}, {0, 1, 20, 1}, {-50, 50, 20, 5}, {0, 7, 2, 4}, {10, 10, 20, 1},
	} {
		if got := spsaCEnd(tc.min, tc.max, tc.frac); got != tc.want {
			t.Errorf("spsaCEnd(%d, %d, %g) = %g, want %g", tc.min, tc.max, tc.frac, got, tc.want)
		}
	}
}

// TestOpenBenchMakeEXE builds the engine as OpenBench does (`make EXE=PATH`
// in the repository root) and checks that the bare binary speaks UCI and
// that `PATH bench` ends with OpenBench's "<nodes> nodes <nps> nps" line,
// with the same node count on every run.
func TestOpenBenchMakeEXE(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine with make")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make not installed")
	}
	exe := filepath.Join(t.TempDir(), "evochess-ob")
	mk := exec.Command("make", "EXE="+exe)
	mk.Dir = shareddata.RepoRoot()
	if out, err := mk.CombinedOutput(); err != nil {
		t.Fatalf("make EXE=%s: %v\n%s", exe, err, out)
	}
	uciCmd := exec.Command(exe)
	uciCmd.Stdin = strings.NewReader("uci\nisready\nposition startpos moves e2e4\ngo depth 3\nquit\n")
	out, err := uciCmd.Output()
	if err != nil || !strings.Contains(string(out), "uciok") || !strings.Contains(string(out), "readyok") || !strings.Contains(string(out), "info depth 3") {
		t.Fatalf("bare engine: %v\n%s", err, out)
	}
	nodes := ""
	for range 2 {
		b, err := exec.Command(exe, "bench", "-depth", "4").Output()
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		var n, nps int64
		last := lines[len(lines)-1]
		if _, err := fmt.Sscanf(last, "%d nodes %d nps", &n, &nps); err != nil || n <= 0 || fmt.Sprintf("%d nodes %d nps", n, nps) != last {
			t.Fatalf("last bench line %q: %v", last, err)
		}
		if nodes != "" && nodes != fmt.Sprint(n) {
			t.Fatalf("bench nodes %s then %d", nodes, n)
		}
		nodes = fmt.Sprint(n)
	}
}
