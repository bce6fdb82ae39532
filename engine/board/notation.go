package board

import (
	"fmt"
	"strings"
)

// Move notation: UCI long algebraic both ways, and Standard Algebraic
// Notation both ways. ParseSAN does not render SAN for candidate moves: it
// parses the text into piece, destination, disambiguation and promotion and
// matches that against the legal moves.

// ParseUCIMove parses a move in UCI notation ("e2e4", "e7e8q", "e1g1") and
// returns the matching legal move of p. Castling is also read as the king
// taking its own rook ("e1h1").
func (p *Position) ParseUCIMove(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NoMove, fmt.Errorf("board: UCI move %q: want 4 or 5 characters", s)
	}
	from, err := ParseSquare(s[0:2])
	if err != nil {
		return NoMove, fmt.Errorf("board: UCI move %q: bad from square", s)
	}
	to, err := ParseSquare(s[2:4])
	if err != nil {
		return NoMove, fmt.Errorf("board: UCI move %q: bad to square", s)
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'q', 'Q':
			promo = Queen
		case 'r', 'R':
			promo = Rook
		case 'b', 'B':
			promo = Bishop
		case 'n', 'N':
			promo = Knight
		default:
			return NoMove, fmt.Errorf("board: UCI move %q: bad promotion piece %q", s, s[4])
		}
	}
	if m, ok := p.MoveFromParts(from, to, promo); ok {
		return m, nil
	}
	if m, ok := p.kingTakesRook(from, to, promo); ok {
		return m, nil
	}
	return NoMove, fmt.Errorf("board: UCI move %q: not legal in %s", s, p.FEN())
}

// kingTakesRook returns the castling move written as the king taking its own
// rook ("e1h1" for e1g1, "e8a8" for e8c8: UCI_Chess960's notation, which
// some GUIs, bots and electronic boards send in standard chess too), if it
// is legal.
func (p *Position) kingTakesRook(from, to Square, promo PieceType) (Move, bool) {
	if promo != NoPieceType || from >= NoSquare || to >= NoSquare || from.Rank() != to.Rank() {
		return NoMove, false
	}
	k, r := p.Board[from], p.Board[to]
	if k == NoPiece || r == NoPiece || k.Type() != King || r.Type() != Rook || k.Color() != p.Side || r.Color() != p.Side {
		return NoMove, false
	}
	file := 6 // g: the king side
	if to.File() < from.File() {
		file = 2 // c
	}
	if m, ok := p.MoveFromParts(from, MakeSquare(file, from.Rank()), NoPieceType); ok && m.IsCastle() {
		return m, true
	}
	return NoMove, false
}

// CastleOntoRook returns the legal castling move a user means by moving the
// king from from onto its own rook on to (a board GUI's "drop the king on
// the rook"; UCI_Chess960's notation), and whether there is one.
func (p *Position) CastleOntoRook(from, to Square) (Move, bool) {
	return p.kingTakesRook(from, to, NoPieceType)
}

// MoveFromParts returns the legal move of p from from to to with the given
// promotion (NoPieceType for none), with its flags set, and whether it exists.
func (p *Position) MoveFromParts(from, to Square, promo PieceType) (Move, bool) {
	if from >= NoSquare || to >= NoSquare {
		return NoMove, false
	}
	pc := p.Board[from]
	if pc == NoPiece || pc.Color() != p.Side {
		return NoMove, false
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves[:ml.N] {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, true
		}
	}
	return NoMove, false
}

