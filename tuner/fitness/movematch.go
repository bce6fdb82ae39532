package fitness

import (
	"fmt"
	"math"
	"slices"
	"unsafe"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/data"
)

// MoveMatch is a sample of positions compiled for one evaluation scheme, so
// that the 1-ply move-match fitness of any weight vector is a pass of sparse
// dot products with no move generation or feature extraction.
//
// For position i with legal moves m_j (in search.OrderRootMoves order), the
// compiler stores the parent's feature counts f(p) and, per move, the sparse
// difference f(child_j) − f(p), all negated when Black is to move. A
// candidate w picks the move maximising the child's static evaluation from
// the mover's point of view — for White floorDiv(w·f(child), Scale), for
// Black −floorDiv(w·f(child), Scale) — and among equal maxima the first in
// root order. That is exactly the move a fresh engine/search Searcher returns
// at Depth 1 with NoQuiescence and the "plain" parameters (movematch_test.go
// checks it on thousands of positions and random weights).
//
// Moves whose difference vector equals that of an earlier move of the same
// position can never be chosen (the earlier one wins every tie), so only the
// first of each distinct vector is kept; a grandmaster move that is such a
// duplicate can never be matched.
//
// CompileMoveMatchOpts with Quiescence compiles the same form with each
// child replaced by its quiescence leaf under reference weights (see there).
//
// A MoveMatch is immutable after compilation and safe for concurrent use.
type MoveMatch struct {
	scheme  eval.Scheme
	nparams int
	scale   int64

	// Per position i: parent features parIdx/parCnt[parStart[i]:parStart[i+1]],
	// kept moves movStart[i]:movStart[i+1], target move (absolute index into
	// the move arrays, or -1 when the grandmaster move can never be chosen).
	parStart []int32
	parIdx   []uint16
	parCnt   []int32
	movStart []int32
	target   []int32
	black    []bool

	// Per kept move j: difference features dif[difEnd[j-1]:difEnd[j]] (from 0
	// for the first move), each packed as count<<16 | index, and the move.
	difEnd []int32
	dif    []int64
	// dif32 replaces dif when the scheme has at most smallWeights parameters
	// and every count fits in 22 bits: count<<10 | index, half the memory
	// traffic of the hot loop.
	dif32 []int32
	moves []board.Move

	legal    int // legal moves before de-duplication
	maxMoves int // most kept moves in one position

	// reference is the weight vector the leaves were resolved with (nil
	// without quiescence; see CompileMoveMatchOpts); fixed counts positions
	// whose choice a mate fixed.
	reference []int32
	fixed     int
}

// CompileMoveMatch compiles samples (their FEN and grandmaster move) for
// scheme s. It fails if a sample's position or move is not legal, or if a
// feature count does not fit the compact encoding.
func CompileMoveMatch(s eval.Scheme, samples []data.Sample) (*MoveMatch, error) {
	return compileMoveMatch(s, samples, nil)
}

// compileMoveMatch is CompileMoveMatch, with each child replaced by its
// quiescence leaf when qs is not nil (CompileMoveMatchOpts).
func compileMoveMatch(s eval.Scheme, samples []data.Sample, qs *leafResolver) (*MoveMatch, error) {
	n := len(s.Params())
	if n > math.MaxUint16+1 {
		return nil, fmt.Errorf("fitness: scheme %s has %d parameters, more than the compact index allows", s.Name(), n)
	}
	if s.Scale() <= 0 {
		return nil, fmt.Errorf("fitness: scheme %s has scale %d", s.Name(), s.Scale())
	}
	mm := &MoveMatch{
		scheme:   s,
		nparams:  n,
		scale:    int64(s.Scale()),
		parStart: make([]int32, 1, len(samples)+1),
		movStart: make([]int32, 1, len(samples)+1),
		target:   make([]int32, 0, len(samples)),
		black:    make([]bool, 0, len(samples)),
		difEnd:   make([]int32, 0, len(samples)*32),
	}
	c := newCompiler(s)
	c.qs = qs
	if qs != nil {
		mm.reference = slices.Clone(qs.reference)
	}
	for i, smp := range samples {
		pos, err := board.ParseFEN(smp.FEN)
		if err != nil {
			return nil, fmt.Errorf("fitness: sample %d (game %d ply %d): %w", i, smp.Game, smp.Ply, err)
		}
		if err := mm.add(c, pos, smp.Move); err != nil {
			return nil, fmt.Errorf("fitness: sample %d (game %d ply %d): %w", i, smp.Game, smp.Ply, err)
		}
	}
	// Drop the spare capacity of append growth.
	mm.parIdx, mm.parCnt = slices.Clone(mm.parIdx), slices.Clone(mm.parCnt)
	mm.difEnd, mm.dif, mm.moves = slices.Clone(mm.difEnd), slices.Clone(mm.dif), slices.Clone(mm.moves)
	mm.pack32()
	return mm, nil
}

