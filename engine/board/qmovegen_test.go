package board

import (
	"math/rand/v2"
	"testing"
)

// TestGenerateQuiescence: on positions of random games (and the perft
// positions), GenerateQuiescence lists exactly GenerateLegal's captures,
// promotions and checking moves, in its order, each with its index in
// GenerateLegal's list, and returns that list's length.
func TestGenerateQuiescence(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	checked, withChecks := 0, 0
	test := func(p *Position) {
		if p.InCheck() {
			return
		}
		var all, q MoveList
		p.GenerateLegal(&all)
		var idx [256]int32
		n := p.GenerateQuiescence(&q, idx[:])
		if n != all.N {
			t.Fatalf("%s: length %d, GenerateLegal %d", p.FEN(), n, all.N)
		}
		k := 0
		for i, m := range all.Moves[:all.N] {
			if !m.IsCapture() && !m.IsPromotion() && !p.GivesCheck(m) {
				continue
			}
			if k >= q.N || q.Moves[k] != m || idx[k] != int32(i) {
				t.Fatalf("%s: move %d: got %v (index %d), want %v at %d; got %v", p.FEN(), k, q.Moves[k], idx[k], m, i, q.Slice())
			}
			if !m.IsCapture() && !m.IsPromotion() {
				withChecks++
			}
			k++
		}
		if k != q.N {
			t.Fatalf("%s: %d moves, want %d: %v", p.FEN(), q.N, k, q.Slice())
		}
		checked++
	}
	// The random-game starts, and an en passant capture that would expose
	// the king along the rank.
	starts := append(append([]string(nil), randomGameStarts...), "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1")
	for g := 0; g < 60*len(starts); g++ {
		p, err := ParseFEN(starts[g%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 200; ply++ {
			test(p)
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
	}
	if checked < 10000 || withChecks < 1000 {
		t.Errorf("only %d positions, %d quiet checks tested", checked, withChecks)
	}
}