// IsLegal reports whether m is a legal move of p with exactly the flags the
// generators would give it, for example to validate a move from a
// transposition table or a killer slot. It checks the move directly
// (pseudo-legality, then pins and checks) without generating all moves,
// except for castling and en passant, which it looks up in the full list.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove || m>>18 != 0 || m>>12&7 > 4 { // unknown flag bits or promotion to a king / no piece
		return false
	}
	us, them := p.Side, p.Side^1
	from, to := m.From(), m.To()
	pc := p.Board[from]
	if pc == NoPiece || pc.Color() != us || p.ByColor[us].Has(to) {
		return false
	}
	if m.IsCastle() || m.IsEnPassant() {
		var ml MoveList
		p.GenerateLegal(&ml)
		return ml.Contains(m)
	}
	enemy := p.ByColor[them]
	if m.IsCapture() != enemy.Has(to) {
		return false
	}
	pt := pc.Type()
	occ := p.Occupied
	lastRank := RankBB[7]
	if us == Black {
		lastRank = RankBB[0]
	}
	switch pt {
	case Pawn:
		if m.IsPromotion() != lastRank.Has(to) {
			return false
		}
		if m.IsCapture() {
			if !pawnAttacks[us][from].Has(to) {
				return false
			}
		} else {
			up := 8
			if us == Black {
				up = -8
			}
			one := Square(int(from) + up)
			switch {
			case to == one:
				if occ.Has(to) {
					return false
				}
			case int(to) == int(from)+2*up && (us == White && from.Rank() == 1 || us == Black && from.Rank() == 6):
				if occ.Has(one) || occ.Has(to) {
					return false
				}
			default:
				return false
			}
		}
	case King:
		if m.IsPromotion() || !kingAttacks[from].Has(to) {
			return false
		}
		return !p.attackedBy(to, them, occ&^SquareBB(from))
	default:
		if m.IsPromotion() || !AttacksFrom(pt, us, from, occ).Has(to) {
			return false
		}
	}
	// A non-king move: it must resolve any check and respect pins.
	ksq := p.Pieces[us][King].LSB()
	if checkers := p.checkersOf(ksq, them); checkers != 0 {
		if checkers.More() || !(betweenBB[ksq][checkers.LSB()] | checkers).Has(to) {
			return false
		}
	}
	if p.pinnedTo(us, ksq).Has(from) && !lineBB[ksq][from].Has(to) {
		return false
	}
	return true
}

var sanPieceLetter = [6]byte{'P', 'N', 'B', 'R', 'Q', 'K'}

// SAN returns m, a legal move of p, in Standard Algebraic Notation with a
// "+" or "#" suffix when it checks or mates. Castling is "O-O"/"O-O-O".
func (p *Position) SAN(m Move) string {
	var buf [12]byte
	return string(p.appendSAN(buf[:0], m))
}

// AppendSAN appends the SAN of m to dst and returns the extended slice.
func (p *Position) AppendSAN(dst []byte, m Move) []byte { return p.appendSAN(dst, m) }

func (p *Position) appendSAN(b []byte, m Move) []byte {
	from, to := m.From(), m.To()
	pt := p.Board[from].Type()
	switch {
	case m.IsCastle():
		if to.File() == 6 {
			b = append(b, "O-O"...)
		} else {
			b = append(b, "O-O-O"...)
		}
	case pt == Pawn:
		if m.IsCapture() {
			b = append(b, 'a'+byte(from.File()), 'x')
		}
		b = append(b, 'a'+byte(to.File()), '1'+byte(to.Rank()))
		if m.IsPromotion() {
			b = append(b, '=', sanPieceLetter[m.Promotion()])
		}
	default:
		b = append(b, sanPieceLetter[pt])
		if pt != King {
			// Other pieces of the same type that can legally reach to.
			var ml MoveList
			p.GenerateLegal(&ml)
			var others Bitboard
			for _, o := range ml.Moves[:ml.N] {
				if o.To() == to && o.From() != from && p.Board[o.From()].Type() == pt {
					others |= SquareBB(o.From())
				}
			}
			if others != 0 {
				switch {
				case others&FileBB[from.File()] == 0:
					b = append(b, 'a'+byte(from.File()))
				case others&RankBB[from.Rank()] == 0:
					b = append(b, '1'+byte(from.Rank()))
				default:
					b = append(b, 'a'+byte(from.File()), '1'+byte(from.Rank()))
				}
			}
		}
		if m.IsCapture() {
			b = append(b, 'x')
		}
		b = append(b, 'a'+byte(to.File()), '1'+byte(to.Rank()))
	}
	if p.GivesCheck(m) {
		p.MakeMove(m)
		mate := !p.HasLegalMoves()
		p.UnmakeMove()
		if mate {
			b = append(b, '#')
		} else {
			b = append(b, '+')
		}
	}
	return b
}

