package data

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/ziptest"
)

// TestUnpackZip: a zip archive's .pgn entries (any case, in archive order,
// other files ignored) give the same games as the plain file; an archive
// without a .pgn entry, a damaged entry and a cut archive are errors that
// say so.
func TestUnpackZip(t *testing.T) {
	in := string(fixture(t))
	// Split the fixture between two entries at a game boundary.
	cut := strings.Index(in[len(in)/2:], "[Event ") + len(in)/2
	games := func(r io.Reader) int {
		t.Helper()
		gs, err := ReadGames(context.Background(), r, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		return len(gs.Games) + gs.Unfinished
	}
	want := games(strings.NewReader(in))
	z := ziptest.Zip(t, ziptest.Entry{"twic/readme.txt", "not games"}, ziptest.Entry{"twic/a.pgn", in[:cut]}, ziptest.Entry{"twic/b.PGN", in[cut:]})
	r, err := Unpack(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	if got := games(r); got != want || want == 0 {
		t.Errorf("zip: %d games, want %d", got, want)
	}

	if _, err := Unpack(bytes.NewReader(ziptest.Zip(t, ziptest.Entry{"a.txt", "x"}, ziptest.Entry{"b.epd", "y"}))); err == nil ||
		!strings.Contains(err.Error(), "no .pgn file (entries: a.txt, b.epd)") {
		t.Errorf("zip without .pgn: %v", err)
	}
	if _, err := Unpack(bytes.NewReader(z[:len(z)/2])); err == nil || !strings.Contains(err.Error(), "zip input") {
		t.Errorf("cut zip: %v", err)
	}
	// A flipped byte inside an entry's data fails its checksum when read.
	bad := bytes.Clone(z)
	i := bytes.Index(bad, []byte("twic/a.pgn")) + len("twic/a.pgn") + 40
	bad[i] ^= 0xff
	r, err = Unpack(bytes.NewReader(bad))
	if err == nil {
		_, err = io.ReadAll(r)
	}
	if err == nil || !strings.Contains(err.Error(), "twic/a.pgn") {
		t.Errorf("damaged entry: %v", err)
	}
}

// FuzzUnpack: any input gives a reader or an error, never a panic.
func FuzzUnpack(f *testing.F) {
	f.Add(ziptest.Zip(f, ziptest.Entry{"a.pgn", "[Result \"1-0\"]\n\n1. e4 1-0\n"}))
	f.Add([]byte("PK\x03\x04garbage"))
	f.Add([]byte{0x1f, 0x8b, 8, 0})
	f.Add([]byte("[Event \"x\"]\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := Unpack(bytes.NewReader(b))
		if err != nil {
			return
		}
		io.Copy(io.Discard, io.LimitReader(r, 1<<20))
	})
}
