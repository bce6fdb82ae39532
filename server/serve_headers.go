package main

// Security headers applied to every response of `evochess serve`, and the
// JSON error helper of the site and API handlers.

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// contentSecurityPolicy builds the CSP: everything from self, WebAssembly
// compilation allowed ('wasm-unsafe-eval', not 'unsafe-eval'), workers from
// self, no framing. inline lists 'sha256-…' sources of index.html's inline
// scripts. Styles allow 'unsafe-inline' because the Vugu renderer sets style
// attributes.
func contentSecurityPolicy(inline []string) string {
	script := "script-src 'self' 'wasm-unsafe-eval'"
	if len(inline) > 0 {
		script += " " + strings.Join(inline, " ")
	}
	return strings.Join([]string{
		"default-src 'self'",
		script,
		"worker-src 'self'",
		"connect-src 'self'",
		"img-src 'self' data:",
		"style-src 'self' 'unsafe-inline'",
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// withSecurityHeaders sets the security headers on every response.
func withSecurityHeaders(csp string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		next.ServeHTTP(w, r)
	})
}

// apiError is the body of every refusal: {"error": "...", "status": N}.
type apiError struct {
	Error  string `json:"error"`
	Status int    `json:"status"`
}

// httpError writes a JSON error body {"error": "...", "status": code} with
// status code.
func httpError(w http.ResponseWriter, code int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Del("Content-Encoding")
	h.Del("ETag")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(apiError{Error: msg, Status: code})
}

// writeJSON writes v as JSON with status code.
func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		httpError(w, http.StatusInternalServerError, "serve: encode response: %v", err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_, _ = w.Write(append(b, '\n'))
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
