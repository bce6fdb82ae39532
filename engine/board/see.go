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
	var gain [40]int
	d := 0
	occ := p.Occupied
	if m.IsEnPassant() {
		gain[0] = SEEValue[Pawn]
		occ &^= SquareBB(to ^ 8)
	} else {
		gain[0] = SEEValue[p.Board[to].Type()]
	}
	attackerType := p.Board[from].Type()
	fromBB := SquareBB(from)
	side := p.Side
	diag := p.Pieces[White][Bishop] | p.Pieces[White][Queen] | p.Pieces[Black][Bishop] | p.Pieces[Black][Queen]
	orth := p.Pieces[White][Rook] | p.Pieces[White][Queen] | p.Pieces[Black][Rook] | p.Pieces[Black][Queen]
	attackers := p.AttackersTo(to, occ)
	for {
		d++
		gain[d] = SEEValue[attackerType] - gain[d-1]
		occ &^= fromBB
		attackers &^= fromBB
		attackers |= (BishopAttacks(to, occ)&diag | RookAttacks(to, occ)&orth) & occ
		side ^= 1
		own := attackers & p.ByColor[side]
		if own == 0 {
			break
		}
		fromBB = 0
		for pt := Pawn; pt <= King; pt++ {
			if b := own & p.Pieces[side][pt]; b != 0 {
				fromBB = b & -b
				attackerType = pt
				break
			}
		}
		if d == len(gain)-1 {
			break
		}
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}
