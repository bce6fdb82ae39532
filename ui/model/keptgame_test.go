package model

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/evochess/evochess/ui/game"
)

func keptFixture(t *testing.T) (KeptGame, *game.Game) {
	t.Helper()
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
		if err := g.PlayUCI(u); err != nil {
			t.Fatal(err)
		}
	}
	pl, err := PresetPlayerJSON("david-fig3")
	if err != nil {
		t.Fatal(err)
	}
	k := KeepGame(g)
	k.Human, k.Opponent, k.OppName, k.Player = "black", "preset:david-fig3", "david-fig3", string(pl)
	k.Elo, k.Depth, k.Vary, k.Seed, k.Flip = 1400, 3, true, 1<<60+7, true
	return k, g
}

// TestKeptGameRoundTrip: a kept game reads back as the same settings and
// the same game (position, moves, a resignation).
func TestKeptGameRoundTrip(t *testing.T) {
	k, g := keptFixture(t)
	b, err := json.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	k2, g2, err := ParseKeptGame(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(k, k2) {
		t.Errorf("round trip changed it:\n%+v\n%+v", k, k2)
	}
	if g2.FEN() != g.FEN() || g2.StartFEN() != g.StartFEN() || !reflect.DeepEqual(g2.SAN(), g.SAN()) {
		t.Errorf("game %s %v, want %s %v", g2.FEN(), g2.SAN(), g.FEN(), g.SAN())
	}
	// From a FEN, resigned by White.
	g, _ = game.New("4k3/8/8/8/8/8/4P3/4K3 b - - 0 30")
	if err := g.PlayUCI("e8d7"); err != nil {
		t.Fatal(err)
	}
	g.Resign(1 - g.Side()) // Black... the side not to move: Black resigns
	k = KeepGame(g)
	k.Human, k.Opponent, k.OppName, k.MoveTimeMS = "white", "default", "default player", 1000
	b, _ = json.Marshal(k)
	_, g2, err = ParseKeptGame(b)
	if err != nil {
		t.Fatal(err)
	}
	over, res, why := g2.Over()
	_, res0, why0 := g.Over()
	if !over || res != res0 || why != why0 || g2.StartFEN() != g.StartFEN() || g2.Ply() != 1 {
		t.Errorf("resigned game: %v %s %s (want %s %s), start %s, %d plies", over, res, why, res0, why0, g2.StartFEN(), g2.Ply())
	}
}

// TestKeptGameCorrupt: whatever is not a kept game the page can go on with
// is refused with an error (the page then starts fresh).
func TestKeptGameCorrupt(t *testing.T) {
	k, _ := keptFixture(t)
	good, _ := json.Marshal(k)
	edit := func(f func(m map[string]any)) string {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, _ := json.Marshal(m)
		return string(b)
	}
	for _, c := range []struct{ name, in, want string }{
		{"garbage", "{not json", "kept game"},
		{"empty", "", "kept game"},
		{"array", "[1,2]", "kept game"},
		{"truncated", string(good[:len(good)/2]), "kept game"},
		{"trailing", string(good) + "{}", "trailing"},
		{"version", edit(func(m map[string]any) { m["v"] = 2 }), "version 2"},
		{"unknown field", edit(func(m map[string]any) { m["x"] = 1 }), "unknown field"},
		{"no fen", edit(func(m map[string]any) { delete(m, "fen") }), "no start position"},
		{"bad fen", edit(func(m map[string]any) { m["fen"] = "8/8/8 w - - 0 1" }), "kept game"},
		{"illegal move", edit(func(m map[string]any) { m["moves"] = []string{"e2e4", "e2e4"} }), "move 2"},
		{"colour", edit(func(m map[string]any) { m["human"] = "red" }), "colour"},
		{"resigned", edit(func(m map[string]any) { m["resigned"] = "both" }), "resigned"},
		{"no opponent", edit(func(m map[string]any) { m["opponent"] = "" }), "no opponent"},
		{"bad player", edit(func(m map[string]any) { m["player"] = `{"version":99}` }), "opponent"},
		{"level", edit(func(m map[string]any) { m["elo"] = -1 }), "level"},
		{"no limit", edit(func(m map[string]any) { delete(m, "depth") }), "search limit"},
		{"two limits", edit(func(m map[string]any) { m["moveTimeMs"] = 500 }), "search limit"},
	} {
		_, g, err := ParseKeptGame([]byte(c.in))
		if err == nil || g != nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v (game %v), want an error mentioning %q", c.name, err, g != nil, c.want)
		}
	}
}
