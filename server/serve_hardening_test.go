package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/evochess/evochess/wasm/protocol"
)

// startTestServe runs serve on a free loopback port with the league file db
// until the test ends; it returns the base URL once the server answers.
func startTestServe(t *testing.T, db string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	site := fstest.MapFS{"index.html": {Data: []byte("<p>hello</p>")}}
	var log bytes.Buffer
	go func() {
		done <- serve(ctx, ln, serveOptions{maxRuns: 1, site: site, db: db, leagueWorkers: 1}, &log)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("first serve: %v", err)
		}
	})
	base := "http://" + ln.Addr().String()
	resp, err := http.Get(base + "/api/league")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return base
}

// TestServeLeagueFileRefused: a league file the server could not use, or
// one another server is using, is refused at start with a message naming
// the problem — not after the first submission or game is lost, and not by
// two servers playing the same games with standings of their own.
func TestServeLeagueFileRefused(t *testing.T) {
	dir := t.TempDir()
	inUse := filepath.Join(dir, "in-use.db")
	startTestServe(t, inUse)
	roDir := filepath.Join(dir, "ro")
	if err := os.Mkdir(roDir, 0o555); err != nil {
		t.Fatal(err)
	}
	roFile := filepath.Join(dir, "ro.db")
	if err := os.WriteFile(roFile, nil, 0o444); err != nil {
		t.Fatal(err)
	}
	root := os.Geteuid() == 0 // root writes read-only files and folders
	cases := []struct {
		name, db, want string
		needsNonRoot   bool
	}{
		{"empty", "", "-db is empty", false},
		{"folder", dir, "is a folder", false},
		{"missing folder", filepath.Join(dir, "missing", "l.db"), "does not exist", false},
		{"in use by another server", inUse, "in use by another evochess serve", false},
		{"read-only file", roFile, "is read-only", true},
		{"read-only folder", filepath.Join(roDir, "l.db"), "not writable", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.needsNonRoot && root {
				t.Skip("running as root: nothing is read-only")
			}
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			site := fstest.MapFS{"index.html": {Data: []byte("<p>hello</p>")}}
			var log bytes.Buffer
			err = serve(ctx, ln, serveOptions{maxRuns: 1, site: site, db: c.db, leagueWorkers: 1}, &log)
			if ctx.Err() != nil {
				t.Fatalf("-db %q: the server started (log %q)", c.db, log.String())
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("-db %q: error %v, want one mentioning %q", c.db, err, c.want)
			}
		})
	}
}

