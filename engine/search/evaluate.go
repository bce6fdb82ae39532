package search

import "github.com/evochess/evochess/engine/board"

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
// six piece-square tables), a well-known hand-made set that we do not tune.
// Only the king has separate middlegame and endgame tables; the two sums are
// blended by game phase (knight and bishop 1, rook 2, queen 4; 24 = full
// middlegame), in integers. The zero value is ready to use and stateless.
type MaterialPST struct{}

// Evaluate implements Evaluator.
func (MaterialPST) Evaluate(pos *board.Position) int {
	var mg, eg, phase int
	for pc := board.WhitePawn; pc <= board.BlackKing; pc++ {
		bb := pos.Pieces[pc.Color()][pc.Type()]
		n := bb.Count()
		if n == 0 {
			continue
		}
		phase += n * phaseWeight[pc.Type()]
		tm, te := &pstMG[pc], &pstEG[pc]
		for bb != 0 {
			sq := bb.PopLSB()
			mg += int(tm[sq])
			eg += int(te[sq])
		}
	}
	if phase > 24 {
		phase = 24
	}
	score := (mg*phase + eg*(24-phase)) / 24
	if pos.Side == board.Black {
		return -score
	}
	return score
}

// phaseWeight is each piece type's contribution to the game phase.
var phaseWeight = [6]int{0, 1, 1, 2, 4, 0}

// pieceValue is the material value in centipawns of each piece type used by
// MaterialPST and by move ordering (king 0).
var pieceValue = [7]int{100, 320, 330, 500, 900, 0, 0}

// Michniewski's tables as printed: a8..h8 on the first row, from White's view.
var sefTables = [7][64]int16{
	{ // pawn
		0, 0, 0, 0, 0, 0, 0, 0,
		50, 50, 50, 50, 50, 50, 50, 50,
		10, 10, 20, 30, 30, 20, 10, 10,
		5, 5, 10, 25, 25, 10, 5, 5,
		0, 0, 0, 20, 20, 0, 0, 0,
		5, -5, -10, 0, 0, -10, -5, 5,
		5, 10, 10, -20, -20, 10, 10, 5,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // knight
		-50, -40, -30, -30, -30, -30, -40, -50,
		-40, -20, 0, 0, 0, 0, -20, -40,
		-30, 0, 10, 15, 15, 10, 0, -30,
		-30, 5, 15, 20, 20, 15, 5, -30,
		-30, 0, 15, 20, 20, 15, 0, -30,
		-30, 5, 10, 15, 15, 10, 5, -30,
		-40, -20, 0, 5, 5, 0, -20, -40,
		-50, -40, -30, -30, -30, -30, -40, -50,
	},
	{ // bishop
		-20, -10, -10, -10, -10, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 10, 10, 5, 0, -10,
		-10, 5, 5, 10, 10, 5, 5, -10,
		-10, 0, 10, 10, 10, 10, 0, -10,
		-10, 10, 10, 10, 10, 10, 10, -10,
		-10, 5, 0, 0, 0, 0, 5, -10,
		-20, -10, -10, -10, -10, -10, -10, -20,
	},
	{ // rook
		0, 0, 0, 0, 0, 0, 0, 0,
		5, 10, 10, 10, 10, 10, 10, 5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		0, 0, 0, 5, 5, 0, 0, 0,
	},
	{ // queen
		-20, -10, -10, -5, -5, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 5, 5, 5, 0, -10,
		-5, 0, 5, 5, 5, 5, 0, -5,
		0, 0, 5, 5, 5, 5, 0, -5,
		-10, 5, 5, 5, 5, 5, 0, -10,
		-10, 0, 5, 0, 0, 0, 0, -10,
		-20, -10, -10, -5, -5, -10, -10, -20,
	},
	{ // king, middlegame
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-20, -30, -30, -40, -40, -30, -30, -20,
		-10, -20, -20, -20, -20, -20, -20, -10,
		20, 20, 0, 0, 0, 0, 20, 20,
		20, 30, 10, 0, 0, 10, 30, 20,
	},
	{ // king, endgame
		-50, -40, -30, -20, -20, -30, -40, -50,
		-30, -20, -10, 0, 0, -10, -20, -30,
		-30, -10, 20, 30, 30, 20, -10, -30,
		-30, -10, 30, 40, 40, 30, -10, -30,
		-30, -10, 30, 40, 40, 30, -10, -30,
		-30, -10, 20, 30, 30, 20, -10, -30,
		-30, -30, 0, 0, 0, 0, -30, -30,
		-50, -30, -30, -30, -30, -30, -30, -50,
	},
}

// pstMG and pstEG hold material + table value per piece and square, signed
// from White's point of view (black entries negative). Built once at init.
var pstMG, pstEG = buildPST()

func buildPST() (mg, eg [12][64]int16) {
	for pc := board.WhitePawn; pc <= board.BlackKing; pc++ {
		pt := pc.Type()
		for sq := board.Square(0); sq < 64; sq++ {
			idx := int(sq) ^ 56 // White: row 0 of the printed table is rank 8
			sign := int16(1)
			if pc.Color() == board.Black {
				idx = int(sq) // mirrored for Black
				sign = -1
			}
			v := int16(pieceValue[pt])
			m, e := sefTables[pt][idx], sefTables[pt][idx]
			if pt == board.King {
				e = sefTables[6][idx]
			}
			mg[pc][sq] = sign * (v + m)
			eg[pc][sq] = sign * (v + e)
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
