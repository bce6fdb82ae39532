package model

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// SavedSlot decides where a player named name goes among the saved players
// named names[i] (the page keeps one list in localStorage). An entry of that
// name, or of a numbered variant of it ("name (2)", "name (3)", …), that is
// the same player (same(i)) is replaced (replace = i, the name it has);
// another player of that name is kept: the new one is added (replace = -1)
// under the first free numbered variant. So opening the same link twice
// keeps one entry, and two students' players that happen to share a name
// (the same preset and seed, other settings) are both kept.
func SavedSlot(names []string, same func(i int) bool, name string) (replace int, as string) {
	taken := make(map[string]bool, len(names))
	for _, n := range names {
		taken[n] = true
	}
	for k := 1; ; k++ {
		cand := name
		if k > 1 {
			cand = name + " (" + strconv.Itoa(k) + ")"
		}
		if !taken[cand] {
			return -1, cand
		}
		for i, n := range names {
			if n == cand && same(i) {
				return i, cand
			}
		}
	}
}

// SamePlayer reports whether two player files hold the same player: the
// same JSON up to white space (a link and a saved copy of it are written
// by the same code; a file opened from disk may be indented).
func SamePlayer(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return false
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}
