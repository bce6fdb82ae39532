package protocol

import (
	"strings"
	"testing"
)

// TestCleanLeagueName: names are trimmed and spaces collapsed; a name must
// show something — one made only of combining marks, joiners, variation
// selectors or other invisible characters is refused.
func TestCleanLeagueName(t *testing.T) {
	for _, c := range []struct {
		what, in, want, err string
	}{
		{"plain", "Ana", "Ana", ""},
		{"spaces collapsed", "  Ana \t  Lee ", "Ana Lee", ""},
		{"accented, decomposed", "Jose\u0301", "Jose\u0301", ""},
		{"digits only", "42", "42", ""},
		{"symbol only", "♞", "♞", ""},
		{"emoji with a variation selector", "\u2764\ufe0f", "\u2764\ufe0f", ""},
		{"punctuation only", "?!", "?!", ""},
		{"CJK", "王", "王", ""},
		{"empty", "", "", "empty"},
		{"spaces only", " \u00a0 ", "", "empty"},
		{"too long", strings.Repeat("x", LeagueMaxName+1), "", "at most 32"},
		{"control character", "bell\a", "", "not printable"},
		{"invalid UTF-8", "\xff", "", "UTF-8"},
		{"zero-width space", "\u200b", "", "not printable"},
		{"zero-width joiner", "\u200d", "", "not printable"},
		{"one combining mark", "\u0301", "", "nothing to show"},
		{"combining marks", "\u0301\u0308\u0327", "", "nothing to show"},
		{"enclosing mark", "\u20dd", "", "nothing to show"},
		{"variation selectors", "\ufe0f\ufe0e", "", "nothing to show"},
		{"marks between spaces", " \u0301 \u0302 ", "", "nothing to show"},
		{"Hangul filler", "\u3164", "", "nothing to show"},
		{"halfwidth Hangul filler", "\uffa0\uffa0", "", "nothing to show"},
		{"blank Braille pattern", "\u2800", "", "nothing to show"},
		{"mark and filler", "\u3164\u0301", "", "nothing to show"},
	} {
		got, err := CleanLeagueName(c.in)
		if c.err == "" {
			if err != nil || got != c.want {
				t.Errorf("%s: CleanLeagueName(%+q) = %+q, %v; want %+q", c.what, c.in, got, err, c.want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.err) || !strings.HasPrefix(err.Error(), "name: ") {
			t.Errorf("%s: CleanLeagueName(%+q) = %+q, %v; want an error mentioning %q", c.what, c.in, got, err, c.err)
		}
		if err := (LeagueSubmit{Name: c.in, Player: []byte(`{}`)}).Validate(); err == nil {
			t.Errorf("%s: LeagueSubmit.Validate accepts the name %+q", c.what, c.in)
		}
	}
}