// compiler holds the scratch space of compilation.
type compiler struct {
	s      eval.Scheme
	fs     []eval.Feature
	parent []int64 // dense parent counts
	child  []int64 // dense child counts
	touch  []int32 // indices set in child
	ml     board.MoveList
	ent    []int64 // the current move's packed difference entries
	// kept holds the current position's kept moves: each one's entries'
	// hash and index (the entries are mm.dif's), for de-duplication by
	// comparison rather than through a map (string keys are slow to hash
	// in WebAssembly).
	kept []keptMove
	qs   *leafResolver // nil: children are the leaves
	// counter computes a dense scheme's features (eval.Evaluator's
	// DenseFeatures: the same counts without building the Feature list);
	// nil for the other schemes.
	counter *eval.Evaluator
	// units are counter's parameter units (eval.Evaluator.DenseUnits), nil
	// without a counter or beyond denseUnion parameters.
	units []int64
}

type keptMove struct {
	hash uint64
	j    int32
}

// denseUnion is the parameter count up to which a move's difference is
// gathered by scanning every index rather than by sorting the union of
// the touched ones.
const denseUnion = 128

func newCompiler(s eval.Scheme) *compiler {
	n := len(s.Params())
	c := &compiler{s: s, parent: make([]int64, n), child: make([]int64, n)}
	if eval.Dense(s) {
		if e, err := eval.NewDefault(s); err == nil {
			c.counter = e
			if n <= denseUnion {
				c.units = make([]int64, n)
				e.DenseUnits(c.units)
			}
		}
	}
	return c
}

// entriesHash hashes packed difference entries (FNV-1a over the words).
func entriesHash(es []int64) uint64 {
	h := uint64(14695981039346656037)
	for _, e := range es {
		h = (h ^ uint64(e)) * 1099511628211
	}
	return h
}

// nonZero returns the indices of dst's non-zero entries (in c.touch).
func (c *compiler) nonZero(dst []int64) []int32 {
	c.touch = c.touch[:0]
	for i, v := range dst {
		if v != 0 {
			c.touch = append(c.touch, int32(i))
		}
	}
	return c.touch
}

// dense accumulates pos's features into dst (which must be zero) and returns
// the indices it touched (in c.touch).
func (c *compiler) dense(pos *board.Position, dst []int64) ([]int32, error) {
	if c.counter != nil && len(dst) <= denseUnion && c.counter.DenseFeatures(pos, dst) {
		// Every index written; the touched ones are the non-zero ones.
		return c.nonZero(dst), nil
	}
	c.fs = c.s.Features(pos, c.fs[:0])
	c.touch = c.touch[:0]
	for _, f := range c.fs {
		if f.Index < 0 || int(f.Index) >= len(dst) {
			return nil, fmt.Errorf("scheme %s: feature index %d out of range", c.s.Name(), f.Index)
		}
		if dst[f.Index] == 0 {
			c.touch = append(c.touch, f.Index)
		}
		dst[f.Index] += int64(f.Count)
	}
	return c.touch, nil
}

func fitCount(v int64) (int32, bool) {
	return int32(v), v >= math.MinInt32 && v <= math.MaxInt32
}

