//go:build !js

package uci

// defaultYield is nil on platforms with preemptive goroutine scheduling:
// the protocol loop runs on its own thread while the search thinks.
func defaultYield() func() { return nil }
