package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/wasm/protocol"
)

// sseStates reads league events from a stream into a channel.
func sseStates(t *testing.T, resp *http.Response) <-chan protocol.LeagueState {
	t.Helper()
	ch := make(chan protocol.LeagueState, 256)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		lastID := int64(-1)
		for sc.Scan() {
			line := sc.Text()
			if id, ok := strings.CutPrefix(line, "id: "); ok {
				n, err := strconv.ParseInt(id, 10, 64)
				if err != nil || n <= lastID {
					t.Errorf("event id %q after %d", id, lastID)
					return
				}
				lastID = n
			}
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				var st protocol.LeagueState
				if err := json.Unmarshal([]byte(data), &st); err != nil {
					t.Errorf("event data: %v", err)
					return
				}
				ch <- st
			}
		}
	}()
	return ch
}

func nextState(t *testing.T, ch <-chan protocol.LeagueState, what string, cond func(protocol.LeagueState) bool) protocol.LeagueState {
	t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case st, ok := <-ch:
			if !ok {
				t.Fatalf("stream ended waiting for %s", what)
			}
			if cond(st) {
				return st
			}
		case <-timeout:
			t.Fatalf("no event with %s", what)
		}
	}
}

// TestLeagueAPI drives the league over HTTP as the page does: two
// submissions, the standings over server-sent events, games, exports and
// the teacher's actions, with the refusals' statuses.
func TestLeagueAPI(t *testing.T) {
	st := testSite(t)
	srv, _, _ := testServerWith(t, st, blockingRun, 1, defaultGuard())
	events := do(t, "GET", srv.URL+"/api/league/events", nil, nil)
	if events.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events Content-Type %q", events.Header.Get("Content-Type"))
	}
	states := sseStates(t, events)
	first := nextState(t, states, "the initial state", func(protocol.LeagueState) bool { return true })
	if len(first.Standings) != 0 || first.Settings.Depth != 1 {
		t.Fatalf("initial state %+v", first)
	}

	var ids []int64
	for _, c := range []struct{ name, preset string }{{"Ana", "material"}, {"Ben", "david-fig3"}} {
		resp := postJSON(t, srv.URL+"/api/league/entries", submitBody(t, c.name, c.preset), nil)
		body := readAll(t, resp.Body)
		var got protocol.LeagueSubmitted
		if resp.StatusCode != http.StatusCreated || json.Unmarshal(body, &got) != nil || got.Name != c.name {
			t.Fatalf("submit %s: %d %s", c.name, resp.StatusCode, body)
		}
		ids = append(ids, got.ID)
	}
	checkAPIError(t, postJSON(t, srv.URL+"/api/league/entries", submitBody(t, "ana", "material"), nil), http.StatusConflict, "taken")
	checkAPIError(t, postJSON(t, srv.URL+"/api/league/entries", `{"name":"Cy","player":{"version":1,"scheme":"nope","weights":{}}}`, nil), http.StatusBadRequest, "nope")
	checkAPIError(t, postJSON(t, srv.URL+"/api/league/entries", `{"name":"Cy"}`, nil), http.StatusBadRequest, "player: missing")

	// The two games appear live in the standings.
	done := nextState(t, states, "two games", func(s protocol.LeagueState) bool { return s.Games == 2 && len(s.Playing) == 0 })
	if len(done.Standings) != 2 || done.Standings[0].Games != 2 || !done.Standings[0].Rated || len(done.Recent) != 2 {
		t.Fatalf("standings %+v", done)
	}

	var list []protocol.LeagueGameSummary
	json.Unmarshal(readAll(t, do(t, "GET", srv.URL+"/api/league/games?limit=10", nil, nil).Body), &list)
	if len(list) != 2 || list[0].ID < list[1].ID {
		t.Fatalf("games %+v", list)
	}
	var g protocol.LeagueGame
	json.Unmarshal(readAll(t, do(t, "GET", srv.URL+fmt.Sprintf("/api/league/games/%d", list[0].ID), nil, nil).Body), &g)
	if len(g.Moves) != g.Plies || g.StartFEN == "" || g.White == "" || g.Limits != "depth 1" {
		t.Fatalf("game %+v", g)
	}
	resp := do(t, "GET", srv.URL+fmt.Sprintf("/api/league/games/%d/pgn", g.ID), nil, nil)
	pg := readAll(t, resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("PGN download %d %v", resp.StatusCode, resp.Header)
	}
	if games, err := pgn.NewReader(strings.NewReader(string(pg))).Next(); err != nil || games.Tag("White") != g.White {
		t.Fatalf("PGN does not parse back: %v\n%s", err, pg)
	}
	for _, p := range []string{"/api/league/games.pgn", "/api/league/games.csv", "/api/league/standings.csv"} {
		resp := do(t, "GET", srv.URL+p, nil, nil)
		body := readAll(t, resp.Body)
		if resp.StatusCode != 200 || len(body) == 0 || !strings.Contains(string(body), "Ana") {
			t.Errorf("%s: %d %q", p, resp.StatusCode, body)
		}
	}
	for _, c := range []struct {
		path string
		code int
	}{{"/api/league/games/999", 404}, {"/api/league/games/x", 404}, {"/api/league/games/0/pgn", 404}, {"/api/league/games?limit=-1", 400}, {"/api/league/games?entry=a", 400}} {
		resp := do(t, "GET", srv.URL+c.path, nil, nil)
		checkAPIError(t, resp, c.code, "league")
	}

	// Teacher actions (a loopback server: everyone is the teacher).
	jsonHdr := map[string]string{"Content-Type": "application/json"}
	checkAPIError(t, postJSON(t, srv.URL+"/api/league/settings", `{"depth":0,"gamesPerPair":2}`, nil), http.StatusBadRequest, "exactly one")
	if resp := postJSON(t, srv.URL+"/api/league/settings", `{"depth":1,"gamesPerPair":4}`, nil); resp.StatusCode != 200 {
		t.Fatalf("settings %d", resp.StatusCode)
	}
	nextState(t, states, "four games", func(s protocol.LeagueState) bool { return s.Games == 4 && s.Settings.GamesPerPair == 4 })
	if resp := do(t, "POST", srv.URL+"/api/league/pause", jsonHdr, nil); resp.StatusCode != 200 {
		t.Fatalf("pause %d", resp.StatusCode)
	}
	nextState(t, states, "paused", func(s protocol.LeagueState) bool { return s.Paused })
	if resp := do(t, "DELETE", srv.URL+fmt.Sprintf("/api/league/entries/%d", ids[0]), jsonHdr, nil); resp.StatusCode != 200 {
		t.Fatalf("remove %d", resp.StatusCode)
	}
	checkAPIError(t, do(t, "DELETE", srv.URL+fmt.Sprintf("/api/league/entries/%d", ids[0]), jsonHdr, nil), http.StatusNotFound, "no entry")
	nextState(t, states, "one entry", func(s protocol.LeagueState) bool { return len(s.Standings) == 1 && s.Games == 0 })
	if resp := postJSON(t, srv.URL+"/api/league/reset", `{"entries":true}`, nil); resp.StatusCode != 200 {
		t.Fatalf("reset %d", resp.StatusCode)
	}
	nextState(t, states, "an empty new epoch", func(s protocol.LeagueState) bool { return len(s.Standings) == 0 && s.Epoch == 1 })
	if resp := do(t, "POST", srv.URL+"/api/league/resume", jsonHdr, nil); resp.StatusCode != 200 {
		t.Fatalf("resume %d", resp.StatusCode)
	}
	nextState(t, states, "resumed", func(s protocol.LeagueState) bool { return !s.Paused })
}

