package board

// Make/unmake: MakeMove updates bitboards, mailbox, castling rights,
// en-passant square, clocks and the Zobrist hash incrementally and pushes an
// undoInfo; UnmakeMove pops it. The pushed hashes double as the repetition
// history.

// epCapturable reports whether a pawn of colour by can legally capture en
// passant on ep (the square a pawn of the other colour just crossed with a
// double push), i.e. whether ep must be recorded. The board must already
// show the double push. Only then is the en-passant square part of the FEN
// and the hash, so positions that differ only by an unusable en-passant
// square count as repetitions.
func (p *Position) epCapturable(ep Square, by Color) bool {
	capturers := pawnAttacks[by^1][ep] & p.Pieces[by][Pawn]
	if capturers == 0 {
		return false
	}
	capSq := ep ^ 8 // the double-pushed pawn stands behind ep, seen from by
	ksq := p.Pieces[by][King].LSB()
	th := &p.Pieces[by^1]
	for capturers != 0 {
		from := capturers.PopLSB()
		occ := p.Occupied&^SquareBB(from)&^SquareBB(capSq) | SquareBB(ep)
		if RookAttacks(ksq, occ)&(th[Rook]|th[Queen]) == 0 &&
			BishopAttacks(ksq, occ)&(th[Bishop]|th[Queen]) == 0 &&
			knightAttacks[ksq]&th[Knight] == 0 &&
			pawnAttacks[by][ksq]&th[Pawn]&^SquareBB(capSq) == 0 {
			return true
		}
	}
	return false
}

// MakeMove plays m, which must be legal in p (as produced by GenerateLegal,
// ParseUCIMove or ParseSAN), and pushes what UnmakeMove needs.
func (p *Position) MakeMove(m Move) {
	from, to := Square(m&63), Square(m>>6&63)
	pc := p.Board[from] & 15
	us := p.Side & 1
	captured := p.Board[to] & 15
	n := len(p.undo)
	if n == cap(p.undo) {
		p.growUndo()
	}
	p.undo = p.undo[:n+1]
	u := &p.undo[n]
	*u = undoInfo{
		hash: p.Hash, move: m, halfmove: int32(p.HalfmoveClock), fullmove: int32(p.FullmoveNumber),
		castling: p.Castling, ep: p.EnPassant, captured: captured,
	}
	h := p.Hash ^ zobristSide ^ zobristPiece[pc][from] ^ zobristPiece[pc][to]
	if p.EnPassant != NoSquare {
		h ^= zobristEPFile[p.EnPassant&7]
		p.EnPassant = NoSquare
	}
	p.HalfmoveClock++
	fromBB, toBB := Bitboard(1)<<from, Bitboard(1)<<to
	pt := typeOf[pc]
	if captured != NoPiece {
		p.Pieces[us^1][typeOf[captured]] ^= toBB
		p.ByColor[us^1] ^= toBB
		p.Occupied ^= toBB
		h ^= zobristPiece[captured][to]
		p.HalfmoveClock = 0
	}
	p.Pieces[us][pt] ^= fromBB | toBB
	p.ByColor[us] ^= fromBB | toBB
	p.Occupied ^= fromBB | toBB
	p.Board[from] = NoPiece
	p.Board[to] = pc

	if pt == Pawn {
		p.HalfmoveClock = 0
		switch {
		case m&moveEnPassant != 0:
			capSq := to ^ 8 // the square behind to, from the mover's view
			capBB := Bitboard(1) << capSq
			cp := MakePiece(us^1, Pawn)
			p.Pieces[us^1][Pawn] ^= capBB
			p.ByColor[us^1] ^= capBB
			p.Occupied ^= capBB
			p.Board[capSq] = NoPiece
			h ^= zobristPiece[cp][capSq]
			u.captured = cp
		case m&(7<<12) != 0:
			promoType := PieceType(m >> 12 & 7)
			promo := MakePiece(us, promoType) & 15
			p.Pieces[us][Pawn] ^= toBB
			p.Pieces[us][promoType] ^= toBB
			p.Board[to] = promo
			h ^= zobristPiece[pc][to] ^ zobristPiece[promo][to]
		case from^to == 16:
			ep := (from + to) / 2
			if pawnAttacks[us][ep]&p.Pieces[us^1][Pawn] != 0 && p.epCapturable(ep, us^1) {
				p.EnPassant = ep
				h ^= zobristEPFile[ep&7]
			}
		}
	} else if m&moveCastle != 0 {
		rf, rt := castleRookSquares(to)
		rook := MakePiece(us, Rook) & 15
		rb := Bitboard(1)<<rf | Bitboard(1)<<rt
		p.Pieces[us][Rook] ^= rb
		p.ByColor[us] ^= rb
		p.Occupied ^= rb
		p.Board[rf] = NoPiece
		p.Board[rt] = rook
		h ^= zobristPiece[rook][rf] ^ zobristPiece[rook][rt]
	}
	if t := p.psq; t != nil {
		// The piece now on to (the promoted one), less the mover on from
		// and the captured piece (en passant: behind to; none: a zero row).
		placed, cp, capSq := p.Board[to]&15, u.captured&15, to^Square(m>>16&1)<<3
		p.psqD += t.D[placed][to] - t.D[pc][from] - t.D[cp][capSq]
		p.psqC += t.C[placed][to] - t.C[pc][from] - t.C[cp][capSq]
		if m&moveCastle != 0 {
			d, c := psqCastle(t, to, us)
			p.psqD += d
			p.psqC += c
		}
	}
	// Without branches (dear in WebAssembly): unchanged rights hash to 0.
	cr := p.Castling & castleMask[from] & castleMask[to]
	h ^= zobristCastle[p.Castling&15] ^ zobristCastle[cr&15]
	p.Castling = cr
	p.FullmoveNumber += int(us) // after Black's move
	p.Side = us ^ 1
	p.Hash = h
}

