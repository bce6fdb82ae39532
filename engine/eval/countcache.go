package eval

import (
	"fmt"

	"github.com/evochess/evochess/engine/board"
)

// CountCache remembers, by full Zobrist key, the natural counts (White's
// minus Black's) that the evaluation of a dense scheme (vazquez29, david35,
// prasad38) computes for a position: everything of an evaluation but the
// weights. The tuner evaluates the same positions — the children of its
// samples and the captures behind them — under one weight vector after
// another, so an Evaluator given a cache (SetCountCache) finds most counts
// there and only takes the dot product with its weights. The score is the
// same number as without the cache (the same integer sums); like the
// transposition table, the cache trusts the 64-bit key. The cache is
// direct-mapped with a fixed number of entries and belongs to one scheme;
// it is not safe for concurrent use: give each goroutine its own and hand
// it from Evaluator to Evaluator.
type CountCache struct {
	s      *scheme
	n      int // counts per entry: the scheme's parameters
	mask   uint64
	keys   []uint64
	ok     []bool
	counts []int16 // entry i: counts[i·n : (i+1)·n]
}

// NewCountCache returns a cache of at least entries entries (rounded up to
// a power of two, at most 2^22) for scheme s, which must be a dense scheme.
func NewCountCache(s Scheme, entries int) (*CountCache, error) {
	reg, ok := s.(registered)
	if !ok {
		return nil, fmt.Errorf("eval: scheme %v is not a registered scheme", s)
	}
	impl := reg.base()
	switch impl.kind {
	case kindVazquez, kindDavid, kindPrasad:
	default:
		return nil, fmt.Errorf("eval: scheme %s has no dense counts to cache", s.Name())
	}
	size := 1
	for size < entries && size < 1<<22 {
		size *= 2
	}
	n := len(impl.specs)
	return &CountCache{s: impl, n: n, mask: uint64(size - 1), keys: make([]uint64, size), ok: make([]bool, size),
		counts: make([]int16, size*n)}, nil
}

// Dense reports whether scheme s can use a CountCache.
func Dense(s Scheme) bool {
	reg, ok := s.(registered)
	if !ok {
		return false
	}
	switch reg.base().kind {
	case kindVazquez, kindDavid, kindPrasad:
		return true
	}
	return false
}

// SetCountCache makes e look up and store its positions' counts in c (nil:
// no cache). c must be of e's scheme.
func (e *Evaluator) SetCountCache(c *CountCache) error {
	if c != nil && c.s != e.s {
		return fmt.Errorf("eval: count cache of scheme %s for an evaluator of %s", c.s.name, e.s.name)
	}
	e.cache = c
	return nil
}

// cachedWhite is White for an evaluator with a count cache.
func (e *Evaluator) cachedWhite(pos *board.Position) int {
	c := e.cache
	i := pos.Hash & c.mask
	d := c.counts[int(i)*c.n : int(i+1)*c.n]
	if c.ok[i] && c.keys[i] == pos.Hash {
		return FloorDiv(dot16(e.wu, d), e.s.scale)
	}
	e.x.init(pos)
	var n [2][maxDense]int32
	e.s.dense(&e.x, board.White, &n[0])
	e.s.dense(&e.x, board.Black, &n[1])
	sum := dotDiff(e.wu, &n[0], &n[1])
	// Store the counts, and keep the entry only if every one fits in 16
	// bits (without a branch per count).
	var out uint32
	for j := range d {
		v := n[0][j] - n[1][j]
		d[j] = int16(v)
		out |= outside16(v)
	}
	c.keys[i], c.ok[i] = pos.Hash, out == 0
	return FloorDiv(sum, e.s.scale)
}

// outside16 returns 0 if v fits in an int16 and a non-zero value otherwise,
// without a branch: uint32(v+2^15) < 2^16 exactly for v in [−2^15, 2^15)
// (int32 arithmetic wraps, so the largest v land above too).
func outside16(v int32) uint32 { return uint32(v+1<<15) >> 16 }

