//go:build js && wasm

package main

import (
	"fmt"
	"runtime/debug"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
)

// main runs the Vugu render loop: build the component tree from the App
// state, render it into #vugu_mount_point, wait for an event (a DOM event or
// a worker callback's UnlockRender), repeat.
func main() {
	// Renders allocate a fresh node tree each time; collecting less often
	// keeps GC pauses off the frames (the heap stays a few MB).
	debug.SetGCPercent(400)
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
		if err := renderer.Render(buildEnv.RunBuild(root)); err != nil {
			panic(fmt.Errorf("ui: render: %w", err))
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
