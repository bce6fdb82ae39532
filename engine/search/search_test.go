package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

func mustFEN(tb testing.TB, fen string) *board.Position {
	tb.Helper()
	pos, err := board.ParseFEN(fen)
	if err != nil {
		tb.Fatalf("%s: %v", fen, err)
	}
	return pos
}

func mustPreset(tb testing.TB, name string) Params {
	tb.Helper()
	p, err := PresetParams(name)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func isLegal(pos *board.Position, m board.Move) bool {
	for _, l := range pos.LegalMoves() {
		if l == m {
			return true
		}
	}
	return false
}

// constEval scores every position white centipawns for White.
type constEval struct{ white int }

func (c constEval) Evaluate(pos *board.Position) int {
	if pos.Side == board.White {
		return c.white
	}
	return -c.white
}

// hashEval is an arbitrary deterministic evaluation with many ties.
type hashEval struct{}

func (hashEval) Evaluate(pos *board.Position) int { return int(pos.Hash%7) - 3 }

// TestHugeEvaluations: absurd evaluator scores are clamped, never taken for
// mates.
func TestHugeEvaluations(t *testing.T) {
	for _, white := range []int{1 << 20, -(1 << 20), 40000} {
		r := NewSearcher(constEval{white}, DefaultParams(), 1).Search(context.Background(), board.NewPosition(), Limits{Depth: 4}, nil)
		want := min(max(white, -MaxEval), MaxEval)
		if r.Score != want || r.Mate != 0 {
			t.Errorf("constant %d: score %d mate %d, want %d and no mate", white, r.Score, r.Mate, want)
		}
	}
}

func TestMates(t *testing.T) {
	tests := []struct {
		fen   string
		depth int
		best  string // "" = any
		mate  int
	}{
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3, "a1a8", 1},
		{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 5, "d5f6", 2},
		{"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 6, "f8c5", 3},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 6, "f6a6", 3},
		{"2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 6, "b1g6", 3},
		{"3r4/pR2N3/2pkb3/5p2/8/2B5/qP3PPP/4R1K1 w - - 1 1", 6, "c3e5", 3},
		{"k7/8/1K6/8/8/8/8/7R b - - 0 1", 3, "a8b8", -1},
		{"k7/2Q5/1K6/8/8/8/8/8 w - - 0 1", 4, "", 1}, // mate, not one of the stalemating moves
	}
	for _, tc := range tests {
		for _, preset := range PresetNames() {
			pos := mustFEN(t, tc.fen)
			s := NewSearcher(nil, mustPreset(t, preset), 4)
			r := s.Search(context.Background(), pos, Limits{Depth: tc.depth}, nil)
			if r.Mate != tc.mate || (tc.best != "" && r.Best.UCI() != tc.best) {
				t.Errorf("%s [%s]: best %v mate %d (score %d), want %s mate %d", tc.fen, preset, r.Best, r.Mate, r.Score, tc.best, tc.mate)
			}
			if r.Mate > 0 && r.Score != MateScore-(2*r.Mate-1) || r.Mate < 0 && r.Score != -MateScore+(-2*r.Mate) {
				t.Errorf("%s [%s]: score %d inconsistent with mate %d", tc.fen, preset, r.Score, r.Mate)
			}
			if len(r.PV) == 0 || r.PV[0] != r.Best {
				t.Errorf("%s [%s]: PV %v does not start with best %v", tc.fen, preset, r.PV, r.Best)
			}
			if r.Mate > 0 && len(r.PV) == 2*r.Mate-1 {
				// Play the PV out: it must end in checkmate.
				for _, m := range r.PV {
					if !isLegal(pos, m) {
						t.Fatalf("%s: illegal PV move %v", tc.fen, m)
					}
					pos.MakeMove(m)
				}
				if !pos.IsCheckmate() {
					t.Errorf("%s [%s]: PV %v does not mate", tc.fen, preset, r.PV)
				}
			}
		}
	}
}

func TestStalemateAndNoMoves(t *testing.T) {
	tests := []struct {
		fen   string
		score int
	}{
		{"7k/5K2/6Q1/8/8/8/8/8 b - - 0 1", 0},             // stalemate
		{"5k2/5P2/5K2/8/8/8/8/8 b - - 0 1", 0},            // stalemate
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", -MateScore}, // checkmated
	}
	for _, tc := range tests {
		s := NewSearcher(nil, DefaultParams(), 1)
		r := s.Search(context.Background(), mustFEN(t, tc.fen), Limits{Depth: 5}, nil)
		if r.Best != board.NoMove || r.Score != tc.score {
			t.Errorf("%s: best %v score %d, want none and %d", tc.fen, r.Best, r.Score, tc.score)
		}
	}
	// A side that is losing on the board prefers stalemating itself (0).
	// White: Ka1 boxed in by its pawn a2 and the black pawns; Rg8+ Kxg8
	// (forced) stalemates White.
	s := NewSearcher(constEval{-500}, mustPreset(t, "plain"), 1)
	r := s.Search(context.Background(), mustFEN(t, "7k/7p/8/8/8/p1p5/P1p5/K5R1 w - - 0 1"), Limits{Depth: 3}, nil)
	if r.Score != 0 || r.Best.UCI() != "g1g8" {
		t.Errorf("self-stalemate: score %d best %v, want 0", r.Score, r.Best)
	}
}

func TestRepetitionAndFiftyMoveDraws(t *testing.T) {
	// White "is losing" everywhere, so a draw (0) is its best result.
	ev := constEval{-500}
	pos := board.NewPosition()
	for _, u := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"} {
		m, err := pos.ParseUCIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
	}
	fen := pos.FEN()
	for _, preset := range PresetNames() {
		s := NewSearcher(ev, mustPreset(t, preset), 1)
		r := s.Search(context.Background(), pos, Limits{Depth: 3}, nil)
		if r.Score != 0 || r.Best.UCI() != "f3g1" {
			t.Errorf("[%s] with game history: best %v score %d, want f3g1 (repetition) and 0", preset, r.Best, r.Score)
		}
		if pos.FEN() != fen {
			t.Fatal("Search changed the position")
		}
		// The same position without its history has no repetition at hand
		// within 3 plies.
		s.Clear()
		r = s.Search(context.Background(), mustFEN(t, fen), Limits{Depth: 3}, nil)
		if r.Score == 0 {
			t.Errorf("[%s] without history: score 0, want no draw", preset)
		}
	}
	// Fifty-move rule: any quiet non-pawn move reaches halfmove clock 100.
	s := NewSearcher(ev, DefaultParams(), 1)
	r := s.Search(context.Background(), mustFEN(t, "7k/8/8/8/8/8/8/KR6 w - - 99 80"), Limits{Depth: 2}, nil)
	if r.Score != 0 {
		t.Errorf("fifty-move: score %d, want 0", r.Score)
	}
	r = s.Search(context.Background(), mustFEN(t, "7k/8/8/8/8/8/8/KR6 w - - 10 80"), Limits{Depth: 2}, nil)
	if r.Score != -500 {
		t.Errorf("no fifty-move draw: score %d, want -500", r.Score)
	}
}

// TestDeterminism: fixed-depth and fixed-node searches repeat exactly, from
// a new Searcher or a Cleared one.
func TestDeterminism(t *testing.T) {
	fens := BenchFENs()[:8]
	type named struct {
		name string
		p    Params
	}
	var sets []named
	for _, preset := range PresetNames() {
		sets = append(sets, named{preset, mustPreset(t, preset)})
	}
	// Every technique that is off by default, on: the correction history's
	// table must be emptied by Clear like the other histories.
	all := DefaultParams()
	all.RazorDepth, all.RazorMargin, all.NullMoveDepthDiv, all.NullMoveEvalDiv = 3, 150, 4, 200
	all.LMRCaptures, all.CorrHist, all.QSNoChecks = true, 8, true
	sets = append(sets, named{"default, all candidates on", all})
	for _, set := range sets {
		preset, p := set.name, set.p
		for _, lim := range []Limits{{Depth: 5}, {Nodes: 20000}} {
			reused := NewSearcher(nil, p, 8)
			for _, fen := range fens {
				pos := mustFEN(t, fen)
				a := NewSearcher(nil, p, 8).Search(context.Background(), pos, lim, nil)
				b := NewSearcher(nil, p, 8).Search(context.Background(), pos, lim, nil)
				reused.Clear()
				c := reused.Search(context.Background(), pos, lim, nil)
				reused.Clear() // the same search again: nothing of the first may remain
				d := reused.Search(context.Background(), pos, lim, nil)
				for _, r := range []Result{b, c, d} {
					if r.Nodes != a.Nodes || r.Best != a.Best || r.Score != a.Score || r.Depth != a.Depth || len(r.PV) != len(a.PV) {
						t.Errorf("[%s] %+v %s: runs differ: %v/%d/%d vs %v/%d/%d", preset, lim, fen, a.Best, a.Score, a.Nodes, r.Best, r.Score, r.Nodes)
					}
				}
			}
		}
	}
}

// TestDeepSearch runs to high depths (where extensions and the ply limit
// meet) in positions with long checking sequences and simple endgames.
func TestDeepSearch(t *testing.T) {
	for _, fen := range []string{
		"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
		"6k1/5ppp/8/8/8/8/q4PPP/3Q2K1 w - - 0 1",
		"8/8/8/8/8/5k2/8/4K2q w - - 0 1", // lone king in check vs queen: long mating lines
	} {
		for _, preset := range PresetNames() {
			pos := mustFEN(t, fen)
			r := NewSearcher(nil, mustPreset(t, preset), 4).Search(context.Background(), pos, Limits{Depth: 80, Nodes: 300000}, nil)
			if !isLegal(pos, r.Best) || r.SelDepth >= MaxPly {
				t.Errorf("%s [%s]: best %v depth %d seldepth %d", fen, preset, r.Best, r.Depth, r.SelDepth)
			}
		}
	}
}

func TestNodeLimit(t *testing.T) {
	for _, limit := range []uint64{1, 100, 1500, 30000} {
		for _, fen := range BenchFENs()[:6] {
			pos := mustFEN(t, fen)
			r := NewSearcher(nil, DefaultParams(), 4).Search(context.Background(), pos, Limits{Nodes: limit}, nil)
			if r.Nodes > limit {
				t.Errorf("%s: %d nodes searched with limit %d", fen, r.Nodes, limit)
			}
			if !isLegal(pos, r.Best) {
				t.Errorf("%s: limit %d: illegal best move %v", fen, limit, r.Best)
			}
		}
	}
}

func TestCancel(t *testing.T) {
	pos := mustFEN(t, BenchFENs()[1])
	// Cancelled before it starts: stops at the first poll, with a legal move.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := NewSearcher(nil, DefaultParams(), 4).Search(ctx, pos, Limits{}, nil)
	if !isLegal(pos, r.Best) || r.Nodes > pollInterval || r.Depth != 0 {
		t.Errorf("pre-cancelled: best %v nodes %d depth %d", r.Best, r.Nodes, r.Depth)
	}
	// Cancelled from the progress callback after depth 4 of an infinite search.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	var at uint64
	var best board.Move
	r = NewSearcher(nil, DefaultParams(), 4).Search(ctx, pos, Limits{Infinite: true}, func(inf Info) {
		if inf.Depth == 4 {
			at, best = inf.Nodes, inf.PV[0]
			cancel()
		}
	})
	if r.Depth != 4 || r.Nodes > at+pollInterval || !isLegal(pos, r.Best) {
		t.Errorf("cancel at depth 4: depth %d nodes %d (cancelled at %d) best %v", r.Depth, r.Nodes, at, r.Best)
	}
	if r.Best != best {
		t.Logf("best changed in the unfinished iteration: %v -> %v", best, r.Best)
	}
	// A clock search with no time left still returns a legal move.
	r = NewSearcher(nil, DefaultParams(), 4).Search(context.Background(), pos, Limits{WTime: 1, BTime: 1}, nil)
	if !isLegal(pos, r.Best) {
		t.Errorf("no time left: best %v", r.Best)
	}
}

func TestYieldHook(t *testing.T) {
	pos := mustFEN(t, BenchFENs()[4])
	want := NewSearcher(nil, DefaultParams(), 4).Search(context.Background(), pos, Limits{Depth: 10}, nil)
	s := NewSearcher(nil, DefaultParams(), 4)
	calls := 0
	s.Yield = func() { calls++ }
	s.YieldInterval = 4096
	got := s.Search(context.Background(), pos, Limits{Depth: 10}, nil)
	if got.Nodes != want.Nodes || got.Best != want.Best {
		t.Errorf("Yield changed the search: %v/%d vs %v/%d", got.Best, got.Nodes, want.Best, want.Nodes)
	}
	if calls == 0 || uint64(calls) > got.Nodes/4096+1 {
		t.Errorf("%d Yield calls for %d nodes at interval 4096", calls, got.Nodes)
	}
}

func TestSearchMovesAndPonder(t *testing.T) {
	pos := board.NewPosition()
	m, _ := pos.ParseUCIMove("a2a3")
	r := NewSearcher(nil, DefaultParams(), 4).Search(context.Background(), pos, Limits{Depth: 4, SearchMoves: []board.Move{m}}, nil)
	if r.Best != m {
		t.Errorf("searchmoves a2a3: best %v", r.Best)
	}
	r = NewSearcher(nil, DefaultParams(), 4).Search(context.Background(), pos, Limits{Depth: 5}, nil)
	if r.Ponder == board.NoMove {
		t.Error("no ponder move after depth 5")
	} else {
		pos.MakeMove(r.Best)
		if !isLegal(pos, r.Ponder) {
			t.Errorf("illegal ponder move %v", r.Ponder)
		}
	}
}

// TestSelectiveMethodsWired: switching each Table I method on (alone, from
// the plain preset) changes the node count of fixed-depth searches.
func TestSelectiveMethodsWired(t *testing.T) {
	fens := []string{
		BenchFENs()[1], BenchFENs()[4], BenchFENs()[7],
		"2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1", // passed pawns near promotion
		"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
	}
	depth := 6
	if testing.Short() {
		depth = 5
	}
	nodes := func(p Params) uint64 { return sumNodes(t, fens, depth, p) }
	plain := Params{}
	base := nodes(plain)
	null := Params{NullMoveUse: true, NullMoveReduction: 3}
	nullBase := nodes(null)
	tests := []struct {
		name      string
		p         Params
		reference uint64
	}{
		{"null move", null, base},
		{"null move adaptivity", Params{NullMoveUse: true, NullMoveReduction: 3, NullMoveAdaptivity: true, NullMoveAdaptivityDepth: 4}, nullBase},
		{"null move reduction", Params{NullMoveUse: true, NullMoveReduction: 1}, nullBase},
		{"futility depth 1", Params{FutilityDepth: 1, FutilityThreshold1: 100}, base},
		{"futility depth 2", Params{FutilityDepth: 2, FutilityThreshold1: 100, FutilityThreshold2: 300}, nodes(Params{FutilityDepth: 1, FutilityThreshold1: 100})},
		{"futility depth 3", Params{FutilityDepth: 3, FutilityThreshold1: 100, FutilityThreshold2: 300, FutilityThreshold3: 500},
			nodes(Params{FutilityDepth: 2, FutilityThreshold1: 100, FutilityThreshold2: 300})},
		{"multi-cut", Params{MultiCutUse: true, MultiCutReduction: 2, MultiCutDepth: 3, MultiCutMoveNum: 10, MultiCutCutNum: 3}, base},
		{"check extension", Params{CheckExtension: 4}, base},
		{"one-reply extension", Params{OneReplyExtension: 4}, base},
		{"recapture extension", Params{RecaptureExtension: 4}, base},
		{"passed pawn extension", Params{PassedPawnExtension: 4}, base},
		{"mate threat extension", Params{NullMoveUse: true, NullMoveReduction: 3, MateThreatExtension: 4}, nullBase},
	}
	for _, tc := range tests {
		n := nodes(tc.p)
		t.Logf("%-24s %9d nodes (reference %d)", tc.name, n, tc.reference)
		if n == tc.reference {
			t.Errorf("%s: node count %d unchanged: not wired", tc.name, n)
		}
	}
}

// TestOneplyExactness proves the tuner's contract on a few hundred
// positions: a fresh search with Depth 1, NoQuiescence and the plain preset
// plays the first move, in OrderRootMoves order, of those with the maximal
// -Evaluate(child).
func TestOnePlyExactness(t *testing.T) {
	positions := samplePositions(t, 300, 1)
	for _, ev := range []Evaluator{MaterialPST{}, hashEval{}} {
		for _, pos := range positions {
			moves := pos.LegalMoves()
			OrderRootMoves(pos, moves)
			want, wantScore := board.NoMove, -Infinity
			for _, m := range moves {
				pos.MakeMove(m)
				v := -ev.Evaluate(pos)
				pos.UnmakeMove()
				if v > wantScore {
					want, wantScore = m, v
				}
			}
			r := NewSearcher(ev, mustPreset(t, "plain"), 1).Search(context.Background(), pos, Limits{Depth: 1, NoQuiescence: true}, nil)
			if r.Best != want || (want != board.NoMove && r.Score != wantScore) {
				t.Fatalf("%T %s: search %v (%d), 1-ply loop %v (%d)", ev, pos.FEN(), r.Best, r.Score, want, wantScore)
			}
		}
	}
}

// samplePositions returns the bench positions plus positions reached by
// seeded random play from the start position.
func samplePositions(tb testing.TB, n int, seed uint64) []*board.Position {
	var out []*board.Position
	for _, fen := range BenchFENs() {
		out = append(out, mustFEN(tb, fen))
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for len(out) < n {
		pos := board.NewPosition()
		plies := 4 + rng.IntN(60)
		for i := 0; i < plies; i++ {
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				break
			}
			pos.MakeMove(moves[rng.IntN(len(moves))])
		}
		out = append(out, mustFEN(tb, pos.FEN()))
	}
	return out
}

func TestOrderRootMoves(t *testing.T) {
	pos := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	gen := pos.LegalMoves()
	moves := append([]board.Move(nil), gen...)
	OrderRootMoves(pos, moves)
	if len(moves) != len(gen) {
		t.Fatal("length changed")
	}
	// Tactical moves first with non-increasing MVV-LVA, then quiet moves in
	// generation order.
	i := 0
	for ; i < len(moves) && (moves[i].IsCapture() || moves[i].IsPromotion()); i++ {
		if i > 0 && mvvLva(pos, moves[i]) > mvvLva(pos, moves[i-1]) {
			t.Errorf("MVV-LVA order broken at %d: %v after %v", i, moves[i], moves[i-1])
		}
	}
	var quiets []board.Move
	for _, m := range gen {
		if !m.IsCapture() && !m.IsPromotion() {
			quiets = append(quiets, m)
		}
	}
	if len(moves)-i != len(quiets) {
		t.Fatalf("%d quiet moves after the captures, want %d", len(moves)-i, len(quiets))
	}
	for j, m := range quiets {
		if moves[i+j] != m {
			t.Fatalf("quiet move %d is %v, want %v (generation order)", j, moves[i+j], m)
		}
	}
	// Kiwipete's most valuable victims are the bishop a6 and knight f6;
	// the least valuable attacker of a minor piece is the bishop e2 (Bxa6).
	if moves[0].UCI() != "e2a6" {
		t.Errorf("first move %v, want e2a6", moves[0])
	}
}

// TestModernMethodsWired: switching each technique of the modern group off
// (alone, from the default preset; on, for those off by default) changes
// the node count of fixed-depth searches.
func TestModernMethodsWired(t *testing.T) {
	fens := []string{BenchFENs()[1], BenchFENs()[4], BenchFENs()[7], BenchFENs()[15], BenchFENs()[25]}
	depth := 11
	if testing.Short() {
		depth = 9
	}
	nodes := func(p Params) uint64 { return sumNodes(t, fens, depth, p) }
	def := DefaultParams()
	base := nodes(def)
	off := map[string]func(p *Params){
		"LMRUse":            func(p *Params) { p.LMRUse = false },
		"LMRHistoryDivisor": func(p *Params) { p.LMRHistoryDivisor = 0 },
		"LMPUse":            func(p *Params) { p.LMPUse = false },
		"SEEPruneUse":       func(p *Params) { p.SEEPruneUse = false },
		"IIRUse":            func(p *Params) { p.IIRUse = false },
		"SingularUse":       func(p *Params) { p.SingularUse = false },
		"ImprovingUse":      func(p *Params) { p.ImprovingUse = false },
		"RFPUse":            func(p *Params) { p.RFPUse = false },
		"FutilityImproving": func(p *Params) { p.FutilityImproving = 0 },
		"ContHist 1":        func(p *Params) { p.ContHist = 1 },
		"ContHist 0":        func(p *Params) { p.ContHist = 0 },
		"CaptureHist":       func(p *Params) { p.CaptureHist = false },
		"HistoryBonusMul":   func(p *Params) { p.HistoryBonusMul = 0 },
		"HistoryPruneDepth": func(p *Params) { p.HistoryPruneDepth = 0 },
		"CorrHist":          func(p *Params) { p.CorrHist = 0 },
		// Parameters off by default: switched on.
		"RazorDepth on":       func(p *Params) { p.RazorDepth, p.RazorMargin = 3, 150 },
		"NullMoveDepthDiv on": func(p *Params) { p.NullMoveDepthDiv = 4 },
		"NullMoveEvalDiv on":  func(p *Params) { p.NullMoveEvalDiv = 200 },
		"LMRCaptures on":      func(p *Params) { p.LMRCaptures = true },
		"QSNoChecks on":       func(p *Params) { p.QSNoChecks = true },
	}
	for name, f := range off {
		p := def
		f(&p)
		if p == def {
			t.Errorf("%s: no change from the default preset", name)
			continue
		}
		n := nodes(p)
		t.Logf("%-20s: %9d nodes (default %d)", name, n, base)
		if n == base {
			t.Errorf("%s: node count %d unchanged: not wired", name, n)
		}
	}
}

// sumNodes is the total node count of fresh fixed-depth searches of fens
// with the parameters p.
func sumNodes(t *testing.T, fens []string, depth int, p Params) uint64 {
	t.Helper()
	var n uint64
	for _, fen := range fens {
		n += NewSearcher(nil, p, 8).Search(context.Background(), mustFEN(t, fen), Limits{Depth: depth}, nil).Nodes
	}
	return n
}
