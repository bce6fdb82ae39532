package arena

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path"
	"reflect"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/internal/shareddata"
	"github.com/evochess/evochess/internal/ziptest"
)

func TestReadEPDOpenings(t *testing.T) {
	f, err := os.Open("testdata/openings.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ops, err := ReadOpenings(f, "openings.epd")
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 7 {
		t.Fatalf("got %d openings, want 7", len(ops))
	}
	tests := []struct {
		i        int
		name     string
		fen      string
		fullmove int
	}{
		{0, "line 1", "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 0 4", 4},
		{5, "after e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 1},
		{6, "line 9", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 1},
	}
	for _, tc := range tests {
		o := ops[tc.i]
		if o.Name != tc.name || o.FEN != tc.fen || len(o.Moves) != 0 {
			t.Errorf("opening %d = %+v, want name %q FEN %q", tc.i, o, tc.name, tc.fen)
		}
	}
}

// TestReadEPDOpeningsBOM: a byte order mark (a file saved on Windows, or
// files joined with cat) does not make a line unreadable.
func TestReadEPDOpeningsBOM(t *testing.T) {
	const epd = "\ufeffrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\r\n\ufeff8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\r\n"
	ops, err := ReadOpenings(strings.NewReader(epd), "bom.epd")
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 2 || ops[0].FEN != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" || ops[1].Name != "line 2" {
		t.Errorf("got %+v", ops)
	}
}

// TestReadOpeningsLineEnds: an opening file with CR LF or lone-CR (classic
// Mac OS) line ends gives the openings the LF file gives, with the same
// "line N" names (QA's open_cr.epd played every game from "line 1"), also
// gzipped and for PGN; an error names the same line.
func TestReadOpeningsLineEnds(t *testing.T) {
	summary := func(ops []Opening) string {
		var s []string
		for _, o := range ops {
			var moves []string
			for _, m := range o.Moves {
				moves = append(moves, m.UCI())
			}
			s = append(s, o.Name+" "+o.FEN+" "+strings.Join(moves, " "))
		}
		return strings.Join(s, "\n")
	}
	gzipped := func(b []byte) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(b)
		zw.Close()
		return buf.Bytes()
	}
	for _, file := range []string{"openings.epd", "openings.pgn"} {
		lf, err := os.ReadFile("testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		ops, err := ReadOpenings(bytes.NewReader(lf), file)
		if err != nil {
			t.Fatal(err)
		}
		want := summary(ops)
		if strings.Count(want, "\n") < 1 {
			t.Fatalf("%s: %s", file, want)
		}
		tests := []struct {
			name string
			in   []byte
			file string
		}{
			{"CR LF", bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n")), file},
			{"CR", bytes.ReplaceAll(lf, []byte("\n"), []byte("\r")), file},
			{"CR gzipped", gzipped(bytes.ReplaceAll(lf, []byte("\n"), []byte("\r"))), file + ".gz"},
		}
		for _, tc := range tests {
			ops, err := ReadOpenings(bytes.NewReader(tc.in), tc.file)
			if got := summary(ops); err != nil || got != want {
				t.Errorf("%s %s: %v\ngot  %s\nwant %s", file, tc.name, err, got, want)
			}
		}
	}
	// Errors name the line, counted the same way.
	for _, end := range []string{"\n", "\r\n", "\r"} {
		in := strings.ReplaceAll("8/8/8/4k3/8/8/4P3/4K3 w - -\n\n# c\n8/8/8 w\n", "\n", end)
		if _, err := ReadOpenings(strings.NewReader(in), "x.epd"); err == nil || !strings.Contains(err.Error(), "openings line 4:") {
			t.Errorf("%q: %v, want line 4", end, err)
		}
	}
}

// TestReadOpeningsCompressed: a book compressed in a format that is not
// unpacked (zstd, bzip2, xz; 7z, RAR) is refused with an error that names it
// and says how to unpack it, not read as EPD lines or PGN.
func TestReadOpeningsCompressed(t *testing.T) {
	tests := []struct{ file, head, want string }{
		{"book.epd.zst", "\x28\xb5\x2f\xfd\x64\x2b", "openings book.epd.zst: data: zstd-compressed input: decompress it first (zstd -d FILE)"},
		{"book.pgn.bz2", "BZh91AY&SY", "openings book.pgn.bz2: data: bzip2-compressed input: decompress it first (bunzip2 FILE)"},
		{"book.epd.xz", "\xfd7zXZ\x00\x00\x04", "openings book.epd.xz: data: xz-compressed input"},
		{"book.7z", "7z\xbc\xaf\x27\x1c\x00\x04", "openings book.7z: data: 7z archive: extract it first (7z x FILE)"},
	}
	for _, tc := range tests {
		_, err := ReadOpenings(strings.NewReader(tc.head+"\n8/8/8/4k3/8/8/4P3/4K3 w - -\n"), tc.file)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.file, err, tc.want)
		}
	}
}

