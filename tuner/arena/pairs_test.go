package arena

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

func TestPairGames(t *testing.T) {
	e4 := Opening{Name: "e4", FEN: board.StartFEN, Moves: []board.Move{mustMove(t, board.StartFEN, "e2e4")}}
	start := StartOpening()
	g := func(w, b int, op Opening, r Result) *Game {
		return &Game{WhiteIndex: w, BlackIndex: b, Opening: op, Result: r}
	}
	tests := []struct {
		name  string
		games []*Game
		penta Pentanomial
		rest  Tally
	}{
		{"none", nil, Pentanomial{}, Tally{}},
		{"WW", []*Game{g(0, 1, start, WhiteWins), g(1, 0, start, BlackWins)}, Pentanomial{0, 0, 0, 0, 1}, Tally{}},
		{"WL is even", []*Game{g(0, 1, start, WhiteWins), g(1, 0, start, WhiteWins)}, Pentanomial{0, 0, 1, 0, 0}, Tally{}},
		{"LD", []*Game{g(1, 0, e4, WhiteWins), g(0, 1, e4, Draw)}, Pentanomial{0, 1, 0, 0, 0}, Tally{}},
		{"same colours do not pair", []*Game{g(0, 1, start, WhiteWins), g(0, 1, start, Draw)}, Pentanomial{}, Tally{Wins: 1, Draws: 1}},
		{"different openings do not pair", []*Game{g(0, 1, start, Draw), g(1, 0, e4, Draw)}, Pentanomial{}, Tally{Draws: 2}},
		{"other players ignored", []*Game{g(0, 2, start, WhiteWins), g(2, 0, start, BlackWins), g(1, 2, start, Draw)}, Pentanomial{}, Tally{}},
		{"unfinished ignored", []*Game{g(0, 1, start, NoResult), g(1, 0, start, Draw)}, Pentanomial{}, Tally{Draws: 1}},
		{"interleaved", []*Game{g(0, 1, start, Draw), g(0, 1, e4, BlackWins), g(1, 0, e4, WhiteWins), g(1, 0, start, BlackWins)},
			Pentanomial{1, 0, 0, 1, 0}, Tally{}},
	}
	for _, tc := range tests {
		p, rest := PairGames(tc.games, 0, 1)
		if p != tc.penta || rest != tc.rest {
			t.Errorf("%s: %v %v, want %v %v", tc.name, p, rest, tc.penta, tc.rest)
		}
		if q, _ := PairGames(tc.games, 1, 0); q != tc.penta.Flip() {
			t.Errorf("%s: from player 1's side %v, want %v", tc.name, q, tc.penta.Flip())
		}
	}
}

