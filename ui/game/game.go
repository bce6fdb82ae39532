// Package game is the Play tab's model of one game on engine/board: the move
// list in SAN, legal-move hints for a square, click/drag move resolution
// (with the promotion choice), typed moves (ParseMove: SAN or UCI), undo, the result by the rules (checkmate,
// stalemate, threefold repetition, fifty moves, insufficient material) and
// PGN export. It is pure Go with no build tags and runs on the UI thread
// (cheap: one legal move generation per user action); searching happens in a
// Web Worker. Tested natively in game_test.go.
package game

import (
	"fmt"
	"strings"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/tuner/arena"
)

// StartFEN is the standard initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Game is a game in progress. The zero value is not usable; call New.
type Game struct {
	startFEN string
	pos      *board.Position
	moves    []board.Move
	sans     []string
	White    string
	Black    string
	Date     time.Time
	Round    string // the PGN Round tag ("" = "-")
	resigned string // result forced by resignation, "" if none
	// A result recorded from outside (End: an adjudicated game), with its
	// reason; "" if none.
	ended, endReason string
	repairs          []string // board.ParseFENLoose's warnings for the start FEN
}

// New starts a game from fen ("" = the initial position), repairing what
// other tools commonly get wrong in a FEN (Repairs).
func New(fen string) (*Game, error) {
	if fen == "" {
		fen = StartFEN
	}
	p, repairs, err := board.ParseFENLoose(fen)
	if err != nil {
		return nil, fmt.Errorf("game: start position: %w", err)
	}
	return &Game{startFEN: p.FEN(), pos: p, White: "White", Black: "Black", repairs: repairs}, nil
}

// Repairs lists what New repaired in its FEN (board.ParseFENLoose: a
// castling right without its rook, a misplaced en-passant square), if
// anything.
func (g *Game) Repairs() []string { return g.repairs }

// StartFEN returns the FEN of the starting position.
func (g *Game) StartFEN() string { return g.startFEN }

// FEN returns the current position.
func (g *Game) FEN() string { return g.pos.FEN() }

// Side returns the side to move.
func (g *Game) Side() board.Color { return g.pos.Side }

// PieceAt returns the piece on sq (board.NoPiece if empty).
func (g *Game) PieceAt(sq board.Square) board.Piece { return g.pos.Board[sq] }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// SAN returns the moves played in SAN.
func (g *Game) SAN() []string { return append([]string(nil), g.sans...) }

// UCIMoves returns the moves played in UCI notation (for a search request).
func (g *Game) UCIMoves() []string {
	out := make([]string, len(g.moves))
	for i, m := range g.moves {
		out[i] = m.UCI()
	}
	return out
}

// LastMove returns the last move played, or board.NoMove.
func (g *Game) LastMove() board.Move {
	if len(g.moves) == 0 {
		return board.NoMove
	}
	return g.moves[len(g.moves)-1]
}

// CheckSquare returns the square of the king in check, or board.NoSquare.
func (g *Game) CheckSquare() board.Square {
	if g.pos.InCheck() {
		return g.pos.KingSquare(g.pos.Side)
	}
	return board.NoSquare
}

// Targets returns the destination squares of the legal moves from sq (each
// once, even when several promotions share it). Empty when the game is over.
func (g *Game) Targets(sq board.Square) []board.Square {
	if over, _, _ := g.Over(); over || sq >= board.NoSquare {
		return nil
	}
	var out []board.Square
	seen := board.Bitboard(0)
	add := func(t board.Square) {
		if !seen.Has(t) {
			seen |= board.SquareBB(t)
			out = append(out, t)
		}
	}
	for _, m := range g.pos.LegalMoves() {
		if m.From() != sq {
			continue
		}
		add(m.To())
	}
	// The king may also be dropped on its rook where that castles (Resolve).
	for _, rook := range [2]board.Square{board.MakeSquare(0, sq.Rank()), board.MakeSquare(7, sq.Rank())} {
		if _, ok := g.pos.CastleOntoRook(sq, rook); ok {
			add(rook)
		}
	}
	return out
}

// Resolve finds the legal move from → to (the king moved onto its own rook
// castles on that side). needPromotion reports that the
// move exists only as a promotion and the user must choose the piece (call
// again with promo set). ok is false if no such legal move exists.
func (g *Game) Resolve(from, to board.Square, promo board.PieceType) (m board.Move, needPromotion, ok bool) {
	if over, _, _ := g.Over(); over {
		return board.NoMove, false, false
	}
	for _, c := range g.pos.LegalMoves() {
		if c.From() != from || c.To() != to {
			continue
		}
		if !c.IsPromotion() {
			return c, false, true
		}
		if promo == board.NoPieceType {
			return board.NoMove, true, true
		}
		if c.Promotion() == promo {
			return c, false, true
		}
	}
	// The king dropped on its own rook castles on that side.
	if m, ok := g.pos.CastleOntoRook(from, to); ok && promo == board.NoPieceType {
		return m, false, true
	}
	return board.NoMove, false, false
}

