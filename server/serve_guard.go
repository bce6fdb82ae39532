package main

// The request guard in front of every handler of `evochess serve`:
//
//   - Host: only names this server serves (the listen address, the
//     machine's own addresses, localhost, the host name, -host) — a page on
//     another site cannot reach the server through DNS rebinding (421).
//   - Rate limits per client address: a token bucket for reads and a
//     smaller one for state-changing requests (429 with Retry-After), and a
//     cap on event streams per address (429) and in all (503).
//   - State-changing requests (every method but GET, HEAD, OPTIONS) must be
//     same-origin — Sec-Fetch-Site, when sent, is same-origin, and Origin,
//     when sent, is this server's own origin — (403) and carry a JSON
//     content type (415), which a cross-site form cannot send and a
//     cross-site fetch cannot send without a CORS preflight this server
//     never grants. Clients that send neither header (curl, scripts) are not
//     browsers, so cannot be used for cross-site request forgery.
//   - Request bodies are bounded in size (413) and in the time to send
//     them (408).
//   - Teacher actions need the teacher token when the server listens beyond
//     loopback: the link …/?teacher=TOKEN printed at start sets an HttpOnly,
//     SameSite=Strict cookie and redirects to the page; scripts may send
//     "Authorization: Bearer TOKEN". Without it: 403.
//
// Every refusal is a JSON error {"error": "...", "status": N}.

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"math"
	"mime"
	"net"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// legacyTeacherCookie is the teacher cookie's name before it was made
// specific to the league (teacherCookieName); a cookie of that name holding
// this server's token is still accepted.
const legacyTeacherCookie = "evochess_teacher"

// teacherCookieName names the cookie holding the teacher token of a league.
// Cookies ignore the port, so every server on one host would otherwise
// share one cookie, and opening a second class's teacher link would replace
// the first class's token. The suffix is a short hash of the token, which is
// created once per league file: it stays the same across restarts (and port
// changes) and differs between leagues, and it gives away 32 bits of a hash,
// not of the 144-bit token.
func teacherCookieName(token string) string {
	sum := sha256.Sum256([]byte("evochess teacher cookie\x00" + token))
	return legacyTeacherCookie + "_" + hex.EncodeToString(sum[:4])
}

// guardConfig configures the guard.
type guardConfig struct {
	// hosts are the allowed Host names and addresses besides the loopback
	// names and addresses, which are always allowed.
	hosts []string
	// token is the teacher token; "" means every client is the teacher
	// (a server on loopback).
	token string
	// Token buckets per client address: rate per second and burst.
	readRate, readBurst   float64
	writeRate, writeBurst float64
	// maxBody bounds any request body (handlers may bound tighter);
	// bodyTimeout bounds the time to send it (0: no bound), so a client
	// trickling a body cannot hold a connection for ever.
	maxBody     int64
	bodyTimeout time.Duration
	// Event streams open at once per address and in all.
	maxStreamsPerAddr, maxStreams int
	now                           func() time.Time
}

// defaultGuard returns the limits used by `evochess serve`: generous for a
// class on one network (a page load is about 30 requests), tight for
// writes.
func defaultGuard() guardConfig {
	return guardConfig{readRate: 50, readBurst: 400, writeRate: 2, writeBurst: 30, maxBody: 1 << 20, bodyTimeout: 30 * time.Second,
		maxStreamsPerAddr: 16, maxStreams: 512}
}

// guard implements the checks above.
type guard struct {
	cfg    guardConfig
	cookie string // teacherCookieName(cfg.token)
	hosts  map[string]bool
	reads  *limiter
	writes *limiter

	mu      sync.Mutex
	streams map[string]int
	total   int
}

