//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"syscall/js"
	"time"

	"github.com/evochess/evochess/wasm/protocol"
	"honnef.co/go/js/dom/v2"
)

// Native runs: when the page is served by `evochess serve`, GET
// /api/capabilities answers and a run can go to the server (POST /api/runs),
// whose server-sent events carry the same protocol messages (progress,
// run-state, player) as the worker. Fetch goes through syscall/js (no
// net/http, which would add a megabyte to main.wasm).

// await waits for a JS promise. It must run on its own goroutine, never in a callback.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	var then, catch js.Func
	then = js.FuncOf(func(this js.Value, args []js.Value) any {
		ch <- result{v: args[0]}
		return nil
	})
	catch = js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := "request failed"
		if len(args) > 0 && !args[0].IsUndefined() {
			msg = args[0].Call("toString").String()
		}
		ch <- result{err: errors.New(msg)}
		return nil
	})
	p.Call("then", then, catch)
	r := <-ch
	then.Release()
	catch.Release()
	return r.v, r.err
}

// fetchText performs a request and returns status and body text.
func fetchText(method, url, body string) (int, string, error) {
	opts := map[string]any{"method": method}
	if body != "" {
		opts["body"] = body
	}
	if method != "GET" && method != "HEAD" {
		// The server refuses state-changing requests without a JSON content type.
		opts["headers"] = map[string]any{"Content-Type": "application/json"}
	}
	resp, err := await(js.Global().Call("fetch", url, opts))
	if err != nil {
		return 0, "", err
	}
	text, err := await(resp.Call("text"))
	if err != nil {
		return 0, "", err
	}
	return resp.Get("status").Int(), text.String(), nil
}

// probeNative asks the server for its capabilities (absent on static hosting).
func (a *App) probeNative() {
	status, text, err := fetchText("GET", "api/capabilities", "")
	var caps protocol.Capabilities
	a.listenPageShow()
	ok := err == nil && status == 200 && json.Unmarshal([]byte(text), &caps) == nil && caps.Native
	a.env.Lock()
	defer a.env.UnlockRender()
	if ok {
		a.Caps = &caps
	}
	a.reattachNative()
}

// listenPageShow notes that a page hidden (pagehide) is shown again from
// the browser's back/forward cache: it follows its native run as before.
func (a *App) listenPageShow() {
	dom.GetWindow().AddEventListener("pageshow", false, func(dom.Event) {
		a.env.Lock()
		defer a.env.UnlockOnly()
		a.Tune.leaving = false
	})
}

// reattachNative follows again the native run kept by this page before a
// reload (or by another tab of this browser): the Tune tab shows it with
// its history so far, and its event stream (replayed by the server from the
// first event it still has) brings it up to date. A server that no longer
// has the run answers 404, and the run is kept as interrupted (lostNative).
func (a *App) reattachNative() {
	k := loadNativeKeep()
	t := &a.Tune
	if k == nil || t.Active() || t.RunID == k.ID {
		return
	}
	t.beginRun(k.ID, true, k.Config)
	t.History = k.History
	if n := len(t.History); n > 0 {
		for i := range t.History[:n-1] {
			t.History[i].BestWeights = nil
		}
	}
	if k.Command != "" {
		t.Command = k.Command
	}
	if k.Started > 0 {
		t.Started = time.UnixMilli(k.Started)
	}
	t.keptAt = time.Now()
	a.followEvents(k.ID, "")
}

// startNative posts the run to the server and follows its event stream.
func (a *App) startNative() {
	t := &a.Tune
	cfg, ok := a.startableConfig()
	if !ok {
		return
	}
	body, _ := json.Marshal(cfg)
	t.Err = ""
	go func() {
		status, text, err := fetchText("POST", "api/runs", string(body))
		a.env.Lock()
		defer a.env.UnlockRender()
		if err != nil {
			t.Err = "Native run: " + err.Error()
			return
		}
		if status != 200 && status != 201 && status != 202 {
			t.Err = fmt.Sprintf("Native run refused (HTTP %d): %s", status, apiError(text))
			return
		}
		var rc protocol.RunCreated
		if err := json.Unmarshal([]byte(text), &rc); err != nil {
			t.Err = "Native run: bad answer: " + err.Error()
			return
		}
		t.beginRun(rc.ID, true, cfg)
		if rc.CommandLine != "" {
			t.Command = rc.CommandLine
		}
		a.keepNative() // a reload follows it again
		a.followEvents(rc.ID, rc.Events)
	}()
}

