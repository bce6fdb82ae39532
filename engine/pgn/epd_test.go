package pgn

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	// A pawn on b7 to promote: a promotion's SAN holds an '=' too.
	const promo = "5k2/1P6/8/8/8/8/8/4K3 w - - "
	tests := []struct {
		name, ops string
		want      map[string]int
		pos       string // pos when empty
	}{
		{"c0", `bm f5; id "Undermine.001"; c0 "f5=10, Be5+=2, Bf2=3, Bg4=2";`, want, ""},
		{"c8 c9", `bm f5; c8 "10 2 3 2"; c9 "f4f5 d4e5 d4f2 f3g4";`, want, ""},
		{"c0 wins over c8 c9", `c0 "f5=10"; c8 "1"; c9 "d4e5";`, map[string]int{"f4f5": 10}, ""},
		{"a bad c0 falls back to c8 c9", `c0 "f5=10, Zz9=3"; c8 "10"; c9 "f4f5";`, map[string]int{"f4f5": 10}, ""},
		{"a plain comment", `bm f5; c0 "the pawn lever f5 undermines";`, nil, ""},
		{"counts differ", `c8 "10 2"; c9 "f4f5";`, nil, ""},
		{"an illegal move", `c0 "f6=10";`, nil, ""},
		{"negative points", `c0 "f5=-3";`, nil, ""},
		{"a move twice", `c0 "f5=10, f5=3";`, nil, ""},
		{"promotions", `bm b8=Q+; c0 "b8=Q+=10, b8=R=4, b8N=1, Ke2=0";`,
			map[string]int{"b7b8q": 10, "b7b8r": 4, "b7b8n": 1, "e1e2": 0}, promo},
		{"a promotion without points", `c0 "b8=Q";`, nil, promo},
		{"a promotion with empty points", `c0 "b8=Q=";`, nil, promo},
		{"a promotion, then a bad one", `c0 "b8=Q=10, b8=K=3";`, nil, promo},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := pos
			if tc.pos != "" {
				p = tc.pos
			}
			e, err := ParseEPD(p + tc.ops)
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

// TestReadEPDLineEnds: LF, CR LF and lone-CR (classic Mac OS) line ends give
// the same records with the same line numbers, also read a byte at a time
// (a CR LF straddling reads) and without a final line end; QA's wac_cr.epd
// (5 records, CR only) gave one.
func TestReadEPDLineEnds(t *testing.T) {
	b, err := os.ReadFile("testdata/suite.epd")
	if err != nil {
		t.Fatal(err)
	}
	lf := string(b) + "8/8/8/8/8/8/8/8 w - - bm e4;\n" // a bad line 7
	summary := func(recs []*EPD, skipped []error) string {
		var s []string
		for _, r := range recs {
			s = append(s, fmt.Sprintf("%d %s %s %q", r.Line, r.FEN, uciLine(r.Best), r.Comment))
		}
		for _, e := range skipped {
			s = append(s, e.Error())
		}
		return strings.Join(s, "\n")
	}
	recs, skipped, err := ReadEPD(strings.NewReader(lf))
	want := summary(recs, skipped)
	if err != nil || !strings.Contains(want, "\nepd: line 7: ") || strings.Count(want, "\n") != 4 {
		t.Fatalf("LF: %s", want)
	}
	for _, tc := range []struct{ name, text string }{
		{"CR LF", strings.ReplaceAll(lf, "\n", "\r\n")},
		{"CR", strings.ReplaceAll(lf, "\n", "\r")},
		{"CR, no final line end", strings.TrimSuffix(strings.ReplaceAll(lf, "\n", "\r"), "\r")},
		{"CR LF, no final line end", strings.TrimSuffix(strings.ReplaceAll(lf, "\n", "\r\n"), "\r\n")},
	} {
		for _, byteWise := range []bool{false, true} {
			recs, skipped, err := ReadEPD(source(tc.text, byteWise))
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if got := summary(recs, skipped); got != want {
				t.Errorf("%s, byte-wise %v:\ngot  %s\nwant %s", tc.name, byteWise, got, want)
			}
		}
	}
}

// TestScanLines: lines end at LF, CR LF or a lone CR, without their ends; a
// final CR waits for the next byte (one byte per read here) to tell CR LF
// from a lone CR.
func TestScanLines(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"a", []string{"a"}},
		{"a\nb\n", []string{"a", "b"}},
		{"a\r\nb\r\n", []string{"a", "b"}},
		{"a\rb\r", []string{"a", "b"}},
		{"a\r\r\nb", []string{"a", "", "b"}},
		{"a\n\rb\r\r", []string{"a", "", "b", ""}},
		{"\r\n\r\n", []string{"", ""}},
		{"a\rb\nc\r\nd", []string{"a", "b", "c", "d"}},
		{"a\tb c\r", []string{"a\tb c"}},
	}
	for _, tc := range tests {
		for _, byteWise := range []bool{false, true} {
			sc := bufio.NewScanner(source(tc.in, byteWise))
			sc.Split(ScanLines)
			var got []string
			for sc.Scan() {
				got = append(got, sc.Text())
			}
			if sc.Err() != nil || !slices.Equal(got, tc.want) {
				t.Errorf("%q (byte-wise %v): %q, %v; want %q", tc.in, byteWise, got, sc.Err(), tc.want)
			}
		}
	}
}

