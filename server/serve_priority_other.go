//go:build !linux

package main

// lowerThreadPriority is a no-op where per-thread priorities are not
// available; games and requests then share the cores evenly.
func lowerThreadPriority() {}
