package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/internal/shareddata"
	"github.com/evochess/evochess/wasm/protocol"
)

func tuneRunJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var out, errb bytes.Buffer
	if err := run(append([]string{"tune"}, args...), nil, &out, &errb); err != nil {
		t.Fatalf("tune %v: %v\n%s", args, err, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &m); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	return m
}

func tuneLoadPlayer(t *testing.T, path string) *player.Player {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := player.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTunePauseResume checks that a run paused with -stop-after and resumed
// from its checkpoint ends exactly like a run never stopped, for the default
// (quiescence-resolved) fitness, one that recompiles (the checkpoint keeps
// the current reference) and the unresolved match.
func TestTunePauseResume(t *testing.T) {
	pgnPath := shareddata.Path(t, "pgn/gm_demo_1500.pgn")
	for _, tc := range []struct {
		name  string
		extra []string
		stop  string
	}{
		{"match-qs", nil, "2"},
		{"match2-qs recompile", []string{"-fitness", "match2-qs", "-recompile", "2"}, "3"},
		{"match", []string{"-fitness", "match"}, "2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			common := append([]string{"-algo", "ga", "-scheme", "vazquez29", "-pgn", pgnPath, "-pop", "10", "-gens", "6", "-seed", "2",
				"-train", "200", "-test", "200", "-json", "-quiet"}, tc.extra...)
			a := tuneRunJSON(t, append(common, "-out", filepath.Join(dir, "a.json"), "-log", filepath.Join(dir, "a.csv"))...)
			ck := filepath.Join(dir, "run.ckpt")
			p := tuneRunJSON(t, append(common, "-out", filepath.Join(dir, "b.json"), "-stop-after", tc.stop, "-checkpoint", ck)...)
			if p["paused"] != true || p["generations"].(float64) != float64(tc.stop[0]-'0') {
				t.Fatalf("paused run summary %v", p)
			}
			b := tuneRunJSON(t, "-resume", ck, "-out", filepath.Join(dir, "b.json"), "-json", "-quiet")
			for _, k := range []string{"best_fitness", "train_rate", "test_rate", "evaluations", "generations"} {
				if a[k] != b[k] {
					t.Errorf("%s: straight %v, resumed %v", k, a[k], b[k])
				}
			}
			pa, pb := tuneLoadPlayer(t, filepath.Join(dir, "a.json")), tuneLoadPlayer(t, filepath.Join(dir, "b.json"))
			if !reflect.DeepEqual(pa.Weights, pb.Weights) || pa.Provenance.Algorithm != "ga" || pa.Provenance.Generation != 6 ||
				!strings.HasPrefix(pa.Provenance.Dataset, "sha256:") {
				t.Fatalf("players differ or lack provenance: %+v / %+v", pa, pb)
			}
			csv, err := os.ReadFile(filepath.Join(dir, "a.csv"))
			if err != nil || strings.Count(string(csv), "\n") != 7 {
				t.Fatalf("log: %v, %q", err, csv)
			}
		})
	}
}

func TestTuneErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-algo", "nope", "-pgn", "x.pgn"},
		{"-algo", "ga"},
		{"-preset", "david-ga", "-pgn", "missing.pgn", "-data-dir", t.TempDir()},
		{"-algo", "ga", "-pgn", "x.pgn", "-log", "x.txt"},
		{"-resume", filepath.Join(t.TempDir(), "none.ckpt")},
		{"-algo", "ga", "extra"},
		{"-algo", "ga", "-fitness", "match3", "-pgn", "x.pgn"},
		{"-algo", "cmaes", "-recompile", "5", "-pgn", "x.pgn"},
		{"-algo", "ga", "-fitness", "match2", "-recompile", "5", "-pgn", "x.pgn"},
	} {
		var out, errb bytes.Buffer
		err := run(append([]string{"tune", "-quiet"}, args...), nil, &out, &errb)
		if err == nil || !strings.HasPrefix(err.Error(), "tune: ") {
			t.Errorf("tune %v: error %v", args, err)
		}
	}
}

