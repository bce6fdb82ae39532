package arena

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/evochess/evochess/engine/book"
	"github.com/evochess/evochess/internal/shareddata"
)

func bundledBook(t *testing.T) *book.Book {
	t.Helper()
	f, err := os.Open(filepath.Join(shareddata.RepoRoot(), "assets", "data", "book.bin"))
	if err != nil {
		t.Skip("bundled book not found: ", err)
	}
	defer f.Close()
	b, err := book.Open(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBookOpenings draws openings from the bundled book: distinct final
// positions, legal moves, at most the asked plies, the same for the same
// seed and different for another.
func TestBookOpenings(t *testing.T) {
	b := bundledBook(t)
	ops, err := BookOpenings(b, 40, 8, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 40 {
		t.Fatalf("%d openings, want 40", len(ops))
	}
	seen := map[uint64]bool{}
	for _, o := range ops {
		p, err := o.Position()
		if err != nil {
			t.Fatal(err)
		}
		if len(o.Moves) == 0 || len(o.Moves) > 8 || o.Name == "" {
			t.Errorf("opening %q: %d moves", o.Name, len(o.Moves))
		}
		if k := book.Key(p); seen[k] {
			t.Errorf("opening %q repeats a position", o.Name)
		} else {
			seen[k] = true
		}
	}
	again, _ := BookOpenings(b, 40, 8, 1)
	if !reflect.DeepEqual(ops, again) {
		t.Error("same seed, different openings")
	}
	other, _ := BookOpenings(b, 40, 8, 2)
	if reflect.DeepEqual(ops, other) {
		t.Error("seeds 1 and 2 gave the same openings")
	}
	if _, err := BookOpenings(b, 0, 8, 1); err == nil {
		t.Error("n = 0 accepted")
	}
	empty, _ := book.Parse(nil)
	if _, err := BookOpenings(empty, 4, 8, 1); err == nil {
		t.Error("empty book accepted")
	}
}
