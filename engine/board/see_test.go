package board

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/shareddata"
)

// seeRefAttacker finds side's least valuable piece attacking sq on the
// mailbox b by walking rays square by square (the slow oracle for SEE).
func seeRefAttacker(b *[64]Piece, sq Square, side Color) (Square, bool) {
	best, bestType := NoSquare, NoPieceType
	consider := func(from Square, pt PieceType) {
		if pt < bestType {
			best, bestType = from, pt
		}
	}
	f0, r0 := sq.File(), sq.Rank()
	at := func(f, r int) (Piece, bool) {
		if f < 0 || f > 7 || r < 0 || r > 7 {
			return NoPiece, false
		}
		return b[MakeSquare(f, r)], true
	}
	// Pawns: a white pawn attacks upwards, so it stands one rank below.
	dr := -1
	if side == Black {
		dr = 1
	}
	for _, df := range []int{-1, 1} {
		if pc, ok := at(f0+df, r0+dr); ok && pc == MakePiece(side, Pawn) {
			consider(MakeSquare(f0+df, r0+dr), Pawn)
		}
	}
	for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
		if pc, ok := at(f0+d[0], r0+d[1]); ok && pc == MakePiece(side, Knight) {
			consider(MakeSquare(f0+d[0], r0+d[1]), Knight)
		}
	}
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		diagonal := d[0] != 0 && d[1] != 0
		for k := 1; k < 8; k++ {
			pc, ok := at(f0+k*d[0], r0+k*d[1])
			if !ok {
				break
			}
			if pc == NoPiece {
				continue
			}
			if pc.Color() == side {
				pt := pc.Type()
				if pt == Queen || (diagonal && pt == Bishop) || (!diagonal && pt == Rook) || (k == 1 && pt == King) {
					consider(MakeSquare(f0+k*d[0], r0+k*d[1]), pt)
				}
			}
			break
		}
	}
	return best, best != NoSquare
}

// seeRef is the value for side of the exchange on sq when side may capture
// next (or stop): the naive recursive definition.
func seeRef(b [64]Piece, sq Square, side Color) int {
	from, ok := seeRefAttacker(&b, sq, side)
	if !ok {
		return 0
	}
	captured := SEEValue[b[sq].Type()]
	b[sq] = b[from]
	b[from] = NoPiece
	return max(0, captured-seeRef(b, sq, side^1))
}

// seeReference evaluates the forced first move m, then the optional replies.
func seeReference(p *Position, m Move) int {
	if m.IsCastle() {
		return 0
	}
	b := p.Board
	from, to := m.From(), m.To()
	gain := SEEValue[b[to].Type()]
	if m.IsEnPassant() {
		gain = SEEValue[Pawn]
		b[to^8] = NoPiece
	}
	b[to] = b[from] // a promoting pawn stays a pawn, as in SEE
	b[from] = NoPiece
	return gain - seeRef(b, to, p.Side^1)
}

func TestSEEKnownValues(t *testing.T) {
	for _, c := range []struct {
		fen, move string
		want      int
	}{
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},           // rook takes an undefended pawn
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -200}, // knight for pawn
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},
		{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},
		{"7k/8/2p5/3p4/4Q3/8/8/4K3 w - - 0 1", "e4d5", 100 - 900},
		{"7k/8/2p5/3p4/4Q3/8/8/3RK3 w - - 0 1", "e4d5", 100 - 900 + 100},         // Qxd5 cxd5 Rxd5
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},                     // R takes, r takes, R takes: +100
		{"3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100 - 500 + 500 - 500}, // two defenders
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},                       // en passant
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", 0},
	} {
		p := mustFEN(t, c.fen)
		m, err := p.ParseUCIMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.SEE(m); got != c.want {
			t.Errorf("%s %s: SEE = %d, want %d", c.fen, c.move, got, c.want)
		}
		if ref := seeReference(p, m); ref != c.want {
			t.Errorf("%s %s: reference = %d, want %d (test oracle broken)", c.fen, c.move, ref, c.want)
		}
	}
}

// TestSEEMatchesReference compares SEE with the slow recursive oracle on every
// legal move of the tactical suites and of random game positions.
func TestSEEMatchesReference(t *testing.T) {
	var positions []*Position
	for _, file := range []string{"epd/wac.epd", "epd/ecm.epd"} {
		root := shareddata.Root()
		if root == "" {
			break
		}
		f, err := os.Open(root + "/" + file)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if fs := strings.Fields(sc.Text()); len(fs) >= 4 {
				if p, err := ParseFEN(strings.Join(fs[:4], " ")); err == nil {
					positions = append(positions, p)
				}
			}
		}
		f.Close()
	}
	for seed := uint64(0); seed < 200; seed++ {
		positions = append(positions, randomPosition(t, seed, 10+int(seed%60)))
	}
	checked := 0
	for _, p := range positions {
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			if got, want := p.SEE(m), seeReference(p, m); got != want {
				t.Fatalf("%s: SEE(%s) = %d, reference %d", p.FEN(), m, got, want)
			}
			checked++
		}
	}
	t.Logf("%d moves in %d positions", checked, len(positions))
	if checked < 5000 {
		t.Fatalf("only %d moves checked", checked)
	}
}