// TestTuneRefusesUnreadSettings: an optimizer flag the algorithm does not
// read is an error naming it (it was silently ignored), checked before any
// games are read.
func TestTuneRefusesUnreadSettings(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-preset", "vazquez-ep", "-elite", "3"}, "algorithm ep does not use elite"},
		{[]string{"-preset", "vazquez-ep", "-crossover", "0.5", "-param", "sigma0=0.2"}, "does not use crossover_rate, sigma0"},
		{[]string{"-algo", "hooke-jeeves", "-pop", "10"}, "algorithm hooke-jeeves does not use pop"},
		{[]string{"-preset", "texel-adam", "-selection", "rank"}, "algorithm adam does not use selection"},
		{[]string{"-preset", "texel-adam", "-data", "bundled"}, "-pgn and -data name the same thing"},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"tune", "-quiet", "-pgn", filepath.Join(t.TempDir(), "none.pgn")}, tc.args...)
		if err := run(args, nil, &out, &errb); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("tune %v: error %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestTuneBundledGames: "bundled" names the games embedded in the binary,
// and so does their shared-data name (what the Tune tab's command line
// says) when no such file is on disk; a file on disk comes first; a binary
// built without the site says so.
func TestTuneBundledGames(t *testing.T) {
	dir := t.TempDir()
	site := fstest.MapFS{protocol.BundledPath: {Data: []byte("embedded")}}
	read := func(open func(string) (io.ReadCloser, error), name string) (string, error) {
		f, err := open(name)
		if err != nil {
			return "", err
		}
		defer f.Close()
		b, err := io.ReadAll(f)
		return string(b), err
	}
	open := dataOpenerFS(dir, site)
	for _, name := range []string{"bundled", protocol.BundledDataName} {
		if got, err := read(open, name); err != nil || got != "embedded" {
			t.Errorf("%s: %q, %v", name, got, err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "pgn"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(protocol.BundledDataName)), []byte("on disk"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := read(open, protocol.BundledDataName); err != nil || got != "on disk" {
		t.Errorf("file on disk: %q, %v", got, err)
	}
	if _, err := read(open, "pgn/other.pgn"); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	if _, err := read(dataOpenerFS(dir, fstest.MapFS{}), "bundled"); err == nil || !strings.Contains(err.Error(), "make build") {
		t.Errorf("a binary without the site: %v", err)
	}
}

// TestTuneResumeKeepsSettings: a flag that would change a resumed run's
// settings is refused, naming it; output and worker flags are accepted.
func TestTuneResumeKeepsSettings(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "none.ckpt")
	var errb bytes.Buffer
	err := run([]string{"tune", "-resume", ck, "-gens", "10", "-pop", "4", "-quiet"}, nil, io.Discard, &errb)
	if err == nil || !strings.Contains(err.Error(), "-gens, -pop cannot change them") {
		t.Errorf("settings with -resume: error %v", err)
	}
	err = run([]string{"tune", "-resume", ck, "-out", "x.json", "-workers", "1", "-quiet", "-nats-token", "t"}, nil, io.Discard, &errb)
	if err == nil || strings.Contains(err.Error(), "cannot change") || !strings.Contains(err.Error(), "none.ckpt") {
		t.Errorf("output flags with -resume: error %v", err)
	}
}

// TestTuneStartMaterialKeepsScheme: -start material starts the preset's own
// scheme from piece values; it does not switch to the material scheme.
func TestTuneStartMaterialKeepsScheme(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.json")
	_, stderr, err := runCmd(t, "tune", "-preset", "vazquez-ep", "-start", "material", "-pgn", "../assets/data/gm_demo_1500.pgn",
		"-gens", "1", "-pop", "4", "-positions", "50", "-out", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := player.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	if p.Scheme != "vazquez29" || len(p.Weights) < 29 {
		t.Errorf("scheme %s with %d weights, want vazquez29 (29 tuned)", p.Scheme, len(p.Weights))
	}
}

// TestTuneFitnessFlagsUsed: a flag of another fitness is refused by name
// with the fitness that reads it (QA: vazquez-ep took -node-cap, -games,
// -openings, -epd and -player and ignored them).
func TestTuneFitnessFlagsUsed(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-preset", "vazquez-ep", "-node-cap", "5000"}, "-node-cap: fitness match-qs does not use them (-node-cap: nodes)"},
		{[]string{"-preset", "vazquez-ep", "-games", "2", "-game-depth", "2", "-openings", "x.epd"}, "-openings, -games, -game-depth: fitness match-qs"},
		{[]string{"-preset", "david-ga", "-epd", "x.epd", "-player", "p.json"}, "-epd, -player: fitness match2-qs"},
		{[]string{"-preset", "david-search", "-search", "classic"}, "fitness nodes plays no search of its own"},
		{[]string{"-preset", "vazquez-ep", "-depth", "1"}, "-depth: fitness match-qs"},
	} {
		_, _, err := runCmd(t, append([]string{"tune", "-quiet", "-pgn", "../assets/data/gm_demo_1500.pgn"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("tune %v: error %v, want %q", tc.args, err, tc.want)
		}
	}
}
