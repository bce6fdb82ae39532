package eval

import (
	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
)

// Prasad, Sairam, Bhavana Sri, Siva Krishna: Table 1's 38 weights, in the
// table's order.
const (
	psPawn = iota
	psKnight
	psBishop
	psRook
	psQueen
	psPawnDoubled
	psPawnCentral
	psPawnIsolated
	psPawnBackward
	psPawnPassed
	psKnightSupported
	psKnightOperationsBase
	psKnightPeriphery0
	psKnightPeriphery1
	psKnightPeriphery2
	psKnightPeriphery3
	psRookOpenColumn
	psRookSemiOpenColumn
	psRookClosedColumnBehind
	psRookSevenRank
	psKnightMobility
	psBishopMobility
	psRookMobility
	psQueenMobility
	psKingMobility
	psRookClosedColumnAhead
	psKingAttackingMaterial
	psKingDefendingMaterial
	psKingCastling
	psKingPawns
	psBishopAhead
	psBishopPawnsMobility
	psBishopPair
	psKingLongCastling
	psKingShortCastling
	psKingOpenCheck
	psRookDoubled
	psQueenPinned
	psCount
)

// Units of prasad38, like vazquez29: king-material weights apply per 1,000
// cp of material (weight 55 × 2000 cp = 110 points, about two of Table 1's
// 50-point pawns), mobility weights per ten moves (unit 100), every other
// count has unit 1,000 (its weight is in Table 1's points, pawn = 50). The
// divisor is 500, not 1,000, so that Evaluate reports centipawns (pawn = 100,
// twice Table 1's points) like the other schemes; move choice is unchanged.
const (
	prasadUnit  = 1000
	prasadScale = prasadUnit / 2
)

