package main

// The class league's HTTP API (contract 7; types in wasm/protocol/league.go,
// the league itself in server/league). Teacher actions go through
// guard.teacherOnly; the guard has already checked Host, origin, content
// type, body size and rates.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/server/league"
	"github.com/evochess/evochess/wasm/protocol"
)

// maxSubmitBytes bounds a submission (a phoenix640 player file is about 15 KB).
const maxSubmitBytes = 256 << 10

// maxSettingsBytes bounds the small teacher requests.
const maxSettingsBytes = 4 << 10

// maxExports bounds the exports built at once: each is held in memory
// whole (a full league's PGN is tens of MB), so a class pressing "Download"
// together, or a client asking hundreds of times, would otherwise exhaust
// the server's memory. The others wait their turn.
const maxExports = 2

// eventInterval is the shortest time between two league events to one
// client: games can end faster than a leaderboard is worth redrawing.
const eventInterval = 250 * time.Millisecond

// eventWriteTimeout bounds each write of an event stream: a client that
// stops reading (a laptop lid closed, a stalled network) is dropped when
// its buffers fill, instead of holding a goroutine and a stream slot.
var eventWriteTimeout = 10 * time.Second

// leagueAPI serves /api/league/….
type leagueAPI struct {
	l       *league.League
	g       *guard
	joinURL string
	done    <-chan struct{} // closed at shutdown: event streams end
	exports chan struct{}   // a slot per export being built (maxExports)
}

func (a *leagueAPI) routes(mux *http.ServeMux) {
	if a.exports == nil {
		a.exports = make(chan struct{}, maxExports)
	}
	mux.HandleFunc("GET /api/league", a.info)
	mux.HandleFunc("GET /api/league/events", a.events)
	mux.HandleFunc("POST /api/league/entries", a.submit)
	mux.HandleFunc("GET /api/league/entries/{id}", a.entry)
	mux.HandleFunc("DELETE /api/league/entries/{id}", a.g.teacherOnly(a.remove))
	mux.HandleFunc("GET /api/league/games", a.games)
	mux.HandleFunc("GET /api/league/games/{id}", a.game)
	mux.HandleFunc("GET /api/league/games/{id}/pgn", a.gamePGN)
	mux.HandleFunc("GET /api/league/games.pgn", a.exportPGN)
	mux.HandleFunc("GET /api/league/games.csv", a.exportGamesCSV)
	mux.HandleFunc("GET /api/league/standings.csv", a.exportStandingsCSV)
	mux.HandleFunc("POST /api/league/settings", a.g.teacherOnly(a.settings))
	mux.HandleFunc("POST /api/league/pause", a.g.teacherOnly(a.pause(true)))
	mux.HandleFunc("POST /api/league/resume", a.g.teacherOnly(a.pause(false)))
	mux.HandleFunc("POST /api/league/reset", a.g.teacherOnly(a.reset))
}

// leagueError writes err with the status its kind calls for.
func leagueError(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	switch {
	case errors.Is(err, league.ErrInvalid):
		code = http.StatusBadRequest
	case errors.Is(err, league.ErrNotFound):
		code = http.StatusNotFound
	case errors.Is(err, league.ErrConflict), errors.Is(err, league.ErrFull):
		code = http.StatusConflict
	case errors.Is(err, league.ErrClosed), errors.Is(err, context.Canceled):
		code = http.StatusServiceUnavailable
	}
	httpError(w, code, "league: %v", err)
}

// decodeBody reads a JSON body of at most limit bytes into v (unknown
// fields and trailing data refused); it writes the error itself.
func decodeBody(w http.ResponseWriter, r *http.Request, limit int64, v any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			httpError(w, http.StatusRequestEntityTooLarge, "serve: request body larger than %d bytes", tooBig.Limit)
			return false
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			httpError(w, http.StatusRequestTimeout, "serve: request body not sent in time")
			return false
		}
		httpError(w, http.StatusBadRequest, "serve: read request: %v", err)
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		httpError(w, http.StatusBadRequest, "serve: bad JSON: %v", err)
		return false
	}
	if dec.More() {
		httpError(w, http.StatusBadRequest, "serve: bad JSON: trailing data")
		return false
	}
	return true
}

