package board

// Move is a chess move packed into 32 bits:
//
//	bits  0-5   from square
//	bits  6-11  to square
//	bits 12-14  promotion piece type (Knight..Queen), 0 when none
//	bit  15     capture (including en passant)
//	bit  16     en passant
//	bit  17     castling (encoded as king from → king to, e.g. e1g1)
//
// Moves produced by a Position's generators, ParseUCIMove and ParseSAN carry
// the flags; compare moves of the same position with ==. NoMove is 0.
type Move uint32

// NoMove is the zero move (a1a1), used as "none".
const NoMove Move = 0

const (
	moveCapture   Move = 1 << 15
	moveEnPassant Move = 1 << 16
	moveCastle    Move = 1 << 17
)

// NewMove builds a quiet (non-capture) move without promotion. For moves of a
// real position prefer Position.MoveFromParts, which sets the flags right.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

func makeMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the promotion piece type, or NoPieceType.
func (m Move) Promotion() PieceType { return promotionOf[m>>12&7] }

// promotionOf maps a move's 3 promotion bits to the piece type (a table: no
// branch).
var promotionOf = [8]PieceType{NoPieceType, 1, 2, 3, 4, 5, 6, 7}

// IsPromotion reports whether m promotes a pawn.
func (m Move) IsPromotion() bool { return m&(7<<12) != 0 }

// IsCapture reports whether m captures (en passant included).
func (m Move) IsCapture() bool { return m&moveCapture != 0 }

// IsPlainCapture reports whether m captures without promoting (IsCapture
// and not IsPromotion, in one test).
func (m Move) IsPlainCapture() bool { return m&(moveCapture|7<<12) == moveCapture }

// IsEnPassant reports whether m is an en passant capture.
func (m Move) IsEnPassant() bool { return m&moveEnPassant != 0 }

// IsCastle reports whether m is castling.
func (m Move) IsCastle() bool { return m&moveCastle != 0 }

// IsSpecial reports whether m promotes, castles or captures en passant: the
// moves that change more than the from and to squares (one test for three).
func (m Move) IsSpecial() bool { return m&(7<<12|moveEnPassant|moveCastle) != 0 }

// UCI returns the move in UCI long algebraic notation ("e2e4", "e7e8q", "e1g1"); "0000" for NoMove.
func (m Move) UCI() string {
	if m == NoMove {
		return "0000"
	}
	buf := make([]byte, 4, 5)
	from, to := m.From(), m.To()
	buf[0] = 'a' + byte(from.File())
	buf[1] = '1' + byte(from.Rank())
	buf[2] = 'a' + byte(to.File())
	buf[3] = '1' + byte(to.Rank())
	if m.IsPromotion() {
		buf = append(buf, "pnbrqk"[m.Promotion()])
	}
	return string(buf)
}

// String is the same as UCI.
func (m Move) String() string { return m.UCI() }

// MoveList is a fixed-capacity list of moves (no legal position has more than 218).
type MoveList struct {
	Moves [256]Move
	N     int
}

// Slice returns the moves held, aliasing the list's storage.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for _, x := range ml.Moves[:ml.N] {
		if x == m {
			return true
		}
	}
	return false
}

func (ml *MoveList) add(m Move) {
	ml.Moves[ml.N] = m
	ml.N++
}
