package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

func sq(s string) board.Square {
	q, err := board.ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return q
}

func play(t *testing.T, g *Game, ucis ...string) {
	t.Helper()
	for _, u := range ucis {
		if err := g.PlayUCI(u); err != nil {
			t.Fatalf("play %s: %v", u, err)
		}
	}
}

func TestFoolsMate(t *testing.T) {
	g, _ := New("")
	play(t, g, "f2f3", "e7e5", "g2g4", "d8h4")
	over, res, why := g.Over()
	if !over || res != "0-1" || why != "checkmate" {
		t.Fatalf("got %v %q %q", over, res, why)
	}
	if got := strings.Join(g.SAN(), " "); got != "f3 e5 g4 Qh4#" {
		t.Errorf("SAN %q", got)
	}
	if g.CheckSquare() != sq("e1") {
		t.Errorf("check square %v", g.CheckSquare())
	}
	if len(g.Targets(sq("a2"))) != 0 {
		t.Error("moves offered after mate")
	}
	if err := g.PlayUCI("a2a3"); err == nil {
		t.Error("move accepted after mate")
	}
	pgn := g.PGN("test")
	for _, want := range []string{`[Result "0-1"]`, "1. f3 e5 2. g4 Qh4# {checkmate} 0-1", `[Termination "normal"]`} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
}

func TestTargetsAndResolve(t *testing.T) {
	g, _ := New("")
	if n := len(g.Targets(sq("g1"))); n != 2 {
		t.Errorf("knight g1 has %d targets, want 2", n)
	}
	if n := len(g.Targets(sq("e4"))); n != 0 {
		t.Errorf("empty square has %d targets", n)
	}
	if _, _, ok := g.Resolve(sq("e2"), sq("e5"), board.NoPieceType); ok {
		t.Error("e2e5 resolved")
	}
	m, need, ok := g.Resolve(sq("e2"), sq("e4"), board.NoPieceType)
	if !ok || need || m.UCI() != "e2e4" {
		t.Fatalf("e2e4: %v %v %v", m, need, ok)
	}
	// Promotion needs a choice; four pieces on one target square count once.
	p, _ := New("8/P6k/8/8/8/8/8/K7 w - - 0 1")
	if n := len(p.Targets(sq("a7"))); n != 1 {
		t.Errorf("promotion targets %d, want 1", n)
	}
	if _, need, ok := p.Resolve(sq("a7"), sq("a8"), board.NoPieceType); !ok || !need {
		t.Fatalf("promotion: need=%v ok=%v", need, ok)
	}
	m, need, ok = p.Resolve(sq("a7"), sq("a8"), board.Knight)
	if !ok || need || m.UCI() != "a7a8n" {
		t.Fatalf("a7a8n: %v %v %v", m, need, ok)
	}
	if err := p.Play(m); err != nil {
		t.Fatal(err)
	}
	if p.SAN()[0] != "a8=N" {
		t.Errorf("SAN %q", p.SAN()[0])
	}
}

// New repairs a FEN with a stale castling right and says so.
func TestNewRepairs(t *testing.T) {
	g, err := New("r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if g.StartFEN() != "r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 1" || len(g.Repairs()) != 1 || !strings.Contains(g.Repairs()[0], "'Q' dropped") {
		t.Errorf("start %q, repairs %q", g.StartFEN(), g.Repairs())
	}
	if g, _ := New(""); len(g.Repairs()) != 0 {
		t.Errorf("the start position repaired: %q", g.Repairs())
	}
}

// The king dropped on its own rook castles on that side; the rook is among
// the king's targets only where castling there is legal.
func TestCastleOntoRook(t *testing.T) {
	for _, tc := range []struct {
		fen, from, to string
		want          string // UCI of the castling move, "" if none
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "h1", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "a1", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8", "a8", "e8c8"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1", "h1", ""},      // no right
		{"r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", "e1", "h1", ""},    // blocked
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1", "e1", ""},     // the rook onto the king
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "e2", "e1e2"}, // an ordinary king move
	} {
		g, err := New(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, need, ok := g.Resolve(sq(tc.from), sq(tc.to), board.NoPieceType)
		if got := map[bool]string{true: m.UCI()}[ok]; got != tc.want || need {
			t.Errorf("%s %s%s: resolved %q (need promotion %v), want %q", tc.fen, tc.from, tc.to, got, need, tc.want)
		}
		isTarget := slices.Contains(g.Targets(sq(tc.from)), sq(tc.to))
		if isTarget != (tc.want != "") {
			t.Errorf("%s: %s among %s's targets: %v", tc.fen, tc.to, tc.from, isTarget)
		}
	}
}

