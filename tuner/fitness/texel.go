package fitness

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/data"
)

// Texel is a set of (position, game result) pairs compiled for one scheme,
// for the Texel tuning method's loss: the mean squared difference between
// the result (White's score: 1, ½, 0) and sigmoid(K·eval), where eval is the
// position's static evaluation in centipawns from White's point of view and
// sigmoid(x) = 1/(1+e^−x). The evaluation is linear in the weights, so each
// position is stored once as its sparse feature counts and a loss is one dot
// product per position.
//
// Storage (about 4 bytes per non-zero feature and 11 per position):
// positions are offsets into two flat arrays, a uint16 index (parameter, or
// tapered term for eval.Phased schemes) and an int16 count (a count beyond
// the int16 range is split into several entries of the same index); a
// phased scheme's position also keeps its phase byte, and its features are
// the untapered term counts, so the middlegame and endgame weights of a
// term share one entry. Identical positions (compiled from games: the same
// quiet leaf) are stored once with their win, draw and loss counts.
//
// Sums are bit-identical on every platform and for any worker count: the
// exponential is computed here (expDet) with explicit float64 conversions
// around every product (no fused multiply-add); the positions are cut into
// fixed chunks of TexelChunk, each chunk summed in float64 in storage order,
// and the chunk sums added as fixed-point integers, whose addition is
// associative, so workers may take chunks in any order.
type Texel struct {
	scheme  eval.Scheme
	nparams int
	scale   int64
	phased  phasedScheme // nil: generic features
	termMG  []int32      // phased: parameter of each term's middlegame / endgame weight
	termEG  []int32
	maxPh   int64

	off   []uint32 // position i's entries: idx/cnt[off[i]:off[i+1]]
	idx   []uint16
	cnt   []int16
	phase []uint8  // phased only
	out   []uint16 // White's wins, draws, losses of position i: out[3i:3i+3]
	n     int64    // positions counted with their multiplicity

	stats TexelStats
}

// TexelStats describes a compiled set.
type TexelStats struct {
	Games      int // games the positions come from
	Candidates int // positions the filter kept
	Mates      int // dropped: the quiescence search found a mate
	Resolved   int // positions whose quiet leaf is not the position itself
	Positions  int // stored positions (after merging duplicates)
	Merged     int // duplicates merged into a stored position
	Entries    int // stored (index, count) entries
}

// phasedScheme is eval.Phased (the tapered schemes' memory-lean view, see
// engine/eval): for each f in PhasedFeatures, Features holds
// {mg(f.Index), f.Count·phase} and {eg(f.Index), f.Count·(Scale()−phase)}.
type phasedScheme = eval.Phased

// TexelChunk is the number of stored positions summed in float64 before a
// chunk's sums join the fixed-point totals.
const TexelChunk = 1024

// Fixed-point scales of the chunk sums: the loss (squared errors, at most
// the chunk's position count) and the gradient sums.
const (
	lossFix = 1 << 32
	gradFix = 1 << 24
	// fixLimit bounds a chunk sum times its scale, far inside int64 so that
	// a million chunk sums cannot overflow.
	fixLimit = 1 << 52
)

func newTexel(s eval.Scheme) (*Texel, error) {
	if s == nil {
		return nil, fmt.Errorf("fitness: nil scheme")
	}
	n := len(s.Params())
	if n > math.MaxUint16+1 || s.Scale() <= 0 {
		return nil, fmt.Errorf("fitness: scheme %s cannot be compiled (%d parameters, scale %d)", s.Name(), n, s.Scale())
	}
	t := &Texel{scheme: s, nparams: n, scale: int64(s.Scale()), off: []uint32{0}}
	if ps, ok := s.(phasedScheme); ok {
		nt := ps.Terms()
		if nt > math.MaxUint16+1 {
			return nil, fmt.Errorf("fitness: scheme %s has %d terms", s.Name(), nt)
		}
		t.phased, t.maxPh = ps, int64(s.Scale())
		t.termMG, t.termEG = make([]int32, nt), make([]int32, nt)
		for i := range nt {
			mg, eg := ps.TermParams(i)
			if mg < 0 || int(mg) >= n || eg < 0 || int(eg) >= n {
				return nil, fmt.Errorf("fitness: scheme %s: term %d has parameters %d, %d of %d", s.Name(), i, mg, eg, n)
			}
			t.termMG[i], t.termEG[i] = mg, eg
		}
	}
	return t, nil
}