// add compiles one position whose grandmaster move is gm.
func (mm *MoveMatch) add(c *compiler, pos *board.Position, gm board.Move) error {
	var moves []board.Move
	if c.qs != nil && c.qs.memo {
		// The list the memo keeps (in root order), not to be changed.
		moves = c.qs.r.RootMoves(pos)
	} else {
		pos.GenerateLegal(&c.ml)
		moves = c.ml.Slice()
		search.OrderRootMoves(pos, moves)
	}
	if !slices.Contains(moves, gm) {
		return fmt.Errorf("move %s is not legal in %s", gm.UCI(), pos.FEN())
	}
	sign := int64(1)
	if pos.Side == board.Black {
		sign = -1
	}
	mm.legal += len(moves)
	// Parent.
	if _, err := c.dense(pos, c.parent); err != nil {
		return err
	}
	parentIdx := make([]int32, 0, 64)
	for i, v := range c.parent {
		if v != 0 {
			parentIdx = append(parentIdx, int32(i))
			cnt, ok := fitCount(sign * v)
			if !ok {
				return fmt.Errorf("feature %d count %d out of range", i, v)
			}
			mm.parIdx = append(mm.parIdx, uint16(i))
			mm.parCnt = append(mm.parCnt, cnt)
		}
	}
	mm.parStart = append(mm.parStart, int32(len(mm.parIdx)))

	// Children, or with quiescence their leaves (only the forced move when
	// a mate fixes the choice, and never a move that gets mated).
	var leaves *resolvedMoves
	if c.qs != nil {
		var err error
		if leaves, err = c.qs.resolve(pos, moves); err != nil {
			return err
		}
		if leaves.fixed >= 0 {
			mm.fixed++
		}
	}
	c.kept = c.kept[:0]
	target := int32(-1)
	for k, m := range moves {
		var pv []board.Move
		var counts []int16
		if leaves != nil {
			if !leaves.keep(k) {
				continue // target stays -1 if m == gm: never chosen
			}
			pv, counts = leaves.pv[k], leaves.counts[k]
		}
		c.ent = c.ent[:0]
		if counts != nil && c.units != nil {
			// The leaf's counts, known to the resolver's memo.
			if err := c.differenceOf(counts, sign); err != nil {
				return err
			}
		} else {
			pos.MakeMove(m)
			for _, r := range pv {
				pos.MakeMove(r)
			}
			touched, err := c.dense(pos, c.child)
			for range pv {
				pos.UnmakeMove()
			}
			pos.UnmakeMove()
			if err != nil {
				return err
			}
			// Difference over the union of parent and child indices, in
			// index order, packed as count<<16 | index.
			if err := c.difference(touched, parentIdx, sign); err != nil {
				return err
			}
			for _, idx := range touched {
				c.child[idx] = 0
			}
		}
		h := entriesHash(c.ent)
		dup := false
		for _, km := range c.kept {
			if km.hash == h && slices.Equal(mm.dif[mm.difStart(km.j):mm.difEnd[km.j]], c.ent) {
				dup = true
				break
			}
		}
		if dup {
			if m == gm {
				target = -1 // an earlier identical move always wins
			}
			continue
		}
		j := int32(len(mm.moves))
		c.kept = append(c.kept, keptMove{hash: h, j: j})
		if m == gm {
			target = j
		}
		mm.moves = append(mm.moves, m)
		mm.dif = append(mm.dif, c.ent...)
		mm.difEnd = append(mm.difEnd, int32(len(mm.dif)))
	}
	for _, idx := range parentIdx {
		c.parent[idx] = 0
	}
	mm.movStart = append(mm.movStart, int32(len(mm.moves)))
	mm.maxMoves = max(mm.maxMoves, int(mm.movStart[len(mm.movStart)-1]-mm.movStart[len(mm.movStart)-2]))
	mm.target = append(mm.target, target)
	mm.black = append(mm.black, sign < 0)
	return nil
}

// difference appends to c.ent the packed entries child − parent (mover's
// sign applied) over the indices touched by the child or set in the parent,
// in index order: by a scan of every index for small schemes, else over
// their sorted union.
func (c *compiler) difference(touched, parentIdx []int32, sign int64) error {
	add := func(idx int) error {
		d := c.child[idx] - c.parent[idx]
		if d == 0 {
			return nil
		}
		cnt, ok := fitCount(sign * d)
		if !ok {
			return fmt.Errorf("feature %d difference %d out of range", idx, d)
		}
		c.ent = append(c.ent, int64(cnt)<<16|int64(idx))
		return nil
	}
	if len(c.child) <= denseUnion {
		for idx := range c.child {
			if err := add(idx); err != nil {
				return err
			}
		}
		return nil
	}
	union := append(append(c.touch[len(c.touch):], touched...), parentIdx...)
	slices.Sort(union)
	for k, idx := range union {
		if k > 0 && union[k-1] == idx {
			continue
		}
		if err := add(int(idx)); err != nil {
			return err
		}
	}
	return nil
}

