package model

import (
	"strings"
	"testing"

	"github.com/evochess/evochess/wasm/protocol"
)

func TestLeagueSettingsText(t *testing.T) {
	for _, c := range []struct {
		s    protocol.LeagueSettings
		want string
	}{
		{protocol.LeagueSettings{Depth: 3, GamesPerPair: 10}, ""},
		{protocol.LeagueSettings{MoveTimeMs: 100, GamesPerPair: 2}, ""},
		{protocol.LeagueSettings{GamesPerPair: 10}, "Give a depth (1 to 20 plies) or a time per move (10 to 60,000 ms)."},
		{protocol.LeagueSettings{Depth: 3, MoveTimeMs: 100, GamesPerPair: 10}, "Give a depth or a time per move, not both."},
		{protocol.LeagueSettings{Depth: 25, GamesPerPair: 10}, "Depth: give 1 to 20 plies, not 25."},
		{protocol.LeagueSettings{MoveTimeMs: 5, GamesPerPair: 10}, "Milliseconds per move: give 10 to 60,000, not 5."},
		{protocol.LeagueSettings{Depth: 3, GamesPerPair: 3}, "Games per pair: give an even number from 2 to 1,000 (each opening is played with both colours), not 3."},
	} {
		got := LeagueSettingsText(c.s)
		if got != c.want {
			t.Errorf("%+v:\n got %q\nwant %q", c.s, got, c.want)
		}
		if strings.Contains(got, "moveTimeMs") || strings.Contains(got, "gamesPerPair") {
			t.Errorf("API field name in %q", got)
		}
	}
}