// dims is the length of the index space of the stored entries.
func (t *Texel) dims() int {
	if t.phased != nil {
		return len(t.termMG)
	}
	return t.nparams
}

// features is a position's sparse features in the stored form.
type features struct {
	dense   []int64 // by index, zero outside touched
	touched []int32
	fs      []eval.Feature
	phase   int32
}

func newFeatures(dims int) *features { return &features{dense: make([]int64, dims)} }

// extract fills f with pos's features (untapered terms and the phase for a
// phased scheme), sorted by index, zeros dropped.
func (t *Texel) extract(pos *board.Position, f *features) error {
	f.touched = f.touched[:0]
	if t.phased != nil {
		f.fs, f.phase = t.phased.PhasedFeatures(pos, f.fs[:0])
		if f.phase < 0 || int64(f.phase) > t.maxPh {
			return fmt.Errorf("fitness: scheme %s: phase %d outside [0, %d]", t.scheme.Name(), f.phase, t.maxPh)
		}
	} else {
		f.fs = t.scheme.Features(pos, f.fs[:0])
	}
	for _, ft := range f.fs {
		if ft.Index < 0 || int(ft.Index) >= len(f.dense) {
			return fmt.Errorf("fitness: scheme %s: feature index %d out of range", t.scheme.Name(), ft.Index)
		}
		if f.dense[ft.Index] == 0 {
			f.touched = append(f.touched, ft.Index)
		}
		f.dense[ft.Index] += int64(ft.Count)
	}
	slices.Sort(f.touched)
	return nil
}

// entries appends f's non-zero counts as (index, int16 count) entries,
// splitting counts beyond the int16 range, and clears f.
func appendEntries(idx []uint16, cnt []int16, f *features) ([]uint16, []int16) {
	for _, j := range f.touched {
		c := f.dense[j]
		f.dense[j] = 0
		for c != 0 {
			part := max(math.MinInt16+1, min(math.MaxInt16, c))
			idx, cnt = append(idx, uint16(j)), append(cnt, int16(part))
			c -= part
		}
	}
	return idx, cnt
}

// outcome returns the index (0 win, 1 draw, 2 loss) of White's result r.
func outcome(r float64) (int, error) {
	switch r {
	case 1:
		return 0, nil
	case 0.5:
		return 1, nil
	case 0:
		return 2, nil
	}
	return 0, fmt.Errorf("result %v is not 0, 0.5 or 1", r)
}

// push appends one position (its entries already in idx/cnt) with White's
// outcome o.
func (t *Texel) push(phase int32, o int) {
	t.off = append(t.off, uint32(len(t.idx)))
	if t.phased != nil {
		t.phase = append(t.phase, uint8(phase))
	}
	var w [3]uint16
	w[o] = 1
	t.out = append(t.out, w[:]...)
	t.n++
}

// CompileTexel compiles samples (FEN and side-to-move result) for scheme s,
// each at its own static evaluation (no quiescence, no merging).
func CompileTexel(s eval.Scheme, samples []data.Sample) (*Texel, error) {
	t, err := newTexel(s)
	if err != nil {
		return nil, err
	}
	f := newFeatures(t.dims())
	for i, smp := range samples {
		pos, err := board.ParseFEN(smp.FEN)
		if err != nil {
			return nil, fmt.Errorf("fitness: sample %d (game %d ply %d): %w", i, smp.Game, smp.Ply, err)
		}
		r := smp.Result
		if r != 0 && r != 0.5 && r != 1 {
			return nil, fmt.Errorf("fitness: sample %d (game %d ply %d): result %v is not 0, 0.5 or 1", i, smp.Game, smp.Ply, r)
		}
		if pos.Side == board.Black {
			r = 1 - r
		}
		o, _ := outcome(r)
		if err := t.extract(pos, f); err != nil {
			return nil, fmt.Errorf("fitness: sample %d: %w", i, err)
		}
		t.idx, t.cnt = appendEntries(t.idx, t.cnt, f)
		t.push(f.phase, o)
	}
	t.stats = TexelStats{Candidates: len(samples), Positions: len(samples), Entries: len(t.idx)}
	return t, t.checkSize()
}

