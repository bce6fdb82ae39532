package eval

import (
	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
)

// Vázquez-Fernández, Coello Coello, Sagols Troncoso (CEC 2012), eqs. 1–9.
// Parameter indices, in Table I's order (QueenMobility, eq. 5, which Table I
// omits, comes last).
const (
	vzPawn = iota
	vzKnight
	vzBishop
	vzRook
	vzQueen
	vzKingDefenders
	vzKingAttackers
	vzKingCastled
	vzKingPawnShield
	vzRookMobility
	vzRookOpenFile
	vzRookSemiOpenFile
	vzRookClosedAhead
	vzRookClosedBehind
	vzRookSeventh
	vzRookSeventhPair
	vzBishopMobility
	vzKnightMobility
	vzKnightPawnSupport
	vzKnightOutpost
	vzKnightRing0
	vzKnightRing1
	vzKnightRing2
	vzKnightRing3
	vzPawnDoubled
	vzPawnIsolated
	vzPawnBackward
	vzPawnCentral
	vzPawnPassed
	vzQueenMobility
	vzCount
)

// vazquezScale makes the king-material terms fractional: X_king,1·F_king,1
// with F in centipawns is divided by 10,000 (weight 1675 × 2000 cp of
// defenders = 335 cp); mobility weights count per ten moves (unit 1,000);
// every other count has unit 10,000, i.e. its weight is in centipawns.
const vazquezScale = 10000

// vzTable2 holds Table II: the exploration column (VP^200_exploration) and
// the exploitation column (VP_exploitation). QueenMobility, absent from the
// table, is set to the mean of the column's other three mobility weights.
var vzTable2 = [2][vzCount]int32{
	{100, 297, 315, 502, 923, 1650, -1430, 47, 65, 62, 45, 27, 32, -8, 63, 78, 72, 64, 56, 52, -12, 3, 15, 42, -32, -47, -44, 43, 48, 66},
	{100, 302, 319, 506, 910, 1675, -1425, 45, 72, 73, 46, 33, 27, -7, 68, 82, 76, 68, 72, 73, -15, 6, 26, 43, -44, -48, -41, 48, 49, 72},
}

