//go:build js && wasm

package workerjs

import "testing"

// TestNestedURL: a worker started from its parent's module (module=parent)
// starts its own nested workers from a URL without that parameter, which
// NewWorker adds back only when it posts the module.
func TestNestedURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://h/worker.js?wasm=main.wasm&module=parent", "http://h/worker.js?wasm=main.wasm"},
		{"http://h/worker.js?module=parent", "http://h/worker.js"},
		{"http://h/worker.js?wasm=main.wasm", "http://h/worker.js?wasm=main.wasm"},
		{"http://h/x/worker.js", "http://h/x/worker.js"},
	} {
		if got := withoutModule(tc.in); got != tc.want {
			t.Errorf("withoutModule(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := withQuery(withoutModule("http://h/worker.js?wasm=main.wasm&module=parent"), "module=parent"); got != "http://h/worker.js?wasm=main.wasm&module=parent" {
		t.Errorf("withQuery: %q", got)
	}
}
