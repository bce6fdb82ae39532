package board

import (
	"strings"
	"testing"
)

func TestParseSANVariants(t *testing.T) {
	for _, c := range []struct {
		fen  string
		sans []string
		want string // UCI
	}{
		{StartFEN, []string{"Nf3", "Ng1f3", "Ngf3", "N1f3", "Ng1-f3", "Nf3!", "Nf3?!", "Nf3!!", " Nf3 "}, "g1f3"},
		{StartFEN, []string{"e4", "e2e4", "e2-e4", "e4!?", "Pe4"}, "e2e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"O-O", "0-0", "O-O+", "O-O!"}, "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", []string{"O-O-O", "0-0-0", "O-O-O+"}, "e8c8"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", []string{"b8=Q", "b8Q", "b8(Q)", "b8=Q+", "b8=q"}, "b7b8q"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", []string{"b8=N", "b8N"}, "b7b8n"},
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", []string{"bxa8=R", "bxa8R", "ba8=R", "bxa8=R+"}, "b7a8r"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", []string{"exd6", "exd6e.p.", "exd6 e.p.", "ed6", "exd6ep"}, "e5d6"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", []string{"Rhd1", "Rh1d1", "Rh1-d1"}, "h1d1"},
		{"4k3/8/8/8/8/N7/8/N3K3 w - - 0 1", []string{"N1c2", "Na1c2"}, "a1c2"},
		{"4k3/8/8/8/8/N7/8/N3K3 w - - 0 1", []string{"Nb3", "Nab3", "N1b3"}, "a1b3"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", []string{"Kd2", "Ke1d2", "Kd2#?"}, "e1d2"},
		{"4k3/8/8/8/8/1Q3Q2/8/1Q2K3 w - - 0 1", []string{"Qb3d3", "Qb3-d3"}, "b3d3"},
	} {
		p := mustFEN(t, c.fen)
		for _, s := range c.sans {
			m, err := p.ParseSAN(s)
			if err != nil {
				t.Errorf("%s: ParseSAN(%q): %v", c.fen, s, err)
				continue
			}
			if m.UCI() != c.want {
				t.Errorf("%s: ParseSAN(%q) = %s, want %s", c.fen, s, m, c.want)
			}
		}
	}
}

func TestParseSANErrors(t *testing.T) {
	for _, c := range []struct{ fen, san, want string }{
		{StartFEN, "", "empty"},
		{StartFEN, "+", "empty"},
		{StartFEN, "Nf4", "no white knight"},
		{StartFEN, "e5", "not legal"},
		{StartFEN, "exd3", "not legal"},
		{StartFEN, "Nd2", "not legal"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rd1", "ambiguous"},
		{StartFEN, "O-O", "castling not legal"},
		{StartFEN, "Zf3", "unexpected"},
		{StartFEN, "Nf9", "bad destination"},
		{StartFEN, "N", "no destination"},
		{StartFEN, "Qd1=Q", "only pawns promote"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", "needs a promotion"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=K", "bad promotion"},
		{"4k3/8/8/8/8/N7/8/N3K3 w - - 0 1", "Nc2", "ambiguous"},
		{"4k3/8/8/8/8/1Q3Q2/8/1Q2K3 w - - 0 1", "Qbd3", "ambiguous"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2", "no white pawn"},
	} {
		p := mustFEN(t, c.fen)
		m, err := p.ParseSAN(c.san)
		if err == nil {
			t.Errorf("%s: ParseSAN(%q) = %s, want error %q", c.fen, c.san, m, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "board: SAN") {
			t.Errorf("%s: ParseSAN(%q) error %q, want %q", c.fen, c.san, err, c.want)
		}
	}
}

func TestSANOutput(t *testing.T) {
	for _, c := range []struct{ fen, uci, want string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"4k3/8/8/8/8/N7/8/N3K3 w - - 0 1", "a1c2", "N1c2"},
		{"4k3/8/8/8/8/N7/8/N3K3 w - - 0 1", "a1b3", "Nb3"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "h1d1", "Rhd1"},
		{"4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "h1f1", "Rf1"},
		{"4k3/8/8/8/8/1Q3Q2/8/1Q2K3 w - - 0 1", "b3d3", "Qb3d3"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", "bxa8=Q+"},
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
	} {
		p := mustFEN(t, c.fen)
		m, err := p.ParseUCIMove(c.uci)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.SAN(m); got != c.want {
			t.Errorf("%s: SAN(%s) = %q, want %q", c.fen, c.uci, got, c.want)
		}
		if got := string(p.AppendSAN([]byte("x:"), m)); got != "x:"+c.want {
			t.Errorf("AppendSAN = %q", got)
		}
	}
}

func TestParseUCIMove(t *testing.T) {
	p := mustFEN(t, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"e1g1", "e1g1", true}, {"e1h1", "e1g1", true}, {"e1a1", "e1c1", true}, {"e1H1", "", false}, {"e1h1q", "", false}, {"b7b8q", "b7b8q", true}, {"b7a8N", "b7a8n", true}, {"a1a8", "a1a8", true},
		{"e1e3", "", false}, {"b7b8", "", false}, {"b7b8k", "", false}, {"e2e4", "", false}, {"e8e7", "", false},
		{"", "", false}, {"e1", "", false}, {"e1g1qq", "", false}, {"z1g1", "", false}, {"e1g9", "", false}, {"0000", "", false},
	} {
		m, err := p.ParseUCIMove(c.in)
		if (err == nil) != c.ok {
			t.Errorf("ParseUCIMove(%q) = %v, %v; want ok %v", c.in, m, err, c.ok)
			continue
		}
		if c.ok && m.UCI() != c.want {
			t.Errorf("ParseUCIMove(%q) = %s, want %s", c.in, m, c.want)
		}
		if !c.ok && !strings.HasPrefix(err.Error(), "board: UCI move") {
			t.Errorf("ParseUCIMove(%q) error %q lacks prefix", c.in, err)
		}
	}
	// The king taking its own rook castles only where castling is legal.
	for _, c := range []struct{ fen, in, want string }{
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8h8", "e8g8"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", "e8c8"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", "e1a1", ""},     // no right
		{"r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", "e1h1", ""},  // blocked
		{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1h1", ""}, // in check
		{"r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1", "e1g1", ""},   // king next to its rook: e1g1 is no castle here
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h8", ""},
	} {
		m, err := mustFEN(t, c.fen).ParseUCIMove(c.in)
		if got := ""; err == nil {
			got = m.UCI()
			if got != c.want {
				t.Errorf("%s: ParseUCIMove(%q) = %s, want %q", c.fen, c.in, got, c.want)
			}
		} else if c.want != "" {
			t.Errorf("%s: ParseUCIMove(%q): %v, want %s", c.fen, c.in, err, c.want)
		}
	}
	if NoMove.UCI() != "0000" {
		t.Error("NoMove.UCI()")
	}
	m, _ := p.ParseUCIMove("e1g1")
	if !m.IsCastle() || m.IsCapture() || m.Promotion() != NoPieceType || !p.IsLegal(m) || p.IsLegal(NoMove) || p.IsLegal(NewMove(E1, E3)) {
		t.Error("move flags or IsLegal wrong")
	}
	if mv, ok := p.MoveFromParts(B7, A8, Queen); !ok || !mv.IsCapture() || !mv.IsPromotion() || mv.Promotion() != Queen {
		t.Error("MoveFromParts capture-promotion flags wrong")
	}
}

// TestIsLegalMatchesGenerator checks IsLegal against membership in the
// generated list for the position's own moves, moves of other positions and
// random 32-bit values.
func TestIsLegalMatchesGenerator(t *testing.T) {
	var pool []Move
	rng := uint64(12345)
	next := func() uint64 { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng }
	checked := 0
	forRandomPositions(t, 24, func(p *Position) {
		var ml MoveList
		p.GenerateLegal(&ml)
		pool = append(pool, ml.Slice()...)
		if len(pool) > 4000 {
			pool = pool[len(pool)-4000:]
		}
		cands := append([]Move(nil), ml.Slice()...)
		for i := 0; i < 40 && len(pool) > 0; i++ {
			cands = append(cands, pool[next()%uint64(len(pool))])
		}
		for i := 0; i < 20; i++ {
			r := next()
			cands = append(cands, Move(r), Move(r&0x3ffff), Move(r&0xfff), Move(r&0xfff)|moveCapture)
		}
		// Every legal move with each possible promotion field (covers bad pieces 5-7).
		for _, m := range ml.Slice() {
			for promo := Move(0); promo < 8; promo++ {
				cands = append(cands, m&^(7<<12)|promo<<12)
			}
		}
		for _, m := range cands {
			if got, want := p.IsLegal(m), ml.Contains(m); got != want {
				t.Fatalf("%s: IsLegal(%s %#x) = %v, want %v", p.FEN(), m, uint32(m), got, want)
			}
			checked++
		}
	})
	if checked < 10000 {
		t.Fatalf("only %d moves checked", checked)
	}
}
