package main

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockLeagueFile takes an exclusive flock(2) on the open league file, or
// says that another process holds it. On Linux flock and the POSIX record
// locks SQLite takes are independent, so the lock does not get in SQLite's
// way; the kernel drops it when the process ends, even by kill -9.
func lockLeagueFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errors.New("the league file is in use by another evochess serve: stop that one, or give this one another -db")
	}
	if err != nil && !errors.Is(err, syscall.ENOLCK) && !errors.Is(err, syscall.ENOTSUP) {
		return fmt.Errorf("lock the league file: %w", err)
	}
	return nil // a file system without flock: no lock
}