// differenceOf appends to c.ent what difference appends for a child
// whose dense counts are d (its features d[i]·unit i, by
// eval.Evaluator.DenseUnits), in one pass over the parameters.
func (c *compiler) differenceOf(d []int16, sign int64) error {
	d = d[:len(c.units)]
	parent := c.parent[:len(c.units)]
	for idx, u := range c.units {
		df := int64(d[idx])*u - parent[idx]
		if df == 0 {
			continue
		}
		cnt, ok := fitCount(sign * df)
		if !ok {
			return fmt.Errorf("feature %d difference %d out of range", idx, df)
		}
		c.ent = append(c.ent, int64(cnt)<<16|int64(idx))
	}
	return nil
}

// difStart returns where kept move j's entries start in mm.dif.
func (mm *MoveMatch) difStart(j int32) int32 {
	if j == 0 {
		return 0
	}
	return mm.difEnd[j-1]
}

// pack32 moves dif into dif32 when every entry fits.
func (mm *MoveMatch) pack32() {
	if mm.nparams > smallWeights {
		return
	}
	for _, e := range mm.dif {
		if c := e >> 16; c < -(1<<21) || c >= 1<<21 {
			return
		}
	}
	mm.dif32 = make([]int32, len(mm.dif))
	for k, e := range mm.dif {
		mm.dif32[k] = int32(e>>16)<<10 | int32(e&0xffff)
	}
	mm.dif = nil
}

// Positions returns the number of compiled positions.
func (mm *MoveMatch) Positions() int { return len(mm.target) }

// Scheme returns the scheme the sample was compiled for.
func (mm *MoveMatch) Scheme() eval.Scheme { return mm.scheme }

// Stats describes the compiled form.
type Stats struct {
	Positions   int // positions
	LegalMoves  int // legal moves over all positions
	KeptMoves   int // moves kept after removing duplicate difference vectors
	Entries     int // sparse (index, count) entries of parents and differences
	Unmatchable int // positions whose grandmaster move can never be chosen
	Fixed       int // positions whose choice a quiescence mate fixed (CompileOptions.Quiescence)
	Bytes       int // memory held by the compiled arrays
}

// Stats returns the size of the compiled sample.
func (mm *MoveMatch) Stats() Stats {
	un := 0
	for _, t := range mm.target {
		if t < 0 {
			un++
		}
	}
	b := 0
	b += len(mm.parStart)*4 + len(mm.parIdx)*2 + len(mm.parCnt)*4
	b += len(mm.movStart)*4 + len(mm.target)*4 + len(mm.black)
	b += len(mm.difEnd)*4 + len(mm.dif)*8 + len(mm.dif32)*4 + len(mm.moves)*int(unsafe.Sizeof(board.Move(0)))
	return Stats{
		Positions: len(mm.target), LegalMoves: mm.legal, KeptMoves: len(mm.moves),
		Entries: len(mm.parIdx) + len(mm.dif) + len(mm.dif32), Unmatchable: un, Fixed: mm.fixed, Bytes: b,
	}
}

// check validates w's length (bounds are the optimizer's business; any
// int32 vector gives a well-defined, overflow-free score because products
// and sums are 64-bit).
func (mm *MoveMatch) check(w []int32) error {
	if len(w) != mm.nparams {
		return fmt.Errorf("fitness: scheme %s needs %d weights, got %d", mm.scheme.Name(), mm.nparams, len(w))
	}
	return nil
}

// widen returns w as 64-bit weights (the dot products are 64-bit), padded
// with zeros to smallWeights entries when it fits.
func widen(w []int32) []int64 {
	n := len(w)
	if n <= smallWeights {
		n = smallWeights
	}
	wl := make([]int64, n)
	for i, v := range w {
		wl[i] = int64(v)
	}
	return wl
}

