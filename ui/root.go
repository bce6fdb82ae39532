//go:build js && wasm

package main

import "github.com/vugu/vugu"

// Root is the page: top bar with the tabs and the worker status, and the
// current tab.
type Root struct {
	App *App
}

type tabInfo struct{ ID, Title string }

var tabs = []tabInfo{
	{"data", "Data"}, {"tune", "Tune"}, {"play", "Play"}, {"share", "Share"}, {"compare", "Compare"}, {"league", "League"},
}

// TabTitle adds a live marker to the Tune tab while a run is going.
func (c *Root) TabTitle(t tabInfo) string {
	if t.ID == "tune" && c.App.Tune.Active() {
		return t.Title + " ●"
	}
	return t.Title
}

// BeforeBuild keeps the Play tab's game in localStorage as it changes
// (playkeep.go), whatever tab is shown.
func (c *Root) BeforeBuild() { c.App.keepGame() }

// Dismiss hides the notice bar.
func (c *Root) Dismiss(e vugu.DOMEvent) { c.App.Notice = "" }

func (c *Root) StatusClass() string { cl, _ := c.App.WorkerStatus(); return cl }
func (c *Root) StatusText() string  { _, t := c.App.WorkerStatus(); return t }

// ifs returns a when cond holds, else b (or "" without b).
func ifs(cond bool, a string, b ...string) string {
	if cond {
		return a
	}
	if len(b) > 0 {
		return b[0]
	}
	return ""
}
