package pgn

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/evochess/evochess/engine/board"
)

// EPD is one record of an Extended Position Description file: a position
// and its operations.
type EPD struct {
	Line     int    // line number in the file (1 for ParseEPD)
	FEN      string // the position as a full six-field FEN
	Position *board.Position
	Best     []board.Move // "bm" operands
	Avoid    []board.Move // "am" operands
	ID       string       // "id" operand
	Comment  string       // "c0" operand
	Perft    []uint64     // Perft[d-1] is the "Dd" operand (perft node count at depth d); 0 when absent
	// Points are the Strategic Test Suite's scores of moves (STS, Corbit
	// and Swaminathan): c0 "f5=10, Be5+=2, Bf2=3" (SAN), or c9 "f3f5 d4e5"
	// (UCI) with c8 "10 2"; nil when the record has neither, or when c0 is
	// some other comment.
	Points map[board.Move]int
	Ops    []Op // every operation in input order, including the ones above
}

// Op is one EPD operation: an opcode and its operands (quotes removed).
type Op struct {
	Code     string
	Operands []string
}

// maxPerftDepth bounds the "Dn" opcodes accepted.
const maxPerftDepth = 64

// ParseEPD parses one EPD line: four FEN fields (optionally followed by the
// halfmove clock and fullmove number, as perft suites write them), then
// operations "opcode operand…;". Known opcodes are decoded: bm and am (moves in
// SAN, or UCI), id, c0, hmvc, fmvn, and D1…Dn (perft counts). Others are kept
// in Ops.
func ParseEPD(line string) (*EPD, error) {
	return parseEPD(line, 1)
}

func parseEPD(line string, lineNo int) (*EPD, error) {
	e := &EPD{Line: lineNo}
	rest := strings.TrimSpace(strings.TrimPrefix(line, "\ufeff"))
	var fields [4]string
	for i := range fields {
		f, r := cutField(rest)
		if f == "" {
			return nil, fmt.Errorf("epd: line %d: want 4 FEN fields, got %d", lineNo, i)
		}
		fields[i], rest = f, r
	}
	half, full := "0", "1"
	if f, r := cutField(rest); isUint(f) {
		if g, r2 := cutField(r); isUint(g) {
			half, full, rest = f, g, r2
		}
	}
	ops, err := parseOps(rest)
	if err != nil {
		return nil, fmt.Errorf("epd: line %d: %w", lineNo, err)
	}
	e.Ops = ops
	for _, op := range ops {
		if len(op.Operands) == 1 {
			switch op.Code {
			case "hmvc":
				half = op.Operands[0]
			case "fmvn":
				full = op.Operands[0]
			}
		}
	}
	e.FEN = strings.Join(append(fields[:], half, full), " ")
	// Repaired, not refused, like a PGN FEN tag (board.ParseFENLoose).
	pos, warn, err := board.ParseFENLoose(e.FEN)
	if err != nil {
		return nil, fmt.Errorf("epd: line %d: %w", lineNo, err)
	}
	if len(warn) > 0 {
		e.FEN = pos.FEN()
	}
	e.Position = pos
	for _, op := range ops {
		switch {
		case op.Code == "bm" || op.Code == "am":
			if len(op.Operands) == 0 {
				return nil, fmt.Errorf("epd: line %d: %s without a move", lineNo, op.Code)
			}
			// Some suites separate the moves with commas ("bm Nf3, d4").
			var moves []string
			for _, o := range op.Operands {
				for _, s := range strings.Split(o, ",") {
					if s != "" {
						moves = append(moves, s)
					}
				}
			}
			if len(moves) == 0 {
				return nil, fmt.Errorf("epd: line %d: %s without a move", lineNo, op.Code)
			}
			for _, s := range moves {
				m, err := ParseSAN(pos, s)
				if err != nil {
					if m2, err2 := pos.ParseUCIMove(s); err2 == nil {
						m, err = m2, nil
					}
				}
				if err != nil {
					return nil, fmt.Errorf("epd: line %d: %s %s: %w", lineNo, op.Code, s, err)
				}
				if op.Code == "bm" {
					e.Best = append(e.Best, m)
				} else {
					e.Avoid = append(e.Avoid, m)
				}
			}
		case op.Code == "id" || op.Code == "c0":
			if len(op.Operands) != 1 {
				return nil, fmt.Errorf("epd: line %d: %s wants one operand, got %d", lineNo, op.Code, len(op.Operands))
			}
			if op.Code == "id" {
				e.ID = op.Operands[0]
			} else {
				e.Comment = op.Operands[0]
			}
		case len(op.Code) >= 2 && op.Code[0] == 'D' && isUint(op.Code[1:]):
			d, err := strconv.Atoi(op.Code[1:])
			if err != nil || d < 1 || d > maxPerftDepth {
				return nil, fmt.Errorf("epd: line %d: %s: perft depth must be 1..%d", lineNo, op.Code, maxPerftDepth)
			}
			if len(op.Operands) != 1 {
				return nil, fmt.Errorf("epd: line %d: %s wants one count, got %d operands", lineNo, op.Code, len(op.Operands))
			}
			n, err := strconv.ParseUint(op.Operands[0], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("epd: line %d: %s: %w", lineNo, op.Code, err)
			}
			for len(e.Perft) < d {
				e.Perft = append(e.Perft, 0)
			}
			e.Perft[d-1] = n
		}
	}
	e.Points = stsPoints(pos, ops)
	return e, nil
}

// maxPoints bounds one move's STS points.
const maxPoints = 1000

