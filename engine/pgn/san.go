package pgn

import (
	"errors"
	"fmt"

	"github.com/evochess/evochess/engine/board"
)

// sanMove is a SAN token broken into its parts. It is parsed from bytes
// without allocating and then matched against the legal moves of a position
// (see match), which is faster than board.ParseSAN's string interface on
// the reader's hot path and gives the same answer (san_test.go checks this
// against board.ParseSAN and board.Position.SAN).
type sanMove struct {
	piece    board.PieceType // moving piece type (Pawn when no letter)
	fromFile int8            // disambiguation file 0..7, -1 when absent
	fromRank int8            // disambiguation rank 0..7, -1 when absent
	to       board.Square
	promo    board.PieceType // NoPieceType when absent
	castle   int8            // 0 none, 1 king side, 2 queen side
}

// Errors of SAN matching; the reader wraps them with the game, line, move
// number and position.
var (
	errSANSyntax    = errors.New("not a move in standard algebraic notation")
	errSANIllegal   = errors.New("illegal")
	errSANAmbiguous = errors.New("ambiguous")
)

func pieceOfLetter(c byte) (board.PieceType, bool) {
	switch c {
	case 'N':
		return board.Knight, true
	case 'B':
		return board.Bishop, true
	case 'R':
		return board.Rook, true
	case 'Q':
		return board.Queen, true
	case 'K':
		return board.King, true
	case 'P':
		return board.Pawn, true
	}
	return board.NoPieceType, false
}

// parseSAN splits a SAN token ("Nbxd7+", "e8=Q#", "O-O-O", "exd6e.p.",
// "Ng1-f3", "e7e8Q") into its parts. Check, mate and annotation suffixes are
// ignored; capture markers ('x' or ':') and '-' are accepted but not checked.
func parseSAN(tok []byte) (sanMove, error) {
	s := sanMove{piece: board.Pawn, fromFile: -1, fromRank: -1, promo: board.NoPieceType}
	// Strip suffixes: check/mate/annotations and "e.p.".
	for len(tok) > 0 {
		c := tok[len(tok)-1]
		if c == '+' || c == '#' || c == '!' || c == '?' {
			tok = tok[:len(tok)-1]
			continue
		}
		break
	}
	if n := len(tok); n > 4 && string(tok[n-4:]) == "e.p." {
		tok = tok[:n-4]
	} else if n > 2 && string(tok[n-2:]) == "ep" && tok[n-3] >= '1' && tok[n-3] <= '8' {
		tok = tok[:n-2]
	}
	switch string(tok) {
	case "O-O", "0-0", "o-o": // zeros and lower case as some sources write castling
		s.castle = 1
		return s, nil
	case "O-O-O", "0-0-0", "o-o-o":
		s.castle = 2
		return s, nil
	}
	if len(tok) < 2 {
		return s, errSANSyntax
	}
	if pt, ok := pieceOfLetter(tok[0]); ok {
		s.piece = pt
		tok = tok[1:]
	}
	// Promotion at the end: "=Q", "Q", "(Q)", "/Q".
	if n := len(tok); n >= 3 && tok[n-1] == ')' && tok[n-3] == '(' {
		pt, ok := pieceOfLetter(tok[n-2])
		if !ok || pt == board.King || pt == board.Pawn {
			return s, errSANSyntax
		}
		s.promo = pt
		tok = tok[:n-3]
	} else if n >= 1 {
		if pt, ok := pieceOfLetter(tok[n-1]); ok && pt != board.King && pt != board.Pawn {
			s.promo = pt
			tok = tok[:n-1]
			if n := len(tok); n > 0 && (tok[n-1] == '=' || tok[n-1] == '/') {
				tok = tok[:n-1]
			}
		}
	}
	n := len(tok)
	if n < 2 {
		return s, errSANSyntax
	}
	f, r := tok[n-2], tok[n-1]
	if f < 'a' || f > 'h' || r < '1' || r > '8' {
		return s, errSANSyntax
	}
	s.to = board.MakeSquare(int(f-'a'), int(r-'1'))
	tok = tok[:n-2]
	if n := len(tok); n > 0 && (tok[n-1] == 'x' || tok[n-1] == ':' || tok[n-1] == '-') {
		tok = tok[:n-1]
	}
	for _, c := range tok {
		switch {
		case c >= 'a' && c <= 'h' && s.fromFile < 0 && s.fromRank < 0:
			s.fromFile = int8(c - 'a')
		case c >= '1' && c <= '8' && s.fromRank < 0:
			s.fromRank = int8(c - '1')
		default:
			return s, errSANSyntax
		}
	}
	if s.promo != board.NoPieceType && s.piece != board.Pawn {
		return s, errSANSyntax
	}
	return s, nil
}

// match returns the one legal move of pos (listed in ml) that s describes.
func (s *sanMove) match(pos *board.Position, ml *board.MoveList) (board.Move, error) {
	found := board.NoMove
	count := 0
	if s.castle != 0 {
		for _, m := range ml.Moves[:ml.N] {
			if !m.IsCastle() {
				continue
			}
			if (s.castle == 1) == (m.To().File() == 6) {
				found = m
				count++
			}
		}
	} else {
		for _, m := range ml.Moves[:ml.N] {
			if m.To() != s.to || pos.Board[m.From()].Type() != s.piece {
				continue
			}
			from := m.From()
			if s.fromFile >= 0 && from.File() != int(s.fromFile) {
				continue
			}
			if s.fromRank >= 0 && from.Rank() != int(s.fromRank) {
				continue
			}
			if m.Promotion() != s.promo {
				continue
			}
			found = m
			count++
		}
	}
	switch count {
	case 1:
		return found, nil
	case 0:
		return board.NoMove, errSANIllegal
	}
	return board.NoMove, errSANAmbiguous
}

// ParseSAN returns the legal move of pos written in standard algebraic
// notation as san. It accepts what the PGN reader accepts: check, mate and
// annotation suffixes, '0' for 'O' in castling, "e.p.", long algebraic
// ("Ng1-f3", "e2e4") and the promotion forms "e8=Q", "e8Q", "e8(Q)", "e8/Q".
// It agrees with board.Position.ParseSAN on standard SAN; the PGN reader
// uses the same code on byte slices without allocating.
func ParseSAN(pos *board.Position, san string) (board.Move, error) {
	s, err := parseSAN([]byte(san))
	if err != nil {
		return board.NoMove, fmt.Errorf("pgn: move %q: %w", san, err)
	}
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	m, err := s.match(pos, &ml)
	if err != nil {
		return board.NoMove, fmt.Errorf("pgn: move %q: %w in position %s", san, err, pos.FEN())
	}
	return m, nil
}