func (t *Texel) checkSize() error {
	if uint64(len(t.idx)) > math.MaxUint32 {
		return fmt.Errorf("fitness: %d entries exceed the compiled form", len(t.idx))
	}
	return nil
}

// TexelOptions configure CompileTexelGames.
type TexelOptions struct {
	// Reference, when set, resolves every position to the quiet leaf that
	// engine/search's quiescence search reaches under these weights
	// (search.QuiescenceResolver, full window) and stores the leaf's
	// features; positions whose quiescence value is a mate are dropped.
	// Nil: every position at its own static evaluation.
	Reference []int32
	// Workers compile blocks of positions in parallel (0: 1); the result
	// does not depend on it.
	Workers int
	// Merge stores identical positions (the same leaf: Zobrist key and
	// features) once, with their outcome counts.
	Merge bool
	// Progress, if set, is called with the positions done after each block.
	Progress func(done, total int)
}

// texelBlock is the number of positions one worker compiles at a time.
const texelBlock = 2048

// blockResult is one compiled block, merged into the set in block order.
type blockResult struct {
	off      []uint32 // local, len positions+1
	idx      []uint16
	cnt      []int16
	phase    []uint8
	out      []uint8 // White's outcome index
	key      []uint64
	mates    int
	resolved int
	err      error
}

// CompileTexelGames compiles the positions refs (data.Positions) of games
// for scheme s, labelled with their game's result, resolved to their quiet
// leaves under o.Reference. Blocks of positions are compiled on o.Workers
// goroutines and joined in order, so the set does not depend on the worker
// count; ctx cancels it.
func CompileTexelGames(ctx context.Context, s eval.Scheme, games []data.Game, refs []data.Ref, o TexelOptions) (*Texel, error) {
	t, err := newTexel(s)
	if err != nil {
		return nil, err
	}
	if o.Reference != nil {
		if _, err := referenceEvaluator(s, o.Reference); err != nil {
			return nil, fmt.Errorf("fitness: texel reference: %w", err)
		}
	}
	nblocks := (len(refs) + texelBlock - 1) / texelBlock
	workers := max(1, min(o.Workers, nblocks))
	results := make([]chan *blockResult, nblocks)
	for i := range results {
		results[i] = make(chan *blockResult, 1)
	}
	// At most 2 blocks per worker wait to be joined, which bounds memory;
	// joined blocks' buffers are reused.
	window := make(chan struct{}, 2*workers)
	free := make(chan *blockResult, 3*workers)
	var next atomic.Int64
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var res *search.QuiescenceResolver
			if o.Reference != nil {
				ev, _ := referenceEvaluator(s, o.Reference)
				res = search.NewQuiescenceResolver(ev)
			}
			f := newFeatures(t.dims())
			pos := board.NewPosition()
			for {
				select {
				case window <- struct{}{}:
				case <-ctx.Done():
					return
				}
				b := int(next.Add(1) - 1)
				if b >= nblocks {
					<-window
					return
				}
				lo, hi := b*texelBlock, min(len(refs), (b+1)*texelBlock)
				var br *blockResult
				select {
				case br = <-free:
				default:
					br = &blockResult{}
				}
				t.compileBlock(ctx, games, refs[lo:hi], res, f, pos, br)
				results[b] <- br
			}
		}()
	}
	var merge map[uint64]uint32
	if o.Merge {
		merge = make(map[uint64]uint32, len(refs))
	}
	t.off = make([]uint32, 1, len(refs)+1)
	t.out = make([]uint16, 0, 3*len(refs))
	if t.phased != nil {
		t.phase = make([]uint8, 0, len(refs))
	}
	gamesSeen := map[int32]bool{}
	var ferr error
	for b := range nblocks {
		var br *blockResult
		select {
		case br = <-results[b]:
		case <-ctx.Done():
			ferr = ctx.Err()
		}
		if ferr != nil {
			break
		}
		<-window
		if br.err != nil {
			ferr = br.err
			break
		}
		if b == 0 && len(br.out) > 0 {
			// Size the entry arrays from the first block's density.
			per := float64(len(br.idx)) / float64(len(br.out))
			n := int(per*1.05*float64(len(refs))) + 1024
			t.idx, t.cnt = make([]uint16, 0, n), make([]int16, 0, n)
		}
		t.join(br, merge)
		select {
		case free <- br:
		default:
		}
		if o.Progress != nil {
			o.Progress(min(len(refs), (b+1)*texelBlock), len(refs))
		}
	}
	cancel()
	wg.Wait()
	if ferr != nil {
		return nil, ferr
	}
	for _, r := range refs {
		gamesSeen[r.Game] = true
	}
	t.stats.Games, t.stats.Candidates = len(gamesSeen), len(refs)
	t.stats.Positions, t.stats.Entries = t.Positions(), len(t.idx)
	t.off, t.idx, t.cnt, t.phase, t.out = slices.Clip(t.off), slices.Clip(t.idx), slices.Clip(t.cnt), slices.Clip(t.phase), slices.Clip(t.out)
	return t, t.checkSize()
}