// choose returns the absolute index of the move the candidate with 64-bit
// weights wl picks in position i; sums is scratch space of at least
// mm.maxMoves entries.
//
// With P the parent's dot product and d_j move j's difference dot product
// (both with the mover's sign), the mover's value of move j is
// floor((P+d_j)/scale) for White and ceil((P+d_j)/scale) for Black (the
// stored counts are negated, and −floor(x/s) = ceil(−x/s)). The values are
// monotone in d_j, so the maximal value V comes from the maximal d; the
// chosen move is the first j whose value reaches V, i.e. whose P+d_j is at
// least T = V·scale (White) or (V−1)·scale+1 (Black). One division per
// position, none for scale 1, and P is not needed at all when scale is 1.
func (mm *MoveMatch) choose(wl []int64, i int, sums []int64) int32 {
	lo, hi := mm.movStart[i], mm.movStart[i+1]
	if lo == hi {
		return -1
	}
	sums = sums[:hi-lo]
	var dmax int64
	if mm.dif32 != nil && len(wl) == smallWeights {
		dmax = mm.diffSumsSmall(wl, lo, hi, sums)
	} else {
		dmax = mm.diffSums(wl, lo, hi, sums)
	}
	thr := dmax // the least d that reaches the maximal value
	if mm.scale != 1 {
		var p int64
		for k := mm.parStart[i]; k < mm.parStart[i+1]; k++ {
			p += wl[mm.parIdx[k]] * int64(mm.parCnt[k])
		}
		if mm.black[i] {
			thr = (ceilDiv(p+dmax, mm.scale)-1)*mm.scale + 1 - p
		} else {
			thr = floorDiv(p+dmax, mm.scale)*mm.scale - p
		}
	}
	for j, d := range sums {
		if d >= thr {
			return lo + int32(j)
		}
	}
	return hi - 1 // unreachable: dmax itself reaches thr
}

// smallWeights is the padded weight-vector length of schemes with at most
// that many parameters: indexing a fixed-size array with index&(size−1)
// needs no bounds check in the hot loop.
const smallWeights = 1024

// diffSums stores the difference dot product of each move lo..hi-1 in sums
// and returns the largest.
func (mm *MoveMatch) diffSums(wl []int64, lo, hi int32, sums []int64) int64 {
	dif, difEnd := mm.dif, mm.difEnd[lo:hi]
	k := int32(0)
	if lo > 0 {
		k = mm.difEnd[lo-1]
	}
	dmax := int64(math.MinInt64)
	for j, end := range difEnd {
		var d int64
		for ; k < end; k++ {
			e := dif[k]
			d += wl[e&0xffff] * (e >> 16)
		}
		sums[j] = d
		dmax = max(dmax, d)
	}
	return dmax
}

