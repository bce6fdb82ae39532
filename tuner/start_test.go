package tuner

import "testing"

// TestStartScheme: a start naming an evaluation preset implies its scheme;
// "material" (a start of every scheme), "random" and search presets imply
// none (QA: tune -preset vazquez-ep -start material ran the 5-weight
// material scheme).
func TestStartScheme(t *testing.T) {
	for _, tc := range []struct{ start, want string }{
		{"material", ""},
		{"random", ""},
		{"init", ""},
		{"", ""},
		{"preset:david-fig3", "david35"},
		{"david-fig3", "david35"},
		{"preset:material", "material"},
		{"preset:modern-material", "modern"},
		{"preset:david-table2", ""}, // a search preset
		{"nonsense", ""},
	} {
		if got := StartScheme(tc.start); got != tc.want {
			t.Errorf("StartScheme(%q) = %q, want %q", tc.start, got, tc.want)
		}
	}
}
