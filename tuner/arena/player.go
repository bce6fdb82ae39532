package arena

import (
	"fmt"

	"github.com/evochess/evochess/engine/player"
)

// FromPlayer returns an in-process Player for a player file: its scheme,
// weights and search parameters, with a hashMB MiB table per engine (0 = 1).
// name overrides the player's name when not empty.
func FromPlayer(p *player.Player, name string, hashMB int) (Player, error) {
	c, err := PlayerConfig(p, name, hashMB)
	if err != nil {
		return Player{}, err
	}
	return c.Player()
}

// PlayerConfig returns the in-process configuration of a player file (as
// FromPlayer), for callers that set more fields (Level, Seed) before
// calling Player.
func PlayerConfig(p *player.Player, name string, hashMB int) (InProcess, error) {
	ev, err := p.Evaluator()
	if err != nil {
		return InProcess{}, fmt.Errorf("arena: player %s: %w", p.Name, err)
	}
	sp, err := p.SearchParams()
	if err != nil {
		return InProcess{}, fmt.Errorf("arena: player %s: %w", p.Name, err)
	}
	if name == "" {
		name = p.Name
	}
	return InProcess{Name: name, Scheme: ev.Scheme(), Weights: ev.Weights(), Search: sp, HashMB: hashMB}, nil
}
