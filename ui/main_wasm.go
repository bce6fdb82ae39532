//go:build js && wasm

package main

import (
	"fmt"
	"time"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
)

// slowRender is the render time above which a warning goes to the console.
const slowRender = 50 * time.Millisecond

// main runs the Vugu render loop: build the component tree from the App
// state, render it into #vugu_mount_point, wait for an event (a DOM event or
// a worker callback's UnlockRender), repeat.
func main() {
	renderer, err := domrender.New("#vugu_mount_point")
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
		res := buildEnv.RunBuild(root)
		t1 := time.Now()
		if err := renderer.Render(res); err != nil {
			panic(fmt.Errorf("ui: render: %w", err))
		}
		if d := time.Since(t0); d > slowRender {
			println("evochess: slow render", d.String(), "build", t1.Sub(t0).String(), "tab", app.Tab)
		}
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
