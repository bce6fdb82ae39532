//go:build js && wasm

package main

import (
	"fmt"
	"runtime/debug"
	"syscall/js"
	"time"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"

	"github.com/evochess/evochess/wasm/workerjs"
)

// main runs the Vugu render loop: build the component tree from the App
// state, render it into #vugu_mount_point, wait for an event (a DOM event or
// a worker callback's UnlockRender), repeat.
func main() {
	// The same binary serves as the Web Worker (worker.js?wasm=main.wasm), so a
	// first visit downloads one WebAssembly module instead of two.
	if workerjs.InWorker() {
		workerjs.Run()
		return
	}
	// Renders allocate a fresh node tree each time; collecting less often
	// keeps GC pauses off the frames (the heap stays a few MB).
	debug.SetGCPercent(400)
	renderer, err := newRenderer()
	if err != nil {
		panic(fmt.Errorf("ui: %w", err))
	}
	defer renderer.Release()
	buildEnv, err := vugu.NewBuildEnv(renderer.EventEnv())
	if err != nil {
		panic(fmt.Errorf("ui: %w", err))
	}
	app := newApp(renderer.EventEnv())
	root := &Root{App: app}
	started := false
	for ok := true; ok; ok = renderer.EventWait() {
		t0 := time.Now()
		if err := renderer.Render(buildEnv.RunBuild(root)); err != nil {
			panic(fmt.Errorf("ui: render: %w", err))
		}
		app.isl.sync()
		app.renderCost = time.Since(t0)
		if !started {
			started = true
			// Start after the first render so the page shows at once; start
			// only posts messages and never blocks.
			go func() {
				renderer.EventEnv().Lock()
				app.start()
				renderer.EventEnv().UnlockRender()
			}()
		}
	}
}

// newRenderer creates Vugu's DOM renderer. domrender.New installs its JS
// helper with window.eval, which the server's Content-Security-Policy
// refuses; index.html has already loaded the same script from
// vugu-render.js, so eval is replaced by a no-op for that one call.
func newRenderer() (*domrender.JSRenderer, error) {
	w := js.Global().Get("window")
	if !w.Get("vuguRender").Truthy() {
		return nil, fmt.Errorf("vugu-render.js did not load")
	}
	orig := w.Get("eval")
	noop := js.FuncOf(func(js.Value, []js.Value) any { return nil })
	w.Set("eval", noop)
	defer func() {
		w.Set("eval", orig)
		noop.Release()
	}()
	return domrender.New("#vugu_mount_point")
}
