package data

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestReadGames: finished games are kept with their moves and White's
// result; an unreadable game is skipped with its error; unfinished games
// are counted; a FEN game keeps its start position.
func TestReadGames(t *testing.T) {
	in := fixture(t)
	extra := "\n[Event \"bad\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n[Event \"open\"]\n[Result \"*\"]\n\n1. d4 *\n\n" +
		"[Event \"fen\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1/2-1/2\"]\n\n1. e4 Kd7 1/2-1/2\n"
	gs, err := ReadGames(context.Background(), bytes.NewReader(append(in, extra...)), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	fens := replayed(t, in)
	if gs.GamesSkipped < 1 || len(gs.Skipped) < 1 || !strings.Contains(gs.Skipped[len(gs.Skipped)-1].Error(), "game") || gs.Unfinished < 1 {
		t.Fatalf("skipped %d (%v), unfinished %d", gs.GamesSkipped, gs.Skipped, gs.Unfinished)
	}
	last := gs.Games[len(gs.Games)-1]
	if last.Start != "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" || last.Result != 0.5 || len(last.Moves) != 2 {
		t.Fatalf("FEN game %+v", last)
	}
	for _, g := range gs.Games[:len(gs.Games)-1] {
		want := fens[g.Number]
		pos, err := g.Position()
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Moves) != len(want) {
			t.Fatalf("game %d: %d moves, want %d", g.Number, len(g.Moves), len(want))
		}
		for i, m := range g.Moves {
			if pos.FEN() != want[i] {
				t.Fatalf("game %d ply %d: %s, want %s", g.Number, i, pos.FEN(), want[i])
			}
			pos.MakeMove(m)
		}
		if g.Result != 0 && g.Result != 0.5 && g.Result != 1 {
			t.Fatalf("game %d: result %v", g.Number, g.Result)
		}
	}
	if gs.Digest == "" {
		t.Fatal("no digest")
	}
	hi, err := ReadGames(context.Background(), bytes.NewReader(in), 4000, nil)
	if err != nil || len(hi.Games) != 0 || hi.Unfinished == 0 {
		t.Fatalf("min Elo 4000 kept %d games (%v)", len(hi.Games), err)
	}
}

// TestGameSplit: the sets are disjoint and cover the games, a game's set
// depends only on its number and the seed, and the shares are close to the
// percentages.
func TestGameSplit(t *testing.T) {
	var games []Game
	for n := 1; n <= 4000; n++ {
		games = append(games, Game{Number: n})
	}
	gs := &GameSet{Games: games}
	s := GameSplit{Seed: 7, TestPercent: 10, ValidationPercent: 20}
	train, valid, test := gs.Split(s)
	if len(train)+len(valid)+len(test) != len(games) {
		t.Fatal("sets do not cover the games")
	}
	for _, c := range []struct {
		set  []Game
		want int
		pct  int
	}{{test, SplitTest, 10}, {valid, SplitValidation, 20}, {train, SplitTrain, 70}} {
		for _, g := range c.set {
			if s.Of(g.Number) != c.want {
				t.Fatalf("game %d in the wrong set", g.Number)
			}
		}
		if d := len(c.set)*100/len(games) - c.pct; d < -3 || d > 3 {
			t.Errorf("set %d holds %d of %d games, want about %d%%", c.want, len(c.set), len(games), c.pct)
		}
	}
	// Dropping games changes no other game's set.
	half := &GameSet{Games: everyOther(games)}
	_, _, test2 := half.Split(s)
	for _, g := range test2 {
		if s.Of(g.Number) != SplitTest {
			t.Fatal("a game's set depends on the others")
		}
	}
	if (GameSplit{TestPercent: 60, ValidationPercent: 50}).Validate() == nil || (GameSplit{TestPercent: -1}).Validate() == nil {
		t.Fatal("bad percentages accepted")
	}
}

// TestPositions: every position from MinPly, not in check, up to MaxPly;
// a limit draws a seeded subset in game and ply order.
func TestPositions(t *testing.T) {
	gs, err := ReadGames(context.Background(), bytes.NewReader(fixture(t)), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := PositionFilter{MinPly: 12, MaxPly: 60}
	all, err := Positions(gs.Games, f, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, g := range gs.Games {
		pos, _ := g.Position()
		for ply, m := range g.Moves {
			if ply >= 12 && ply <= 60 && !pos.InCheck() {
				want++
			}
			pos.MakeMove(m)
		}
	}
	if len(all) != want || want == 0 {
		t.Fatalf("%d positions, want %d", len(all), want)
	}
	sub, _ := Positions(gs.Games, f, 100, 3)
	sub2, _ := Positions(gs.Games, f, 100, 3)
	other, _ := Positions(gs.Games, f, 100, 4)
	if len(sub) != 100 || !equalRefs(sub, sub2) || equalRefs(sub, other) {
		t.Fatal("subset not seeded")
	}
	for i := 1; i < len(sub); i++ {
		a, b := sub[i-1], sub[i]
		if a.Game > b.Game || a.Game == b.Game && a.Ply >= b.Ply {
			t.Fatal("subset out of order")
		}
	}
}

func equalRefs(a, b []Ref) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func everyOther(g []Game) []Game {
	var out []Game
	for i := 0; i < len(g); i += 2 {
		out = append(out, g[i])
	}
	return out
}
