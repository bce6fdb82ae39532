package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/server/league"

	"github.com/evochess/evochess/wasm/protocol"
)

// checkAPIError checks a refusal: status code, a JSON body
// {"error": "...", "status": code} whose message mentions want.
func checkAPIError(t *testing.T, resp *http.Response, code int, want string) {
	t.Helper()
	body := readAll(t, resp.Body)
	if resp.StatusCode != code {
		t.Fatalf("status %d, want %d: %s", resp.StatusCode, code, body)
	}
	var e apiError
	if err := json.Unmarshal(body, &e); err != nil || e.Status != code || e.Error == "" || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("error body %q (%v), Content-Type %q", body, err, resp.Header.Get("Content-Type"))
	}
	if !strings.Contains(e.Error, want) {
		t.Fatalf("error %q does not mention %q", e.Error, want)
	}
}

func running(t *testing.T, base string) int {
	t.Helper()
	var caps protocol.Capabilities
	if err := json.Unmarshal(readAll(t, do(t, "GET", base+"/api/capabilities", nil, nil).Body), &caps); err != nil {
		t.Fatal(err)
	}
	return caps.Running
}

// TestCrossSiteRefused covers the two requests (a cross-site POST
// to /api/runs with a foreign Host and no content type used to start a
// run; a cross-site stop used to stop it) and every check on its own.
func TestCrossSiteRefused(t *testing.T) {
	st := testSite(t)
	srv, _ := testServer(t, st, blockingRun, 2)
	host := strings.TrimPrefix(srv.URL, "http://")
	evil := map[string]string{"Origin": "http://evil.example"}

	// The exact request of the issue: refused, and no run started.
	req, _ := http.NewRequest("POST", srv.URL+"/api/runs", strings.NewReader(okConfig))
	req.Host = "evil.example"
	req.Header.Set("Origin", "http://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	checkAPIError(t, resp, http.StatusMisdirectedRequest, "evil.example")
	// With our Host (DNS rebinding aside), the evil origin is still refused.
	checkAPIError(t, do(t, "POST", srv.URL+"/api/runs", evil, strings.NewReader(okConfig)), http.StatusForbidden, "evil.example")
	if n := running(t, srv.URL); n != 0 {
		t.Fatalf("%d runs started by cross-site requests", n)
	}

	// A run started by the page itself…
	same := map[string]string{"Origin": srv.URL, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}
	resp = do(t, "POST", srv.URL+"/api/runs", same, strings.NewReader(okConfig))
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("same-origin run: %d %s", resp.StatusCode, readAll(t, resp.Body))
	}
	var created protocol.RunCreated
	json.Unmarshal(readAll(t, resp.Body), &created)
	// …is not stopped from the evil origin (the second request).
	checkAPIError(t, do(t, "POST", srv.URL+"/api/runs/"+created.ID+"/stop", evil, nil), http.StatusForbidden, "cross-origin")
	checkAPIError(t, do(t, "POST", srv.URL+"/api/runs/"+created.ID+"/stop", map[string]string{"Origin": "http://evil.example", "Content-Type": "application/json"}, nil), http.StatusForbidden, "cross-origin")
	if n := running(t, srv.URL); n != 1 {
		t.Fatalf("running %d after the cross-site stop, want 1", n)
	}

	cases := []struct {
		name string
		hdr  map[string]string
		code int
		want string
	}{
		{"sec-fetch-site cross-site", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}, 403, "Sec-Fetch-Site"},
		{"sec-fetch-site same-site", map[string]string{"Sec-Fetch-Site": "same-site", "Content-Type": "application/json"}, 403, "Sec-Fetch-Site"},
		{"origin null", map[string]string{"Origin": "null", "Content-Type": "application/json"}, 403, "cross-origin"},
		{"origin other port", map[string]string{"Origin": "http://127.0.0.1:1", "Content-Type": "application/json"}, 403, "not this server"},
		{"origin other scheme", map[string]string{"Origin": "ftp://" + host, "Content-Type": "application/json"}, 403, "cross-origin"},
		{"no content type", map[string]string{"Origin": srv.URL}, 415, "application/json"},
		{"form", map[string]string{"Origin": srv.URL, "Content-Type": "application/x-www-form-urlencoded"}, 415, "application/json"},
		{"text plain", map[string]string{"Content-Type": "text/plain"}, 415, "application/json"},
		{"multipart", map[string]string{"Content-Type": "multipart/form-data; boundary=x"}, 415, "application/json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkAPIError(t, do(t, "POST", srv.URL+"/api/runs/"+created.ID+"/stop", c.hdr, nil), c.code, c.want)
			checkAPIError(t, do(t, "POST", srv.URL+"/api/league/entries", c.hdr, strings.NewReader(`{}`)), c.code, c.want)
		})
	}
	if n := running(t, srv.URL); n != 1 {
		t.Fatalf("running %d, want 1", n)
	}
	// The page's own stop works.
	if resp := do(t, "POST", srv.URL+"/api/runs/"+created.ID+"/stop", same, strings.NewReader("{}")); resp.StatusCode != http.StatusAccepted {
		t.Fatalf("same-origin stop: %d", resp.StatusCode)
	}
}