// Play makes m, which must be legal, and records its SAN.
func (g *Game) Play(m board.Move) error {
	if over, res, why := g.Over(); over {
		return fmt.Errorf("game: the game is over (%s, %s)", res, why)
	}
	if !g.pos.IsLegal(m) {
		return fmt.Errorf("game: move %s is not legal in %s", m.UCI(), g.pos.FEN())
	}
	san := g.pos.SAN(m)
	g.pos.MakeMove(m)
	g.moves = append(g.moves, m)
	g.sans = append(g.sans, san)
	return nil
}

// MoveSAN returns the SAN of m, a legal move of the current position.
func (g *Game) MoveSAN(m board.Move) string { return g.pos.SAN(m) }

// ParseMove reads a move a player typed: SAN as on a score sheet ("e4",
// "Nf3", "exd5", "O-O", "e8=Q"; check marks and long forms such as "Ng1f3"
// or "e2-e4" too, a lower-case piece letter as in "nf3" and "o-o" as
// well) or UCI ("e2e4", "e7e8q"). It returns the legal move meant, or an
// error that says why not in words (without the position's FEN: the board
// shows it).
func (g *Game) ParseMove(s string) (board.Move, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return board.NoMove, fmt.Errorf("type a move, such as e4, Nf3, O-O or e2e4")
	}
	if over, res, why := g.Over(); over {
		return board.NoMove, fmt.Errorf("the game is over (%s, %s)", res, why)
	}
	switch strings.ToUpper(t) {
	case "O-O", "O-O-O":
		t = strings.ToUpper(t)
	}
	m, err := g.pos.ParseSAN(t)
	if err == nil {
		return m, nil
	}
	if u, uerr := g.pos.ParseUCIMove(strings.ToLower(t)); uerr == nil {
		return u, nil
	}
	if c := t[0]; strings.IndexByte("nbrqk", c) >= 0 {
		// "nf3" for Nf3 ("bc4" is tried as a b-pawn first, then as Bc4).
		if m, err2 := g.pos.ParseSAN(string(c-'a'+'A') + t[1:]); err2 == nil {
			return m, nil
		}
	}
	return board.NoMove, fmt.Errorf("%q is not a legal move here%s", t, g.sanReason(err, t))
}

// sanReason turns a board.ParseSAN error into words after a colon ("" when
// it only says the move is not legal).
func (g *Game) sanReason(err error, t string) string {
	r := strings.TrimPrefix(err.Error(), fmt.Sprintf("board: SAN %q: ", t))
	r = strings.TrimSuffix(r, " in "+g.pos.FEN())
	if r == "not legal" || r == err.Error() {
		return ""
	}
	return ": " + r
}

// PlayUCI plays a move given in UCI notation (an engine's reply).
func (g *Game) PlayUCI(s string) error {
	m, err := g.pos.ParseUCIMove(s)
	if err != nil {
		return fmt.Errorf("game: %w", err)
	}
	return g.Play(m)
}

// Undo takes back up to n moves and any resignation; it returns how many were taken back.
func (g *Game) Undo(n int) int {
	g.resigned = ""
	k := 0
	for ; k < n && len(g.moves) > 0; k++ {
		g.pos.UnmakeMove()
		g.moves = g.moves[:len(g.moves)-1]
		g.sans = g.sans[:len(g.sans)-1]
	}
	return k
}

// Resign ends the game with side c resigning.
func (g *Game) Resign(c board.Color) {
	if c == board.White {
		g.resigned = "0-1"
	} else {
		g.resigned = "1-0"
	}
}

// ResignedBy returns "white" or "black" when that side resigned the game,
// else "".
func (g *Game) ResignedBy() string {
	switch g.resigned {
	case "0-1":
		return "white"
	case "1-0":
		return "black"
	}
	return ""
}

// End records how a game that was played elsewhere ended (result "1-0",
// "0-1" or "1/2-1/2" and its reason, e.g. "adjudication: resign"), for a
// replay and its PGN.
func (g *Game) End(result, reason string) {
	g.ended, g.endReason = result, reason
}

// Over reports whether the game has ended, its result ("1-0", "0-1",
// "1/2-1/2"; "*" while running) and why.
func (g *Game) Over() (over bool, result, reason string) {
	p := g.pos
	switch {
	case g.ended != "":
		return true, g.ended, g.endReason
	case g.resigned != "":
		loser := "White"
		if g.resigned == "1-0" {
			loser = "Black"
		}
		return true, g.resigned, loser + " resigned"
	case p.IsCheckmate():
		if p.Side == board.White {
			return true, "0-1", "checkmate"
		}
		return true, "1-0", "checkmate"
	case p.IsStalemate():
		return true, "1/2-1/2", "stalemate"
	case p.IsInsufficientMaterial():
		return true, "1/2-1/2", "insufficient material"
	case p.IsFiftyMoveDraw():
		return true, "1/2-1/2", "fifty-move rule"
	case p.IsRepetition(3):
		return true, "1/2-1/2", "threefold repetition"
	}
	return false, "*", ""
}