func TestUndoAndRepetition(t *testing.T) {
	g, _ := New("")
	play(t, g, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1")
	if over, _, _ := g.Over(); over {
		t.Fatal("over before the third repetition")
	}
	play(t, g, "f6g8")
	over, res, why := g.Over()
	if !over || res != "1/2-1/2" || why != "threefold repetition" {
		t.Fatalf("got %v %q %q", over, res, why)
	}
	if n := g.Undo(2); n != 2 || g.Ply() != 6 {
		t.Fatalf("undo 2: took %d, ply %d", n, g.Ply())
	}
	if over, _, _ := g.Over(); over {
		t.Error("still over after undo")
	}
	if n := g.Undo(100); n != 6 || g.FEN() != StartFEN {
		t.Errorf("undo all: took %d, fen %s", n, g.FEN())
	}
	g.Resign(board.White)
	if _, res, _ := g.Over(); res != "0-1" {
		t.Errorf("resign: %s", res)
	}
	if pgn := g.PGN("test"); !strings.Contains(pgn, `[Termination "normal"]`) || !strings.Contains(pgn, "{White resigned} 0-1") {
		t.Errorf("resigned game's PGN:\n%s", pgn)
	}
	g.Undo(1)
	if over, _, _ := g.Over(); over {
		t.Error("undo does not clear resignation")
	}
}

func TestFENStartAndMoveText(t *testing.T) {
	if _, err := New("not a fen"); err == nil {
		t.Fatal("bad FEN accepted")
	}
	g, err := New("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, "e7e5", "g1f3")
	if got := g.MoveText(); got != "1... e5 2. Nf3" {
		t.Errorf("move text %q", got)
	}
	pgn := g.PGN("x")
	if !strings.Contains(pgn, `[SetUp "1"]`) || !strings.Contains(pgn, "1... e5 2. Nf3 *") {
		t.Errorf("PGN:\n%s", pgn)
	}
	if got := g.UCIMoves(); len(got) != 2 || got[1] != "g1f3" {
		t.Errorf("UCI moves %v", got)
	}
	if g.LastMove().UCI() != "g1f3" {
		t.Errorf("last move %v", g.LastMove())
	}
}

func TestPGNWrapsAndEscapes(t *testing.T) {
	g, _ := New("")
	g.White = `A "quoted" name`
	for i := 0; i < 10; i++ {
		play(t, g, "g1f3", "g8f6", "f3g1", "f6g8")
		g.Undo(4) // keep the game open; then play a long non-repeating line
	}
	play(t, g, "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6", "b2b4", "c5b6", "a2a4", "a7a6", "e1g1", "e8g8")
	pgn := g.PGN("wrap")
	for _, line := range strings.Split(pgn, "\n") {
		if len(line) > 80 {
			t.Errorf("line longer than 80: %q", line)
		}
	}
	if !strings.Contains(pgn, `[White "A \"quoted\" name"]`) {
		t.Errorf("tag not escaped:\n%s", pgn)
	}
	if !strings.Contains(pgn, "O-O O-O") {
		t.Errorf("castling SAN missing:\n%s", pgn)
	}
}

func TestSANLine(t *testing.T) {
	g, _ := New("")
	play(t, g, "e2e4")
	if got := g.SANLine([]string{"g8f6", "b1c3", "f6e4", "zz", "a2a3"}); got != "1... Nf6 2. Nc3 Nxe4" {
		t.Errorf("SANLine = %q", got)
	}
	if g.FEN() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Errorf("SANLine changed the game: %s", g.FEN())
	}
	if got := g.SANLine(nil); got != "" {
		t.Errorf("empty line %q", got)
	}
}

// TestEndRecordsResult: a game played elsewhere and adjudicated keeps the
// recorded result, reason and round in its PGN.
func TestEndRecordsResult(t *testing.T) {
	g, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"e2e4", "e7e5", "g1f3"} {
		if err := g.PlayUCI(m); err != nil {
			t.Fatal(err)
		}
	}
	if over, _, _ := g.Over(); over {
		t.Fatal("over before End")
	}
	g.End("1-0", "adjudication: resign")
	g.White, g.Black, g.Round = "evolved", "material", "7"
	over, result, reason := g.Over()
	if !over || result != "1-0" || reason != "adjudication: resign" {
		t.Fatalf("Over = %v %q %q", over, result, reason)
	}
	pgn := g.PGN("match")
	for _, want := range []string{`[Round "7"]`, `[Result "1-0"]`, `[Termination "adjudication"]`,
		"1. e4 e5 2. Nf3 {adjudication: resign} 1-0"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
}

func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		name, fen, in, want, err string
	}{
		{"SAN pawn", "", "e4", "e2e4", ""},
		{"SAN piece", "", "Nf3", "g1f3", ""},
		{"check mark", "", " Nc3+ ", "b1c3", ""},
		{"lower-case knight", "", "nf3", "g1f3", ""},
		{"UCI", "", "e2e4", "e2e4", ""},
		{"UCI upper case", "", "G1F3", "g1f3", ""},
		{"long form", "", "Ng1-f3", "g1f3", ""},
		{"lower-case bishop after the b-pawn", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "bc4", "f1c4", ""},
		{"pawn capture b-file", "rnbqkbnr/pp1ppppp/8/8/2p5/1P6/P1PPPPPP/RNBQKBNR w KQkq - 0 3", "bxc4", "b3c4", ""},
		{"castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1", ""},
		{"castling with zeros", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1", ""},
		{"castling lower case", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "o-o", "e8g8", ""},
		{"promotion", "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e8=Q", "e7e8q", ""},
		{"UCI promotion", "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e7e8n", ""},
		{"empty", "", "  ", "", "type a move"},
		{"no such piece move", "", "Ke5", "", `"Ke5" is not a legal move here: no white king can move to e5`},
		{"blocked pawn", "", "e5", "", `"e5" is not a legal move here`},
		{"ambiguous", "8/8/8/8/8/8/k7/N3N1K1 w - - 0 1", "Nc2", "", `"Nc2" is not a legal move here: ambiguous`},
		{"promotion piece missing", "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e8", "", "needs a promotion piece"},
		{"nonsense", "", "hello", "", `"hello" is not a legal move here`},
		{"game over", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "Kxg7", "", "the game is over"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := New(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := g.ParseMove(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseMove(%q) = %v, %v; want an error containing %q", tc.in, m.UCI(), err, tc.err)
				}
				if strings.Contains(err.Error(), "/") {
					t.Errorf("error %q shows the FEN", err)
				}
				return
			}
			if err != nil || m.UCI() != tc.want {
				t.Fatalf("ParseMove(%q) = %v, %v; want %s", tc.in, m.UCI(), err, tc.want)
			}
		})
	}
}

