package board

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the FEN of the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Position is a chess position with redundant bitboard and mailbox
// representations, an incrementally updated Zobrist hash and an undo stack.
//
// The exported fields are read-only outside this package: change a position
// only through its methods (MakeMove, UnmakeMove, …). A Position is not safe
// for concurrent use; Clone it for another goroutine.
type Position struct {
	Pieces         [2][6]Bitboard // by colour and piece type
	ByColor        [2]Bitboard    // all pieces of each colour
	Occupied       Bitboard       // all pieces
	Board          [64]Piece      // mailbox: the piece on each square, NoPiece if empty
	Side           Color          // side to move
	Castling       CastleRights   // remaining castling rights
	EnPassant      Square         // en-passant target square if an en-passant capture is legal, else NoSquare
	HalfmoveClock  int            // plies since the last capture or pawn move
	FullmoveNumber int            // starts at 1, incremented after Black moves
	Hash           uint64         // Zobrist hash, updated incrementally

	undo []undoInfo // one entry per MakeMove/MakeNullMove not yet undone

	psq        *PieceSquare // incrementally summed terms (SetPieceSquare), or nil
	psqD, psqC int64        // their sums over the pieces
}

// undoInfo holds what MakeMove cannot recompute when undoing a move.
type undoInfo struct {
	hash     uint64 // hash before the move (also the repetition history)
	move     Move   // NoMove marks a null move
	halfmove int32
	fullmove int32
	castling CastleRights
	ep       Square
	captured Piece
}

// castleMask[sq] holds the castling rights that survive a move from or to sq.
var castleMask = func() (m [64]CastleRights) {
	for i := range m {
		m[i] = AllCastling
	}
	m[E1] &^= WhiteKingside | WhiteQueenside
	m[H1] &^= WhiteKingside
	m[A1] &^= WhiteQueenside
	m[E8] &^= BlackKingside | BlackQueenside
	m[H8] &^= BlackKingside
	m[A8] &^= BlackQueenside
	return m
}()

// NewPosition returns the initial position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("board: start position: " + err.Error()) // unreachable: StartFEN is a constant
	}
	return p
}

func (p *Position) clear() {
	*p = Position{undo: p.undo[:0]}
	for i := range p.Board {
		p.Board[i] = NoPiece
	}
	p.EnPassant = NoSquare
	p.FullmoveNumber = 1
}

func (p *Position) putPiece(pc Piece, sq Square) {
	b := SquareBB(sq)
	c, pt := pc.Color(), pc.Type()
	p.Pieces[c][pt] |= b
	p.ByColor[c] |= b
	p.Occupied |= b
	p.Board[sq] = pc
}

// ParseFEN parses a position in Forsyth–Edwards Notation. The halfmove clock
// and fullmove number may be omitted (EPD style); they default to 0 and 1.
// The position must be legal enough to play from: one king per side, no
// pawns on the first or last rank, at most 16 pieces and 8 pawns per side,
// the side not to move not in check, castling rights backed by a king and
// rook on their initial squares, and an en-passant square behind a pawn that
// has just moved two squares. Errors name the offending field. An en-passant
// square on which no en-passant capture is legal is accepted but dropped (so
// FEN and the hash only record a usable en-passant square).
func ParseFEN(fen string) (*Position, error) {
	p := &Position{undo: make([]undoInfo, 0, 64)}
	if err := p.SetFEN(fen); err != nil {
		return nil, err
	}
	return p, nil
}

// ParseFENLoose parses fen as ParseFEN does, but repairs the inconsistencies
// other tools commonly write into positions that are otherwise sound, and
// returns a warning for each repair (naming the field, as errors do):
//
//   - a castling right without its king and rook on their initial squares is
//     dropped (board editors that keep "KQkq"), a repeated letter ignored, and
//     Shredder-FEN / X-FEN rook-file letters (H, A, h, a) read as K, Q, k, q
//     (then checked like them);
//   - an en-passant square on the wrong rank or behind no pawn that has just
//     moved two squares is dropped;
//   - a fullmove number of 0 is read as 1.
//
// Everything else ParseFEN refuses (the placement, kings, pawns, the side to
// move, a check on the side not to move, malformed fields) is still an
// error: such a FEN does not describe a position to play from. Use it for
// input from outside (UCI, the Play tab, opening files, test suites and PGN
// FEN tags), ParseFEN where a FEN should be exactly right.
func ParseFENLoose(fen string) (*Position, []string, error) {
	q := &Position{undo: make([]undoInfo, 0, 64)}
	var warn []string
	if err := q.parseFEN(fen, &warn); err != nil {
		return nil, nil, err
	}
	return q, warn, nil
}

