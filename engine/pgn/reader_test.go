package pgn

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/internal/shareddata"
	"github.com/notnil/chess"
)

// readAll reads every game of the file, returning the games and the errors of
// skipped games.
func readAll(t testing.TB, r io.Reader) ([]*Game, []*GameError, *Reader) {
	t.Helper()
	pr := NewReader(r)
	var games []*Game
	var errs []*GameError
	for {
		g, err := pr.Next()
		if err == io.EOF {
			break
		}
		var ge *GameError
		if errors.As(err, &ge) {
			errs = append(errs, ge)
			continue
		}
		if err != nil {
			t.Fatalf("fatal error: %v", err)
		}
		games = append(games, g)
	}
	return games, errs, pr
}

func uciLine(moves []board.Move) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.UCI()
	}
	return strings.Join(s, " ")
}

func TestReaderFeatures(t *testing.T) {
	f, err := os.Open("testdata/features.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, errs, pr := readAll(t, f)
	if len(errs) != 0 {
		t.Fatalf("unexpected errors: %v", errs)
	}
	want := []struct {
		event, result, fen, moves string
		line                      int
	}{
		{"Comments, NAGs and variations", "1-0", board.StartFEN,
			"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8", 2},
		{"No result tag, draw terminator", "1/2-1/2", board.StartFEN, "d2d4 d7d5 c2c4 e7e6", 13},
		{"Set up position", "1-0", "4k3/P7/8/8/8/8/8/4K3 w - - 0 60", "a7a8q e8d7 a8b7", 17},
		{"Missing result, next game follows without a terminator", "*", board.StartFEN, "e2e4 c7c5 g1f3", 24},
		{"Black starts", "*", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "c7c5 g1f3 d7d6", 27},
		{"Castling with zeros, en passant and promotions", "0-1", board.StartFEN,
			"e2e4 d7d5 e4e5 f7f5 e5f6 g8f6 g1f3 b8c6 f1c4 c8g4 e1g1 d8d7 d2d3 e8c8", 32},
		{`Escaped "quotes" in a tag`, "*", board.StartFEN, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", 36},
	}
	if len(games) != len(want) {
		t.Fatalf("read %d games, want %d", len(games), len(want))
	}
	for i, w := range want {
		g := games[i]
		if g.Tag("Event") != w.event || g.Result != w.result || g.FEN != w.fen || uciLine(g.Moves) != w.moves ||
			g.Number != i+1 || g.Line != w.line {
			t.Errorf("game %d: got event %q result %q fen %q line %d moves %q\nwant event %q result %q fen %q line %d moves %q",
				i+1, g.Tag("Event"), g.Result, g.FEN, g.Line, uciLine(g.Moves), w.event, w.result, w.fen, w.line, w.moves)
		}
	}
	if games[6].Tag("Annotator") != `x\y` {
		t.Errorf("escaped backslash: got %q", games[6].Tag("Annotator"))
	}
	if games[0].Tag("Missing") != "" || len(games[0].Tags) != 5 {
		t.Errorf("tags of game 1: %v", games[0].Tags)
	}
	if pr.Read() != 7 || pr.Skipped() != 0 {
		t.Errorf("totals read %d skipped %d", pr.Read(), pr.Skipped())
	}
}

func TestReaderBOMAndCRLF(t *testing.T) {
	b, err := os.ReadFile("testdata/bom_crlf.pgn")
	if err != nil {
		t.Fatal(err)
	}
	// Feed one byte at a time too, so that the BOM and CR LF straddle reads.
	for _, r := range []io.Reader{bytes.NewReader(b), &oneByteReader{b: b}} {
		games, errs, _ := readAll(t, r)
		if len(errs) != 0 || len(games) != 1 {
			t.Fatalf("games %d errors %v", len(games), errs)
		}
		g := games[0]
		if g.Tag("Event") != "BOM and CRLF" || g.Result != "0-1" || uciLine(g.Moves) != "f2f3 e7e5 g2g4 d8h4" {
			t.Errorf("got %+v %q", g.Tags, uciLine(g.Moves))
		}
	}
}

// TestReaderJoinedBOMs: files joined with cat each keep their byte order
// mark; every game is read, the line numbers go on counting.
func TestReaderJoinedBOMs(t *testing.T) {
	b, err := os.ReadFile("testdata/bom_crlf.pgn")
	if err != nil {
		t.Fatal(err)
	}
	joined := bytes.Join([][]byte{b, b, b}, nil)
	for _, r := range []io.Reader{bytes.NewReader(joined), &oneByteReader{b: joined}} {
		games, errs, _ := readAll(t, r)
		if len(errs) != 0 || len(games) != 3 {
			t.Fatalf("games %d errors %v", len(games), errs)
		}
		for _, g := range games {
			if g.Tag("Event") != "BOM and CRLF" || uciLine(g.Moves) != "f2f3 e7e5 g2g4 d8h4" {
				t.Errorf("got %+v %q", g.Tags, uciLine(g.Moves))
			}
		}
	}
	// A mark inside a game's movetext is still an error that names it.
	r := NewReader(strings.NewReader("[Event \"x\"]\n\n1. e4 \ufeffe5 *\n"))
	if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "unexpected character") {
		t.Errorf("mark inside movetext: err = %v", err)
	}
}

type oneByteReader struct{ b []byte }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.b[0]
	r.b = r.b[1:]
	return 1, nil
}

