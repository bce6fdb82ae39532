//go:build js && wasm

package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
	"honnef.co/go/js/dom/v2"
)

// App is the page's state shared by every tab: the workers, the loaded
// games, the run, saved players and an opened share link. Components hold a
// pointer to it; worker callbacks change it under env.Lock and re-render.
type App struct {
	env vugu.EventEnv
	Tab string

	data    *Worker // games, sampling and the tuning run
	play    *Worker // searches for the Play tab
	compare *Worker // tournaments
	seq     int

	Data   DataState
	Tune   TuneState
	Game   PlayState
	Share  ShareState
	Cmp    CompareState
	League LeagueUI // the class league (league.go)

	Players []SavedPlayer // saved players (localStorage)
	Runs    []SavedRun    // finished runs (localStorage)
	Resume  *ResumePoint  // the latest checkpoint of the active or interrupted run (localStorage)
	Caps    *protocol.Capabilities
	press   boardPress // pointer press on the Play board (boardinput.go)
	VW      int        // viewport width in CSS pixels (charts lay out for it)
	Notice  string     // one-line message shown above the tab (dismissable)

	renderTimer js.Func
	renderArmed bool
	renderCost  time.Duration // duration of the last render
	isl         islands
}

// scheduleRender asks for one render soon; further calls before it fires
// are merged into it. Worker messages (progress, search info, load
// progress) can arrive faster than the page can render, so the delay is
// four times the last render's cost (at least 40 ms, at most 1 s): renders
// for worker messages then take at most a fifth of the main thread, and
// clicks and typing stay immediate. Called with the lock held.
func (a *App) scheduleRender() {
	if a.renderArmed {
		return
	}
	a.renderArmed = true
	delay := min(max(4*a.renderCost, 40*time.Millisecond), time.Second)
	js.Global().Call("setTimeout", a.renderTimer, delay.Milliseconds())
}

// newApp builds the state; start launches the data worker and loads the
// bundled games.
func newApp(env vugu.EventEnv) *App {
	a := &App{env: env, Tab: "data"}
	a.renderTimer = js.FuncOf(func(this js.Value, args []js.Value) any {
		a.env.Lock()
		a.renderArmed = false
		a.env.UnlockRender()
		return nil
	})
	a.Data.init()
	a.Tune.init()
	a.Game.init()
	a.Cmp.init()
	// A first game is against a real player: the strongest paper preset
	// (docs/experiments/presets.md), not the engine's material-only default.
	if err := a.chooseOpponent(firstOpponent); err != nil {
		a.Game.Err = err.Error()
	}
	return a
}

// firstOpponent is the Play tab's opponent until the user picks another (or
// "Play the evolved player" on the Tune tab): david-fig3, the strongest of
// the papers' presets in their round robin.
const firstOpponent = "preset:david-fig3"

func (a *App) start() {
	a.loadStore()
	a.listenStore()
	// The game in progress before a reload (playkeep.go), before any link
	// is opened: a link shows its player without touching the game.
	a.restoreGame()
	a.installBoardInput()
	win := dom.GetWindow()
	a.VW = win.InnerWidth()
	win.AddEventListener("resize", false, func(dom.Event) {
		vw := win.InnerWidth()
		a.env.Lock()
		changed := chartWidth(vw) != chartWidth(a.VW)
		a.VW = vw
		if changed {
			a.scheduleRender()
		}
		a.env.UnlockOnly()
	})
	a.data = newWorker(a, "tuner")
	a.Data.LoadBundled(a)
	a.openHash(win.Location().Hash())
	a.leagueRoute(win.Location().Hash())
	a.startLeague()
	// A run still going when the page goes away is kept as "interrupted".
	win.AddEventListener("pagehide", false, func(dom.Event) {
		a.env.Lock()
		defer a.env.UnlockOnly()
		a.saveInterrupted()
		a.keepGame()
	})
	// A link pasted into the address bar of an open page.
	win.AddEventListener("hashchange", false, func(dom.Event) {
		a.env.Lock()
		defer a.env.UnlockRender()
		// Another address (#league, back to the bare page) keeps the opened
		// link: it stays the Play tab's "shared" player and the Share tab's
		// card; only another #p= link replaces it (openHash).
		hash := win.Location().Hash()
		a.openHash(hash)
		a.leagueRoute(hash)
	})
	go a.probeNative()
}

func (a *App) nextID(prefix string) string {
	a.seq++
	return prefix + "-" + strconv.Itoa(a.seq)
}

func (a *App) playWorker() *Worker {
	if a.play == nil || a.play.Failed != "" {
		a.play = newWorker(a, "player")
	}
	return a.play
}

func (a *App) compareWorker() *Worker {
	if a.compare == nil || a.compare.Failed != "" {
		a.compare = newWorker(a, "compare")
	}
	return a.compare
}

// WorkerStatus summarises the workers for the status bar.
func (a *App) WorkerStatus() (class, text string) {
	n, ready, busy := 0, 0, 0
	for _, w := range []*Worker{a.data, a.play, a.compare} {
		if w == nil {
			continue
		}
		n++
		if w.Failed != "" && w.Failed != "stopped" {
			return "err", w.Name + " worker: " + w.Failed
		}
		if w.Ready {
			ready++
		}
		busy += w.Busy
	}
	switch {
	case n == 0 || ready == 0:
		return "busy", "starting worker…"
	case busy > 0:
		return "busy", fmt.Sprintf("%d worker%s, working", n, plural(n))
	}
	return "on", fmt.Sprintf("%d worker%s ready", ready, plural(ready))
}

// Pending lists the requests still waiting for an answer (status bar tooltip).
func (a *App) Pending() string {
	var ids []string
	for _, w := range []*Worker{a.data, a.play, a.compare} {
		if w == nil {
			continue
		}
		for id := range w.handlers {
			ids = append(ids, w.Name+":"+id)
		}
	}
	sort.Strings(ids)
	if len(ids) == 0 {
		return "idle"
	}
	return "waiting for " + strings.Join(ids, ", ")
}

// Show switches tab.
func (a *App) Show(tab string) { a.Tab = tab }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// errText extracts the message of an error reply.
func errText(m protocol.Message) string {
	if e, ok := m.Body.(*protocol.Error); ok {
		return e.Message
	}
	return string(m.Type)
}

// refuseInput puts an input whose text its handler refused back to the
// value in force, so a form always shows what a run will use, and returns
// the note to add to the error ("; it stays 20").
func refuseInput(e vugu.DOMEvent, inForce string) string {
	if e != nil {
		if t := js.Value(e.JSEventTarget()); t.Truthy() {
			t.Set("value", inForce)
		}
	}
	if inForce == "" {
		return "; it stays blank (the default)"
	}
	return "; it stays " + inForce
}

// downloadText offers text as a file download (a Blob URL clicked once).
func downloadText(name, mime, text string) {
	blob := js.Global().Get("Blob").New([]any{text}, map[string]any{"type": mime})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	link := js.Global().Get("document").Call("createElement", "a")
	link.Set("href", url)
	link.Set("download", name)
	link.Call("click")
	js.Global().Get("URL").Call("revokeObjectURL", url)
}
