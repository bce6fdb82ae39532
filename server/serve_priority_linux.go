package main

import (
	"runtime"
	"syscall"
)

// gameNice is the niceness of the league's game threads: the scheduler then
// gives request handling (nice 0) the CPU first while games use the rest.
const gameNice = 10

// lowerThreadPriority locks the calling goroutine (a league game worker) to
// its OS thread for good and lowers that thread's priority. The thread ends
// with the goroutine, so no other goroutine ever runs on it.
func lowerThreadPriority() {
	runtime.LockOSThread()
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), gameNice)
}
