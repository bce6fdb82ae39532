// Command ui is the playground page, compiled to WebAssembly (make site).
//
// Vugu components (*.vugu, generated into *_gen.go by generate.go) render
// the App state (app.go) into #vugu_mount_point; main_wasm.go runs the
// render loop, and the same binary serves as the Web Worker that computes
// (wasm/workerjs). The page talks to its workers only through the typed
// messages of wasm/protocol (worker.go), and to `evochess serve` through
// fetch and server-sent events (native.go, league.go).
//
// The window's events (resize, pagehide, pageshow, hashchange, storage,
// and keydown as a typed KeyboardEvent) go through honnef.co/go/js/dom/v2
// (app.go, boardinput.go, native.go, store.go). syscall/js stays where
// dom/v2 has no typed API (pointer ids and fractional client coordinates,
// Blob URLs, localStorage, fetch, workers, EventSource) and for element
// lookups: dom/v2's element wrappers would add about 0.9 MB to main.wasm,
// its window and event types add 0.5 MB.
//
// Everything here builds only for js/wasm; on other platforms the command
// explains how to build it (main_native.go).
package main
