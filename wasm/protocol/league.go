package protocol

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The class league's HTTP API (`evochess serve`, server/serve_league.go;
// contract 7 in ARCHITECTURE.md). Plain JSON bodies, not envelopes:
//
//	GET    /api/league                 LeagueInfo (the state, plus what this client may do)
//	GET    /api/league/events          server-sent events: one LeagueState per change (unnamed events, id = Seq)
//	POST   /api/league/entries         LeagueSubmit → 201 LeagueSubmitted, Location: /api/league/entries/{id}
//	GET    /api/league/entries/{id}    LeagueStanding: the entry's line of the standings (404 once withdrawn)
//	DELETE /api/league/entries/{id}    teacher: withdraw an entry (its games leave the standings)
//	GET    /api/league/games           ?entry=ID&before=ID&limit=N → []LeagueGameSummary, newest first
//	GET    /api/league/games/{id}      LeagueGame (moves for the replay board)
//	GET    /api/league/games/{id}/pgn  the game as PGN
//	GET    /api/league/games.pgn       every game of the standings (current epoch, entries still in)
//	GET    /api/league/standings.csv   the standings; /api/league/games.csv the games
//	POST   /api/league/settings        teacher: LeagueSettings
//	POST   /api/league/pause, /resume  teacher: stop (games in progress are replayed later) and restart play
//	POST   /api/league/reset           teacher: LeagueReset (a new epoch: standings start again)
//
// Errors are {"error": "...", "status": N} with the HTTP status N.

// LeagueMaxName bounds a display name, in characters.
const LeagueMaxName = 32

// LeagueSettings is how the server plays the league's games.
type LeagueSettings struct {
	// Depth searches every move to this many plies; MoveTimeMs gives every
	// move this many milliseconds instead. Exactly one is set.
	Depth      int `json:"depth,omitempty"`
	MoveTimeMs int `json:"moveTimeMs,omitempty"`
	// GamesPerPair is how many games each pair plays (colours alternate, each
	// opening played with both colours); the league then waits for new entries.
	GamesPerPair int `json:"gamesPerPair"`
}

// Validate checks the settings' ranges.
func (s LeagueSettings) Validate() error {
	switch {
	case (s.Depth == 0) == (s.MoveTimeMs == 0):
		return fmt.Errorf("league settings: set exactly one of depth and moveTimeMs")
	case s.Depth < 0 || s.Depth > 20:
		return fmt.Errorf("league settings: depth %d outside 1..20", s.Depth)
	case s.MoveTimeMs < 0 || (s.MoveTimeMs > 0 && s.MoveTimeMs < 10) || s.MoveTimeMs > 60000:
		return fmt.Errorf("league settings: moveTimeMs %d outside 10..60000", s.MoveTimeMs)
	case s.GamesPerPair < 2 || s.GamesPerPair > 1000 || s.GamesPerPair%2 != 0:
		return fmt.Errorf("league settings: gamesPerPair %d: want an even number in 2..1000", s.GamesPerPair)
	}
	return nil
}

// Describe says the settings in words ("depth 3, 10 games per pair").
func (s LeagueSettings) Describe() string {
	per := fmt.Sprintf("depth %d", s.Depth)
	if s.MoveTimeMs > 0 {
		per = fmt.Sprintf("%d ms per move", s.MoveTimeMs)
	}
	return fmt.Sprintf("%s, %d games per pair", per, s.GamesPerPair)
}

// LeagueStanding is one entry's line of the leaderboard.
type LeagueStanding struct {
	ID        int64   `json:"id"`
	Name      string  `json:"name"`
	Scheme    string  `json:"scheme"`
	Submitted int64   `json:"submitted"` // Unix ms
	Games     int     `json:"games"`
	Wins      int     `json:"wins"`
	Draws     int     `json:"draws"`
	Losses    int     `json:"losses"`
	Points    float64 `json:"points"`
	// Elo is the pool rating (Bradley-Terry, mean 0 over the entries);
	// EloMargin its 95% half-interval. Rated is false before the first game.
	Elo       float64 `json:"elo"`
	EloMargin float64 `json:"eloMargin"`
	Rated     bool    `json:"rated"`
}

// LeagueGameSummary is one finished game in lists.
type LeagueGameSummary struct {
	ID          int64  `json:"id"`
	WhiteID     int64  `json:"whiteId"`
	BlackID     int64  `json:"blackId"`
	White       string `json:"white"`
	Black       string `json:"black"`
	Result      string `json:"result"` // "1-0", "0-1", "1/2-1/2"
	Termination string `json:"termination"`
	Plies       int    `json:"plies"` // book moves included
	Opening     string `json:"opening,omitempty"`
	Finished    int64  `json:"finished"` // Unix ms
}