// dot16 returns the sum of w[j]·d[j] over w (d is at least as long), four
// terms per pass: in WebAssembly every pass of a loop costs a trip through
// the function's block dispatch (wave2.md §7), and the dense schemes have
// 29 to 38 weights.
func dot16(w []int64, d []int16) int64 {
	d = d[:len(w)]
	var s int64
	for len(w) >= 4 {
		d4 := d[:4]
		s += w[0]*int64(d4[0]) + w[1]*int64(d4[1]) + w[2]*int64(d4[2]) + w[3]*int64(d4[3])
		w, d = w[4:], d[4:]
	}
	for j, x := range w {
		s += x * int64(d[j])
	}
	return s
}

// dotDiff returns the sum of w[j]·(a[j]−b[j]) over w, like dot16.
func dotDiff(w []int64, a, b *[maxDense]int32) int64 {
	w = w[:min(len(w), maxDense)]
	var s int64
	j := 0
	for ; j+4 <= len(w); j += 4 {
		w4, a4, b4 := w[j:j+4:j+4], a[j:j+4:j+4], b[j:j+4:j+4]
		s += w4[0]*int64(a4[0]-b4[0]) + w4[1]*int64(a4[1]-b4[1]) + w4[2]*int64(a4[2]-b4[2]) + w4[3]*int64(a4[3]-b4[3])
	}
	for ; j < len(w); j++ {
		s += w[j] * int64(a[j]-b[j])
	}
	return s
}

// denseSides writes each side's natural counts of pos to n (a dense
// scheme's).
func (e *Evaluator) denseSides(pos *board.Position, n *[2][maxDense]int32) {
	e.x.init(pos)
	e.s.dense(&e.x, board.White, &n[0])
	e.s.dense(&e.x, board.Black, &n[1])
}

// DenseLen returns the number of natural counts from which e's evaluation
// is a dot product (DenseCounts, EvaluateDense): the scheme's parameters
// for the dense schemes (vazquez29, david35, prasad38), 0 for the others.
func (e *Evaluator) DenseLen() int {
	switch e.s.kind {
	case kindVazquez, kindDavid, kindPrasad:
		return len(e.s.specs)
	}
	return 0
}

// DenseCounts writes pos's natural counts (White's minus Black's, what a
// CountCache keeps) to d, which must hold DenseLen() entries, and reports
// whether e's scheme is dense and every count fits in 16 bits; when it
// reports false, d is not to be used. The counts do not depend on the
// weights: EvaluateDense gives any evaluator of the scheme its score from
// them.
func (e *Evaluator) DenseCounts(pos *board.Position, d []int16) bool {
	if e.DenseLen() == 0 || len(d) < len(e.s.specs) {
		return false
	}
	d = d[:len(e.s.specs)]
	var n [2][maxDense]int32
	e.denseSides(pos, &n)
	var out uint32
	for j := range d {
		v := n[0][j] - n[1][j]
		d[j] = int16(v)
		out |= outside16(v)
	}
	return out == 0
}

// EvaluateDense returns Evaluate of the position whose DenseCounts are d,
// with side to move: the same number (the same integer sums).
func (e *Evaluator) EvaluateDense(d []int16, side board.Color) int {
	v := FloorDiv(dot16(e.wu, d), e.s.scale)
	if side == board.Black {
		return -v
	}
	return v
}

// DenseFeatures overwrites dst[i], for every parameter i, with pos's
// feature count of parameter i — what Features lists for it, summed — for
// a dense scheme and reports true (through the dense counts, without
// building the Feature list); for the other schemes it reports false and
// leaves dst alone. dst must hold a count per parameter.
func (e *Evaluator) DenseFeatures(pos *board.Position, dst []int64) bool {
	if e.DenseLen() == 0 || len(dst) < len(e.s.specs) {
		return false
	}
	var n [2][maxDense]int32
	e.denseSides(pos, &n)
	for i, u := range e.s.unit[:len(e.s.specs)] {
		// Features' arithmetic: each side's count times the unit in 32
		// bits, Black's negated, summed in 64.
		dst[i] = int64(n[0][i]*u) + int64(-(n[1][i] * u))
	}
	return true
}

// DenseUnits writes each parameter's unit to dst (one entry per
// parameter): the position whose DenseCounts are d has DenseFeatures
// d[i]·dst[i] (a side's count of a chess feature times a unit stays far
// inside 32 bits, so Features' per-side products do not wrap).
func (e *Evaluator) DenseUnits(dst []int64) {
	for i, u := range e.s.unit[:len(e.s.specs)] {
		dst[i] = int64(u)
	}
}
