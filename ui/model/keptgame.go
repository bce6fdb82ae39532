package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/ui/game"
)

// KeptGame is the Play tab's game in progress as the page keeps it in
// localStorage, so a reload brings it back: the game (start position, moves,
// a resignation), its opponent (the key it was chosen under, its name and
// its player file, so the game comes back against the very player it was
// played against even when no list names it any more) and the settings of
// the game (the human's colour, the level, the search limit, the book and
// the game's seed).
type KeptGame struct {
	V        int      `json:"v"` // KeptGameVersion
	StartFEN string   `json:"fen"`
	Moves    []string `json:"moves"`              // UCI
	Resigned string   `json:"resigned,omitempty"` // "white" or "black": the side that resigned
	Human    string   `json:"human"`              // "white" or "black"
	Flip     bool     `json:"flip,omitempty"`     // black at the bottom
	// Opponent is the key the opponent was chosen under ("preset:…",
	// "saved:N", "link", "run:…", "default"); OppName its name; Player
	// its engine/player file (absent: the worker's default player), kept
	// as a string so it comes back byte for byte (the page knows a listed
	// player as the game's opponent by the same bytes).
	Opponent   string `json:"opponent"`
	OppName    string `json:"oppName"`
	Player     string `json:"player,omitempty"`
	Elo        int    `json:"elo,omitempty"`        // strength level, 0 = full strength
	Depth      int    `json:"depth,omitempty"`      // search limit by depth, or
	MoveTimeMS int    `json:"moveTimeMs,omitempty"` // by time per move
	Vary       bool   `json:"vary,omitempty"`       // the engine plays from the book
	Seed       uint64 `json:"seed,omitempty"`       // the game's seed of the book's and level's choices
}

// KeptGameVersion is KeptGame.V; another version is not read.
const KeptGameVersion = 1

// KeepGame returns what is kept of g.
func KeepGame(g *game.Game) KeptGame {
	return KeptGame{V: KeptGameVersion, StartFEN: g.StartFEN(), Moves: g.UCIMoves(), Resigned: g.ResignedBy()}
}

// ParseKeptGame reads a kept game back and replays it. Anything that does
// not make a game the Play tab can go on with is an error: malformed JSON,
// another version, an illegal move, an unknown colour, a player file the
// engine cannot load, limits out of range.
func ParseKeptGame(b []byte) (KeptGame, *game.Game, error) {
	var k KeptGame
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&k); err != nil {
		return KeptGame{}, nil, fmt.Errorf("kept game: %w", err)
	}
	if dec.More() {
		return KeptGame{}, nil, errors.New("kept game: trailing data")
	}
	switch {
	case k.V != KeptGameVersion:
		return KeptGame{}, nil, fmt.Errorf("kept game: version %d, want %d", k.V, KeptGameVersion)
	case k.StartFEN == "" || len(k.StartFEN) > 128:
		return KeptGame{}, nil, errors.New("kept game: no start position")
	case len(k.Moves) > 2048:
		return KeptGame{}, nil, fmt.Errorf("kept game: %d moves", len(k.Moves))
	case k.Human != "white" && k.Human != "black":
		return KeptGame{}, nil, fmt.Errorf("kept game: colour %q", k.Human)
	case k.Resigned != "" && k.Resigned != "white" && k.Resigned != "black":
		return KeptGame{}, nil, fmt.Errorf("kept game: resigned %q", k.Resigned)
	case k.Opponent == "" || len(k.Opponent) > 256 || k.OppName == "" || len(k.OppName) > 256:
		return KeptGame{}, nil, errors.New("kept game: no opponent")
	case k.Elo < 0 || k.Elo > 5000:
		return KeptGame{}, nil, fmt.Errorf("kept game: level %d", k.Elo)
	case k.Depth < 0 || k.Depth > 64 || k.MoveTimeMS < 0 || k.MoveTimeMS > 3_600_000 || (k.Depth == 0) == (k.MoveTimeMS == 0):
		return KeptGame{}, nil, fmt.Errorf("kept game: search limit depth %d, %d ms", k.Depth, k.MoveTimeMS)
	}
	if len(k.Player) > 0 {
		p, err := player.Load(strings.NewReader(k.Player))
		if err == nil {
			_, err = p.Evaluator()
		}
		if err == nil {
			_, err = p.SearchParams()
		}
		if err != nil {
			return KeptGame{}, nil, fmt.Errorf("kept game: opponent: %w", err)
		}
	}
	g, err := game.New(k.StartFEN)
	if err != nil {
		return KeptGame{}, nil, fmt.Errorf("kept game: %w", err)
	}
	for i, u := range k.Moves {
		if err := g.PlayUCI(u); err != nil {
			return KeptGame{}, nil, fmt.Errorf("kept game: move %d: %w", i+1, err)
		}
	}
	switch k.Resigned {
	case "white":
		g.Resign(board.White)
	case "black":
		g.Resign(board.Black)
	}
	return k, g, nil
}