// LeagueGame is a game with its moves, for the replay board.
type LeagueGame struct {
	LeagueGameSummary
	StartFEN string   `json:"startFen"`
	Moves    []string `json:"moves"` // UCI, book moves first
	Book     int      `json:"book"`  // how many of Moves come from the opening
	Limits   string   `json:"limits"`
}

// LeagueLive is a game being played now.
type LeagueLive struct {
	White string `json:"white"`
	Black string `json:"black"`
}

// LeagueState is the league as every client sees it.
type LeagueState struct {
	Seq        int64               `json:"seq"`   // raised on every change
	Epoch      int                 `json:"epoch"` // raised by each reset
	Paused     bool                `json:"paused"`
	Settings   LeagueSettings      `json:"settings"`
	MaxEntries int                 `json:"maxEntries"`
	Standings  []LeagueStanding    `json:"standings"` // best first
	Games      int                 `json:"games"`     // finished games in the standings
	Scheduled  int                 `json:"scheduled"` // games of the round robin at the current entries: GamesPerPair per pair, or what a pair already played if more (never below Games)
	Playing    []LeagueLive        `json:"playing"`
	Recent     []LeagueGameSummary `json:"recent"`  // the latest finished games, newest first
	Workers    int                 `json:"workers"` // games played at once
	Err        string              `json:"err,omitempty"`
}

// LeagueInfo answers GET /api/league: the state and what this client may do.
type LeagueInfo struct {
	State LeagueState `json:"state"`
	// Teacher is true when this client may change settings, remove entries,
	// reset and start native runs (always on a loopback address; with the
	// teacher link's cookie on the LAN).
	Teacher bool `json:"teacher"`
	// TokenRequired is true when teacher actions need the teacher link.
	TokenRequired bool `json:"tokenRequired"`
	// JoinURL is the address students open (empty when the server listens
	// on loopback only).
	JoinURL string `json:"joinUrl,omitempty"`
}

// LeagueSubmit is POST /api/league/entries: a display name and an
// engine/player file.
type LeagueSubmit struct {
	Name   string          `json:"name"`
	Player json.RawMessage `json:"player"`
}

// CleanLeagueName trims a display name and checks it: 1 to LeagueMaxName
// printable characters, at least one of them visible (see visibleBase).
//
// The name is not normalised to NFC (that needs golang.org/x/text, which
// evochess does not depend on): "é" typed precomposed and as "e" plus a
// combining accent are two different names to the uniqueness check, and the
// second counts two characters towards LeagueMaxName.
func CleanLeagueName(name string) (string, error) {
	if !utf8.ValidString(name) {
		return "", fmt.Errorf("name: not valid UTF-8")
	}
	name = strings.Join(strings.Fields(name), " ")
	if name == "" {
		return "", fmt.Errorf("name: empty (type the name to show on the leaderboard)")
	}
	if n := utf8.RuneCountInString(name); n > LeagueMaxName {
		return "", fmt.Errorf("name: %d characters, at most %d", n, LeagueMaxName)
	}
	visible := false
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return "", fmt.Errorf("name: character %U is not printable", r)
		}
		visible = visible || visibleBase(r)
	}
	if !visible {
		return "", fmt.Errorf("name: nothing to show (only accents, joiners or other invisible characters); type at least one letter, digit or symbol")
	}
	return name, nil
}

// visibleBase reports whether r shows on its own: a letter, number, symbol
// or punctuation mark that Unicode does not list as ignorable (the Hangul
// fillers are letters drawn as nothing) and not the blank Braille pattern.
// Combining marks, variation selectors, format characters (zero-width
// joiners and spaces) and spaces are not.
func visibleBase(r rune) bool {
	if !unicode.In(r, unicode.L, unicode.N, unicode.S, unicode.P) {
		return false
	}
	return r != '\u2800' && !unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}

// Validate checks the name and that a player is present (the server parses it).
func (s LeagueSubmit) Validate() error {
	if _, err := CleanLeagueName(s.Name); err != nil {
		return err
	}
	if len(s.Player) == 0 || string(s.Player) == "null" {
		return fmt.Errorf("player: missing (an engine/player JSON object)")
	}
	return nil
}

// LeagueSubmitted answers a submission.
type LeagueSubmitted struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// LeagueReset is POST /api/league/reset.
type LeagueReset struct {
	// Entries also withdraws every entry (a new class); otherwise the
	// entries stay and play again from zero.
	Entries bool `json:"entries"`
}
