package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/shareddata"
)

// logLines returns a -log file's lines without the seconds each
// generation took (the one figure a resumed run does not repeat).
func logLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if strings.HasSuffix(path, ".csv") {
			f := strings.Split(l, ",")
			if len(f) > 7 {
				f = append(f[:7], f[8:]...)
			}
			out = append(out, strings.Join(f, ","))
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			out = append(out, "bad line: "+l)
			continue
		}
		delete(m, "seconds")
		s, _ := json.Marshal(m)
		out = append(out, string(s))
	}
	return out
}

// TestTuneResumeLog checks that the -log of a resumed run is the log of the
// run never stopped: one line per generation, in order, one CSV header,
// whatever the log held when the run stopped — a generation logged after
// the checkpoint (a kill between the two, or an older checkpoint resumed),
// a line cut by a kill, no log at all.
func TestTuneResumeLog(t *testing.T) {
	pgnPath := shareddata.Path(t, "pgn/gm_demo_1500.pgn")
	common := []string{"-algo", "ga", "-scheme", "vazquez29", "-pgn", pgnPath, "-pop", "8", "-gens", "5", "-seed", "3",
		"-train", "150", "-test", "100", "-json", "-quiet"}
	for _, tc := range []struct {
		name string
		ext  string
		// damage changes the log (and checkpoint) of a run paused after
		// generation 2 before it is resumed.
		damage func(t *testing.T, log, ck string, resume func(...string))
	}{
		{"csv: generation logged after the checkpoint", ".csv", func(t *testing.T, log, ck string, resume func(...string)) {
			saved, err := os.ReadFile(ck)
			if err != nil {
				t.Fatal(err)
			}
			resume("-stop-after", "1")                             // logs generation 3 and checkpoints it
			if err := os.WriteFile(ck, saved, 0o644); err != nil { // as if killed before that checkpoint
				t.Fatal(err)
			}
		}},
		{"jsonl: generation logged after the checkpoint", ".jsonl", func(t *testing.T, log, ck string, resume func(...string)) {
			saved, err := os.ReadFile(ck)
			if err != nil {
				t.Fatal(err)
			}
			resume("-stop-after", "2")
			if err := os.WriteFile(ck, saved, 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"jsonl: last line cut", ".jsonl", func(t *testing.T, log, ck string, resume func(...string)) {
			st, err := os.Stat(log)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(log, st.Size()-20); err != nil {
				t.Fatal(err)
			}
		}},
		{"csv: last line cut", ".csv", func(t *testing.T, log, ck string, resume func(...string)) {
			st, err := os.Stat(log)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(log, st.Size()-5); err != nil {
				t.Fatal(err)
			}
		}},
		{"csv: no log before", ".csv", func(t *testing.T, log, ck string, resume func(...string)) {
			if err := os.Remove(log); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			straight := filepath.Join(dir, "a"+tc.ext)
			tuneRunJSON(t, append(common, "-out", filepath.Join(dir, "a.json"), "-log", straight)...)
			log, ck := filepath.Join(dir, "b"+tc.ext), filepath.Join(dir, "b.ckpt")
			tuneRunJSON(t, append(common, "-out", filepath.Join(dir, "b.json"), "-log", log, "-checkpoint", ck, "-stop-after", "2")...)
			resume := func(extra ...string) {
				tuneRunJSON(t, append([]string{"-resume", ck, "-out", filepath.Join(dir, "b.json"), "-log", log, "-json", "-quiet"}, extra...)...)
			}
			tc.damage(t, log, ck, resume)
			resume()
			want, got := logLines(t, straight), logLines(t, log)
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("resumed run's log:\n%s\nwant (the run never stopped):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if _, err := os.Stat(log + ".tmp"); err == nil {
				t.Error("the log's temporary file was left behind")
			}
		})
	}
}
