//go:build js

package uci

import "time"

// defaultYield lets other goroutines and the JavaScript event loop run
// during a search: js/wasm has no preemption, so without it "stop" would
// never be read while thinking. A 1 ms sleep every
// search.DefaultYieldInterval nodes costs a few percent.
func defaultYield() func() {
	return func() { time.Sleep(time.Millisecond) }
}
