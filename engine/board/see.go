package board

// SEEValue is the material value (centipawns) used by SEE for each piece
// type; the king's value is a sentinel that makes capturing into a defended
// square lose.
var SEEValue = [7]int{100, 300, 300, 500, 900, 20000, 0}

// SEE returns the static exchange evaluation of m in centipawns from the
// mover's point of view: the material balance of the best sequence of
// captures on m's destination square, each side capturing with its least
// valuable attacker and free to stop. It uses the swap-list algorithm with
// x-ray attackers revealed as pieces leave the square's lines. Pins are
// ignored; a king captures only when the square is no longer defended;
// promotions are valued as pawns; castling and quiet non-capturing moves
// start from zero material gain.
func (p *Position) SEE(m Move) int {
	if m.IsCastle() {
		return 0
	}
	from, to := m.From(), m.To()
	var gain [40]int32
	d := 0
	occ := p.Occupied
	if m.IsEnPassant() {
		gain[0] = int32(SEEValue[Pawn])
		occ &^= SquareBB(to ^ 8)
	} else {
		gain[0] = int32(SEEValue[p.Board[to].Type()])
	}
	attackerType := p.Board[from].Type()
	fromBB := SquareBB(from)
	side := p.Side
	w, b := &p.Pieces[White], &p.Pieces[Black]
	diag := w[Bishop] | w[Queen] | b[Bishop] | b[Queen]
	orth := w[Rook] | w[Queen] | b[Rook] | b[Queen]
	// p.AttackersTo(to, occ), written out: no call (dear in WebAssembly),
	// and the sliders are at hand.
	attackers := pawnAttacks[Black][to]&w[Pawn] | pawnAttacks[White][to]&b[Pawn] |
		knightAttacks[to]&(w[Knight]|b[Knight]) | kingAttacks[to]&(w[King]|b[King]) |
		BishopAttacks(to, occ)&diag | RookAttacks(to, occ)&orth
	for {
		d++
		gain[d] = int32(SEEValue[attackerType]) - gain[d-1]
		occ &^= fromBB
		attackers &^= fromBB
		attackers |= (BishopAttacks(to, occ)&diag | RookAttacks(to, occ)&orth) & occ
		side ^= 1
		own := attackers & p.ByColor[side]
		if own == 0 {
			break
		}
		// The least valuable attacker (an if chain, not a loop over the
		// types: loops are dear in WebAssembly). own is not empty, so one
		// of them, at worst the king, is found.
		pcs := &p.Pieces[side]
		var b Bitboard
		switch {
		case own&pcs[Pawn] != 0:
			b, attackerType = own&pcs[Pawn], Pawn
		case own&pcs[Knight] != 0:
			b, attackerType = own&pcs[Knight], Knight
		case own&pcs[Bishop] != 0:
			b, attackerType = own&pcs[Bishop], Bishop
		case own&pcs[Rook] != 0:
			b, attackerType = own&pcs[Rook], Rook
		case own&pcs[Queen] != 0:
			b, attackerType = own&pcs[Queen], Queen
		default:
			b, attackerType = own&pcs[King], King
		}
		fromBB = b & -b
		if d == len(gain)-1 {
			break
		}
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return int(gain[0])
}
