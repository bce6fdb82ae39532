package pgn

import (
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

func TestParseSANForms(t *testing.T) {
	cases := []struct {
		fen, san, uci, err string
	}{
		{board.StartFEN, "Nf3", "g1f3", ""},
		{board.StartFEN, "Ng1-f3", "g1f3", ""},
		{board.StartFEN, "e2e4", "e2e4", ""},
		{board.StartFEN, "e4!?", "e2e4", ""},
		{board.StartFEN, "Pe4", "e2e4", ""},
		{board.StartFEN, "e5", "", "illegal"},
		{board.StartFEN, "Nf3x", "", "not a move"},
		{board.StartFEN, "Zz9", "", "not a move"},
		{board.StartFEN, "O-O", "", "illegal"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q+", "a7a8q", ""},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8N", "a7a8n", ""},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8(R)", "a7a8r", ""},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8/B", "a7a8b", ""},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", "", "illegal"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", "", "not a move"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6e.p.", "e5d6", ""},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6ep", "e5d6", ""},
		{"4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1", "Nb3", "", "ambiguous"},
		{"4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1", "Nab3", "a1b3", ""},
		{"4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1", "Na1b3", "a1b3", ""},
		{"4k3/8/8/8/N7/8/8/N3K3 w - - 0 1", "N1b3", "a1b3", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O+", "e1g1", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "o-o", "e1g1", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "o-o-o", "e1c1", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", "e1g1", ""},
	}
	for _, c := range cases {
		pos, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseSAN(pos, c.san)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s %q: got %v %v, want error %q", c.fen, c.san, m, err, c.err)
			}
			continue
		}
		if err != nil || m.UCI() != c.uci {
			t.Errorf("%s %q: got %v %v, want %s", c.fen, c.san, m, err, c.uci)
		}
	}
}

// TestSANRoundTrip checks, on every position of the first demo games, that
// each legal move written by board.Position.SAN parses back to itself with
// our matcher and with board.ParseSAN (the oracle the reader replaces).
func TestSANRoundTrip(t *testing.T) {
	f := openShared(t, "pgn/gm_demo_1500.pgn")
	defer f.Close()
	pr := NewReader(f)
	limit := 300
	if testing.Short() {
		limit = 60
	}
	checked := 0
	for n := 0; n < limit; n++ {
		g, err := pr.Next()
		if err != nil {
			t.Fatal(err)
		}
		pos, err := g.StartPosition()
		if err != nil {
			t.Fatal(err)
		}
		for _, played := range g.Moves {
			for _, m := range pos.LegalMoves() {
				san := pos.SAN(m)
				got, err := ParseSAN(pos, san)
				if err != nil || got != m {
					t.Fatalf("%s %s: ours %v %v, want %v", pos.FEN(), san, got, err, m)
				}
				oracle, err := pos.ParseSAN(san)
				if err != nil || oracle != m {
					t.Fatalf("%s %s: board.ParseSAN %v %v, want %v", pos.FEN(), san, oracle, err, m)
				}
				checked++
			}
			pos.MakeMove(played)
		}
	}
	t.Logf("%d moves round-tripped", checked)
}

func BenchmarkParseSAN(b *testing.B) {
	pos, _ := board.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	tok := []byte("Nxe5")
	var ml board.MoveList
	for b.Loop() {
		s, err := parseSAN(tok)
		if err != nil {
			b.Fatal(err)
		}
		pos.GenerateLegal(&ml)
		if _, err := s.match(pos, &ml); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkBoardParseSAN is the comparison: board.Position.ParseSAN on the
// same move (string argument, as the reader would have to pass).
func BenchmarkBoardParseSAN(b *testing.B) {
	pos, _ := board.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	tok := []byte("Nxe5")
	for b.Loop() {
		if _, err := pos.ParseSAN(string(tok)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
