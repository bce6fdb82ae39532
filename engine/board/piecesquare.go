package board

// PieceSquare is a pair of terms per piece and square whose sums over a
// Position's pieces the Position keeps up to date as moves are made and
// unmade, once SetPieceSquare gave it the table: an incrementally updated
// evaluation term (a tapered piece-square evaluation is D, its phase
// coefficient, and C, its constant). Rows are indexed by Piece (WhitePawn …
// BlackKing); the rows of NoPiece and above must stay zero, so that "no
// piece" adds nothing. A table is read-only once in use and may be shared
// by any number of positions.
type PieceSquare struct {
	D, C [16][64]int64
}

// SetPieceSquare makes p keep the sums of t's terms over its pieces (nil:
// none) and computes them. Moves made and unmade from then on update them:
// each MakeMove adds the difference the move makes under t and UnmakeMove
// subtracts it, so the sums stay those of the board whatever moves were
// made before. SetFEN keeps the table.
func (p *Position) SetPieceSquare(t *PieceSquare) {
	p.psq, p.psqD, p.psqC = t, 0, 0
	if t == nil {
		return
	}
	for bb := p.Occupied; bb != 0; {
		sq := bb.PopLSB()
		pc := p.Board[sq] & 15
		p.psqD += t.D[pc][sq]
		p.psqC += t.C[pc][sq]
	}
}

// PieceSquare returns the table SetPieceSquare gave p and the sums of its
// two terms over p's pieces (nil and zeros when there is none).
func (p *Position) PieceSquare() (t *PieceSquare, d, c int64) { return p.psq, p.psqD, p.psqC }

// psqCastle returns the change of the sums that the rook of a castling
// king move to to makes under t (kept apart: MakeMove and UnmakeMove inline
// the common part themselves, as calls are dear in WebAssembly).
func psqCastle(t *PieceSquare, to Square, us Color) (d, c int64) {
	rf, rt := castleRookSquares(to)
	rook := MakePiece(us, Rook) & 15
	return t.D[rook][rt] - t.D[rook][rf], t.C[rook][rt] - t.C[rook][rf]
}
