package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/evochess/evochess/server/league"
	"github.com/evochess/evochess/wasm/protocol"
	"github.com/evochess/evochess/wasm/runner"
)

// testSite is a small built site: an index with an inline script, a wasm
// file, JS, CSS and the bundled games.
func testSite(t *testing.T) *site {
	t.Helper()
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("wasm body "), 200)...)
	fsys := fstest.MapFS{
		"index.html":            {Data: []byte(`<!doctype html><script src="wasm_exec.js"></script><script>boot()</script>` + strings.Repeat("<p>x</p>", 100))},
		"main.wasm":             {Data: wasm},
		"worker.js":             {Data: []byte(strings.Repeat("self.pendingMsgs = [];\n", 50))},
		"wasm_exec.js":          {Data: []byte(strings.Repeat("// go\n", 100))},
		"style.css":             {Data: []byte(strings.Repeat("body { margin: 0 }\n", 40))},
		"pieces/wK.svg":         {Data: []byte(strings.Repeat("<svg></svg>", 40))},
		"data/gm_demo_1500.pgn": {Data: []byte("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n")},
		"tiny.txt":              {Data: []byte("hi")},
	}
	st, err := loadSite(fsys)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// blockingRun is a fake run that emits one state and waits for stop.
func blockingRun(ctx context.Context, cfg protocol.RunConfig, ctl *runner.Control, emit func(protocol.Body)) ([]byte, error) {
	emit(&protocol.RunState{State: protocol.StateRunning, CommandLine: cfg.CommandLine()})
	rctx, cancel := ctl.Context(ctx)
	defer cancel()
	<-rctx.Done()
	return []byte(`{"name":"fake"}`), runner.ErrStopped
}

func testServer(t *testing.T, st *site, run runFunc, maxRuns int) (*httptest.Server, *runManager) {
	t.Helper()
	srv, runs, _ := testServerWith(t, st, run, maxRuns, defaultGuard())
	return srv, runs
}

// testServerWith serves st, runs and a test league (one worker, depth 1,
// two games per pair, paused until resumed) behind a guard with gcfg.
func testServerWith(t *testing.T, st *site, run runFunc, maxRuns int, gcfg guardConfig) (*httptest.Server, *runManager, *league.League) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	lg, err := league.Open(ctx, league.Config{Path: filepath.Join(t.TempDir(), "league.db"), Workers: 1, MaxEntries: 8,
		Defaults: protocol.LeagueSettings{Depth: 1, GamesPerPair: 2}})
	if err != nil {
		t.Fatal(err)
	}
	h, runs := newHandler(ctx, st, serveOptions{maxRuns: maxRuns, run: run}, gcfg, lg, "http://192.0.2.10:8080/")
	srv := httptest.NewServer(h)
	lg.Start()
	t.Cleanup(func() {
		cancel()
		srv.Close()
		runs.wait()
		lg.Close()
	})
	return srv, runs, lg
}

