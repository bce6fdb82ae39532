//go:build !linux

package main

import "os"

// lockLeagueFile does nothing where flock(2) may interact with SQLite's own
// locks (BSD, macOS) or does not exist: two servers on one league file are
// not refused there.
func lockLeagueFile(*os.File) error { return nil }
