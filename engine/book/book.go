package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"

	"github.com/evochess/evochess/engine/board"
)

// EntrySize is the size of one Polyglot entry in bytes: key (8), move (2),
// weight (2), learn (4), all big-endian.
const EntrySize = 16

// MaxBytes bounds the size of a book Open reads into memory (256 MiB, 16 M
// entries); larger files are refused rather than exhausting memory.
const MaxBytes = 256 << 20

// Entry is one record of a Polyglot book.
type Entry struct {
	Key    uint64
	Move   uint16 // Polyglot encoding (EncodeMove)
	Weight uint16
	Learn  uint32
}

// Book is a Polyglot opening book held in memory, its entries sorted by key.
// It is read-only and safe for concurrent use.
type Book struct {
	entries []Entry
}

// Open reads a whole Polyglot book. The size must be a multiple of 16 bytes
// and the keys must be sorted (as the format requires, so that lookups can
// bisect); otherwise the error names the entry and the byte offset.
func Open(r io.Reader) (*Book, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("book: read: %w", err)
	}
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("book: larger than %d MiB", MaxBytes>>20)
	}
	return Parse(data)
}

// Parse decodes a Polyglot book from its bytes (see Open).
func Parse(data []byte) (*Book, error) {
	if len(data)%EntrySize != 0 {
		return nil, fmt.Errorf("book: size %d bytes is not a multiple of %d (truncated entry at offset %d)",
			len(data), EntrySize, len(data)/EntrySize*EntrySize)
	}
	b := &Book{entries: make([]Entry, len(data)/EntrySize)}
	for i := range b.entries {
		p := data[i*EntrySize:]
		e := Entry{Key: binary.BigEndian.Uint64(p), Move: binary.BigEndian.Uint16(p[8:]),
			Weight: binary.BigEndian.Uint16(p[10:]), Learn: binary.BigEndian.Uint32(p[12:])}
		if i > 0 && e.Key < b.entries[i-1].Key {
			return nil, fmt.Errorf("book: entry %d (offset %d): key %016x below the previous key %016x: entries not sorted",
				i, i*EntrySize, e.Key, b.entries[i-1].Key)
		}
		b.entries[i] = e
	}
	return b, nil
}

// Len returns the number of entries.
func (b *Book) Len() int { return len(b.entries) }

// Lookup returns the entries stored for key (in file order).
func (b *Book) Lookup(key uint64) []Entry {
	i := sort.Search(len(b.entries), func(i int) bool { return b.entries[i].Key >= key })
	j := i
	for j < len(b.entries) && b.entries[j].Key == key {
		j++
	}
	return b.entries[i:j]
}

// BookMove is a book move that is legal in the probed position.
type BookMove struct {
	Move   board.Move
	Weight uint16
	Learn  uint32
}

// Moves returns the legal book moves for pos, heaviest first (ties in file
// order). Entries whose move is not legal in pos (a key collision or a
// damaged book) are left out.
func (b *Book) Moves(pos *board.Position) []BookMove {
	var out []BookMove
	for _, e := range b.Lookup(Key(pos)) {
		if m, ok := DecodeMove(pos, e.Move); ok {
			out = append(out, BookMove{Move: m, Weight: e.Weight, Learn: e.Learn})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Weight > out[j].Weight })
	return out
}

// Probe picks a book move for pos: with rng, at random with probability
// weight/Σweight (Polyglot's rule); without rng (nil), the heaviest. Moves
// of weight 0 are never played. It reports false when pos is not in the
// book or has no playable move. The choice depends only on the book, the
// position and rng's state.
func (b *Book) Probe(pos *board.Position, rng *rand.Rand) (board.Move, bool) {
	moves := b.Moves(pos)
	total := 0
	for _, m := range moves {
		total += int(m.Weight)
	}
	if total == 0 {
		return board.NoMove, false
	}
	if rng == nil {
		return moves[0].Move, true
	}
	r := rng.IntN(total)
	for _, m := range moves {
		if r < int(m.Weight) {
			return m.Move, true
		}
		r -= int(m.Weight)
	}
	return moves[len(moves)-1].Move, true // unreachable
}

// Write writes entries as a Polyglot book, sorted by key, then by
// decreasing weight, then by move (the order Polyglot itself writes).
func Write(w io.Writer, entries []Entry) error {
	es := append([]Entry(nil), entries...)
	sort.Slice(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if a.Key != b.Key {
			return a.Key < b.Key
		}
		if a.Weight != b.Weight {
			return a.Weight > b.Weight
		}
		return a.Move < b.Move
	})
	buf := make([]byte, EntrySize)
	for _, e := range es {
		binary.BigEndian.PutUint64(buf, e.Key)
		binary.BigEndian.PutUint16(buf[8:], e.Move)
		binary.BigEndian.PutUint16(buf[10:], e.Weight)
		binary.BigEndian.PutUint32(buf[12:], e.Learn)
		if _, err := w.Write(buf); err != nil {
			return fmt.Errorf("book: write: %w", err)
		}
	}
	return nil
}

// ErrNoGames is returned by Builder.Entries when no move qualified.
var ErrNoGames = errors.New("book: no position reached the minimum number of games")