// referenceEvaluator returns the evaluator the quiescence search resolves
// with: engine/eval's for a registered scheme, else the dot product of w
// and s.Features (a scheme defined outside engine/eval).
func referenceEvaluator(s eval.Scheme, w []int32) (search.Evaluator, error) {
	if err := eval.Validate(s, w); err != nil {
		return nil, err
	}
	if ev, err := eval.New(s, w); err == nil {
		return ev, nil
	}
	return &dotEvaluator{s: s, w: slices.Clone(w), scale: s.Scale()}, nil
}

// dotEvaluator evaluates floorDiv(w·Features(pos), Scale()) from the side to
// move's point of view.
type dotEvaluator struct {
	s     eval.Scheme
	w     []int32
	scale int32
	fs    []eval.Feature
}

func (d *dotEvaluator) Evaluate(pos *board.Position) int {
	d.fs = d.s.Features(pos, d.fs[:0])
	v := eval.FloorDiv(eval.Dot(d.w, d.fs), d.scale)
	if pos.Side == board.Black {
		return -v
	}
	return v
}

// compileBlock replays the games of refs (sorted by game and ply) on pos
// and compiles each position into br (its buffers reused).
func (t *Texel) compileBlock(ctx context.Context, games []data.Game, refs []data.Ref, res *search.QuiescenceResolver, f *features, pos *board.Position, br *blockResult) {
	*br = blockResult{off: append(br.off[:0], 0), idx: br.idx[:0], cnt: br.cnt[:0], phase: br.phase[:0], out: br.out[:0], key: br.key[:0]}
	cur, ply := int32(-1), 0
	for _, r := range refs {
		if ctx.Err() != nil {
			br.err = ctx.Err()
			return
		}
		g := &games[r.Game]
		if r.Game != cur || int(r.Ply) < ply {
			if err := g.Reset(pos); err != nil {
				br.err = err
				return
			}
			cur, ply = r.Game, 0
		}
		for ; ply < int(r.Ply); ply++ {
			pos.MakeMove(g.Moves[ply])
		}
		o, err := outcome(g.Result)
		if err != nil {
			br.err = fmt.Errorf("fitness: game %d: %w", g.Number, err)
			return
		}
		var line []board.Move
		if res != nil {
			v, pv := res.Resolve(pos)
			if search.IsMateScore(v) {
				br.mates++
				continue
			}
			line = pv
		}
		for _, m := range line {
			pos.MakeMove(m)
		}
		err = t.extract(pos, f)
		key := pos.Hash
		for range line {
			pos.UnmakeMove()
		}
		if err != nil {
			br.err = fmt.Errorf("fitness: game %d ply %d: %w", g.Number, r.Ply, err)
			return
		}
		if len(line) > 0 {
			br.resolved++
		}
		br.idx, br.cnt = appendEntries(br.idx, br.cnt, f)
		br.off = append(br.off, uint32(len(br.idx)))
		if t.phased != nil {
			br.phase = append(br.phase, uint8(f.phase))
		}
		br.out = append(br.out, uint8(o))
		br.key = append(br.key, key)
	}
}

