package main

// The league file of `evochess serve` (-db): refused at start when it
// cannot work — an empty name, a folder, a read-only file or folder (SQLite
// would only fail at the first submission or game, losing them) — and held
// with an exclusive lock while the server runs, so a second server on the
// same file is refused rather than playing the same games beside the first
// with standings of its own (serve_dblock_*.go).

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// openLeagueFile checks the league file path and opens it (creating an
// empty file, which SQLite takes as a new database) with the server's lock
// on it. Close the file after the league, to release the lock.
func openLeagueFile(path string) (*os.File, error) {
	if path == "" {
		return nil, errors.New("-db is empty: give the league file (e.g. -db class.db)")
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("-db %s is a folder: give a file (e.g. -db %s)", path, filepath.Join(path, "evochess-league.db"))
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("league: %s: the folder %s does not exist", path, dir)
	}
	// SQLite keeps the -wal and -shm files beside the league file.
	if err := checkWritableDir(dir); err != nil {
		return nil, fmt.Errorf("-db %s: %w (the league file and its -wal and -shm files live there)", path, err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		if errors.Is(err, os.ErrPermission) {
			return nil, fmt.Errorf("-db %s is read-only: the league could not store submissions and games (make it writable or give another file)", path)
		}
		return nil, fmt.Errorf("-db %s: %w", path, err)
	}
	if err := lockLeagueFile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("-db %s: %w", path, err)
	}
	return f, nil
}