var vazquezScheme = func() *scheme {
	d := vzTable2[1]
	sp := func(i int, name, group, doc string, lo, hi, bits int) param.Spec {
		return param.Spec{Name: name, Doc: doc, Group: group, Min: lo, Max: hi, Default: int(d[i]), Bits: bits}
	}
	specs := []param.Spec{
		sp(vzPawn, "PawnValue", "material", "X1 PAWN_VALUE: material value of a pawn (fixed reference)", 100, 100, 0),
		sp(vzKnight, "KnightValue", "material", "X2 KNIGHT_VALUE: material value of a knight", 200, 400, 8),
		sp(vzBishop, "BishopValue", "material", "X3 BISHOP_VALUE: material value of a bishop", 200, 400, 8),
		sp(vzRook, "RookValue", "material", "X4 ROOK_VALUE: material value of a rook", 400, 600, 8),
		sp(vzQueen, "QueenValue", "material", "X5 QUEEN_VALUE: material value of a queen", 800, 1000, 8),
		sp(vzKingDefenders, "KingDefenders", "king", "X_king,1: sum of material values of pieces that defend their king (act on its square or adjacent squares), per 10,000 cp", 0, 4000, 12),
		sp(vzKingAttackers, "KingAttackers", "king", "X_king,2: sum of material values of enemy pieces that attack the king (act on its square or adjacent squares), per 10,000 cp", -4000, 0, 12),
		sp(vzKingCastled, "KingCastled", "king", "X_king,3: the king is castled", 0, 100, 7),
		sp(vzKingPawnShield, "KingPawnShield", "king", "X_king,4: number of pawns that protect their king", 0, 100, 7),
		sp(vzRookMobility, "RookMobility", "rook", "X_rook,1: rook's mobility, per ten moves", 0, 100, 7),
		sp(vzRookOpenFile, "RookOpenFile", "rook", "X_rook,2: no pawns on the rook's column", -50, 50, 7),
		sp(vzRookSemiOpenFile, "RookSemiOpenFile", "rook", "X_rook,3: only adversary pawns on the rook's column", -50, 50, 7),
		sp(vzRookClosedAhead, "RookClosedAhead", "rook", "X_rook,4: pawns of both sides on the column and the rook in front of its pawns", -50, 50, 7),
		sp(vzRookClosedBehind, "RookClosedBehind", "rook", "X_rook,5: pawns of both sides on the column and the rook behind its pawns", -50, 50, 7),
		sp(vzRookSeventh, "RookSeventh", "rook", "X_rook,6: the rook is on the seventh row", 0, 100, 7),
		sp(vzRookSeventhPair, "RookSeventhPair", "rook", "X_rook,7: at least two rooks on the seventh row", 0, 100, 7),
		sp(vzBishopMobility, "BishopMobility", "bishop", "X_bishop,1: bishop's mobility, per ten moves", 0, 100, 7),
		sp(vzKnightMobility, "KnightMobility", "knight", "X_knight,1: mobility of the knight, per ten moves", 0, 100, 7),
		sp(vzKnightPawnSupport, "KnightPawnSupport", "knight", "X_knight,2: the knight is defended by a pawn", 0, 100, 7),
		sp(vzKnightOutpost, "KnightOutpost", "knight", "X_knight,3: the knight cannot be evicted by an enemy pawn", 0, 100, 7),
		sp(vzKnightRing0, "KnightRing0", "knight", "X_knight,4: the knight is on the periphery (a1–a8, b1–g1, h1–h8, b8–g8)", -50, 50, 7),
		sp(vzKnightRing1, "KnightRing1", "knight", "X_knight,5: the knight is on b2–b7, c2–f2, g2–g7, c7–f7", -50, 50, 7),
		sp(vzKnightRing2, "KnightRing2", "knight", "X_knight,6: the knight is on c3–c6, d3, e3, f3–f6, d6, e6", -50, 50, 7),
		sp(vzKnightRing3, "KnightRing3", "knight", "X_knight,7: the knight is on d4, e4, d5, e5", -50, 50, 7),
		sp(vzPawnDoubled, "PawnDoubled", "pawns", "X_pawn,1: the pawn is doubled", -50, 50, 7),
		sp(vzPawnIsolated, "PawnIsolated", "pawns", "X_pawn,2: the pawn is isolated", -50, 50, 7),
		sp(vzPawnBackward, "PawnBackward", "pawns", "X_pawn,3: the pawn is backwards", -50, 50, 7),
		sp(vzPawnCentral, "PawnCentral", "pawns", "X_pawn,4: the pawn is central (c4, c5, d4, d5, e4, e5, f4, f5)", -50, 100, 8),
		sp(vzPawnPassed, "PawnPassed", "pawns", "X_pawn,5: the pawn is passed", -50, 100, 8),
		sp(vzQueenMobility, "QueenMobility", "queen", "X_queen,1 (eq. 5, not in Table I): queen's mobility, per ten moves", 0, 100, 7),
	}
	unit := make([]int32, vzCount)
	for i := range unit {
		unit[i] = vazquezScale
	}
	unit[vzKingDefenders], unit[vzKingAttackers] = 1, 1
	for _, i := range []int{vzRookMobility, vzBishopMobility, vzKnightMobility, vzQueenMobility} {
		unit[i] = vazquezScale / 10
	}
	return &scheme{
		name:  "vazquez29",
		title: "Vázquez-Fernández, Coello Coello, Sagols Troncoso: EA + Hooke-Jeeves tuning (CEC 2012), eqs. 1–9",
		specs: specs,
		unit:  unit,
		scale: vazquezScale,
		kind:  kindVazquez,
	}
}()

func vazquezAppend(x *posInfo, c board.Color, dst []Feature) []Feature {
	var n [vzCount]int32
	vazquezSide(x, c, &n)
	return appendDense(dst, n[:])
}

// appendDense appends the non-zero entries of a dense count vector.
func appendDense(dst []Feature, n []int32) []Feature {
	for i, v := range n {
		if v != 0 {
			dst = append(dst, Feature{int32(i), v})
		}
	}
	return dst
}

