package arena

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/tuner/data"
)

// Opening is a start position for a pair of games: a FEN and book moves
// played from it before the engines take over.
type Opening struct {
	Name  string       // EPD id, PGN Opening/ECO tag, or "line N"
	FEN   string       // position the game starts from (PGN FEN tag)
	Moves []board.Move // book moves from FEN, legal in sequence
}

// StartOpening is the standard initial position without book moves.
func StartOpening() Opening { return Opening{Name: "startpos", FEN: board.StartFEN} }

// Position returns the position after the opening's book moves.
func (o Opening) Position() (*board.Position, error) {
	p, err := board.ParseFEN(o.FEN)
	if err != nil {
		return nil, fmt.Errorf("arena: opening %q: %w", o.Name, err)
	}
	for i, m := range o.Moves {
		if !p.IsLegal(m) {
			return nil, fmt.Errorf("arena: opening %q: book move %d (%s) is illegal", o.Name, i+1, m.UCI())
		}
		p.MakeMove(m)
	}
	return p, nil
}

// maxEPDLine bounds one EPD line.
const maxEPDLine = 1 << 16

// ReadEPDOpenings reads one opening per line from EPD or FEN text: four FEN
// fields, optionally the halfmove and fullmove counters, then optional EPD
// operations ("id" names the opening). Blank lines and lines starting with
// '#' are skipped; lines end with LF, CR LF or a lone CR (pgn.ScanLines).
// Errors name the line.
func ReadEPDOpenings(r io.Reader) ([]Opening, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxEPDLine)
	sc.Split(pgn.ScanLines)
	var out []Opening
	line := 0
	for sc.Scan() {
		line++
		// A byte order mark may start any line (files joined with cat).
		text := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		o, err := parseEPDOpening(text)
		if err != nil {
			return nil, fmt.Errorf("arena: openings line %d: %w", line, err)
		}
		if o.Name == "" {
			o.Name = "line " + strconv.Itoa(line)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("arena: openings after line %d: %w", line, err)
	}
	return out, nil
}

func parseEPDOpening(text string) (Opening, error) {
	fields := strings.Fields(text)
	if len(fields) < 4 {
		return Opening{}, fmt.Errorf("want at least 4 FEN fields, got %d", len(fields))
	}
	core := strings.Join(fields[:4], " ")
	rest := fields[4:]
	counters := "0 1"
	if len(rest) >= 2 && isUint(rest[0]) && isUint(strings.TrimSuffix(rest[1], ";")) {
		counters = rest[0] + " " + strings.TrimSuffix(rest[1], ";")
		rest = rest[2:]
	}
	fen := core + " " + counters
	// Repaired, not refused: a stale castling right or a misplaced
	// en-passant square in someone's opening file (board.ParseFENLoose).
	p, _, err := board.ParseFENLoose(fen)
	if err != nil {
		return Opening{}, err
	}
	if !p.HasLegalMoves() {
		return Opening{}, errors.New("position has no legal moves")
	}
	return Opening{Name: epdID(strings.Join(rest, " ")), FEN: p.FEN()}, nil
}

func isUint(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// epdID extracts the value of an `id "..."` operation, "" if none.
func epdID(ops string) string {
	for _, op := range strings.Split(ops, ";") {
		op = strings.TrimSpace(op)
		if v, ok := strings.CutPrefix(op, "id "); ok {
			return strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	return ""
}

// ReadPGNOpenings reads openings from PGN: each game's start position
// (its FEN tag or the initial position) and its main-line moves as book
// moves. Games that cannot be read are errors (they would silently shrink a
// book). The name is the Opening tag, else ECO, else "game N".
func ReadPGNOpenings(r io.Reader) ([]Opening, error) {
	pr := pgn.NewReader(r)
	var out []Opening
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("arena: PGN openings: %w", err)
		}
		name := g.Tag("Opening")
		if name == "" {
			name = g.Tag("ECO")
		}
		if name == "" {
			name = g.Tag("Eco")
		}
		if name == "" {
			name = "game " + strconv.Itoa(g.Number)
		}
		o := Opening{Name: name, FEN: g.FEN, Moves: append([]board.Move(nil), g.Moves...)}
		p, err := o.Position()
		if err != nil {
			return nil, err
		}
		if !p.HasLegalMoves() {
			return nil, fmt.Errorf("arena: PGN openings: game %d ends the game (no legal moves)", g.Number)
		}
		out = append(out, o)
	}
}

// ReadOpenings reads an opening book, choosing the format by the file name's
// extension: ".pgn" is PGN, anything else EPD/FEN lines. Books as they are
// distributed open too (tuner/data.UnpackFiles): gzipped (book.epd.gz,
// book.pgn.gz) or zipped (official-stockfish/books' UHO_…epd.zip,
// 8moves_v3.pgn.zip), the format then taken from the inner file's name;
// other compressed formats (zstd, bzip2, xz, 7z, RAR) are refused with an
// error that says how to unpack them.
func ReadOpenings(r io.Reader, name string) ([]Opening, error) {
	u, ext, err := data.UnpackFiles(r, ".pgn", ".epd", ".fen", ".txt")
	if err != nil {
		return nil, fmt.Errorf("openings %s: %w", name, err)
	}
	if ext == "" {
		ext = path.Ext(strings.TrimSuffix(strings.ToLower(name), ".gz"))
	}
	if ext == ".pgn" {
		return ReadPGNOpenings(u)
	}
	return ReadEPDOpenings(u)
}