func (a *leagueAPI) info(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, protocol.LeagueInfo{State: a.l.State(), Teacher: a.g.isTeacher(r), TokenRequired: a.g.cfg.token != "", JoinURL: a.joinURL})
}

// events streams the league state: one unnamed event per change (at most
// one per eventInterval), id = the state's sequence number, a comment
// every 15 s to keep the connection open. Each write must be done within
// eventWriteTimeout. HEAD gets the headers only (guard.openStream).
func (a *leagueAPI) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		httpError(w, http.StatusInternalServerError, "serve: streaming unsupported")
		return
	}
	release, ok := a.g.openStream(w, r)
	if !ok {
		return
	}
	defer release()
	rc := http.NewResponseController(w)
	// The connection may serve further requests: no deadline left behind.
	defer rc.SetWriteDeadline(time.Time{})
	// send writes one event or comment and flushes it before the deadline;
	// false when the client is gone or too slow.
	send := func(format string, args ...any) bool {
		if err := rc.SetWriteDeadline(time.Now().Add(eventWriteTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return false
		}
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if err := rc.SetWriteDeadline(time.Now().Add(eventWriteTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return
	}
	beginEventStream(w, fl)
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	last := int64(-1)
	for {
		changed := a.l.Changed()
		if seq, data := a.l.Snapshot(); seq != last {
			if !send("id: %d\ndata: %s\n\n", seq, data) {
				return
			}
			last = seq
		}
		select {
		case <-changed:
			// Coalesce bursts of changes into one event.
			t := time.NewTimer(eventInterval)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				return
			case <-a.done:
				t.Stop()
				return
			}
		case <-ping.C:
			if !send(": ping\n\n") {
				return
			}
		case <-r.Context().Done():
			return
		case <-a.done:
			return
		case <-a.l.Done():
			return
		}
	}
}

func (a *leagueAPI) submit(w http.ResponseWriter, r *http.Request) {
	var req protocol.LeagueSubmit
	if !decodeBody(w, r, maxSubmitBytes, &req) {
		return
	}
	if err := req.Validate(); err != nil {
		httpError(w, http.StatusBadRequest, "league: %v", err)
		return
	}
	res, err := a.l.Submit(r.Context(), req.Name, req.Player, clientAddr(r), a.g.isTeacher(r))
	if errors.Is(err, league.ErrFull) {
		httpError(w, http.StatusConflict, "%s", leagueFullText(err))
		return
	}
	if err != nil {
		leagueError(w, err)
		return
	}
	w.Header().Set("Location", "/api/league/entries/"+strconv.FormatInt(res.ID, 10))
	writeJSON(w, http.StatusCreated, res)
}

// entry answers GET /api/league/entries/{id} (the Location of a
// submission): the entry's line of the standings, as LeagueState lists it.
func (a *leagueAPI) entry(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	s, err := a.l.Entry(id)
	if err != nil {
		leagueError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, s)
}

// leagueFullText says a refusal for a full league (league.ErrFull) in a
// student's words: what is full and what to do.
func leagueFullText(err error) string {
	msg := err.Error()
	var mine, most int
	if _, e := fmt.Sscanf(msg, "league full: this device already has %d entries in the league (at most %d)", &mine, &most); e == nil {
		return fmt.Sprintf("This device has already entered %d players, the most one device may enter: ask your teacher to remove one of them to enter another.", mine)
	}
	if _, e := fmt.Sscanf(msg, "league full: %d entries, the most this league takes", &most); e == nil {
		return fmt.Sprintf("The league is full: it has %d players, the most it takes. Ask your teacher to remove one to make room.", most)
	}
	return "The league is full: " + strings.TrimPrefix(msg, "league full: ") + "."
}

// pathID parses the {id} path value; it writes the error itself.
func pathID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		httpError(w, http.StatusNotFound, "league: no such id %q", clip(r.PathValue("id"), 40))
		return 0, false
	}
	return id, true
}