// ParseSAN parses a move in Standard Algebraic Notation and returns the
// matching legal move of p. It accepts the usual variants: check and
// annotation suffixes (+, #, !, ?, !!, ?!, …), castling as O-O, 0-0, O-O-O,
// 0-0-0, captures with or without "x", promotions as "e8=Q", "e8Q" or
// "e8(Q)", a trailing "e.p.", and over-specified disambiguation such as
// "Ng1f3". The move must be unambiguous.
func (p *Position) ParseSAN(s string) (Move, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(t, "e.p.")
	t = strings.TrimSuffix(t, "ep")
	// Strip suffixes: check, mate and annotation glyphs.
	for len(t) > 0 {
		c := t[len(t)-1]
		if c == '+' || c == '#' || c == '!' || c == '?' || c == ' ' {
			t = t[:len(t)-1]
			continue
		}
		break
	}
	if t == "" {
		return NoMove, fmt.Errorf("board: SAN %q: empty move", s)
	}
	var ml MoveList
	switch t {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		kf := E1
		if p.Side == Black {
			kf = E8
		}
		kt := kf + 2
		if len(t) == 5 {
			kt = kf - 2
		}
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves[:ml.N] {
			if m.IsCastle() && m.From() == kf && m.To() == kt {
				return m, nil
			}
		}
		return NoMove, fmt.Errorf("board: SAN %q: castling not legal in %s", s, p.FEN())
	}

	pt := Pawn
	i := 0
	switch t[0] {
	case 'N':
		pt = Knight
	case 'B':
		pt = Bishop
	case 'R':
		pt = Rook
	case 'Q':
		pt = Queen
	case 'K':
		pt = King
	}
	if pt != Pawn || t[0] == 'P' {
		i = 1
	}
	rest := t[i:]
	// Promotion suffix.
	promo := NoPieceType
	if n := len(rest); n >= 2 {
		last := rest[n-1]
		if last == ')' && n >= 4 && rest[n-3] == '(' {
			last = rest[n-2]
			rest = rest[:n-3]
		} else if last >= 'A' && last <= 'Z' || last >= 'a' && last <= 'z' && last != 'a' && last != 'b' && last != 'c' && last != 'd' && last != 'e' && last != 'f' && last != 'g' && last != 'h' {
			rest = rest[:n-1]
			rest = strings.TrimSuffix(rest, "=")
		} else {
			last = 0
		}
		switch last {
		case 0:
		case 'Q', 'q':
			promo = Queen
		case 'R', 'r':
			promo = Rook
		case 'B':
			promo = Bishop
		case 'N', 'n':
			promo = Knight
		default:
			return NoMove, fmt.Errorf("board: SAN %q: bad promotion piece %q", s, last)
		}
		if promo != NoPieceType && pt != Pawn {
			return NoMove, fmt.Errorf("board: SAN %q: only pawns promote", s)
		}
	}
	// Destination: the last two characters.
	if len(rest) < 2 {
		return NoMove, fmt.Errorf("board: SAN %q: no destination square", s)
	}
	to, err := ParseSquare(rest[len(rest)-2:])
	if err != nil {
		return NoMove, fmt.Errorf("board: SAN %q: bad destination square", s)
	}
	rest = rest[:len(rest)-2]
	rest = strings.TrimSuffix(rest, "x")
	rest = strings.TrimSuffix(rest, ":")
	rest = strings.TrimSuffix(rest, "-")
	// Disambiguation: file, rank, or both.
	fromFile, fromRank := -1, -1
	for j := 0; j < len(rest); j++ {
		c := rest[j]
		switch {
		case c >= 'a' && c <= 'h' && fromFile < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return NoMove, fmt.Errorf("board: SAN %q: unexpected %q", s, c)
		}
	}
	if pt == Pawn && rest != "" && fromFile < 0 {
		return NoMove, fmt.Errorf("board: SAN %q: pawn capture needs the origin file", s)
	}
	if pt == Pawn && promo == NoPieceType && (to.Rank() == 7 || to.Rank() == 0) {
		return NoMove, fmt.Errorf("board: SAN %q: pawn move to the last rank needs a promotion piece", s)
	}

	// Candidate origins: pieces of type pt that could reach to.
	us := p.Side
	cands := p.Pieces[us][pt]
	if fromFile >= 0 {
		cands &= FileBB[fromFile]
	}
	if fromRank >= 0 {
		cands &= RankBB[fromRank]
	}
	if pt != Pawn {
		cands &= AttacksFrom(pt, us^1, to, p.Occupied)
	} else if fromFile < 0 {
		cands &= FileBB[to.File()] // a pawn move without origin file is a push
	}
	if cands == 0 {
		return NoMove, fmt.Errorf("board: SAN %q: no %s %s can move to %s in %s", s, us, pieceNames[pt], to, p.FEN())
	}
	p.GenerateLegal(&ml)
	found := NoMove
	for _, m := range ml.Moves[:ml.N] {
		if m.To() != to || !cands.Has(m.From()) || m.Promotion() != promo || m.IsCastle() {
			continue
		}
		if found != NoMove {
			return NoMove, fmt.Errorf("board: SAN %q: ambiguous in %s", s, p.FEN())
		}
		found = m
	}
	if found == NoMove {
		return NoMove, fmt.Errorf("board: SAN %q: not legal in %s", s, p.FEN())
	}
	return found, nil
}

var pieceNames = [7]string{"pawn", "knight", "bishop", "rook", "queen", "king", "none"}
