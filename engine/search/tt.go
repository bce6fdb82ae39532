package search

import "github.com/evochess/evochess/engine/board"

// Bound kinds of a transposition-table score.
const (
	boundNone  = 0
	boundUpper = 1 // fail low: score is an upper bound (all node)
	boundLower = 2 // fail high: score is a lower bound (cut node)
	boundExact = boundUpper | boundLower
)

// ttEntry is one 16-byte transposition-table slot.
type ttEntry struct {
	key   uint32     // upper 32 bits of the Zobrist key
	move  board.Move // best or refutation move, NoMove if none
	score int16      // relative to the node (mate distance from the node)
	eval  int16      // static evaluation, or noEval
	depth uint8      // remaining depth in quarter plies, capped at 255
	flags uint8      // bound (2 bits) | generation << 2
}

const noEval = -32768

// ttBucket is four entries: one 64-byte cache line.
type ttBucket [4]ttEntry

// transTable is a transposition table indexed by the low bits of the Zobrist
// key, four entries per bucket. Replacement prefers the same key, then an
// empty slot, then the slot of an older search, then the shallowest.
type transTable struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8 // 6-bit search generation
}

// newTransTable returns a table of at most mb MiB (at least one bucket,
// a power of two buckets).
func newTransTable(mb int) *transTable {
	t := &transTable{}
	t.resize(mb)
	return t
}

func (t *transTable) resize(mb int) {
	if mb < 1 {
		mb = 1
	}
	n := uint64(mb) << 20 / 64
	p := uint64(1)
	for p*2 <= n {
		p *= 2
	}
	t.buckets = make([]ttBucket, p)
	t.mask = p - 1
	t.gen = 0
}

// clear empties the table.
func (t *transTable) clear() {
	clear(t.buckets)
	t.gen = 0
}

// newSearch advances the generation so entries of earlier searches are
// replaced first.
func (t *transTable) newSearch() { t.gen = (t.gen + 1) & 63 }

// probe returns the entry for key, if stored.
func (t *transTable) probe(key uint64) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	k := uint32(key >> 32)
	for i := range b {
		if b[i].key == k && b[i].flags&3 != boundNone {
			return b[i], true
		}
	}
	return ttEntry{}, false
}

// store writes an entry for key; depth is in quarter plies, score relative
// to the node.
func (t *transTable) store(key uint64, move board.Move, score, eval, depth, bound int) {
	b := &t.buckets[key&t.mask]
	k := uint32(key >> 32)
	slot := 0
	best := 1 << 30
	for i := range b {
		e := &b[i]
		if e.key == k && e.flags&3 != boundNone {
			slot = i
			if move == board.NoMove {
				move = e.move // keep the old move
			}
			break
		}
		// Worth of keeping e: deeper and of this search is worth more.
		worth := int(e.depth)
		if e.flags&3 == boundNone {
			worth = -1 << 20
		} else if e.flags>>2 != t.gen {
			worth -= 1 << 10
		}
		if worth < best {
			best, slot = worth, i
		}
	}
	if depth < 0 {
		depth = 0
	} else if depth > 255 {
		depth = 255
	}
	b[slot] = ttEntry{key: k, move: move, score: int16(score), eval: int16(eval),
		depth: uint8(depth), flags: uint8(bound) | t.gen<<2}
}

// hashfull returns the permille of used slots among the first 1000 buckets'
// entries written by the current search (UCI "hashfull").
func (t *transTable) hashfull() int {
	n := min(len(t.buckets), 250)
	used := 0
	for i := range n {
		for _, e := range t.buckets[i] {
			if e.flags&3 != boundNone && e.flags>>2 == t.gen {
				used++
			}
		}
	}
	return used * 1000 / (n * 4)
}
