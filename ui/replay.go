//go:build js && wasm

package main

import (
	"fmt"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/ui/game"
)

// replay is a finished game stepped through on a read-only board (the
// League tab's games and the Compare tab's): its start position, its moves
// in UCI and SAN, and the ply shown.
type replay struct {
	FEN   string   // start position ("" = the initial one)
	Moves []string // UCI
	SAN   []string
	Ply   int
	view  PlayState
}

// newReplay plays moves from fen and shows the game's last position; it
// returns the whole game too (for a PGN). what names the game in errors.
func newReplay(what, fen string, moves []string) (*replay, *game.Game, error) {
	g, err := game.New(fen)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", what, err)
	}
	for i, u := range moves {
		if err := g.PlayUCI(u); err != nil {
			return nil, nil, fmt.Errorf("%s, ply %d: %w", what, i+1, err)
		}
	}
	r := &replay{FEN: fen, Moves: moves, SAN: g.SAN()}
	r.view.init()
	r.step(len(moves))
	return r, g, nil
}

// step shows the position after ply n (clamped to the game).
func (r *replay) step(n int) {
	if r == nil {
		return
	}
	n = max(0, min(n, len(r.Moves)))
	g, err := game.New(r.FEN)
	if err != nil {
		return
	}
	for _, u := range r.Moves[:n] {
		if g.PlayUCI(u) != nil {
			return
		}
	}
	r.Ply, r.view.g, r.view.Sel, r.view.hints = n, g, board.NoSquare, 0
}

func (r *replay) first() { r.step(0) }
func (r *replay) prev()  { r.step(r.Ply - 1) }
func (r *replay) next()  { r.step(r.Ply + 1) }
func (r *replay) last()  { r.step(len(r.Moves)) }
func (r *replay) flip()  { r.view.Flip = !r.view.Flip }

// plyText describes the position shown: "ply 12 of 87 — Nf6".
func (r *replay) plyText() string {
	t := fmt.Sprintf("ply %d of %d", r.Ply, len(r.Moves))
	if r.Ply > 0 && r.Ply <= len(r.SAN) {
		t += " — " + r.SAN[r.Ply-1]
	}
	return t
}
