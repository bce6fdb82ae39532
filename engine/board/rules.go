package board

// Checks, attacks and the game-ending rules: checkmate, stalemate,
// repetition (over the undo stack's hash history), the fifty-move rule and
// insufficient material.

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.attackedBy(p.Pieces[p.Side][King].LSB(), p.Side^1, p.Occupied)
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	return p.checkersOf(p.KingSquare(p.Side), p.Side^1)
}

// IsAttacked reports whether sq is attacked by a piece of colour by.
func (p *Position) IsAttacked(sq Square, by Color) bool {
	return p.attackedBy(sq&63, by, p.Occupied)
}

// AttackersTo returns the pieces of both colours attacking sq, computing
// sliding attacks with occupancy occ.
func (p *Position) AttackersTo(sq Square, occ Bitboard) Bitboard {
	sq &= 63
	w, b := &p.Pieces[White], &p.Pieces[Black]
	return pawnAttacks[Black][sq]&w[Pawn] | pawnAttacks[White][sq]&b[Pawn] |
		knightAttacks[sq]&(w[Knight]|b[Knight]) |
		kingAttacks[sq]&(w[King]|b[King]) |
		BishopAttacks(sq, occ)&(w[Bishop]|w[Queen]|b[Bishop]|b[Queen]) |
		RookAttacks(sq, occ)&(w[Rook]|w[Queen]|b[Rook]|b[Queen])
}

// Pinned returns c's pieces that are pinned to c's king by enemy sliders.
func (p *Position) Pinned(c Color) Bitboard {
	return p.pinnedTo(c, p.KingSquare(c))
}

// GivesCheck reports whether the legal move m checks the opponent (directly,
// by discovery, by promotion, en passant or castling).
func (p *Position) GivesCheck(m Move) bool {
	us := p.Side
	from, to := m.From(), m.To()
	ksq := p.KingSquare(us ^ 1)
	pt := p.Board[from].Type()
	occ := p.Occupied&^SquareBB(from) | SquareBB(to)
	own := &p.Pieces[us]
	diag := own[Bishop] | own[Queen]
	orth := own[Rook] | own[Queen]
	// Remove the mover from its old square in the slider sets.
	diag &^= SquareBB(from)
	orth &^= SquareBB(from)
	if m.IsPromotion() {
		pt = m.Promotion()
	}
	switch pt {
	case Pawn:
		if pawnAttacks[us][to]&SquareBB(ksq) != 0 {
			return true
		}
	case Knight:
		if knightAttacks[to]&SquareBB(ksq) != 0 {
			return true
		}
	case Bishop:
		diag |= SquareBB(to)
	case Rook:
		orth |= SquareBB(to)
	case Queen:
		diag |= SquareBB(to)
		orth |= SquareBB(to)
	}
	if m.IsEnPassant() {
		occ &^= SquareBB(to ^ 8)
	}
	if m.IsCastle() {
		var rf, rt Square
		switch to {
		case G1:
			rf, rt = H1, F1
		case C1:
			rf, rt = A1, D1
		case G8:
			rf, rt = H8, F8
		default:
			rf, rt = A8, D8
		}
		occ = occ&^SquareBB(rf) | SquareBB(rt)
		orth = orth&^SquareBB(rf) | SquareBB(rt)
	}
	return BishopAttacks(ksq, occ)&diag != 0 || RookAttacks(ksq, occ)&orth != 0
}

// HasLegalMoves reports whether the side to move has a legal move.
func (p *Position) HasLegalMoves() bool {
	var ml MoveList
	p.GenerateLegal(&ml)
	return ml.N > 0
}

// IsCheckmate reports whether the side to move is checkmated.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMoves() }

// IsStalemate reports whether the side to move is stalemated.
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMoves() }

// IsRepetition reports whether the current position has occurred at least
// count times (counting now) since the last irreversible move, looking back
// through the moves made on p (a position set from FEN has no earlier
// history). Positions compare by Zobrist hash, which covers the pieces,
// side to move, castling rights and a capturable en-passant square. The
// look-back stops at a null move.
func (p *Position) IsRepetition(count int) bool {
	if count <= 1 {
		return true
	}
	seen := 1
	n := len(p.undo)
	limit := min(p.HalfmoveClock, n)
	for i := 1; i <= limit; i++ {
		u := &p.undo[n-i]
		if u.move == NoMove {
			break
		}
		if i%2 == 0 && u.hash == p.Hash {
			seen++
			if seen >= count {
				return true
			}
		}
	}
	return false
}

// IsFiftyMoveDraw reports whether fifty moves by each side have passed
// without a capture or pawn move (halfmove clock ≥ 100) and the side to
// move is not checkmated.
func (p *Position) IsFiftyMoveDraw() bool {
	return p.HalfmoveClock >= 100 && !p.IsCheckmate()
}

// IsInsufficientMaterial reports whether neither side can ever checkmate:
// king against king, king and one minor piece against king, or kings and
// bishops only with all bishops on squares of one colour.
func (p *Position) IsInsufficientMaterial() bool {
	w, b := &p.Pieces[White], &p.Pieces[Black]
	if w[Pawn]|b[Pawn]|w[Rook]|b[Rook]|w[Queen]|b[Queen] != 0 {
		return false
	}
	knights := w[Knight] | b[Knight]
	bishops := w[Bishop] | b[Bishop]
	if (knights | bishops).Count() <= 1 {
		return true
	}
	const light Bitboard = 0x55aa55aa55aa55aa
	return knights == 0 && (bishops&light == 0 || bishops&^light == 0)
}

// IsDraw reports a draw by the fifty-move rule, threefold repetition,
// insufficient material or stalemate.
func (p *Position) IsDraw() bool {
	return p.IsFiftyMoveDraw() || p.IsRepetition(3) || p.IsInsufficientMaterial() || p.IsStalemate()
}
