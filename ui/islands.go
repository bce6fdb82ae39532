//go:build js && wasm

package main

import "syscall/js"

// Islands: display-only fragments (charts, the weights table, option lists,
// the move list) whose HTML is written into an otherwise empty element
// outside Vugu's render, and only when it changed. Vugu 0.4 rewrites every
// innerHTML on every render, which made each worker message cost a full
// re-parse and re-layout of these fragments (ParseHTML was most of the long
// tasks measured during a run). Vugu leaves the children of an element it
// renders without children alone, so the two coexist.
//
// A component registers a fragment during its build with island(id, html)
// and renders <… data-island="id"></…>; syncIslands runs after each render.
type islands struct {
	html    map[string]string // id → wanted HTML this render
	written map[string]string // id → HTML last written
	seq     int
}

func (is *islands) set(id, html string) {
	if is.html == nil {
		is.html = map[string]string{}
		is.written = map[string]string{}
	}
	is.html[id] = html
}

// sync writes changed fragments. An element Vugu re-created (a tab switch)
// has lost its content; a marker property tells it apart from the old one.
func (is *islands) sync() {
	doc := js.Global().Get("document")
	for id, h := range is.html {
		el := doc.Call("querySelector", `[data-island="`+id+`"]`)
		if el.IsNull() {
			delete(is.written, id)
			continue
		}
		if el.Get("__evoIsland").Truthy() && is.written[id] == h {
			continue
		}
		el.Set("innerHTML", h)
		el.Set("__evoIsland", true)
		is.written[id] = h
	}
	is.html = map[string]string{}
}

// island registers a fragment for this render and returns its id (for data-island).
func (a *App) island(id, html string) string {
	a.isl.set(id, html)
	return id
}