// diffSumsSmall is diffSums for padded weight arrays and dif32 entries.
func (mm *MoveMatch) diffSumsSmall(wl []int64, lo, hi int32, sums []int64) int64 {
	// With len(wl) known to be smallWeights, wl[e&(smallWeights-1)] needs
	// neither a bounds check nor (unlike an array pointer) a nil check, which
	// WebAssembly cannot get for free from a memory fault.
	wl = wl[:smallWeights]
	k := int32(0)
	if lo > 0 {
		k = mm.difEnd[lo-1]
	}
	difEnd := mm.difEnd[lo:hi]
	dif := mm.dif32[k:difEnd[len(difEnd)-1]]
	sums = sums[:len(difEnd)]
	dmax := int64(math.MinInt64)
	base := k
	for j, end := range difEnd {
		var d int64
		for _, e := range dif[:end-base] {
			d += wl[e&(smallWeights-1)] * int64(e>>10)
		}
		dif = dif[end-base:]
		base = end
		sums[j] = d
		dmax = max(dmax, d)
	}
	return dmax
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 {
	return -floorDiv(-a, b)
}

// Score returns the number of positions in which w picks the grandmaster's
// move (the move Choice returns; see matchesSmall for how it is decided).
// If hits is not nil (it must have one entry per position), hits[i] is set
// to whether position i was matched. w must have one weight per scheme
// parameter and hits (if any) one entry per position; Score panics
// otherwise, a programming error (use Check first on untrusted vectors).
func (mm *MoveMatch) Score(w []int32, hits []bool) int { return mm.ScoreHinted(w, hits, nil) }

// Hints remembers, for each position of one MoveMatch, the move that last
// kept a candidate from the grandmaster's move, so that the next
// candidate's scoring tries that move first: the candidates of a
// generation are close to one another (an evolutionary run's offspring of
// the same parents), and a position a candidate misses is mostly missed
// through the same move, so its scan stops after one move instead of
// several. The order the moves are tried in does not change whether the
// grandmaster's move is chosen, so a score does not depend on the hints.
// A Hints belongs to one goroutine at a time.
type Hints struct{ at []int32 }

// NewHints returns empty hints for mm's positions.
func (mm *MoveMatch) NewHints() *Hints {
	h := &Hints{at: make([]int32, len(mm.target))}
	for i := range h.at {
		h.at[i] = -1
	}
	return h
}

// ScoreHinted is Score, trying first the moves h remembers (and
// remembering new ones) where the sample's entries fit in 32 bits (the
// small schemes' compiled form); h may be nil (Score), and must otherwise
// come from mm.NewHints.
func (mm *MoveMatch) ScoreHinted(w []int32, hits []bool, h *Hints) int {
	var hint []int32
	if h != nil {
		if len(h.at) != len(mm.target) {
			panic(fmt.Sprintf("fitness: MoveMatch.ScoreHinted: hints for %d positions, not %d", len(h.at), len(mm.target)))
		}
		hint = h.at
	}
	if len(w) != mm.nparams {
		panic(fmt.Sprintf("fitness: MoveMatch.Score: %d weights for scheme %s with %d", len(w), mm.scheme.Name(), mm.nparams))
	}
	if hits != nil && len(hits) < len(mm.target) {
		panic(fmt.Sprintf("fitness: MoveMatch.Score: %d hits for %d positions", len(hits), len(mm.target)))
	}
	matched := 0
	var buf [smallWeights]int64 // on the stack: no garbage per candidate
	var wl []int64
	if len(w) <= smallWeights {
		wl = buf[:]
		for i, v := range w {
			wl[i] = int64(v)
		}
	} else {
		wl = widen(w)
	}
	small := mm.dif32 != nil && len(wl) == smallWeights
	for i, t := range mm.target {
		var ok bool
		if small {
			ok = mm.matchesSmall(wl, i, t, hint)
		} else {
			ok = mm.matches(wl, i, t)
		}
		if ok {
			matched++
		}
		if hits != nil {
			hits[i] = ok
		}
	}
	return matched
}

// limits returns, for a position whose target move has difference dot
// product dt, the bounds the other moves' dot products must stay under
// for the target to be chosen (see choose): with V the target's value,
// every earlier move must have a smaller value (d < below) and every later
// one at most V (d < atMost). The values are floor((P+d)/scale) for White
// and ceil((P+d)/scale) for Black, monotone in d, so each condition is one
// comparison of d.
func (mm *MoveMatch) limits(wl []int64, i int, dt int64) (below, atMost int64) {
	if mm.scale == 1 {
		return dt, dt + 1
	}
	var p int64
	for k := mm.parStart[i]; k < mm.parStart[i+1]; k++ {
		p += wl[mm.parIdx[k]] * int64(mm.parCnt[k])
	}
	s := mm.scale
	if mm.black[i] {
		v := ceilDiv(p+dt, s)
		return (v-1)*s + 1 - p, v*s + 1 - p
	}
	v := floorDiv(p+dt, s)
	return v*s - p, (v+1)*s - p
}

// matchesSmall reports whether the candidate with padded weights wl (see
// diffSumsSmall) chooses target move t of position i — the move choose
// returns — deciding from the target's own dot product first, so that the
// scan of the other moves stops at the first one that beats it: most
// positions are lost after a few moves. The moves' vectors are short (4–7
// entries for the small schemes), so the loop is kept flat, without a call
// per move: in WebAssembly every call and every jump costs a pass through
// the function's block dispatch (wave2.md §7). With hint (Hints.at), the
// move hint[i] is tried before the scan, and the move that ends a scan is
// stored there.
func (mm *MoveMatch) matchesSmall(wl []int64, i int, t int32, hint []int32) bool {
	lo, hi := mm.movStart[i], mm.movStart[i+1]
	if t < 0 || lo == hi {
		return t < 0 && lo == hi // choose's -1 for a position with no move
	}
	wl = wl[:smallWeights]
	end := mm.difEnd[:hi]
	dif := mm.dif32
	k := int32(0)
	if lo > 0 {
		k = end[lo-1]
	}
	// Moves before the target must stay under lim = below, those after it
	// under atMost.
	lim, atMost := mm.limits(wl, i, mm.dotSmall(wl, t))
	if hint != nil {
		// The move that beat the target last time, first.
		if j := hint[i]; j >= lo && j < hi && j != t {
			if d := mm.dotSmall(wl, j); j < t && d >= lim || j > t && d >= atMost {
				return false
			}
		}
	}
	for j := lo; j < hi; j++ {
		e := end[j]
		es := dif[k:e]
		k = e
		if j == t {
			lim = atMost
			continue
		}
		// Four entries per iteration: in WebAssembly each pass of a loop
		// goes through the function's block dispatch, and a move's vector
		// has 4 to 7 entries for the small schemes.
		var d int64
		for len(es) >= 4 {
			d += wl[es[0]&(smallWeights-1)]*int64(es[0]>>10) + wl[es[1]&(smallWeights-1)]*int64(es[1]>>10) +
				wl[es[2]&(smallWeights-1)]*int64(es[2]>>10) + wl[es[3]&(smallWeights-1)]*int64(es[3]>>10)
			es = es[4:]
		}
		for _, x := range es {
			d += wl[x&(smallWeights-1)] * int64(x>>10)
		}
		if d >= lim {
			if hint != nil {
				hint[i] = j
			}
			return false
		}
	}
	return true
}

// dotSmall returns move j's difference dot product with the padded
// weights wl (dif32 entries).
func (mm *MoveMatch) dotSmall(wl []int64, j int32) int64 {
	wl = wl[:smallWeights]
	k := int32(0)
	if j > 0 {
		k = mm.difEnd[j-1]
	}
	var d int64
	for _, x := range mm.dif32[k:mm.difEnd[j]] {
		d += wl[x&(smallWeights-1)] * int64(x>>10)
	}
	return d
}

// matches is matchesSmall for 64-bit entries (count<<16 | index) and
// weight vectors of any length.
func (mm *MoveMatch) matches(wl []int64, i int, t int32) bool {
	lo, hi := mm.movStart[i], mm.movStart[i+1]
	if t < 0 || lo == hi {
		return t < 0 && lo == hi
	}
	end := mm.difEnd[:hi]
	dif := mm.dif
	dot := func(es []int64) int64 {
		var d int64
		for _, e := range es {
			d += wl[e&0xffff] * (e >> 16)
		}
		return d
	}
	k := int64(0)
	if lo > 0 {
		k = int64(end[lo-1])
	}
	tk := k
	if t > 0 {
		tk = int64(end[t-1])
	}
	below, atMost := mm.limits(wl, i, dot(dif[tk:end[t]]))
	for j := lo; j < t; j++ {
		e := int64(end[j])
		if dot(dif[k:e]) >= below {
			return false
		}
		k = e
	}
	k = int64(end[t])
	for j := t + 1; j < hi; j++ {
		e := int64(end[j])
		if dot(dif[k:e]) >= atMost {
			return false
		}
		k = e
	}
	return true
}

// Check returns an error if w is not a vector for the compiled scheme.
func (mm *MoveMatch) Check(w []int32) error { return mm.check(w) }

// Squared returns David et al.'s fitness: the square of the number of
// positions matched.
func (mm *MoveMatch) Squared(w []int32) int64 {
	n := int64(mm.Score(w, nil))
	return n * n
}

// Choice returns the move w picks in position i.
func (mm *MoveMatch) Choice(w []int32, i int) board.Move {
	j := mm.choose(widen(w), i, make([]int64, mm.maxMoves))
	if j < 0 {
		return board.NoMove
	}
	return mm.moves[j]
}