func TestReaderErrors(t *testing.T) {
	f, err := os.Open("testdata/errors.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, errs, pr := readAll(t, f)
	var events []string
	for _, g := range games {
		events = append(events, g.Tag("Event"))
	}
	if got := strings.Join(events, ","); got != "good 1,good 2,good 4" {
		t.Errorf("games read: %s", got)
	}
	want := []struct {
		number, line int
		text         string
	}{
		{2, 7, "pgn: game 2 (line 7): move 3. Ke3: illegal in position rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
		{4, 16, "pgn: game 4 (line 16): move 1. Nb3: ambiguous in position 4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1"},
		{5, 20, "pgn: game 5 (line 20): result '*' inside a variation"},
		{6, 24, "pgn: game 6 (line 24): unbalanced ')'"},
		{7, 26, `pgn: game 7 (line 26): [FEN "this is not a FEN"]`},
		{8, 31, "pgn: game 8 (line 31): tag Event: unterminated string"},
		{10, 41, "pgn: game 10 (line 41): unexpected character '@'"},
		{11, 45, "pgn: game 11 (line 45): unterminated comment {"},
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors, want %d: %v", len(errs), len(want), errs)
	}
	for i, w := range want {
		e := errs[i]
		if e.Number != w.number || e.Line != w.line || !strings.HasPrefix(e.Error(), w.text) {
			t.Errorf("error %d: got %q (game %d line %d), want prefix %q", i, e.Error(), e.Number, e.Line, w.text)
		}
	}
	if pr.Read() != 3 || pr.Skipped() != 8 {
		t.Errorf("totals read %d skipped %d", pr.Read(), pr.Skipped())
	}
}

func TestReaderEmptyAndTrailing(t *testing.T) {
	for _, in := range []string{"", "\n\n\n", "% only an escape line\n", "\xef\xbb\xbf\r\n"} {
		games, errs, _ := readAll(t, strings.NewReader(in))
		if len(games) != 0 || len(errs) != 0 {
			t.Errorf("%q: games %d errors %v", in, len(games), errs)
		}
	}
	// Trailing newlines after a game add no game (unlike notnil/chess).
	games, _, _ := readAll(t, strings.NewReader("1. e4 *\n\n\n\n"))
	if len(games) != 1 {
		t.Errorf("got %d games", len(games))
	}
}

type failingReader struct{ n int }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, errors.New("disk on fire")
	}
	r.n = 0
	return copy(p, "1. e4 e5 "), nil
}

func TestReaderIOError(t *testing.T) {
	pr := NewReader(&failingReader{n: 1})
	_, err := pr.Next()
	var ge *GameError
	if err == nil || errors.As(err, &ge) || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("got %v, want the I/O error", err)
	}
}

