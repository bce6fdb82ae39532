package pgn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/evochess/evochess/engine/board"
)

// Tag is one PGN tag pair, in the order it appeared.
type Tag struct {
	Name, Value string
}

// Game is one game read from PGN: its tags, the start position and the moves
// of the main line (variations are skipped).
type Game struct {
	Number int          // 1-based index of the game in the stream (skipped games count)
	Line   int          // line on which the game starts
	Tags   []Tag        // tag pairs in input order
	FEN    string       // start position: the [FEN] tag, or board.StartFEN
	Moves  []board.Move // main line moves, legal in sequence from FEN
	Result string       // "1-0", "0-1", "1/2-1/2" or "*": the move-text terminator, else the Result tag, else "*"
}

// Tag returns the value of the named tag, or "" when it is absent.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// StartPosition returns a new position set to the game's start position.
func (g *Game) StartPosition() (*board.Position, error) {
	p, err := board.ParseFEN(g.FEN)
	if err != nil {
		return nil, fmt.Errorf("pgn: game %d (line %d): start position: %w", g.Number, g.Line, err)
	}
	return p, nil
}

// GameError reports a game that could not be read. The reader has already
// skipped past the game, so reading can go on with the next call to Next.
type GameError struct {
	Number int   // 1-based index of the game in the stream
	Line   int   // line of the offending token
	Err    error // the reason
}

func (e *GameError) Error() string {
	return fmt.Sprintf("pgn: game %d (line %d): %v", e.Number, e.Line, e.Err)
}

func (e *GameError) Unwrap() error { return e.Err }

// Limits on the size of single tokens, so that hostile input cannot make the
// reader hold unbounded memory for one game.
const (
	maxSymbol   = 64
	maxTagValue = 1 << 16
	maxTags     = 1 << 10
)

// Reader reads games one at a time from PGN text. It is not safe for
// concurrent use.
type Reader struct {
	src  io.Reader
	buf  []byte
	pos  int
	end  int
	rerr error // error from src (io.EOF at the end)

	line        int
	atLineStart bool

	board board.Position
	ml    board.MoveList
	moves []board.Move
	sym   []byte
	str   []byte

	read, skipped int
}

// NewReader returns a Reader reading PGN from r. A UTF-8 byte order mark at
// the start is skipped; lines starting with '%' are ignored (PGN escape);
// lines may end with LF, CR LF or a lone CR (classic Mac OS).
func NewReader(r io.Reader) *Reader {
	return &Reader{
		src:         r,
		buf:         make([]byte, 64<<10),
		line:        1,
		atLineStart: true,
		moves:       make([]board.Move, 0, 512),
		sym:         make([]byte, 0, maxSymbol),
	}
}

// Read returns the number of games read successfully so far.
func (r *Reader) Read() int { return r.read }

// Skipped returns the number of games skipped because of errors so far.
func (r *Reader) Skipped() int { return r.skipped }

// fill reads more input; it reports whether any byte is available.
func (r *Reader) fill() bool {
	if r.pos < r.end {
		return true
	}
	for r.rerr == nil {
		n, err := r.src.Read(r.buf)
		r.pos, r.end = 0, n
		if err != nil {
			r.rerr = err
		}
		if n > 0 {
			return true
		}
	}
	return false
}

// peek returns the next byte without consuming it, or -1 at the end.
// It also drops '%' escape lines and a byte order mark at the start of any
// line (files joined with cat keep each one's mark).
func (r *Reader) peek() int {
	for {
		if r.pos >= r.end && !r.fill() {
			return -1
		}
		c := r.buf[r.pos]
		if r.atLineStart {
			if c == '%' {
				r.skipLine()
				continue
			}
			if c == 0xEF && r.bom() {
				continue
			}
			r.atLineStart = false
		}
		return int(c)
	}
}

// bom consumes a UTF-8 byte order mark at the current position if there is one.
func (r *Reader) bom() bool { return r.consume("\xEF\xBB\xBF") }

// consume consumes s if the input continues with it (s holds no newline).
func (r *Reader) consume(s string) bool {
	r.available(len(s))
	if r.end-r.pos >= len(s) && string(r.buf[r.pos:r.pos+len(s)]) == s {
		r.pos += len(s)
		return true
	}
	return false
}

// skipRune consumes the character at the current position (a UTF-8
// sequence as a whole when the input holds one, else one byte) and returns
// it, for an error message that shows the character, not its first byte.
func (r *Reader) skipRune() rune {
	c := r.buf[r.pos]
	if c < utf8.RuneSelf || c == '\n' {
		r.advance()
		return rune(c)
	}
	r.available(utf8.UTFMax)
	ru, n := utf8.DecodeRune(r.buf[r.pos:r.end])
	if ru == utf8.RuneError {
		r.pos++
		return rune(c)
	}
	r.pos += n
	return ru
}

