package board

import "testing"

func mustFEN(tb testing.TB, fen string) *Position {
	tb.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		tb.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// play makes the UCI moves in order.
func play(tb testing.TB, p *Position, moves ...string) {
	tb.Helper()
	for _, s := range moves {
		m, err := p.ParseUCIMove(s)
		if err != nil {
			tb.Fatal(err)
		}
		p.MakeMove(m)
	}
}

func TestMateAndStalemate(t *testing.T) {
	for _, c := range []struct {
		fen              string
		check, mate, stl bool
	}{
		{StartFEN, false, false, false},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, true, false}, // fool's mate
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, false, true},
		{"k7/1R6/1K6/8/8/8/8/8 b - - 0 1", false, false, true},
		{"k7/2K5/8/8/8/8/8/R7 b - - 0 1", true, true, false},
		{"k7/8/1K6/8/8/8/8/R7 b - - 0 1", true, false, false}, // Kb8 escapes
		{"4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1", true, true, false},
		{"4k3/8/3K4/8/8/8/8/4R3 b - - 0 1", true, false, false},
		{"4k3/8/4K3/8/8/8/8/4R3 b - - 0 1", false, false, false}, // own king blocks the file
	} {
		p := mustFEN(t, c.fen)
		if p.InCheck() != c.check || p.IsCheckmate() != c.mate || p.IsStalemate() != c.stl {
			t.Errorf("%s: check %v mate %v stalemate %v, want %v %v %v", c.fen, p.InCheck(), p.IsCheckmate(), p.IsStalemate(), c.check, c.mate, c.stl)
		}
		if (p.Checkers() != 0) != c.check {
			t.Errorf("%s: Checkers %v", c.fen, p.Checkers())
		}
	}
}

func TestRepetition(t *testing.T) {
	p := NewPosition()
	if !p.IsRepetition(1) || p.IsRepetition(2) {
		t.Fatal("start position: want IsRepetition(1) only")
	}
	cycle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	play(t, p, cycle...)
	if !p.IsRepetition(2) || p.IsRepetition(3) {
		t.Fatalf("after one cycle: rep2 %v rep3 %v", p.IsRepetition(2), p.IsRepetition(3))
	}
	play(t, p, cycle...)
	if !p.IsRepetition(3) || !p.IsDraw() {
		t.Fatal("after two cycles: want threefold repetition")
	}
	// An irreversible move resets the history.
	play(t, p, "e2e4")
	if p.IsRepetition(2) {
		t.Fatal("after e2e4: no repetition expected")
	}
	play(t, p, "e7e5", "g1f3", "g8f6", "f3g1", "f6g8")
	if !p.IsRepetition(2) || p.IsRepetition(3) {
		t.Fatal("after e4 e5 and a cycle: want exactly twofold")
	}
	// Undoing moves restores the history.
	for range 4 {
		p.UnmakeMove()
	}
	if p.IsRepetition(2) {
		t.Fatal("after undoing the cycle: no repetition expected")
	}
	// Positions with different castling rights are not repetitions.
	q := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	play(t, q, "e1f1", "e8f8", "f1e1", "f8e8")
	if q.IsRepetition(2) {
		t.Fatal("castling rights lost: not a repetition")
	}
	play(t, q, "e1f1", "e8f8", "f1e1", "f8e8")
	if !q.IsRepetition(2) {
		t.Fatal("second cycle without rights: want repetition")
	}
	// An en-passant square that cannot be used does not break a repetition:
	// after ...c7c5 the b5 pawn is pinned to the a5 king (bxc6 would expose
	// it to the h5 rook), so the position recurs after a king shuffle.
	e := mustFEN(t, "7k/2p5/8/KP5r/8/8/8/8 b - - 0 1")
	play(t, e, "c7c5")
	if e.EnPassant != NoSquare {
		t.Fatal("unusable en-passant square recorded")
	}
	play(t, e, "a5a4", "h8g8", "a4a5", "g8h8")
	if !e.IsRepetition(2) {
		t.Fatal("position after c7c5 (unusable en passant) should repeat")
	}
	// With a usable en-passant square the same shuffle is no repetition.
	u := mustFEN(t, "7k/2p5/8/1P5r/K7/8/8/8 b - - 0 1")
	play(t, u, "c7c5")
	if u.EnPassant != C6 {
		t.Fatal("usable en-passant square not recorded")
	}
	play(t, u, "a4a3", "h8g8", "a3a4", "g8h8")
	if u.IsRepetition(2) {
		t.Fatal("en-passant right lost: not a repetition")
	}
	// Repetition does not look back across a null move.
	r := NewPosition()
	play(t, r, cycle[:2]...)
	r.MakeNullMove()
	r.MakeNullMove()
	play(t, r, cycle[2:]...)
	if r.IsRepetition(2) {
		t.Fatal("repetition across null moves")
	}
}

