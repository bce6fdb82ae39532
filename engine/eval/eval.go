package eval

import (
	"fmt"
	"sort"
	"strings"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
)

// Feature is one sparse feature count: the weight at Index is multiplied by
// Count. Counts are from White's point of view (White's count minus Black's).
// An Index may appear more than once in one position's list; the counts add up.
type Feature struct {
	Index int32
	Count int32
}

// Scheme is an evaluation scheme: a registry of named integer parameters
// over one flat weight vector, and the feature extractor that defines every
// term. A position's score, in centipawns from White's point of view, is
//
//	floorDiv(Σ w[f.Index]·f.Count over Features(pos), Scale())
//
// Schemes are immutable and safe for concurrent use.
type Scheme interface {
	// Name is the registry key: "vazquez29", "david35", "prasad38",
	// "phoenix640", "material" or "modern".
	Name() string
	// Title is one line naming the paper the scheme implements.
	Title() string
	// Params returns the parameter registry (names, docs, bounds, defaults,
	// GA bit widths). The caller must not modify the returned slice.
	Params() []param.Spec
	// Scale is the divisor of the weighted feature sum (1 for most schemes).
	Scale() int32
	// Features appends pos's sparse feature counts from White's point of
	// view (white minus black) to dst and returns the extended slice. It is
	// the only implementation of the scheme's terms: Evaluate and Trace run
	// the same code.
	Features(pos *board.Position, dst []Feature) []Feature
}

// Phased is implemented by tapered schemes ("modern"): every term t has a
// middlegame and an endgame parameter, and a position's score is
//
//	floorDiv(Σ_t count_t·(w[mg_t]·phase + w[eg_t]·(Scale()−phase)), Scale())
//
// with phase = Phase(pos) in [0, Scale()]. For each f in PhasedFeatures,
// Features holds {mg(f.Index), f.Count·phase} and {eg(f.Index),
// f.Count·(Scale()−phase)} (summed per index, zeros dropped), so generic
// consumers need not know about tapering; memory-lean ones (the Texel
// tuner) store the untapered counts and one phase byte per position.
type Phased interface {
	Scheme
	// Terms returns the number of tapered terms.
	Terms() int
	// TermParams returns the parameter indices of term t's middlegame
	// and endgame weights.
	TermParams(t int) (mg, eg int32)
	// PhasedFeatures appends pos's untapered counts (white minus black),
	// indexed by term, to dst and returns the extended slice and the
	// phase in [0, Scale()].
	PhasedFeatures(pos *board.Position, dst []Feature) ([]Feature, int32)
}

// scheme is the one implementation of Scheme. A scheme's terms live in its
// sides function, which writes each side's natural feature counts (a count
// of doubled pawns, a mobility, a material sum, a phase weight); unit[i]
// converts parameter i's natural count into the scaled count used in the dot
// product, so that floorDiv(Σ w·natural·unit, scale) is in centipawns.
type scheme struct {
	name, title string
	specs       []param.Spec
	unit        []int32
	scale       int32
	// kind selects the scheme's sides function (see sides).
	kind schemeKind
}

type schemeKind uint8

const (
	kindMaterial schemeKind = iota
	kindVazquez
	kindDavid
	kindPrasad
	kindPhoenix
	kindModern
)

// maxDense bounds the parameter count of the dense schemes (vazquez29,
// david35, prasad38), whose terms fill a fixed array of natural counts.
const maxDense = 40

// dense fills n with side c's natural counts when s is a dense scheme (the
// same side function that side uses) and reports whether it did.
func (s *scheme) dense(x *posInfo, c board.Color, n *[maxDense]int32) bool {
	switch s.kind {
	case kindVazquez:
		vazquezSide(x, c, (*[vzCount]int32)(n[:vzCount]))
	case kindDavid:
		davidSide(x, c, (*[dvCount]int32)(n[:dvCount]))
	case kindPrasad:
		prasadSide(x, c, (*[psCount]int32)(n[:psCount]))
	default:
		return false
	}
	return true
}

// side appends side c's natural counts, from c's own point of view, to
// dst. It dispatches statically (not through a func value) so that escape
// analysis keeps x on the caller's stack.
func (s *scheme) side(x *posInfo, c board.Color, dst []Feature) []Feature {
	switch s.kind {
	case kindMaterial:
		return materialAppend(x, c, dst)
	case kindVazquez:
		return vazquezAppend(x, c, dst)
	case kindDavid:
		return davidAppend(x, c, dst)
	case kindPrasad:
		return prasadAppend(x, c, dst)
	case kindModern:
		return modernAppend(x, c, dst)
	default:
		return phoenixAppend(x, c, dst)
	}
}

// base returns the common implementation of a registered scheme.
func (s *scheme) base() *scheme { return s }

