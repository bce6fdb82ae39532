package pgn

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/internal/shareddata"
)

func TestParseEPD(t *testing.T) {
	cases := []struct {
		line                 string
		fen, best, avoid, id string
		perft                []uint64
		err                  string
	}{
		{line: `2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`,
			fen: "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", best: "g3g6", id: "WAC.001"},
		{line: `8/1p6/p5R1/k7/Prpp4/K7/1NP5/8 w - - am Rd6; bm Rb6 Rg5+; id "WAC.274"`,
			fen: "8/1p6/p5R1/k7/Prpp4/K7/1NP5/8 w - - 0 1", best: "g6b6 g6g5", avoid: "g6d6", id: "WAC.274"},
		{line: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902",
			fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", perft: []uint64{20, 400, 8902}},
		{line: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - hmvc 7; fmvn 30; bm O-O;",
			fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30", best: "e1g1"},
		{line: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm e1c1;", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", best: "e1c1"},
		// A stale castling right and a misplaced en-passant square are
		// repaired (board.ParseFENLoose), not refused.
		{line: "4k3/8/8/8/8/8/4P3/4K3 w KQkq e6 bm e4;", fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", best: "e2e4"},
		{line: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Nf3,d4; am e2-e4, f3;",
			fen: board.StartFEN, best: "g1f3 d2d4", avoid: "e2e4 f2f3"},
		{line: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm ,;", err: "bm without a move"},
		{line: "8/8/8 w - -", err: "epd: line 1: "},
		{line: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", err: "want 4 FEN fields, got 3"},
		{line: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Nf6;", err: `bm Nf6`},
		{line: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm;", err: "bm without a move"},
		{line: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "open`, err: "unterminated string"},
		{line: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - D1 x;", err: "D1"},
		{line: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - D0 1;", err: "perft depth"},
	}
	for _, c := range cases {
		e, err := ParseEPD(c.line)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want one containing %q", c.line, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if e.FEN != c.fen || uciLine(e.Best) != c.best || uciLine(e.Avoid) != c.avoid || e.ID != c.id {
			t.Errorf("%q: got fen %q best %q avoid %q id %q", c.line, e.FEN, uciLine(e.Best), uciLine(e.Avoid), e.ID)
		}
		if len(e.Perft) != len(c.perft) {
			t.Errorf("%q: perft %v, want %v", c.line, e.Perft, c.perft)
		}
		for i := range c.perft {
			if i < len(e.Perft) && e.Perft[i] != c.perft[i] {
				t.Errorf("%q: perft %v, want %v", c.line, e.Perft, c.perft)
			}
		}
	}
}

func TestReadEPDFixture(t *testing.T) {
	f, err := os.Open("testdata/suite.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, skipped, err := ReadEPD(f)
	if err != nil || len(skipped) != 0 {
		t.Fatalf("err %v skipped %v", err, skipped)
	}
	if len(recs) != 4 {
		t.Fatalf("got %d records", len(recs))
	}
	if recs[1].Comment != `a "quoted" comment; with semicolon` || recs[1].Line != 3 || recs[2].Line != 5 {
		t.Errorf("record 2: comment %q line %d; record 3 line %d", recs[1].Comment, recs[1].Line, recs[2].Line)
	}
	// Two copies joined with cat, each with a byte order mark: all read.
	b, err := os.ReadFile("testdata/suite.epd")
	if err != nil {
		t.Fatal(err)
	}
	bom := append([]byte("\ufeff"), b...)
	if recs, skipped, err := ReadEPD(bytes.NewReader(append(bom, bom...))); err != nil || len(skipped) != 0 || len(recs) != 8 {
		t.Errorf("joined with marks: %d records, skipped %v, err %v", len(recs), skipped, err)
	}
	bad := "x\n8/8/8/8/8/8/8/8 w - - bm e4;\n"
	_, skipped, err = ReadEPD(strings.NewReader(bad))
	if err != nil || len(skipped) != 2 || !strings.HasPrefix(skipped[1].Error(), "epd: line 2:") {
		t.Errorf("bad input: err %v skipped %v", err, skipped)
	}
}

// TestReadSharedEPD loads every EPD file of the shared data: no line may be
// skipped, every record has a best move or perft counts, and perft D1 (and
// D2 where given) agree with the move generator.
func TestReadSharedEPD(t *testing.T) {
	dir := filepath.Dir(shareddata.Path(t, "epd/wac.epd"))
	files, err := filepath.Glob(filepath.Join(dir, "*.epd"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no EPD files: %v", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines := 0
		for _, l := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(l) != "" {
				lines++
			}
		}
		recs, skipped, err := ReadEPD(strings.NewReader(string(data)))
		if err != nil || len(skipped) != 0 {
			t.Errorf("%s: err %v, %d skipped, first %v", name, err, len(skipped), skipped)
			continue
		}
		if len(recs) != lines {
			t.Errorf("%s: %d records from %d lines", name, len(recs), lines)
		}
		for _, r := range recs {
			if len(r.Best) == 0 && len(r.Avoid) == 0 && len(r.Perft) == 0 {
				t.Errorf("%s line %d: no bm, am or perft", name, r.Line)
			}
			if len(r.Perft) > 0 && r.Position.Perft(1) != r.Perft[0] {
				t.Errorf("%s line %d: perft(1) %d, want %d", name, r.Line, r.Position.Perft(1), r.Perft[0])
			}
			if len(r.Perft) > 1 && r.Position.Perft(2) != r.Perft[1] {
				t.Errorf("%s line %d: perft(2) %d, want %d", name, r.Line, r.Position.Perft(2), r.Perft[1])
			}
		}
		t.Logf("%s: %d records", filepath.Base(name), len(recs))
	}
}

// TestSTSPoints: the Strategic Test Suite's move scores, from c0's
// "move=points" list (SAN) or from c9 (UCI) with c8; other c0 comments and
// incomplete lists give none.
func TestSTSPoints(t *testing.T) {
	const pos = "1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - "
	want := map[string]int{"f4f5": 10, "d4e5": 2, "d4f2": 3, "f3g4": 2}
	tests := []struct {
		name, ops string
		want      map[string]int
	}{
		{"c0", `bm f5; id "Undermine.001"; c0 "f5=10, Be5+=2, Bf2=3, Bg4=2";`, want},
		{"c8 c9", `bm f5; c8 "10 2 3 2"; c9 "f4f5 d4e5 d4f2 f3g4";`, want},
		{"c0 wins over c8 c9", `c0 "f5=10"; c8 "1"; c9 "d4e5";`, map[string]int{"f4f5": 10}},
		{"a bad c0 falls back to c8 c9", `c0 "f5=10, Zz9=3"; c8 "10"; c9 "f4f5";`, map[string]int{"f4f5": 10}},
		{"a plain comment", `bm f5; c0 "the pawn lever f5 undermines";`, nil},
		{"counts differ", `c8 "10 2"; c9 "f4f5";`, nil},
		{"an illegal move", `c0 "f6=10";`, nil},
		{"negative points", `c0 "f5=-3";`, nil},
		{"a move twice", `c0 "f5=10, f5=3";`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := ParseEPD(pos + tc.ops)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]int{}
			for m, v := range e.Points {
				got[m.UCI()] = v
			}
			if tc.want == nil {
				if e.Points != nil {
					t.Errorf("points %v, want none", got)
				}
				return
			}
			if len(got) != len(tc.want) {
				t.Fatalf("points %v, want %v", got, tc.want)
			}
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("points %v, want %v", got, tc.want)
				}
			}
		})
	}
}