// join appends a block's positions, merging duplicates when merge is set.
func (t *Texel) join(br *blockResult, merge map[uint64]uint32) {
	t.stats.Mates += br.mates
	t.stats.Resolved += br.resolved
	for i := range br.out {
		lo, hi := br.off[i], br.off[i+1]
		var ph uint8
		if t.phased != nil {
			ph = br.phase[i]
		}
		if merge != nil {
			if j, ok := merge[br.key[i]]; ok && t.same(int(j), br.idx[lo:hi], br.cnt[lo:hi], ph) && t.out[3*j+uint32(br.out[i])] < math.MaxUint16 {
				t.out[3*j+uint32(br.out[i])]++
				t.n++
				t.stats.Merged++
				continue
			}
		}
		t.idx, t.cnt = append(t.idx, br.idx[lo:hi]...), append(t.cnt, br.cnt[lo:hi]...)
		if merge != nil {
			if _, ok := merge[br.key[i]]; !ok {
				merge[br.key[i]] = uint32(t.Positions())
			}
		}
		t.push(int32(ph), int(br.out[i]))
	}
}

// same reports whether stored position j has exactly these entries.
func (t *Texel) same(j int, idx []uint16, cnt []int16, ph uint8) bool {
	lo, hi := t.off[j], t.off[j+1]
	return slices.Equal(t.idx[lo:hi], idx) && slices.Equal(t.cnt[lo:hi], cnt) && (t.phased == nil || t.phase[j] == ph)
}

// Positions returns the number of stored positions.
func (t *Texel) Positions() int { return len(t.off) - 1 }

// Count returns the number of positions with their multiplicity (the
// loss's denominator).
func (t *Texel) Count() int64 { return t.n }

// Stats describes the compiled set.
func (t *Texel) Stats() TexelStats { return t.stats }

// Phased reports whether the set is stored as a tapered scheme's terms.
func (t *Texel) Phased() bool { return t.phased != nil }

// Bytes returns the memory held by the compiled arrays.
func (t *Texel) Bytes() int {
	return 4*len(t.off) + 2*len(t.idx) + 2*len(t.cnt) + len(t.phase) + 2*len(t.out)
}

// weights holds a candidate's weights in the stored index space.
type weights struct {
	w      []int64 // generic: by parameter
	mg, eg []int64 // phased: by term
}

func (t *Texel) widen(w []int32) weights {
	if t.phased == nil {
		return weights{w: widen(w)}
	}
	out := weights{mg: make([]int64, len(t.termMG)), eg: make([]int64, len(t.termEG))}
	for i := range t.termMG {
		out.mg[i], out.eg[i] = int64(w[t.termMG[i]]), int64(w[t.termEG[i]])
	}
	return out
}

// Eval returns stored position i's static evaluation in centipawns from
// White's point of view under weights w (as eval.Evaluator.White computes it
// for the position, or its quiet leaf).
func (t *Texel) Eval(w []int32, i int) int64 {
	return t.eval(t.widen(w), i)
}

func (t *Texel) eval(wv weights, i int) int64 {
	lo, hi := t.off[i], t.off[i+1]
	if t.phased == nil {
		var d int64
		for e := lo; e < hi; e++ {
			d += wv.w[t.idx[e]] * int64(t.cnt[e])
		}
		return floorDiv(d, t.scale)
	}
	var m, g int64
	for e := lo; e < hi; e++ {
		j, c := t.idx[e], int64(t.cnt[e])
		m += wv.mg[j] * c
		g += wv.eg[j] * c
	}
	ph := int64(t.phase[i])
	return floorDiv(m*ph+g*(t.maxPh-ph), t.scale)
}

