//go:build unix

package fitness

import (
	"syscall"
	"time"
)

// cpuTime returns the process's user+system CPU time, so that benchmarks on
// a loaded machine can also report a rate per CPU second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