func do(t *testing.T, method, url string, hdr map[string]string, body io.Reader) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	tr := &http.Transport{DisableCompression: true}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func readAll(t *testing.T, r io.Reader) []byte {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSiteTypesAndStatus(t *testing.T) {
	st := testSite(t)
	srv, _ := testServer(t, st, blockingRun, 1)
	cases := []struct {
		method, path string
		code         int
		ctype        string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8"},
		{"GET", "/index.html", 200, "text/html; charset=utf-8"},
		{"GET", "/main.wasm", 200, "application/wasm"},
		{"GET", "/worker.js", 200, "text/javascript; charset=utf-8"},
		{"GET", "/style.css", 200, "text/css; charset=utf-8"},
		{"GET", "/pieces/wK.svg", 200, "image/svg+xml"},
		{"GET", "/data/gm_demo_1500.pgn", 200, "application/x-chess-pgn; charset=utf-8"},
		{"HEAD", "/main.wasm", 200, "application/wasm"},
		{"GET", "/missing.js", 404, "application/json"},
		{"GET", "/pieces/", 400, "application/json"}, // no directory listing
		{"GET", "/pieces", 404, "application/json"},  // a directory is not a file
		// Unclean paths are redirected to their clean form (net/http.ServeMux),
		// which can only name a file inside the site.
		{"GET", "/../go.mod", 307, ""},
		{"GET", "/a/../index.html", 307, ""},
		{"GET", "//index.html", 421, "application/json"}, // the client sends it as http://index.html: a foreign host
		{"GET", "/./index.html", 307, ""},
		{"GET", "/%2e%2e/etc/passwd", 400, "application/json"},
		{"GET", "/index.html%00", 400, "application/json"},
		{"GET", "/..%5cindex.html", 400, "application/json"},
		{"POST", "/index.html", 405, "application/json"},
		{"PUT", "/", 405, "application/json"},
		{"DELETE", "/main.wasm", 405, "application/json"},
		{"OPTIONS", "/", 405, "application/json"},
	}
	for _, c := range cases {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			req, err := http.NewRequest(c.method, srv.URL+"/", nil)
			if err != nil {
				t.Fatal(err)
			}
			req.URL.Opaque = c.path // send the path exactly as written
			if !safeMethod(c.method) {
				req.Header.Set("Content-Type", "application/json") // past the guard, to the site's own answer
			}
			client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body := readAll(t, resp.Body)
			if resp.StatusCode != c.code {
				t.Fatalf("status %d, want %d (%s)", resp.StatusCode, c.code, body)
			}
			if c.code == 307 {
				if loc := resp.Header.Get("Location"); !strings.HasPrefix(loc, "/") || strings.Contains(loc, "..") || strings.HasPrefix(loc, "//") {
					t.Errorf("redirect to %q", loc)
				}
			} else if got := resp.Header.Get("Content-Type"); got != c.ctype {
				t.Errorf("Content-Type %q, want %q", got, c.ctype)
			}
			if c.code == 405 && resp.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("Allow %q", resp.Header.Get("Allow"))
			}
			if c.method == "HEAD" && len(body) != 0 {
				t.Errorf("HEAD returned %d body bytes", len(body))
			}
			if c.code >= 400 && bytes.Contains(body, []byte("wasm body")) {
				t.Errorf("error response leaks content")
			}
		})
	}
}

