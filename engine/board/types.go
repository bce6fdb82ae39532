package board

import (
	"fmt"
	"math/bits"
)

// Color is a side: White or Black.
type Color uint8

// The two colours.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without colour.
type PieceType uint8

// The piece types; NoPieceType marks "none" (for example a move without promotion).
const (
	Pawn PieceType = iota
	Knight
	Bishop
	Rook
	Queen
	King
	NoPieceType
)

// String returns the lower-case English letter of the piece type ("p", "n", …), or "-" for NoPieceType.
func (pt PieceType) String() string {
	if pt > King {
		return "-"
	}
	return string("pnbrqk"[pt])
}

// Piece is a coloured piece: WhitePawn … WhiteKing, BlackPawn … BlackKing, or NoPiece.
type Piece uint8

// The twelve pieces and NoPiece (an empty square).
const (
	WhitePawn Piece = iota
	WhiteKnight
	WhiteBishop
	WhiteRook
	WhiteQueen
	WhiteKing
	BlackPawn
	BlackKnight
	BlackBishop
	BlackRook
	BlackQueen
	BlackKing
	NoPiece
)

// MakePiece returns the piece of colour c and type pt.
func MakePiece(c Color, pt PieceType) Piece { return Piece(uint8(c)*6 + uint8(pt)) }

// Color returns the colour of p (meaningless for NoPiece).
func (p Piece) Color() Color {
	if p >= BlackPawn {
		return Black
	}
	return White
}

// Type returns the piece type of p, or NoPieceType for NoPiece.
func (p Piece) Type() PieceType { return typeOf[p] }

// typeOf is the piece type of every byte value (NoPieceType from NoPiece
// on): indexed by a Piece it needs neither a bounds check nor a branch
// (a taken branch is dear in WebAssembly: see engine/search's doc.go).
var typeOf = func() (t [256]PieceType) {
	for p := range t {
		t[p] = NoPieceType
		if p < int(NoPiece) {
			t[p] = PieceType(p % 6)
		}
	}
	return t
}()

// String returns the FEN letter of p ("P", "n", …) or "." for NoPiece.
func (p Piece) String() string {
	if p >= NoPiece {
		return "."
	}
	return string("PNBRQKpnbrqk"[p])
}

// Square is a board square, A1 = 0, B1 = 1, … H8 = 63; NoSquare = 64.
type Square uint8

// The squares, rank by rank from White's side.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A2
	B2
	C2
	D2
	E2
	F2
	G2
	H2
	A3
	B3
	C3
	D3
	E3
	F3
	G3
	H3
	A4
	B4
	C4
	D4
	E4
	F4
	G4
	H4
	A5
	B5
	C5
	D5
	E5
	F5
	G5
	H5
	A6
	B6
	C6
	D6
	E6
	F6
	G6
	H6
	A7
	B7
	C7
	D7
	E7
	F7
	G7
	H7
	A8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
	NoSquare
)

// MakeSquare returns the square on file (0 = a) and rank (0 = rank 1).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the file 0..7 (a..h).
func (sq Square) File() int { return int(sq & 7) }

// Rank returns the rank 0..7 (rank 1..8).
func (sq Square) Rank() int { return int(sq >> 3) }

// String returns the algebraic name ("e4"), or "-" for NoSquare.
func (sq Square) String() string {
	if sq >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(sq.File()), '1' + byte(sq.Rank())})
}

// ParseSquare parses an algebraic square name such as "e4".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("board: bad square %q", s)
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), nil
}

// Bitboard is a set of squares, bit i for Square i.
type Bitboard uint64

// SquareBB returns the bitboard holding only sq (empty for NoSquare).
func SquareBB(sq Square) Bitboard { return Bitboard(1) << sq } // Go shifts by 64 or more give 0

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB returns the lowest square of b (NoSquare when b is empty).
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopLSB removes the lowest square from b and returns it.
func (b *Bitboard) PopLSB() Square {
	sq := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return sq
}

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return b&SquareBB(sq) != 0 }

// More reports whether b holds more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// String draws b as an 8×8 grid, rank 8 first, for debugging.
func (b Bitboard) String() string {
	buf := make([]byte, 0, 72)
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(MakeSquare(f, r)) {
				buf = append(buf, 'x')
			} else {
				buf = append(buf, '.')
			}
		}
		buf = append(buf, '\n')
	}
	return string(buf)
}

// FileBB holds the bitboard of each file a..h; RankBB of each rank 1..8. Read-only.
var (
	FileBB = [8]Bitboard{
		0x0101010101010101, 0x0202020202020202, 0x0404040404040404, 0x0808080808080808,
		0x1010101010101010, 0x2020202020202020, 0x4040404040404040, 0x8080808080808080,
	}
	RankBB = [8]Bitboard{
		0xff, 0xff00, 0xff0000, 0xff000000,
		0xff00000000, 0xff0000000000, 0xff000000000000, 0xff00000000000000,
	}
)

// CastleRights is a set of castling rights.
type CastleRights uint8

// The four castling rights; AllCastling is their union.
const (
	WhiteKingside  CastleRights = 1
	WhiteQueenside CastleRights = 2
	BlackKingside  CastleRights = 4
	BlackQueenside CastleRights = 8
	NoCastling     CastleRights = 0
	AllCastling    CastleRights = 15
)

// String returns the FEN castling field ("KQkq", "-" if none).
func (cr CastleRights) String() string {
	if cr&AllCastling == 0 {
		return "-"
	}
	buf := make([]byte, 0, 4)
	for i, ch := range "KQkq" {
		if cr&(1<<i) != 0 {
			buf = append(buf, byte(ch))
		}
	}
	return string(buf)
}
