package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLeagueOpeningSet checks -league-openings: the bundled book gives 200
// distinct openings of at most 8 plies, "balanced" leaves the league's own
// default, and a missing or empty spec is a clear error.
func TestLeagueOpeningSet(t *testing.T) {
	ops, err := leagueOpeningSet("bundled")
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != leagueBookOpenings {
		t.Fatalf("bundled: %d openings, want %d", len(ops), leagueBookOpenings)
	}
	seen := map[string]bool{}
	for _, o := range ops {
		if len(o.Moves) == 0 || len(o.Moves) > leagueBookPlies {
			t.Errorf("opening %q: %d plies, want 1..%d", o.Name, len(o.Moves), leagueBookPlies)
		}
		if _, err := o.Position(); err != nil {
			t.Errorf("opening %q: %v", o.Name, err)
		}
		if seen[o.Name] {
			t.Errorf("opening %q drawn twice", o.Name)
		}
		seen[o.Name] = true
	}
	again, err := leagueOpeningSet("bundled")
	if err != nil || len(again) != len(ops) || again[7].Name != ops[7].Name {
		t.Errorf("bundled openings differ between calls: %v", err)
	}
	if ops, err := leagueOpeningSet("balanced"); err != nil || ops != nil {
		t.Errorf("balanced: %d openings, %v; want nil (the league's default)", len(ops), err)
	}
	for _, spec := range []string{"", filepath.Join(t.TempDir(), "missing.bin")} {
		if _, err := leagueOpeningSet(spec); err == nil {
			t.Errorf("%q: no error", spec)
		} else if spec != "" && !strings.Contains(err.Error(), "missing.bin") {
			t.Errorf("%q: error %q does not name the file", spec, err)
		}
	}
}
