package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/wasm/protocol"
)

// startRun posts okConfig to srv and returns the run it created.
func startRun(t *testing.T, url string) protocol.RunCreated {
	t.Helper()
	resp := postJSON(t, url+"/api/runs", okConfig, nil)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("run: %d %s", resp.StatusCode, readAll(t, resp.Body))
	}
	var rc protocol.RunCreated
	if err := json.Unmarshal(readAll(t, resp.Body), &rc); err != nil {
		t.Fatal(err)
	}
	return rc
}

// TestRunIDsDifferAcrossServers: a server restarted mid-run numbers its
// runs afresh, but a page still following the old server's run must not
// get the new server's run of the same number: its events, or its Stop
// (session 36: the old page's Stop stopped another user's run).
func TestRunIDsDifferAcrossServers(t *testing.T) {
	st := testSite(t)
	old, _ := testServer(t, st, blockingRun, 1)
	restarted, _ := testServer(t, st, blockingRun, 1)
	a, b := startRun(t, old.URL), startRun(t, restarted.URL)
	if a.ID == b.ID {
		t.Fatalf("two servers' first runs have one ID %q", a.ID)
	}
	// The old page's stop and event stream reach nothing on the new server.
	if resp := postJSON(t, restarted.URL+"/api/runs/"+a.ID+"/stop", "", nil); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("stop of the old server's run on the new one: %d, want 404", resp.StatusCode)
	}
	if resp := do(t, "GET", restarted.URL+a.Events, nil, nil); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("events of the old server's run on the new one: %d, want 404", resp.StatusCode)
	}
	// The new server's run is still running.
	var caps protocol.Capabilities
	if err := json.Unmarshal(readAll(t, do(t, "GET", restarted.URL+"/api/capabilities", nil, nil).Body), &caps); err != nil {
		t.Fatal(err)
	}
	if caps.Running != 1 {
		t.Fatalf("the new server's run: %d running, want 1", caps.Running)
	}
}

// TestStoppedRunSaysStopped: a native run stopped on request ends with the
// run-state a worker's run sends ("stopped", not the Go error's text).
func TestStoppedRunSaysStopped(t *testing.T) {
	st := testSite(t)
	srv, _ := testServer(t, st, blockingRun, 1)
	rc := startRun(t, srv.URL)
	if resp := postJSON(t, srv.URL+"/api/runs/"+rc.ID+"/stop", "", nil); resp.StatusCode != http.StatusAccepted {
		t.Fatalf("stop: %d", resp.StatusCode)
	}
	resp := do(t, "GET", srv.URL+rc.Events, nil, nil)
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	deadline := time.Now().Add(10 * time.Second)
	for sc.Scan() && time.Now().Before(deadline) {
		line, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		m, err := protocol.DecodeString(line)
		if err != nil {
			t.Fatal(err)
		}
		if rs, ok := m.Body.(*protocol.RunState); ok && rs.State == protocol.StateStopped {
			if rs.Reason != "stopped" {
				t.Fatalf("stopped run's reason %q, want \"stopped\"", rs.Reason)
			}
			return
		}
	}
	t.Fatal("no stopped run-state in the stream")
}

// TestRunState: GET /api/runs/{id} says whether the server has a run (a
// page reloaded mid-run follows it again) and whether it ended; a run of
// an earlier server is 404; changing methods are not allowed there.
func TestRunState(t *testing.T) {
	st := testSite(t)
	srv, _ := testServer(t, st, blockingRun, 1)
	rc := startRun(t, srv.URL)
	get := func(id string) (int, runStatus) {
		resp := do(t, "GET", srv.URL+"/api/runs/"+id, nil, nil)
		var rs runStatus
		body := readAll(t, resp.Body)
		if resp.StatusCode == http.StatusOK {
			if err := json.Unmarshal(body, &rs); err != nil {
				t.Fatalf("%s: %v", body, err)
			}
			if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
				t.Fatalf("Cache-Control %q", cc)
			}
		}
		return resp.StatusCode, rs
	}
	if code, rs := get(rc.ID); code != http.StatusOK || rs.ID != rc.ID || rs.Done {
		t.Fatalf("running run: %d %+v", code, rs)
	}
	if code, _ := get("r1-00000000"); code != http.StatusNotFound {
		t.Fatalf("unknown run: %d, want 404", code)
	}
	if resp := postJSON(t, srv.URL+"/api/runs/"+rc.ID, "", nil); resp.StatusCode < 400 {
		t.Fatalf("POST /api/runs/{id}: %d, want an error", resp.StatusCode)
	}
	if resp := postJSON(t, srv.URL+"/api/runs/"+rc.ID+"/stop", "", nil); resp.StatusCode != http.StatusAccepted {
		t.Fatalf("stop: %d", resp.StatusCode)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, rs := get(rc.ID)
		if code == http.StatusOK && rs.Done && rs.Events > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("stopped run: %d %+v", code, rs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