// registered is implemented by the package's schemes (and by nothing else).
type registered interface {
	Scheme
	base() *scheme
}

func (s *scheme) Name() string         { return s.name }
func (s *scheme) Title() string        { return s.title }
func (s *scheme) Params() []param.Spec { return s.specs }
func (s *scheme) Scale() int32         { return s.scale }

// Features implements Scheme.
func (s *scheme) Features(pos *board.Position, dst []Feature) []Feature {
	var x posInfo
	x.init(pos)
	n0 := len(dst)
	dst = s.side(&x, board.White, dst)
	n1 := len(dst)
	dst = s.side(&x, board.Black, dst)
	for i := n0; i < len(dst); i++ {
		f := &dst[i]
		f.Count *= s.unit[f.Index]
		if i >= n1 {
			f.Count = -f.Count
		}
	}
	return dst
}

// registry holds the schemes in presentation order. It is built once at
// package initialisation and never modified.
var registry = []Scheme{
	materialScheme,
	vazquezScheme,
	davidScheme,
	prasadScheme,
	phoenixScheme,
	modern,
}

// Schemes returns every registered scheme (a fresh slice; the schemes are shared).
func Schemes() []Scheme {
	return append([]Scheme(nil), registry...)
}

// Lookup returns the scheme called name.
func Lookup(name string) (Scheme, error) {
	for _, s := range registry {
		if s.Name() == name {
			return s, nil
		}
	}
	names := make([]string, len(registry))
	for i, s := range registry {
		names[i] = s.Name()
	}
	return nil, fmt.Errorf("eval: unknown scheme %q (have %s)", name, strings.Join(names, ", "))
}

// Dot returns Σ w[f.Index]·f.Count in 64 bits. It panics if an index is out
// of range of w, which is a programming error (features come from a scheme
// whose vector w must match).
func Dot(w []int32, fs []Feature) int64 {
	var sum int64
	for _, f := range fs {
		sum += int64(w[f.Index]) * int64(f.Count)
	}
	return sum
}

// FloorDiv returns ⌊a/b⌋ for b > 0 (rounding toward −∞, so a position and
// its colour-flipped mirror get exactly opposite scores ± the rounding).
func FloorDiv(a int64, b int32) int {
	q := a / int64(b)
	if a%int64(b) != 0 && a < 0 {
		q--
	}
	return int(q)
}

// Validate checks that w is a vector for s: right length, every value
// within its bounds. Errors name the offending parameter.
func Validate(s Scheme, w []int32) error {
	specs := s.Params()
	if len(w) != len(specs) {
		return fmt.Errorf("eval: scheme %s needs %d weights, got %d", s.Name(), len(specs), len(w))
	}
	for i, sp := range specs {
		if int(w[i]) < sp.Min || int(w[i]) > sp.Max {
			return fmt.Errorf("eval: scheme %s: weight %s = %d outside [%d, %d]", s.Name(), sp.Name, w[i], sp.Min, sp.Max)
		}
	}
	return nil
}

// Evaluator is a scheme with a weight vector. Evaluate does not allocate.
// An Evaluator is safe for use by one goroutine at a time (it owns scratch
// buffers); make one per goroutine with New or Clone.
type Evaluator struct {
	pub   Scheme // the registered scheme (s is its common implementation)
	s     *scheme
	w     []int32
	wu    []int64         // w[i]·unit[i]: the weight per natural count
	mw    *[mdTerms]int64 // modern only: packed (mg, eg) weights by term (see packPair)
	pf    *phoenixFolded  // phoenix640 only: wu folded by piece and square (foldPhoenix)
	x     posInfo         // scratch, kept here so that Evaluate does not allocate
	store [192]Feature
	cache *CountCache // dense schemes' counts by position (SetCountCache), or nil
}

// New returns an Evaluator for scheme s and weights w (copied). It checks the
// length of w and every bound.
func New(s Scheme, w []int32) (*Evaluator, error) {
	if s == nil {
		return nil, fmt.Errorf("eval: nil scheme")
	}
	reg, ok := s.(registered)
	if !ok {
		return nil, fmt.Errorf("eval: scheme %s is not a registered scheme", s.Name())
	}
	impl := reg.base()
	if err := Validate(s, w); err != nil {
		return nil, err
	}
	e := &Evaluator{pub: reg, s: impl, w: append([]int32(nil), w...), wu: make([]int64, len(w))}
	for i := range w {
		e.wu[i] = int64(w[i]) * int64(impl.unit[i])
	}
	if impl.kind == kindModern {
		e.mw = new([mdTerms]int64)
		for t := range e.mw {
			e.mw[t] = packPair(w[2*t], w[2*t+1])
		}
	}
	if impl.kind == kindPhoenix {
		e.pf = foldPhoenix(e.wu)
	}
	return e, nil
}