func TestSiteGzipAndETag(t *testing.T) {
	st := testSite(t)
	srv, _ := testServer(t, st, blockingRun, 1)
	plain := st.assets["main.wasm"].plain
	plain0 := plain
	cases := []struct {
		name, accept string
		gz           bool
	}{
		{"none", "", false},
		{"gzip", "gzip", true},
		{"list", "br, gzip;q=0.8, deflate", true},
		{"refused", "gzip;q=0, br", false},
		{"star", "*", true},
		{"star refused", "*;q=0", false},
		{"identity", "identity", false},
		{"upper", "GZIP", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hdr := map[string]string{}
			if c.accept != "" {
				hdr["Accept-Encoding"] = c.accept
			}
			resp := do(t, "GET", srv.URL+"/main.wasm", hdr, nil)
			body := readAll(t, resp.Body)
			if resp.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("Vary = %q", resp.Header.Get("Vary"))
			}
			if got := resp.Header.Get("Content-Encoding") == "gzip"; got != c.gz {
				t.Fatalf("gzip = %v, want %v", got, c.gz)
			}
			if c.gz {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				body = readAll(t, zr)
			}
			if !bytes.Equal(body, plain) {
				t.Fatalf("body differs from the file")
			}
			etag := resp.Header.Get("ETag")
			if etag == "" {
				t.Fatal("no ETag")
			}
			hdr["If-None-Match"] = etag
			resp2 := do(t, "GET", srv.URL+"/main.wasm", hdr, nil)
			if resp2.StatusCode != http.StatusNotModified {
				t.Fatalf("revalidation status %d, want 304", resp2.StatusCode)
			}
			if b := readAll(t, resp2.Body); len(b) != 0 {
				t.Fatalf("304 with %d body bytes", len(b))
			}
		})
	}
	// A .gz written at build time is used as the variant and not served itself.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat([]byte("prebuilt "), 100))
	zw.Close()
	pst, err := loadSite(fstest.MapFS{
		"a.js": {Data: bytes.Repeat([]byte("prebuilt "), 100)}, "a.js.gz": {Data: gz.Bytes()},
		"b.js": {Data: bytes.Repeat([]byte("changed "), 100)}, "b.js.gz": {Data: gz.Bytes()}, // stale
	})
	if err != nil {
		t.Fatal(err)
	}
	if a := pst.assets["a.js"]; !bytes.Equal(a.gz, gz.Bytes()) || pst.assets["a.js.gz"] != nil {
		t.Errorf("prebuilt gzip not used")
	}
	if b := pst.assets["b.js"]; b.gz == nil || bytes.Equal(b.gz, gz.Bytes()) {
		t.Errorf("stale gzip used")
	}
	// Brotli variants come from make site with the sha256 of the file they
	// encode; without a matching one they are ignored. (The bytes here stand
	// in for brotli output: the server never decodes them.)
	plainC := bytes.Repeat([]byte("c "), 500)
	sumC := sha256.Sum256(plainC)
	brs, err := loadSite(fstest.MapFS{
		"c.wasm": {Data: plainC}, "c.wasm.br": {Data: []byte("BROTLI")}, "c.wasm.br.sha256": {Data: []byte(hex.EncodeToString(sumC[:]) + "\n")},
		"d.wasm": {Data: plainC}, "d.wasm.br": {Data: []byte("BROTLI")}, "d.wasm.br.sha256": {Data: []byte("00")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if string(brs.assets["c.wasm"].br) != "BROTLI" || brs.assets["d.wasm"].br != nil || brs.assets["c.wasm.br"] != nil {
		t.Fatalf("brotli variants: c %q d %q", brs.assets["c.wasm"].br, brs.assets["d.wasm"].br)
	}
	bsrv, _ := testServer(t, brs, blockingRun, 1)
	for _, c := range []struct{ accept, enc string }{
		{"gzip, deflate, br, zstd", "br"}, {"br;q=0, gzip", "gzip"}, {"gzip", "gzip"}, {"", ""},
	} {
		resp := do(t, "GET", bsrv.URL+"/c.wasm", map[string]string{"Accept-Encoding": c.accept}, nil)
		body := readAll(t, resp.Body)
		if got := resp.Header.Get("Content-Encoding"); got != c.enc {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", c.accept, got, c.enc)
		}
		if c.enc == "br" && (string(body) != "BROTLI" || resp.Header.Get("ETag") == brs.assets["c.wasm"].etag) {
			t.Errorf("br body %q etag %s", body, resp.Header.Get("ETag"))
		}
	}
	// The first-load list and its sizes.
	if got := strings.Join(st.firstLoad(), ","); got != "index.html,main.wasm,pieces/wK.svg,style.css,wasm_exec.js,worker.js" {
		t.Errorf("first load %s", got)
	}
	if plain, sent := st.sizes("main.wasm", "tiny.txt"); plain != len(plain0)+2 || sent != len(st.assets["main.wasm"].gz)+2 {
		t.Errorf("sizes %d %d", plain, sent)
	}
	// Tiny files are not compressed; the variants have different ETags.
	if st.assets["tiny.txt"].gz != nil {
		t.Error("tiny.txt compressed")
	}
	if a := st.assets["main.wasm"]; a.etag == a.gzETag || a.gz == nil {
		t.Errorf("wasm variants: etag %s gz %s compressed %v", a.etag, a.gzETag, a.gz != nil)
	}
}

func TestSecurityHeaders(t *testing.T) {
	st := testSite(t)
	srv, _ := testServer(t, st, blockingRun, 1)
	for _, p := range []string{"/", "/main.wasm", "/nope", "/api/capabilities"} {
		resp := do(t, "GET", srv.URL+p, nil, nil)
		csp := resp.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "'wasm-unsafe-eval'", "worker-src 'self'", "frame-ancestors 'none'", "connect-src 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", p, csp, want)
			}
		}
		if strings.Contains(csp, "'unsafe-eval'") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
			t.Errorf("%s: CSP too loose: %q", p, csp)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", p)
		}
		if resp.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: Referrer-Policy %q", p, resp.Header.Get("Referrer-Policy"))
		}
	}
	// The inline script of index.html is allowed by hash, and only it.
	csp := st.csp
	if n := strings.Count(csp, "'sha256-"); n != 1 {
		t.Errorf("CSP has %d script hashes, want 1: %s", n, csp)
	}
	if want := inlineScriptHashes([]byte("<script>boot()</script>")); len(want) != 1 || !strings.Contains(csp, want[0]) {
		t.Errorf("CSP %q lacks the hash %v", csp, want)
	}
}