// notnilGames reads the file with notnil/chess, dropping the empty games it
// reports for trailing newlines.
func notnilGames(t testing.TB, r io.Reader) [][]string {
	t.Helper()
	sc := chess.NewScanner(r)
	var out [][]string
	for sc.Scan() {
		g := sc.Next()
		if len(g.Moves()) == 0 && len(g.TagPairs()) == 0 {
			continue
		}
		var ms []string
		for _, m := range g.Moves() {
			ms = append(ms, m.String())
		}
		out = append(out, ms)
	}
	if err := sc.Err(); err != nil && err != io.EOF {
		t.Fatalf("notnil/chess: %v", err)
	}
	return out
}

func openShared(t testing.TB, rel string) io.ReadCloser {
	t.Helper()
	f, err := os.Open(shareddata.Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(rel, ".gz") {
		return f
	}
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	return struct {
		io.Reader
		io.Closer
	}{z, f}
}

// TestAgreesWithNotnil replays every game with notnil/chess v1.10.0 and
// compares move for move (the demo file with -short, all 20,000 games otherwise).
func TestAgreesWithNotnil(t *testing.T) {
	rel := "pgn/gm_train_2000-2018_20000.pgn.gz"
	wantGames := 20000
	if testing.Short() {
		rel, wantGames = "pgn/gm_demo_1500.pgn", 1500
	}
	f := openShared(t, rel)
	ours, errs, _ := readAll(t, f)
	f.Close()
	if len(errs) != 0 {
		t.Fatalf("%d games skipped, first: %v", len(errs), errs[0])
	}
	f = openShared(t, rel)
	theirs := notnilGames(t, f)
	f.Close()
	if len(ours) != wantGames || len(theirs) != wantGames {
		t.Fatalf("games: ours %d, notnil %d, want %d", len(ours), len(theirs), wantGames)
	}
	plies := 0
	for i := range ours {
		got := ours[i].Moves
		want := theirs[i]
		if len(got) != len(want) {
			t.Fatalf("game %d: %d moves, notnil %d", i+1, len(got), len(want))
		}
		for j := range got {
			if got[j].UCI() != want[j] {
				t.Fatalf("game %d ply %d: %s, notnil %s", i+1, j+1, got[j].UCI(), want[j])
			}
		}
		plies += len(got)
	}
	t.Logf("%d games, %d plies agree", len(ours), plies)
}

func loadBytes(b *testing.B, rel string) []byte {
	f := openShared(b, rel)
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func benchmarkReader(b *testing.B, rel string) {
	data := loadBytes(b, rel)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	games, plies := 0, 0
	for b.Loop() {
		pr := NewReader(bytes.NewReader(data))
		for {
			g, err := pr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			games++
			plies += len(g.Moves)
		}
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(games)/s, "games/s")
	b.ReportMetric(float64(plies)/s, "plies/s")
}

// BenchmarkReaderDemo reads the 1,500-game demo file from memory.
func BenchmarkReaderDemo(b *testing.B) { benchmarkReader(b, "pgn/gm_demo_1500.pgn") }

// BenchmarkNotnilDemo is the anchor: notnil/chess on the same file.
func BenchmarkNotnilDemo(b *testing.B) {
	data := loadBytes(b, "pgn/gm_demo_1500.pgn")
	b.ResetTimer()
	games := 0
	for b.Loop() {
		games += len(notnilGames(b, bytes.NewReader(data)))
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// TestVariantGames: a game of another variant is skipped saying so; a
// Variant tag naming standard chess changes nothing.
func TestVariantGames(t *testing.T) {
	in := `[Event "a"]
[Variant "Chess960"]
[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]
[Result "1-0"]

9. g3 1-0

[Event "b"]
[Variant "Standard"]
[Result "1-0"]

1. e4 e5 1-0

[Event "c"]
[Variant "crazyhouse"]
[Result "0-1"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 0-1
`
	r := NewReader(strings.NewReader(in))
	var errs []string
	read := 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		read++
		if g.Tag("Event") != "b" || len(g.Moves) != 2 {
			t.Errorf("read game %q with %d moves", g.Tag("Event"), len(g.Moves))
		}
	}
	if read != 1 || len(errs) != 2 || !strings.Contains(errs[0], `[Variant "Chess960"]: not standard chess`) ||
		!strings.Contains(errs[1], `[Variant "crazyhouse"]: not standard chess`) {
		t.Errorf("read %d, errors %q", read, errs)
	}
}

// TestHalfHalfResult: "½-½" (the one-half sign, as some sites write the
// draw) ends a game as 1/2-1/2, also when read a byte at a time (the sign's
// bytes straddling reads); a lone "½" is still an error.
// TestReaderRepairsFEN: a FEN tag with a castling right its rook does not
// back (board editors that keep "KQkq") is repaired, not a skipped game; a
// sound FEN tag is kept as written.
func TestReaderRepairsFEN(t *testing.T) {
	in := "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w KQkq - 0 1\"]\n\n1. e4 Kd7 *\n\n" +
		"[Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 7\"]\n\n7. e3 *\n"
	bothWays(in, func(r *Reader, byteWise bool) {
		for _, want := range []string{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 7"} {
			g, err := r.Next()
			if err != nil || g.FEN != want {
				t.Fatalf("byte-wise %v: %+v, %v; want FEN %q", byteWise, g, err, want)
			}
		}
	})
}

func TestHalfHalfResult(t *testing.T) {
	in := "[Event \"a\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 ½-½\n\n[Event \"b\"]\n\n1. d4 d5 ½ 1-0\n"
	bothWays(in, func(r *Reader, byteWise bool) {
		g, err := r.Next()
		if err != nil || g.Result != "1/2-1/2" || len(g.Moves) != 4 {
			t.Fatalf("byte-wise %v: game a: %+v, %v", byteWise, g, err)
		}
		if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "unexpected character") {
			t.Errorf("byte-wise %v: game b: %v, want the lone ½ refused", byteWise, err)
		}
		if _, err := r.Next(); err != io.EOF {
			t.Errorf("byte-wise %v: after game b: %v, want the end", byteWise, err)
		}
	})
}

// bothWays reads in with a Reader on the whole text and on one that gets it
// a byte at a time (every multi-byte sequence straddling reads).
func bothWays(in string, f func(r *Reader, byteWise bool)) {
	f(NewReader(strings.NewReader(in)), false)
	f(NewReader(iotest.OneByteReader(strings.NewReader(in))), true)
}

// TestFigurines: figurine algebraic notation (♘f3, as books and web pages
// print moves; white or black symbols, a pawn's symbol dropped) reads as the
// letters, also a byte at a time; another character starting with the same
// byte is still refused.
func TestFigurines(t *testing.T) {
	in := "[Result \"1-0\"]\n\n1. ♙e4 c5 2. ♘f3 d6 3. d4 cxd4 4. ♘xd4 ♞f6 5. ♘c3 a6 6. ♗e2 e5 7. ♘b3 ♗e7 8. O-O O-O 9. ♔h1 ♕c7 1-0\n\n" +
		"[Result \"0-1\"]\n\n1. e4 e5 2. ♘f3 ★ 0-1\n"
	bothWays(in, func(r *Reader, byteWise bool) {
		g, err := r.Next()
		if err != nil || len(g.Moves) != 18 || g.Moves[2].UCI() != "g1f3" || g.Moves[16].UCI() != "g1h1" || g.Moves[17].UCI() != "d8c7" {
			t.Fatalf("byte-wise %v: %+v, %v", byteWise, g, err)
		}
		if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "unexpected character '★'") {
			t.Errorf("byte-wise %v: a star among the moves: %v", byteWise, err)
		}
	})
}

// lineEndText is a PGN text with what line ends change: a rest-of-line
// comment, a '%' escape line, a brace comment over two lines, a tag value
// ended by the line end, an illegal move; the same text is read with LF, CR
// LF and lone-CR (classic Mac OS) line ends in TestReaderLineEnds.
const lineEndText = `[Event "a"]
[Result "1-0"]

1. e4 e5 ; a rest-of-line comment 2. d4
2. Nf3 {a comment
over two lines} Nc6 3. Bb5 a6 1-0

%an escape line [Event "not a game"]
[Event "b"]

1. d4 d5 2. Qxd5 0-1

[Event "c
[Result "*"]

1. c4 *

[Event "d"]

1. Nf3 *
`

// TestReaderLineEnds: LF, CR LF and a lone CR all end lines: the same
// games, moves, line numbers and errors from each, also read a byte at a
// time (a CR straddling reads), and with a lone CR at the very end.
func TestReaderLineEnds(t *testing.T) {
	type result struct{ games, errs string }
	read := func(r *Reader) result {
		var res result
		for {
			g, err := r.Next()
			if err == io.EOF {
				return res
			}
			if err != nil {
				res.errs += err.Error() + "|"
				continue
			}
			res.games += fmt.Sprintf("%d %s line %d %s %s|", g.Number, g.Tag("Event"), g.Line, uciLine(g.Moves), g.Result)
		}
	}
	want := result{
		games: "1 a line 1 e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 1-0|4 d line 18 g1f3 *|",
		errs: "pgn: game 2 (line 11): move 2. Qxd5: illegal in position rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2|" +
			"pgn: game 3 (line 13): tag Event: unterminated string|",
	}
	tests := []struct{ name, text string }{
		{"LF", lineEndText},
		{"CR LF", strings.ReplaceAll(lineEndText, "\n", "\r\n")},
		{"CR", strings.ReplaceAll(lineEndText, "\n", "\r")},
		{"CR, no final line end", strings.TrimSuffix(strings.ReplaceAll(lineEndText, "\n", "\r"), "\r")},
		{"CR LF, no final line end", strings.TrimSuffix(strings.ReplaceAll(lineEndText, "\n", "\r\n"), "\r\n")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bothWays(tc.text, func(r *Reader, byteWise bool) {
				if got := read(r); got != want {
					t.Errorf("byte-wise %v:\ngot  %q\nwant %q", byteWise, got, want)
				}
			})
		})
	}
}

