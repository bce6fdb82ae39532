package main

// evochess serve -distributed: native runs score their fitness on a NATS
// JetStream work queue (tuner/dist), and their event streams carry the
// queue's state as "cluster" messages.

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/evochess/evochess/tuner/dist"
	"github.com/evochess/evochess/wasm/protocol"
)

// clusterEvery is the period of the cluster messages of a run (sent only
// when the queue changed, so that a run's event log stays short).
const clusterEvery = 2 * time.Second

// startServeDist starts the coordinator of a distributed server. Workers
// find the data a run names in their -data-dir: the bundled games as
// pgn/gm_demo_1500.pgn (the shared data folder's copy is byte-identical),
// a file of the server's -data-dir under its plain name.
func startServeDist(ctx context.Context, df *distFlags, st *site, dataDir string, log io.Writer) (*dist.Coordinator, func(), error) {
	src := &sources{site: st, dataDir: dataDir}
	open := func(name string) (io.ReadCloser, error) {
		if protocol.IsBundled(name) {
			rc, _, err := src.open(protocol.BundledSource)
			return rc, err
		}
		if !strings.Contains(name, "/") && (strings.HasSuffix(name, ".pgn") || strings.HasSuffix(name, ".pgn.gz")) {
			rc, _, err := src.open(name)
			return rc, err
		}
		return src.openData(name)
	}
	c, closeDist, err := df.start(ctx, open, "", func(format string, a ...any) {
		fmt.Fprintf(log, "evochess serve: "+format+"\n", a...)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("serve: %w", err)
	}
	return c, closeDist, nil
}

// reportCluster emits the queue's state every clusterEvery while a run
// lasts (when it changed); the returned function stops it.
func (s *sources) reportCluster(emit func(protocol.Body)) func() {
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(clusterEvery)
		defer t.Stop()
		var last protocol.Cluster
		for {
			final := false
			select {
			case <-stop:
				final = true
			case <-t.C:
			}
			m := clusterMessage(s.coord.Stats())
			if m != last {
				last = m
				emit(&m)
			}
			if final {
				return
			}
		}
	}()
	return func() { close(stop); <-done }
}

func clusterMessage(st dist.Stats) protocol.Cluster {
	return protocol.Cluster{Workers: st.Workers, Slots: st.Slots, Busy: st.Busy, Queued: st.Queued, InFlight: st.InFlight,
		Done: st.Done, Redelivered: st.Redelivered, Refusals: st.Refusals, TasksPerSecond: st.TasksPerSecond,
		BatchTasks: st.BatchTasks, BatchDone: st.BatchDone}
}