// vazquezSide computes side c's natural counts of eqs. 2 and 4–9.
func vazquezSide(x *posInfo, c board.Color, n *[vzCount]int32) {
	pos := x.pos
	e := c.Other()
	// eq. 2: material.
	material(n[vzPawn:], &pos.Pieces[c])
	x.attackPass()
	// eq. 4: king.
	n[vzKingDefenders] = x.zoneMat[c][c]
	n[vzKingAttackers] = x.zoneMat[e][c]
	if x.king[c] != board.NoSquare {
		if isCastled(c, x.king[c]) {
			n[vzKingCastled] = 1
		}
		n[vzKingPawnShield] = popcount(pawnShieldBB[c&1][x.king[c]&63] & x.pawns[c])
	}
	// eq. 5: queen.
	n[vzQueenMobility] = x.mob[c][board.Queen]
	// eq. 6: rooks.
	// The rooks' files (posInfo.rookFile's kinds) counted set-wise, without
	// a loop over the rooks (dear in WebAssembly): a rook has an own pawn in
	// front of it exactly when it stands behind one on its file.
	n[vzRookMobility] = x.mob[c][board.Rook]
	rooks := pos.Pieces[c][board.Rook]
	ownFiles, theirFiles := fileFill(x.pawns[c]), fileFill(x.pawns[e])
	n[vzRookOpenFile] = popcount(rooks &^ (ownFiles | theirFiles))
	n[vzRookSemiOpenFile] = popcount(rooks &^ ownFiles & theirFiles)
	closed, behind := rooks&ownFiles&theirFiles, rearFill(c, x.pawns[c])
	n[vzRookClosedAhead] = popcount(closed &^ behind)
	n[vzRookClosedBehind] = popcount(closed & behind)
	onSeventh := popcount(rooks & seventhRank[c&1])
	n[vzRookSeventh] = onSeventh
	if onSeventh >= 2 {
		n[vzRookSeventhPair] = 1
	}
	// eq. 7: bishops.
	n[vzBishopMobility] = x.mob[c][board.Bishop]
	// eq. 8: knights.
	knights := pos.Pieces[c][board.Knight]
	n[vzKnightMobility] = x.mob[c][board.Knight]
	n[vzKnightPawnSupport] = popcount(knights & x.pawnAtt[c])
	n[vzKnightOutpost] = popcount(knights & x.safeFromPawns(c))
	rings(n[vzKnightRing0:], knights)
	// eq. 9: pawns.
	n[vzPawnDoubled] = popcount(x.doubled(c))
	n[vzPawnIsolated] = popcount(x.isolated(c))
	n[vzPawnBackward] = popcount(x.backward(c))
	n[vzPawnCentral] = popcount(x.pawns[c] & centralPawnSquares)
	n[vzPawnPassed] = popcount(x.passed[c])
}

// isCastled reports whether c's king on sq stands where castling puts it:
// on c's first rank on the a, b, c, g or h file. (Positions do not record
// whether castling happened; a king that walked there counts too.)
func isCastled(c board.Color, sq board.Square) bool {
	if relRank(c, sq) != 0 {
		return false
	}
	f := sq.File()
	return f <= 2 || f >= 6
}

// seventhRank is each colour's seventh rank.
var seventhRank = [2]board.Bitboard{board.RankBB[6], board.RankBB[1]}

// pawnShieldBB is pawnShield by colour and square (a table: the function
// does not inline, and calls are dear in WebAssembly).
var pawnShieldBB = func() (t [2][64]board.Bitboard) {
	for c := board.White; c <= board.Black; c++ {
		for sq := board.Square(0); sq < 64; sq++ {
			t[c][sq] = pawnShield(c, sq)
		}
	}
	return t
}()

// pawnShield returns the squares one and two ranks in front of c's king on
// sq, on its file and the adjacent files.
func pawnShield(c board.Color, sq board.Square) board.Bitboard {
	k := board.SquareBB(sq)
	one := forward(c, k)
	two := forward(c, one)
	f := one | two
	return f | sideways(f)
}
