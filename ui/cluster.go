//go:build js && wasm

package main

import "fmt"

// ClusterText renders the work queue of a distributed native run (evochess
// serve -distributed): workers, tasks queued, in flight and done,
// throughput, and the generation being scored.
func (c *TuneTab) ClusterText() string {
	k := c.t().Cluster
	if k == nil {
		return ""
	}
	s := fmt.Sprintf("%d workers (%d slots, %d busy) · tasks %d queued, %d in flight, %d done · %.1f tasks/s",
		k.Workers, k.Slots, k.Busy, k.Queued, k.InFlight, k.Done, k.TasksPerSecond)
	if k.BatchTasks > 0 {
		s += fmt.Sprintf(" · this generation %d/%d", k.BatchDone, k.BatchTasks)
	}
	if k.Redelivered > 0 {
		s += fmt.Sprintf(" · %d redelivered", k.Redelivered)
	}
	if k.Refusals > 0 {
		s += fmt.Sprintf(" · %d refusals (see the server log)", k.Refusals)
	}
	return s
}