func TestFiftyMoveRule(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/8/8/4P3/R3K3 w Q - 99 80")
	if p.IsFiftyMoveDraw() {
		t.Fatal("clock 99: not yet a draw")
	}
	play(t, p, "a1a2")
	if !p.IsFiftyMoveDraw() || p.HalfmoveClock != 100 || !p.IsDraw() {
		t.Fatalf("clock %d: want fifty-move draw", p.HalfmoveClock)
	}
	p.UnmakeMove()
	play(t, p, "e2e3")
	if p.IsFiftyMoveDraw() || p.HalfmoveClock != 0 {
		t.Fatal("pawn move must reset the clock")
	}
	// Checkmate on the hundredth ply wins.
	m := mustFEN(t, "k7/2K5/8/8/8/8/8/R7 b - - 100 90")
	if m.IsFiftyMoveDraw() {
		t.Fatal("checkmate is not a fifty-move draw")
	}
}

func TestInsufficientMaterial(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"8/8/4k3/8/8/4K3/8/8 w - - 0 1", true},
		{"8/8/4k3/8/8/4KN2/8/8 w - - 0 1", true},
		{"8/8/4kb2/8/8/4K3/8/8 w - - 0 1", true},
		{"8/8/4kb2/8/8/3BK3/8/8 w - - 0 1", false},   // f6 dark, d3 light
		{"8/8/4k1b1/8/8/4K3/5B2/8 w - - 0 1", false}, // expectation recomputed from square colours below
		{"8/8/4kn2/8/8/4KN2/8/8 w - - 0 1", false},
		{"8/8/4k3/8/8/4KNN1/8/8 w - - 0 1", false},
		{"8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", false},
		{"8/8/4k3/8/8/4K3/4R3/8 w - - 0 1", false},
		{"8/8/4kq2/8/8/4K3/8/8 w - - 0 1", false},
	} {
		p := mustFEN(t, c.fen)
		// Compute the expected bishop-colour answer independently for the bishop cases.
		want := c.want
		bishops := p.Pieces[White][Bishop] | p.Pieces[Black][Bishop]
		if bishops.Count() == 2 && p.Pieces[White][Knight]|p.Pieces[Black][Knight] == 0 {
			a, b := bishops.LSB(), (bishops & (bishops - 1)).LSB()
			want = (a.File()+a.Rank())%2 == (b.File()+b.Rank())%2
		}
		if got := p.IsInsufficientMaterial(); got != want {
			t.Errorf("%s: IsInsufficientMaterial = %v, want %v", c.fen, got, want)
		}
	}
}

func TestCloneIsIndependent(t *testing.T) {
	p := NewPosition()
	play(t, p, "e2e4", "e7e5")
	q := p.Clone()
	play(t, q, "g1f3")
	if p.FEN() == q.FEN() || p.Ply() != 2 || q.Ply() != 3 {
		t.Fatal("clone shares state")
	}
	q.UnmakeMove()
	q.UnmakeMove()
	if q.FEN() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Fatalf("clone undo history wrong: %s", q.FEN())
	}
	if p.LastMove().UCI() != "e7e5" {
		t.Fatalf("LastMove = %s", p.LastMove())
	}
}