// TestReadOpeningsRepairs: what other tools commonly get wrong in a FEN (a
// castling right without its rook, an en-passant square behind no pawn that
// just moved) is repaired, not a reason to refuse the file (EPD and PGN).
func TestReadOpeningsRepairs(t *testing.T) {
	const want = "r3k3/pppq1ppp/2n5/8/8/2N5/PPPQ1PPP/4K2R w Kq - 0 5"
	for _, tc := range []struct{ file, text string }{
		{"x.epd", "r3k3/pppq1ppp/2n5/8/8/2N5/PPPQ1PPP/4K2R w KQkq e6 0 5\n"},
		{"x.pgn", "[Event \"?\"]\n[SetUp \"1\"]\n[FEN \"r3k3/pppq1ppp/2n5/8/8/2N5/PPPQ1PPP/4K2R w KQkq e6 0 5\"]\n\n*\n"},
	} {
		ops, err := ReadOpenings(strings.NewReader(tc.text), tc.file)
		if err != nil || len(ops) != 1 || ops[0].FEN != want {
			t.Errorf("%s: %+v, %v; want one opening %q", tc.file, ops, err, want)
		}
	}
}

func TestReadOpeningsErrors(t *testing.T) {
	tests := []struct {
		name, file, text, want string
	}{
		{"bad piece", "x.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n", "line 1"},
		{"too few fields", "x.epd", "\n8/8/8/8 w\n", "line 2"},
		{"checkmated", "x.fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n", "no legal moves"},
		{"illegal SAN", "x.pgn", "[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n", "game 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadOpenings(strings.NewReader(tc.text), tc.file)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

func TestReadPGNOpenings(t *testing.T) {
	f, err := os.Open("testdata/openings.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ops, err := ReadOpenings(f, "book.PGN")
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 2 {
		t.Fatalf("got %d openings, want 2", len(ops))
	}
	if ops[0].Name != "A45" || ops[0].FEN != board.StartFEN || len(ops[0].Moves) != 16 {
		t.Errorf("opening 0 = %s %q %d moves, want A45 from the start with 16 moves", ops[0].Name, ops[0].FEN, len(ops[0].Moves))
	}
	p, err := ops[0].Position()
	if err != nil {
		t.Fatal(err)
	}
	// 1. d4 Nf6 2. Bf4 c5 3. d5 b5 4. a4 Bb7 5. axb5 Nxd5 6. Bg3 g6 7. e4 Nb6 8. Nd2 Bg7
	if want := "rn1qk2r/pb1pppbp/1n4p1/1Pp5/4P3/6B1/1PPN1PPP/R2QKBNR w KQkq - 3 9"; p.FEN() != want {
		t.Errorf("position after book = %s, want %s", p.FEN(), want)
	}
}

func TestSharedOpeningBooks(t *testing.T) {
	tests := []struct {
		file  string
		count int
		plies int // book moves per opening
	}{
		{"openings/noob_3moves_1500.epd", 1500, 0},
		{"openings/UHO_4060_v4_1500.epd", 1500, 0},
		{"openings/8moves_v3_1000.pgn", 1000, 16},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			f, err := os.Open(shareddata.Path(t, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			ops, err := ReadOpenings(f, tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if len(ops) != tc.count {
				t.Fatalf("%d openings, want %d", len(ops), tc.count)
			}
			for i, o := range ops {
				if len(o.Moves) != tc.plies {
					t.Fatalf("opening %d has %d book moves, want %d", i, len(o.Moves), tc.plies)
				}
			}
		})
	}
}

func TestDefaultOpenings(t *testing.T) {
	sum := sha256.Sum256([]byte(defaultBook))
	if got := hex.EncodeToString(sum[:]); got != "f0be12d405f6109081d30dbdc0bb757e6c37384afa43503a8dd888d85e4e95b3" {
		t.Errorf("embedded book sha256 %s differs from book/PROVENANCE.md", got)
	}
	ops, err := DefaultOpenings()
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 200 {
		t.Errorf("%d openings, want 200", len(ops))
	}
}

// TestPackedOpeningBooks: books as they are distributed (official-stockfish/
// books' .epd.zip and .pgn.zip, gzipped files) read as the plain files do;
// a zip of both kinds, or of neither, is refused with the reason.
func TestPackedOpeningBooks(t *testing.T) {
	for _, file := range []string{"openings/noob_3moves_1500.epd", "openings/8moves_v3_1000.pgn"} {
		plain, err := os.ReadFile(shareddata.Path(t, file))
		if err != nil {
			t.Fatal(err)
		}
		want, err := ReadOpenings(bytes.NewReader(plain), file)
		if err != nil {
			t.Fatal(err)
		}
		base := path.Base(file)
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(plain)
		zw.Close()
		for name, b := range map[string][]byte{
			base + ".zip":  ziptest.Zip(t, ziptest.Entry{"books/readme.md", "UHO"}, ziptest.Entry{"books/" + base, string(plain)}),
			"book.zip":     ziptest.Zip(t, ziptest.Entry{base, string(plain)}),
			base + ".gz":   gz.Bytes(),
			"book.bin.zip": ziptest.Zip(t, ziptest.Entry{strings.ToUpper(base), string(plain)}),
		} {
			got, err := ReadOpenings(bytes.NewReader(b), name)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %d openings differ from the plain file's %d", name, len(got), len(want))
			}
		}
	}
	for _, c := range []struct {
		b    []byte
		want string
	}{
		{ziptest.Zip(t, ziptest.Entry{"a.epd", "8/8/8/8/8/8/8/K6k w - -"}, ziptest.Entry{"b.pgn", "1. e4 *"}), "mixes .epd and .pgn"},
		{ziptest.Zip(t, ziptest.Entry{"a.md", "x"}), "holds no .pgn or .epd or .fen or .txt file"},
	} {
		if _, err := ReadOpenings(bytes.NewReader(c.b), "book.zip"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}