// TestLeagueFullText: a refusal for a full league is said in a student's
// words, not as the league package's error.
func TestLeagueFullText(t *testing.T) {
	for _, c := range []struct{ err, want string }{
		{"league full: this device already has 5 entries in the league (at most 5)", "This device has already entered 5 players, the most one device may enter: ask your teacher to remove one of them to enter another."},
		{"league full: 200 entries, the most this league takes", "The league is full: it has 200 players, the most it takes. Ask your teacher to remove one to make room."},
	} {
		if got := leagueFullText(fmt.Errorf("%w", errors.New(c.err))); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.err, got, c.want)
		}
	}
}

// TestLeagueCoresReported: the native-run capabilities report the machine's
// cores, not GOMAXPROCS, which serve raises to the league workers + 1 (a
// 2-core machine showed "3 cores").
func TestLeagueCoresReported(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(runtime.NumCPU() + 1))
	m := newRunManager(context.Background(), nil, nil, 1)
	if m.cores != runtime.NumCPU() {
		t.Errorf("cores %d, want runtime.NumCPU() = %d (GOMAXPROCS %d)", m.cores, runtime.NumCPU(), runtime.GOMAXPROCS(0))
	}
}

// TestLeagueEntryLocation: the Location of a submission's 201 answers GET
// with the entry as the state lists it; unknown and withdrawn entries are
// JSON 404s.
func TestLeagueEntryLocation(t *testing.T) {
	lg := testLeague(t, false)
	h := newTestHandler(t, testSite(t), newGuard(defaultGuard()), lg)
	call := func(method, path, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "http://127.0.0.1:8080"+path, strings.NewReader(body))
		req.RemoteAddr = "127.0.0.1:5555"
		if body != "" || method != "GET" {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	loc := map[string]string{}
	for _, name := range []string{"Ana", "Ben"} {
		rec := call("POST", "/api/league/entries", submitBody(t, name, "material"))
		var got protocol.LeagueSubmitted
		if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &got) != nil {
			t.Fatalf("submit %s: %d %s", name, rec.Code, rec.Body)
		}
		if want := fmt.Sprintf("/api/league/entries/%d", got.ID); rec.Header().Get("Location") != want {
			t.Fatalf("submit %s: Location %q, want %q", name, rec.Header().Get("Location"), want)
		}
		loc[name] = rec.Header().Get("Location")
	}
	if rec := call("DELETE", loc["Ben"], ""); rec.Code != http.StatusOK {
		t.Fatalf("remove Ben: %d %s", rec.Code, rec.Body)
	}
	st := lg.State()
	for _, c := range []struct {
		what, path string
		code       int
		want       string // the entry's name, or what the error mentions
	}{
		{"a submission's Location", loc["Ana"], http.StatusOK, "Ana"},
		{"a withdrawn entry", loc["Ben"], http.StatusNotFound, "no entry"},
		{"no such entry", "/api/league/entries/999", http.StatusNotFound, "no entry 999"},
		{"not an id", "/api/league/entries/x", http.StatusNotFound, "no such id"},
		{"id 0", "/api/league/entries/0", http.StatusNotFound, "no such id"},
	} {
		rec := call("GET", c.path, "")
		if c.code != http.StatusOK {
			checkAPIError(t, rec.Result(), c.code, c.want)
			continue
		}
		var got protocol.LeagueStanding
		if rec.Code != c.code || rec.Header().Get("Content-Type") != "application/json" || json.Unmarshal(rec.Body.Bytes(), &got) != nil {
			t.Errorf("%s: GET %s: %d %q %s", c.what, c.path, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
			continue
		}
		if len(st.Standings) != 1 || got != st.Standings[0] || got.Name != c.want {
			t.Errorf("%s: GET %s: %+v; the state lists %+v", c.what, c.path, got, st.Standings)
		}
	}
}

// TestLeagueSubmitPlayerError: a refused player file says "player:" once.
func TestLeagueSubmitPlayerError(t *testing.T) {
	lg := testLeague(t, false)
	h := newTestHandler(t, testSite(t), newGuard(defaultGuard()), lg)
	for _, c := range []struct{ what, body, want string }{
		{"unknown scheme", `{"name":"Cy","player":{"version":1,"scheme":"nope","weights":{}}}`, "nope"},
		{"no version", `{"name":"Cy","player":{"scheme":"material","weights":{}}}`, "version"},
		{"not an object", `{"name":"Cy","player":[1]}`, "player"},
	} {
		req := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/league/entries", strings.NewReader(c.body))
		req.RemoteAddr = "127.0.0.1:5555"
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		checkAPIError(t, rec.Result(), http.StatusBadRequest, c.want)
		var e apiError
		json.Unmarshal(rec.Body.Bytes(), &e)
		if n := strings.Count(e.Error, "player:"); n != 1 {
			t.Errorf("%s: %q says \"player:\" %d times", c.what, e.Error, n)
		}
	}
}

// streamsOf is how many event streams the guard counts for addr.
func streamsOf(g *guard, addr string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.streams[addr]
}

// TestLeagueEventsHead: HEAD on the event stream is answered at once with
// the stream's headers and takes no stream slot; GET holds one.
func TestLeagueEventsHead(t *testing.T) {
	cfg := defaultGuard()
	cfg.maxStreamsPerAddr = 1
	g := newGuard(cfg)
	h := newTestHandler(t, testSite(t), g, testLeague(t, false))
	for _, c := range []struct {
		method string
		holds  bool // the request keeps its stream slot while it runs
	}{{"HEAD", false}, {"GET", true}} {
		t.Run(c.method, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			req := httptest.NewRequest(c.method, "http://127.0.0.1:8080/api/league/events", nil).WithContext(ctx)
			req.RemoteAddr = "10.0.2.1:5555"
			rec := httptest.NewRecorder()
			started := make(chan struct{}, 1)
			done := make(chan struct{})
			go func() {
				defer close(done)
				h.ServeHTTP(&notifyRecorder{rec, started}, req)
			}()
			if !c.holds {
				select {
				case <-done:
				case <-time.After(10 * time.Second):
					cancel()
					<-done
					t.Fatalf("%s kept the stream open", c.method)
				}
				if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/event-stream" || rec.Body.Len() != 0 {
					t.Errorf("%s: %d %q %q", c.method, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
				}
				if n := streamsOf(g, "10.0.2.1"); n != 0 {
					t.Errorf("%s left %d stream slots taken", c.method, n)
				}
				return
			}
			<-started
			if n := streamsOf(g, "10.0.2.1"); n != 1 {
				t.Errorf("%s holds %d stream slots, want 1", c.method, n)
			}
			cancel()
			<-done
			if n := streamsOf(g, "10.0.2.1"); n != 0 {
				t.Errorf("%s left %d stream slots taken after it ended", c.method, n)
			}
		})
	}
}

