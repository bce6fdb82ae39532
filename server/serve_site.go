package main

// The playground's static site: the files `make site` puts into server/site,
// embedded into the binary, read and gzip-compressed once at startup and
// served with content-hash ETags, the right types (application/wasm) and
// security headers (see serve_headers.go).

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

//go:embed all:site
var embeddedSite embed.FS

// siteRoot returns the embedded site folder.
func siteRoot() fs.FS {
	sub, err := fs.Sub(embeddedSite, "site")
	if err != nil { // cannot happen: "site" is a valid path
		panic(err)
	}
	return sub
}

// asset is one file of the site, ready to serve.
type asset struct {
	name   string // slash path without leading slash, e.g. "main.wasm"
	ctype  string
	plain  []byte
	gz     []byte // nil when compression does not pay
	br     []byte // brotli variant written by `make site`, nil if none
	etag   string // strong ETag of plain, quoted
	gzETag string // ETag of the gzip variant
	brETag string // ETag of the brotli variant
}

// site is the set of files served, built once by loadSite.
type site struct {
	assets map[string]*asset
	csp    string // Content-Security-Policy for every response
	built  bool   // index.html present
}

// compressible reports whether files of this type shrink under gzip.
func compressible(ctype string) bool {
	for _, p := range []string{"text/", "application/wasm", "application/javascript", "application/json", "image/svg+xml", "application/x-chess-pgn"} {
		if strings.HasPrefix(ctype, p) {
			return true
		}
	}
	return false
}

// contentType returns the media type for a file name.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".json":
		return "application/json"
	case ".pgn":
		return "application/x-chess-pgn; charset=utf-8"
	case ".epd", ".txt", ".md":
		return "text/plain; charset=utf-8"
	case ".png":
		return "image/png"
	case ".ico":
		return "image/x-icon"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// loadSite reads every regular file of root, computes ETags and gzip
// variants. A file "x.gz" beside "x" (written by `make site` with gzip -9)
// is taken as x's gzip variant, not served itself; other compressible files
// are compressed here, in parallel, once. A brotli variant "x.br" (the Go
// standard library has no brotli) is used only with "x.br.sha256" holding
// the hex sha256 of x, so a stale one is never served.
func loadSite(root fs.FS) (*site, error) {
	s := &site{assets: map[string]*asset{}}
	pre := map[string][]byte{}
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		b, err := fs.ReadFile(root, p)
		if err != nil {
			return err
		}
		for _, ext := range []string{".gz", ".br", ".br.sha256"} {
			if strings.HasSuffix(p, ext) {
				if _, err := fs.Stat(root, strings.TrimSuffix(p, ext)); err == nil {
					pre[p] = b
					return nil
				}
			}
		}
		sum := sha256.Sum256(b)
		tag := hex.EncodeToString(sum[:12])
		s.assets[p] = &asset{name: p, ctype: contentType(p), plain: b, etag: `"` + tag + `"`, gzETag: `"` + tag + `-gz"`, brETag: `"` + tag + `-br"`}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("serve: read site: %w", err)
	}
	var (
		wg   sync.WaitGroup
		sem  = make(chan struct{}, runtime.GOMAXPROCS(0))
		mu   sync.Mutex
		gerr error
	)
	for name, a := range s.assets {
		if !compressible(a.ctype) || len(a.plain) <= 256 {
			continue
		}
		if br, ok := pre[name+".br"]; ok {
			sum := sha256.Sum256(a.plain)
			if strings.TrimSpace(string(pre[name+".br.sha256"])) == hex.EncodeToString(sum[:]) && len(br) < len(a.plain) {
				a.br = br
			}
		}
		if gz, ok := pre[name+".gz"]; ok {
			if plain, err := gunzip(gz); err == nil && bytes.Equal(plain, a.plain) {
				a.gz = gz
				continue
			}
			// A stale .gz (the file changed after it was written): recompress.
		}
		wg.Add(1)
		sem <- struct{}{}
		go func(a *asset) {
			defer wg.Done()
			defer func() { <-sem }()
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			_, err := zw.Write(a.plain)
			if err == nil {
				err = zw.Close()
			}
			if err != nil {
				mu.Lock()
				gerr = err
				mu.Unlock()
				return
			}
			if buf.Len() < len(a.plain)*9/10 {
				a.gz = buf.Bytes()
			}
		}(a)
	}
	wg.Wait()
	if gerr != nil {
		return nil, fmt.Errorf("serve: compress site: %w", gerr)
	}
	idx, ok := s.assets["index.html"]
	s.built = ok
	var inline []string
	if ok {
		inline = inlineScriptHashes(idx.plain)
	}
	s.csp = contentSecurityPolicy(inline)
	return s, nil
}

