package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/internal/shareddata"
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

// TestTuneBundledGames: -data bundled reads the games embedded in the
// binary, and so does their shared-data name (what the Tune tab's command
// line says) when no such file is on disk: the same positions either way.
func TestTuneBundledGames(t *testing.T) {
	dir := t.TempDir()
	var digests []string
	for _, data := range []string{"bundled", "pgn/gm_demo_1500.pgn"} {
		var out, errb bytes.Buffer
		err := run([]string{"tune", "-preset", "vazquez-ep", "-fitness", "match", "-data", data, "-data-dir", dir,
			"-gens", "1", "-train", "50", "-test", "50", "-seed", "1", "-out", filepath.Join(dir, "p.json")}, nil, &out, &errb)
		if err != nil {
			t.Fatalf("-data %s: %v\n%s", data, err, errb.String())
		}
		i := strings.Index(errb.String(), "digest ")
		if i < 0 {
			t.Fatalf("-data %s: no digest in\n%s", data, errb.String())
		}
		digests = append(digests, errb.String()[i:i+19])
	}
	if digests[0] != digests[1] {
		t.Errorf("digests %q", digests)
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