// NewDefault returns an Evaluator for s with its default weights.
func NewDefault(s Scheme) (*Evaluator, error) {
	return New(s, param.Defaults(s.Params()))
}

// Clone returns an independent Evaluator with the same scheme and weights,
// for use by another goroutine.
func (e *Evaluator) Clone() *Evaluator {
	c := &Evaluator{pub: e.pub, s: e.s, w: e.w, wu: e.wu, mw: e.mw, pf: e.pf}
	return c
}

// PieceSquare returns the table whose sums over a position's pieces make
// up this evaluator's whole evaluation (phoenix640: the weights folded by
// piece and square), or nil for the other schemes. A position given it
// (board.Position.SetPieceSquare) keeps the sums as moves are made, and
// Evaluate then reads them instead of walking the board; the search does
// that. The result is the same either way.
func (e *Evaluator) PieceSquare() *board.PieceSquare {
	if e.pf == nil {
		return nil
	}
	return &e.pf.ps
}

// Scheme returns the evaluator's scheme.
func (e *Evaluator) Scheme() Scheme { return e.pub }

// Weights returns a copy of the weight vector.
func (e *Evaluator) Weights() []int32 { return append([]int32(nil), e.w...) }

// Evaluate returns pos's score in centipawns from the side to move's point
// of view. It equals floorDiv(Dot(w, Features(pos)), Scale()), negated when
// Black is to move.
func (e *Evaluator) Evaluate(pos *board.Position) int {
	v := e.White(pos)
	if pos.Side == board.Black {
		return -v
	}
	return v
}

// White returns pos's score in centipawns from White's point of view.
func (e *Evaluator) White(pos *board.Position) int {
	if e.mw != nil {
		return e.modernWhite(pos)
	}
	if e.cache != nil {
		return e.cachedWhite(pos)
	}
	if e.pf != nil {
		return e.pf.white(pos, e.s.scale)
	}
	e.x.init(pos)
	var sum int64
	var n [2][maxDense]int32
	if e.s.dense(&e.x, board.White, &n[0]) {
		e.s.dense(&e.x, board.Black, &n[1])
		return FloorDiv(dotDiff(e.wu, &n[0], &n[1]), e.s.scale)
	}
	buf := e.s.side(&e.x, board.White, e.store[:0])
	for _, f := range buf {
		sum += e.wu[f.Index] * int64(f.Count)
	}
	buf = e.s.side(&e.x, board.Black, e.store[:0])
	for _, f := range buf {
		sum -= e.wu[f.Index] * int64(f.Count)
	}
	return FloorDiv(sum, e.s.scale)
}

// TermValue is one parameter's share of an evaluation, for display
// (`evochess eval -trace`).
type TermValue struct {
	Name   string // parameter name
	Group  string // parameter group
	Weight int32  // the weight
	White  int32  // White's natural count (e.g. number of doubled pawns)
	Black  int32  // Black's natural count
	// Raw is Weight·(White−Black)·unit, in 1/Scale centipawns; the position's
	// White-point-of-view score is FloorDiv(Σ Raw, Scale).
	Raw   int64
	Scale int32
}

// Centipawns returns the term's contribution in centipawns (for display only).
func (t TermValue) Centipawns() float64 { return float64(t.Raw) / float64(t.Scale) }

// Trace returns every parameter with a non-zero count in pos (in registry
// order) and its contribution, from White's point of view. The sum of the
// Raw fields, floor-divided by Scale, equals White(pos).
func (e *Evaluator) Trace(pos *board.Position) []TermValue {
	if e.mw != nil {
		return e.modernTrace(pos)
	}
	var x posInfo
	x.init(pos)
	white := make(map[int32]int32)
	black := make(map[int32]int32)
	for _, f := range e.s.side(&x, board.White, nil) {
		white[f.Index] += f.Count
	}
	for _, f := range e.s.side(&x, board.Black, nil) {
		black[f.Index] += f.Count
	}
	idx := make([]int, 0, len(white)+len(black))
	for i := range white {
		idx = append(idx, int(i))
	}
	for i := range black {
		if _, ok := white[i]; !ok {
			idx = append(idx, int(i))
		}
	}
	sort.Ints(idx)
	out := make([]TermValue, 0, len(idx))
	for _, i := range idx {
		wc, bc := white[int32(i)], black[int32(i)]
		if wc == 0 && bc == 0 {
			continue
		}
		sp := e.s.specs[i]
		out = append(out, TermValue{
			Name: sp.Name, Group: sp.Group, Weight: e.w[i], White: wc, Black: bc,
			Raw: e.wu[i] * int64(wc-bc), Scale: e.s.scale,
		})
	}
	return out
}
