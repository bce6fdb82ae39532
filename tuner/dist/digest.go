//go:build !js

package dist

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/evochess/evochess/tuner"
)

// DataFiles returns the data files a problem reads (training and held-out
// games, test suite, opening book, player file), in a fixed order.
func DataFiles(p tuner.Problem) []string {
	var out []string
	for _, n := range []string{p.PGN, p.TestPGN, p.EPD, p.Openings, p.Player} {
		if n == "" {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o == n
		}
		if !dup {
			out = append(out, n)
		}
	}
	return out
}

// DigestFiles hashes the named files as open resolves them and returns each
// file's sha256 and a digest of them all (names included).
func DigestFiles(names []string, open func(string) (io.ReadCloser, error)) ([]FileDigest, string, error) {
	files := make([]FileDigest, 0, len(names))
	all := sha256.New()
	for _, n := range names {
		if open == nil {
			return nil, "", fmt.Errorf("dist: data file %s: no way to open data files", n)
		}
		f, err := open(n)
		if err != nil {
			return nil, "", fmt.Errorf("dist: data file %s: %w", n, err)
		}
		h := sha256.New()
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return nil, "", fmt.Errorf("dist: data file %s: %w", n, err)
		}
		sum := hex.EncodeToString(h.Sum(nil))
		files = append(files, FileDigest{Name: n, SHA256: sum})
		fmt.Fprintf(all, "%s\x00%s\n", n, sum)
	}
	return files, hex.EncodeToString(all.Sum(nil)), nil
}

// compareFiles explains how a worker's data differs from the run's.
func compareFiles(want []FileDigest, open func(string) (io.ReadCloser, error), where string) error {
	names := make([]string, len(want))
	for i, f := range want {
		names[i] = f.Name
	}
	var diffs []string
	for _, w := range want {
		got, _, err := DigestFiles([]string{w.Name}, open)
		switch {
		case err != nil:
			diffs = append(diffs, fmt.Sprintf("%s: %v", w.Name, unwrapDist(err)))
		case got[0].SHA256 != w.SHA256:
			diffs = append(diffs, fmt.Sprintf("%s: sha256 %.12s… here, %.12s… on the coordinator", w.Name, got[0].SHA256, w.SHA256))
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	return fmt.Errorf("dist: other data than the run's (%s): %s", where, strings.Join(diffs, "; "))
}

func unwrapDist(err error) string {
	return strings.TrimPrefix(err.Error(), "dist: data file ")
}

// SetupKey returns the sha256 of a setup's JSON, which names the prepared
// evaluator a worker caches.
func SetupKey(s tuner.Setup) (json.RawMessage, string, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, "", fmt.Errorf("dist: setup: %w", err)
	}
	sum := sha256.Sum256(raw)
	return raw, hex.EncodeToString(sum[:]), nil
}