// figurines are the chess symbols U+2654–U+265F in UTF-8, white ♔♕♖♗♘♙
// then black ♚♛♜♝♞♟; figurineLetters their SAN letters (none for a pawn).
var (
	figurines       = [12]string{"♔", "♕", "♖", "♗", "♘", "♙", "♚", "♛", "♜", "♝", "♞", "♟"}
	figurineLetters = [12]byte{'K', 'Q', 'R', 'B', 'N', 0, 'K', 'Q', 'R', 'B', 'N', 0}
)

// figurine consumes a chess figurine at the current position and returns
// its SAN letter (0 for a pawn), or false if there is none.
func (r *Reader) figurine() (byte, bool) {
	for i, f := range figurines {
		if r.consume(f) {
			return figurineLetters[i], true
		}
	}
	return 0, false
}

// available makes n bytes from the current position available in the
// buffer when the input has them: they may straddle a buffer refill, so the
// tail is moved to the front and more is read.
func (r *Reader) available(n int) {
	if r.end-r.pos >= n || r.rerr != nil {
		return
	}
	k := copy(r.buf, r.buf[r.pos:r.end])
	r.pos, r.end = 0, k
	for r.end < n && r.rerr == nil {
		m, err := r.src.Read(r.buf[r.end:])
		r.end += m
		if err != nil {
			r.rerr = err
		}
	}
}

// halfHalf is the draw result written with the one-half sign, "½-½", as
// some sites and word processors write it.
const halfHalf = "\u00bd-\u00bd"

// lineEnd reports whether the byte at the current position ends a line: an
// LF, or a CR that no LF follows (classic Mac OS files end their lines with
// a lone CR; in CR LF the LF ends the line). It may move the buffered bytes
// (available), so the caller reads r.buf[r.pos] again after it.
func (r *Reader) lineEnd() bool {
	switch r.buf[r.pos] {
	case '\n':
		return true
	case '\r':
		r.available(2)
		return r.end-r.pos < 2 || r.buf[r.pos+1] != '\n'
	}
	return false
}

// advance consumes the byte last returned by peek.
func (r *Reader) advance() {
	if r.lineEnd() {
		r.line++
		r.atLineStart = true
	}
	r.pos++
}

// skipLine consumes bytes up to and including the next line end (LF, CR LF
// or a lone CR).
func (r *Reader) skipLine() {
	for {
		if r.pos >= r.end && !r.fill() {
			return
		}
		end := r.lineEnd()
		r.pos++
		if end {
			r.line++
			r.atLineStart = true
			return
		}
	}
}

func isSpace(c int) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isSymbolByte(c int) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-' || c == '/'
}

// skipSpace consumes white space and returns the next byte (-1 at the end).
func (r *Reader) skipSpace() int {
	for {
		c := r.peek()
		if !isSpace(c) {
			return c
		}
		r.advance()
	}
}