// TestReaderCRLines: QA's CR-only files (p/cronly.pgn, p/cronly2.pgn): a ';'
// comment ends at its lone CR, a '%' line is an escape, errors name lines.
func TestReaderCRLines(t *testing.T) {
	tests := []struct {
		name, text string
		games      int
		errs       []string
	}{
		{"rest-of-line comment", "[Event \"x\"]\r[Result \"1-0\"]\r\r1. e4 e5 ; comment\r2. Nf3 Nc6 3. Bb5 a6 1-0\r\r[Event \"y\"]\r[Result \"0-1\"]\r\r1. d4 d5 2. c4 e6 0-1\r", 2, nil},
		{"escape line", "[Event \"x\"]\r\r1. e4 e5 1-0\r\r%escape\r[Event \"y\"]\r\r1. d4 d5 0-1\r", 2, nil},
		{"error lines", "[Event \"x\"]\r\r1. e4 e5 *\r\r[Event \"y\"]\r\r1. e4 e5\r2. Ke3 *\r", 1,
			[]string{"pgn: game 2 (line 8): move 2. Ke3: illegal"}},
		{"escape at a tag's line end", "[Event \"x\\\r1. e4 *\r[Event \"y\"]\r1. d4 *\r", 1,
			[]string{"pgn: game 1 (line 1): tag Event: unterminated string"}},
		{"CR CR LF is two line ends", "[Event \"x\"]\r\r\n1. e4 *\r\r\n\r\r\n1. e4 e5\r\r\n2. Ke3 *", 1,
			[]string{"pgn: game 2 (line 9): move 2. Ke3: illegal"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, byteWise := range []bool{false, true} {
				games, errs, _ := readAll(t, source(tc.text, byteWise))
				if len(games) != tc.games || len(errs) != len(tc.errs) {
					t.Fatalf("byte-wise %v: %d games, errors %v; want %d games, %d errors", byteWise, len(games), errs, tc.games, len(tc.errs))
				}
				for i, e := range errs {
					if !strings.HasPrefix(e.Error(), tc.errs[i]) {
						t.Errorf("byte-wise %v: error %q, want prefix %q", byteWise, e, tc.errs[i])
					}
				}
			}
		})
	}
}