// stsPoints reads the move scores of an STS record: c0's "move=points"
// list, else c9's UCI moves with c8's points; nil if neither is complete
// and valid in pos (a c0 that is not such a list is a plain comment).
func stsPoints(pos *board.Position, ops []Op) map[board.Move]int {
	operand := func(code string) (string, bool) {
		for _, op := range ops {
			if op.Code == code && len(op.Operands) >= 1 {
				return strings.Join(op.Operands, " "), true
			}
		}
		return "", false
	}
	add := func(m map[board.Move]int, mv board.Move, v string) bool {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > maxPoints {
			return false
		}
		if _, dup := m[mv]; dup {
			return false
		}
		m[mv] = n
		return true
	}
	if c0, ok := operand("c0"); ok && strings.Contains(c0, "=") {
		m := map[board.Move]int{}
		valid := true
		for _, item := range strings.Split(c0, ",") {
			// The points follow the last '=': a promotion's SAN holds
			// one too ("b8=Q=10").
			item = strings.TrimSpace(item)
			i := strings.LastIndexByte(item, '=')
			found := i >= 0
			san, v := item, ""
			if found {
				san, v = item[:i], item[i+1:]
			}
			mv, err := ParseSAN(pos, san)
			if !found || err != nil || !add(m, mv, v) {
				valid = false
				break
			}
		}
		if valid && len(m) > 0 {
			return m
		}
	}
	c9, ok9 := operand("c9")
	c8, ok8 := operand("c8")
	if ok9 && ok8 {
		moves, pts := strings.Fields(c9), strings.Fields(c8)
		if len(moves) == 0 || len(moves) != len(pts) {
			return nil
		}
		m := map[board.Move]int{}
		for i, u := range moves {
			mv, err := pos.ParseUCIMove(u)
			if err != nil || !add(m, mv, pts[i]) {
				return nil
			}
		}
		return m
	}
	return nil
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

// cutField returns the first whitespace- or semicolon-free field of s and the rest.
func cutField(s string) (field, rest string) {
	s = strings.TrimLeft(s, " \t")
	i := strings.IndexAny(s, " \t;")
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// parseOps parses "opcode operand…;" operations. Operands are bare tokens or
// double-quoted strings (which may hold ';' and \" escapes). A missing final
// ';' is accepted.
func parseOps(s string) ([]Op, error) {
	var ops []Op
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == ';' || s[i] == '\r') {
			i++
		}
		if i >= len(s) {
			return ops, nil
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != ';' && s[j] != '\r' {
			j++
		}
		op := Op{Code: s[i:j]}
		if op.Code[0] == '"' {
			return nil, fmt.Errorf("operation starts with a string %q", op.Code)
		}
		i = j
		for {
			for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
				i++
			}
			if i >= len(s) || s[i] == ';' {
				break
			}
			if s[i] == '"' {
				var sb strings.Builder
				i++
				closed := false
				for i < len(s) {
					c := s[i]
					i++
					if c == '\\' && i < len(s) {
						sb.WriteByte(s[i])
						i++
						continue
					}
					if c == '"' {
						closed = true
						break
					}
					sb.WriteByte(c)
				}
				if !closed {
					return nil, fmt.Errorf("%s: unterminated string", op.Code)
				}
				op.Operands = append(op.Operands, sb.String())
				continue
			}
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != ';' && s[j] != '\r' {
				j++
			}
			op.Operands = append(op.Operands, s[i:j])
			i = j
		}
		ops = append(ops, op)
	}
}

// ReadEPD reads an EPD file: one record per line (lines end with LF, CR LF
// or a lone CR, ScanLines); blank lines and lines starting with '#' or '%'
// are ignored. A line that cannot be parsed is skipped and its error (naming
// the line) is returned in skipped; err is for an error of r, and for
// compressed input (a *CompressedError: ReadEPD reads text, the caller
// unpacks, as tuner/data.UnpackFiles does).
func ReadEPD(r io.Reader) (records []*EPD, skipped []error, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	// An error of r is kept by br and met again by the scanner.
	head, _ := br.Peek(MagicLen)
	if ce := Compressed(head); ce != nil {
		return nil, nil, fmt.Errorf("epd: %w", ce)
	}
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	sc.Split(ScanLines)
	n := 0
	for sc.Scan() {
		n++
		// A byte order mark may start any line: files joined with cat keep
		// each one's.
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if line == "" || line[0] == '#' || line[0] == '%' {
			continue
		}
		e, perr := parseEPD(line, n)
		if perr != nil {
			skipped = append(skipped, perr)
			continue
		}
		records = append(records, e)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return records, skipped, fmt.Errorf("epd: line %d: longer than 1 MiB: %w", n+1, err)
		}
		return records, skipped, fmt.Errorf("epd: after line %d: %w", n, err)
	}
	return records, skipped, nil
}

// ScanLines is a bufio.SplitFunc like bufio.ScanLines, for text files from
// anywhere: a line ends with LF, CR LF or a lone CR (classic Mac OS), and
// is returned without its end. A CR that ends the data read so far waits
// for the next byte (an LF may follow) unless the input ends there.
func ScanLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		switch {
		case data[i] == '\n':
			return i + 1, data[:i], nil
		case i+1 < len(data) && data[i+1] == '\n':
			return i + 2, data[:i], nil
		case i+1 < len(data) || atEOF:
			return i + 1, data[:i], nil
		}
		return 0, nil, nil // a final CR: is an LF next?
	}
	if atEOF {
		return len(data), data, nil
	}
	return 0, nil, nil
}
