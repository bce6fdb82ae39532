package strength

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
)

func TestForSkill(t *testing.T) {
	lo, hi := ForSkill(0), ForSkill(1)
	if lo.Nodes != 128 || lo.Candidates != 8 || lo.Temperature != 120 || lo.MaxLoss != 620 {
		t.Errorf("skill 0: %+v", lo)
	}
	if hi.Nodes != 131072 || hi.Candidates != 3 || hi.Temperature != 0 || hi.MaxLoss != 20 {
		t.Errorf("skill 1: %+v", hi)
	}
	// A fixed mid value (the same on every platform: make test-wasm runs this).
	if m := ForSkill(0.5); m.Nodes != 4096 || m.Temperature != 2 || m.Candidates != 4 || m.MaxLoss != 29 {
		t.Errorf("skill 0.5: %+v", m)
	}
	prev := ForSkill(0)
	for k := 1; k <= 1000; k++ {
		l := ForSkill(float64(k) / 1000)
		if l.Nodes < prev.Nodes || l.Candidates > prev.Candidates || l.Temperature > prev.Temperature || l.MaxLoss > prev.MaxLoss {
			t.Fatalf("skill %v not monotone: %+v after %+v", l.Skill, l, prev)
		}
		prev = l
	}
	if ForSkill(-3) != lo || ForSkill(7) != hi {
		t.Error("skill not clamped")
	}
	if lo.IsFull() || !Full.IsFull() || Full.String() != "full strength" {
		t.Error("IsFull/String")
	}
}

func TestForElo(t *testing.T) {
	if !ForElo(0).IsFull() || !ForElo(-5).IsFull() || !ForElo(MaxElo()).IsFull() || !ForElo(5000).IsFull() {
		t.Error("0, negative, MaxElo and above must be full strength")
	}
	if a, b := ForElo(100), ForElo(MinElo); a.Skill != b.Skill || a.Elo != 100 {
		t.Errorf("below MinElo: %+v vs %+v", a, b)
	}
	prev := -1.0
	for e := MinElo; e < MaxElo(); e += 25 {
		l := ForElo(e)
		if l.IsFull() || l.Elo != e || l.Skill < prev {
			t.Fatalf("Elo %d: %+v (previous skill %v)", e, l, prev)
		}
		prev = l.Skill
	}
	// The calibration table interpolates: a calibrated point maps to its
	// skill (on a flat stretch of the fit, to the first skill of it).
	for i, p := range calibration[:len(calibration)-1] {
		if p.elo >= MinElo && (i == 0 || calibration[i-1].elo < p.elo) {
			if got := ForElo(int(p.elo)).Skill; got < p.skill-0.002 || got > p.skill+0.002 {
				t.Errorf("Elo %v: skill %v, want %v", p.elo, got, p.skill)
			}
		}
	}
}

func newSearcher(t testing.TB) *search.Searcher {
	t.Helper()
	pre, err := eval.LookupPreset("phoenix-default")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := eval.Lookup(pre.Scheme)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.New(sc, pre.Weights)
	if err != nil {
		t.Fatal(err)
	}
	return search.NewSearcher(ev, search.DefaultParams(), 4)
}

var testFENs = []string{
	board.StartFEN,
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
	"8/5pk1/6p1/8/3R4/6P1/5PK1/1r6 b - - 0 40",
	"r2q1rk1/1b2bppp/p2ppn2/1p6/3NP3/1BN1B3/PPP2PPP/R2QR1K1 w - - 0 12",
}

// TestSearchDeterministic: the same searcher state, position, limits,
// level and seed give the same move and node count; every move is legal.
func TestSearchDeterministic(t *testing.T) {
	for _, skill := range []float64{0, 0.3, 0.7, 1} {
		l := ForSkill(skill)
		fens := testFENs
		if skill == 1 {
			fens = fens[2:3] // 131,072 nodes per search: one position is enough
		}
		for _, fen := range fens {
			pos, _ := board.ParseFEN(fen)
			a := Search(context.Background(), newSearcher(t), pos, search.Limits{}, l, 9, nil)
			b := Search(context.Background(), newSearcher(t), pos, search.Limits{}, l, 9, nil)
			if a.Best != b.Best || a.Nodes != b.Nodes || a.Score != b.Score {
				t.Errorf("skill %v %s: %v/%d then %v/%d", skill, fen, a.Best, a.Nodes, b.Best, b.Nodes)
			}
			if !pos.IsLegal(a.Best) {
				t.Errorf("skill %v %s: illegal %v", skill, fen, a.Best)
			}
			// The budget: one main search and at most Candidates−1 more,
			// each within its node cap (plus the poll granularity).
			if max := uint64(l.Candidates) * (l.Nodes + 2048); a.Nodes > max {
				t.Errorf("skill %v: %d nodes, budget %d", skill, a.Nodes, max)
			}
		}
	}
}

