package runner

import (
	"context"
	"errors"
	"sync"
)

// ErrStopped is returned by Control.Wait (and by Run) after Stop.
var ErrStopped = errors.New("runner: run stopped")

// Control pauses, steps, resumes and stops a run from another goroutine. The
// run calls Wait between generations. The zero value is not usable; use
// NewControl.
type Control struct {
	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every change
	paused  bool
	steps   int // generations granted while paused
	stopped bool
}

// NewControl returns a control for a running (not paused) run.
func NewControl() *Control {
	return &Control{changed: make(chan struct{})}
}

func (c *Control) notify() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// Pause makes the run wait before its next generation.
func (c *Control) Pause() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.paused, c.steps = true, 0
	c.notify()
}

// Resume lets a paused run continue.
func (c *Control) Resume() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.paused, c.steps = false, 0
	c.notify()
}

// Step lets a paused run do one more generation (it pauses the run first if
// it was running).
func (c *Control) Step() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.paused = true
	c.steps++
	c.notify()
}

// Stop ends the run before its next generation (and cancels the context the
// run derived with Context, so a generation in progress ends at once).
func (c *Control) Stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stopped = true
	c.notify()
}

// Paused reports whether the run is paused with no step granted.
func (c *Control) Paused() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.paused && c.steps == 0 && !c.stopped
}

// Stopped reports whether Stop was called.
func (c *Control) Stopped() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stopped
}

// Context returns a context cancelled when ctx is or when Stop is called.
// The returned cancel function releases its goroutine.
func (c *Control) Context(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		for {
			c.mu.Lock()
			stopped, ch := c.stopped, c.changed
			c.mu.Unlock()
			if stopped {
				cancel()
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-ch:
			}
		}
	}()
	return ctx, cancel
}

// Wait blocks while the run is paused. It returns nil when the run may do its
// next generation, ErrStopped after Stop, or ctx's error. onPause is called
// (once per pause) when Wait starts blocking.
func (c *Control) Wait(ctx context.Context, onPause func()) error {
	announced := false
	for {
		c.mu.Lock()
		switch {
		case c.stopped:
			c.mu.Unlock()
			return ErrStopped
		case !c.paused:
			c.mu.Unlock()
			return nil
		case c.steps > 0:
			c.steps--
			c.mu.Unlock()
			return nil
		}
		ch := c.changed
		c.mu.Unlock()
		if !announced && onPause != nil {
			onPause()
			announced = true
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ch:
		}
	}
}
