package board

// Legal move generation (the hot path). Moves are generated legal directly,
// not by make-and-test: the king's checkers and our pinned pieces are found
// first; in double check only king moves are produced; in single check the
// other pieces may only capture the checker or block its ray (checkMask);
// pinned pieces stay on the line through their king; king destinations are
// tested for attacks with the king removed from the occupancy (so it cannot
// step back along a checking ray). En passant, the one move that can expose
// the king along a rank by removing two pieces, is tested by recomputing
// attacks on the king after the capture. Pawn moves of unpinned pawns are
// generated set-wise with shifts.

const (
	notFileA Bitboard = ^Bitboard(0x0101010101010101)
	notFileH Bitboard = ^Bitboard(0x8080808080808080)
)

// GenerateLegal appends nothing and overwrites ml with all legal moves.
func (p *Position) GenerateLegal(ml *MoveList) {
	ml.N = 0
	p.generate(ml, false)
}

// GenerateCaptures overwrites ml with the legal captures (en passant
// included) and all legal promotions, capturing or not.
func (p *Position) GenerateCaptures(ml *MoveList) {
	ml.N = 0
	p.generate(ml, true)
}

// LegalMoves returns the legal moves in a new slice.
func (p *Position) LegalMoves() []Move {
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]Move, ml.N)
	copy(out, ml.Moves[:ml.N])
	return out
}

// attackedBy reports whether sq is attacked by colour by with occupancy occ.
func (p *Position) attackedBy(sq Square, by Color, occ Bitboard) bool {
	pcs := &p.Pieces[by]
	return pawnAttacks[by^1][sq]&pcs[Pawn] != 0 ||
		knightAttacks[sq]&pcs[Knight] != 0 ||
		kingAttacks[sq]&pcs[King] != 0 ||
		BishopAttacks(sq, occ)&(pcs[Bishop]|pcs[Queen]) != 0 ||
		RookAttacks(sq, occ)&(pcs[Rook]|pcs[Queen]) != 0
}

// checkersOf returns the pieces of colour by giving check to the king on ksq.
func (p *Position) checkersOf(ksq Square, by Color) Bitboard {
	pcs := &p.Pieces[by]
	occ := p.Occupied
	return pawnAttacks[by^1][ksq]&pcs[Pawn] |
		knightAttacks[ksq]&pcs[Knight] |
		BishopAttacks(ksq, occ)&(pcs[Bishop]|pcs[Queen]) |
		RookAttacks(ksq, occ)&(pcs[Rook]|pcs[Queen])
}

// pinnedTo returns the pieces of colour c that are pinned to the king on ksq
// by sliders of the other colour.
func (p *Position) pinnedTo(c Color, ksq Square) Bitboard {
	them := &p.Pieces[c^1]
	snipers := rookPseudo[ksq]&(them[Rook]|them[Queen]) | bishopPseudo[ksq]&(them[Bishop]|them[Queen])
	var pinned Bitboard
	occ := p.Occupied
	for snipers != 0 {
		s := snipers.PopLSB()
		b := betweenBB[ksq][s] & occ
		if b != 0 && !b.More() {
			pinned |= b
		}
	}
	return pinned & p.ByColor[c]
}

func addPawnMoves(ml *MoveList, tos Bitboard, delta int, flags Move) {
	for tos != 0 {
		to := tos.PopLSB()
		ml.Moves[ml.N] = Move(int(to)-delta) | Move(to)<<6 | flags
		ml.N++
	}
}

func addPromotions(ml *MoveList, from, to Square, flags Move) {
	base := Move(from) | Move(to)<<6 | flags
	ml.Moves[ml.N] = base | Move(Queen)<<12
	ml.Moves[ml.N+1] = base | Move(Rook)<<12
	ml.Moves[ml.N+2] = base | Move(Bishop)<<12
	ml.Moves[ml.N+3] = base | Move(Knight)<<12
	ml.N += 4
}

// addMoves adds from→to for every to in tos, flagging captures of enemy pieces.
func addMoves(ml *MoveList, from Square, tos, enemy Bitboard) {
	for tos != 0 {
		to := tos.PopLSB()
		ml.Moves[ml.N] = Move(from) | Move(to)<<6 | Move(enemy>>to&1)<<15
		ml.N++
	}
}

// pawnMoves are the set-wise moves of the unpinned pawns: single and double
// pushes and captures towards file a (from to − (up − 1)) and file h (from
// to − (up + 1)); up is the pawn's step, rank3 the rank a double push passes
// and rank8 the promotion rank.
type pawnMoves struct {
	up                       int
	rank3, rank8             Bitboard
	push1, push2, capL, capR Bitboard
}

