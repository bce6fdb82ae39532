package uci

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/book"
)

// smallBook returns a Polyglot book with two start moves (e4 weight 3, d4
// weight 1) and one reply to e4 (c5).
func smallBook(t testing.TB) []byte {
	t.Helper()
	pos := board.NewPosition()
	enc := func(p *board.Position, uci string) uint16 {
		m, err := p.ParseUCIMove(uci)
		if err != nil {
			t.Fatal(err)
		}
		return book.EncodeMove(m)
	}
	es := []book.Entry{{Key: book.Key(pos), Move: enc(pos, "e2e4"), Weight: 3}, {Key: book.Key(pos), Move: enc(pos, "d2d4"), Weight: 1}}
	m, _ := pos.ParseUCIMove("e2e4")
	pos.MakeMove(m)
	es = append(es, book.Entry{Key: book.Key(pos), Move: enc(pos, "c7c5"), Weight: 5})
	var buf bytes.Buffer
	if err := book.Write(&buf, es); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestOwnBook: with OwnBook on, book positions are answered from the book
// (the default book, then a BookFile), other positions by the search; the
// same Seed gives the same book moves; a bad BookFile is reported and the
// previous book kept.
func TestOwnBook(t *testing.T) {
	data := smallBook(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "b.bin")
	if err := os.WriteFile(file, data[16:], 0o644); err != nil { // without the first entry: d4 only at the start
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.bin"), data[:20], 0o644); err != nil {
		t.Fatal(err)
	}
	open := func(name string) (io.ReadCloser, error) { return os.Open(name) }
	s := startSession(t, Options{OpenFile: open, DefaultBook: data})
	s.send("uci")
	s.expect("^option name OwnBook type check default false$")
	s.expect("^option name Seed type spin default 1 min 0 max 2147483647$")
	s.expect("^option name BookFile type string default <empty>$")
	s.expect("^uciok$")
	s.send("position startpos moves e2e4")
	s.send("go depth 1")
	s.expect(bestmoveRe) // OwnBook off: searched
	s.send("setoption name OwnBook value true")
	s.send("go wtime 1000 btime 1000")
	s.expect("^info string book move c7c5$")
	s.expect("^bestmove c7c5$")
	s.send("position startpos moves e2e4 c7c5")
	s.send("go depth 1")
	s.expect("^info depth 1 ") // out of book: searched
	s.expect(bestmoveRe)
	s.send("setoption name BookFile value " + filepath.Join(dir, "bad.bin"))
	s.expect("^info string error: option BookFile: book: size 20 bytes")
	s.send("setoption name BookFile value " + file)
	s.send("position startpos")
	s.send("go depth 3")
	s.expect("^bestmove d2d4$")
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, s.out.snapshot())

	// The same seed gives the same sequence of book moves.
	seq := func(seed string) string {
		s := startSession(t, Options{DefaultBook: data})
		s.send("setoption name OwnBook value true")
		s.send("setoption name Seed value " + seed)
		var moves []string
		for range 12 {
			s.send("position startpos")
			s.send("go depth 1")
			moves = append(moves, s.expect("^bestmove "))
		}
		s.finish()
		return strings.Join(moves, ",")
	}
	a, b := seq("7"), seq("7")
	if a != b {
		t.Errorf("seed 7 gave %s then %s", a, b)
	}
	// Weights 3:1 — twelve picks with seed 7 play both moves.
	if !strings.Contains(a, "e2e4") || !strings.Contains(a, "d2d4") {
		t.Errorf("book picks %s: want both e2e4 and d2d4", a)
	}

	// Without any book, OwnBook reports it and searches.
	s = startSession(t, Options{})
	s.send("setoption name OwnBook value true")
	s.send("go depth 1")
	s.expect("^info string error: OwnBook: no book: set BookFile$")
	s.expect(bestmoveRe)
	s.finish()
}

// TestLimitStrength: UCI_LimitStrength/UCI_Elo are declared with the
// calibrated range, out-of-range values are refused, and a limited engine
// plays legal moves that depend only on Seed and the commands.
func TestLimitStrength(t *testing.T) {
	run := func(seed string) string {
		s := startSession(t, Options{})
		s.send("uci")
		s.expect(`^option name UCI_LimitStrength type check default false$`)
		s.expect(`^option name UCI_Elo type spin default \d+ min 800 max \d+$`)
		s.expect("^uciok$")
		s.send("setoption name UCI_Elo value 100")
		s.expect("^info string error: option UCI_Elo: 100 outside")
		s.send("setoption name UCI_LimitStrength value true")
		s.send("setoption name UCI_Elo value 900")
		s.send("setoption name Seed value " + seed)
		var moves []string
		for _, pos := range []string{"startpos", "startpos moves e2e4 e7e5 g1f3", "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"} {
			s.send("position " + pos)
			s.send("go wtime 60000 btime 60000")
			moves = append(moves, s.expect(bestmoveRe))
		}
		if err := s.finish(); err != nil {
			t.Fatal(err)
		}
		checkWellFormed(t, s.out.snapshot())
		return strings.Join(moves, ",")
	}
	if a, b := run("3"), run("3"); a != b {
		t.Errorf("seed 3: %s then %s", a, b)
	}
}
