package board

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// randomPieceSquare returns a table with random terms (zero rows for
// NoPiece and above, as required).
func randomPieceSquare(seed uint64) *PieceSquare {
	r := rand.New(rand.NewPCG(seed, 1))
	t := new(PieceSquare)
	for pc := WhitePawn; pc <= BlackKing; pc++ {
		for sq := range 64 {
			t.D[pc][sq] = r.Int64N(2001) - 1000
			t.C[pc][sq] = r.Int64N(200001) - 100000
		}
	}
	return t
}

// checkSums fails unless p's sums equal those recomputed from its board.
func checkSums(t *testing.T, p *Position, what string) {
	t.Helper()
	tab, d, c := p.PieceSquare()
	q := *p
	q.SetPieceSquare(tab)
	if _, wd, wc := q.PieceSquare(); d != wd || c != wc {
		t.Fatalf("%s: %s: sums %d, %d, recomputed %d, %d", p.FEN(), what, d, c, wd, wc)
	}
}

// TestPieceSquareIncremental plays random games from the tricky perft
// positions (castling, en passant, promotions, captures of castling rooks),
// checking after every MakeMove, UnmakeMove and null move that the
// incremental sums equal those recomputed from the board, also for moves
// made before the table was set and taken back after.
func TestPieceSquareIncremental(t *testing.T) {
	f, err := os.Open("testdata/perft_tricky.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var fens []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if fen, _, ok := strings.Cut(sc.Text(), ";"); ok && !strings.HasPrefix(fen, "#") && strings.TrimSpace(fen) != "" {
			fens = append(fens, strings.TrimSpace(fen))
		}
	}
	if len(fens) < 5 {
		t.Fatalf("only %d positions", len(fens))
	}
	tab := randomPieceSquare(7)
	r := rand.New(rand.NewPCG(3, 4))
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		// Two moves before the table is set, taken back at the end.
		for range 2 {
			if ms := p.LegalMoves(); len(ms) > 0 {
				p.MakeMove(ms[r.IntN(len(ms))])
			}
		}
		early := len(p.undo)
		p.SetPieceSquare(tab)
		checkSums(t, p, "set")
		for game := range 20 {
			n := 0
			for ; n < 40; n++ {
				ms := p.LegalMoves()
				if len(ms) == 0 {
					break
				}
				// Prefer special moves: they are the cases that differ.
				m := ms[r.IntN(len(ms))]
				for _, x := range ms {
					if x.IsSpecial() && r.IntN(2) == 0 {
						m = x
					}
				}
				p.MakeMove(m)
				checkSums(t, p, "make "+m.UCI())
				if !p.InCheck() && r.IntN(8) == 0 {
					p.MakeNullMove()
					checkSums(t, p, "null move")
					p.UnmakeNullMove()
				}
			}
			for ; n > 0; n-- {
				p.UnmakeMove()
				checkSums(t, p, "unmake")
			}
			_ = game
		}
		for len(p.undo) > 0 {
			p.UnmakeMove()
			checkSums(t, p, "unmake a move made before the table")
		}
		if early == 0 {
			t.Fatalf("%s: no move before the table", fen)
		}
		c := p.Clone()
		checkSums(t, c, "clone")
		if err := p.SetFEN(fen); err != nil {
			t.Fatal(err)
		}
		if got, _, _ := p.PieceSquare(); got != tab {
			t.Fatal("SetFEN dropped the table")
		}
		checkSums(t, p, "SetFEN")
	}
}

func TestPieceSquareNil(t *testing.T) {
	p := NewPosition()
	p.SetPieceSquare(randomPieceSquare(1))
	p.SetPieceSquare(nil)
	if tab, d, c := p.PieceSquare(); tab != nil || d != 0 || c != 0 {
		t.Fatalf("after SetPieceSquare(nil): %v %d %d", tab, d, c)
	}
	p.MakeMove(p.LegalMoves()[0])
	if _, d, c := p.PieceSquare(); d != 0 || c != 0 {
		t.Fatalf("a move without a table changed the sums: %d %d", d, c)
	}
}
