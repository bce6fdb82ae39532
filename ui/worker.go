//go:build js && wasm

package main

import (
	"fmt"
	"syscall/js"

	"github.com/evochess/evochess/wasm/protocol"
	"github.com/evochess/evochess/wasm/workerjs"
)

// Worker is one Web Worker running worker.wasm (assets/web/worker.js boots
// it). Messages are wasm/protocol envelopes sent as JSON strings. Replies are
// routed by envelope id to the handler registered with Send; every handler
// runs with the UI locked and the page re-renders afterwards, so handlers
// only update state.
type Worker struct {
	app      *App
	Name     string
	js       js.Value
	onMsg    js.Func
	onErr    js.Func
	Ready    bool
	Failed   string // set when the worker died or could not load
	Busy     int    // requests in flight
	handlers map[string]func(protocol.Message)
	unsolic  func(protocol.Message) // messages with an id nobody waits for
}

// newWorker starts a worker. Errors (a missing worker.js, a crash) are shown
// in the status bar and passed to every waiting handler as an error message.
func newWorker(app *App, name string) *Worker {
	w := &Worker{app: app, Name: name, handlers: map[string]func(protocol.Message){}}
	w.onMsg = js.FuncOf(func(this js.Value, args []js.Value) any {
		data := args[0].Get("data")
		if data.Type() != js.TypeString {
			return nil
		}
		s := data.String()
		app.env.Lock()
		w.receive(s)
		app.scheduleRender()
		app.env.UnlockOnly()
		return nil
	})
	w.onErr = js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := "worker failed to start"
		if len(args) > 0 && args[0].Get("message").Type() == js.TypeString {
			msg = args[0].Get("message").String()
		}
		args[0].Call("preventDefault")
		app.env.Lock()
		defer app.env.UnlockRender()
		w.fail(msg)
		return nil
	})
	// From the page's compiled module when the boot script kept it (no
	// second download or compilation of main.wasm per worker).
	w.js = workerjs.NewWorker("worker.js?wasm=main.wasm")
	w.js.Call("addEventListener", "message", w.onMsg)
	w.js.Call("addEventListener", "error", w.onErr)
	return w
}

func (w *Worker) receive(s string) {
	m, err := protocol.DecodeString(s)
	if err != nil {
		js.Global().Get("console").Call("warn", fmt.Sprintf("evochess: %s worker sent a bad message: %v", w.Name, err))
		return
	}
	if m.Type == protocol.TypeReady {
		w.Ready = true
		return
	}
	if e, ok := m.Body.(*protocol.Error); ok && m.ID == "" {
		// An unsolicited error: the worker could not start or its runtime exited.
		w.fail(e.Message)
		return
	}
	if h := w.handlers[m.ID]; h != nil {
		h(m)
		return
	}
	if w.unsolic != nil {
		w.unsolic(m)
	}
}

func (w *Worker) fail(msg string) {
	w.Failed = msg
	for id, h := range w.handlers {
		h(protocol.Message{V: protocol.Version, Type: protocol.TypeError, ID: id, Body: &protocol.Error{Message: w.Name + " worker: " + msg}})
	}
	w.handlers = map[string]func(protocol.Message){}
	w.Busy = 0
}

// Send posts body under id and routes every later message with that id to h
// (h may be nil for fire-and-forget control messages such as pause). The
// handler stays registered until Done(id).
func (w *Worker) Send(id string, body protocol.Body, h func(protocol.Message)) error {
	b, err := protocol.Encode(id, body)
	if err != nil {
		return err
	}
	if w.Failed != "" {
		return fmt.Errorf("%s worker is not running: %s", w.Name, w.Failed)
	}
	if h != nil {
		if _, ok := w.handlers[id]; !ok {
			w.Busy++
		}
		w.handlers[id] = h
	}
	w.js.Call("postMessage", string(b))
	return nil
}

// SendJS posts an envelope already encoded by JavaScript (a JSON string
// js.Value), for payloads too large to pass through Go (PGN text).
func (w *Worker) SendJS(id string, msg js.Value, h func(protocol.Message)) error {
	if w.Failed != "" {
		return fmt.Errorf("%s worker is not running: %s", w.Name, w.Failed)
	}
	if _, ok := w.handlers[id]; !ok {
		w.Busy++
	}
	w.handlers[id] = h
	w.js.Call("postMessage", msg)
	return nil
}

// Done stops routing messages with id.
func (w *Worker) Done(id string) {
	if _, ok := w.handlers[id]; ok {
		delete(w.handlers, id)
		w.Busy--
	}
}

// Terminate kills the worker at once (a stop that cannot wait for the Go
// code to yield); the worker cannot be used afterwards.
func (w *Worker) Terminate() {
	// Unhooked first: a message the worker posted before terminate may
	// still be queued, and would call a released function.
	w.js.Call("removeEventListener", "message", w.onMsg)
	w.js.Call("removeEventListener", "error", w.onErr)
	w.js.Call("terminate")
	w.fail("stopped")
	w.onMsg.Release()
	w.onErr.Release()
}
