//go:build !js

package dist

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// TestSweepDeadRuns checks that a coordinator drops, while it runs, the
// runs whose coordinator died (their manifest no longer refreshed): their
// queued tasks would otherwise go to workers, ahead of live runs' tasks,
// and their manifests stay on a shared server for ever. Its own runs and
// runs still refreshed are kept.
func TestSweepDeadRuns(t *testing.T) {
	const stale = 400 * time.Millisecond
	root := dataRoot(t)
	open := dataOpen(root)
	s, prep := tinySearchProblem(t, open)
	c := startCoordinator(t, Options{Open: open, StaleAfter: stale, SweepEvery: 20 * time.Millisecond})
	own, err := c.Scorer(context.Background(), s, prep.Train)
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	ctx := context.Background()
	put := func(run string) {
		m := Manifest{V: ProtocolVersion, Build: Build(), Run: run, Setup: json.RawMessage(`{}`), SetupKey: strings.Repeat("0", 64),
			Updated: time.Now().UTC()}
		b, _ := json.Marshal(m)
		if _, err := c.kv.Put(ctx, run, b); err != nil {
			t.Fatal(err)
		}
		if _, err := c.js.Publish(ctx, taskSubject(run), []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
	}
	put("rdead")
	put("rlive")
	stop := make(chan struct{})
	defer close(stop)
	go func() { // the live run's coordinator refreshes its manifest
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
				put("rlive")
			}
		}
	}()
	time.Sleep(4 * stale)
	for _, tc := range []struct {
		run     string
		dropped bool
	}{
		{"rdead", true},
		{"rlive", false},
		{own.Run(), false},
	} {
		_, err := c.kv.Get(ctx, tc.run)
		gone := errors.Is(err, jetstream.ErrKeyNotFound)
		info, ierr := c.tasks.Info(ctx, jetstream.WithSubjectFilter(taskSubject(tc.run)))
		if ierr != nil {
			t.Fatal(ierr)
		}
		queued := info.State.Subjects[taskSubject(tc.run)]
		mine := tc.run == own.Run() // it has no queued tasks: only its manifest is looked at
		if gone != tc.dropped || (tc.dropped && queued != 0) || (!tc.dropped && !mine && queued == 0) {
			t.Errorf("run %s: manifest gone %v (%v), %d tasks queued; want dropped %v", tc.run, gone, err, queued, tc.dropped)
		}
	}
}
