//go:build js && wasm

// Package workerjs is the evochess Web Worker glue: Run turns the Go
// instance of a dedicated worker into a wasm/runner Session answering
// wasm/protocol messages. wasm/worker (worker.wasm) is a main that only calls
// Run; the UI's main.wasm may call Run too when it finds itself in a worker
// scope (no document), so that one binary serves page and workers (see
// assets/web/worker.js, ?wasm=main.wasm).
//
// Bootstrap (assets/web/worker.js): the JS side queues messages that arrive
// before Go runs in self.pendingMsgs; main installs its own onmessage, drains
// that queue, and posts "ready". Messages are JSON strings (objects are
// stringified). The onmessage callback only queues: every request is handled
// on the main goroutine, and long work runs in goroutines that yield to the
// JS event loop every 10 ms (runtime.Gosched does not yield to JS), so pause,
// stop and stop-search take effect at once. A yield is a MessageChannel
// round trip (yield.go), microseconds; a 1 ms time.Sleep, the fallback,
// goes through setTimeout, which browsers clamp to 4 ms once timers nest.
//
// Nested fitness workers: a start-run with fitnessWorkers = n makes this
// worker start n dedicated workers from worker.js (nested workers, where the
// browser supports them; else it scores in-process) and split each
// generation among them (wasm/runner.Split). They are started from this
// worker's compiled WebAssembly.Module (posted to each as its first message,
// worker.js?…&module=parent), not from the binary's URL, so no nested
// worker fetches or compiles the 9 MB binary again (NewWorker; the UI starts
// its workers from the page's module the same way).
//
// What a message costs (measured in headless Chromium on the 2-core VM,
// session 22): a round trip between two plain JS workers takes 50–100 µs; to
// a Go instance that echoes from its onmessage callback, 165–190 µs; to
// worker.wasm, 170–390 µs. A bare call from JS into Go (js.FuncOf) costs
// 10–16 µs, 22–24 µs with a 3 KB string argument; the rest is the Go
// runtime leaving and re-entering its idle state around each event. So each
// generation of a split run (an eval-batch to every nested worker, an
// eval-result back) costs about 1–1.5 ms beyond the workers' compute in the
// classroom run, 0.2–0.3 s of its 3 s. Tried without gain, in alternating
// runs: the coordinator scoring one share itself beside n−1 nested workers
// (its share hides no latency: the classroom run took 3.06–3.53 s against
// 3.05–3.43 s), the same with a return to the event loop before scoring,
// GOGC=400 in the workers, and V8 without dynamic tiering
// (--no-wasm-dynamic-tiering). Session 25 tried the messages themselves away:
// eval-batches and results through a SharedArrayBuffer per nested worker
// (the page made cross-origin isolated by COOP + COEP), both sides blocking
// in Atomics.wait, so no generation passes through either event loop. The
// coordinator's time beyond the workers' compute fell from about 3.5 ms to
// 1 ms per batch (instrumented, node, a slow hour of the VM), but the run
// did not get shorter: 7.46–8.44 s against 7.11–8.22 s (node, 4 alternating
// pairs) and 6.63/7.34 s against 6.66/7.39 s (Chromium, 2 pairs), so it
// was not kept. The messages are not what bounds the split: two
// WebAssembly workers computing at once each run slower than one alone (two
// in-process node runs of the classroom run cut to 500 training positions,
// side by side: training 1.13–1.15 s each against 0.70–0.90 s alone; whole
// runs 10.0–11.5 s against 7.6–9.2 s), and a nested
// worker took 5.6 ms per training batch of its 500 positions where the
// in-process run took 6.1 ms for all 1,000. In node that penalty is V8's
// background tier-up (TurboFan compiling the hot functions on the cores
// the workers compute on): with --no-wasm-dynamic-tiering two runs side by
// side were no slower than one (7.7–9.5 s against 9.5–10.2 s, 2 trials).
// In Chromium that flag made both the in-process and the split run slower
// (9.8/12.5 s and 7.4/7.5 s against 7.9/8.3 s and 5.4/6.5 s), and a page
// cannot set it anyway. (Native search shows no such penalty: two
// `evochess bench` at once run at least as fast as one.)
// Session 26 looked at the columns: the split gains in re-resolving (node:
// 3.75–3.85 s with two nested workers against 5.74–6.01 s with one; Chromium
// about 2×) and in held-out scoring, but hardly in training, whose batches
// are about 3 ms of compute per generation: node, training 1.23–1.24 s with
// two nested workers, 1.45–1.52 s with one, 1.35–1.55 s in process (1.14 s
// against 1.31 s with --no-wasm-dynamic-tiering); Chromium, two nested
// workers 1.04–1.37 s against 1.05–1.38 s in process. Run continuously, the
// scoring kernel shows no such penalty: two node processes running
// BenchmarkScoreQSVazquez29 (worker-size compiled sample) at once took
// 111/118 µs per scoring pass against 108 µs alone. A trace of one node
// run (timestamps at the coordinator's send, a nested worker's Handle, the
// start and end of its scoring, the coordinator's receive; 171 training
// batches, millisecond clocks): the slower worker computed 6.2 ms per batch
// on average and the batch took 9.2 ms, the rest being the way in (0.9 ms to
// the first worker sent to, 1.6 ms to the second, 3–5 ms in a fifth of the
// batches), dispatch (0.3 ms) and the way back (0.9 ms) — three threads
// (coordinator and two nested workers) waking on two cores.
//
// Files: workerjs.go (bootstrap, message queue, posting), js.go (fetch and
// nested workers), yield.go (returning to the event loop).
package workerjs