// followEvents subscribes to a native run's server-sent events.
func (a *App) followEvents(id, url string) {
	if url == "" {
		url = "api/runs/" + id + "/events"
	}
	es := js.Global().Get("EventSource").New(url)
	var onMsg, onErr js.Func
	closeES := func() {
		es.Call("close")
		es.Call("removeEventListener", "message", onMsg)
		es.Call("removeEventListener", "error", onErr)
		onMsg.Release()
		onErr.Release()
	}
	onMsg = js.FuncOf(func(this js.Value, args []js.Value) any {
		m, err := protocol.DecodeString(args[0].Get("data").String())
		if err != nil {
			return nil
		}
		// Rendered as the worker's messages are (scheduleRender: coalesced,
		// paced by the last render's cost): a native run on all cores can
		// send hundreds of generations a second, and a render per event
		// would freeze the page.
		a.env.Lock()
		defer a.env.UnlockOnly()
		if a.Tune.RunID == id && a.Tune.Err == reconnecting {
			a.Tune.Err = ""
		}
		a.onRunMessage(id, m)
		a.scheduleRender()
		if _, ok := m.Body.(*protocol.PlayerFile); ok && !a.Tune.Active() {
			closeES()
			clearNativeKeep(id) // the run ended
		}
		return nil
	})
	onErr = js.FuncOf(func(this js.Value, args []js.Value) any {
		// EventSource reconnects by itself (readyState 0: the server is
		// away, or restarting); once the run has ended the server answers
		// 204 and the stream is closed (2). A server that answers but no
		// longer knows the run (restarted: 404) closes it too: the run is
		// gone, so the page keeps what it has of it as an interrupted run
		// and its controls are free again.
		a.env.Lock()
		defer a.env.UnlockRender()
		t := &a.Tune
		if t.leaving {
			// The page is going away (reload, close): its stream is cut,
			// not the run, which the next page follows again.
			return nil
		}
		mine := t.RunID == id && t.Native && t.Active()
		switch es.Get("readyState").Int() {
		case 0:
			if mine && t.Err == "" {
				t.Err = reconnecting
			}
		case 2:
			closeES()
			if !mine {
				if t.RunID == id {
					clearNativeKeep(id) // the run ended
				}
				return nil
			}
			// The stream failed: a browser cuts it as the page goes
			// away (before pagehide), a busy server may refuse it. Only
			// a server that no longer has the run makes it lost.
			go a.checkNative(id)
		}
		return nil
	})
	es.Call("addEventListener", "message", onMsg)
	es.Call("addEventListener", "error", onErr)
}

// checkNative asks the server whether it still has the native run id whose
// event stream failed: if it does, the page follows it again (the stream is
// replayed; generations already shown are skipped); if it answers 404, the
// run is lost (lostNative). Without an answer it asks again a little later,
// while the page still shows the run.
func (a *App) checkNative(id string) {
	for {
		// Not at once: a stream the server keeps refusing is not reopened
		// in a tight loop.
		time.Sleep(time.Second)
		status, _, err := fetchText("GET", "api/runs/"+id, "")
		a.env.Lock()
		t := &a.Tune
		if t.leaving || t.RunID != id || !t.Native || !t.Active() {
			a.env.UnlockOnly()
			return
		}
		switch {
		case err == nil && status == 200:
			a.followEvents(id, "")
			a.env.UnlockRender()
			return
		case err == nil && status == 404:
			a.lostNative()
			a.env.UnlockRender()
			return
		}
		if t.Err == "" {
			t.Err = reconnecting
		}
		a.env.UnlockRender()
		time.Sleep(2 * time.Second)
	}
}

// apiError is the message of a server's JSON error answer ({"error": …}),
// without its "serve: " prefix; other text as it is.
func apiError(text string) string {
	var e struct {
		Error string `json:"error"`
	}
	if json.Unmarshal([]byte(text), &e) == nil && e.Error != "" {
		return strings.TrimPrefix(e.Error, "serve: ")
	}
	return strings.TrimSpace(text)
}

// reconnecting is the Tune tab's message while the event stream of a native
// run reconnects.
const reconnecting = "The connection to the native run was lost; reconnecting…"

// lostNative ends the native run the server no longer knows (it was
// restarted, or its run evicted): the generations received so far are kept
// among the finished runs as "interrupted", with the best player so far, as
// a browser run cut by a reload is.
func (a *App) lostNative() {
	t := &a.Tune
	a.keepInterrupted()
	clearNativeKeep(t.RunID)
	gens := 0
	if l := t.Last(); l != nil {
		gens = l.Generation
	}
	t.State, t.Reason = "interrupted", "the server no longer has this run"
	t.Err = fmt.Sprintf("Lost the native run %s: the server no longer has it (it was restarted or stopped). ", t.RunID)
	if gens > 0 {
		t.Err += fmt.Sprintf("Its %d generations so far are kept among the finished runs as interrupted, with its best player so far; start it again to go on.", gens)
	} else {
		t.Err += "It had not finished a generation; start it again."
	}
}

// nativeControl posts pause/resume/step/stop to a native run.
func (a *App) nativeControl(id, action string) {
	go func() {
		status, text, err := fetchText("POST", "api/runs/"+id+"/"+action, "")
		if err == nil && status < 300 {
			return
		}
		a.env.Lock()
		defer a.env.UnlockRender()
		if err != nil {
			a.Tune.Err = action + ": " + err.Error()
		} else {
			a.Tune.Err = fmt.Sprintf("%s refused (HTTP %d): %s", action, status, apiError(text))
		}
	}()
}
