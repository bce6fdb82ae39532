package board

import (
	"math/rand/v2"
	"testing"
)

// forRandomPositions plays games of seeded random legal moves from the start
// position and a few tactical positions and calls fn on every position
// reached (fn must leave the position as it found it).
func forRandomPositions(tb testing.TB, games int, fn func(p *Position)) {
	tb.Helper()
	starts := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	}
	for g := 0; g < games; g++ {
		rng := rand.New(rand.NewPCG(uint64(g), 99))
		p := mustFEN(tb, starts[g%len(starts)])
		for ply := 0; ply < 200; ply++ {
			fen, hash := p.FEN(), p.Hash
			fn(p)
			if p.FEN() != fen || p.Hash != hash {
				tb.Fatalf("callback changed the position %s", fen)
			}
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
		}
	}
}

// randomPosition returns the position after up to plies seeded random legal moves from the start.
func randomPosition(tb testing.TB, seed uint64, plies int) *Position {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	p := NewPosition()
	for i := 0; i < plies; i++ {
		var ml MoveList
		p.GenerateLegal(&ml)
		if ml.N == 0 {
			break
		}
		p.MakeMove(ml.Moves[rng.IntN(ml.N)])
	}
	return p
}
