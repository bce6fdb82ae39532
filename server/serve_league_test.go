package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"strings"
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
