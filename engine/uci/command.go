package uci

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// goCommand is a parsed "go" command. Durations are clamped at zero (some
// GUIs send negative clock times when a player is about to flag).
type goCommand struct {
	Depth, Nodes, Mate int
	MoveTime           time.Duration
	WTime, BTime       time.Duration
	WInc, BInc         time.Duration
	MovesToGo          int
	Infinite, Ponder   bool
	SearchMoves        []string // UCI move strings, validated later against the position
	hasClock           bool     // wtime or btime given
}

// maxMillis bounds every time field (about 292 years in ms would overflow a
// Duration in ns; 10^12 ms is already 31 years).
const maxMillis = 1_000_000_000_000

// goKeywords are the tokens of a "go" command.
var goKeywords = map[string]bool{"searchmoves": true, "ponder": true, "wtime": true, "btime": true, "winc": true,
	"binc": true, "movestogo": true, "depth": true, "nodes": true, "mate": true, "movetime": true, "infinite": true}

// parseGo parses the arguments of a "go" command (the words after "go").
// As UCI asks, an unknown token is skipped and the rest still parsed, and
// a limit whose value is missing, malformed or out of range is left out;
// each comes back as a warning, and the search runs on what was understood,
// so a GUI always gets its bestmove.
func parseGo(args []string) (goCommand, []error) {
	var g goCommand
	var warn []error
	// value reads the value of args[i] as an integer in [min, max]; ok is
	// false (with a warning) when it is missing, malformed or out of range.
	// A value token that is not another keyword is consumed either way.
	value := func(i *int, name string, min, max int64) (int64, bool) {
		if *i+1 >= len(args) || goKeywords[args[*i+1]] {
			warn = append(warn, fmt.Errorf("go %s: missing value", name))
			return 0, false
		}
		*i++
		v, err := strconv.ParseInt(args[*i], 10, 64)
		if err != nil {
			warn = append(warn, fmt.Errorf("go %s: %q is not an integer", name, args[*i]))
			return 0, false
		}
		if v < min || v > max {
			warn = append(warn, fmt.Errorf("go %s: %d outside [%d, %d]", name, v, min, max))
			return 0, false
		}
		return v, true
	}
	ms := func(i *int, name string, d *time.Duration) bool {
		v, ok := value(i, name, -maxMillis, maxMillis)
		if ok {
			*d = time.Duration(max(v, 0)) * time.Millisecond
		}
		return ok
	}
	for i := 0; i < len(args); i++ {
		switch tok := args[i]; tok {
		case "infinite":
			g.Infinite = true
		case "ponder":
			g.Ponder = true
		case "searchmoves":
			n := len(g.SearchMoves)
			for i+1 < len(args) && isMoveToken(args[i+1]) {
				g.SearchMoves = append(g.SearchMoves, args[i+1])
				i++
			}
			if len(g.SearchMoves) == n {
				warn = append(warn, errors.New("go searchmoves: no moves given"))
			}
		case "depth":
			if v, ok := value(&i, tok, 1, 1000); ok {
				g.Depth = int(v)
			}
		case "nodes":
			if v, ok := value(&i, tok, 1, 1<<62); ok {
				g.Nodes = int(v)
			}
		case "mate":
			if v, ok := value(&i, tok, 1, 500); ok {
				g.Mate = int(v)
			}
		case "movestogo":
			if v, ok := value(&i, tok, 0, 10000); ok {
				g.MovesToGo = int(v)
			}
		case "movetime":
			ms(&i, tok, &g.MoveTime)
		case "wtime":
			g.hasClock = ms(&i, tok, &g.WTime) || g.hasClock
		case "btime":
			g.hasClock = ms(&i, tok, &g.BTime) || g.hasClock
		case "winc":
			ms(&i, tok, &g.WInc)
		case "binc":
			ms(&i, tok, &g.BInc)
		default:
			warn = append(warn, fmt.Errorf("go: unknown token %q", tok))
		}
	}
	return g, warn
}

// isMoveToken reports whether s looks like a UCI move (e2e4, e7e8q, 0000).
func isMoveToken(s string) bool {
	if s == "0000" {
		return true
	}
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	sq := func(f, r byte) bool { return f >= 'a' && f <= 'h' && r >= '1' && r <= '8' }
	if !sq(s[0], s[1]) || !sq(s[2], s[3]) {
		return false
	}
	return len(s) == 4 || strings.IndexByte("nbrqNBRQ", s[4]) >= 0 // position accepts an upper-case piece too
}

// positionCommand is a parsed "position" command: a FEN (StartFEN for
// "startpos") and the moves to play from it, still unchecked.
type positionCommand struct {
	FEN   string // "" means the start position
	Moves []string
}

// parsePosition parses the arguments of "position" (the words after it).
func parsePosition(args []string) (positionCommand, error) {
	var pc positionCommand
	if len(args) == 0 {
		return pc, errors.New("position: want startpos or fen")
	}
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		n := 0
		for n < len(rest) && rest[n] != "moves" {
			n++
		}
		if n == 0 {
			return pc, errors.New("position fen: missing FEN")
		}
		pc.FEN = strings.Join(rest[:n], " ")
		rest = rest[n:]
	default:
		return pc, fmt.Errorf("position: want startpos or fen, got %q", args[0])
	}
	if len(rest) == 0 {
		return pc, nil
	}
	if rest[0] != "moves" {
		return pc, fmt.Errorf("position: unexpected %q (want moves)", rest[0])
	}
	pc.Moves = rest[1:]
	return pc, nil
}

// setOptionCommand is a parsed "setoption name <id> [value <x>]".
type setOptionCommand struct {
	Name     string
	Value    string
	HasValue bool
}

// parseSetOption parses the arguments of "setoption". Names and values may
// contain spaces (joined with single spaces).
func parseSetOption(args []string) (setOptionCommand, error) {
	var sc setOptionCommand
	if len(args) == 0 || args[0] != "name" {
		return sc, errors.New("setoption: want \"setoption name <id> [value <x>]\"")
	}
	v := len(args)
	for i := 1; i < len(args); i++ {
		if args[i] == "value" {
			v = i
			break
		}
	}
	sc.Name = strings.Join(args[1:v], " ")
	if sc.Name == "" {
		return sc, errors.New("setoption: empty option name")
	}
	if v < len(args) {
		sc.HasValue = true
		sc.Value = strings.Join(args[v+1:], " ")
	}
	return sc, nil
}
