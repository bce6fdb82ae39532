package board

import "fmt"

// Verify checks p's invariants and returns the first violation found:
// bitboards agree with the mailbox and with each other, each side has one
// king, no pawn is on the first or last rank, the side that just moved is not
// in check, castling rights are backed by kings and rooks on their initial
// squares, the en-passant square is consistent, the clocks are in range and
// the incremental hash (and PieceSquare sums, when kept) equals one
// recomputed from scratch.
func (p *Position) Verify() error {
	var all Bitboard
	for c := White; c <= Black; c++ {
		var byColor Bitboard
		for pt := Pawn; pt <= King; pt++ {
			b := p.Pieces[c][pt]
			if b&all != 0 {
				return fmt.Errorf("board: verify: %s %s bitboard overlaps another piece bitboard", c, pieceNames[pt])
			}
			all |= b
			byColor |= b
			for bb := b; bb != 0; {
				sq := bb.PopLSB()
				if p.Board[sq] != MakePiece(c, pt) {
					return fmt.Errorf("board: verify: %s %s bitboard has %s but the mailbox holds %s", c, pieceNames[pt], sq, p.Board[sq])
				}
			}
		}
		if byColor != p.ByColor[c] {
			return fmt.Errorf("board: verify: ByColor[%s] %#x, want %#x", c, uint64(p.ByColor[c]), uint64(byColor))
		}
		if n := p.Pieces[c][King].Count(); n != 1 {
			return fmt.Errorf("board: verify: %s has %d kings", c, n)
		}
	}
	if all != p.Occupied {
		return fmt.Errorf("board: verify: Occupied %#x, want %#x", uint64(p.Occupied), uint64(all))
	}
	for sq := Square(0); sq < 64; sq++ {
		if pc := p.Board[sq]; pc > NoPiece || (pc == NoPiece) == all.Has(sq) {
			return fmt.Errorf("board: verify: mailbox %s holds %d, bitboards disagree", sq, pc)
		}
	}
	if (p.Pieces[White][Pawn]|p.Pieces[Black][Pawn])&(RankBB[0]|RankBB[7]) != 0 {
		return fmt.Errorf("board: verify: pawn on the first or last rank")
	}
	if p.Side > Black {
		return fmt.Errorf("board: verify: bad side to move %d", p.Side)
	}
	if p.IsAttacked(p.KingSquare(p.Side^1), p.Side) {
		return fmt.Errorf("board: verify: %s (not to move) is in check", p.Side^1)
	}
	for _, cr := range []struct {
		right      CastleRights
		c          Color
		king, rook Square
	}{{WhiteKingside, White, E1, H1}, {WhiteQueenside, White, E1, A1}, {BlackKingside, Black, E8, H8}, {BlackQueenside, Black, E8, A8}} {
		if p.Castling&cr.right != 0 && (p.Board[cr.king] != MakePiece(cr.c, King) || p.Board[cr.rook] != MakePiece(cr.c, Rook)) {
			return fmt.Errorf("board: verify: castling right %s without king on %s and rook on %s", cr.right, cr.king, cr.rook)
		}
	}
	if p.Castling&^AllCastling != 0 {
		return fmt.Errorf("board: verify: bad castling bits %#x", uint8(p.Castling))
	}
	if ep := p.EnPassant; ep != NoSquare {
		wantRank, pawnSq := 5, ep-8
		if p.Side == Black {
			wantRank, pawnSq = 2, ep+8
		}
		if ep > NoSquare || ep.Rank() != wantRank || p.Board[ep] != NoPiece || p.Board[pawnSq] != MakePiece(p.Side^1, Pawn) {
			return fmt.Errorf("board: verify: inconsistent en-passant square %s", ep)
		}
		if !p.epCapturable(ep, p.Side) {
			return fmt.Errorf("board: verify: en-passant square %s recorded but no en-passant capture is legal", ep)
		}
	}
	if p.HalfmoveClock < 0 || p.FullmoveNumber < 1 {
		return fmt.Errorf("board: verify: clocks %d %d out of range", p.HalfmoveClock, p.FullmoveNumber)
	}
	if h := p.computeHash(); h != p.Hash {
		return fmt.Errorf("board: verify: hash %#016x, recomputed %#016x", p.Hash, h)
	}
	if p.psq != nil {
		q := *p
		q.SetPieceSquare(p.psq)
		if q.psqD != p.psqD || q.psqC != p.psqC {
			return fmt.Errorf("board: verify: piece-square sums %d, %d, recomputed %d, %d", p.psqD, p.psqC, q.psqD, q.psqC)
		}
	}
	return nil
}
