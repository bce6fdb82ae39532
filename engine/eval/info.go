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
	pos      *board.Position
	occ      board.Bitboard
	pawns    [2]board.Bitboard
	pawnAtt  [2]board.Bitboard // squares attacked by c's pawns now
	attSpan  [2]board.Bitboard // squares c's pawns attack now or after advancing
	passed   [2]board.Bitboard // c's passed pawns
	king     [2]board.Square
	kingZone [2]board.Bitboard // the king's square and its neighbours
	phase    int               // Phase(pos)

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
		a := zoneAcc{own: pos.ByColor[by], zw: zw, zb: zb, ez: x.kingZone[by.Other()]}
		// Pawns: a pawn acts on a zone when the zone holds one of its attacks.
		e := by.Other()
		a.matW = shannon[board.Pawn] * popcount(x.pawns[by]&sideways(forward(e, zw)))
		a.matB = shannon[board.Pawn] * popcount(x.pawns[by]&sideways(forward(e, zb)))
		// One loop per piece type, so that each attack lookup is inlined.
		pc := &pos.Pieces[by]
		mob := &x.mob[by]
		var m int32
		for b := pc[board.Knight]; b != 0; {
			m += a.piece(board.KnightAttacks(b.PopLSB()), shannon[board.Knight])
		}
		mob[board.Knight], m = m, 0
		for b := pc[board.Bishop]; b != 0; {
			m += a.piece(board.BishopAttacks(b.PopLSB(), occ), shannon[board.Bishop])
		}
		mob[board.Bishop], m = m, 0
		for b := pc[board.Rook]; b != 0; {
			m += a.piece(board.RookAttacks(b.PopLSB(), occ), shannon[board.Rook])
		}
		mob[board.Rook], m = m, 0
		for b := pc[board.Queen]; b != 0; {
			m += a.piece(board.QueenAttacks(b.PopLSB(), occ), shannon[board.Queen])
		}
		mob[board.Queen], m = m, 0
		for b := pc[board.King]; b != 0; {
			m += popcount(board.KingAttacks(b.PopLSB()) &^ a.own)
		}
		mob[board.King] = m
		x.zoneMat[by] = [2]int32{a.matW, a.matB}
		x.zoneHits[by] = a.hits
	}
}

// zoneAcc accumulates attackPass's king-zone figures for one side.
type zoneAcc struct {
	own, zw, zb, ez  board.Bitboard // own pieces; White's and Black's king zones; the enemy's
	matW, matB, hits int32
}

// piece adds a knight, bishop, rook or queen of value v that attacks att
// to the king-zone figures and returns its mobility.
func (a *zoneAcc) piece(att board.Bitboard, v int32) int32 {
	if att&a.zw != 0 {
		a.matW += v
	}
	if att&a.zb != 0 {
		a.matB += v
	}
	a.hits += popcount(att & a.ez)
	return popcount(att &^ a.own)
}

func (x *posInfo) init(pos *board.Position) {
	x.pos = pos
	x.attacksDone = false
	x.occ = pos.Occupied
	x.phase = Phase(pos)
	for c := board.White; c <= board.Black; c++ {
		p := pos.Pieces[c][board.Pawn]
		x.pawns[c] = p
		x.pawnAtt[c] = sideways(forward(c, p))
		x.attSpan[c] = sideways(frontFill(c, p))
		k := pos.Pieces[c][board.King]
		if k != 0 {
			x.king[c] = k.LSB()
			x.kingZone[c] = board.KingAttacks(x.king[c]) | k
		} else {
			x.king[c] = board.NoSquare
			x.kingZone[c] = 0
		}
	}
	for c := board.White; c <= board.Black; c++ {
		e := c.Other()
		// A pawn is passed when no enemy pawn stands in front of it on its
		// own or an adjacent file.
		block := frontFill(e, x.pawns[e])
		block |= sideways(block)
		x.passed[c] = x.pawns[c] &^ block
	}
}

// doubled returns c's pawns that have another pawn of c in front of them on
// the same file (a file with n pawns has n−1 doubled pawns).
func (x *posInfo) doubled(c board.Color) board.Bitboard {
	return x.pawns[c] & rearFill(c, x.pawns[c])
}

// isolated returns c's pawns with no pawn of c on an adjacent file.
func (x *posInfo) isolated(c board.Color) board.Bitboard {
	return x.pawns[c] &^ sideways(fileFill(x.pawns[c]))
}

// backward returns c's pawns that are not isolated, have no pawn of c on an
// adjacent file level with or behind them (so no pawn can come up to defend
// them), and whose stop square is attacked by an enemy pawn.
func (x *posInfo) backward(c board.Color) board.Bitboard {
	p := x.pawns[c]
	// Squares that c's pawns stand on or can advance to, spread sideways:
	// a pawn there can be defended by a neighbour now or later.
	support := sideways(p | frontFill(c, p))
	stopAttacked := forward(c.Other(), x.pawnAtt[c.Other()])
	return p &^ support & stopAttacked &^ x.isolated(c)
}

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
