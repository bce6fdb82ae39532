//go:build !js

package dist

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/internal/shareddata"
	"github.com/evochess/evochess/tuner"
)

// dataOpen opens names inside the shared data folder (or root).
func dataOpen(root string) func(string) (io.ReadCloser, error) {
	return func(name string) (io.ReadCloser, error) {
		return os.Open(filepath.Join(root, filepath.FromSlash(name)))
	}
}

func dataRoot(t *testing.T) string {
	t.Helper()
	return filepath.Dir(filepath.Dir(shareddata.Path(t, "pgn/gm_demo_1500.pgn")))
}

// logSink collects log lines for assertions.
type logSink struct {
	mu    sync.Mutex
	lines []string
}

func (l *logSink) log(s string) {
	l.mu.Lock()
	l.lines = append(l.lines, s)
	l.mu.Unlock()
}

func (l *logSink) text() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

func startCoordinator(t *testing.T, opts Options) *Coordinator {
	t.Helper()
	if opts.Server.StoreDir == "" {
		opts.Server.StoreDir = t.TempDir()
	}
	if opts.MinTaskSeconds == 0 {
		opts.MinTaskSeconds = 1e-9 // many small tasks: the combining is what is tested
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := Start(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// addWorker starts an in-process worker on c's embedded server ("another
// machine"); the returned function stops it and returns its error.
func addWorker(t *testing.T, c *Coordinator, w *Worker) func() error {
	t.Helper()
	nc, err := connectInProcess(c.srv, c.opts.Auth, "test worker")
	if err != nil {
		t.Fatal(err)
	}
	w.Conn, w.closeConn = nc, true
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	var once sync.Once
	var werr error
	stop := func() error {
		once.Do(func() {
			cancel()
			werr = <-done
		})
		return werr
	}
	t.Cleanup(func() { stop() })
	return stop
}

// runRecords runs setup for its generations with train and returns the
// records (without times), the best candidate and the hall of fame.
func runRecords(t *testing.T, s tuner.Setup, prep *tuner.Prepared) ([]tuner.Record, []int32, any) {
	t.Helper()
	r, err := tuner.NewRun(s, prep.Train, prep.Test)
	if err != nil {
		t.Fatal(err)
	}
	r.Recompile = prep.Recompile
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := r.RunAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	recs := r.Records()
	for i := range recs {
		recs[i].Seconds = 0
	}
	best, _, _, _ := r.Best()
	return recs, best.X, r.HallOfFame()
}

// TestDistributedBitIdentical runs small evolutions of every kind of
// fitness locally and on the work queue with different numbers of workers
// and slots: records, best and hall of fame must be identical.
func TestDistributedBitIdentical(t *testing.T) {
	root := dataRoot(t)
	open := dataOpen(root)
	for _, tc := range []struct {
		name string
		opts tuner.Options
	}{
		{"match2-qs ga recompiling", tuner.Options{Algorithm: "ga", Scheme: "vazquez29", Fitness: "match2-qs", PGN: "pgn/gm_demo_1500.pgn",
			Positions: 200, TestPositions: 100, Population: 8, Generations: 4, Seed: 3, Recompile: 2}},
		{"nodes david-search", tuner.Options{Preset: "david-search", Positions: 4, NodeCap: 4000, Population: 4, Generations: 2, Seed: 2}},
		{"tournament mnc", tuner.Options{Algorithm: "mnc", Scheme: "vazquez29", Fitness: "tournament", Games: 2, GameDepth: 1,
			Population: 6, Generations: 2, Seed: 1, Params: map[string]float64{"cs": 2, "cf": 2, "s": 2}}},
		{"texel adam", tuner.Options{Algorithm: "adam", Scheme: "vazquez29", Fitness: "texel", PGN: "pgn/gm_demo_1500.pgn",
			Positions: 300, TestPositions: 100, Generations: 3, Seed: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tuner.Configure(tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			res := tuner.Resources{Open: open, Workers: 2}
			prep, err := tuner.PrepareRun(context.Background(), s, res)
			if err != nil {
				t.Fatal(err)
			}
			wantRecs, wantBest, wantHOF := runRecords(t, s, prep)
			for _, layout := range []struct {
				local int
				other []int
			}{{1, nil}, {0, []int{1, 2}}, {2, []int{1}}} {
				c := startCoordinator(t, Options{Open: open, LocalWorkers: layout.local})
				for _, slots := range layout.other {
					addWorker(t, c, &Worker{Slots: slots, Open: open})
				}
				dres := res
				dres.Distribute = c.Distribute
				prep2, err := tuner.PrepareRun(context.Background(), s, dres)
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := prep2.Train.(*Scorer); !ok {
					t.Fatalf("PrepareRun did not distribute: %T", prep2.Train)
				}
				recs, best, hof := runRecords(t, s, prep2)
				if !reflect.DeepEqual(recs, wantRecs) || !reflect.DeepEqual(best, wantBest) || !reflect.DeepEqual(hof, wantHOF) {
					t.Fatalf("local %d + workers %v: run differs from the local run\n got %+v\nwant %+v", layout.local, layout.other, recs, wantRecs)
				}
				st := c.Stats()
				if st.Done == 0 || st.Batches == 0 || st.ComputeSeconds <= 0 {
					t.Fatalf("stats %+v", st)
				}
				c.Close()
			}
		})
	}
}

// tinySearchProblem is a david-search run of 3 suite positions and 4
// candidates, prepared with open: the smallest real work to distribute.
func tinySearchProblem(t *testing.T, open func(string) (io.ReadCloser, error)) (tuner.Setup, *tuner.Prepared) {
	t.Helper()
	s, err := tuner.Configure(tuner.Options{Preset: "david-search", Positions: 3, NodeCap: 2000, Population: 4, Generations: 1, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	prep, err := tuner.Prepare(context.Background(), s, tuner.Resources{Open: open, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return s, prep
}

// TestRefusals checks that a worker of another build, or with other data,
// refuses the run with a clear error that reaches the coordinator, and
// that a compatible worker then does the work.
func TestRefusals(t *testing.T) {
	root := dataRoot(t)
	open := dataOpen(root)
	s, prep := tinySearchProblem(t, open)
	other := t.TempDir()
	if err := os.MkdirAll(filepath.Join(other, "epd"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "epd", "ecm.epd"), []byte("8/8/8/8/8/8/8/K6k w - - bm Kb2;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		worker *Worker
		want   []string
	}{
		{"other build", &Worker{Slots: 1, Open: open, Build: "someone-elses-build", Name: "old"}, []string{"build", "someone-elses-build", "same evochess binary"}},
		{"other data", &Worker{Slots: 1, Open: dataOpen(other), Where: "-data-dir " + other, Name: "elsewhere"}, []string{"other data", "epd/ecm.epd", "sha256", other}},
		{"missing data", &Worker{Slots: 1, Open: dataOpen(t.TempDir()), Name: "empty"}, []string{"other data", "epd/ecm.epd", "no such file"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs logSink
			c := startCoordinator(t, Options{Open: open, Log: logs.log})
			ev, err := c.Scorer(context.Background(), s, prep.Train)
			if err != nil {
				t.Fatal(err)
			}
			defer ev.Close()
			stopBad := addWorker(t, c, tc.worker)
			cands := [][]int32{param.Defaults(s.Config.Specs), param.Defaults(s.Config.Specs)}
			done := make(chan error, 1)
			var got []tuner.Score
			go func() {
				var err error
				got, err = ev.Score(context.Background(), cands)
				done <- err
			}()
			deadline := time.After(20 * time.Second)
			for !strings.Contains(logs.text(), "refused") {
				select {
				case <-deadline:
					t.Fatalf("no refusal reported; log:\n%s", logs.text())
				case <-time.After(20 * time.Millisecond):
				}
			}
			werr := stopBad()
			if !errors.Is(werr, ErrRefused) {
				t.Fatalf("refusing worker ended with %v", werr)
			}
			for _, w := range tc.want {
				if !strings.Contains(logs.text(), w) || !strings.Contains(werr.Error(), w) {
					t.Fatalf("refusal lacks %q:\ncoordinator: %s\nworker: %v", w, logs.text(), werr)
				}
			}
			addWorker(t, c, &Worker{Slots: 1, Open: open})
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("a compatible worker did not finish the batch")
			}
			want, err := prep.Train.Score(context.Background(), cands)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("got %+v, want %+v", got, want)
			}
		})
	}
}

// TestTimeoutAndMaxDeliver checks that a task that outlives its timeout is
// given back and retried, and that a task no worker can finish fails the
// batch with a report once MaxDeliver is reached, instead of hanging.
func TestTimeoutAndMaxDeliver(t *testing.T) {
	root := dataRoot(t)
	open := dataOpen(root)
	s, err := tuner.Configure(tuner.Options{Preset: "david-search", Positions: 3, NodeCap: 20000, Population: 2, Generations: 1, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	prep, err := tuner.Prepare(context.Background(), s, tuner.Resources{Open: open, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var logs logSink
	c := startCoordinator(t, Options{Open: open, LocalWorkers: 1, TaskTimeout: time.Millisecond, MaxDeliver: 3, AckWait: time.Second, Log: logs.log})
	ev, err := c.Scorer(context.Background(), s, prep.Train)
	if err != nil {
		t.Fatal(err)
	}
	defer ev.Close()
	start := time.Now()
	_, err = ev.Score(context.Background(), [][]int32{param.Defaults(s.Config.Specs)})
	if err == nil || !strings.Contains(err.Error(), "delivered 3 times without a result (MaxDeliver 3)") {
		t.Fatalf("error %v", err)
	}
	if !strings.Contains(logs.text(), "timed out after 1ms; given back") {
		t.Fatalf("no timeout notice in\n%s", logs.text())
	}
	t.Logf("gave up after %s", time.Since(start).Round(time.Millisecond)) // a figure, not a test: a hang would hit the test timeout
}