func TestSiteNotBuilt(t *testing.T) {
	st, err := loadSite(fstest.MapFS{"README.md": {Data: []byte("built by make site")}})
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := testServer(t, st, blockingRun, 1)
	resp := do(t, "GET", srv.URL+"/", nil, nil)
	body := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusServiceUnavailable || !bytes.Contains(body, []byte("make build")) {
		t.Fatalf("status %d body %s", resp.StatusCode, body)
	}
	// The API still answers.
	if resp := do(t, "GET", srv.URL+"/api/capabilities", nil, nil); resp.StatusCode != 200 {
		t.Fatalf("capabilities: %d", resp.StatusCode)
	}
}

func TestCleanSitePath(t *testing.T) {
	cases := []struct {
		in   string
		want string
		ok   bool
	}{
		{"/", "", true},
		{"/a.js", "a.js", true},
		{"/data/x.pgn", "data/x.pgn", true},
		{"", "", false},
		{"a.js", "", false},
		{"/..", "", false},
		{"/../a", "", false},
		{"/a/..", "", false},
		{"/a//b", "", false},
		{"/a/", "", false},
		{"/a\\b", "", false},
		{"/a\x00", "", false},
		{"/.", "", false},
	}
	for _, c := range cases {
		got, ok := cleanSitePath(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("cleanSitePath(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func postJSON(t *testing.T, url, body string, hdr map[string]string) *http.Response {
	t.Helper()
	if hdr == nil {
		hdr = map[string]string{"Content-Type": "application/json"}
	}
	return do(t, "POST", url, hdr, strings.NewReader(body))
}

const okConfig = `{"algorithm":"ep","scheme":"vazquez29","generations":2,"population":4,"seed":3,"data":{"source":"bundled","sample":{"train":20,"test":10}}}`

func TestAPIRejects(t *testing.T) {
	st := testSite(t)
	srv, _ := testServer(t, st, blockingRun, 1)
	cases := []struct {
		name string
		body string
		hdr  map[string]string
		code int
		want string
	}{
		{"bad json", `{"algorithm":`, nil, 400, "bad run config JSON"},
		{"not an object", `[1,2]`, nil, 400, "bad run config JSON"},
		{"unknown field", `{"algorithm":"ep","seed":1,"data":{"source":"bundled"},"evil":1}`, nil, 400, "unknown field"},
		{"trailing", okConfig + `{}`, nil, 400, "trailing"},
		{"invalid", `{"seed":1,"data":{"source":"bundled"}}`, nil, 400, "algorithm or preset required"},
		{"unknown algorithm", `{"algorithm":"magic","seed":1,"data":{"source":"bundled"}}`, nil, 400, "unknown algorithm"},
		{"unknown scheme", `{"algorithm":"ep","scheme":"nope","seed":1,"data":{"source":"bundled"}}`, nil, 400, "nope"},
		{"file source", `{"algorithm":"ep","seed":1,"data":{"source":"/etc/passwd"}}`, nil, 400, "start the server with -data-dir"},
		{"too big", `{"algorithm":"ep","seed":1,"data":{"source":"` + strings.Repeat("a", maxConfigBytes) + `"}}`, nil, 413, "larger than"},
		{"content type", okConfig, map[string]string{"Content-Type": "text/plain"}, 415, "application/json"},
		{"no content type", okConfig, map[string]string{}, 415, "application/json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := postJSON(t, srv.URL+"/api/runs", c.body, c.hdr)
			body := readAll(t, resp.Body)
			if resp.StatusCode != c.code || !bytes.Contains(body, []byte(c.want)) {
				t.Fatalf("status %d body %s; want %d mentioning %q", resp.StatusCode, body, c.code, c.want)
			}
		})
	}
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/runs/r99/events"}, {"POST", "/api/runs/r99/stop"}, {"GET", "/api/runs/r99/player"}, {"GET", "/api/nothing"},
	} {
		if resp := do(t, c.method, srv.URL+c.path, map[string]string{"Content-Type": "application/json"}, nil); resp.StatusCode != 404 {
			t.Errorf("%s %s: %d, want 404", c.method, c.path, resp.StatusCode)
		}
	}
	if resp := do(t, "GET", srv.URL+"/api/runs", nil, nil); resp.StatusCode != 405 {
		t.Errorf("GET /api/runs: %d, want 405", resp.StatusCode)
	}
}

// readEvents reads SSE events until the stream ends: unnamed events (so
// EventSource's "message" listeners get them) with consecutive ids.
func readEvents(t *testing.T, r io.Reader) []protocol.Message {
	t.Helper()
	var out []protocol.Message
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	lastID := -1
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event:"):
			t.Fatalf("named event %q: EventSource.onmessage would not see it", line)
		case strings.HasPrefix(line, "id: "):
			id, err := strconv.Atoi(strings.TrimPrefix(line, "id: "))
			if err != nil || (lastID >= 0 && id != lastID+1) {
				t.Fatalf("event id %q after %d", line, lastID)
			}
			lastID = id
		case strings.HasPrefix(line, "data: "):
			m, err := protocol.DecodeString(strings.TrimPrefix(line, "data: "))
			if err != nil {
				t.Fatalf("event data: %v", err)
			}
			out = append(out, m)
		}
	}
	return out
}