func (a *leagueAPI) remove(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	if err := a.l.Remove(r.Context(), id); err != nil {
		leagueError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"removed": id})
}

func (a *leagueAPI) games(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	num := func(name string) (int64, bool) {
		v := q.Get(name)
		if v == "" {
			return 0, true
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			httpError(w, http.StatusBadRequest, "league: %s=%q: want a whole number ≥ 0", name, clip(v, 40))
			return 0, false
		}
		return n, true
	}
	entry, ok1 := num("entry")
	if !ok1 {
		return
	}
	before, ok2 := num("before")
	if !ok2 {
		return
	}
	limit, ok3 := num("limit")
	if !ok3 {
		return
	}
	list, err := a.l.Games(r.Context(), entry, before, int(min(limit, 500)))
	if err != nil {
		leagueError(w, err)
		return
	}
	if list == nil {
		list = []protocol.LeagueGameSummary{}
	}
	writeJSON(w, http.StatusOK, list)
}

func (a *leagueAPI) game(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	g, _, err := a.l.Game(r.Context(), id)
	if err != nil {
		leagueError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, g)
}

// download sets the headers of a file to save.
func download(w http.ResponseWriter, ctype, name string) {
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
}

func (a *leagueAPI) gamePGN(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	_, pgn, err := a.l.Game(r.Context(), id)
	if err != nil {
		leagueError(w, err)
		return
	}
	download(w, "application/x-chess-pgn; charset=utf-8", fmt.Sprintf("league-game-%d.pgn", id))
	_, _ = io.WriteString(w, pgn)
}

// export buffers a whole export so that a storage error is still a clean
// JSON error rather than a cut file; at most maxExports at once.
func (a *leagueAPI) export(w http.ResponseWriter, r *http.Request, ctype, name string, write func(io.Writer) error) {
	select {
	case a.exports <- struct{}{}:
		defer func() { <-a.exports }()
	case <-r.Context().Done():
		return
	case <-a.done:
		httpError(w, http.StatusServiceUnavailable, "serve: shutting down")
		return
	}
	var b bytes.Buffer
	if err := write(&b); err != nil {
		leagueError(w, err)
		return
	}
	download(w, ctype, name)
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	_, _ = w.Write(b.Bytes())
}

func (a *leagueAPI) exportPGN(w http.ResponseWriter, r *http.Request) {
	a.export(w, r, "application/x-chess-pgn; charset=utf-8", "league-games.pgn", func(out io.Writer) error { return a.l.WriteGamesPGN(r.Context(), out) })
}

func (a *leagueAPI) exportGamesCSV(w http.ResponseWriter, r *http.Request) {
	a.export(w, r, "text/csv; charset=utf-8", "league-games.csv", func(out io.Writer) error { return a.l.WriteGamesCSV(r.Context(), out) })
}

func (a *leagueAPI) exportStandingsCSV(w http.ResponseWriter, r *http.Request) {
	a.export(w, r, "text/csv; charset=utf-8", "league-standings.csv", a.l.WriteStandingsCSV)
}

func (a *leagueAPI) settings(w http.ResponseWriter, r *http.Request) {
	var s protocol.LeagueSettings
	if !decodeBody(w, r, maxSettingsBytes, &s) {
		return
	}
	if err := a.l.SetSettings(r.Context(), s); err != nil {
		leagueError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, a.l.State().Settings)
}

func (a *leagueAPI) pause(paused bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var empty struct{}
		if r.ContentLength != 0 && !decodeBody(w, r, maxSettingsBytes, &empty) {
			return
		}
		if err := a.l.SetPaused(r.Context(), paused); err != nil {
			leagueError(w, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]bool{"paused": paused})
	}
}

func (a *leagueAPI) reset(w http.ResponseWriter, r *http.Request) {
	var req protocol.LeagueReset
	if r.ContentLength != 0 && !decodeBody(w, r, maxSettingsBytes, &req) {
		return
	}
	if err := a.l.Reset(r.Context(), req.Entries); err != nil {
		leagueError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"epoch": a.l.State().Epoch})
}