func TestNullMove(t *testing.T) {
	p := mustFEN(t, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	fen, hash := p.FEN(), p.Hash
	p.MakeNullMove()
	if err := p.Verify(); err != nil {
		t.Fatal(err)
	}
	if p.Side != Black || p.EnPassant != NoSquare || p.Hash == hash {
		t.Fatal("null move did not pass the turn")
	}
	p.UnmakeMove() // UnmakeMove also takes back a null move
	if p.FEN() != fen || p.Hash != hash {
		t.Fatalf("after unmake: %s", p.FEN())
	}
	p.UnmakeNullMove() // nothing to undo: no effect
	p.UnmakeMove()
	if p.FEN() != fen {
		t.Fatal("undo on empty history changed the position")
	}
}

func TestAttackQueries(t *testing.T) {
	// White king e1, white bishop e2 pinned by the rook on e8; knight on d3 not pinned.
	p := mustFEN(t, "4r1k1/8/8/8/1b6/3N4/4B3/4K3 w - - 0 1")
	if got, want := p.Pinned(White), SquareBB(E2); got != want {
		t.Errorf("Pinned(White) = %v, want %v", got, want)
	}
	if p.Pinned(Black) != 0 {
		t.Error("Pinned(Black) should be empty")
	}
	if got, want := p.AttackersTo(D2, p.Occupied), SquareBB(E1)|SquareBB(B4); got != want {
		t.Errorf("AttackersTo(d2) = %v, want %v", got, want)
	}
	// AttackersTo uses the given occupancy: without the e2 bishop the e8 rook reaches e1.
	if got := p.AttackersTo(E1, p.Occupied); got != SquareBB(D3)|SquareBB(B4) {
		t.Errorf("AttackersTo(e1) = %v", got)
	}
	if got := p.AttackersTo(E1, p.Occupied&^SquareBB(E2)); got != SquareBB(D3)|SquareBB(B4)|SquareBB(E8) {
		t.Errorf("AttackersTo(e1, occ without e2) = %v", got)
	}
	if !p.IsAttacked(E2, Black) || p.IsAttacked(H1, Black) || !p.IsAttacked(D1, White) {
		t.Error("IsAttacked wrong")
	}
	if p.KingSquare(Black) != G8 || p.PieceAt(D3) != WhiteKnight || p.PieceAt(NoSquare) != NoPiece {
		t.Error("KingSquare/PieceAt wrong")
	}
	if p.Material(White, Knight) != 1 || p.Material(Black, Rook) != 1 {
		t.Error("Material wrong")
	}
}

// TestGivesCheckMatchesMake compares GivesCheck with make + InCheck along seeded random games.
func TestGivesCheckMatchesMake(t *testing.T) {
	n := 0
	forRandomPositions(t, 40, func(p *Position) {
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			want := func() bool { p.MakeMove(m); defer p.UnmakeMove(); return p.InCheck() }()
			if got := p.GivesCheck(m); got != want {
				t.Fatalf("%s: GivesCheck(%s) = %v, want %v", p.FEN(), m, got, want)
			}
			n++
		}
	})
	if n < 1000 {
		t.Fatalf("only %d moves checked", n)
	}
}

// TestIsSpecial checks IsSpecial against the three predicates it combines on
// the moves of random games (promotions, castling and en passant included).
func TestIsSpecial(t *testing.T) {
	seen := 0
	forRandomPositions(t, 40, func(p *Position) {
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			want := m.IsPromotion() || m.IsCastle() || m.IsEnPassant()
			if m.IsSpecial() != want {
				t.Fatalf("%s in %s: IsSpecial %v, want %v", m.UCI(), p.FEN(), m.IsSpecial(), want)
			}
			if want {
				seen++
			}
		}
	})
	if seen == 0 {
		t.Fatal("no special move seen")
	}
}

// TestKeyAfter checks KeyAfter against MakeMove's key on the moves of random
// games: equal for every quiet move and capture (castling rights included)
// when neither position has an en-passant square, and counts them.
func TestKeyAfter(t *testing.T) {
	exact, other := 0, 0
	forRandomPositions(t, 40, func(p *Position) {
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			got := p.KeyAfter(m)
			p.MakeMove(m)
			want, ep := p.Hash, p.EnPassant
			p.UnmakeMove()
			if m.IsPromotion() || m.IsCastle() || m.IsEnPassant() || p.EnPassant != NoSquare || ep != NoSquare {
				other++
				continue
			}
			exact++
			if got != want {
				t.Fatalf("%s: KeyAfter(%s) = %#x, MakeMove gives %#x", p.FEN(), m, got, want)
			}
		}
	})
	if exact < 1000 || other == 0 {
		t.Fatalf("%d moves checked, %d special", exact, other)
	}
}
