package book

import (
	"github.com/evochess/evochess/engine/board"
)

// Key returns pos's Polyglot key: the XOR of random64 entries for every
// piece, each castling right, the en-passant file when a pawn of the side to
// move stands next to the pawn that just made a double step (whether or not
// the capture would be legal), and White to move.
func Key(pos *board.Position) uint64 {
	var k uint64
	for c := board.White; c <= board.Black; c++ {
		for pt := board.Pawn; pt <= board.King; pt++ {
			kind := 2 * int(pt)
			if c == board.White {
				kind++
			}
			bb := pos.Pieces[c][pt]
			for bb != 0 {
				sq := bb.PopLSB()
				k ^= random64[64*kind+8*sq.Rank()+sq.File()]
			}
		}
	}
	for i, cr := range [4]board.CastleRights{board.WhiteKingside, board.WhiteQueenside, board.BlackKingside, board.BlackQueenside} {
		if pos.Castling&cr != 0 {
			k ^= random64[768+i]
		}
	}
	if ep := pos.EnPassant; ep != board.NoSquare {
		// Pawns of the side to move that attack ep stand where a pawn of
		// the other colour on ep would attack.
		if board.PawnAttacks(pos.Side.Other(), ep)&pos.Pieces[pos.Side][board.Pawn] != 0 {
			k ^= random64[772+ep.File()]
		}
	}
	if pos.Side == board.White {
		k ^= random64[780]
	}
	return k
}

// Polyglot move encoding: bits 0–5 the to-square, 6–11 the from-square
// (each 8·rank + file, as board.Square), 12–14 the promotion piece
// (1 knight, 2 bishop, 3 rook, 4 queen). Castling is the king taking its
// own rook (e1h1, e1a1, e8h8, e8a8).

// EncodeMove returns the Polyglot encoding of the legal move m.
func EncodeMove(m board.Move) uint16 {
	from, to := m.From(), m.To()
	if m.IsCastle() {
		rank := to.Rank()
		if to.File() > from.File() {
			to = board.MakeSquare(7, rank)
		} else {
			to = board.MakeSquare(0, rank)
		}
	}
	v := uint16(to) | uint16(from)<<6
	switch m.Promotion() {
	case board.Knight:
		v |= 1 << 12
	case board.Bishop:
		v |= 2 << 12
	case board.Rook:
		v |= 3 << 12
	case board.Queen:
		v |= 4 << 12
	}
	return v
}

// DecodeMove returns the legal move of pos whose Polyglot encoding is v.
func DecodeMove(pos *board.Position, v uint16) (board.Move, bool) {
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		if EncodeMove(m) == v {
			return m, true
		}
	}
	return board.NoMove, false
}

// MoveString formats a Polyglot move as UCI text (castling as king takes
// rook, "e1h1"), for messages about moves that are not legal.
func MoveString(v uint16) string {
	to, from := board.Square(v&63), board.Square(v>>6&63)
	s := from.String() + to.String()
	if p := v >> 12 & 7; p >= 1 && p <= 4 {
		s += string("nbrq"[p-1])
	}
	return s
}