func TestAPILimitAndStop(t *testing.T) {
	st := testSite(t)
	srv, _ := testServer(t, st, blockingRun, 1)
	resp := postJSON(t, srv.URL+"/api/runs", okConfig, nil)
	body := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %s", resp.StatusCode, body)
	}
	var created protocol.RunCreated
	if err := json.Unmarshal(body, &created); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(created.CommandLine, "evochess tune -algo ep") {
		t.Errorf("command line %q", created.CommandLine)
	}
	// A second run is refused while the first runs.
	resp2 := postJSON(t, srv.URL+"/api/runs", okConfig, nil)
	if resp2.StatusCode != http.StatusTooManyRequests || resp2.Header.Get("Retry-After") == "" {
		t.Fatalf("second run: %d", resp2.StatusCode)
	}
	var caps protocol.Capabilities
	if err := json.Unmarshal(readAll(t, do(t, "GET", srv.URL+"/api/capabilities", nil, nil).Body), &caps); err != nil {
		t.Fatal(err)
	}
	if !caps.Native || caps.Running != 1 || caps.MaxRuns != 1 || caps.V != protocol.Version || len(caps.Algorithms) == 0 {
		t.Errorf("capabilities %+v", caps)
	}
	if resp := do(t, "GET", srv.URL+"/api/runs/"+created.ID+"/player", nil, nil); resp.StatusCode != http.StatusConflict {
		t.Errorf("player before the end: %d", resp.StatusCode)
	}
	// Stream, stop, and see the stream end with the stopped state and the player.
	ev := do(t, "GET", srv.URL+created.Events, nil, nil)
	if ct := ev.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("events Content-Type %q", ct)
	}
	if resp := postJSON(t, srv.URL+"/api/runs/"+created.ID+"/stop", "", nil); resp.StatusCode != http.StatusAccepted {
		t.Fatalf("stop: %d", resp.StatusCode)
	}
	msgs := readEvents(t, ev.Body)
	var types []string
	for _, m := range msgs {
		types = append(types, string(m.Type))
		if m.ID != created.ID {
			t.Errorf("event id %q, want %q", m.ID, created.ID)
		}
	}
	if got := strings.Join(types, ","); got != "run-state,run-state,player" {
		t.Fatalf("events %s", got)
	}
	if s := msgs[1].Body.(*protocol.RunState); s.State != protocol.StateStopped {
		t.Errorf("final state %+v", s)
	}
	p := do(t, "GET", srv.URL+"/api/runs/"+created.ID+"/player", nil, nil)
	if b := readAll(t, p.Body); p.StatusCode != 200 || string(b) != `{"name":"fake"}` {
		t.Errorf("player %d %s", p.StatusCode, b)
	}
	// The slot is free again (the run has finished once its stream ended).
	resp3 := postJSON(t, srv.URL+"/api/runs", okConfig, nil)
	if resp3.StatusCode != http.StatusCreated {
		t.Fatalf("run after stop: %d %s", resp3.StatusCode, readAll(t, resp3.Body))
	}
}

func TestServeShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var log bytes.Buffer
	done := make(chan error, 1)
	site := fstest.MapFS{"index.html": {Data: []byte("<p>hello</p>")}}
	go func() {
		done <- serve(ctx, ln, serveOptions{maxRuns: 1, site: site, db: filepath.Join(t.TempDir(), "l.db"), leagueWorkers: 1}, &log)
	}()
	for _, p := range []string{"/api/capabilities", "/"} {
		resp, err := http.Get("http://" + ln.Addr().String() + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: %d", p, resp.StatusCode)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
	if !strings.Contains(log.String(), "shutting down") {
		t.Errorf("log %q", log.String())
	}
}

// TestAPITinyRun streams a real native run (the tuner on 200 games) through
// server-sent events.
func TestAPITinyRun(t *testing.T) {
	games, err := os.ReadFile("../wasm/runner/testdata/games200.pgn")
	if err != nil {
		t.Fatal(err)
	}
	st, err := loadSite(fstest.MapFS{"index.html": {Data: []byte("<p>x</p>")}, protocol.BundledPath: {Data: games}})
	if err != nil {
		t.Fatal(err)
	}
	src := &sources{site: st}
	srv, _ := testServer(t, st, src.run, 1)
	cfg := `{"algorithm":"ep","scheme":"vazquez29","generations":3,"population":6,"seed":7,"data":{"source":"bundled","sample":{"seed":5,"train":60,"test":30}}}`
	resp := postJSON(t, srv.URL+"/api/runs", cfg, nil)
	body := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %s", resp.StatusCode, body)
	}
	var created protocol.RunCreated
	if err := json.Unmarshal(body, &created); err != nil {
		t.Fatal(err)
	}
	msgs := readEvents(t, do(t, "GET", srv.URL+created.Events, nil, nil).Body)
	var types []string
	for _, m := range msgs {
		types = append(types, string(m.Type))
	}
	if got := strings.Join(types, ","); got != "run-state,progress,progress,progress,run-state,player" {
		t.Fatalf("events %s", got)
	}
	if s := msgs[4].Body.(*protocol.RunState); s.State != protocol.StateDone {
		t.Fatalf("final %+v", s)
	}
	// A replay after the end keeps the best weights only in the latest progress.
	replay := readEvents(t, do(t, "GET", srv.URL+created.Events, nil, nil).Body)
	if len(replay) != len(msgs) {
		t.Fatalf("replay: %d events, want %d", len(replay), len(msgs))
	}
	for i, m := range replay[1:4] {
		if n := len(m.Body.(*protocol.Progress).BestWeights); (n > 0) != (i == 2) {
			t.Errorf("progress %d has %d weights", i+1, n)
		}
	}
	// A client reconnecting with Last-Event-ID gets only the later events.
	again := readEvents(t, do(t, "GET", srv.URL+created.Events, map[string]string{"Last-Event-ID": "3"}, nil).Body)
	if len(again) != 2 || again[0].Type != protocol.TypeRunState {
		t.Fatalf("replay after id 3: %d events", len(again))
	}
	// After the end, a reconnection with nothing left gets 204 (EventSource stops).
	if r := do(t, "GET", srv.URL+created.Events, map[string]string{"Last-Event-ID": "5"}, nil); r.StatusCode != http.StatusNoContent {
		t.Fatalf("reconnect after the end: %d", r.StatusCode)
	}
	p := do(t, "GET", srv.URL+"/api/runs/"+created.ID+"/player", nil, nil)
	pb := readAll(t, p.Body)
	var a, b bytes.Buffer
	_ = json.Compact(&a, pb)
	_ = json.Compact(&b, msgs[5].Body.(*protocol.PlayerFile).Player)
	if p.StatusCode != 200 || a.Len() == 0 || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatalf("player %d %s", p.StatusCode, pb)
	}
}