// TestGuardTeacherLinkRedirect: the teacher link redirects to a page of
// this server only, whatever path it is opened on (//host/ would be
// another site).
func TestGuardTeacherLinkRedirect(t *testing.T) {
	for _, token := range []string{"", "tok-1234567890"} {
		g := newGuard(guardConfig{token: token})
		h := g.wrap(http.NotFoundHandler())
		for _, c := range []struct{ path, want string }{
			{"/", "/#league"},
			{"//evil.example/", "/evil.example#league"},
			{"///evil.example", "/evil.example#league"},
			{`/\evil.example/`, "/evil.example#league"},
			{`/a/\b`, "/a/%5Cb#league"},
			{`/\/evil.example/`, "/evil.example#league"},
			{"/.//evil.example/", "/evil.example#league"},
			{"/index.html", "/index.html#league"},
		} {
			req := httptest.NewRequest("GET", "http://127.0.0.1:8080/", nil)
			req.URL.Path = c.path
			req.URL.RawQuery = "teacher=" + token + "&x=1"
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			loc := rec.Header().Get("Location")
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("token %q, path %q: status %d", token, c.path, rec.Code)
			}
			if want := strings.Replace(c.want, "#", "?x=1#", 1); loc != want {
				t.Errorf("token %q, path %q: Location %q, want %q", token, c.path, loc, want)
			}
			if !strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, `/\`) {
				t.Errorf("token %q, path %q: Location %q leaves this server", token, c.path, loc)
			}
		}
	}
}

// TestGuardRunStreamsCapped: a run's event streams count against the
// per-address and total caps like the league's.
func TestGuardRunStreamsCapped(t *testing.T) {
	st := testSite(t)
	gcfg := defaultGuard()
	gcfg.maxStreamsPerAddr, gcfg.maxStreams = 2, 100
	srv, _, _ := testServerWith(t, st, blockingRun, 1, gcfg)
	resp := postJSON(t, srv.URL+"/api/runs", okConfig, nil)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("run: %d %s", resp.StatusCode, readAll(t, resp.Body))
	}
	var created protocol.RunCreated
	if err := json.Unmarshal(readAll(t, resp.Body), &created); err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		path string
		code int
	}{
		{created.Events, 200},
		{"/api/league/events", 200},
		{created.Events, http.StatusTooManyRequests},
		{"/api/league/events", http.StatusTooManyRequests},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+c.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		if resp.StatusCode != c.code {
			t.Fatalf("stream %d %s: status %d, want %d", i, c.path, resp.StatusCode, c.code)
		}
	}
}

// TestGuardBodyTimeout: a client that sends the headers of a change and
// then trickles (or withholds) its body is answered 408 and its connection
// closed, rather than held for ever.
func TestGuardBodyTimeout(t *testing.T) {
	st := testSite(t)
	gcfg := defaultGuard()
	gcfg.bodyTimeout = 200 * time.Millisecond
	srv, _, _ := testServerWith(t, st, blockingRun, 1, gcfg)
	host := strings.TrimPrefix(srv.URL, "http://")
	for _, path := range []string{"/api/league/entries", "/api/league/settings", "/api/runs"} {
		t.Run(strings.ReplaceAll(path, "/", "_"), func(t *testing.T) {
			conn, err := net.Dial("tcp", host)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\":", path, host)
			conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				var ne net.Error
				if errors.As(err, &ne) && ne.Timeout() {
					t.Fatal("no answer: the connection is held while the body never comes")
				}
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if resp.StatusCode != http.StatusRequestTimeout {
				t.Fatalf("status %d, want 408", resp.StatusCode)
			}
		})
	}
}

// TestLeagueExportsBounded: exports are built whole in memory, so at most
// maxExports at once; the others wait for a slot (or for their client to
// leave) instead of each holding a copy of every game.
func TestLeagueExportsBounded(t *testing.T) {
	lg := testLeague(t, false)
	done := make(chan struct{})
	a := &leagueAPI{l: lg, g: newGuard(defaultGuard()), done: done}
	mux := http.NewServeMux()
	a.routes(mux)
	if cap(a.exports) != maxExports || maxExports < 1 {
		t.Fatalf("export slots %d, want %d", cap(a.exports), maxExports)
	}
	for i := 0; i < maxExports; i++ {
		a.exports <- struct{}{}
	}
	for _, p := range []string{"/api/league/games.pgn", "/api/league/games.csv", "/api/league/standings.csv"} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1:8080"+p, nil).WithContext(ctx))
		cancel()
		if rec.Header().Get("Content-Disposition") != "" || rec.Body.Len() > 0 {
			t.Errorf("%s built while every export slot was taken", p)
		}
	}
	<-a.exports
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1:8080/api/league/standings.csv", nil))
	if rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), "rank,name") {
		t.Fatalf("with a free slot: %d %q", rec.Code, rec.Body.String())
	}
	if len(a.exports) != maxExports-1 {
		t.Fatalf("%d slots taken after the export, want %d", len(a.exports), maxExports-1)
	}
	// At shutdown a waiting export is refused.
	close(done)
	rec = httptest.NewRecorder()
	a.exports <- struct{}{}
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1:8080/api/league/games.pgn", nil))
	checkAPIError(t, rec.Result(), http.StatusServiceUnavailable, "shutting down")
}
