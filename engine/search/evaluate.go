package search

import (
	"math/bits"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
)

// Evaluator scores a position statically in centipawns from the side to
// move's point of view. engine/eval's *Evaluator satisfies it; MaterialPST is
// the built-in default. An Evaluator used by a Searcher is called from one
// goroutine at a time.
type Evaluator interface {
	Evaluate(pos *board.Position) int
}

// MaterialPST is the default evaluator: material plus tapered piece-square
// tables. The values are Tomasz Michniewski's "Simplified Evaluation
// Function" (pawn 100, knight 320, bishop 330, rook 500, queen 900, and his
// six piece-square tables, defined once in engine/eval:
// eval.MichniewskiMaterial, eval.MichniewskiTable), a well-known hand-made
// set that we do not tune.
// Only the king has separate middlegame and endgame tables; the two sums are
// blended by game phase (knight and bishop 1, rook 2, queen 4; 24 = full
// middlegame), in integers. The zero value is ready to use and stateless.
type MaterialPST struct{}

// Evaluate implements Evaluator. Only the kings' terms differ between
// the middlegame and endgame sums, so the rest is summed once:
// (mg·phase + eg·(24−phase))/24 with mg = rest + kingMG, eg = rest + kingEG.
//
// A position that keeps materialPSQ's sums (the search gives it the table:
// PieceSquare) is not walked: the numerator rest·24 + kmg·phase +
// keg·(24−phase) is C + D·phase with C = 24·(rest + keg) and D = kmg − keg,
// summed by the position as moves are made.
func (MaterialPST) Evaluate(pos *board.Position) int {
	w, b := &pos.Pieces[board.White], &pos.Pieces[board.Black]
	phase := (w[board.Knight] | w[board.Bishop] | b[board.Knight] | b[board.Bishop]).Count() +
		2*(w[board.Rook]|b[board.Rook]).Count() + 4*(w[board.Queen]|b[board.Queen]).Count()
	if phase > 24 {
		phase = 24
	}
	var score int
	if t, d, c := pos.PieceSquare(); t == materialPSQ {
		score = int((c + d*int64(phase)) / 24)
	} else {
		// One loop over the pieces but the kings, typed by the mailbox: ten
		// loops, one per piece type, cost more in WebAssembly (doc.go).
		wkb, bkb := w[board.King], b[board.King]
		rest := 0
		for bb := uint64(pos.Occupied &^ (wkb | bkb)); bb != 0; bb &= bb - 1 {
			sq := bits.TrailingZeros64(bb) & 63
			rest += int(pstMG[pos.Board[sq]][sq])
		}
		wk := wkb.LSB() & 63
		bk := bkb.LSB() & 63
		kmg := int(pstMG[board.WhiteKing][wk]) + int(pstMG[board.BlackKing][bk])
		keg := int(pstEG[board.WhiteKing][wk]) + int(pstEG[board.BlackKing][bk])
		score = (rest*24 + kmg*phase + keg*(24-phase)) / 24
	}
	if pos.Side == board.Black {
		return -score
	}
	return score
}

// PieceSquare returns the table whose sums make up MaterialPST's
// evaluation (see Evaluate).
func (MaterialPST) PieceSquare() *board.PieceSquare { return materialPSQ }

// materialPSQ is MaterialPST as a board.PieceSquare: C is 24 times a piece's
// middlegame value (a king's endgame value), D a king's middlegame minus
// endgame value (zero for the other pieces).
var materialPSQ = func() *board.PieceSquare {
	t := new(board.PieceSquare)
	for pc := board.WhitePawn; pc <= board.BlackKing; pc++ {
		for sq := range 64 {
			if pc.Type() == board.King {
				t.C[pc][sq] = 24 * int64(pstEG[pc][sq])
				t.D[pc][sq] = int64(pstMG[pc][sq]) - int64(pstEG[pc][sq])
			} else {
				t.C[pc][sq] = 24 * int64(pstMG[pc][sq])
			}
		}
	}
	return t
}()