func TestHostAllowed(t *testing.T) {
	g := newGuard(guardConfig{hosts: []string{"192.168.1.20", "Teacher-PC", "teacher-pc.local"}})
	for _, c := range []struct {
		host string
		ok   bool
	}{
		{"127.0.0.1:8080", true}, {"127.0.0.9", true}, {"localhost:8080", true}, {"LOCALHOST.", true}, {"[::1]:8080", true},
		{"192.168.1.20:8080", true}, {"teacher-pc:8080", true}, {"Teacher-PC.local", true},
		{"", false}, {"evil.example", false}, {"192.168.1.21:8080", false}, {"localhost.evil.example", false},
		{"127.0.0.1.evil.example", false}, {"[::2]:80", false}, {"teacher-pc.evil", false},
	} {
		if got := g.hostAllowed(c.host); got != c.ok {
			t.Errorf("hostAllowed(%q) = %v, want %v", c.host, got, c.ok)
		}
	}
}

func TestClassAccess(t *testing.T) {
	addrs := []netip.Addr{netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("::1"), netip.MustParseAddr("172.17.0.1"),
		netip.MustParseAddr("10.1.2.3"), netip.MustParseAddr("192.168.4.7"), netip.MustParseAddr("fe80::1"), netip.MustParseAddr("169.254.1.1")}
	if got := lanAddress("", addrs); got != "192.168.4.7" {
		t.Errorf("lan address %q, want the 192.168 one", got)
	}
	if got := lanAddress("0.0.0.0", addrs[:4]); got != "10.1.2.3" {
		t.Errorf("lan address %q, want 10.1.2.3", got)
	}
	if got := lanAddress("10.9.9.9", addrs); got != "10.9.9.9" {
		t.Errorf("specific listen address: %q", got)
	}
	if got := lanAddress("", addrs[:2]); got != "" {
		t.Errorf("no LAN address: %q", got)
	}
	hs := servedHosts("", addrs, "teacher-pc", []string{"chess.school.example"})
	for _, want := range []string{"192.168.4.7", "10.1.2.3", "teacher-pc", "teacher-pc.local", "chess.school.example"} {
		if !strings.Contains(strings.Join(hs, " "), want) {
			t.Errorf("served hosts %v lack %s", hs, want)
		}
	}
	if hs := servedHosts("10.1.2.3", addrs, "", nil); strings.Join(hs, " ") != "10.1.2.3" {
		t.Errorf("specific listen address serves %v", hs)
	}
	for _, c := range []struct {
		host string
		loop bool
	}{{"127.0.0.1", true}, {"localhost", true}, {"::1", true}, {"", false}, {"0.0.0.0", false}, {"10.1.2.3", false}} {
		if isLoopbackHost(c.host) != c.loop {
			t.Errorf("isLoopbackHost(%q) != %v", c.host, c.loop)
		}
	}
	var b bytes.Buffer
	printClass(&b, classAccess{joinURL: "http://192.168.4.7:8080/"}, "TOKEN123")
	out := b.String()
	if !strings.Contains(out, "students open http://192.168.4.7:8080/") || !strings.Contains(out, "http://192.168.4.7:8080/?teacher=TOKEN123") ||
		!strings.Contains(out, "evochess share -player FILE -base http://192.168.4.7:8080/ -qr") || strings.Count(out, "█") < 100 {
		t.Errorf("class banner:\n%s", out)
	}
	b.Reset()
	printClass(&b, classAccess{loopback: true}, "")
	if b.Len() != 0 {
		t.Errorf("loopback banner %q", b.String())
	}
}

