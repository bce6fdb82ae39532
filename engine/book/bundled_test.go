package book

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/evochess/evochess/internal/shareddata"
)

// TestBundledBook opens assets/data/book.bin: it parses, is small, and
// answers the start position with a legal move.
func TestBundledBook(t *testing.T) {
	f, err := os.Open(filepath.Join(shareddata.RepoRoot(), "assets", "data", "book.bin"))
	if err != nil {
		t.Skip("bundled book not found: ", err)
	}
	defer f.Close()
	b, err := Open(f)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() < 1000 || b.Len()*EntrySize > 200_000 {
		t.Errorf("%d entries: want a small book of at least 1,000 entries under 200 KB", b.Len())
	}
	if ms := b.Moves(play(t)); len(ms) < 3 || ms[0].Move.UCI() != "e2e4" && ms[0].Move.UCI() != "d2d4" {
		t.Errorf("start position: %+v", ms)
	}
}