// freePawnMoves returns the moves of the pawns free of colour us.
func freePawnMoves(us Color, free, empty, enemy Bitboard) (m pawnMoves) {
	if us == White {
		m.up, m.rank3, m.rank8 = 8, RankBB[2], RankBB[7]
		m.push1 = free << 8 & empty
		m.push2 = (m.push1 & m.rank3) << 8 & empty
		m.capL = (free & notFileA) << 7 & enemy
		m.capR = (free & notFileH) << 9 & enemy
		return m
	}
	m.up, m.rank3, m.rank8 = -8, RankBB[5], RankBB[0]
	m.push1 = free >> 8 & empty
	m.push2 = (m.push1 & m.rank3) >> 8 & empty
	m.capL = (free & notFileA) >> 9 & enemy
	m.capR = (free & notFileH) >> 7 & enemy
	return m
}

// enPassantLegal reports whether the pawn on from may take en passant on ep
// (the pawn taken stands on capSq): the king on ksq must not be left in
// check once both pawns have left their squares.
func (p *Position) enPassantLegal(from, ep, capSq, ksq Square) bool {
	th := &p.Pieces[p.Side^1]
	occ2 := p.Occupied&^SquareBB(from)&^SquareBB(capSq) | SquareBB(ep)
	return RookAttacks(ksq, occ2)&(th[Rook]|th[Queen]) == 0 &&
		BishopAttacks(ksq, occ2)&(th[Bishop]|th[Queen]) == 0 &&
		knightAttacks[ksq]&th[Knight] == 0 &&
		pawnAttacks[p.Side][ksq]&th[Pawn]&^SquareBB(capSq) == 0
}