func mustMove(t *testing.T, fen, uci string) board.Move {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseUCIMove(uci)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// manyOpenings returns n distinct openings: the start position after one
// or two plies.
func manyOpenings(t *testing.T) []Opening {
	p := board.NewPosition()
	var out []Opening
	for _, m1 := range p.LegalMoves() {
		p.MakeMove(m1)
		for _, m2 := range p.LegalMoves() {
			out = append(out, Opening{Name: m1.UCI() + " " + m2.UCI(), FEN: board.StartFEN, Moves: []board.Move{m1, m2}})
		}
		p.UnmakeMove()
	}
	return out
}

// TestRunSPRT: a player that captures against one that avoids captures is
// accepted as stronger (H1) long before the schedule ends, and the weaker
// one as not stronger (H0); the stop point and every game are the same with
// 1 and 4 workers; the PGN holds exactly the games kept.
func TestRunSPRT(t *testing.T) {
	strong := fakePlayer("strong", func() *fakeEngine { return newFake("", 1) })
	weak := fakePlayer("weak", func() *fakeEngine { f := newFake("", 2); f.noCaptures = true; return f })
	sprt := &SPRT{Elo0: 0, Elo1: 50}
	run := func(a, b Player, conc int) (*Results, string) {
		var pgnBuf bytes.Buffer
		last := Progress{}
		cfg := Config{Game: GameConfig{Limits: Limits{Depth: 1}, Adjudication: DefaultAdjudication()},
			Openings: manyOpenings(t), Seed: 5, Concurrency: conc, SPRT: sprt, PGN: &pgnBuf,
			Progress: func(p Progress) { last = p }}
		res, err := Match(context.Background(), a, b, 400, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if last.SPRT == nil || last.Total != 400 {
			t.Errorf("last progress %+v", last)
		}
		return res, pgnBuf.String()
	}
	res1, pgn1 := run(strong, weak, 1)
	res4, pgn4 := run(strong, weak, 4)
	if res1.SPRT == nil || res1.SPRT.Decision != SPRTAcceptH1 {
		t.Fatalf("strong vs weak: %+v, want H1", res1.SPRT)
	}
	n := len(res1.Games)
	if n >= 400 || n%2 != 0 || len(res1.Schedule) != n {
		t.Errorf("stopped after %d games (schedule %d), want an even number below 400", n, len(res1.Schedule))
	}
	if !reflect.DeepEqual(res1.SPRT, res4.SPRT) || !reflect.DeepEqual(res1.Pair, res4.Pair) || pgn1 != pgn4 {
		t.Errorf("1 and 4 workers differ: %+v vs %+v", res1.SPRT, res4.SPRT)
	}
	if got := strings.Count(pgn1, "[Event "); got != n {
		t.Errorf("PGN holds %d games, want %d", got, n)
	}
	if p := res1.Pentanomial(0, 1); p.Pairs() != n/2 || res1.SPRT.Pairs != n/2 || res1.SPRT.LLR < res1.SPRT.Upper {
		t.Errorf("pentanomial %v over %d pairs, SPRT counted %d", p, p.Pairs(), res1.SPRT.Pairs)
	}
	resW, _ := run(weak, strong, 2)
	if resW.SPRT.Decision != SPRTAcceptH0 || resW.SPRT.LLR > resW.SPRT.Lower {
		t.Errorf("weak vs strong: %+v, want H0", resW.SPRT)
	}

	if _, err := RoundRobin(context.Background(), fakePlayers(3), 2,
		Config{Game: GameConfig{Limits: Limits{Depth: 1}}, SPRT: sprt}); err == nil {
		t.Error("SPRT with 3 players accepted")
	}
	if _, err := Match(context.Background(), strong, weak, 2,
		Config{Game: GameConfig{Limits: Limits{Depth: 1}}, SPRT: &SPRT{Elo0: 5, Elo1: 0}}); err == nil {
		t.Error("SPRT with elo0 > elo1 accepted")
	}
}

// TestRunSPRTCancelled: an outside cancellation is still an error.
func TestRunSPRTCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{Game: GameConfig{Limits: Limits{Depth: 1}}, Concurrency: 2, SPRT: &SPRT{Elo0: -1000, Elo1: 1000, Model: SPRTLogistic},
		Openings: manyOpenings(t),
		Progress: func(p Progress) {
			if p.Done == 3 {
				cancel()
			}
		}}
	strong := fakePlayer("a", func() *fakeEngine { return newFake("", 1) })
	weak := fakePlayer("b", func() *fakeEngine { return newFake("", 2) })
	if _, err := Match(ctx, strong, weak, 100, cfg); err == nil {
		t.Error("cancelled match returned no error")
	}
}

// TestRunPlayed: a match resumed with some of its games already played
// (Config.Played) plays only the others and gives the same scores and
// pentanomial counts as the whole match; a played game that is not the
// schedule's is refused.
func TestRunPlayed(t *testing.T) {
	strong := fakePlayer("strong", func() *fakeEngine { return newFake("", 1) })
	weak := fakePlayer("weak", func() *fakeEngine { f := newFake("", 2); f.noCaptures = true; return f })
	cfg := Config{Game: GameConfig{Limits: Limits{Depth: 1}, Adjudication: DefaultAdjudication()},
		Openings: manyOpenings(t), Seed: 5, Concurrency: 2}
	const games = 40
	whole, err := Match(context.Background(), strong, weak, games, cfg)
	if err != nil {
		t.Fatal(err)
	}
	resumed := cfg
	resumed.Played = make([]*Game, games-3) // shorter than the schedule: the rest is played
	for i := range resumed.Played {
		if i%3 != 1 {
			g := *whole.Games[i]
			g.Plies = nil // what a match log keeps
			resumed.Played[i] = &g
		}
	}
	playedNow := 0
	resumed.Progress = func(Progress) { playedNow++ }
	res, err := Match(context.Background(), strong, weak, games, resumed)
	if err != nil {
		t.Fatal(err)
	}
	if want := games - countNonNil(resumed.Played); playedNow != want {
		t.Errorf("played %d games, want %d", playedNow, want)
	}
	if res.Pair[0][1] != whole.Pair[0][1] || res.Pentanomial(0, 1) != whole.Pentanomial(0, 1) {
		t.Errorf("resumed %v %v, whole %v %v", res.Pair[0][1], res.Pentanomial(0, 1), whole.Pair[0][1], whole.Pentanomial(0, 1))
	}
	for _, tc := range []struct {
		name   string
		change func(g *Game)
	}{
		{"index", func(g *Game) { g.Index++ }},
		{"colours", func(g *Game) { g.WhiteIndex, g.BlackIndex = g.BlackIndex, g.WhiteIndex }},
		{"opening", func(g *Game) { g.Opening = StartOpening() }},
		{"no result", func(g *Game) { g.Result = NoResult }},
	} {
		bad := cfg
		g := *whole.Games[0]
		tc.change(&g)
		bad.Played = []*Game{&g}
		if _, err := Match(context.Background(), strong, weak, games, bad); err == nil || !strings.Contains(err.Error(), "not the schedule's game 1") {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	bad := cfg
	bad.Played = make([]*Game, games+1)
	if _, err := Match(context.Background(), strong, weak, games, bad); err == nil {
		t.Error("more played games than the schedule accepted")
	}
}

func countNonNil(gs []*Game) int {
	n := 0
	for _, g := range gs {
		if g != nil {
			n++
		}
	}
	return n
}