// growUndo doubles the undo stack's capacity (kept out of MakeMove so that it inlines less).
func (p *Position) growUndo() {
	grown := make([]undoInfo, len(p.undo), 2*cap(p.undo)+64)
	copy(grown, p.undo)
	p.undo = grown
}

// castleRookSquares returns the rook's origin and destination for a castling king destination.
func castleRookSquares(kingTo Square) (from, to Square) {
	switch kingTo {
	case G1:
		return H1, F1
	case C1:
		return A1, D1
	case G8:
		return H8, F8
	default: // C8
		return A8, D8
	}
}

// UnmakeMove takes back the last move made with MakeMove (or a null move
// made with MakeNullMove). It does nothing when there is no move to take back.
func (p *Position) UnmakeMove() {
	n := len(p.undo) - 1
	if n < 0 {
		return
	}
	u := &p.undo[n]
	m := u.move
	if m == NoMove {
		p.UnmakeNullMove()
		return
	}
	us := (p.Side ^ 1) & 1
	p.Side = us
	from, to := Square(m&63), Square(m>>6&63)
	fromBB, toBB := Bitboard(1)<<from, Bitboard(1)<<to
	pc := p.Board[to] & 15
	if t := p.psq; t != nil { // MakeMove's change, taken back
		mover := pc
		if m&(7<<12) != 0 {
			mover = MakePiece(us, Pawn) & 15
		}
		cp, capSq := u.captured&15, to^Square(m>>16&1)<<3
		p.psqD -= t.D[pc][to] - t.D[mover][from] - t.D[cp][capSq]
		p.psqC -= t.C[pc][to] - t.C[mover][from] - t.C[cp][capSq]
		if m&moveCastle != 0 {
			d, c := psqCastle(t, to, us)
			p.psqD -= d
			p.psqC -= c
		}
	}
	if m&(7<<12) != 0 {
		p.Pieces[us][typeOf[pc]] ^= toBB
		p.Pieces[us][Pawn] ^= toBB
		pc = MakePiece(us, Pawn) & 15
	}
	p.Pieces[us][typeOf[pc]] ^= fromBB | toBB
	p.ByColor[us] ^= fromBB | toBB
	p.Occupied ^= fromBB | toBB
	p.Board[to] = NoPiece
	p.Board[from] = pc
	if captured := u.captured & 15; captured != NoPiece {
		capSq := to
		if m&moveEnPassant != 0 {
			capSq = to ^ 8
		}
		cb := Bitboard(1) << capSq
		p.Pieces[us^1][typeOf[captured]] ^= cb
		p.ByColor[us^1] ^= cb
		p.Occupied ^= cb
		p.Board[capSq] = captured
	} else if m&moveCastle != 0 {
		rf, rt := castleRookSquares(to)
		rb := Bitboard(1)<<rf | Bitboard(1)<<rt
		p.Pieces[us][Rook] ^= rb
		p.ByColor[us] ^= rb
		p.Occupied ^= rb
		p.Board[rt] = NoPiece
		p.Board[rf] = MakePiece(us, Rook)
	}
	p.Hash = u.hash
	p.Castling = u.castling
	p.EnPassant = u.ep
	p.HalfmoveClock = int(u.halfmove)
	p.FullmoveNumber = int(u.fullmove)
	p.undo = p.undo[:n]
}

