package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

// FuzzReader feeds arbitrary bytes to the PGN reader: it must never panic,
// must terminate, and every game it returns must replay legally from its FEN.
// Input without a CR reads the same (games, line numbers, errors) with its
// LFs made CR LF or lone CRs (classic Mac OS).
func FuzzReader(f *testing.F) {
	for _, name := range []string{"testdata/features.pgn", "testdata/errors.pgn", "testdata/bom_crlf.pgn"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		// The same with lone CRs for line ends.
		f.Add(bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r")))
	}
	f.Add([]byte("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *"))
	f.Add([]byte("1. e4 (((( e5 ) 2. ) $ {"))
	f.Add([]byte("[Variant \"Chess960\"]\n\n1. ♙e4 ♞f6 2. ♘c3 ★ o-o ½-½ ½"))
	f.Add([]byte("{intro}\r; note\r[Event \"a\\\r1. e4 1-0 {end\rof game}\r%esc\r1. d4 ; x\r0-1\r\r\n\r"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got := readSummary(t, data)
		if !bytes.ContainsRune(data, '\r') {
			for _, end := range []string{"\r\n", "\r"} {
				if s := readSummary(t, bytes.ReplaceAll(data, []byte("\n"), []byte(end))); s != got {
					t.Fatalf("with %q line ends:\n%s\nwith LF:\n%s", end, s, got)
				}
			}
		}
	})
}

// readSummary reads every game of data, checking FuzzReader's invariants,
// and describes the games and errors.
func readSummary(t *testing.T, data []byte) string {
	var sum strings.Builder
	pr := NewReader(bytes.NewReader(data))
	for i := 0; ; i++ {
		if i > len(data)+1 {
			t.Fatalf("more games than bytes")
		}
		g, err := pr.Next()
		if err == io.EOF {
			return sum.String()
		}
		var ge *GameError
		if errors.As(err, &ge) {
			if g != nil || ge.Number != pr.Read()+pr.Skipped() {
				t.Fatalf("bad game error %v", ge)
			}
			fmt.Fprintln(&sum, ge)
			continue
		}
		if err != nil {
			t.Fatalf("unexpected error %v", err)
		}
		pos, err := g.StartPosition()
		if err != nil {
			t.Fatalf("game returned with bad FEN: %v", err)
		}
		for _, m := range g.Moves {
			if !pos.IsLegal(m) {
				t.Fatalf("illegal move %v in %s", m, pos.FEN())
			}
			pos.MakeMove(m)
		}
		fmt.Fprintln(&sum, g.Number, g.Line, g.Tags, g.FEN, uciLine(g.Moves), g.Result)
	}
}

// FuzzParseEPD: never panics, and accepted records have a usable position
// whose best moves are legal.
func FuzzParseEPD(f *testing.F) {
	f.Add(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`)
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400")
	f.Add(`r3k2r/8/8/8/8/8/8/R3K2R w KQkq - c0 "x\"; y"; am O-O`)
	f.Add(`1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm f5; c0 "f5=10, Be5+=2"; c8 "10 2"; c9 "f4f5 d4e5";`)
	f.Add(`5k2/1P6/8/8/8/8/8/4K3 w - - bm b8=Q+; c0 "b8=Q+=10, b8=R=4";` + "\r")
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\rbm e4;\r id \"a\rb\";\r")
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEPD(line)
		if err != nil {
			return
		}
		for _, m := range append(e.Best, e.Avoid...) {
			if !e.Position.IsLegal(m) {
				t.Fatalf("illegal move %v accepted", m)
			}
		}
		for m, v := range e.Points {
			if !e.Position.IsLegal(m) || v < 0 || v > maxPoints {
				t.Fatalf("STS points %v=%d accepted", m, v)
			}
		}
	})
}

// FuzzParseSAN: never panics; an accepted move is legal and is the move
// board.ParseSAN returns for its canonical SAN.
func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"Nf3", "e8=Q+", "O-O-O", "exd6e.p.", "Ng1-f3", "a8(N)", "Qh4xe1#"} {
		f.Add(board.StartFEN, s)
	}
	f.Add("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q")
	f.Fuzz(func(t *testing.T, fen, san string) {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := ParseSAN(pos, san)
		if err != nil {
			return
		}
		if !pos.IsLegal(m) {
			t.Fatalf("illegal move %v", m)
		}
		if o, err := pos.ParseSAN(pos.SAN(m)); err != nil || o != m {
			t.Fatalf("%s: canonical SAN %s gives %v %v", fen, pos.SAN(m), o, err)
		}
	})
}