// pieceSquareOf returns ev's incrementally summable table, or nil.
func pieceSquareOf(ev Evaluator) *board.PieceSquare {
	if e, ok := ev.(interface{ PieceSquare() *board.PieceSquare }); ok {
		return e.PieceSquare()
	}
	return nil
}

// pieceValue is the material value in centipawns of each piece type used by
// MaterialPST and by move ordering (king 0): Michniewski's values.
var pieceValue = func() (v [7]int) {
	for pt, x := range eval.MichniewskiMaterial {
		v[pt] = int(x)
	}
	return v
}()

// pstMG and pstEG hold material + table value per piece and square, signed
// from White's point of view (black entries negative), built once from
// Michniewski's tables as engine/eval defines them (eval.MichniewskiTable).
var pstMG, pstEG = buildPST()

func buildPST() (mg, eg [12][64]int16) {
	for pc := board.WhitePawn; pc <= board.BlackKing; pc++ {
		pt := pc.Type()
		mt, et := eval.MichniewskiTable(pt, false), eval.MichniewskiTable(pt, true)
		for sq := board.Square(0); sq < 64; sq++ {
			idx := int(sq) // White: the table's own square
			sign := int16(1)
			if pc.Color() == board.Black {
				idx = int(sq) ^ 56 // mirrored for Black
				sign = -1
			}
			v := int16(pieceValue[pt])
			mg[pc][sq] = sign * (v + int16(mt[idx]))
			eg[pc][sq] = sign * (v + int16(et[idx]))
		}
	}
	return mg, eg
}

// MaxEval bounds static evaluations: the searcher clamps an Evaluator's
// score into [-MaxEval, MaxEval] so that it can never be mistaken for a mate
// score (nor overflow the transposition table's 16-bit scores).
const MaxEval = mateBound - 1

// evaluate is the clamped static evaluation.
func (s *Searcher) evaluate(pos *board.Position) int {
	return min(max(s.ev.Evaluate(pos), -MaxEval), MaxEval)
}

// Correction history (CorrHist): the search's average error of the static
// evaluation in positions with the same pawns and side to move, kept per
// Searcher in corrHist (allocated while CorrHist is on, cleared with the
// other histories), in 1/corrGrain centipawns, and added to the static
// evaluation the pruning rules use.
const (
	corrBits  = 14
	corrSize  = 1 << corrBits
	corrGrain = 64
	corrMax   = 64 * corrGrain // at most ±64 cp
)

// corrTable is the correction history: [side to move][pawnIndex].
type corrTable = [2][corrSize]int16

// pawnIndex hashes the pawn structure of pos into a correction-history slot.
func pawnIndex(pos *board.Position) uint32 {
	h := uint64(pos.Pieces[board.White][board.Pawn])*0x9E3779B97F4A7C15 ^
		uint64(pos.Pieces[board.Black][board.Pawn])*0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	return uint32(h >> (64 - corrBits))
}

// corrected returns the static evaluation raw corrected by the correction
// history (raw when CorrHist is off), clamped to ±MaxEval.
func (s *Searcher) corrected(pos *board.Position, raw int) int {
	if s.params.CorrHist == 0 {
		return raw
	}
	c := int(s.corrHist[pos.Side][pawnIndex(pos)]) * s.params.CorrHist / (16 * corrGrain)
	return min(max(raw+c, -MaxEval), MaxEval)
}

// updateCorrection moves the correction of pos's pawn structure toward
// best − raw, with a weight growing with the depth (in quarter plies).
func (s *Searcher) updateCorrection(pos *board.Position, raw, best, depth int) {
	e := &s.corrHist[pos.Side][pawnIndex(pos)]
	w := min(depth/onePly+1, 16)
	v := (int(*e)*(256-w) + (best-raw)*corrGrain*w) / 256
	*e = int16(min(max(v, -corrMax), corrMax))
}
