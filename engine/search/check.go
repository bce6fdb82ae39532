package search

import "github.com/evochess/evochess/engine/board"

// checkInfo answers "does this move give check?" for many moves of one
// position faster than board.Position.GivesCheck, which recomputes the
// enemy king's slider attacks per move: here they are computed once per
// node, with the pieces that would uncover a check by moving (Stockfish's
// check squares and discovered-check candidates). Promotions, castling and
// en passant fall back to GivesCheck. The answers are exactly GivesCheck's
// (TestCheckInfo).
type checkInfo struct {
	squares [6]board.Bitboard // squares from which a piece of each type attacks the enemy king
	disc    board.Bitboard    // our pieces alone between one of our sliders and the enemy king
	ksq     board.Square      // the enemy king
	ready   bool
}

// init fills ci for pos (side to move = the checking side).
func (ci *checkInfo) init(pos *board.Position) {
	us, them := pos.Side, pos.Side^1
	ksq := pos.KingSquare(them)
	occ := pos.Occupied
	ci.ksq = ksq
	ci.squares[board.Pawn] = board.PawnAttacks(them, ksq)
	ci.squares[board.Knight] = board.KnightAttacks(ksq)
	ci.squares[board.Bishop] = board.BishopAttacks(ksq, occ)
	ci.squares[board.Rook] = board.RookAttacks(ksq, occ)
	ci.squares[board.Queen] = ci.squares[board.Bishop] | ci.squares[board.Rook]
	ci.squares[board.King] = 0
	own := &pos.Pieces[us]
	snipers := board.RookAttacks(ksq, 0)&(own[board.Rook]|own[board.Queen]) |
		board.BishopAttacks(ksq, 0)&(own[board.Bishop]|own[board.Queen])
	ci.disc = 0
	for snipers != 0 {
		s := snipers.PopLSB()
		b := board.Between(ksq, s) & occ
		if b != 0 && !b.More() && b&pos.ByColor[us] != 0 {
			ci.disc |= b
		}
	}
	ci.ready = true
}

// givesCheck reports whether m (legal in pos) gives check.
func (ci *checkInfo) givesCheck(pos *board.Position, m board.Move) bool {
	if m.IsSpecial() {
		return pos.GivesCheck(m)
	}
	if !ci.ready {
		ci.init(pos)
	}
	// A direct check, or a discovered one (from leaves the line to the
	// king): bit arithmetic rather than branches, which are dear in
	// WebAssembly.
	from, to := m.From(), m.To()
	direct := ci.squares[pos.Board[from].Type()%6] >> to
	disc := ci.disc >> from &^ (board.Line(from, ci.ksq) >> to)
	return (direct|disc)&1 != 0
}