// stalledWriter is a connection whose reader has stopped: the writes from
// stallAt on block until the write deadline (then fail as a net.Conn
// does) or, with no deadline, until release closes.
type stalledWriter struct {
	header  http.Header
	stallAt int // the first write that blocks (1 = the first)
	release chan struct{}
	wrote   chan struct{} // a write returned

	mu        sync.Mutex
	writes    int
	deadline  time.Time
	deadlines int // writes that had a deadline in the future
}

func (s *stalledWriter) Header() http.Header { return s.header }
func (s *stalledWriter) WriteHeader(int)     {}
func (s *stalledWriter) Flush()              {}

func (s *stalledWriter) SetWriteDeadline(d time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deadline = d
	return nil
}

func (s *stalledWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	s.writes++
	n, d := s.writes, s.deadline
	if d.After(time.Now()) {
		s.deadlines++
	}
	s.mu.Unlock()
	if n < s.stallAt {
		s.wrote <- struct{}{}
		return len(p), nil
	}
	if d.IsZero() {
		<-s.release
		return 0, errors.New("released")
	}
	select {
	case <-time.After(time.Until(d)):
		return 0, os.ErrDeadlineExceeded
	case <-s.release:
		return 0, errors.New("released")
	}
}

// TestLeagueEventsStalledReader: every write of the event stream has a
// deadline, so a client that stops reading is dropped and its stream slot
// freed, at the first event or a later one.
func TestLeagueEventsStalledReader(t *testing.T) {
	defer func(d time.Duration) { eventWriteTimeout = d }(eventWriteTimeout)
	eventWriteTimeout = 200 * time.Millisecond
	g := newGuard(defaultGuard())
	lg := testLeague(t, false)
	h := newTestHandler(t, testSite(t), g, lg)
	for _, c := range []struct {
		what    string
		stallAt int
	}{{"at the first event", 1}, {"at the second event", 2}} {
		t.Run(c.what, func(t *testing.T) {
			w := &stalledWriter{header: http.Header{}, stallAt: c.stallAt, release: make(chan struct{}), wrote: make(chan struct{}, 8)}
			defer close(w.release)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			req := httptest.NewRequest("GET", "http://127.0.0.1:8080/api/league/events", nil).WithContext(ctx)
			req.RemoteAddr = "10.0.3.1:5555"
			done := make(chan struct{})
			go func() {
				defer close(done)
				h.ServeHTTP(w, req)
			}()
			for i := 1; i < c.stallAt; i++ {
				<-w.wrote
			}
			if c.stallAt > 1 {
				// A change: the next event is written to the stalled reader.
				if err := lg.SetPaused(context.Background(), !lg.State().Paused); err != nil {
					t.Fatal(err)
				}
			}
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("a stalled reader was not dropped")
			}
			w.mu.Lock()
			defer w.mu.Unlock()
			if w.writes != c.stallAt || w.deadlines != w.writes {
				t.Errorf("%d writes, %d with a deadline; want %d, each with one", w.writes, w.deadlines, c.stallAt)
			}
			if n := streamsOf(g, "10.0.3.1"); n != 0 {
				t.Errorf("the dropped stream still holds %d slots", n)
			}
		})
	}
}
