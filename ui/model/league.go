package model

import (
	"fmt"
	"strings"

	"github.com/evochess/evochess/wasm/protocol"
)

// LeagueSettingsText says what is wrong with the teacher's league settings
// in the words of the League tab's form (depth, milliseconds, games per
// pair), not the API's field names; "" when they are valid.
func LeagueSettingsText(s protocol.LeagueSettings) string {
	err := s.Validate()
	switch {
	case err == nil:
		return ""
	case s.Depth == 0 && s.MoveTimeMs == 0:
		return "Give a depth (1 to 20 plies) or a time per move (10 to 60,000 ms)."
	case s.Depth != 0 && s.MoveTimeMs != 0:
		return "Give a depth or a time per move, not both."
	case s.Depth < 0 || s.Depth > 20:
		return fmt.Sprintf("Depth: give 1 to 20 plies, not %d.", s.Depth)
	case s.MoveTimeMs != 0 && (s.MoveTimeMs < 10 || s.MoveTimeMs > 60000):
		return fmt.Sprintf("Milliseconds per move: give 10 to 60,000, not %d.", s.MoveTimeMs)
	case s.GamesPerPair < 2 || s.GamesPerPair > 1000 || s.GamesPerPair%2 != 0:
		return fmt.Sprintf("Games per pair: give an even number from 2 to 1,000 (each opening is played with both colours), not %d.", s.GamesPerPair)
	}
	return strings.TrimPrefix(err.Error(), "league settings: ")
}

// LeagueFieldName is the League tab's name of a teacher form field.
func LeagueFieldName(field string) string {
	switch field {
	case "depth":
		return "Depth"
	case "movetime":
		return "Milliseconds per move"
	case "games":
		return "Games per pair"
	}
	return field
}