// MakeNullMove passes the turn (for null-move pruning). The side to move
// must not be in check. Repetition detection does not look back across a
// null move.
func (p *Position) MakeNullMove() {
	if len(p.undo) == cap(p.undo) {
		p.growUndo()
	}
	p.undo = append(p.undo, undoInfo{
		hash: p.Hash, move: NoMove, halfmove: int32(p.HalfmoveClock), fullmove: int32(p.FullmoveNumber),
		castling: p.Castling, ep: p.EnPassant, captured: NoPiece,
	})
	h := p.Hash ^ zobristSide
	if p.EnPassant != NoSquare {
		h ^= zobristEPFile[p.EnPassant.File()]
		p.EnPassant = NoSquare
	}
	p.HalfmoveClock++
	if p.Side == Black {
		p.FullmoveNumber++
	}
	p.Side ^= 1
	p.Hash = h
}

// UnmakeNullMove takes back a null move made with MakeNullMove (it does
// nothing if the last entry is not a null move).
func (p *Position) UnmakeNullMove() {
	n := len(p.undo) - 1
	if n < 0 || p.undo[n].move != NoMove {
		return
	}
	u := &p.undo[n]
	p.Side ^= 1
	p.Hash = u.hash
	p.EnPassant = u.ep
	p.HalfmoveClock = int(u.halfmove)
	p.FullmoveNumber = int(u.fullmove)
	p.undo = p.undo[:n]
}

// KeyAfter returns the Zobrist key of the position after m (legal in p)
// for the usual move: a quiet move or a capture, with the castling rights
// it changes. For a promotion, a castling (the rook), an en-passant capture
// and when p or the new position has an en-passant square it may differ
// from the key MakeMove computes. It is meant for prefetching a hash table
// entry before the move is made, where an occasional wrong key costs
// nothing but the prefetch.
func (p *Position) KeyAfter(m Move) uint64 {
	from, to := Square(m&63), Square(m>>6&63)
	pc := p.Board[from] & 15
	h := p.Hash ^ zobristSide ^ zobristPiece[pc][from] ^ zobristPiece[pc][to]
	if captured := p.Board[to] & 15; captured < NoPiece {
		h ^= zobristPiece[captured][to]
	}
	cr := p.Castling & castleMask[from] & castleMask[to]
	return h ^ zobristCastle[p.Castling&15] ^ zobristCastle[cr&15]
}