// TestCompressed: the magic bytes of compressed formats and archives are
// known (ReadEPD refuses such input with a *CompressedError that says how to
// unpack it); text, however it starts, is not taken for them.
func TestCompressed(t *testing.T) {
	tests := []struct {
		name, head, want string // want: the error, "" for none
	}{
		{"gzip", "\x1f\x8b\x08\x00\x00\x00", "gzip-compressed input: decompress it first (gunzip FILE)"},
		{"zip", "PK\x03\x04\x14\x00", "zip archive: extract it first (unzip FILE)"},
		{"zstd", "\x28\xb5\x2f\xfd\x64\x2b", "zstd-compressed input: decompress it first (zstd -d FILE)"},
		{"bzip2", "BZh91AY&SY", "bzip2-compressed input: decompress it first (bunzip2 FILE)"},
		{"xz", "\xfd7zXZ\x00\x00\x04", "xz-compressed input: decompress it first (xz -d FILE)"},
		{"7z", "7z\xbc\xaf\x27\x1c\x00\x04", "7z archive: extract it first (7z x FILE)"},
		{"rar", "Rar!\x1a\x07\x01\x00", "RAR archive: extract it first (unrar x FILE)"},
		{"pgn", "[Event \"x\"]", ""},
		{"epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", ""},
		{"BZh then no block size", "BZhx", ""},
		{"BZh alone", "BZh", ""},
		{"a cut zstd magic", "\x28\xb5\x2f", ""},
		{"empty", "", ""},
		{"UTF-16", "\xff\xfe[\x00E\x00", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			head := []byte(tc.head)
			if ce := Compressed(head[:min(len(head), MagicLen)]); tc.want == "" && ce != nil || tc.want != "" && (ce == nil || ce.Error() != tc.want) {
				t.Errorf("Compressed: %v, want %q", ce, tc.want)
			}
			if tc.want == "" {
				return
			}
			recs, skipped, err := ReadEPD(strings.NewReader(tc.head + "\n8/8/8/8/8/8/8/8 w - - bm e4;\n"))
			var ce *CompressedError
			if len(recs) != 0 || len(skipped) != 0 || !errors.As(err, &ce) || err.Error() != "epd: "+tc.want {
				t.Errorf("ReadEPD: %d records, %d skipped, %v; want %q", len(recs), len(skipped), err, "epd: "+tc.want)
			}
		})
	}
}