// TestTeacherToken: on a class network, teacher actions need the token,
// which the printed link turns into a cookie; students read and submit.
func TestTeacherToken(t *testing.T) {
	st := testSite(t)
	gcfg := defaultGuard()
	gcfg.token = "tok-1234567890"
	srv, _, _ := testServerWith(t, st, blockingRun, 1, gcfg)
	jsonHdr := map[string]string{"Content-Type": "application/json"}

	// A student: reads, submits, may not run natively or change the league.
	var caps protocol.Capabilities
	json.Unmarshal(readAll(t, do(t, "GET", srv.URL+"/api/capabilities", nil, nil).Body), &caps)
	if caps.Native || caps.Teacher || !caps.League {
		t.Errorf("student capabilities %+v", caps)
	}
	var info protocol.LeagueInfo
	json.Unmarshal(readAll(t, do(t, "GET", srv.URL+"/api/league", nil, nil).Body), &info)
	if info.Teacher || !info.TokenRequired || info.JoinURL == "" {
		t.Errorf("student league info %+v", info)
	}
	checkAPIError(t, postJSON(t, srv.URL+"/api/runs", okConfig, nil), http.StatusForbidden, "teacher link")
	for _, p := range []string{"/api/league/settings", "/api/league/pause", "/api/league/resume", "/api/league/reset"} {
		checkAPIError(t, postJSON(t, srv.URL+p, `{}`, nil), http.StatusForbidden, "for the teacher")
	}
	checkAPIError(t, do(t, "DELETE", srv.URL+"/api/league/entries/1", jsonHdr, nil), http.StatusForbidden, "for the teacher")
	if resp := postJSON(t, srv.URL+"/api/league/entries", submitBody(t, "Student", "material"), nil); resp.StatusCode != http.StatusCreated {
		t.Fatalf("student submission: %d %s", resp.StatusCode, readAll(t, resp.Body))
	}

	// The teacher link: a wrong token is refused; the right one sets the cookie.
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(u string) *http.Response {
		resp, err := noRedirect.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	checkAPIError(t, get(srv.URL+"/?teacher=wrong"), http.StatusForbidden, "wrong teacher token")
	resp := get(srv.URL + "/?teacher=" + gcfg.token)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/#league" {
		t.Fatalf("teacher link: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	sc := resp.Header.Get("Set-Cookie")
	teacherCookie := teacherCookieName(gcfg.token)
	for _, want := range []string{teacherCookie + "=" + gcfg.token, "HttpOnly", "SameSite=Strict", "Path=/"} {
		if !strings.Contains(sc, want) {
			t.Errorf("Set-Cookie %q lacks %q", sc, want)
		}
	}
	cookie := map[string]string{"Cookie": teacherCookie + "=" + gcfg.token, "Content-Type": "application/json"}
	json.Unmarshal(readAll(t, do(t, "GET", srv.URL+"/api/league", cookie, nil).Body), &info)
	if !info.Teacher {
		t.Error("the cookie does not make the teacher")
	}
	json.Unmarshal(readAll(t, do(t, "GET", srv.URL+"/api/capabilities", cookie, nil).Body), &caps)
	if !caps.Native || !caps.Teacher {
		t.Errorf("teacher capabilities %+v", caps)
	}
	if resp := do(t, "POST", srv.URL+"/api/league/settings", cookie, strings.NewReader(`{"depth":2,"gamesPerPair":4}`)); resp.StatusCode != 200 {
		t.Fatalf("teacher settings: %d %s", resp.StatusCode, readAll(t, resp.Body))
	}
	if resp := do(t, "POST", srv.URL+"/api/runs", cookie, strings.NewReader(okConfig)); resp.StatusCode != http.StatusCreated {
		t.Fatalf("teacher run: %d %s", resp.StatusCode, readAll(t, resp.Body))
	}
	bearer := map[string]string{"Authorization": "Bearer " + gcfg.token, "Content-Type": "application/json"}
	if resp := do(t, "POST", srv.URL+"/api/league/pause", bearer, nil); resp.StatusCode != 200 {
		t.Fatalf("bearer pause: %d %s", resp.StatusCode, readAll(t, resp.Body))
	}
	wrong := map[string]string{"Cookie": teacherCookie + "=tok-1234567891", "Content-Type": "application/json"}
	checkAPIError(t, do(t, "POST", srv.URL+"/api/league/resume", wrong, nil), http.StatusForbidden, "for the teacher")
}

func submitBody(t testing.TB, name, preset string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"name": name, "player": json.RawMessage(presetPlayer(t, preset))})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestLimits: rates per address, body sizes, event streams.
func TestLimits(t *testing.T) {
	now := time.Unix(1e9, 0)
	cfg := defaultGuard()
	cfg.writeRate, cfg.writeBurst = 0.5, 3
	cfg.maxStreamsPerAddr, cfg.maxStreams = 2, 3
	cfg.now = func() time.Time { return now }
	st := testSite(t)
	lg := testLeague(t, false)
	g := newGuard(cfg)
	h := newTestHandler(t, st, g, lg)
	call := func(method, path, addr, body string, hdr map[string]string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "http://127.0.0.1:8080"+path, strings.NewReader(body))
		req.RemoteAddr = addr + ":5555"
		req.Header.Set("Content-Type", "application/json")
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for i := 0; i < 3; i++ {
		if rec := call("POST", "/api/league/pause", "10.0.0.2", "", nil); rec.Code != 200 {
			t.Fatalf("write %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	rec := call("POST", "/api/league/pause", "10.0.0.2", "", nil)
	checkAPIError(t, rec.Result(), http.StatusTooManyRequests, "too many changes")
	if rec.Header().Get("Retry-After") != "2" {
		t.Errorf("Retry-After %q, want 2", rec.Header().Get("Retry-After"))
	}
	if rec := call("POST", "/api/league/pause", "10.0.0.3", "", nil); rec.Code != 200 {
		t.Errorf("another address is limited too: %d", rec.Code)
	}
	if rec := call("GET", "/api/league", "10.0.0.2", "", nil); rec.Code != 200 {
		t.Errorf("reads limited with writes: %d", rec.Code)
	}
	now = now.Add(2 * time.Second)
	if rec := call("POST", "/api/league/resume", "10.0.0.2", "", nil); rec.Code != 200 {
		t.Errorf("after the refill: %d %s", rec.Code, rec.Body)
	}

	// Bodies: the submission bound, then the guard's own bound.
	big := `{"name":"x","player":"` + strings.Repeat("a", maxSubmitBytes) + `"}`
	checkAPIError(t, call("POST", "/api/league/entries", "10.0.0.4", big, nil).Result(), http.StatusRequestEntityTooLarge, "larger than")
	huge := strings.Repeat(" ", int(cfg.maxBody)+1)
	checkAPIError(t, call("POST", "/api/league/entries", "10.0.0.5", huge, nil).Result(), http.StatusRequestEntityTooLarge, "at most")
	checkAPIError(t, call("POST", "/api/league/entries", "10.0.0.6", `{"name":"a","player":{},"x":1}`, nil).Result(), http.StatusBadRequest, "unknown field")
	checkAPIError(t, call("POST", "/api/league/entries", "10.0.0.7", `{"name":"","player":{}}`, nil).Result(), http.StatusBadRequest, "name")

	// Event streams: two per address, three in all.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := make(chan struct{}, 8)
	stream := func(addr string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "http://127.0.0.1:8080/api/league/events", nil).WithContext(ctx)
		req.RemoteAddr = addr + ":5555"
		rec := httptest.NewRecorder()
		go func() { h.ServeHTTP(&notifyRecorder{rec, started}, req) }()
		return rec
	}
	stream("10.0.1.1")
	stream("10.0.1.1")
	<-started
	<-started
	checkAPIError(t, call("GET", "/api/league/events", "10.0.1.1", "", nil).Result(), http.StatusTooManyRequests, "event streams open from")
	stream("10.0.1.2")
	<-started
	checkAPIError(t, call("GET", "/api/league/events", "10.0.1.3", "", nil).Result(), http.StatusServiceUnavailable, "event streams open")
}

// notifyRecorder signals the first Flush (the stream has started).
type notifyRecorder struct {
	*httptest.ResponseRecorder
	started chan struct{}
}

func (n *notifyRecorder) Flush() {
	if n.started != nil {
		n.started <- struct{}{}
		n.started = nil
	}
}

// newTestHandler builds the full handler chain over g and lg.
func newTestHandler(t testing.TB, st *site, g *guard, lg *league.League) http.Handler {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	h, runs := newHandlerGuard(ctx, st, serveOptions{maxRuns: 1, run: blockingRun}, g, lg, "")
	t.Cleanup(runs.wait)
	return h
}

// FuzzHandler sends arbitrary requests through the whole handler chain
// (guard, API, league, site): never a panic, and every refusal is a
// well-formed JSON error with its status.
func FuzzHandler(f *testing.F) {
	seeds := []struct{ method, target, headers, body string }{
		{"GET", "/", "", ""},
		{"POST", "/api/runs", "Origin: http://evil.example\nHost: evil.example", okConfig},
		{"POST", "/api/runs/r1/stop", "Origin: http://evil.example\nContent-Type: application/json", ""},
		{"POST", "/api/league/entries", "Content-Type: application/json", `{"name":"Ana","player":{"version":1,"scheme":"material","weights":{}}}`},
		{"POST", "/api/league/entries", "Content-Type: application/json; charset=utf-8", `{"name":"\u0000","player":null}`},
		{"DELETE", "/api/league/entries/1", "Content-Type: application/json", ""},
		{"GET", "/api/league/games?entry=-1&limit=x", "", ""},
		{"GET", "/api/league/games/99999999999999999999/pgn", "", ""},
		{"POST", "/api/league/settings", "Content-Type: application/json", `{"depth":3,"gamesPerPair":3}`},
		{"POST", "/api/league/reset", "Content-Type: application/json", `{"entries":"yes"}`},
		{"GET", "/api/league/events", "Last-Event-ID: x", ""},
		{"PUT", "/api/league", "Content-Type: application/json", "{}"},
		{"GET", "/?teacher=abc", "", ""},
		{"OPTIONS", "/api/runs", "Origin: http://evil.example\nAccess-Control-Request-Method: POST", ""},
		{"GET", "/api/league/standings.csv", "Sec-Fetch-Site: cross-site", ""},
		{"POST", "/api/league/settings", "Content-Type: application/json\nAuthorization: Bearer fuzz-token", `{"moveTimeMs":50,"gamesPerPair":4}`},
		{"POST", "/api/league/reset", "Content-Type: application/json\nCookie: evochess_teacher=fuzz-token", `{"entries":false}`},
		{"DELETE", "/api/league/entries/1", "Content-Type: application/json\nAuthorization: Bearer fuzz-token", ""},
		{"POST", "/api/runs", "Content-Type: application/json\nAuthorization: Bearer fuzz-token\nOrigin: http://127.0.0.1:8080", `{"algorithm":"ep"}`},
	}
	for _, s := range seeds {
		f.Add(s.method, s.target, s.headers, s.body)
	}
	st, err := loadSite(fstest.MapFS{"index.html": {Data: []byte("<p>x</p>")}, "main.wasm": {Data: bytes.Repeat([]byte("w"), 600)}})
	if err != nil {
		f.Fatal(err)
	}
	lg := testLeague(f, false)
	cfg := defaultGuard()
	cfg.readRate, cfg.writeRate = 0, 0 // no rate limit: the fuzzer sends many requests
	cfg.token = "fuzz-token"
	g := newGuard(cfg)
	h := newTestHandler(f, st, g, lg)
	f.Fuzz(func(t *testing.T, method, target, headers, body string) {
		if !validMethod(method) {
			return
		}
		u, err := url.ParseRequestURI(target)
		if err != nil {
			return
		}
		req := &http.Request{Method: method, URL: u, RequestURI: target, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: http.Header{}, Host: "127.0.0.1:8080", RemoteAddr: "10.0.0.9:1234", Body: io.NopCloser(strings.NewReader(body)),
			ContentLength: int64(len(body))}
		for _, line := range strings.Split(headers, "\n") {
			k, v, ok := strings.Cut(line, ":")
			if !ok || !validHeaderName(strings.TrimSpace(k)) {
				continue
			}
			if strings.EqualFold(strings.TrimSpace(k), "Host") {
				req.Host = strings.TrimSpace(v)
				continue
			}
			req.Header.Add(strings.TrimSpace(k), strings.TrimSpace(v))
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		defer cancel()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req.WithContext(ctx))
		if rec.Code >= 400 && rec.Header().Get("Content-Type") == "application/json" {
			var e apiError
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Status != rec.Code || e.Error == "" {
				t.Fatalf("%s %s: status %d, body %q is not a JSON error", method, target, rec.Code, rec.Body.String())
			}
		}
		if rec.Code >= 400 && rec.Header().Get("Content-Type") != "application/json" && rec.Code != http.StatusServiceUnavailable {
			t.Fatalf("%s %s: status %d with Content-Type %q", method, target, rec.Code, rec.Header().Get("Content-Type"))
		}
		if !safeMethod(method) && rec.Code < 400 {
			// A change got through: it must have been same-origin JSON.
			if o := req.Header.Get("Origin"); o != "" && o != "http://127.0.0.1:8080" {
				t.Fatalf("%s %s from origin %q accepted (%d)", method, target, o, rec.Code)
			}
			if mt, _, err := mime.ParseMediaType(req.Header.Get("Content-Type")); err != nil || mt != "application/json" {
				t.Fatalf("%s %s with Content-Type %q accepted (%d)", method, target, req.Header.Get("Content-Type"), rec.Code)
			}
		}
	})
}

func validMethod(m string) bool {
	if m == "" || len(m) > 16 {
		return false
	}
	for _, r := range m {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

func validHeaderName(k string) bool {
	if k == "" {
		return false
	}
	for _, r := range k {
		if !(r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// testLeague opens a league in a temporary file: one worker, depth 1, two
// games per pair; started when play is set.
func testLeague(t testing.TB, play bool) *league.League {
	t.Helper()
	lg, err := league.Open(context.Background(), league.Config{Path: filepath.Join(t.TempDir(), "league.db"), Workers: 1, MaxEntries: 8,
		Defaults: protocol.LeagueSettings{Depth: 1, GamesPerPair: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if play {
		lg.Start()
	}
	t.Cleanup(func() { lg.Close() })
	return lg
}

// presetPlayer is the engine/player file of an eval preset.
func presetPlayer(t testing.TB, preset string) []byte {
	t.Helper()
	p, err := player.FromPreset(preset)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := p.Save(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestTeacherCookiePerLeague: two leagues' servers on one host (cookies
// ignore the port) use different cookie names, so opening one's teacher
// link keeps the other's teacher; the old shared name is still accepted
// with this server's token.
func TestTeacherCookiePerLeague(t *testing.T) {
	a := newGuard(guardConfig{token: "tok-aaaaaaaaaaaaaaaaaaaaaaa"})
	b := newGuard(guardConfig{token: "tok-bbbbbbbbbbbbbbbbbbbbbbb"})
	if a.cookie == b.cookie || !strings.HasPrefix(a.cookie, legacyTeacherCookie+"_") || a.cookie != teacherCookieName(a.cfg.token) {
		t.Fatalf("cookie names %q and %q", a.cookie, b.cookie)
	}
	if strings.Contains(a.cookie, a.cfg.token) {
		t.Fatalf("cookie name %q shows the token", a.cookie)
	}
	// The teacher link sets the league's own cookie name.
	rec := httptest.NewRecorder()
	a.teacherLink(rec, httptest.NewRequest("GET", "http://127.0.0.1:8080/?teacher="+a.cfg.token, nil))
	if sc := rec.Header().Get("Set-Cookie"); !strings.HasPrefix(sc, a.cookie+"="+a.cfg.token+";") {
		t.Fatalf("teacher link sets %q, want the cookie %s", sc, a.cookie)
	}
	tokA, tokB := a.cfg.token, b.cfg.token
	for _, c := range []struct {
		what    string
		cookies string
		a, b    bool // teacher on server a, on server b
	}{
		{"no cookie", "", false, false},
		{"a's cookie", a.cookie + "=" + tokA, true, false},
		{"both leagues' cookies", a.cookie + "=" + tokA + "; " + b.cookie + "=" + tokB, true, true},
		{"b's cookie", b.cookie + "=" + tokB, false, true},
		{"a's token under b's name", b.cookie + "=" + tokA, false, false},
		{"the old name with a's token", legacyTeacherCookie + "=" + tokA, true, false},
		{"the old name with b's token, and a's cookie", legacyTeacherCookie + "=" + tokB + "; " + a.cookie + "=" + tokA, true, true},
		{"the old name twice", legacyTeacherCookie + "=" + tokB + "; " + legacyTeacherCookie + "=" + tokA, true, true},
		{"a wrong token", a.cookie + "=tok-aaaaaaaaaaaaaaaaaaaaaab", false, false},
	} {
		req := httptest.NewRequest("GET", "http://127.0.0.1:8080/api/league", nil)
		if c.cookies != "" {
			req.Header.Set("Cookie", c.cookies)
		}
		if got := a.isTeacher(req); got != c.a {
			t.Errorf("%s: teacher on a: %v, want %v", c.what, got, c.a)
		}
		if got := b.isTeacher(req); got != c.b {
			t.Errorf("%s: teacher on b: %v, want %v", c.what, got, c.b)
		}
	}
}
