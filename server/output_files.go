package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// outputFile is a file a command writes, named by its flag.
type outputFile struct{ flag, path string }

// checkOutputFiles refuses, before any work starts, two flags naming the
// same file and a file in a folder that is missing or cannot be written
// (empty paths are not written).
func checkOutputFiles(cmd string, outs []outputFile) error {
	seen := map[string]string{}
	for _, o := range outs {
		if o.path == "" {
			continue
		}
		abs, err := filepath.Abs(o.path)
		if err != nil {
			return fmt.Errorf("%s: %s %s: %w", cmd, o.flag, o.path, err)
		}
		if prev, ok := seen[abs]; ok {
			return fmt.Errorf("%s: %s and %s name the same file (%s): one would overwrite the other; give each its own file", cmd, prev, o.flag, o.path)
		}
		seen[abs] = o.flag
		if st, err := os.Stat(abs); err == nil && st.IsDir() {
			return fmt.Errorf("%s: %s %s is a folder: give a file", cmd, o.flag, o.path)
		}
		if err := checkWritableDir(filepath.Dir(abs)); err != nil {
			return fmt.Errorf("%s: %s %s: %w", cmd, o.flag, o.path, err)
		}
	}
	return nil
}

// checkWritableDir reports whether files can be created in dir, by
// creating (and removing) an empty one.
func checkWritableDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("folder %s: %w", dir, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	tmp, err := os.CreateTemp(dir, ".evochess-write-check-*")
	if err != nil {
		return fmt.Errorf("folder %s is not writable: %w", dir, err)
	}
	name := tmp.Name()
	tmp.Close()
	return os.Remove(name)
}