// Check returns an error if w is not a vector for the compiled scheme.
func (t *Texel) Check(w []int32) error {
	if len(w) != t.nparams {
		return fmt.Errorf("fitness: scheme %s needs %d weights, got %d", t.scheme.Name(), t.nparams, len(w))
	}
	return nil
}

// Sigmoid returns 1/(1+e^−x), bit-identical on every platform.
func Sigmoid(x float64) float64 {
	return 1 / (1 + expDet(-x))
}

// texelAcc holds fixed-point totals.
type texelAcc struct {
	loss int64
	grad []int64 // by stored index; phased: mg terms, then eg terms
	err  error
}

func (a *texelAcc) add(dst *int64, x, scale float64) {
	v := float64(x * scale)
	if !(math.Abs(v) < fixLimit) {
		if a.err == nil {
			a.err = fmt.Errorf("fitness: texel: chunk sum %g outside the fixed-point range", x)
		}
		return
	}
	*dst += int64(math.Round(v))
}

// chunk adds chunk c's loss (and gradient sums, when acc.grad is set) to
// acc. scratch holds one float per gradient entry, zero on entry and exit.
func (t *Texel) chunk(c int, wv weights, k float64, acc *texelAcc, scratch []float64) {
	lo, hi := c*TexelChunk, min(t.Positions(), (c+1)*TexelChunk)
	grad := acc.grad != nil
	nt := len(t.termMG)
	var loss float64
	for i := lo; i < hi; i++ {
		x := float64(k * float64(t.eval(wv, i)))
		s := Sigmoid(x)
		nw, nd, nl := float64(t.out[3*i]), float64(t.out[3*i+1]), float64(t.out[3*i+2])
		ew, ed, el := 1-s, 0.5-s, -s // r − σ
		loss += float64(nw*float64(ew*ew)) + float64(nd*float64(ed*ed)) + float64(nl*float64(el*el))
		if !grad {
			continue
		}
		// ∂/∂eval of the position's squared errors, without the factor
		// k/Scale applied at the end: Σ −2(r−σ)·σ(1−σ).
		g := -2 * float64(float64(float64(nw*ew)+float64(nd*ed)+float64(nl*el))*float64(s*(1-s)))
		eLo, eHi := t.off[i], t.off[i+1]
		if t.phased == nil {
			for e := eLo; e < eHi; e++ {
				scratch[t.idx[e]] += float64(g * float64(t.cnt[e]))
			}
			continue
		}
		ph := float64(t.phase[i])
		gm, ge := float64(g*ph), float64(g*(float64(t.maxPh)-ph))
		for e := eLo; e < eHi; e++ {
			j, cn := int(t.idx[e]), float64(t.cnt[e])
			scratch[j] += float64(gm * cn)
			scratch[nt+j] += float64(ge * cn)
		}
	}
	acc.add(&acc.loss, loss, lossFix)
	if grad {
		for j, v := range scratch {
			if v != 0 {
				acc.add(&acc.grad[j], v, gradFix)
				scratch[j] = 0
			}
		}
	}
}

// Chunks returns the number of chunks of TexelChunk stored positions: the
// units whose fixed-point sums (ChunkSums) add up to a loss exactly.
func (t *Texel) Chunks() int { return (t.Positions() + TexelChunk - 1) / TexelChunk }

// gradDims is the length of a gradient sum vector (stored indices; twice
// the terms for a phased scheme).
func (t *Texel) gradDims() int {
	if t.phased != nil {
		return 2 * len(t.termMG)
	}
	return t.nparams
}

// TexelSums are the fixed-point sums of some chunks for one candidate:
// integers, so sums over any split of the chunks add up exactly.
type TexelSums struct {
	Loss int64   // squared errors · 2^32
	Grad []int64 // gradient sums by stored index · 2^24 (nil without gradient)
}

// Add adds o to s.
func (s *TexelSums) Add(o TexelSums) {
	s.Loss += o.Loss
	if o.Grad != nil && s.Grad == nil {
		s.Grad = make([]int64, len(o.Grad))
	}
	for j, v := range o.Grad {
		s.Grad[j] += v
	}
}