// Next returns the next game. At the end of the input it returns nil and
// io.EOF. A game that cannot be read (an illegal or ambiguous move, a bad tag,
// an unbalanced variation, an unterminated comment, a bad [FEN]) yields nil
// and a *GameError naming the game number, the line and the reason; the
// reader has skipped the game and the next call reads the following one.
// An error of the underlying io.Reader is returned as is and ends reading.
func (r *Reader) Next() (*Game, error) {
	c := r.skipSpace()
	// Comments between games (an annotator's note before the first game's
	// tags, "{White wins on time}" after a game's result) belong to no game
	// that could be returned: they are skipped, not read as an empty game.
	// So are annotations some tools write after the result ("1-0 $1",
	// "1-0 !"): a NAG or a '!'/'?' glyph is no move text of the next game.
	for c == '{' || c == ';' || c == '$' || c == '!' || c == '?' {
		switch c {
		case ';':
			r.skipLine()
			c = r.skipSpace()
			continue
		case '$', '!', '?':
			r.advance()
			for d := r.peek(); d >= '0' && d <= '9' || d == '!' || d == '?'; d = r.peek() {
				r.advance()
			}
			c = r.skipSpace()
			continue
		}
		line := r.line
		r.advance()
		if !r.skipComment() {
			if r.rerr != nil && r.rerr != io.EOF {
				return nil, fmt.Errorf("pgn: after game %d (line %d): %w", r.read+r.skipped, r.line, r.rerr)
			}
			// It swallowed the rest of the input, games included maybe:
			// an error, as an unterminated comment inside a game is.
			r.skipped++
			return nil, &GameError{Number: r.read + r.skipped, Line: line, Err: errors.New("unterminated comment {")}
		}
		c = r.skipSpace()
	}
	if c < 0 {
		if r.rerr != nil && r.rerr != io.EOF {
			return nil, fmt.Errorf("pgn: after game %d (line %d): %w", r.read+r.skipped, r.line, r.rerr)
		}
		return nil, io.EOF
	}
	g := &Game{Number: r.read + r.skipped + 1, Line: r.line}
	var gerr *GameError
	fail := func(line int, err error) {
		if gerr == nil {
			gerr = &GameError{Number: g.Number, Line: line, Err: err}
		}
	}

	// Tag section.
	for c == '[' {
		line := r.line
		r.advance()
		name, value, err := r.readTag()
		if err != nil {
			fail(line, err)
		} else if len(g.Tags) >= maxTags {
			fail(line, fmt.Errorf("more than %d tags", maxTags))
		} else {
			g.Tags = append(g.Tags, Tag{Name: name, Value: value})
		}
		c = r.skipSpace()
	}

	// A game of another variant (lichess and other sites export them with
	// a Variant tag) is not standard chess: say so rather than failing on
	// its first castling or drop.
	if v := g.Tag("Variant"); v != "" && !standardVariant(v) {
		fail(g.Line, fmt.Errorf("[Variant %q]: not standard chess", v))
	}
	// Start position.
	g.FEN = board.StartFEN
	if fen := g.Tag("FEN"); fen != "" {
		g.FEN = fen
		// A FEN tag with what other tools commonly get wrong (a stale
		// castling right, a misplaced en-passant square) is repaired, not
		// refused (board.ParseFENLoose); a sound one is kept as written.
		if p, warn, err := board.ParseFENLoose(fen); err == nil && len(warn) > 0 {
			g.FEN = p.FEN()
		}
	}
	if gerr == nil {
		if err := r.board.SetFEN(g.FEN); err != nil {
			fail(g.Line, fmt.Errorf("[FEN %q]: %w", g.FEN, err))
		}
	}

	// Move text.
	r.moves = r.moves[:0]
	depth := 0   // variation nesting
	varLine := 0 // line of the outermost open '('
	result := "" // terminator
	for result == "" {
		c = r.skipSpace()
		line := r.line
		switch {
		case c < 0:
			if depth > 0 {
				fail(varLine, errors.New("unterminated variation at end of input"))
			}
			if r.rerr != nil && r.rerr != io.EOF {
				return nil, fmt.Errorf("pgn: game %d (line %d): %w", g.Number, r.line, r.rerr)
			}
			result = "*"
			if v := g.Tag("Result"); v != "" {
				result = v
			}
		case c == '[':
			// A new tag section: this game had no terminator.
			if depth > 0 {
				fail(varLine, errors.New("unterminated variation before next game"))
			}
			result = "*"
			if v := g.Tag("Result"); v != "" {
				result = v
			}
		case c == '{':
			r.advance()
			if !r.skipComment() {
				fail(line, errors.New("unterminated comment {"))
			}
		case c == ';':
			r.skipLine()
		case c == '(':
			r.advance()
			if depth == 0 {
				varLine = line
			}
			depth++
		case c == ')':
			r.advance()
			if depth == 0 {
				fail(line, errors.New("unbalanced ')'"))
			} else {
				depth--
			}
		case c == '$':
			r.advance()
			n := 0
			for d := r.peek(); d >= '0' && d <= '9'; d = r.peek() {
				r.advance()
				n++
			}
			if n == 0 {
				fail(line, errors.New("'$' without a NAG number"))
			}
		case c == '.' || c == '!' || c == '?':
			r.advance()
		case c == '*':
			r.advance()
			if depth > 0 {
				fail(line, errors.New("result '*' inside a variation"))
			}
			result = "*"
		case c == 0xC2 && r.consume(halfHalf):
			if depth > 0 {
				fail(line, errors.New("result ½-½ inside a variation"))
			}
			result = "1/2-1/2"
		case isSymbolByte(c) || c == 0xE2: // 0xE2: a figurine may start a move (readSymbol)
			sym := r.readSymbol()
			switch {
			case len(sym) == 0: // 0xE2 that starts no figurine
				fail(line, fmt.Errorf("unexpected character %q", r.skipRune()))
			case len(sym) > maxSymbol:
				fail(line, fmt.Errorf("token %q… too long", sym[:16]))
			case string(sym) == "1-0" || string(sym) == "0-1" || string(sym) == "1/2-1/2":
				if depth > 0 {
					fail(line, fmt.Errorf("result %s inside a variation", sym))
				}
				result = string(sym)
			case allDigits(sym):
				// move number
			case string(sym) == "e.p." || string(sym) == "ep":
				// en-passant remark written apart from its move
			case depth > 0 || gerr != nil:
				// moves of variations, or of a game already failed, are skipped
			default:
				if err := r.playSAN(sym); err != nil {
					fail(line, err)
				}
			}
		default:
			fail(line, fmt.Errorf("unexpected character %q", r.skipRune()))
		}
	}
	if gerr != nil {
		r.skipped++
		return nil, gerr
	}
	g.Result = result
	g.Moves = append([]board.Move(nil), r.moves...)
	r.read++
	return g, nil
}

