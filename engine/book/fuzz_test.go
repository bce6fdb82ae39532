package book

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

// FuzzOpen feeds arbitrary bytes to the reader: it must return a book or an
// error, never panic; a book it accepts must only ever give legal moves and
// survive a write/read round trip unchanged.
func FuzzOpen(f *testing.F) {
	var good bytes.Buffer
	start := board.NewPosition()
	_ = Write(&good, []Entry{
		{Key: Key(start), Move: uint16(board.E4) | uint16(board.E2)<<6, Weight: 10},
		{Key: Key(start), Move: uint16(board.E5) | uint16(board.E2)<<6, Weight: 10}, // illegal
		{Key: Key(start), Move: 0xffff, Weight: 3},
	})
	f.Add(good.Bytes())
	f.Add([]byte{})
	f.Add(make([]byte, 15))
	f.Add(bytes.Repeat([]byte{0xff}, 48))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Open(bytes.NewReader(data))
		if err != nil {
			return
		}
		rng := rand.New(rand.NewPCG(1, 1))
		for _, pos := range []*board.Position{board.NewPosition()} {
			for _, m := range b.Moves(pos) {
				if !pos.IsLegal(m.Move) {
					t.Fatalf("illegal book move %v", m.Move)
				}
			}
			if m, ok := b.Probe(pos, rng); ok && !pos.IsLegal(m) {
				t.Fatalf("illegal probe %v", m)
			}
		}
		var out bytes.Buffer
		if err := Write(&out, b.entries); err != nil {
			t.Fatal(err)
		}
		b2, err := Open(&out)
		if err != nil || b2.Len() != b.Len() {
			t.Fatalf("round trip: %v, %d entries vs %d", err, b2.Len(), b.Len())
		}
		for _, e := range b.entries {
			if got := b2.Lookup(e.Key); len(got) != len(b.Lookup(e.Key)) {
				t.Fatalf("key %x: %d entries after the round trip, want %d", e.Key, len(got), len(b.Lookup(e.Key)))
			}
		}
	})
}