// ChunkSums returns the sums of chunks [lo, hi) for candidate w (with the
// gradient sums when grad is set).
func (t *Texel) ChunkSums(ctx context.Context, w []int32, k float64, lo, hi int, grad bool) (TexelSums, error) {
	if err := t.Check(w); err != nil {
		return TexelSums{}, err
	}
	if lo < 0 || hi > t.Chunks() || lo > hi {
		return TexelSums{}, fmt.Errorf("fitness: chunks [%d, %d) of %d", lo, hi, t.Chunks())
	}
	acc := texelAcc{}
	var scratch []float64
	if grad {
		acc.grad = make([]int64, t.gradDims())
		scratch = make([]float64, t.gradDims())
	}
	wv := t.widen(w)
	for c := lo; c < hi; c++ {
		if err := ctx.Err(); err != nil {
			return TexelSums{}, err
		}
		t.chunk(c, wv, k, &acc, scratch)
	}
	if acc.err != nil {
		return TexelSums{}, acc.err
	}
	return TexelSums{Loss: acc.loss, Grad: acc.grad}, nil
}

// Finish turns the sums over every chunk into the loss and, when grad is
// not nil (one entry per weight), the loss gradient.
func (t *Texel) Finish(s TexelSums, k float64, grad []float64) (float64, error) {
	if grad != nil {
		if len(grad) != t.nparams {
			return 0, fmt.Errorf("fitness: gradient needs %d entries, got %d", t.nparams, len(grad))
		}
		clear(grad)
	}
	if t.n == 0 {
		return 0, nil
	}
	n := float64(t.n)
	loss := float64(s.Loss) / lossFix / n
	if grad == nil || s.Grad == nil {
		return loss, nil
	}
	if len(s.Grad) != t.gradDims() {
		return 0, fmt.Errorf("fitness: %d gradient sums, want %d", len(s.Grad), t.gradDims())
	}
	f := k / float64(t.scale) / n / gradFix
	if t.phased == nil {
		for j, v := range s.Grad {
			grad[j] = float64(float64(v) * f)
		}
		return loss, nil
	}
	nt := len(t.termMG)
	for j := range nt {
		grad[t.termMG[j]] += float64(float64(s.Grad[j]) * f)
		grad[t.termEG[j]] += float64(float64(s.Grad[nt+j]) * f)
	}
	return loss, nil
}

