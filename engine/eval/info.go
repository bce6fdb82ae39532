package eval

import (
	"math/bits"

	"github.com/evochess/evochess/engine/board"
)

// Bitboard helpers shared by the schemes' terms. Directions are from White's
// side: north is towards rank 8.

const (
	fileA board.Bitboard = 0x0101010101010101
	fileH board.Bitboard = 0x8080808080808080
)

func north(b board.Bitboard) board.Bitboard { return b << 8 }
func south(b board.Bitboard) board.Bitboard { return b >> 8 }
func east(b board.Bitboard) board.Bitboard  { return (b &^ fileH) << 1 }
func west(b board.Bitboard) board.Bitboard  { return (b &^ fileA) >> 1 }

// sideways returns the squares directly east and west of b.
func sideways(b board.Bitboard) board.Bitboard { return east(b) | west(b) }

// fillNorth returns b and every square north of a square of b.
func fillNorth(b board.Bitboard) board.Bitboard {
	b |= b << 8
	b |= b << 16
	b |= b << 32
	return b
}

// fillSouth returns b and every square south of a square of b.
func fillSouth(b board.Bitboard) board.Bitboard {
	b |= b >> 8
	b |= b >> 16
	b |= b >> 32
	return b
}

// fileFill returns the whole files that contain a square of b.
func fileFill(b board.Bitboard) board.Bitboard { return fillNorth(fillSouth(b)) }

// forward returns b shifted one rank towards c's promotion rank.
func forward(c board.Color, b board.Bitboard) board.Bitboard {
	if c == board.White {
		return north(b)
	}
	return south(b)
}

// frontFill returns every square strictly in front of a square of b, seen from c.
func frontFill(c board.Color, b board.Bitboard) board.Bitboard {
	if c == board.White {
		return fillNorth(b) << 8
	}
	return fillSouth(b) >> 8
}

// rearFill returns every square strictly behind a square of b, seen from c.
func rearFill(c board.Color, b board.Bitboard) board.Bitboard { return frontFill(c.Other(), b) }

// relRank returns sq's rank from c's side: 0 for c's first rank, 7 for its eighth.
func relRank(c board.Color, sq board.Square) int {
	if c == board.White {
		return sq.Rank()
	}
	return 7 - sq.Rank()
}

// relSquare returns sq seen from c: unchanged for White, mirrored rank for Black.
func relSquare(c board.Color, sq board.Square) board.Square {
	if c == board.White {
		return sq
	}
	return sq ^ 56
}

func popcount(b board.Bitboard) int32 { return int32(bits.OnesCount64(uint64(b))) }

// The dense schemes' fixed-count loops are written out (material, rings,
// the two colours of posInfo.init): in WebAssembly every pass of a loop costs
// a trip through the function's block dispatch (wave2.md §7); written out,
// the evaluations of vazquez29, david35 and prasad38 take 13-15% less time
// there (BenchmarkEvaluate).

// material sets n[0:5] to the number of pawns, knights, bishops, rooks and
// queens in pcs.
func material(n []int32, pcs *[6]board.Bitboard) {
	n = n[:5]
	n[0] = popcount(pcs[board.Pawn])
	n[1] = popcount(pcs[board.Knight])
	n[2] = popcount(pcs[board.Bishop])
	n[3] = popcount(pcs[board.Rook])
	n[4] = popcount(pcs[board.Queen])
}

