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

// centre16 is the 16 central squares c3–f6 … a helper for central pawns
// c4, c5, d4, d5, e4, e5, f4, f5 (Vázquez-Fernández et al. F_pawn,4).
const centralPawnSquares board.Bitboard = (1<<board.C4 | 1<<board.D4 | 1<<board.E4 | 1<<board.F4 |
	1<<board.C5 | 1<<board.D5 | 1<<board.E5 | 1<<board.F5)

// Knight rings (Vázquez-Fernández et al. F_knight,4..7, Prasad et al.
// KNIGHT PERIPHERY 0..3): ring k is the squares whose distance to the nearest
// board edge is k.
var ringBB = func() (r [4]board.Bitboard) {
	for sq := board.Square(0); sq < 64; sq++ {
		f, k := sq.File(), sq.Rank()
		d := min(f, 7-f, k, 7-k)
		r[d] |= board.SquareBB(sq)
	}
	return r
}()

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
}

func (x *posInfo) init(pos *board.Position) {
	x.pos = pos
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

// outpost reports the squares no enemy pawn can ever attack (the pieces'
// "operations base": it cannot be evicted by an enemy pawn).
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

// kingMaterial returns the Shannon material of by's pieces (pawns to queens)
// whose moves act on c's king square or a square next to it.
func (x *posInfo) kingMaterial(c, by board.Color) int32 {
	zone := x.kingZone[c]
	if zone == 0 {
		return 0
	}
	var sum int32
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		for b := x.pos.Pieces[by][pt]; b != 0; {
			sq := b.PopLSB()
			if x.attacks(pt, by, sq)&zone != 0 {
				sum += shannon[pt]
			}
		}
	}
	return sum
}

// mobility returns the number of squares the piece of c on sq attacks that
// are not occupied by c's own pieces.
func (x *posInfo) mobility(pt board.PieceType, c board.Color, sq board.Square) int32 {
	return popcount(x.attacks(pt, c, sq) &^ x.pos.ByColor[c])
}

// fileClass classifies the file of sq for c's rook: open (no pawns),
// semi-open (only enemy pawns), closed with the rook ahead of all own pawns,
// or closed with own pawns in front of the rook; and own-only (only c's pawns).
type fileKind uint8

const (
	fileOpen fileKind = iota
	fileSemiOpen
	fileClosedAhead  // both sides' pawns; no own pawn in front of the rook
	fileClosedBehind // both sides' pawns; an own pawn in front of the rook
	fileOwnOnly      // only own pawns
)

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
