package search

import "github.com/evochess/evochess/engine/board"

// Bound kinds of a transposition-table score.
const (
	boundNone  = 0
	boundUpper = 1 // fail low: score is an upper bound (all node)
	boundLower = 2 // fail high: score is a lower bound (cut node)
	boundExact = boundUpper | boundLower
)

// ttEntry is one decoded transposition-table slot.
type ttEntry struct {
	move  board.Move // best or refutation move, NoMove if none
	score int16      // relative to the node (mate distance from the node)
	eval  int16      // static evaluation, or noEval
	depth uint8      // remaining depth in quarter plies, capped at 255
	flags uint8      // bound (2 bits) | generation << 2
}

const noEval = -32768

// A slot is two 64-bit words, written and read atomically one by one
// (loadWord, storeWord):
// data packs the entry (move 18 bits, score 16, eval 16, depth 8, bound 2,
// generation 4) and check is the full Zobrist key XOR data. A reader that
// sees words of two different writes (threads of a Lazy SMP search store
// concurrently) finds check^data != key and treats the slot as a miss —
// Hyatt and Mann's lockless hashing — so no lock is needed and a torn
// entry is never used.
type ttSlot struct {
	check uint64
	data  uint64
}

// genBits is the width of the search generation kept in each slot.
const (
	genBits = 4
	genMask = 1<<genBits - 1
)

func packEntry(move board.Move, score, eval, depth, bound int, gen uint8) uint64 {
	return uint64(move)&(1<<18-1) |
		uint64(uint16(int16(score)))<<18 |
		uint64(uint16(int16(eval)))<<34 |
		uint64(uint8(depth))<<50 |
		uint64(bound&3)<<58 |
		uint64(gen&genMask)<<60
}

func unpackEntry(d uint64) ttEntry {
	return ttEntry{
		move:  board.Move(d & (1<<18 - 1)),
		score: int16(uint16(d >> 18)),
		eval:  int16(uint16(d >> 34)),
		depth: uint8(d >> 50),
		flags: uint8(d>>58&3) | uint8(d>>60&genMask)<<2,
	}
}

// ttBucket is four slots: one 64-byte cache line.
type ttBucket [4]ttSlot

// transTable is a transposition table indexed by the low bits of the Zobrist
// key, four entries per bucket. Replacement prefers the same key, then an
// empty slot, then the slot of an older search, then the shallowest. It is
// safe for concurrent use by the threads of one search (lockless slots);
// resize and clear need the table to be idle.
type transTable struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8 // search generation (genBits bits)
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
	adviseHuge(t.buckets)
	t.mask = p - 1
	t.gen = 0
}

// prefault writes every page of the table once (each word written holds
// the value it held, so entries survive): the operating system maps fresh
// memory on its first write, and on Linux a first write to a 2 MiB page the
// table advised as huge (adviseHuge) may stall for milliseconds while the
// kernel zeroes or compacts memory for it. The table must be idle.
func (t *transTable) prefault() {
	const pageBuckets = 4096 / 64
	for i := 0; i < len(t.buckets); i += pageBuckets {
		w := &t.buckets[i][0].data
		storeWord(w, loadWord(w))
	}
}

// clear empties the table.
func (t *transTable) clear() {
	clear(t.buckets)
	t.gen = 0
}

// clearBuckets empties the buckets at the given indices (the only ones
// written since the table was last empty) and resets the generation: the
// table is then in the state clear leaves it in.
func (t *transTable) clearBuckets(idx []uint32) {
	for _, i := range idx {
		t.buckets[i] = ttBucket{}
	}
	t.gen = 0
}

// ttLogMax is the number of stores a Searcher records (ttStore) so that
// Clear can empty just those buckets: a shallow search (the tuner's
// depth-1 move matches clear the table before every position) writes a few
// dozen entries, and zeroing them costs far less than the whole table.
// After more stores Clear empties the whole table.
const ttLogMax = 512

// ttStore stores an entry in the transposition table (transTable.store)
// and notes the bucket for Clear while the log has room. Helper threads do
// not log: a search that ran helpers marks the log full (startHelpers).
func (s *Searcher) ttStore(key uint64, move board.Move, score, eval, depth, bound int) {
	s.tt.store(key, move, score, eval, depth, bound)
	if !s.ttLogFull && !s.helper {
		if len(s.ttLog) == ttLogMax {
			s.ttLogFull = true
			return
		}
		s.ttLog = append(s.ttLog, uint32(key&s.tt.mask))
	}
}

// clearTT empties the transposition table: only the logged buckets when
// every write since it was last empty is logged, else all of it.
func (s *Searcher) clearTT() {
	if s.ttLogFull {
		s.tt.clear()
	} else {
		s.tt.clearBuckets(s.ttLog)
	}
	s.ttLog, s.ttLogFull = s.ttLog[:0], false
}

// newSearch advances the generation so entries of earlier searches are
// replaced first.
func (t *transTable) newSearch() { t.gen = (t.gen + 1) & genMask }

// probe returns the entry for key, if stored.
func (t *transTable) probe(key uint64) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		d := loadWord(&b[i].data)
		if d>>58&3 != boundNone && loadWord(&b[i].check)^d == key {
			return unpackEntry(d), true
		}
	}
	return ttEntry{}, false
}

// store writes an entry for key; depth is in quarter plies, score relative
// to the node.
func (t *transTable) store(key uint64, move board.Move, score, eval, depth, bound int) {
	b := &t.buckets[key&t.mask]
	slot := 0
	best := 1 << 30
	for i := range b {
		d := loadWord(&b[i].data)
		used := d>>58&3 != boundNone
		if used && loadWord(&b[i].check)^d == key {
			slot = i
			if move == board.NoMove {
				move = board.Move(d & (1<<18 - 1)) // keep the old move
			}
			break
		}
		// Worth of keeping the slot: deeper and of this search is worth more.
		worth := int(uint8(d >> 50))
		if !used {
			worth = -1 << 20
		} else if uint8(d>>60) != t.gen {
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
	d := packEntry(move, score, eval, depth, bound, t.gen)
	storeWord(&b[slot].check, key^d)
	storeWord(&b[slot].data, d)
}

// hashfull returns the permille of used slots among the first 1000 buckets'
// entries written by the current search (UCI "hashfull").
func (t *transTable) hashfull() int {
	n := min(len(t.buckets), 250)
	used := 0
	for i := range n {
		for j := range t.buckets[i] {
			d := loadWord(&t.buckets[i][j].data)
			if d>>58&3 != boundNone && uint8(d>>60) == t.gen {
				used++
			}
		}
	}
	return used * 1000 / (n * 4)
}