// FuzzCleanSitePath checks that an accepted path is a clean, relative slash
// path inside the site, and that Accept-Encoding parsing never panics.
func FuzzCleanSitePath(f *testing.F) {
	for _, s := range []string{"/", "/a.js", "/../x", "/a//b", "/a/./b", "/a\\b", "/%2e%2e", "//x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		_ = acceptsGzip(p)
		name, ok := cleanSitePath(p)
		if !ok || name == "" {
			return
		}
		if !fs.ValidPath(name) || strings.Contains(name, "\\") || path.Clean(name) != name {
			t.Fatalf("cleanSitePath(%q) accepted %q", p, name)
		}
	})
}

func TestSources(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(path.Join(dir, "mine.pgn"), []byte("[Event \"x\"]\n\n1. e4 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(path.Join(dir, "openings"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path.Join(dir, "openings", "book.epd"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	st := testSite(t)
	cases := []struct {
		dataDir, src string
		ok           bool
	}{
		{"", "bundled", true},
		{"", protocol.BundledDataName, true},
		{"", "mine.pgn", false},
		{dir, "mine.pgn", true},
		{dir, "missing.pgn", false},
		{dir, "../mine.pgn", false},
		{dir, "openings/book.pgn", false},
		{dir, "/etc/passwd", false},
		{dir, "mine.txt", false},
	}
	for _, c := range cases {
		s := &sources{site: st, dataDir: c.dataDir}
		rc, _, err := s.open(c.src)
		if (err == nil) != c.ok {
			t.Errorf("open(%q) with data dir %q: %v, want ok=%v", c.src, c.dataDir, err, c.ok)
		}
		if err == nil {
			rc.Close()
		}
	}
	for _, c := range []struct {
		dataDir, name string
		ok            bool
	}{
		{"", "gm_demo_1500.pgn", true}, // from the site's data folder
		{"", "openings/book.epd", false},
		{dir, "openings/book.epd", true},
		{dir, "../x", false},
		{dir, "/abs", false},
	} {
		s := &sources{site: st, dataDir: c.dataDir}
		rc, err := s.openData(c.name)
		if (err == nil) != c.ok {
			t.Errorf("openData(%q) with data dir %q: %v, want ok=%v", c.name, c.dataDir, err, c.ok)
		}
		if err == nil {
			rc.Close()
		}
	}
}
