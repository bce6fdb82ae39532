// Package shareddata locates the project's shared data folder (grandmaster
// PGN, EPD suites, perft sets, opening positions) for tests and benchmarks.
//
// The folder is ../shared/data beside the repository root, or the directory
// named by EVOCHESS_SHARED_DATA. Tests that need it call Dir or Path, which
// skip the test when the data is absent.
package shareddata

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Root returns the shared data directory, or "" if it cannot be found.
func Root() string {
	if d := os.Getenv("EVOCHESS_SHARED_DATA"); d != "" {
		return d
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	// file is <repo>/internal/shareddata/shareddata.go
	repo := filepath.Dir(filepath.Dir(filepath.Dir(file)))
	d := filepath.Join(filepath.Dir(repo), "shared", "data")
	if st, err := os.Stat(d); err == nil && st.IsDir() {
		return d
	}
	return ""
}

// RepoRoot returns the repository root (the folder holding go.mod).
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}

// Path returns the path of rel inside the shared data folder, skipping tb
// when the file does not exist.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	root := Root()
	if root == "" {
		tb.Skip("shared data folder not found (set EVOCHESS_SHARED_DATA)")
	}
	p := filepath.Join(root, filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared data file %s not available: %v", rel, err)
	}
	return p
}

// Opener returns a function opening a slash-separated name inside the
// shared data folder (the tuner's Resources.Open), skipping tb when the
// folder or its demo games are absent.
func Opener(tb testing.TB) func(name string) (io.ReadCloser, error) {
	tb.Helper()
	root := filepath.Dir(filepath.Dir(Path(tb, "pgn/gm_demo_1500.pgn")))
	return func(name string) (io.ReadCloser, error) {
		return os.Open(filepath.Join(root, filepath.FromSlash(name)))
	}
}