// TestReaderCommentsBetweenGames: a comment before the first game's tags or
// after a game's result is no game: it is skipped, and game numbers in
// errors count the real games (QA's p/phantom.pgn). An unterminated comment
// between games swallows the rest of the input: still a skipped game with
// its reason, as one inside a game is.
func TestReaderCommentsBetweenGames(t *testing.T) {
	const phantom = "{Annotated by X}\n[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0 {White wins on time}\n\n" +
		"[Event \"b\"]\n[Result \"0-1\"]\n\n1. d4 d5 2. Qxd5 0-1\n"
	tests := []struct {
		name, text string
		games      string // event@line of each game read
		errs       []string
		read, skip int
	}{
		{"QA phantom.pgn", phantom, "a@2", []string{"pgn: game 2 (line 10): move 2. Qxd5: illegal"}, 1, 1},
		{"comments only", "{one}\n{two\nlines}\n; three\n", "", nil, 0, 0},
		{"before the first tags", "{intro}\n; note\n[Event \"a\"]\n1. e4 *\n", "a@3", nil, 1, 0},
		{"after results", "[Event \"a\"]\n1. e4 1-0 {c} {d}\n; e\n[Event \"b\"]\n1. d4 0-1 {end}\n", "a@1 b@4", nil, 2, 0},
		{"NAGs and glyphs after results", "[Event \"a\"]\n1. e4 e5 1-0 $1\n\n[Event \"b\"]\n1. d4 d5 0-1 !? $14 {c}\n[Event \"c\"]\n1. c4 *\n$",
			"a@1 b@4 c@6", nil, 3, 0},
		{"before a game without tags", "[Event \"a\"]\n1. e4 1-0 {c}\n1. d4 d5 *\n", "a@1 @3", nil, 2, 0},
		{"CR-only", strings.ReplaceAll(phantom, "\n", "\r"), "a@2", []string{"pgn: game 2 (line 10): move 2. Qxd5: illegal"}, 1, 1},
		{"unterminated after a result", "[Event \"a\"]\n1. e4 1-0\n{ never\nclosed\n[Event \"b\"]\n1. d4 *\n", "a@1",
			[]string{"pgn: game 2 (line 3): unterminated comment {"}, 1, 1},
		{"unterminated before the first", "\n{ never closed", "", []string{"pgn: game 1 (line 2): unterminated comment {"}, 0, 1},
		// Comments inside a game stay the game's: one before the result,
		// one after the tags.
		{"inside a game", "[Event \"a\"]\n{after the tags}\n1. e4 {before the result} 1-0\n", "a@1", nil, 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, byteWise := range []bool{false, true} {
				games, errs, pr := readAll(t, source(tc.text, byteWise))
				var got []string
				for _, g := range games {
					got = append(got, fmt.Sprintf("%s@%d", g.Tag("Event"), g.Line))
				}
				if s := strings.Join(got, " "); s != tc.games || len(errs) != len(tc.errs) || pr.Read() != tc.read || pr.Skipped() != tc.skip {
					t.Fatalf("byte-wise %v: games %q errors %v read %d skipped %d; want %q, %d errors, %d, %d",
						byteWise, s, errs, pr.Read(), pr.Skipped(), tc.games, len(tc.errs), tc.read, tc.skip)
				}
				for i, e := range errs {
					if !strings.HasPrefix(e.Error(), tc.errs[i]) {
						t.Errorf("byte-wise %v: error %q, want prefix %q", byteWise, e, tc.errs[i])
					}
				}
			}
		})
	}
}

// source returns in as a reader of the whole text, or with byteWise of one
// byte per Read (every multi-byte sequence and CR LF straddling reads).
func source(in string, byteWise bool) io.Reader {
	if byteWise {
		return iotest.OneByteReader(strings.NewReader(in))
	}
	return strings.NewReader(in)
}