func newGuard(cfg guardConfig) *guard {
	if cfg.now == nil {
		cfg.now = time.Now
	}
	g := &guard{cfg: cfg, cookie: teacherCookieName(cfg.token), hosts: map[string]bool{}, streams: map[string]int{},
		reads: newLimiter(cfg.readRate, cfg.readBurst, cfg.now), writes: newLimiter(cfg.writeRate, cfg.writeBurst, cfg.now)}
	for _, h := range append([]string{"localhost"}, cfg.hosts...) {
		if h = normalizeHost(h); h != "" {
			g.hosts[h] = true
		}
	}
	return g
}

// normalizeHost lowercases a host name, drops a port, IPv6 brackets and a
// trailing dot.
func normalizeHost(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	return strings.TrimSuffix(h, ".")
}

// hostAllowed reports whether a Host header names this server.
func (g *guard) hostAllowed(host string) bool {
	h := normalizeHost(host)
	if h == "" {
		return false
	}
	if ip := net.ParseIP(h); ip != nil && ip.IsLoopback() {
		return true
	}
	return g.hosts[h]
}

// clientAddr is the client's IP address (no port).
func clientAddr(r *http.Request) string {
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return h
	}
	return r.RemoteAddr
}

// safeMethod reports whether a method never changes state.
func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// wrap returns next behind the guard.
func (g *guard) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !g.hostAllowed(r.Host) {
			httpError(w, http.StatusMisdirectedRequest, "serve: host %q is not served here (open the address `evochess serve` printed, or start it with -host %s)", clip(r.Host, 80), clip(normalizeHost(r.Host), 80))
			return
		}
		addr := clientAddr(r)
		write := !safeMethod(r.Method)
		lim := g.reads
		if write {
			lim = g.writes
		}
		if ok, wait := lim.allow(addr); !ok {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
			kind := "requests"
			if write {
				kind = "changes"
			}
			httpError(w, http.StatusTooManyRequests, "serve: too many %s from %s; retry in %.0f s", kind, addr, math.Ceil(wait.Seconds()))
			return
		}
		if write {
			if msg := crossOrigin(r); msg != "" {
				httpError(w, http.StatusForbidden, "serve: %s", msg)
				return
			}
			ct := r.Header.Get("Content-Type")
			if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
				httpError(w, http.StatusUnsupportedMediaType, "serve: %s %s wants Content-Type application/json, got %q", r.Method, clip(r.URL.Path, 80), clip(ct, 80))
				return
			}
		}
		if r.ContentLength > g.cfg.maxBody {
			httpError(w, http.StatusRequestEntityTooLarge, "serve: request body of %d bytes, at most %d", r.ContentLength, g.cfg.maxBody)
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, g.cfg.maxBody)
			if g.cfg.bodyTimeout > 0 {
				_ = http.NewResponseController(w).SetReadDeadline(g.cfg.now().Add(g.cfg.bodyTimeout))
			}
		}
		if r.Method == http.MethodGet && r.URL.Query().Has("teacher") {
			g.teacherLink(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// crossOrigin explains why a state-changing request is not same-origin,
// or returns "".
func crossOrigin(r *http.Request) string {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" {
		return "cross-site request refused (Sec-Fetch-Site: " + clip(site, 40) + ")"
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return ""
	}
	u, err := url.Parse(origin)
	if err != nil || origin == "null" || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "cross-origin request refused (Origin " + strconv.Quote(clip(origin, 80)) + ")"
	}
	if !strings.EqualFold(u.Host, r.Host) {
		return "cross-origin request refused (Origin " + strconv.Quote(clip(origin, 80)) + " is not this server, " + strconv.Quote(clip(r.Host, 80)) + ")"
	}
	return ""
}

