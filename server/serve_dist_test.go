package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"os"
	"testing"
	"testing/fstest"

	"github.com/evochess/evochess/wasm/protocol"
)

// TestServeDistributedRun runs the same native run on a plain server and on
// one started with -distributed: the distributed run's event stream carries
// cluster messages (workers, tasks done) and its generations are the same.
func TestServeDistributedRun(t *testing.T) {
	games, err := os.ReadFile("../wasm/runner/testdata/games200.pgn")
	if err != nil {
		t.Fatal(err)
	}
	st, err := loadSite(fstest.MapFS{"index.html": {Data: []byte("<p>x</p>")}, protocol.BundledPath: {Data: games}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := `{"algorithm":"ga","scheme":"vazquez29","fitness":"match2-qs","generations":3,"population":8,"seed":3,"data":{"source":"bundled","sample":{"seed":5,"train":80,"test":30}}}`
	runOn := func(src *sources) []protocol.Message {
		srv, _ := testServer(t, st, src.run, 1)
		resp := postJSON(t, srv.URL+"/api/runs", cfg, nil)
		body := readAll(t, resp.Body)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("create: %d %s", resp.StatusCode, body)
		}
		var created protocol.RunCreated
		if err := json.Unmarshal(body, &created); err != nil {
			t.Fatal(err)
		}
		return readEvents(t, do(t, "GET", srv.URL+created.Events, nil, nil).Body)
	}
	progress := func(msgs []protocol.Message) []protocol.Progress {
		var out []protocol.Progress
		for _, m := range msgs {
			if p, ok := m.Body.(*protocol.Progress); ok {
				q := *p
				q.ElapsedMS, q.ETAMS, q.Checkpoint, q.Timing = 0, 0, nil, nil
				out = append(out, q)
			}
		}
		return out
	}
	want := progress(runOn(&sources{site: st}))

	var df distFlags
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	df.bind(fs)
	if err := fs.Parse([]string{"-distributed", "-nats-listen", freePort(t), "-local-workers", "1", "-nats-store", t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	coord, closeDist, err := startServeDist(context.Background(), &df, st, "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer closeDist()
	msgs := runOn(&sources{site: st, coord: coord})
	got := progress(msgs)
	if len(got) != 3 || len(want) != 3 {
		t.Fatalf("%d and %d progress events", len(got), len(want))
	}
	for i := range got {
		if got[i].Best != want[i].Best || got[i].Mean != want[i].Mean || got[i].TrainMatch != want[i].TrainMatch || got[i].Evaluations != want[i].Evaluations {
			t.Fatalf("generation %d: distributed %+v, plain %+v", i+1, got[i], want[i])
		}
	}
	var last *protocol.Cluster
	for _, m := range msgs {
		if c, ok := m.Body.(*protocol.Cluster); ok {
			last = c
		}
	}
	if last == nil || last.Done == 0 || last.Workers != 1 || last.Slots != 1 {
		t.Fatalf("cluster message %+v", last)
	}
}
