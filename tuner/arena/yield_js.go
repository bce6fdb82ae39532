//go:build js

package arena

import "time"

// defaultYield lets other goroutines and the JavaScript event loop run
// during a search: js/wasm has no preemption, so without it a cancelled
// context (a stop from the page) would not be seen. A 1 ms sleep every
// search.DefaultYieldInterval nodes costs a few percent.
func defaultYield() func() {
	return func() { time.Sleep(time.Millisecond) }
}