func (p *Position) generate(ml *MoveList, capturesOnly bool) {
	us, them := p.Side, p.Side^1
	own, enemy := p.ByColor[us], p.ByColor[them]
	occ := p.Occupied
	ksq := p.Pieces[us][King].LSB()
	th := &p.Pieces[them]
	theirDiag, theirOrth := th[Bishop]|th[Queen], th[Rook]|th[Queen]
	// Checkers and pinned pieces, computed inline (see checkersOf and pinnedTo).
	checkers := pawnAttacks[us][ksq]&th[Pawn] | knightAttacks[ksq]&th[Knight] |
		BishopAttacks(ksq, occ)&theirDiag | RookAttacks(ksq, occ)&theirOrth

	// King moves: a destination is safe if no enemy piece attacks it with our
	// king lifted off the board (tested inline: calls are dear in WebAssembly).
	occNoKing := occ &^ SquareBB(ksq)
	kingTargets := kingAttacks[ksq] &^ own
	if capturesOnly {
		kingTargets &= enemy
	}
	for kingTargets != 0 {
		to := kingTargets.PopLSB()
		if pawnAttacks[us][to]&th[Pawn]|knightAttacks[to]&th[Knight]|kingAttacks[to]&th[King] != 0 ||
			BishopAttacks(to, occNoKing)&theirDiag != 0 || RookAttacks(to, occNoKing)&theirOrth != 0 {
			continue
		}
		ml.Moves[ml.N] = Move(ksq) | Move(to)<<6 | Move(enemy>>to&1)<<15
		ml.N++
	}
	if checkers.More() {
		return
	}

	checkMask := ^Bitboard(0)
	if checkers != 0 {
		checkMask = betweenBB[ksq][checkers.LSB()] | checkers
	}
	var pinned Bitboard
	for snipers := rookPseudo[ksq]&theirOrth | bishopPseudo[ksq]&theirDiag; snipers != 0; {
		b := betweenBB[ksq][snipers.PopLSB()] & occ
		if b != 0 && !b.More() {
			pinned |= b
		}
	}
	pinned &= own
	empty := ^occ
	targets := ^own & checkMask
	if capturesOnly {
		targets &= enemy
	}

	// Knights (a pinned knight can never move).
	for b := p.Pieces[us][Knight] &^ pinned; b != 0; {
		from := b.PopLSB()
		addMoves(ml, from, knightAttacks[from]&targets, enemy)
	}
	// Diagonal sliders.
	for b := p.Pieces[us][Bishop] | p.Pieces[us][Queen]; b != 0; {
		from := b.PopLSB()
		att := BishopAttacks(from, occ) & targets
		if pinned.Has(from) {
			att &= lineBB[ksq][from]
		}
		addMoves(ml, from, att, enemy)
	}
	// Orthogonal sliders.
	for b := p.Pieces[us][Rook] | p.Pieces[us][Queen]; b != 0; {
		from := b.PopLSB()
		att := RookAttacks(from, occ) & targets
		if pinned.Has(from) {
			att &= lineBB[ksq][from]
		}
		addMoves(ml, from, att, enemy)
	}

	// Pawns: unpinned ones set-wise, pinned ones one by one.
	pawns := p.Pieces[us][Pawn]
	free := pawns &^ pinned
	// freePawnMoves's sets, computed inline: it does not inline, and a call
	// per node is dear in WebAssembly.
	var up int
	var rank3, rank8 Bitboard
	var push1, push2, capL, capR Bitboard
	if us == White {
		up, rank3, rank8 = 8, RankBB[2], RankBB[7]
		push1 = free << 8 & empty
		push2 = (push1 & rank3) << 8 & empty
		capL = (free & notFileA) << 7 & enemy
		capR = (free & notFileH) << 9 & enemy
	} else {
		up, rank3, rank8 = -8, RankBB[5], RankBB[0]
		push1 = free >> 8 & empty
		push2 = (push1 & rank3) >> 8 & empty
		capL = (free & notFileA) >> 9 & enemy
		capR = (free & notFileH) >> 7 & enemy
	}
	push1 &= checkMask
	push2 &= checkMask
	capL &= checkMask
	capR &= checkMask
	// capL: captures towards file a, from square to - (up - 1); capR: to - (up + 1).
	dL, dR := up-1, up+1
	for b := capL & rank8; b != 0; {
		to := b.PopLSB()
		addPromotions(ml, Square(int(to)-dL), to, moveCapture)
	}
	for b := capR & rank8; b != 0; {
		to := b.PopLSB()
		addPromotions(ml, Square(int(to)-dR), to, moveCapture)
	}
	for b := push1 & rank8; b != 0; {
		to := b.PopLSB()
		addPromotions(ml, Square(int(to)-up), to, 0)
	}
	addPawnMoves(ml, capL&^rank8, dL, moveCapture)
	addPawnMoves(ml, capR&^rank8, dR, moveCapture)
	if !capturesOnly {
		addPawnMoves(ml, push1&^rank8, up, 0)
		addPawnMoves(ml, push2, 2*up, 0)
	}
	for b := pawns & pinned; b != 0; {
		from := b.PopLSB()
		line := lineBB[ksq][from] & checkMask
		for caps := pawnAttacks[us][from] & enemy & line; caps != 0; {
			to := caps.PopLSB()
			if rank8.Has(to) {
				addPromotions(ml, from, to, moveCapture)
			} else {
				ml.add(makeMove(from, to) | moveCapture)
			}
		}
		to1 := Square(int(from) + up)
		if !empty.Has(to1) {
			continue
		}
		if rank8.Has(to1) {
			if line.Has(to1) {
				addPromotions(ml, from, to1, 0)
			}
			continue
		}
		if capturesOnly {
			continue
		}
		if line.Has(to1) {
			ml.add(makeMove(from, to1))
		}
		if rank3.Has(to1) {
			if to2 := Square(int(to1) + up); empty.Has(to2) && line.Has(to2) {
				ml.add(makeMove(from, to2))
			}
		}
	}

	// En passant.
	if ep := p.EnPassant; ep != NoSquare {
		capSq := Square(int(ep) - up)
		for b := pawnAttacks[them][ep] & pawns; b != 0; {
			if from := b.PopLSB(); p.enPassantLegal(from, ep, capSq, ksq) {
				ml.add(makeMove(from, ep) | moveCapture | moveEnPassant)
			}
		}
	}

	// Castling.
	if capturesOnly || checkers != 0 || p.Castling == 0 {
		return
	}
	if us == White {
		if p.Castling&WhiteKingside != 0 && occ&(SquareBB(F1)|SquareBB(G1)) == 0 &&
			!p.attackedBy(F1, them, occ) && !p.attackedBy(G1, them, occ) {
			ml.add(makeMove(E1, G1) | moveCastle)
		}
		if p.Castling&WhiteQueenside != 0 && occ&(SquareBB(B1)|SquareBB(C1)|SquareBB(D1)) == 0 &&
			!p.attackedBy(D1, them, occ) && !p.attackedBy(C1, them, occ) {
			ml.add(makeMove(E1, C1) | moveCastle)
		}
	} else {
		if p.Castling&BlackKingside != 0 && occ&(SquareBB(F8)|SquareBB(G8)) == 0 &&
			!p.attackedBy(F8, them, occ) && !p.attackedBy(G8, them, occ) {
			ml.add(makeMove(E8, G8) | moveCastle)
		}
		if p.Castling&BlackQueenside != 0 && occ&(SquareBB(B8)|SquareBB(C8)|SquareBB(D8)) == 0 &&
			!p.attackedBy(D8, them, occ) && !p.attackedBy(C8, them, occ) {
			ml.add(makeMove(E8, C8) | moveCastle)
		}
	}
}