// FuzzParseMove: a typed move never panics, and a move it accepts is legal
// and plays.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e4", "nf3", "O-O", "o-o-o", "e8=Q", "e7e8q", "Ng1-f3", "bxc3", "K", "", "  ", "\x00", "e2e4e5", "Qh4#!?"} {
		f.Add("", s)
		f.Add("r3k2r/4P3/8/8/8/8/8/R3K2R w KQkq - 0 1", s)
	}
	f.Fuzz(func(t *testing.T, fen, s string) {
		g, err := New(fen)
		if err != nil {
			return
		}
		m, err := g.ParseMove(s)
		if err != nil {
			return
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("ParseMove(%q) gave %s, which does not play: %v", s, m.UCI(), err)
		}
	})
}

// The move list is numbered as the PGN is: from the FEN's fullmove number,
// a first move by Black as "N...".
func TestMoveRows(t *testing.T) {
	cases := []struct {
		fen   string
		moves []string
		want  []MoveRow
		text  string
	}{
		{"", []string{"e2e4", "e7e5", "g1f3"},
			[]MoveRow{{N: "1.", White: "e4", Black: "e5", WPly: 0, BPly: 1}, {N: "2.", White: "Nf3", WPly: 2, BPly: -1}}, "1. e4 e5 2. Nf3"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", []string{"e7e5", "g1f3", "b8c6"},
			[]MoveRow{{N: "1...", Black: "e5", WPly: -1, BPly: 0}, {N: "2.", White: "Nf3", Black: "Nc6", WPly: 1, BPly: 2}}, "1... e5 2. Nf3 Nc6"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", []string{"e7e5"},
			[]MoveRow{{N: "1...", Black: "e5", WPly: -1, BPly: 0}}, "1... e5"},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 12 30", []string{"e2e4", "e8d7", "e1d2"},
			[]MoveRow{{N: "30.", White: "e4", Black: "Kd7", WPly: 0, BPly: 1}, {N: "31.", White: "Kd2", WPly: 2, BPly: -1}}, "30. e4 Kd7 31. Kd2"},
		{"4k3/8/8/8/8/8/4P3/4K3 b - - 12 30", []string{"e8d7", "e2e4"},
			[]MoveRow{{N: "30...", Black: "Kd7", WPly: -1, BPly: 0}, {N: "31.", White: "e4", WPly: 1, BPly: -1}}, "30... Kd7 31. e4"},
	}
	for _, c := range cases {
		g, err := New(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if rows := g.MoveRows(); len(rows) != 0 {
			t.Errorf("%q: rows before any move: %v", c.fen, rows)
		}
		play(t, g, c.moves...)
		if got := g.MoveRows(); !slices.Equal(got, c.want) {
			t.Errorf("%q %v: rows\n%+v, want\n%+v", c.fen, c.moves, got, c.want)
		}
		if got := g.MoveText(); got != c.text {
			t.Errorf("%q %v: move text %q, want %q", c.fen, c.moves, got, c.text)
		}
	}
}