// SetFEN replaces p with the position described by fen (see ParseFEN),
// clearing the undo and repetition history (a PieceSquare table stays, its
// sums recomputed). On error p is left unchanged.
func (p *Position) SetFEN(fen string) error {
	var q Position
	q.undo = p.undo[:0]
	if err := q.parseFEN(fen, nil); err != nil {
		return err
	}
	q.SetPieceSquare(p.psq)
	*p = q
	return nil
}

// parseFEN parses fen into p: strictly when loose is nil, else repairing
// what ParseFENLoose repairs and appending a warning for each repair.
func (p *Position) parseFEN(fen string, loose *[]string) error {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return fmt.Errorf("board: FEN %q: want 4 to 6 fields, got %d", fen, len(fields))
	}
	p.clear()

	// Field 1: placement.
	rank, file := 7, 0
	for i := 0; i < len(fields[0]); i++ {
		ch := fields[0][i]
		switch {
		case ch == '/':
			if file != 8 {
				return fmt.Errorf("board: FEN field 1 (placement) %q: rank %d has %d files, want 8", fields[0], rank+1, file)
			}
			rank--
			file = 0
			if rank < 0 {
				return fmt.Errorf("board: FEN field 1 (placement) %q: more than 8 ranks", fields[0])
			}
		case ch >= '1' && ch <= '8':
			file += int(ch - '0')
			if file > 8 {
				return fmt.Errorf("board: FEN field 1 (placement) %q: rank %d has more than 8 files", fields[0], rank+1)
			}
		default:
			idx := strings.IndexByte("PNBRQKpnbrqk", ch)
			if idx < 0 {
				return fmt.Errorf("board: FEN field 1 (placement) %q: bad piece letter %q", fields[0], ch)
			}
			if file > 7 {
				return fmt.Errorf("board: FEN field 1 (placement) %q: rank %d has more than 8 files", fields[0], rank+1)
			}
			p.putPiece(Piece(idx), MakeSquare(file, rank))
			file++
		}
	}
	if rank != 0 || file != 8 {
		return fmt.Errorf("board: FEN field 1 (placement) %q: want 8 ranks of 8 files", fields[0])
	}
	for c := White; c <= Black; c++ {
		if n := p.Pieces[c][King].Count(); n != 1 {
			return fmt.Errorf("board: FEN field 1 (placement) %q: %s has %d kings, want 1", fields[0], c, n)
		}
		if n := p.ByColor[c].Count(); n > 16 {
			return fmt.Errorf("board: FEN field 1 (placement) %q: %s has %d pieces, want at most 16", fields[0], c, n)
		}
		pawns := p.Pieces[c][Pawn].Count()
		if pawns > 8 {
			return fmt.Errorf("board: FEN field 1 (placement) %q: %s has %d pawns, want at most 8", fields[0], c, pawns)
		}
		extra := max(0, p.Pieces[c][Knight].Count()-2) + max(0, p.Pieces[c][Bishop].Count()-2) +
			max(0, p.Pieces[c][Rook].Count()-2) + max(0, p.Pieces[c][Queen].Count()-1)
		if extra > 8-pawns {
			return fmt.Errorf("board: FEN field 1 (placement) %q: %s has more promoted pieces than missing pawns", fields[0], c)
		}
	}
	if (p.Pieces[White][Pawn]|p.Pieces[Black][Pawn])&(RankBB[0]|RankBB[7]) != 0 {
		return fmt.Errorf("board: FEN field 1 (placement) %q: pawn on the first or last rank", fields[0])
	}

	// Field 2: side to move.
	switch fields[1] {
	case "w":
		p.Side = White
	case "b":
		p.Side = Black
	default:
		return fmt.Errorf("board: FEN field 2 (side to move) %q: want w or b", fields[1])
	}
	if p.IsAttacked(p.KingSquare(p.Side.Other()), p.Side) {
		return fmt.Errorf("board: FEN field 2 (side to move) %q: the side not to move is in check", fields[1])
	}

	// repair reports a repair in loose mode; in strict mode it returns the
	// error instead.
	repair := func(format string, a ...any) error {
		if loose == nil {
			return fmt.Errorf("board: "+format, a...)
		}
		*loose = append(*loose, fmt.Sprintf(format, a...))
		return nil
	}

	// Field 3: castling.
	if fields[2] != "-" {
		for i := 0; i < len(fields[2]); i++ {
			var cr CastleRights
			var king, rook Square
			var c Color
			ch := fields[2][i]
			if loose != nil {
				if k := strings.IndexByte("HAha", ch); k >= 0 {
					*loose = append(*loose, fmt.Sprintf("FEN field 3 (castling) %q: %q read as %q", fields[2], ch, "KQkq"[k]))
					ch = "KQkq"[k]
				}
			}
			switch ch {
			case 'K':
				cr, c, king, rook = WhiteKingside, White, E1, H1
			case 'Q':
				cr, c, king, rook = WhiteQueenside, White, E1, A1
			case 'k':
				cr, c, king, rook = BlackKingside, Black, E8, H8
			case 'q':
				cr, c, king, rook = BlackQueenside, Black, E8, A8
			default:
				return fmt.Errorf("board: FEN field 3 (castling) %q: bad letter %q, want K, Q, k, q or -", fields[2], fields[2][i])
			}
			if p.Castling&cr != 0 {
				if err := repair("FEN field 3 (castling) %q: %q repeated", fields[2], ch); err != nil {
					return err
				}
				continue
			}
			if p.Board[king] != MakePiece(c, King) || p.Board[rook] != MakePiece(c, Rook) {
				if loose == nil {
					return fmt.Errorf("board: FEN field 3 (castling) %q: %q needs the %s king on %s and rook on %s", fields[2], ch, c, king, rook)
				}
				*loose = append(*loose, fmt.Sprintf("FEN field 3 (castling) %q: %q dropped: it needs the %s king on %s and rook on %s", fields[2], ch, c, king, rook))
				continue
			}
			p.Castling |= cr
		}
	}

	// Field 4: en passant.
	if fields[3] != "-" {
		sq, err := ParseSquare(fields[3])
		if err != nil {
			return fmt.Errorf("board: FEN field 4 (en passant) %q: want a square or -", fields[3])
		}
		wantRank, pawnSq, fromSq := 5, sq-8, sq+8
		if p.Side == Black {
			wantRank, pawnSq, fromSq = 2, sq+8, sq-8
		}
		switch {
		case sq.Rank() != wantRank:
			if err := repair("FEN field 4 (en passant) %q: want rank %d for %s to move", fields[3], wantRank+1, p.Side); err != nil {
				return err
			}
		case p.Board[pawnSq] != MakePiece(p.Side.Other(), Pawn) || p.Board[sq] != NoPiece || p.Board[fromSq] != NoPiece:
			if err := repair("FEN field 4 (en passant) %q: no %s pawn just moved two squares past it", fields[3], p.Side.Other()); err != nil {
				return err
			}
		case p.epCapturable(sq, p.Side):
			p.EnPassant = sq
		}
	}

	// Fields 5 and 6: clocks.
	if len(fields) >= 5 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 100000 {
			return fmt.Errorf("board: FEN field 5 (halfmove clock) %q: want an integer 0..100000", fields[4])
		}
		p.HalfmoveClock = n
	}
	if len(fields) >= 6 {
		n, err := strconv.Atoi(fields[5])
		if err == nil && n == 0 && loose != nil {
			*loose = append(*loose, fmt.Sprintf("FEN field 6 (fullmove number) %q: read as 1", fields[5]))
			n = 1
		}
		if err != nil || n < 1 || n > 100000 {
			return fmt.Errorf("board: FEN field 6 (fullmove number) %q: want an integer 1..100000", fields[5])
		}
		p.FullmoveNumber = n
	}
	p.Hash = p.computeHash()
	return nil
}

