package board

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/shareddata"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
		"8/8/8/8/8/8/8/K6k b - - 99 200",
		"r3k3/8/8/8/8/8/8/4K2R w Kq - 12 34",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("FEN round trip: got %q, want %q", got, fen)
		}
		if err := p.Verify(); err != nil {
			t.Errorf("%s: %v", fen, err)
		}
	}
}

func TestFENNormalisation(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// EPD-style 4 fields get default clocks.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFEN},
		// An en-passant square no pawn can capture on is dropped.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		// An en-passant capture that would expose the king is not recorded either.
		{"8/8/8/KPp4r/8/8/8/7k w - c6 0 1", "8/8/8/KPp4r/8/8/8/7k w - - 0 1"},
		{"8/8/8/1Pp5/8/8/8/K6k w - c6 0 1", "8/8/8/1Pp5/8/8/8/K6k w - c6 0 1"},
		// Castling letters in any order and extra spaces.
		{"  r3k2r/8/8/8/8/8/8/R3K2R   w qkQK - 0 1 ", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
	} {
		p, err := ParseFEN(c.in)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", c.in, err)
		}
		if got := p.FEN(); got != c.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"", "want 4 to 6 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "want 4 to 6 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "field 1 (placement)"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "field 1 (placement)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "more than 8 files"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad piece letter"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "more than 8 ranks"},
		{"Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQk - 0 1", "first or last rank"},
		{"QQQQkQQQ/QQQQQQQQ/8/8/8/8/8/4K3 w - - 0 1", "pieces"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", `field 2 (side to move) "x": want w or b`},
		{"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "side not to move is in check"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "field 3 (castling)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "field 3 (castling)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "repeated"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "field 4 (en passant)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "field 4 (en passant)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "field 4 (en passant)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "field 5 (halfmove clock)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "field 5 (halfmove clock)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "field 6 (fullmove number)"},
	} {
		p, err := ParseFEN(c.fen)
		if err == nil {
			t.Errorf("ParseFEN(%q) = %s, want error containing %q", c.fen, p.FEN(), c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "board: ") {
			t.Errorf("ParseFEN(%q) error %q, want it to contain %q", c.fen, err, c.want)
		}
	}
	// SetFEN leaves the position unchanged on error.
	p := NewPosition()
	if err := p.SetFEN("bad"); err == nil || p.FEN() != StartFEN {
		t.Errorf("SetFEN(bad) = %v, position now %s", err, p.FEN())
	}
}

func TestParseFENLoose(t *testing.T) {
	for _, c := range []struct {
		in, want string
		warns    []string // substrings, one per warning
	}{
		{"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
			[]string{`'K' dropped: it needs the white king on e1 and rook on h1`, `'Q' dropped`, `'k' dropped`, `'q' dropped`}},
		{"r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", []string{`'Q' dropped`, `'k' dropped`}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
			[]string{`'H' read as 'K'`, `'A' read as 'Q'`, `'h' read as 'k'`, `'a' read as 'q'`}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", []string{`'K' repeated`}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", StartFEN, []string{"field 4 (en passant) \"e3\": want rank 6"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", StartFEN, []string{"no black pawn just moved two squares"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", StartFEN, []string{"field 6 (fullmove number) \"0\": read as 1"}},
		{StartFEN, StartFEN, nil},
	} {
		p, warn, err := ParseFENLoose(c.in)
		if err != nil {
			t.Errorf("ParseFENLoose(%q): %v", c.in, err)
			continue
		}
		if p.FEN() != c.want {
			t.Errorf("ParseFENLoose(%q) = %q, want %q", c.in, p.FEN(), c.want)
		}
		if len(warn) != len(c.warns) {
			t.Errorf("ParseFENLoose(%q) warnings %q, want %d", c.in, warn, len(c.warns))
			continue
		}
		for i, w := range c.warns {
			if !strings.Contains(warn[i], w) {
				t.Errorf("ParseFENLoose(%q) warning %d %q, want it to contain %q", c.in, i, warn[i], w)
			}
		}
	}
	// What does not describe a position stays an error.
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
		"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
	} {
		if p, _, err := ParseFENLoose(fen); err == nil {
			t.Errorf("ParseFENLoose(%q) = %s, want an error", fen, p.FEN())
		}
	}
}

// TestFENSuites round-trips every position of the shared EPD suites (first
// four EPD fields) and checks Verify.
func TestFENSuites(t *testing.T) {
	for _, file := range []string{"epd/wac.epd", "epd/bratko_kopec.epd", "epd/ecm.epd", "epd/arasan2024.epd"} {
		f, err := os.Open(shareddata.Path(t, file))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		n := 0
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) < 4 {
				continue
			}
			fen := strings.Join(fs[:4], " ")
			p, err := ParseFEN(fen)
			if err != nil {
				t.Errorf("%s: %v", file, err)
				continue
			}
			n++
			if err := p.Verify(); err != nil {
				t.Errorf("%s: %s: %v", file, fen, err)
			}
			q, err := ParseFEN(p.FEN())
			if err != nil || q.FEN() != p.FEN() || q.Hash != p.Hash {
				t.Errorf("%s: round trip of %s: %v", file, p.FEN(), err)
			}
		}
		f.Close()
		if n == 0 {
			t.Errorf("%s: no positions", file)
		}
	}
}

func TestSquareAndPieceHelpers(t *testing.T) {
	for sq := A1; sq <= H8; sq++ {
		back, err := ParseSquare(sq.String())
		if err != nil || back != sq || MakeSquare(sq.File(), sq.Rank()) != sq {
			t.Fatalf("square %d: %q %v %v", sq, sq.String(), back, err)
		}
	}
	for _, s := range []string{"", "e", "i1", "a9", "e44", "E4"} {
		if _, err := ParseSquare(s); err == nil {
			t.Errorf("ParseSquare(%q) accepted", s)
		}
	}
	for c := White; c <= Black; c++ {
		for pt := Pawn; pt <= King; pt++ {
			pc := MakePiece(c, pt)
			if pc.Color() != c || pc.Type() != pt {
				t.Errorf("MakePiece(%v, %v) = %v", c, pt, pc)
			}
		}
	}
	if NoPiece.Type() != NoPieceType || NoSquare.String() != "-" || White.Other() != Black {
		t.Error("NoPiece/NoSquare/Other helpers wrong")
	}
	b := SquareBB(E4) | SquareBB(A1)
	if b.Count() != 2 || b.LSB() != A1 || !b.Has(E4) || b.Has(E5) || b.Has(NoSquare) || SquareBB(NoSquare) != 0 {
		t.Error("bitboard helpers wrong")
	}
	if sq := b.PopLSB(); sq != A1 || b != SquareBB(E4) {
		t.Error("PopLSB wrong")
	}
	for i := 0; i < 8; i++ {
		if FileBB[i].Count() != 8 || RankBB[i].Count() != 8 || FileBB[i]&RankBB[i] == 0 {
			t.Error("FileBB/RankBB wrong")
		}
	}
}