// standardVariant reports whether a Variant tag names standard chess.
func standardVariant(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "standard", "normal", "chess", "from position", "orthodox":
		return true
	}
	return false
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// readSymbol reads a symbol token. Tokens starting with a letter may contain
// dots (for "e.p."). Bytes beyond maxSymbol+1 are consumed but not kept.
func (r *Reader) readSymbol() []byte {
	r.sym = r.sym[:0]
	letter := false
	for {
		c := r.peek()
		if c == 0xE2 {
			// Figurine algebraic notation (♘f3, as books and web pages
			// print moves) reads as the piece letter; a pawn's figurine
			// is dropped.
			l, ok := r.figurine()
			if !ok {
				break
			}
			if l != 0 {
				letter = letter || len(r.sym) == 0
				if len(r.sym) <= maxSymbol {
					r.sym = append(r.sym, l)
				}
			}
			continue
		}
		if !isSymbolByte(c) && !(c == '.' && letter) {
			break
		}
		if len(r.sym) == 0 {
			letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		}
		if len(r.sym) <= maxSymbol {
			r.sym = append(r.sym, byte(c))
		}
		r.advance()
	}
	if letter {
		// Trailing dots that are not part of "e.p." belong to nobody.
		for n := len(r.sym); n > 0 && r.sym[n-1] == '.' && !(n >= 4 && string(r.sym[n-4:]) == "e.p."); n-- {
			r.sym = r.sym[:n-1]
		}
	}
	return r.sym
}

// skipComment consumes a brace comment after its '{'; false at end of input.
func (r *Reader) skipComment() bool {
	for {
		if r.pos >= r.end && !r.fill() {
			return false
		}
		if r.buf[r.pos] == '}' {
			r.pos++
			return true
		}
		if r.lineEnd() {
			r.line++
		}
		r.pos++
	}
}

// readTag reads `Name "value"]` after the '['.
func (r *Reader) readTag() (name, value string, err error) {
	defer func() {
		if err != nil {
			r.skipRestOfLine()
		}
	}()
	c := r.skipInline()
	r.str = r.str[:0]
	for c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' {
		if len(r.str) < maxSymbol {
			r.str = append(r.str, byte(c))
		}
		r.advance()
		c = r.peek()
	}
	if len(r.str) == 0 {
		return "", "", errors.New("tag without a name")
	}
	name = string(r.str)
	c = r.skipInline()
	if c != '"' {
		return "", "", fmt.Errorf("tag %s: value must be a quoted string", name)
	}
	r.advance()
	r.str = r.str[:0]
	for {
		c = r.peek()
		switch c {
		case -1, '\n', '\r':
			return "", "", fmt.Errorf("tag %s: unterminated string", name)
		case '\\':
			r.advance()
			c = r.peek()
			if c == -1 || c == '\n' || c == '\r' {
				return "", "", fmt.Errorf("tag %s: unterminated string", name)
			}
		case '"':
			r.advance()
			value = string(r.str)
			c = r.skipInline()
			if c != ']' {
				return "", "", fmt.Errorf("tag %s: missing ']'", name)
			}
			r.advance()
			return name, value, nil
		}
		if len(r.str) >= maxTagValue {
			return "", "", fmt.Errorf("tag %s: value longer than %d bytes", name, maxTagValue)
		}
		r.str = append(r.str, byte(c))
		r.advance()
	}
}

// skipInline skips spaces and tabs (not newlines) and returns the next byte.
func (r *Reader) skipInline() int {
	for {
		c := r.peek()
		if c != ' ' && c != '\t' {
			return c
		}
		r.advance()
	}
}

// skipRestOfLine consumes the rest of the current line, unless the reader is
// already at a line start.
func (r *Reader) skipRestOfLine() {
	if !r.atLineStart {
		r.skipLine()
	}
}

// playSAN applies the SAN token to the reader's position.
func (r *Reader) playSAN(tok []byte) error {
	s, err := parseSAN(tok)
	if err == nil {
		r.board.GenerateLegal(&r.ml)
		var m board.Move
		m, err = s.match(&r.board, &r.ml)
		if err == nil {
			r.board.MakeMove(m)
			r.moves = append(r.moves, m)
			return nil
		}
	}
	return fmt.Errorf("move %s %s: %w in position %s", moveNumber(&r.board), tok, err, r.board.FEN())
}

// moveNumber formats the number of the move about to be played: "23." for
// White, "23..." for Black.
func moveNumber(p *board.Position) string {
	n := strconv.Itoa(p.FullmoveNumber)
	if p.Side == board.Black {
		return n + "..."
	}
	return n + "."
}