// TestSearchVariety: at skill 0 different seeds play different moves in
// some of the positions; at skill 1 (temperature 0) the move is the
// node-capped search's best.
func TestSearchVariety(t *testing.T) {
	l := ForSkill(0)
	differ := 0
	for _, fen := range testFENs {
		pos, _ := board.ParseFEN(fen)
		moves := map[board.Move]bool{}
		for seed := uint64(0); seed < 8; seed++ {
			moves[Search(context.Background(), newSearcher(t), pos, search.Limits{}, l, seed, nil).Best] = true
		}
		if len(moves) > 1 {
			differ++
		}
	}
	if differ < 3 {
		t.Errorf("skill 0: only %d of %d positions got different moves from 8 seeds", differ, len(testFENs))
	}
	top := ForSkill(1)
	pos, _ := board.ParseFEN(testFENs[2])
	got := Search(context.Background(), newSearcher(t), pos, search.Limits{}, top, 3, nil)
	want := newSearcher(t).Search(context.Background(), pos, search.Limits{Nodes: top.Nodes, Depth: top.Depth}, nil)
	if got.Best != want.Best {
		t.Errorf("skill 1 played %v, the node-capped search %v", got.Best, want.Best)
	}
	// Full strength is the plain search.
	full := Search(context.Background(), newSearcher(t), pos, search.Limits{Depth: 4}, Full, 3, nil)
	plain := newSearcher(t).Search(context.Background(), pos, search.Limits{Depth: 4}, nil)
	if full.Best != plain.Best || full.Nodes != plain.Nodes {
		t.Error("full strength differs from the plain search")
	}
}

// TestSearchPonderWeakened: a ponder search (go ponder, then ponderhit)
// draws its move as the plain search does, so pondering does not make a
// limited level play at full strength.
func TestSearchPonderWeakened(t *testing.T) {
	l := ForSkill(0)
	for _, fen := range testFENs {
		pos, _ := board.ParseFEN(fen)
		for seed := uint64(0); seed < 4; seed++ {
			sig := search.NewPonderSignal()
			sig.Hit()
			got := Search(context.Background(), newSearcher(t), pos, search.Limits{Ponder: sig}, l, seed, nil)
			want := Search(context.Background(), newSearcher(t), pos, search.Limits{}, l, seed, nil)
			if got.Best != want.Best {
				t.Errorf("%s seed %d: pondering played %v, the plain search %v", fen, seed, got.Best, want.Best)
			}
		}
	}
}

func TestSearchMovesRespected(t *testing.T) {
	pos := board.NewPosition()
	only := []board.Move{}
	for _, s := range []string{"a2a3", "h2h3"} {
		m, _ := pos.ParseUCIMove(s)
		only = append(only, m)
	}
	for seed := uint64(0); seed < 6; seed++ {
		r := Search(context.Background(), newSearcher(t), pos, search.Limits{SearchMoves: only}, ForSkill(0), seed, nil)
		if r.Best != only[0] && r.Best != only[1] {
			t.Fatalf("seed %d: played %v outside searchmoves", seed, r.Best)
		}
	}
	mate, _ := board.ParseFEN("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
	if r := Search(context.Background(), newSearcher(t), mate, search.Limits{}, ForSkill(0), 1, nil); r.Best != board.NoMove {
		t.Errorf("no legal move: got %v", r.Best)
	}
}

func TestChoose(t *testing.T) {
	c := func(score int) candidate { return candidate{move: board.Move(score + 1000), score: score} }
	cands := []candidate{c(50), c(40), c(0), c(-400)}
	l := Level{Temperature: 30, MaxLoss: 100, Candidates: 4, Nodes: 1}
	count := map[int]int{}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		count[choose(cands, l, rng).score]++
	}
	// Weights ∝ (30/(30+loss))³: loss 0 → 1, 10 → 0.42, 50 → 0.053; −400 excluded.
	if count[-400] != 0 || count[50] < count[40] || count[40] < count[0] || count[0] == 0 {
		t.Errorf("choices %v", count)
	}
	if f := float64(count[40]) / float64(count[50]); f < 0.38 || f > 0.47 {
		t.Errorf("ratio loss 10 / loss 0 = %.3f, want 0.42", f)
	}
}
