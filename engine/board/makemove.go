package board

// Make/unmake: MakeMove updates bitboards, mailbox, castling rights,
// en-passant square, clocks and the Zobrist hash incrementally and pushes an
// undoInfo; UnmakeMove pops it. The pushed hashes double as the repetition
// history.

// epCapturable reports whether a pawn of colour by stands next to the pawn that
// just double-pushed across ep, i.e. whether recording ep matters.
func (p *Position) epCapturable(ep Square, by Color) bool {
	return pawnAttacks[by^1][ep]&p.Pieces[by][Pawn] != 0
}

func (p *Position) movePiece(pc Piece, from, to Square) {
	b := SquareBB(from) | SquareBB(to)
	c := pc.Color()
	p.Pieces[c][pieceTypeOf[pc]] ^= b
	p.ByColor[c] ^= b
	p.Occupied ^= b
	p.Board[from] = NoPiece
	p.Board[to] = pc
}

func (p *Position) removePiece(pc Piece, sq Square) {
	b := SquareBB(sq)
	c := pc.Color()
	p.Pieces[c][pieceTypeOf[pc]] ^= b
	p.ByColor[c] ^= b
	p.Occupied ^= b
	p.Board[sq] = NoPiece
}

// MakeMove plays m, which must be legal in p (as produced by GenerateLegal,
// ParseUCIMove or ParseSAN), and pushes what UnmakeMove needs.
func (p *Position) MakeMove(m Move) {
	from, to := m.From(), m.To()
	pc := p.Board[from]
	us := p.Side
	captured := p.Board[to]
	p.undo = append(p.undo, undoInfo{
		hash: p.Hash, move: m, halfmove: int32(p.HalfmoveClock), fullmove: int32(p.FullmoveNumber),
		castling: p.Castling, ep: p.EnPassant, captured: captured,
	})
	h := p.Hash ^ zobristSide
	if p.EnPassant != NoSquare {
		h ^= zobristEPFile[p.EnPassant.File()]
		p.EnPassant = NoSquare
	}
	p.HalfmoveClock++
	if captured != NoPiece {
		p.removePiece(captured, to)
		h ^= zobristPiece[captured][to]
		p.HalfmoveClock = 0
	}
	p.movePiece(pc, from, to)
	h ^= zobristPiece[pc][from] ^ zobristPiece[pc][to]

	if pieceTypeOf[pc] == Pawn {
		p.HalfmoveClock = 0
		switch {
		case m&moveEnPassant != 0:
			capSq := to ^ 8 // the square behind to, from the mover's view
			cp := MakePiece(us^1, Pawn)
			p.removePiece(cp, capSq)
			h ^= zobristPiece[cp][capSq]
			p.undo[len(p.undo)-1].captured = cp
		case m&(7<<12) != 0:
			promo := MakePiece(us, m.Promotion())
			p.removePiece(pc, to)
			p.putPiece(promo, to)
			h ^= zobristPiece[pc][to] ^ zobristPiece[promo][to]
		case from^to == 16:
			ep := (from + to) / 2
			if p.epCapturable(ep, us^1) {
				p.EnPassant = ep
				h ^= zobristEPFile[ep.File()]
			}
		}
	} else if m&moveCastle != 0 {
		var rf, rt Square
		switch to {
		case G1:
			rf, rt = H1, F1
		case C1:
			rf, rt = A1, D1
		case G8:
			rf, rt = H8, F8
		default: // C8
			rf, rt = A8, D8
		}
		rook := MakePiece(us, Rook)
		p.movePiece(rook, rf, rt)
		h ^= zobristPiece[rook][rf] ^ zobristPiece[rook][rt]
	}
	if p.Castling != 0 {
		if cr := p.Castling & castleMask[from] & castleMask[to]; cr != p.Castling {
			h ^= zobristCastle[p.Castling] ^ zobristCastle[cr]
			p.Castling = cr
		}
	}
	if us == Black {
		p.FullmoveNumber++
	}
	p.Side = us ^ 1
	p.Hash = h
}

// UnmakeMove takes back the last move made with MakeMove. It does nothing
// when there is no move to take back.
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
	p.Side ^= 1
	us := p.Side
	from, to := m.From(), m.To()
	pc := p.Board[to]
	if m&(7<<12) != 0 {
		p.removePiece(pc, to)
		pc = MakePiece(us, Pawn)
		p.putPiece(pc, to)
	}
	p.movePiece(pc, to, from)
	switch {
	case m&moveEnPassant != 0:
		p.putPiece(u.captured, to^8)
	case u.captured != NoPiece:
		p.putPiece(u.captured, to)
	case m&moveCastle != 0:
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
		p.movePiece(MakePiece(us, Rook), rt, rf)
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
