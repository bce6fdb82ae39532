//go:build js && wasm

package workerjs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"syscall/js"

	"github.com/evochess/evochess/wasm/runner"
)

// await waits for a JS promise. It must run in a goroutine, never in a JS
// callback (the promise settles on the event loop).
func await(ctx context.Context, p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		v := js.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		ch <- result{v: v}
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "promise rejected"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		ch <- result{err: errors.New(msg)}
		return nil
	})
	p.Call("then", then, catch)
	select {
	case r := <-ch:
		then.Release()
		catch.Release()
		return r.v, r.err
	case <-ctx.Done():
		// The promise settles later and calls one of them: they are
		// released only then (a released function called from JS is an
		// error on the console).
		go func() {
			<-ch
			then.Release()
			catch.Release()
		}()
		return js.Undefined(), ctx.Err()
	}
}

// fetch GETs a URL relative to the worker script and returns its body.
func fetch(ctx context.Context, url string) (io.ReadCloser, int64, error) {
	resp, err := await(ctx, js.Global().Call("fetch", url))
	if err != nil {
		return nil, 0, fmt.Errorf("worker: fetch %s: %w", url, err)
	}
	if !resp.Get("ok").Bool() {
		return nil, 0, fmt.Errorf("worker: fetch %s: HTTP %d", url, resp.Get("status").Int())
	}
	buf, err := await(ctx, resp.Call("arrayBuffer"))
	if err != nil {
		return nil, 0, fmt.Errorf("worker: fetch %s: body: %w", url, err)
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	b := make([]byte, arr.Get("length").Int())
	js.CopyBytesToGo(b, arr)
	return io.NopCloser(bytes.NewReader(b)), int64(len(b)), nil
}

// nested is a set of nested dedicated workers running worker.js.
type nested struct {
	workers []js.Value
	funcs   []js.Func
}

// startNested starts n nested workers (NewWorker: worker.js from inside
// this worker, with this worker's compiled module); their messages go to
// onMessage with the worker's index.
func startNested(n int, onMessage func(i int, msg []byte)) (runner.Remote, error) {
	ctor := js.Global().Get("Worker")
	if !ctor.Truthy() {
		return nil, errors.New("worker: nested workers are not available here")
	}
	r := &nested{}
	for i := 0; i < n; i++ {
		i := i
		w := NewWorker(nestedURL())
		f := js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) > 0 {
				onMessage(i, messageBytes(args[0].Get("data")))
			}
			return nil
		})
		fe := js.FuncOf(func(_ js.Value, args []js.Value) any {
			msg := "worker error"
			if len(args) > 0 && args[0].Get("message").Truthy() {
				msg = args[0].Get("message").String()
			}
			onMessage(i, errorMessage(fmt.Sprintf("worker: nested worker %d: %s", i, msg)))
			return nil
		})
		w.Set("onmessage", f)
		w.Set("onerror", fe)
		r.workers = append(r.workers, w)
		r.funcs = append(r.funcs, f, fe)
	}
	return r, nil
}

func (r *nested) Workers() int { return len(r.workers) }

func (r *nested) Send(i int, msg []byte) { r.workers[i].Call("postMessage", string(msg)) }

func (r *nested) Close() {
	for _, w := range r.workers {
		// Unhooked first: a message the worker posted before terminate may
		// still be queued here, and would call a released function.
		w.Set("onmessage", js.Null())
		w.Set("onerror", js.Null())
		w.Call("terminate")
	}
	for _, f := range r.funcs {
		f.Release()
	}
	r.workers, r.funcs = nil, nil
}

// NewWorker starts a dedicated worker running worker.js at script (a URL
// without a module parameter). When this
// Go instance was started by worker.js or by the page's boot script, which
// keep the compiled module in self.evochessModule, the worker gets that
// module as its first message (script + module=parent) and instantiates it
// instead of fetching and compiling the binary again; where the module
// cannot be posted, it starts from script. In headless Chromium here this
// changed neither the page's time to usable nor the classroom run's start
// (V8 already keeps one compilation of identical bytes per process); it
// spares the download where the HTTP cache does not keep the 9 MB binary,
// and the compilations of engines that do not share them.
func NewWorker(script string) js.Value {
	ctor := js.Global().Get("Worker")
	module := js.Global().Get("evochessModule")
	if module.Truthy() {
		if w, ok := workerFromModule(ctor, script, module); ok {
			return w
		}
	}
	return ctor.New(script)
}

// workerFromModule starts a worker that waits for module and posts it.
func workerFromModule(ctor js.Value, script string, module js.Value) (w js.Value, ok bool) {
	defer func() {
		if recover() != nil { // the module could not be posted (DataCloneError)
			if w.Truthy() {
				w.Call("terminate")
			}
			ok = false
		}
	}()
	w = ctor.New(withQuery(script, "module=parent"))
	w.Call("postMessage", map[string]any{"evochessModule": module})
	return w, true
}

// withQuery adds a query parameter to url.
func withQuery(u, kv string) string {
	if strings.Contains(u, "?") {
		return u + "&" + kv
	}
	return u + "?" + kv
}

// nestedURL is the script of nested workers: this worker's own URL (worker.js
// with its query, so nested workers load the same wasm), without the
// module=parent this worker may have been started with (NewWorker adds it
// when it posts the module).
func nestedURL() string {
	if loc := js.Global().Get("location"); loc.Truthy() && loc.Get("href").Truthy() {
		return withoutModule(loc.Get("href").String())
	}
	return "worker.js"
}

// withoutModule drops the module parameter from url's query.
func withoutModule(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	q := u.Query()
	if !q.Has("module") {
		return raw
	}
	q.Del("module")
	u.RawQuery = q.Encode()
	return u.String()
}