var prasadScheme = func() *scheme {
	type row struct {
		name, group, doc string
		lo, hi           int
	}
	rows := [psCount]row{
		{"PawnValue", "material", "PAWN VALUE: number of pawns (fixed at 50)", 50, 50},
		{"KnightValue", "material", "KNIGHT VALUE: number of knights", 100, 200},
		{"BishopValue", "material", "BISHOP VALUE: number of bishops", 100, 200},
		{"RookValue", "material", "ROOK VALUE: number of rooks", 200, 350},
		{"QueenValue", "material", "QUEEN VALUE: number of queens", 400, 700},
		{"PawnDoubled", "pawns", "PAWN DOUBLED PENALTY VALUE: number of doubled pawns", -50, 50},
		{"PawnCentral", "pawns", "PAWN CENTRAL: number of pawns on c4, c5, d4, d5, e4, e5, f4, f5", -60, 100},
		{"PawnIsolated", "pawns", "PAWN ISOLATED PENALTY VALUE: number of isolated pawns", -60, 60},
		{"PawnBackward", "pawns", "PAWN BACKWARD PENALTY VALUE: number of backward pawns", -60, 60},
		{"PawnPassed", "pawns", "PAWN PASSED: number of passed pawns", -60, 100},
		{"KnightSupported", "knight", "KNIGHT SUPPORTED: knights supported or defended by one of his pawns", -60, 110},
		{"KnightOperationsBase", "knight", "KNIGHT OPERATIONS BASE: knights that cannot be evicted by an opponent's pawn", -60, 60},
		{"KnightPeriphery0", "knight", "KNIGHT PERIPHERY 0: knights on a1–a8, b1–g1, h1–h8, b8–g8", -40, 40},
		{"KnightPeriphery1", "knight", "KNIGHT PERIPHERY 1: knights on b2–b7, c2–f2, g2–g7, c7–f7", -40, 40},
		{"KnightPeriphery2", "knight", "KNIGHT PERIPHERY 2: knights on c3–c6, d3, e3, f3–f6, d6, e6", -40, 40},
		{"KnightPeriphery3", "knight", "KNIGHT PERIPHERY 3: knights on d4, e4, d5, e5", -40, 40},
		{"RookOpenColumn", "rook", "ROOK OPEN COLUMN: rooks in a column without pawns", -50, 40},
		{"RookSemiOpenColumn", "rook", "ROOK SEMIOPEN COLUMN (Table 1: …BEHIND): rooks in a column with only opponent's pawns", -50, 60},
		{"RookClosedColumnBehind", "rook", "ROOK CLOSED COLUMN BEHIND (Table 1: ROOK CLOSED COLUMN): rooks in a column with pawns of both players, behind its pawns", -50, 50},
		{"RookSevenRank", "rook", "ROOK SEVEN RANK: rooks in the seventh rank", -45, 45},
		{"KnightMobility", "mobility", "KNIGHT MOBILITY: number of knights' moves, per ten moves", 0, 100},
		{"BishopMobility", "mobility", "BISHOP MOBILITY: number of bishops' moves, per ten moves", 0, 100},
		{"RookMobility", "mobility", "ROOK MOBILITY: number of rooks' moves, per ten moves", 0, 100},
		{"QueenMobility", "mobility", "QUEEN MOBILITY: number of queens' moves, per ten moves", 0, 200},
		{"KingMobility", "mobility", "KING MOBILITY: number of king's moves, per ten moves", 0, 50},
		{"RookClosedColumnAhead", "rook", "ROOK CLOSED COLUMN AHEAD (Table 1: ROOK SEMIOPEN COLUMN AHEAD): rooks in a closed column ahead of its pawns", -50, 50},
		{"KingAttackingMaterial", "king", "KING ATTACKING MATERIAL: material of the opponent's pieces acting on the king's square or adjacent squares, per 1,000 cp", -90, 10},
		{"KingDefendingMaterial", "king", "KING DEFENDING MATERIAL: material of the pieces acting on their own king's square or adjacent squares, per 1,000 cp", 0, 110},
		{"KingCastling", "king", "KING CASTLING: the king is castled", 0, 90},
		{"KingPawns", "king", "KING PAWNS: number of pawns on the king's adjacent squares", 0, 100},
		{"BishopAhead", "bishop", "BISHOP AHEAD: pawns in front of its bishop obstructing its movement", -90, 10},
		{"BishopPawnsMobility", "bishop", "BISHOP PAWNS MOBILITY: moves of the pawns that obstruct the bishop", 0, 100},
		{"BishopPair", "bishop", "BISHOP PAIR: the player has the bishop pair", 0, 110},
		{"KingLongCastling", "king", "KING LONG CASTLING: the king is castled on the queen side", 0, 150},
		{"KingShortCastling", "king", "KING SHORT CASTLING: the king is castled on the king side", 0, 200},
		{"KingOpenCheck", "tactics", "KING OPEN CHECK: a piece stands between an own slider and the opponent's king (a discovered check is ready)", 0, 100},
		{"RookDoubled", "rook", "ROOK DOUBLED: two rooks in the same column", 0, 150},
		{"QueenPinned", "tactics", "QUEEN PINNED: the opponent's queen stands behind one piece on the line of an own rook or bishop", 0, 100},
	}
	specs := make([]param.Spec, psCount)
	unit := make([]int32, psCount)
	for i, r := range rows {
		bits := 0
		for 1<<bits < r.hi-r.lo+1 {
			bits++
		}
		specs[i] = param.Spec{Name: r.name, Doc: r.doc, Group: r.group, Min: r.lo, Max: r.hi, Default: (r.lo + r.hi) / 2, Bits: bits}
		unit[i] = prasadUnit
		if r.group == "mobility" {
			unit[i] = prasadUnit / 10
		}
	}
	unit[psKingAttackingMaterial], unit[psKingDefendingMaterial] = 1, 1
	return &scheme{
		name:  "prasad38",
		title: "Prasad, Sairam, Bhavana Sri, Siva Krishna: Improvising the performance of a chess engine by fine tuning the evaluation function, Table 1",
		specs: specs,
		unit:  unit,
		scale: prasadScale,
		kind:  kindPrasad,
	}
}()

func prasadAppend(x *posInfo, c board.Color, dst []Feature) []Feature {
	var n [psCount]int32
	prasadSide(x, c, &n)
	return appendDense(dst, n[:])
}