// FEN returns the position in Forsyth–Edwards Notation.
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.Grow(90)
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.Board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte('0' + byte(empty))
				empty = 0
			}
			sb.WriteString(pc.String())
		}
		if empty > 0 {
			sb.WriteByte('0' + byte(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if p.Side == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	sb.WriteString(p.Castling.String())
	sb.WriteByte(' ')
	sb.WriteString(p.EnPassant.String())
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(p.HalfmoveClock))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(p.FullmoveNumber))
	return sb.String()
}

// String returns the FEN.
func (p *Position) String() string { return p.FEN() }

// Clone returns an independent deep copy of p, including its undo and
// repetition history.
func (p *Position) Clone() *Position {
	q := *p
	q.undo = make([]undoInfo, len(p.undo), max(cap(p.undo), 64))
	copy(q.undo, p.undo)
	return &q
}

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.Pieces[c][King].LSB() }

// PieceAt returns the piece on sq (NoPiece if empty or sq is NoSquare).
func (p *Position) PieceAt(sq Square) Piece {
	if sq >= NoSquare {
		return NoPiece
	}
	return p.Board[sq]
}

// Ply returns the number of moves (including null moves) made on p since it
// was set up and not yet undone.
func (p *Position) Ply() int { return len(p.undo) }

// LastMove returns the last move made and not undone (NoMove for a null move
// or when there is none).
func (p *Position) LastMove() Move {
	if len(p.undo) == 0 {
		return NoMove
	}
	return p.undo[len(p.undo)-1].move
}

// Material returns the number of pieces of colour c and type pt.
func (p *Position) Material(c Color, pt PieceType) int { return p.Pieces[c][pt].Count() }