// Evaluate returns the loss of each candidate at k and, when grads is not
// nil, stores in grads[i] (one entry per weight) the loss gradient of
// candidate i, treating the evaluation as the unrounded dot product / Scale:
// ∂L/∂w_j = (1/N) Σ −2(r−σ)·σ(1−σ)·k·count_j/Scale. Chunks of positions are
// scored on workers goroutines (0: 1); the result does not depend on the
// worker count, and equals Finish of the ChunkSums over any split of the
// chunks. ctx cancels it.
func (t *Texel) Evaluate(ctx context.Context, ws [][]int32, k float64, grads [][]float64, workers int) ([]float64, error) {
	for i, w := range ws {
		if err := t.Check(w); err != nil {
			return nil, err
		}
		if grads != nil && len(grads[i]) != t.nparams {
			return nil, fmt.Errorf("fitness: gradient needs %d entries, got %d", t.nparams, len(grads[i]))
		}
	}
	losses := make([]float64, len(ws))
	if t.n == 0 || len(ws) == 0 {
		for _, g := range grads {
			clear(g)
		}
		return losses, nil
	}
	gdims := 0
	if grads != nil {
		gdims = t.gradDims()
	}
	wvs := make([]weights, len(ws))
	for i, w := range ws {
		wvs[i] = t.widen(w)
	}
	nchunks := t.Chunks()
	tasks := nchunks * len(ws)
	workers = max(1, min(workers, tasks))
	accs := make([][]texelAcc, workers) // per worker, per candidate
	var next atomic.Int64
	var wg sync.WaitGroup
	for wk := range workers {
		accs[wk] = make([]texelAcc, len(ws))
		if gdims > 0 {
			for i := range ws {
				accs[wk][i].grad = make([]int64, gdims)
			}
		}
		wg.Add(1)
		go func(acc []texelAcc) {
			defer wg.Done()
			scratch := make([]float64, gdims)
			for ctx.Err() == nil {
				task := int(next.Add(1) - 1)
				if task >= tasks {
					return
				}
				cand, c := task/nchunks, task%nchunks
				t.chunk(c, wvs[cand], k, &acc[cand], scratch)
			}
		}(accs[wk])
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i := range ws {
		var sum TexelSums
		for wk := range workers {
			a := &accs[wk][i]
			if a.err != nil {
				return nil, a.err
			}
			sum.Add(TexelSums{Loss: a.loss, Grad: a.grad})
		}
		var g []float64
		if grads != nil {
			g = grads[i]
		}
		l, err := t.Finish(sum, k, g)
		if err != nil {
			return nil, err
		}
		losses[i] = l
	}
	return losses, nil
}

// Loss returns the mean squared error between the results and
// sigmoid(k·eval) for weights w (0 for an empty set).
func (t *Texel) Loss(w []int32, k float64) float64 {
	l, err := t.Evaluate(context.Background(), [][]int32{w}, k, nil, 1)
	if err != nil {
		return math.NaN()
	}
	return l[0]
}

// Gradient returns the loss for w and k and stores its gradient in grad
// (one entry per weight); see Evaluate.
func (t *Texel) Gradient(w []int32, k float64, grad []float64) (float64, error) {
	l, err := t.Evaluate(context.Background(), [][]int32{w}, k, [][]float64{grad}, 1)
	if err != nil {
		return 0, err
	}
	return l[0], nil
}

// FitK returns the k that minimises the loss for w, found by golden-section
// search on [0, 0.05] (per centipawn; Texel's 10^(−q/400) curve is k ≈ 0.0058),
// and the loss there. The losses are computed on workers goroutines.
func (t *Texel) FitK(w []int32) (k, loss float64) { return t.FitKWorkers(w, 1) }

// FitKWorkers is FitK on workers goroutines (the same result).
func (t *Texel) FitKWorkers(w []int32, workers int) (k, loss float64) {
	f := func(k float64) float64 {
		l, err := t.Evaluate(context.Background(), [][]int32{w}, k, nil, workers)
		if err != nil {
			return math.Inf(1)
		}
		return l[0]
	}
	const phi = 0.6180339887498949 // (√5−1)/2
	lo, hi := 0.0, 0.05
	a := hi - float64(phi*(hi-lo))
	b := lo + float64(phi*(hi-lo))
	fa, fb := f(a), f(b)
	for range 48 {
		if fa <= fb {
			hi, b, fb = b, a, fa
			a = hi - float64(phi*(hi-lo))
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + float64(phi*(hi-lo))
			fb = f(b)
		}
	}
	if fa <= fb {
		return a, fa
	}
	return b, fb
}

// expDet returns e^x using only IEEE-exact steps and explicitly rounded
// products, so that it gives the same bits on every platform (math.Exp has
// assembly versions on some). Relative error is below 1e-15 on [−700, 700];
// outside it the result saturates.
func expDet(x float64) float64 {
	const (
		ln2Hi  = 6.93147180369123816490e-01
		ln2Lo  = 1.90821492927058770002e-10
		invLn2 = 1.44269504088896338700e+00
	)
	switch {
	case x != x:
		return x
	case x > 709:
		return math.Inf(1)
	case x < -745:
		return 0
	}
	k := math.Floor(float64(x*invLn2) + 0.5)
	r := x - float64(k*ln2Hi) - float64(k*ln2Lo) // |r| ≤ 0.35
	// Taylor series to degree 14: the remainder is below 2^−60 for |r| ≤ 0.35.
	p := 1.0 / 87178291200 // 1/14!
	for _, c := range [...]float64{1.0 / 6227020800, 1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800,
		1.0 / 362880, 1.0 / 40320, 1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, 1, 1} {
		p = float64(p*r) + c
	}
	return math.Ldexp(p, int(k))
}