import (
	"runtime"
	"sync"
	"syscall/js"
	"time"

	"github.com/evochess/evochess/wasm/protocol"
	"github.com/evochess/evochess/wasm/runner"
)

// queue is an unbounded FIFO of raw messages filled by the onmessage callback.
type queue struct {
	mu    sync.Mutex
	items [][]byte
	ready chan struct{} // has a token while items is non-empty
}

func newQueue() *queue { return &queue{ready: make(chan struct{}, 1)} }

func (q *queue) push(b []byte) {
	q.mu.Lock()
	q.items = append(q.items, b)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

// pop blocks until a message is available.
func (q *queue) pop() []byte {
	for {
		q.mu.Lock()
		if len(q.items) > 0 {
			b := q.items[0]
			q.items[0] = nil
			q.items = q.items[1:]
			q.mu.Unlock()
			return b
		}
		q.mu.Unlock()
		<-q.ready
	}
}

// messageBytes returns a message's JSON: strings as they are, other values
// through JSON.stringify.
func messageBytes(v js.Value) []byte {
	if v.Type() == js.TypeString {
		return []byte(v.String())
	}
	return []byte(js.Global().Get("JSON").Call("stringify", v).String())
}

func post(msg []byte) {
	js.Global().Call("postMessage", string(msg))
}

// InWorker reports whether this Go instance runs in a worker scope (no
// document).
func InWorker() bool { return !js.Global().Get("document").Truthy() }

// Run serves protocol messages forever; it never returns.
func Run() {
	self := js.Global()
	q := newQueue()
	onMessage := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			q.push(messageBytes(args[0].Get("data")))
		}
		return nil
	})
	self.Set("onmessage", onMessage)
	if pending := self.Get("pendingMsgs"); pending.Truthy() {
		for i := 0; i < pending.Length(); i++ {
			q.push(messageBytes(pending.Index(i)))
		}
		self.Set("pendingMsgs", js.Global().Get("Array").New())
	}
	host := runner.Host{
		Post:    post,
		Fetch:   fetch,
		Yield:   runner.Yielder(10*time.Millisecond, time.Millisecond, time.Now),
		Workers: 1,
	}
	if y := newYielder(10 * time.Millisecond); y != nil {
		host.Yield = y.yield
	}
	if self.Get("Worker").Truthy() {
		host.FitnessWorkers = startNested
	}
	sess := runner.NewSession(host)
	post(protocol.MustEncode("", &protocol.Ready{Role: "worker", GoVersion: runtime.Version()}))
	for {
		sess.Handle(q.pop())
	}
}

// errorMessage encodes an unsolicited error message.
func errorMessage(msg string) []byte {
	return protocol.MustEncode("", &protocol.Error{Message: msg})
}