// clip shortens s for an error message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// teacherLink handles …?teacher=TOKEN: the right token sets the teacher
// cookie and redirects to the page without the token in the address.
func (g *guard) teacherLink(w http.ResponseWriter, r *http.Request) {
	if g.cfg.token != "" {
		if !tokenEqual(r.URL.Query().Get("teacher"), g.cfg.token) {
			httpError(w, http.StatusForbidden, "serve: wrong teacher token (use the teacher link `evochess serve` printed)")
			return
		}
		// The legacy cookie is left alone: it may hold another league's
		// token, for a server on this host not yet upgraded.
		http.SetCookie(w, &http.Cookie{Name: g.cookie, Value: g.cfg.token, Path: "/", HttpOnly: true,
			SameSite: http.SameSiteStrictMode, MaxAge: 30 * 24 * 3600})
	}
	q := r.URL.Query()
	q.Del("teacher")
	// The page's own path, cleaned: a path such as //evil.example/ would
	// otherwise be a redirect to another site.
	u := url.URL{Path: path.Clean("/" + strings.TrimLeft(r.URL.Path, "/\\")), RawQuery: q.Encode(), Fragment: "league"}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, u.String(), http.StatusSeeOther)
}

func tokenEqual(a, b string) bool {
	return len(a) == len(b) && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// isTeacher reports whether r may take teacher actions.
func (g *guard) isTeacher(r *http.Request) bool {
	if g.cfg.token == "" {
		return true
	}
	// A browser sends every cookie of the host, of several leagues'
	// servers maybe, and may send one name twice (other paths): any one
	// holding this token will do.
	for _, name := range []string{g.cookie, legacyTeacherCookie} {
		for _, c := range r.CookiesNamed(name) {
			if tokenEqual(c.Value, g.cfg.token) {
				return true
			}
		}
	}
	if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && tokenEqual(strings.TrimSpace(tok), g.cfg.token) {
		return true
	}
	return false
}

// teacherOnly refuses h to everyone but the teacher.
func (g *guard) teacherOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !g.isTeacher(r) {
			httpError(w, http.StatusForbidden, "serve: %s %s is for the teacher: open the teacher link `evochess serve` printed", r.Method, clip(r.URL.Path, 80))
			return
		}
		h(w, r)
	}
}

// openStream counts an event stream of r's address; release must be called
// when it ends. It writes the refusal itself and returns ok=false. A HEAD
// request takes no slot: it gets the stream's headers (ok=false, answered),
// where it used to hold a slot until the client hung up.
func (g *guard) openStream(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	if r.Method == http.MethodHead {
		h := w.Header()
		h.Set("Content-Type", "text/event-stream")
		h.Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusOK)
		return nil, false
	}
	addr := clientAddr(r)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.total >= g.cfg.maxStreams {
		w.Header().Set("Retry-After", "10")
		httpError(w, http.StatusServiceUnavailable, "serve: %d event streams open, the most this server keeps", g.total)
		return nil, false
	}
	if g.streams[addr] >= g.cfg.maxStreamsPerAddr {
		w.Header().Set("Retry-After", "10")
		httpError(w, http.StatusTooManyRequests, "serve: %d event streams open from %s (at most %d); close other tabs", g.streams[addr], addr, g.cfg.maxStreamsPerAddr)
		return nil, false
	}
	g.streams[addr]++
	g.total++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.total--
			if g.streams[addr]--; g.streams[addr] <= 0 {
				delete(g.streams, addr)
			}
		})
	}, true
}

// limiter is a token bucket per key.
type limiter struct {
	rate, burst float64
	now         func() time.Time
	mu          sync.Mutex
	buckets     map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBuckets bounds the limiter's memory: beyond it, full (idle) buckets
// are dropped.
const maxBuckets = 4096

func newLimiter(rate, burst float64, now func() time.Time) *limiter {
	return &limiter{rate: rate, burst: burst, now: now, buckets: map[string]*bucket{}}
}

// allow takes a token from key's bucket, or says how long until one is there.
func (l *limiter) allow(key string) (bool, time.Duration) {
	if l.rate <= 0 {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= maxBuckets {
			l.sweep(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = math.Min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
}

// sweep drops the buckets that have refilled (their clients are idle).
func (l *limiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.buckets, k)
		}
	}
}
