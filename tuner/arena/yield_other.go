//go:build !js

package arena

// defaultYield is nil on platforms with preemptive goroutine scheduling:
// other goroutines run while the search thinks.
func defaultYield() func() { return nil }