// firstMove returns the start position's fullmove number and whether Black
// moves first (a game set up from a FEN).
func (g *Game) firstMove() (num int, black bool) {
	start, err := board.ParseFEN(g.startFEN)
	if err != nil {
		return 1, false
	}
	return max(1, start.FullmoveNumber), start.Side == board.Black
}

// MoveRow is one line of the move list: a move number and White's and
// Black's moves in SAN ("" where there is none), with their indices in SAN()
// (-1 where there is none).
type MoveRow struct {
	N            string // "12.", or "12..." on a first row that starts with Black's move
	White, Black string
	WPly, BPly   int
}

// MoveRows lays the moves out in numbered pairs, numbered as MoveText and the
// PGN number them: from the start FEN's fullmove number, and a game whose
// first move is Black's starts with a row "N..." with no White move.
func (g *Game) MoveRows() []MoveRow {
	num, black := g.firstMove()
	var rows []MoveRow
	for i, s := range g.sans {
		if black {
			if i == 0 {
				rows = append(rows, MoveRow{N: fmt.Sprintf("%d...", num), WPly: -1})
			}
			r := &rows[len(rows)-1]
			r.Black, r.BPly = s, i
			num++
		} else {
			rows = append(rows, MoveRow{N: fmt.Sprintf("%d.", num), White: s, WPly: i, BPly: -1})
		}
		black = !black
	}
	return rows
}

// MoveText returns the numbered SAN move text, e.g. "1. e4 e5 2. Nf3".
func (g *Game) MoveText() string {
	var b strings.Builder
	num, black := g.firstMove()
	for i, s := range g.sans {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case !black:
			fmt.Fprintf(&b, "%d. ", num)
		case i == 0:
			fmt.Fprintf(&b, "%d... ", num)
		}
		b.WriteString(s)
		if black {
			num++
		}
		black = !black
	}
	return b.String()
}

// PGN renders the game as PGN (Seven Tag Roster plus FEN/SetUp when the game
// did not start from the initial position), lines wrapped at 80 columns.
func (g *Game) PGN(event string) string {
	_, result, reason := g.Over()
	date := "????.??.??"
	if !g.Date.IsZero() {
		date = g.Date.UTC().Format("2006.01.02")
	}
	var b strings.Builder
	tag := func(k, v string) {
		v = strings.ReplaceAll(strings.ReplaceAll(v, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", k, v)
	}
	tag("Event", event)
	tag("Site", "evochess playground")
	tag("Date", date)
	round := g.Round
	if round == "" {
		round = "-"
	}
	tag("Round", round)
	tag("White", g.White)
	tag("Black", g.Black)
	tag("Result", result)
	if g.startFEN != StartFEN {
		tag("SetUp", "1")
		tag("FEN", g.startFEN)
	}
	if reason != "" {
		// The PGN standard's value ("normal", "adjudication", …); the
		// reason in our words ends the move text as a comment.
		term := arena.Termination(reason).PGNTag()
		if g.resigned != "" {
			term = "normal"
		}
		tag("Termination", term)
	}
	b.WriteByte('\n')
	text := g.MoveText()
	if reason != "" {
		text += " {" + arena.CommentText(reason) + "}"
	}
	text = strings.TrimPrefix(text, " ")
	if text != "" {
		text += " "
	}
	text += result
	line := 0
	for i, w := range strings.Fields(text) {
		if i > 0 {
			if line+1+len(w) > 80 {
				b.WriteByte('\n')
				line = 0
			} else {
				b.WriteByte(' ')
				line++
			}
		}
		b.WriteString(w)
		line += len(w)
	}
	b.WriteByte('\n')
	return b.String()
}

// SANLine renders a line of UCI moves (an engine's principal variation)
// from the current position as numbered SAN, stopping at the first move that
// is not legal.
func (g *Game) SANLine(ucis []string) string {
	p := g.pos.Clone()
	var b strings.Builder
	num, black := p.FullmoveNumber, p.Side == board.Black
	for i, u := range ucis {
		m, err := p.ParseUCIMove(u)
		if err != nil {
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case !black:
			fmt.Fprintf(&b, "%d. ", num)
		case i == 0:
			fmt.Fprintf(&b, "%d... ", num)
		}
		b.WriteString(p.SAN(m))
		p.MakeMove(m)
		if black {
			num++
		}
		black = !black
	}
	return b.String()
}