// prasadSide computes player c's natural feature counts f_i.
func prasadSide(x *posInfo, c board.Color, n *[psCount]int32) {
	pos := x.pos
	e := c.Other()
	material(n[psPawn:], &pos.Pieces[c])
	n[psPawnDoubled] = popcount(x.doubled(c))
	n[psPawnCentral] = popcount(x.pawns[c] & centralPawnSquares)
	n[psPawnIsolated] = popcount(x.isolated(c))
	n[psPawnBackward] = popcount(x.backward(c))
	n[psPawnPassed] = popcount(x.passed[c])

	knights := pos.Pieces[c][board.Knight]
	n[psKnightSupported] = popcount(knights & x.pawnAtt[c])
	n[psKnightOperationsBase] = popcount(knights & x.safeFromPawns(c))
	rings(n[psKnightPeriphery0:], knights)
	x.attackPass()
	n[psKnightMobility] = x.mob[c][board.Knight]

	var files board.Bitboard
	n[psRookMobility] = x.mob[c][board.Rook]
	for b := pos.Pieces[c][board.Rook]; b != 0; {
		sq := b.PopLSB()
		switch x.rookFile(c, sq) {
		case fileOpen:
			n[psRookOpenColumn]++
		case fileSemiOpen:
			n[psRookSemiOpenColumn]++
		case fileClosedBehind:
			n[psRookClosedColumnBehind]++
		case fileClosedAhead:
			n[psRookClosedColumnAhead]++
		}
		if relRank(c, sq) == 6 {
			n[psRookSevenRank]++
		}
		f := board.FileBB[sq.File()]
		if files&f != 0 {
			n[psRookDoubled] = 1
		}
		files |= f
	}

	bishops := pos.Pieces[c][board.Bishop]
	n[psBishopMobility] = x.mob[c][board.Bishop]
	for b := bishops; b != 0; {
		sq := b.PopLSB()
		att := x.attacks(board.Bishop, c, sq)
		blockers := att & x.pawns[c] & frontFill(c, board.RankBB[sq.Rank()])
		n[psBishopAhead] += popcount(blockers)
		n[psBishopPawnsMobility] += popcount(forward(c, blockers) &^ x.occ)
	}
	if popcount(bishops) >= 2 {
		n[psBishopPair] = 1
	}
	n[psQueenMobility] = x.mob[c][board.Queen]

	if k := x.king[c]; k != board.NoSquare {
		n[psKingMobility] = x.mob[c][board.King]
		n[psKingAttackingMaterial] = x.zoneMat[e][c]
		n[psKingDefendingMaterial] = x.zoneMat[c][c]
		n[psKingPawns] = popcount(board.KingAttacks(k) & x.pawns[c])
		if isCastled(c, k) {
			n[psKingCastling] = 1
			if k.File() <= 2 {
				n[psKingLongCastling] = 1
			} else {
				n[psKingShortCastling] = 1
			}
		}
	}
	if ek := x.king[e]; ek != board.NoSquare && x.openCheck(c, ek) {
		n[psKingOpenCheck] = 1
	}
	if x.queenPinned(c) {
		n[psQueenPinned] = 1
	}
}

// xrays returns the pieces that stand alone between target and one of the
// sliders: sliders[0] moving diagonally, sliders[1] along ranks and files.
func (x *posInfo) xrays(target board.Square, sliders [2]board.Bitboard) board.Bitboard {
	var middles board.Bitboard
	diag := board.BishopAttacks(target, 0) & sliders[0]
	orth := board.RookAttacks(target, 0) & sliders[1]
	for b := diag | orth; b != 0; {
		sq := b.PopLSB()
		between := board.Between(sq, target) & x.occ
		if between != 0 && between&(between-1) == 0 {
			middles |= between
		}
	}
	return middles
}

// openCheck reports whether c has a piece standing alone between one of its
// sliders and the enemy king ek, so that moving it gives a discovered check.
func (x *posInfo) openCheck(c board.Color, ek board.Square) bool {
	p := &x.pos.Pieces[c]
	sliders := [2]board.Bitboard{p[board.Bishop] | p[board.Queen], p[board.Rook] | p[board.Queen]}
	return x.xrays(ek, sliders)&x.pos.ByColor[c] != 0
}

// queenPinned reports whether an enemy queen stands behind exactly one piece
// on the line of one of c's rooks or bishops (removing that piece loses the
// queen).
func (x *posInfo) queenPinned(c board.Color) bool {
	p := &x.pos.Pieces[c]
	sliders := [2]board.Bitboard{p[board.Bishop], p[board.Rook]}
	for b := x.pos.Pieces[c.Other()][board.Queen]; b != 0; {
		if x.xrays(b.PopLSB(), sliders) != 0 {
			return true
		}
	}
	return false
}
