package uci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/board"
)

const bestmoveRe = `^bestmove [a-h][1-8][a-h][1-8][qrbn]?( ponder \S+)?$`

// TestSessions runs scripted sessions: "> line" is sent, "< regexp" waits
// for a matching output line (skipping others). Every output line must be
// well formed.
func TestSessions(t *testing.T) {
	tests := []struct {
		name   string
		script []string
		check  func(t *testing.T, out []string)
	}{
		{name: "handshake", script: []string{
			"> uci",
			"< ^id name evochess$",
			"< ^id author ",
			"< ^option name Hash type spin default 16 min 1 max 4096$",
			"< ^option name Threads type spin default 1 min 1 max \\d+$",
			"< ^option name MultiPV type spin default 1 min 1 max 500$",
			"< ^option name Move Overhead type spin default 50 min 1 max 5000$",
			"< ^option name Ponder type check default false$",
			"< ^option name Clear Hash type button$",
			"< ^option name Scheme type combo default david35( var \\S+)+$",
			"< ^option name Preset type combo default david-fig3 var custom( var \\S+)* var david-fig3",
			"< ^option name SearchPreset type combo default standard var custom var standard var classic var david-table2 var plain$",
			"< ^option name Search_NullMoveUse type spin default 1 min 0 max 1$",
			"< ^option name Search_MateThreatExtension type spin default 2 min 0 max 4$",
			"< ^option name Eval_\\S+ type spin default -?\\d+ min -?\\d+ max -?\\d+$",
			"< ^uciok$",
			"> isready",
			"< ^readyok$",
		}},
		{name: "search from moves", script: []string{
			"> ucinewgame",
			"> position startpos moves e2e4 e7e5 g1f3",
			"> go depth 3",
			"< ^info depth 1 seldepth \\d+ score cp -?\\d+ nodes \\d+ .*time \\d+ pv [a-h][78]",
			"< ^info depth 3 ",
			"< " + bestmoveRe,
		}},
		{name: "MultiPV: every iteration's lines, best first, then one line again", script: []string{
			"> setoption name MultiPV value 3",
			"> position startpos moves e2e4",
			"> go depth 4",
			"< ^info depth 1 seldepth \\d+ multipv 1 score cp -?\\d+ nodes \\d+ .*pv [a-h][78]",
			"< ^info depth 1 seldepth \\d+ multipv 2 score ",
			"< ^info depth 1 seldepth \\d+ multipv 3 score ",
			"< ^info depth 4 seldepth \\d+ multipv 3 score ",
			"< " + bestmoveRe,
			"> setoption name MultiPV value 0",
			"< ^info string error: option MultiPV: 0 outside \\[1, 500\\]$",
			"> setoption name MultiPV value 1",
			"> go depth 2",
			"< ^info depth 2 seldepth \\d+ score ",
			"< " + bestmoveRe,
		}, check: func(t *testing.T, out []string) {
			// Depth 4's three lines: distinct first moves, scores not
			// rising, and the bestmove is the first line's.
			re := regexp.MustCompile(`^info depth 4 .*multipv (\d) score cp (-?\d+) .* pv (\S+)`)
			var moves []string
			prev := 1 << 30
			for _, l := range out {
				if m := re.FindStringSubmatch(l); m != nil {
					var v int
					fmt.Sscan(m[2], &v)
					if v > prev || slices.Contains(moves, m[3]) {
						t.Errorf("line %q: score above the last or a repeated move", l)
					}
					prev = v
					moves = append(moves, m[3])
				}
				if strings.HasPrefix(l, "bestmove") && len(moves) == 3 && !strings.HasPrefix(l, "bestmove "+moves[0]) {
					t.Errorf("%q is not the first line's move %s", l, moves[0])
				}
			}
			if len(moves) != 3 {
				t.Errorf("%d lines at depth 4, want 3", len(moves))
			}
		}},
		{name: "malformed input is reported and ignored", script: []string{
			"> foo bar",
			`< ^info string error: unknown command "foo"$`,
			"> joho isready", // UCI: the unknown token is skipped
			`< ^info string error: unknown command "joho"$`,
			"< ^readyok$",
			"> position",
			"< ^info string error: position: want startpos or fen$",
			"> position fen 8/8/8/8/8/8/8/8 w - - 0 1",
			"< ^info string error: position: board: ",
			"> position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
			"< ^info string error: position: board: ",
			"> position startpos moves e2e5",
			`< ^info string error: position: move 1 "e2e5": `,
			"> position startpos junk",
			`< ^info string error: position: unexpected "junk" \(want moves\)$`,
			// A go command is parsed as far as it can be, as UCI asks: what
			// is not understood is reported and left out, and the search
			// still answers.
			"> position startpos",
			"> go depth x nodes 200",
			`< ^info string error: go depth: "x" is not an integer \(ignored\)$`,
			"< " + bestmoveRe,
			"> go depth 0 nodes 200",
			"< ^info string error: go depth: 0 outside .* \\(ignored\\)$",
			"< " + bestmoveRe,
			"> go nodes 200 wtime",
			"< ^info string error: go wtime: missing value \\(ignored\\)$",
			"< " + bestmoveRe,
			"> go sideways 3 depth 1",
			`< ^info string error: go: unknown token "sideways" \(ignored\)$`,
			`< ^info string error: go: unknown token "3" \(ignored\)$`,
			"< ^info depth 1 ",
			"< " + bestmoveRe,
			"> go searchmoves e2e5 depth 1",
			`< ^info string error: go searchmoves "e2e5": .* \(ignored\)$`,
			"< " + bestmoveRe,
			"> setoption name Hash value 0",
			"< ^info string error: option Hash: 0 outside \\[1, 4096\\]$",
			"> setoption name Hash value big",
			`< ^info string error: option Hash: "big" is not an integer$`,
			"> setoption name Nope value 1",
			`< ^info string error: setoption: unknown option "Nope"$`,
			"> setoption Hash 3",
			"< ^info string error: setoption: want",
			"> setoption name Scheme value nonsense",
			`< ^info string error: option Scheme: "nonsense" is not one of `,
			"> setoption name Search_NullMoveReduction value 8",
			"< ^info string error: option Search_NullMoveReduction: 8 outside \\[0, 7\\]$",
			"> setoption name Ponder value maybe",
			`< ^info string error: option Ponder: "maybe" is not true or false$`,
			"> ponderhit",
			"< ^info string error: ponderhit without go ponder$",
			"> isready",
			"< ^readyok$",
		}},
		{name: "after a refused position go answers 0000, not a move for another position", script: []string{
			"> position startpos moves e2e4",
			"> position startpos moves e2e4 e2e4",
			"< ^info string error: position: move 2",
			"> go depth 1",
			`< ^info string error: go: no position to search: the last position command was refused \(position: move 2 "e2e4": `,
			"< ^bestmove 0000$",
			"> position fen 8/8/8/8/8/8/8/8 w - - 0 1",
			"< ^info string error: position: board: ",
			"> go infinite",
			"< ^info string error: go: no position to search",
			"< ^bestmove 0000$",
			"> position startpos moves e2e4",
			"> go depth 1",
			"< ^bestmove [a-h][78]", // a Black move
			"> position startpos moves e2e4 e2e4",
			"< ^info string error: position: move 2",
			"> ucinewgame", // the start position again
			"> go depth 1",
			"< ^bestmove [a-h][12]", // a White move
		}},
		{name: "a FEN other tools get wrong is repaired, with a warning", script: []string{
			"> position fen 4k3/8/8/8/8/8/4P3/4K3 w KQkq e6 0 0",
			`< ^info string warning: position: FEN field 3 \(castling\) "KQkq": 'K' dropped: it needs the white king on e1 and rook on h1 \(repaired\)$`,
			`< ^info string warning: position: FEN field 3 \(castling\) "KQkq": 'Q' dropped`,
			`< ^info string warning: position: FEN field 3 \(castling\) "KQkq": 'k' dropped`,
			`< ^info string warning: position: FEN field 3 \(castling\) "KQkq": 'q' dropped`,
			`< ^info string warning: position: FEN field 4 \(en passant\) "e6": no black pawn`,
			`< ^info string warning: position: FEN field 6 \(fullmove number\) "0": read as 1 \(repaired\)$`,
			"> go depth 1",
			"< ^bestmove (e2e[34]|e1[dfd][12])",
		}},
		{name: "castling written as the king taking its rook", script: []string{
			"> position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1 e8a8",
			"> go depth 1",
			"< ^bestmove (f1|a1|g1[fgh][12]( |$))", // a White move after O-O (king g1, rooks f1 and a1)
		}},
		{name: "infinite waits for stop", script: []string{
			"> position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
			"> go infinite",
			"> isready",
			"< ^readyok$",
			"> stop",
			"< " + bestmoveRe,
			"> isready",
			"< ^readyok$",
		}, check: func(t *testing.T, out []string) {
			// readyok (answered while searching) comes before the bestmove.
			if i, j := indexOf(out, "^readyok$"), indexOf(out, "^bestmove"); i < 0 || j < i {
				t.Errorf("readyok at %d, bestmove at %d", i, j)
			}
		}},
		{name: "infinite search that ends holds bestmove until stop", script: []string{
			"> position fen 7k/8/8/8/8/8/8/K5R1 w - - 0 1",
			"> go infinite depth 2",
			"< ^info depth 2 ",
			"> isready",
			"< ^readyok$",
			"> stop",
			"< ^bestmove ",
		}, check: func(t *testing.T, out []string) {
			if i, j := indexOf(out, "^readyok$"), indexOf(out, "^bestmove"); j < i {
				t.Errorf("bestmove (line %d) sent before stop (readyok at %d)", j, i)
			}
		}},
		{name: "mate score and searchmoves", script: []string{
			"> position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1",
			"> go depth 3",
			"< ^info depth 3 .*score mate 1 ",
			"< ^bestmove a1a8",
			"> go depth 2 searchmoves a1a2",
			"< ^bestmove a1a2",
			"> go mate 1",
			"< ^bestmove a1a8",
		}},
		{name: "no legal move", script: []string{
			"> position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
			"> go depth 2",
			"< ^bestmove 0000$",
		}},
		{name: "clock and movetime", script: []string{
			"> position startpos",
			"> go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20",
			"< " + bestmoveRe,
			"> go movetime 20",
			"< " + bestmoveRe,
			"> go wtime -50 btime 1000",
			"< " + bestmoveRe,
			"> go nodes 2000",
			"< " + bestmoveRe,
		}},
		{name: "ponder then ponderhit", script: []string{
			"> setoption name Ponder value true",
			"> position startpos moves e2e4 e7e5",
			"> go ponder depth 2",
			"> isready",
			"< ^readyok$",
			"> ponderhit",
			"< " + bestmoveRe,
		}},
		{name: "the null move ends a position's move list", script: []string{
			"> position startpos moves e2e4 0000 d2d4",
			"< ^info string warning: position: move 2 is the null move 0000: the 1 moves after it are not played$",
			"> go depth 1",
			"< ^bestmove [a-h][78]", // Black to move after e2e4
		}},
		{name: "a GUI sending the options back in the listed order keeps the chosen preset", script: []string{
			// The defaults shown at the handshake, in order, with Preset
			// changed by the user: Scheme comes first, so the preset wins.
			"> setoption name Scheme value david35",
			"> setoption name Preset value material",
			"> setoption name SearchPreset value standard",
			"> uci",
			"< ^option name Scheme type combo default material ",
			"< ^option name Preset type combo default material ",
			"< ^uciok$",
		}},
		{name: "no legal move: mate or stalemate said, bestmove 0000", script: []string{
			"> position fen 6k1/5ppp/8/8/8/8/5PPP/3r2K1 w - - 0 1",
			"> go depth 5",
			"< ^info depth 0 score mate 0$",
			"< ^bestmove 0000$",
			"> position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
			"> go depth 5",
			"< ^info depth 0 score cp 0$",
			"< ^bestmove 0000$",
		}},
		{name: "ponder on a flag already down, then ponderhit", script: []string{
			// All clocks at zero (or below) read as no clock: without the
			// flag rule the ponderhit started an endless search.
			"> position startpos moves e2e4",
			"> go ponder wtime 0 btime 0",
			"> isready",
			"< ^readyok$",
			"> ponderhit",
			"< " + bestmoveRe,
			"> go ponder wtime -100 btime -100 winc 0 binc 0",
			"> ponderhit",
			"< " + bestmoveRe,
		}},
		{name: "ponder then stop", script: []string{
			"> position startpos moves d2d4",
			"> go ponder wtime 10000 btime 10000",
			"> stop",
			"< ^bestmove [a-h][78]",
		}},
		{name: "options change the player", script: []string{
			"> setoption name Preset value material",
			"> uci",
			"< ^option name Scheme type combo default material ",
			"< ^option name Preset type combo default material ",
			"< ^uciok$",
			"> setoption name scheme value vazquez29", // names and values are case-insensitive
			"> uci",
			"< ^option name Scheme type combo default vazquez29 ",
			"< ^option name Preset type combo default custom ",
			"< ^option name Eval_",
			"< ^uciok$",
			"> setoption name SearchPreset value plain",
			"> uci",
			"< ^option name SearchPreset type combo default plain ",
			"< ^option name Search_NullMoveUse type spin default 0 ",
			"< ^uciok$",
			"> setoption name Search_NullMoveUse value 1",
			"> setoption name Hash value 2",
			"> setoption name Clear Hash",
			"> setoption name Threads value 1",
			"> setoption name move overhead value 200",
			"> uci",
			"< ^option name Hash type spin default 2 ",
			"< ^option name Move Overhead type spin default 200 ",
			"< ^option name SearchPreset type combo default custom ",
			"< ^option name Search_NullMoveUse type spin default 1 ",
			"< ^uciok$",
			"> position startpos",
			"> go depth 2",
			"< " + bestmoveRe,
		}, check: func(t *testing.T, out []string) {
			if i := indexOf(out, "^info string error"); i >= 0 {
				t.Errorf("unexpected error %q", out[i])
			}
		}},
		{name: "go replaces a running search", script: []string{
			"> go infinite",
			"> go depth 1",
			"< " + bestmoveRe,
			"< " + bestmoveRe,
		}},
		{name: "debug and register are accepted", script: []string{
			"> debug on",
			"> register later",
			"> isready",
			"< ^readyok$",
		}, check: func(t *testing.T, out []string) {
			if i := indexOf(out, "^info string"); i >= 0 {
				t.Errorf("unexpected %q", out[i])
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := startSession(t, Options{})
			for _, step := range tc.script {
				switch {
				case strings.HasPrefix(step, "> "):
					s.send(step[2:])
				case strings.HasPrefix(step, "< "):
					s.expect(step[2:])
				default:
					t.Fatalf("bad script step %q", step)
				}
			}
			if err := s.finish(); err != nil {
				t.Errorf("Run: %v", err)
			}
			out := s.out.snapshot()
			checkWellFormed(t, out)
			if tc.check != nil {
				tc.check(t, out)
			}
		})
	}
}

func indexOf(lines []string, re string) int {
	rx := regexp.MustCompile(re)
	for i, l := range lines {
		if rx.MatchString(l) {
			return i
		}
	}
	return -1
}

// TestBestmoveLegal checks that bestmove and the PV are legal in the
// position, across a few positions.
func TestBestmoveLegal(t *testing.T) {
	fens := []string{
		board.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	}
	for _, fen := range fens {
		s := startSession(t, Options{HashMB: 1})
		s.send("position fen " + fen)
		s.send("go depth 4")
		info := s.expect("^info depth 4 ")
		line := s.expect(bestmoveRe)
		if err := s.finish(); err != nil {
			t.Fatal(err)
		}
		pos, _ := board.ParseFEN(fen)
		f := strings.Fields(line)
		if _, err := pos.ParseUCIMove(f[1]); err != nil {
			t.Errorf("%s: bestmove %s illegal: %v", fen, f[1], err)
		}
		pv := strings.Fields(info[strings.Index(info, " pv ")+4:])
		p := pos.Clone()
		for i, ms := range pv {
			m, err := p.ParseUCIMove(ms)
			if err != nil {
				t.Errorf("%s: pv move %d %s illegal", fen, i+1, ms)
				break
			}
			p.MakeMove(m)
		}
	}
}

// TestDeterministic: the same commands give the same search output (time
// and nps aside) in two sessions.
func TestDeterministic(t *testing.T) {
	strip := regexp.MustCompile(` (nps|time|hashfull) \d+`)
	run := func() []string {
		s := startSession(t, Options{HashMB: 2})
		s.send("ucinewgame")
		s.send("position startpos moves d2d4 g8f6 c2c4")
		s.send("go depth 5")
		s.expect(bestmoveRe)
		if err := s.finish(); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range s.out.snapshot() {
			out = append(out, strip.ReplaceAllString(l, ""))
		}
		return out
	}
	a, b := run(), run()
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("outputs differ:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

func TestQuitAndEnd(t *testing.T) {
	t.Run("quit during infinite search", func(t *testing.T) {
		s := startSession(t, Options{})
		s.send("go infinite")
		s.send("quit")
		if err := <-s.done; err != nil {
			t.Errorf("Run = %v, want nil", err)
		}
	})
	t.Run("end of input stops the search", func(t *testing.T) {
		s := startSession(t, Options{})
		s.send("go infinite")
		if err := s.finish(); err != nil {
			t.Errorf("Run = %v, want nil", err)
		}
		s.expect(bestmoveRe)
	})
	t.Run("context cancelled", func(t *testing.T) {
		s := startSession(t, Options{})
		s.send("go infinite")
		s.cancel()
		if err := <-s.done; !errors.Is(err, context.Canceled) {
			t.Errorf("Run = %v, want context.Canceled", err)
		}
	})
	t.Run("line too long", func(t *testing.T) {
		in := strings.NewReader("isready\n" + strings.Repeat("x", maxLine+10) + "\nisready\n")
		var out strings.Builder
		if err := Run(context.Background(), in, &out, Options{}); err != nil {
			t.Fatal(err)
		}
		want := "readyok\ninfo string line longer than 1048576 bytes ignored\nreadyok\n"
		if out.String() != want {
			t.Errorf("output %q, want %q", out.String(), want)
		}
	})
	t.Run("CRLF and no final newline", func(t *testing.T) {
		var out strings.Builder
		if err := Run(context.Background(), strings.NewReader("isready\r\n\r\nisready"), &out, Options{}); err != nil {
			t.Fatal(err)
		}
		if out.String() != "readyok\nreadyok\n" {
			t.Errorf("output %q", out.String())
		}
	})
	t.Run("write error", func(t *testing.T) {
		err := Run(context.Background(), strings.NewReader("isready\nisready\n"), failWriter{}, Options{})
		if err == nil || !strings.Contains(err.Error(), "uci: write") {
			t.Errorf("Run = %v, want a write error", err)
		}
	})
	t.Run("bad options", func(t *testing.T) {
		for _, o := range []Options{{HashMB: -1}, {HashMB: 100, MaxHashMB: 10}, {Preset: "nonsense"}} {
			if err := Run(context.Background(), strings.NewReader(""), io.Discard, o); err == nil {
				t.Errorf("Options %+v accepted", o)
			}
		}
	})
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("closed") }

func TestParseGo(t *testing.T) {
	tests := []struct {
		in   string
		want goCommand
		warn []string // the warnings, in order
	}{
		{in: "", want: goCommand{}},
		{in: "depth 7 nodes 1000", want: goCommand{Depth: 7, Nodes: 1000}},
		{in: "wtime 1000 btime -20 winc 5 binc 6 movestogo 3", want: goCommand{WTime: 1e9, BTime: 0, WInc: 5e6, BInc: 6e6, MovesToGo: 3, hasClock: true}},
		{in: "infinite ponder movetime 30", want: goCommand{Infinite: true, Ponder: true, MoveTime: 30e6}},
		{in: "searchmoves e2e4 e7e8q depth 2", want: goCommand{SearchMoves: []string{"e2e4", "e7e8q"}, Depth: 2}},
		{in: "searchmoves e7e8N e7e8q", want: goCommand{SearchMoves: []string{"e7e8N", "e7e8q"}}}, // as position reads them
		{in: "mate 3", want: goCommand{Mate: 3}},
		// What is not understood is left out, and the rest still parsed.
		{in: "depth", warn: []string{"go depth: missing value"}},
		{in: "depth -1 nodes 5", want: goCommand{Nodes: 5}, warn: []string{"go depth: -1 outside [1, 1000]"}},
		{in: "nodes 0", warn: []string{"go nodes: 0 outside"}},
		{in: "movetime 1e3 depth 4", want: goCommand{Depth: 4}, warn: []string{`go movetime: "1e3" is not an integer`}},
		{in: "wtime 99999999999999999999 btime 10", want: goCommand{BTime: 10e6, hasClock: true}, warn: []string{"go wtime: \"99999999999999999999\" is not an integer"}},
		{in: "wtime btime 10", want: goCommand{BTime: 10e6, hasClock: true}, warn: []string{"go wtime: missing value"}},
		{in: "searchmoves", warn: []string{"go searchmoves: no moves given"}},
		{in: "searchmoves depth 3", want: goCommand{Depth: 3}, warn: []string{"go searchmoves: no moves given"}},
		{in: "perft 3", warn: []string{`go: unknown token "perft"`, `go: unknown token "3"`}},
		{in: "wtime 100 btime 100 sideways binc 7", want: goCommand{WTime: 1e8, BTime: 1e8, BInc: 7e6, hasClock: true}, warn: []string{`go: unknown token "sideways"`}},
	}
	for _, tc := range tests {
		g, warn := parseGo(strings.Fields(tc.in))
		if len(warn) != len(tc.warn) {
			t.Errorf("%q: warnings %v, want %q", tc.in, warn, tc.warn)
		} else {
			for i, w := range warn {
				if !strings.HasPrefix(w.Error(), tc.warn[i]) {
					t.Errorf("%q: warning %d %q, want %q", tc.in, i, w, tc.warn[i])
				}
			}
		}
		if strings.Join(g.SearchMoves, " ") != strings.Join(tc.want.SearchMoves, " ") {
			t.Errorf("%q: searchmoves %v", tc.in, g.SearchMoves)
		}
		g.SearchMoves, tc.want.SearchMoves = nil, nil
		if !reflect.DeepEqual(g, tc.want) {
			t.Errorf("%q = %+v, want %+v", tc.in, g, tc.want)
		}
	}
}

func TestParseSetOption(t *testing.T) {
	tests := []struct {
		in   string
		want setOptionCommand
		bad  bool
	}{
		{in: "name Hash value 32", want: setOptionCommand{Name: "Hash", Value: "32", HasValue: true}},
		{in: "name Clear Hash", want: setOptionCommand{Name: "Clear Hash"}},
		{in: "name PlayerFile value /tmp/my player.json", want: setOptionCommand{Name: "PlayerFile", Value: "/tmp/my player.json", HasValue: true}},
		{in: "name X value", want: setOptionCommand{Name: "X", HasValue: true}},
		{in: "", bad: true},
		{in: "Hash value 3", bad: true},
		{in: "name value 3", bad: true},
	}
	for _, tc := range tests {
		got, err := parseSetOption(strings.Fields(tc.in))
		if tc.bad != (err != nil) || (!tc.bad && got != tc.want) {
			t.Errorf("%q = %+v, %v; want %+v (bad %v)", tc.in, got, err, tc.want, tc.bad)
		}
	}
}

func TestParsePosition(t *testing.T) {
	tests := []struct {
		in    string
		fen   string
		moves string
		bad   bool
	}{
		{in: "startpos", fen: ""},
		{in: "startpos moves e2e4 e7e5", moves: "e2e4 e7e5"},
		{in: "startpos moves"},
		{in: "fen 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 moves e2e4", fen: "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", moves: "e2e4"},
		{in: "fen 8/8/8/4k3/8/8/4P3/4K3 w - -", fen: "8/8/8/4k3/8/8/4P3/4K3 w - -"},
		{in: "", bad: true},
		{in: "fen", bad: true},
		{in: "fen moves e2e4", bad: true},
		{in: "startpos e2e4", bad: true},
		{in: "middlegame", bad: true},
	}
	for _, tc := range tests {
		got, err := parsePosition(strings.Fields(tc.in))
		if tc.bad {
			if err == nil {
				t.Errorf("%q accepted", tc.in)
			}
			continue
		}
		if err != nil || got.FEN != tc.fen || strings.Join(got.Moves, " ") != tc.moves {
			t.Errorf("%q = %+v, %v", tc.in, got, err)
		}
	}
}

func TestPlayerFileOption(t *testing.T) {
	open := func(name string) (io.ReadCloser, error) { return os.Open(name) }
	s := startSession(t, Options{OpenFile: open})
	s.send("uci")
	s.expect("^option name PlayerFile type string default <empty>$")
	s.expect("^uciok$")
	s.send("setoption name PlayerFile value testdata/player.json")
	s.send("uci")
	s.expect("^option name Scheme type combo default vazquez29 ")
	s.expect("^option name Preset type combo default custom ")
	s.expect("^option name PlayerFile type string default testdata/player.json$")
	s.expect("^option name Search_NullMoveReduction type spin default 2 ")
	s.expect("^option name Eval_KnightValue type spin default 302 ")
	s.expect("^uciok$")
	s.send("setoption name PlayerFile value testdata/bad_player.json")
	s.expect("^info string error: option PlayerFile: player: ")
	s.send("setoption name PlayerFile value testdata/missing.json")
	s.expect("^info string error: option PlayerFile: open testdata/missing.json: ")
	s.send("uci") // the failed loads left the player unchanged
	s.expect("^option name Scheme type combo default vazquez29 ")
	s.expect("^uciok$")
	s.send("position startpos")
	s.send("go depth 2")
	s.expect(bestmoveRe)
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, s.out.snapshot())

	// Without a file opener there is no PlayerFile option.
	s = startSession(t, Options{})
	s.send("setoption name PlayerFile value testdata/player.json")
	s.expect(`^info string error: setoption: unknown option "PlayerFile"$`)
	s.finish()
}

// TestPonderKeepsSearching: a "go ponder" on a 100 ms clock thinks past
// that clock (time limits wait for the hit), and ponderhit continues the
// same search (no second "info depth 1") until it answers on its clock.
func TestPonderKeepsSearching(t *testing.T) {
	s := startSession(t, Options{})
	s.send("position startpos moves e2e4 e7e5")
	s.send("go ponder wtime 100 btime 100 winc 0 binc 0")
	s.expect("^info depth 1 ")
	time.Sleep(400 * time.Millisecond) // a normal search would have answered within 25 ms
	s.send("isready")
	s.expect("^readyok$")
	if i := indexOf(s.out.snapshot(), "^bestmove"); i >= 0 {
		t.Fatalf("bestmove before ponderhit: %v", s.out.snapshot())
	}
	s.send("ponderhit")
	s.expect(bestmoveRe)
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	out := s.out.snapshot()
	checkWellFormed(t, out)
	n := 0
	for _, l := range out {
		if strings.HasPrefix(l, "info depth 1 ") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d iterations at depth 1: the search restarted on ponderhit", n)
	}
}

// TestPonderFinishedBeforeHit: a ponder search that ends by itself (depth
// limit) holds its bestmove until ponderhit, then answers at once.
func TestPonderFinishedBeforeHit(t *testing.T) {
	s := startSession(t, Options{})
	s.send("go ponder depth 1 wtime 60000 btime 60000")
	s.expect("^info depth 1 ")
	s.send("isready")
	s.expect("^readyok$")
	if i := indexOf(s.out.snapshot(), "^bestmove"); i >= 0 {
		t.Fatal("bestmove before ponderhit")
	}
	s.send("ponderhit")
	s.expect(bestmoveRe)
	s.send("ponderhit")
	s.expect("^info string error: ponderhit without go ponder$")
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
}
