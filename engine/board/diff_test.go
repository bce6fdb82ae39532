package board

import (
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/notnil/chess"

	"github.com/evochess/evochess/internal/shareddata"
)

// Differential tests against github.com/notnil/chess, a slow but
// independently written move generator: legal move sets (as UCI strings),
// SAN both ways, FEN fields and game status along seeded random games and
// along grandmaster games.

func notnilPosition(tb testing.TB, fen string) *chess.Position {
	tb.Helper()
	opt, err := chess.FEN(fen)
	if err != nil {
		tb.Fatalf("notnil FEN %q: %v", fen, err)
	}
	return chess.NewGame(opt).Position()
}

// comparePositions checks p against the oracle q (the same position) and
// returns q's legal moves keyed by UCI string. With withSAN it compares the
// SAN of every legal move; otherwise only of sanMove (if non-empty).
func comparePositions(t *testing.T, ctx string, p *Position, q *chess.Position, withSAN bool) map[string]*chess.Move {
	t.Helper()
	qm := q.ValidMoves()
	oracle := make(map[string]*chess.Move, len(qm))
	want := make([]string, 0, len(qm))
	for _, m := range qm {
		oracle[m.String()] = m
		want = append(want, m.String())
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	got := make([]string, 0, ml.N)
	for _, m := range ml.Slice() {
		got = append(got, m.UCI())
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: %s\nlegal moves %v\nnotnil      %v", ctx, p.FEN(), got, want)
	}
	// Placement, side to move and castling rights agree.
	if a, b := strings.Fields(p.FEN())[:3], strings.Fields(q.String())[:3]; !slices.Equal(a, b) {
		t.Fatalf("%s: FEN fields %v, notnil %v", ctx, a, b)
	}
	st := q.Status()
	if p.IsCheckmate() != (st == chess.Checkmate) || p.IsStalemate() != (st == chess.Stalemate) {
		t.Fatalf("%s: %s: mate %v stalemate %v, notnil status %v", ctx, p.FEN(), p.IsCheckmate(), p.IsStalemate(), st)
	}
	if withSAN {
		for _, m := range ml.Slice() {
			checkSAN(t, ctx, p, q, m, oracle[m.UCI()])
		}
	}
	// Captures generator: exactly the captures and promotions of the legal moves.
	var caps MoveList
	p.GenerateCaptures(&caps)
	var wantCaps []Move
	for _, m := range ml.Slice() {
		if m.IsCapture() || m.IsPromotion() {
			wantCaps = append(wantCaps, m)
		}
		if m.IsCapture() != (p.Board[m.To()] != NoPiece || m.IsEnPassant()) {
			t.Fatalf("%s: %s: capture flag of %s wrong", ctx, p.FEN(), m)
		}
		if gc := p.GivesCheck(m); gc != oracle[m.UCI()].HasTag(chess.Check) {
			t.Fatalf("%s: %s: GivesCheck(%s) = %v, notnil %v", ctx, p.FEN(), m, gc, !gc)
		}
	}
	gotCaps := slices.Clone(caps.Slice())
	slices.Sort(gotCaps)
	slices.Sort(wantCaps)
	if !slices.Equal(gotCaps, wantCaps) {
		t.Fatalf("%s: %s: GenerateCaptures %v, want %v", ctx, p.FEN(), gotCaps, wantCaps)
	}
	return oracle
}

var algebraic = chess.AlgebraicNotation{}

func checkSAN(t *testing.T, ctx string, p *Position, q *chess.Position, m Move, qm *chess.Move) {
	t.Helper()
	want := algebraic.Encode(q, qm)
	if got := p.SAN(m); got != want {
		t.Fatalf("%s: %s: SAN(%s) = %q, notnil %q", ctx, p.FEN(), m, got, want)
	}
	if back, err := p.ParseSAN(want); err != nil || back != m {
		t.Fatalf("%s: %s: ParseSAN(%q) = %v, %v; want %s", ctx, p.FEN(), want, back, err, m)
	}
	if back, err := p.ParseUCIMove(m.UCI()); err != nil || back != m {
		t.Fatalf("%s: %s: ParseUCIMove(%q) = %v, %v", ctx, p.FEN(), m.UCI(), back, err)
	}
}

// randomGameStarts are the start positions of the random-game tests: the
// initial position, the perft suite's tricky ones (castling, promotions,
// pins, en passant) and pawns only.
var randomGameStarts = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
}

func TestDifferentialRandomGames(t *testing.T) {
	starts := randomGameStarts
	games := 60
	if testing.Short() {
		games = 14
	}
	positions := 0
	for g := 0; g < games; g++ {
		rng := rand.New(rand.NewPCG(uint64(g), 7))
		fen := starts[g%len(starts)]
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		p.SetPieceSquare(randomPieceSquare(uint64(g))) // Verify checks its sums too
		q := notnilPosition(t, fen)
		for ply := 0; ply < 300; ply++ {
			oracle := comparePositions(t, "random game", p, q, true)
			positions++
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 || p.IsInsufficientMaterial() || p.HalfmoveClock >= 100 {
				break
			}
			m := ml.Moves[rng.IntN(ml.N)]
			p.MakeMove(m)
			q = q.Update(oracle[m.UCI()])
			if err := p.Verify(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions compared", positions)
	if positions < 1000 {
		t.Errorf("only %d positions compared", positions)
	}
}

func TestDifferentialGrandmasterGames(t *testing.T) {
	f, err := os.Open(shareddata.Path(t, "pgn/gm_demo_1500.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	maxGames := 1500
	if testing.Short() {
		maxGames = 150
	}
	sc := chess.NewScanner(f)
	games, positions := 0, 0
	for games < maxGames && sc.Scan() {
		g := sc.Next()
		moves := g.Moves()
		if len(moves) == 0 {
			continue // notnil yields an empty game after trailing newlines
		}
		games++
		qs := g.Positions()
		p, err := ParseFEN(qs[0].String())
		if err != nil {
			t.Fatal(err)
		}
		p.SetPieceSquare(randomPieceSquare(uint64(games))) // Verify checks its sums too
		for i, qm := range moves {
			// Full SAN comparison on every 8th position keeps the test fast.
			oracle := comparePositions(t, "gm game", p, qs[i], i%8 == 0)
			positions++
			san := algebraic.Encode(qs[i], qm)
			m, err := p.ParseSAN(san)
			if err != nil || m.UCI() != qm.String() {
				t.Fatalf("game %d ply %d: ParseSAN(%q) = %v, %v; want %s", games, i, san, m, err, qm)
			}
			checkSAN(t, "gm game", p, qs[i], m, oracle[m.UCI()])
			p.MakeMove(m)
		}
		if err := p.Verify(); err != nil {
			t.Fatal(err)
		}
	}
	if err := sc.Err(); err != nil && err != io.EOF {
		t.Fatalf("notnil scanner: %v", err)
	}
	t.Logf("%d games, %d positions compared", games, positions)
	if games == 0 {
		t.Fatal("no games read")
	}
}