func gunzip(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// inlineScriptHashes returns the CSP 'sha256-…' sources of the inline
// <script> elements of an HTML page, so index.html may bootstrap the wasm
// inline without 'unsafe-inline'.
func inlineScriptHashes(html []byte) []string {
	var out []string
	rest := html
	for {
		i := bytes.Index(rest, []byte("<script"))
		if i < 0 {
			return out
		}
		rest = rest[i:]
		end := bytes.IndexByte(rest, '>')
		if end < 0 {
			return out
		}
		tag := rest[:end]
		rest = rest[end+1:]
		close := bytes.Index(rest, []byte("</script>"))
		if close < 0 {
			return out
		}
		body := rest[:close]
		rest = rest[close:]
		if bytes.Contains(tag, []byte(" src=")) || len(bytes.TrimSpace(body)) == 0 {
			continue
		}
		sum := sha256.Sum256(body)
		out = append(out, "'sha256-"+b64(sum[:])+"'")
	}
}

// sizes returns the plain and transferred byte totals of the named assets
// for a browser that accepts br and gzip, for the first-load report.
func (s *site) sizes(names ...string) (plain, sent int) {
	for _, n := range names {
		if a, ok := s.assets[n]; ok {
			plain += len(a.plain)
			switch {
			case a.br != nil:
				sent += len(a.br)
			case a.gz != nil:
				sent += len(a.gz)
			default:
				sent += len(a.plain)
			}
		}
	}
	return plain, sent
}

// firstLoad lists the files a browser fetches to show the playground and
// start one worker: the page, its scripts, style and pieces, the wasm binary
// (main.wasm serves the page and, through worker.js?wasm=main.wasm, every
// worker) and the worker bootstrap.
func (s *site) firstLoad() []string {
	var out []string
	for _, n := range s.names() {
		switch {
		case n == "index.html", n == "wasm_exec.js", n == "main.wasm", n == "worker.js", n == "vugu-render.js",
			strings.HasSuffix(n, ".css") && !strings.Contains(n, "/"), strings.HasPrefix(n, "pieces/") && strings.HasSuffix(n, ".svg"):
			out = append(out, n)
		}
	}
	return out
}

// names lists the served files, sorted.
func (s *site) names() []string {
	out := make([]string, 0, len(s.assets))
	for n := range s.assets {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// notBuiltPage is served for "/" when the site was not built.
const notBuiltPage = `<!doctype html><meta charset="utf-8"><title>evochess: site not built</title>
<h1>The playground was not built into this binary</h1>
<p>Run <code>make build</code> (or <code>make run</code>) in the repository: <code>make site</code> builds the
WebAssembly UI and worker into server/site, which the evochess binary embeds. The API (/api/…) works without it.</p>
`

// ServeHTTP serves the site: GET and HEAD only, "/" is index.html, no
// directory listings, no path escapes, gzip when accepted, 304 on a matching
// If-None-Match.
func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		httpError(w, http.StatusMethodNotAllowed, "serve: method %s not allowed for the site", r.Method)
		return
	}
	name, ok := cleanSitePath(r.URL.Path)
	if !ok {
		httpError(w, http.StatusBadRequest, "serve: bad path %q", r.URL.Path)
		return
	}
	if name == "" {
		name = "index.html"
	}
	a, found := s.assets[name]
	if !found {
		if name == "index.html" && !s.built {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusServiceUnavailable)
			if r.Method == http.MethodGet {
				_, _ = w.Write([]byte(notBuiltPage))
			}
			return
		}
		httpError(w, http.StatusNotFound, "serve: %s not found", r.URL.Path)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", "no-cache") // revalidate; the ETag makes that a 304
	body, etag := a.plain, a.etag
	if a.gz != nil || a.br != nil {
		h.Set("Vary", "Accept-Encoding")
		ae := r.Header.Get("Accept-Encoding")
		switch {
		case a.br != nil && accepts(ae, "br"):
			body, etag = a.br, a.brETag
			h.Set("Content-Encoding", "br")
		case a.gz != nil && accepts(ae, "gzip"):
			body, etag = a.gz, a.gzETag
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Type")
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		_, _ = w.Write(body)
	}
}

// cleanSitePath maps a URL path to an asset name. It refuses anything that is
// not already clean (.., //, backslashes, NUL) rather than rewriting it, so no
// request can name a file outside the site. A path ending in "/" other than
// the root maps to nothing (no directory listing, no implicit index).
func cleanSitePath(p string) (string, bool) {
	if !strings.HasPrefix(p, "/") {
		return "", false
	}
	if p == "/" {
		return "", true
	}
	name := p[1:]
	if !utf8.ValidString(name) || strings.ContainsAny(name, "\\\x00") || strings.HasSuffix(name, "/") {
		return "", false
	}
	if path.Clean(name) != name || name == "." || strings.HasPrefix(name, "../") || name == ".." {
		return "", false
	}
	for _, seg := range strings.Split(name, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "", false
		}
	}
	return name, true
}

// accepts reports whether an Accept-Encoding header allows coding ("gzip"
// or "br"): listed, or covered by *, with a non-zero q value.
func accepts(h, coding string) bool {
	codingQ, starQ := -1.0, -1.0
	for _, part := range strings.Split(h, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		c, params, _ := strings.Cut(part, ";")
		c = strings.ToLower(strings.TrimSpace(c))
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.TrimSpace(strings.ToLower(k)) == "q" {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil {
					f = 0
				}
				q = f
			}
		}
		switch {
		case c == coding || (coding == "gzip" && c == "x-gzip"):
			codingQ = q
		case c == "*":
			starQ = q
		}
	}
	if codingQ >= 0 {
		return codingQ > 0
	}
	return starQ > 0
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip.
func acceptsGzip(h string) bool { return accepts(h, "gzip") }

// etagMatches reports whether an If-None-Match header lists etag (or *).
func etagMatches(h, etag string) bool {
	if h == "" {
		return false
	}
	for _, t := range strings.Split(h, ",") {
		t = strings.TrimSpace(t)
		t = strings.TrimPrefix(t, "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}