// rings sets n[0:4] to the number of b's squares on each ring (ringBB).
func rings(n []int32, b board.Bitboard) {
	n = n[:4]
	n[0] = popcount(b & ringBB[0])
	n[1] = popcount(b & ringBB[1])
	n[2] = popcount(b & ringBB[2])
	n[3] = popcount(b & ringBB[3])
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// distance is the Chebyshev (king-move) distance between two squares.
func distance(a, b board.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

// shannon holds the fixed material values used where a paper's feature is a
// "sum of material values" (Vázquez-Fernández et al. §III: 100, 300, 330,
// 500, 900, "as Shannon did"); the king counts 0. Read-only.
var shannon = [6]int32{100, 300, 330, 500, 900, 0}

// centralPawnSquares holds c4, c5, d4, d5, e4, e5, f4, f5, where a pawn is
// "central" (Vázquez-Fernández et al. F_pawn,4; Prasad et al. PAWN CENTRAL).
const centralPawnSquares board.Bitboard = (1<<board.C4 | 1<<board.D4 | 1<<board.E4 | 1<<board.F4 |
	1<<board.C5 | 1<<board.D5 | 1<<board.E5 | 1<<board.F5)

// Knight rings (Vázquez-Fernández et al. F_knight,4..7, Prasad et al.
// KNIGHT PERIPHERY 0..3): ring k is the squares whose distance to the nearest
// board edge is k.
var ringBB = func() (r [4]board.Bitboard) {
	for sq := board.Square(0); sq < 64; sq++ {
		r[ringOf(sq)] |= board.SquareBB(sq)
	}
	return r
}()

// ringOf returns sq's distance to the nearest board edge (0–3).
func ringOf(sq board.Square) int32 {
	f, r := sq.File(), sq.Rank()
	return int32(min(f, 7-f, r, 7-r))
}

// posInfo holds what several terms of a position need, computed once per
// evaluation. Arrays are indexed by colour.
type posInfo struct {
	pos       *board.Position
	occ       board.Bitboard
	pawns     [2]board.Bitboard
	pawnAtt   [2]board.Bitboard // squares attacked by c's pawns now
	attSpan   [2]board.Bitboard // squares c's pawns attack now or after advancing
	passed    [2]board.Bitboard // c's passed pawns
	isoPawns  [2]board.Bitboard // c's isolated pawns (isolated)
	backPawns [2]board.Bitboard // c's backward pawns (backward)
	king      [2]board.Square
	kingZone  [2]board.Bitboard // the king's square and its neighbours
	phase     int               // Phase(pos)

	// The attack pass (attackPass) fills these once per position, computing
	// every piece's attacks exactly once.
	attacksDone bool
	mob         [2][6]int32 // Σ mobility of c's pieces of each type (knight … king)
	zoneMat     [2][2]int32 // zoneMat[by][c]: material of by's pieces acting on c's king zone
	zoneHits    [2]int32    // Σ over by's knights … queens of the enemy king-zone squares each attacks
}

// attackPass computes mob, zoneMat and zoneHits (once per position).
func (x *posInfo) attackPass() {
	if x.attacksDone {
		return
	}
	x.attacksDone = true
	pos := x.pos
	occ := x.occ
	zw, zb := x.kingZone[board.White], x.kingZone[board.Black]
	for by := board.White; by <= board.Black; by++ {
		own, ez := pos.ByColor[by], x.kingZone[by.Other()]
		// Pawns: a pawn acts on a zone when the zone holds one of its attacks.
		e := by.Other()
		matW := shannon[board.Pawn] * popcount(x.pawns[by]&sideways(forward(e, zw)))
		matB := shannon[board.Pawn] * popcount(x.pawns[by]&sideways(forward(e, zb)))
		// One loop per piece type, so that each attack lookup is inlined;
		// the sums are locals, not fields of a struct a method updates
		// through a pointer (in WebAssembly that kept them in memory).
		var hits int32
		pc := &pos.Pieces[by]
		mob := &x.mob[by]
		var m int32
		for b := pc[board.Knight]; b != 0; {
			dw, db, h, n := pieceZone(board.KnightAttacks(b.PopLSB()), zw, zb, ez, own, shannon[board.Knight])
			matW, matB, hits, m = matW+dw, matB+db, hits+h, m+n
		}
		mob[board.Knight], m = m, 0
		for b := pc[board.Bishop]; b != 0; {
			dw, db, h, n := pieceZone(board.BishopAttacks(b.PopLSB(), occ), zw, zb, ez, own, shannon[board.Bishop])
			matW, matB, hits, m = matW+dw, matB+db, hits+h, m+n
		}
		mob[board.Bishop], m = m, 0
		for b := pc[board.Rook]; b != 0; {
			dw, db, h, n := pieceZone(board.RookAttacks(b.PopLSB(), occ), zw, zb, ez, own, shannon[board.Rook])
			matW, matB, hits, m = matW+dw, matB+db, hits+h, m+n
		}
		mob[board.Rook], m = m, 0
		for b := pc[board.Queen]; b != 0; {
			dw, db, h, n := pieceZone(board.QueenAttacks(b.PopLSB(), occ), zw, zb, ez, own, shannon[board.Queen])
			matW, matB, hits, m = matW+dw, matB+db, hits+h, m+n
		}
		mob[board.Queen], m = m, 0
		for b := pc[board.King]; b != 0; {
			m += popcount(board.KingAttacks(b.PopLSB()) &^ own)
		}
		mob[board.King] = m
		x.zoneMat[by] = [2]int32{matW, matB}
		x.zoneHits[by] = hits
	}
}

// pieceZone returns, for a knight, bishop, rook or queen of value v that
// attacks att, its material acting on White's king zone zw and on Black's
// zb, the squares it attacks in the enemy's zone ez, and its mobility (the
// squares not held by its own side's pieces own).
func pieceZone(att, zw, zb, ez, own board.Bitboard, v int32) (dw, db, hits, mob int32) {
	if att&zw != 0 {
		dw = v
	}
	if att&zb != 0 {
		db = v
	}
	return dw, db, popcount(att & ez), popcount(att &^ own)
}

func (x *posInfo) init(pos *board.Position) {
	x.pos = pos
	x.attacksDone = false
	x.occ = pos.Occupied
	x.phase = Phase(pos)
	wp, bp := pos.Pieces[board.White][board.Pawn], pos.Pieces[board.Black][board.Pawn]
	x.pawns = [2]board.Bitboard{wp, bp}
	x.pawnAtt = [2]board.Bitboard{sideways(forward(board.White, wp)), sideways(forward(board.Black, bp))}
	wf, bf := frontFill(board.White, wp), frontFill(board.Black, bp)
	x.attSpan = [2]board.Bitboard{sideways(wf), sideways(bf)}
	// A pawn is passed when no enemy pawn stands in front of it on its own
	// or an adjacent file.
	x.passed = [2]board.Bitboard{wp &^ (bf | sideways(bf)), bp &^ (wf | sideways(wf))}
	// Isolated and backward pawns (see isolated and backward), computed here
	// for both colours: every scheme that uses posInfo asks for both, and a
	// call each is dear in WebAssembly.
	wi, bi := wp&^sideways(fileFill(wp)), bp&^sideways(fileFill(bp))
	x.isoPawns = [2]board.Bitboard{wi, bi}
	x.backPawns = [2]board.Bitboard{
		wp &^ sideways(wp|wf) & south(x.pawnAtt[board.Black]) &^ wi,
		bp &^ sideways(bp|bf) & north(x.pawnAtt[board.White]) &^ bi,
	}
	x.king = [2]board.Square{board.NoSquare, board.NoSquare}
	x.kingZone = [2]board.Bitboard{}
	if k := pos.Pieces[board.White][board.King]; k != 0 {
		x.king[board.White] = k.LSB()
		x.kingZone[board.White] = board.KingAttacks(x.king[board.White]) | k
	}
	if k := pos.Pieces[board.Black][board.King]; k != 0 {
		x.king[board.Black] = k.LSB()
		x.kingZone[board.Black] = board.KingAttacks(x.king[board.Black]) | k
	}
}

// doubled returns c's pawns that have another pawn of c in front of them on
// the same file (a file with n pawns has n−1 doubled pawns).
func (x *posInfo) doubled(c board.Color) board.Bitboard {
	return x.pawns[c] & rearFill(c, x.pawns[c])
}

// isolated returns c's pawns with no pawn of c on an adjacent file
// (computed by init).
func (x *posInfo) isolated(c board.Color) board.Bitboard { return x.isoPawns[c] }

// backward returns c's pawns that are not isolated, have no pawn of c on an
// adjacent file level with or behind them (so no pawn can come up to defend
// them: none stands on the squares, spread sideways, that c's pawns hold or
// can advance to), and whose stop square is attacked by an enemy pawn
// (computed by init).
func (x *posInfo) backward(c board.Color) board.Bitboard { return x.backPawns[c] }

// safeFromPawns returns the squares where a piece of c cannot be evicted by
// an enemy pawn: no enemy pawn attacks them now or after advancing (an
// outpost, Prasad et al.'s "operations base").
func (x *posInfo) safeFromPawns(c board.Color) board.Bitboard {
	return ^x.attSpan[c.Other()]
}

// attacks returns the squares a piece of type pt on sq attacks.
func (x *posInfo) attacks(pt board.PieceType, c board.Color, sq board.Square) board.Bitboard {
	switch pt {
	case board.Pawn:
		return board.PawnAttacks(c, sq)
	case board.Knight:
		return board.KnightAttacks(sq)
	case board.Bishop:
		return board.BishopAttacks(sq, x.occ)
	case board.Rook:
		return board.RookAttacks(sq, x.occ)
	case board.Queen:
		return board.QueenAttacks(sq, x.occ)
	default:
		return board.KingAttacks(sq)
	}
}

// fileKind classifies the file of a rook of c: open (no pawns), semi-open
// (only enemy pawns), closed (pawns of both sides) with the rook ahead of all
// its own pawns or with an own pawn in front of it, or own-only.
type fileKind uint8

const (
	fileOpen fileKind = iota
	fileSemiOpen
	fileClosedAhead  // both sides' pawns; no own pawn in front of the rook
	fileClosedBehind // both sides' pawns; an own pawn in front of the rook
	fileOwnOnly      // only own pawns
)

// rookFile returns the kind of the file of c's rook on sq.
func (x *posInfo) rookFile(c board.Color, sq board.Square) fileKind {
	f := board.FileBB[sq.File()]
	own, their := x.pawns[c]&f != 0, x.pawns[c.Other()]&f != 0
	switch {
	case !own && !their:
		return fileOpen
	case !own:
		return fileSemiOpen
	case !their:
		return fileOwnOnly
	case frontFill(c, board.SquareBB(sq))&x.pawns[c] != 0:
		return fileClosedBehind
	default:
		return fileClosedAhead
	}
}
