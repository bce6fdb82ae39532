package board

// GenerateQuiescence overwrites ml with the moves a quiescence search's first
// ply tries when quiet checks are on: every legal capture and promotion (as
// GenerateCaptures) and every other legal move that gives check, in the order
// GenerateLegal would list them. idx receives each move's index in
// GenerateLegal's list (it needs room for ml's moves), and the result is the
// length of that list, so a caller can order these moves exactly as it would
// have ordered the whole list: the moves left out are quiet moves that give
// no check. The side to move must not be in check (a caller in check wants
// every evasion: GenerateLegal).
//
// It follows generate's order step by step (king, knights, diagonal
// sliders, orthogonal sliders, set-wise pawn moves, pinned pawns, en
// passant, castling) but counts the quiet moves that give no check with
// popcounts instead of writing them; TestGenerateQuiescence checks moves and
// indices against GenerateLegal on many positions.
func (p *Position) GenerateQuiescence(ml *MoveList, idx []int32) int {
	ml.N = 0
	us, them := p.Side, p.Side^1
	own, enemy := p.ByColor[us], p.ByColor[them]
	occ := p.Occupied
	ksq := p.Pieces[us][King].LSB()
	eksq := p.Pieces[them][King].LSB()
	th := &p.Pieces[them]
	theirDiag, theirOrth := th[Bishop]|th[Queen], th[Rook]|th[Queen]
	mine := &p.Pieces[us]

	// Squares from which each piece type checks the enemy king, and our
	// pieces that uncover a check by leaving the line to it.
	diagChecks, orthChecks := BishopAttacks(eksq, occ), RookAttacks(eksq, occ)
	var disc Bitboard
	for snipers := rookPseudo[eksq]&(mine[Rook]|mine[Queen]) | bishopPseudo[eksq]&(mine[Bishop]|mine[Queen]); snipers != 0; {
		b := betweenBB[eksq][snipers.PopLSB()] & occ
		if b != 0 && !b.More() && b&own != 0 {
			disc |= b
		}
	}
	// checking returns the quiet destinations among tos from which the piece
	// on from (whose direct checks are direct) gives check.
	checking := func(from Square, tos, direct Bitboard) Bitboard {
		c := tos & direct
		if disc.Has(from) {
			c |= tos &^ lineBB[eksq][from]
		}
		return c
	}

	n := int32(0) // index in GenerateLegal's list of the next move
	emit := func(m Move, i int32) {
		ml.Moves[ml.N] = m
		idx[ml.N] = i
		ml.N++
	}
	// emitSet writes the moves from→to for the destinations sel ⊆ tos, each
	// with its index among tos (ascending squares, as addMoves lists them).
	emitSet := func(from Square, tos, sel Bitboard) {
		for sel != 0 {
			to := sel.PopLSB()
			emit(Move(from)|Move(to)<<6|Move(enemy>>to&1)<<15, n+int32((tos&(SquareBB(to)-1)).Count()))
		}
		n += int32(tos.Count())
	}

	// King moves (generate's test of each destination).
	occNoKing := occ &^ SquareBB(ksq)
	var kingTos Bitboard
	for t := kingAttacks[ksq] &^ own; t != 0; {
		to := t.PopLSB()
		if pawnAttacks[us][to]&th[Pawn]|knightAttacks[to]&th[Knight]|kingAttacks[to]&th[King] != 0 ||
			BishopAttacks(to, occNoKing)&theirDiag != 0 || RookAttacks(to, occNoKing)&theirOrth != 0 {
			continue
		}
		kingTos |= SquareBB(to)
	}
	emitSet(ksq, kingTos, kingTos&enemy|checking(ksq, kingTos&^enemy, 0))

	pinned := p.pinnedTo(us, ksq)
	empty := ^occ
	targets := ^own

	for b := mine[Knight] &^ pinned; b != 0; {
		from := b.PopLSB()
		tos := knightAttacks[from] & targets
		emitSet(from, tos, tos&enemy|checking(from, tos&^enemy, knightAttacks[eksq]))
	}
	// Sliders: diagonal moves of bishops and queens, then orthogonal moves
	// of rooks and queens (a queen checks along either).
	for pass := range 2 {
		diag := pass == 0
		pieces := mine[Rook] | mine[Queen]
		if diag {
			pieces = mine[Bishop] | mine[Queen]
		}
		for b := pieces; b != 0; {
			from := b.PopLSB()
			var tos Bitboard
			direct := orthChecks
			if diag {
				tos, direct = BishopAttacks(from, occ)&targets, diagChecks
			} else {
				tos = RookAttacks(from, occ) & targets
			}
			if pinned.Has(from) {
				tos &= lineBB[ksq][from]
			}
			if mine[Queen].Has(from) {
				direct = diagChecks | orthChecks
			}
			emitSet(from, tos, tos&enemy|checking(from, tos&^enemy, direct))
		}
	}

	// Pawns, in generate's order: promotions by capture towards file a and
	// towards file h, promotions by a push, then captures, single and double
	// pushes; pinned pawns one by one; en passant.
	pawns := mine[Pawn]
	free := pawns &^ pinned
	ps := freePawnMoves(us, free, empty, enemy)
	up, rank3, rank8 := ps.up, ps.rank3, ps.rank8
	push1, push2, capL, capR := ps.push1, ps.push2, ps.capL, ps.capR
	dL, dR := up-1, up+1
	promos := func(tos Bitboard, delta int, flags Move) {
		for b := tos; b != 0; {
			to := b.PopLSB()
			base := Move(int(to)-delta) | Move(to)<<6 | flags
			i := n + 4*int32((tos&(SquareBB(to)-1)).Count())
			emit(base|Move(Queen)<<12, i)
			emit(base|Move(Rook)<<12, i+1)
			emit(base|Move(Bishop)<<12, i+2)
			emit(base|Move(Knight)<<12, i+3)
		}
		n += 4 * int32(tos.Count())
	}
	promos(capL&rank8, dL, moveCapture)
	promos(capR&rank8, dR, moveCapture)
	promos(push1&rank8, up, 0)
	// pawnSet writes the pawn moves to the destinations sel ⊆ tos (from to −
	// delta), each with its index among tos.
	pawnSet := func(tos, sel Bitboard, delta int, flags Move) {
		for sel != 0 {
			to := sel.PopLSB()
			emit(Move(int(to)-delta)|Move(to)<<6|flags, n+int32((tos&(SquareBB(to)-1)).Count()))
		}
		n += int32(tos.Count())
	}
	pawnSet(capL&^rank8, capL&^rank8, dL, moveCapture)
	pawnSet(capR&^rank8, capR&^rank8, dR, moveCapture)
	// A push checks directly, or uncovers a check when its pawn leaves the
	// line to the king (a push along that line does not).
	pushChecks := func(tos Bitboard, delta int) Bitboard {
		c := tos & pawnAttacks[them][eksq]
		for b := tos &^ c; b != 0; {
			to := b.PopLSB()
			if from := Square(int(to) - delta); disc.Has(from) && !lineBB[eksq][from].Has(to) {
				c |= SquareBB(to)
			}
		}
		return c
	}
	p1 := push1 &^ rank8
	pawnSet(p1, pushChecks(p1, up), up, 0)
	pawnSet(push2, pushChecks(push2, 2*up), 2*up, 0)
	for b := pawns & pinned; b != 0; {
		from := b.PopLSB()
		line := lineBB[ksq][from]
		for caps := pawnAttacks[us][from] & enemy & line; caps != 0; {
			to := caps.PopLSB()
			if rank8.Has(to) {
				base := makeMove(from, to) | moveCapture
				emit(base|Move(Queen)<<12, n)
				emit(base|Move(Rook)<<12, n+1)
				emit(base|Move(Bishop)<<12, n+2)
				emit(base|Move(Knight)<<12, n+3)
				n += 4
			} else {
				emit(makeMove(from, to)|moveCapture, n)
				n++
			}
		}
		to1 := Square(int(from) + up)
		if !empty.Has(to1) {
			continue
		}
		if rank8.Has(to1) {
			if line.Has(to1) {
				base := makeMove(from, to1)
				emit(base|Move(Queen)<<12, n)
				emit(base|Move(Rook)<<12, n+1)
				emit(base|Move(Bishop)<<12, n+2)
				emit(base|Move(Knight)<<12, n+3)
				n += 4
			}
			continue
		}
		if line.Has(to1) {
			if pawnAttacks[them][eksq].Has(to1) || disc.Has(from) && !lineBB[eksq][from].Has(to1) {
				emit(makeMove(from, to1), n)
			}
			n++
		}
		if rank3.Has(to1) {
			if to2 := Square(int(to1) + up); empty.Has(to2) && line.Has(to2) {
				if pawnAttacks[them][eksq].Has(to2) || disc.Has(from) && !lineBB[eksq][from].Has(to2) {
					emit(makeMove(from, to2), n)
				}
				n++
			}
		}
	}

	// En passant (generate's legality test).
	if ep := p.EnPassant; ep != NoSquare {
		capSq := Square(int(ep) - up)
		for b := pawnAttacks[them][ep] & pawns; b != 0; {
			if from := b.PopLSB(); p.enPassantLegal(from, ep, capSq, ksq) {
				emit(makeMove(from, ep)|moveCapture|moveEnPassant, n)
				n++
			}
		}
	}

	// Castling: a check only by the rook, tested the slow way (rare).
	if p.Castling == 0 {
		return int(n)
	}
	castle := func(right CastleRights, k, to Square, empties Bitboard, safe1, safe2 Square) {
		if p.Castling&right == 0 || occ&empties != 0 || p.attackedBy(safe1, them, occ) || p.attackedBy(safe2, them, occ) {
			return
		}
		if m := makeMove(k, to) | moveCastle; p.GivesCheck(m) {
			emit(m, n)
		}
		n++
	}
	if us == White {
		castle(WhiteKingside, E1, G1, SquareBB(F1)|SquareBB(G1), F1, G1)
		castle(WhiteQueenside, E1, C1, SquareBB(B1)|SquareBB(C1)|SquareBB(D1), D1, C1)
	} else {
		castle(BlackKingside, E8, G8, SquareBB(F8)|SquareBB(G8), F8, G8)
		castle(BlackQueenside, E8, C8, SquareBB(B8)|SquareBB(C8)|SquareBB(D8), D8, C8)
	}
	return int(n)
}
