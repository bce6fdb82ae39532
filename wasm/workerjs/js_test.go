//go:build js && wasm

package workerjs

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"
	"testing"
	"time"
)

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

// TestNestedCloseUnhooks: Close takes each nested worker's onmessage and
// onerror off before it terminates the worker and releases the Go
// callbacks, so that a message still on its way when the run stops finds
// no handler (a released js.Func called from JS logs "call to released
// function"). A fake Worker constructor records what terminate saw.
func TestNestedCloseUnhooks(t *testing.T) {
	orig := js.Global().Get("Worker")
	defer js.Global().Set("Worker", orig)
	var seen []string
	var made []js.Value
	var fns []js.Func
	defer func() {
		for _, f := range fns {
			f.Release()
		}
	}()
	terminate := js.FuncOf(func(this js.Value, _ []js.Value) any {
		seen = append(seen, fmt.Sprintf("terminate onmessage=%s onerror=%s", this.Get("onmessage").Type(), this.Get("onerror").Type()))
		return nil
	})
	ctor := js.FuncOf(func(js.Value, []js.Value) any {
		w := js.Global().Get("Object").New()
		w.Set("terminate", terminate)
		made = append(made, w)
		return w
	})
	fns = append(fns, terminate, ctor)
	js.Global().Set("Worker", ctor)

	got := 0
	r, err := startNested(2, func(int, []byte) { got++ })
	if err != nil {
		t.Fatal(err)
	}
	if len(made) != 2 || made[0].Get("onmessage").Type() != js.TypeFunction {
		t.Fatalf("%d workers started, onmessage %s", len(made), made[0].Get("onmessage").Type())
	}
	// A message before Close reaches onMessage.
	made[0].Call("onmessage", map[string]any{"data": "{}"})
	if got != 1 {
		t.Fatalf("a message before Close: %d calls", got)
	}
	r.Close()
	want := []string{"terminate onmessage=null onerror=null", "terminate onmessage=null onerror=null"}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("at terminate: %v, want %v", seen, want)
	}
	for i, w := range made {
		if !w.Get("onmessage").IsNull() || !w.Get("onerror").IsNull() {
			t.Errorf("worker %d still has a handler after Close", i)
		}
	}
}

// TestAwaitCancelledKeepsCallbacks: await returning on its context's end
// keeps the promise's callbacks until the promise settles, so a promise
// that settles later calls a live function, not a released one (which
// would log "call to released function" on the console).
func TestAwaitCancelledKeepsCallbacks(t *testing.T) {
	console := js.Global().Get("console")
	origError := console.Get("error")
	defer console.Set("error", origError)
	var logged []string
	record := js.FuncOf(func(_ js.Value, args []js.Value) any {
		for _, a := range args {
			logged = append(logged, a.String())
		}
		return nil
	})
	defer record.Release()
	console.Set("error", record)

	var resolve js.Value
	executor := js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve = args[0]
		return nil
	})
	defer executor.Release()
	p := js.Global().Get("Promise").New(executor)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := await(ctx, p); !errors.Is(err, context.Canceled) {
		t.Fatalf("await on a cancelled context: %v", err)
	}
	resolve.Invoke(1)
	time.Sleep(20 * time.Millisecond) // the promise's callbacks run on the event loop
	if len(logged) > 0 {
		t.Errorf("console errors after the promise settled: %v", logged)
	}
}
