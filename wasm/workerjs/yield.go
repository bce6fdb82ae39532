//go:build js && wasm

package workerjs

import (
	"sync"
	"syscall/js"
	"time"
)

// yielder returns to the JS event loop through a MessageChannel, so that
// messages queued for this worker (pause, stop, stop-search) are delivered
// while Go computes. Go's own way, time.Sleep, goes through setTimeout, which
// browsers clamp to at least 4 ms once timers nest five deep (HTML "timer
// initialisation steps"): a 1 ms sleep every 10 ms cost a third of a
// worker's time in Chromium. A posted message is a plain task: the round
// trip takes microseconds.
//
// The goroutine that yields blocks on a channel until the message arrives;
// when no other goroutine can run, the Go runtime returns to the event loop,
// which first delivers the messages queued before it. Goroutines that call
// yield while another one is yielding return at once (the event loop only
// runs once every goroutine waits anyway).
//
// Two channels take turns: node delivers up to 1,000 messages of one port
// in a row before it runs other events, so a message posted to the port
// whose message is being delivered (the next yield, 10 ms of work later)
// would hold back the worker's own messages for seconds.
type yielder struct {
	every time.Duration
	mu    sync.Mutex // held while a yield is in flight
	last  time.Time
	ports [2]js.Value   // the sending ends: postMessage wakes the other end
	turn  int           // the port of the next yield
	woken chan struct{} // one token per delivered message
	fn    js.Func
}

// newYielder returns a yielder that yields at most once per every, or nil
// when this scope has no MessageChannel (then Run falls back to sleeping).
func newYielder(every time.Duration) *yielder {
	ctor := js.Global().Get("MessageChannel")
	if !ctor.Truthy() {
		return nil
	}
	y := &yielder{every: every, woken: make(chan struct{}, 1), last: time.Now()}
	y.fn = js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case y.woken <- struct{}{}:
		default: // cannot happen: one message in flight at a time
		}
		return nil
	})
	for i := range y.ports {
		mc := ctor.New()
		mc.Get("port1").Set("onmessage", y.fn)
		y.ports[i] = mc.Get("port2")
	}
	return y
}

// yield returns to the event loop if every has passed since the last time.
func (y *yielder) yield() {
	if !y.mu.TryLock() {
		return // another goroutine is yielding
	}
	defer y.mu.Unlock()
	if time.Since(y.last) < y.every {
		return
	}
	y.ports[y.turn].Call("postMessage", 0)
	y.turn ^= 1
	<-y.woken
	y.last = time.Now()
}
