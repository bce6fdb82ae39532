package main

import (
	"bytes"
	"testing"
)

// FuzzReadMatchState: any -resume file content gives games or an error,
// never a panic, and the kept length never passes the input's.
func FuzzReadMatchState(f *testing.F) {
	f.Add([]byte(`{"format":"evochess-match-state-1","key":"k"}` + "\n" + `{"game":{"Index":1,"Result":1}}` + "\n"))
	f.Add([]byte(`{"format":"evochess-match-state-1","key":"k"}` + "\n" + `{"game":{"Index":-3}}` + "\n"))
	f.Add([]byte(`{"format":"evochess-match-state-1","key":"k"}` + "\n" + `{"game":{"Index":99999999}}` + "\n"))
	f.Add([]byte("[Event \"x\"]\n"))
	f.Add([]byte(`{"format":"evochess-match-state-1","key":"k"}` + "\n" + `{"ga`))
	f.Fuzz(func(t *testing.T, b []byte) {
		games, good, err := readMatchState(bytes.NewReader(b), "fuzz", "k")
		if err != nil {
			return
		}
		if good > int64(len(b)) {
			t.Fatalf("kept %d of %d bytes", good, len(b))
		}
		for i, g := range games {
			if g != nil && g.Index != i {
				t.Fatalf("game at %d has index %d", i, g.Index)
			}
		}
	})
}
