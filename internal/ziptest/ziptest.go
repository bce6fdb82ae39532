// Package ziptest builds zip archives for tests of the readers that unpack
// PGN, EPD and opening books (tuner/data.Unpack and its callers).
package ziptest

import (
	"archive/zip"
	"bytes"
	"testing"
)

// Entry is one file of an archive: its name and its text.
type Entry = [2]string

// Zip returns a zip archive of the entries, in order, deflated.
func Zip(t testing.TB, entries ...Entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		w, err := zw.Create(e[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(e[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
