package board

import (
	"os"
	"strings"
	"testing"
)

// FuzzParseFEN checks that ParseFEN never panics, that whatever it accepts
// satisfies Verify and round-trips through FEN, and that move generation and
// make/unmake on it keep the invariants.
func FuzzParseFEN(f *testing.F) {
	if data, err := os.ReadFile("testdata/perft_tricky.epd"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if line != "" && line[0] != '#' {
				f.Add(strings.TrimSpace(strings.Split(line, ";")[0]))
			}
		}
	}
	f.Add("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	f.Add("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
	f.Add("8/8/8/8/8/8/8/K6k w - -")
	f.Add("4k3/8/8/8/8/8/8/4K3 w KQkqK e3 0 0")
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		// The loose parse accepts whatever the strict one does, unchanged
		// and without warnings, and repairs into a FEN the strict one takes.
		lp, warn, lerr := ParseFENLoose(fen)
		if lerr != nil && !strings.HasPrefix(lerr.Error(), "board: ") {
			t.Fatalf("loose: error without prefix: %v", lerr)
		}
		if lerr == nil {
			if err := lp.Verify(); err != nil {
				t.Fatalf("%q accepted loosely but: %v", fen, err)
			}
			if q, err := ParseFEN(lp.FEN()); err != nil || q.Hash != lp.Hash {
				t.Fatalf("loose %q -> %q, which the strict parse refuses: %v", fen, lp.FEN(), err)
			}
		}
		p, err := ParseFEN(fen)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "board: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		if lerr != nil || len(warn) != 0 || lp.FEN() != p.FEN() {
			t.Fatalf("%q: strict %q, loose %v %q (warnings %q)", fen, p.FEN(), lerr, lp.FEN(), warn)
		}
		if err := p.Verify(); err != nil {
			t.Fatalf("%q accepted but: %v", fen, err)
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("FEN() output %q rejected: %v", out, err)
		}
		if q.FEN() != out || q.Hash != p.Hash {
			t.Fatalf("round trip %q -> %q", out, q.FEN())
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			p.MakeMove(m)
			if err := p.Verify(); err != nil {
				t.Fatalf("%s after %s: %v", out, m, err)
			}
			p.UnmakeMove()
		}
		if p.FEN() != out {
			t.Fatalf("position changed: %s", p.FEN())
		}
	})
}

// FuzzParseSAN feeds arbitrary text to ParseSAN on positions reached by
// seeded random play: it must not panic, and an accepted move must be legal
// and survive SAN → ParseSAN.
func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "exd6e.p.", "b8=Q+", "Qh4#", "Ng1f3", "0-0-0", "a8(Q)", "R1xa2!?"} {
		f.Add(uint64(1), uint8(20), s)
	}
	f.Fuzz(func(t *testing.T, seed uint64, plies uint8, s string) {
		p := randomPosition(t, seed, int(plies))
		m, err := p.ParseSAN(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "board: SAN") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: ParseSAN(%q) = %s, not legal", p.FEN(), s, m)
		}
		if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
			t.Fatalf("%s: SAN round trip of %s: %v %v", p.FEN(), m, back, err)
		}
	})
}

// FuzzParseUCIMove feeds arbitrary text to ParseUCIMove on random positions.
func FuzzParseUCIMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "e1g1", "e1h1", "e8a8", "0000", "a1a1", "h7h8n"} {
		f.Add(uint64(2), uint8(30), s)
	}
	f.Fuzz(func(t *testing.T, seed uint64, plies uint8, s string) {
		p := randomPosition(t, seed, int(plies))
		m, err := p.ParseUCIMove(s)
		if err != nil {
			return
		}
		kingTakesRook := m.IsCastle() && len(s) == 4 && strings.EqualFold(s[:2], m.From().String()) && p.Board[m.From()].Type() == King &&
			func() bool {
				sq, err := ParseSquare(strings.ToLower(s[2:]))
				return err == nil && p.Board[sq].Type() == Rook
			}()
		if !p.IsLegal(m) || !strings.EqualFold(m.UCI(), s) && !kingTakesRook {
			t.Fatalf("%s: ParseUCIMove(%q) = %s", p.FEN(), s, m)
		}
	})
}
