//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/ui/model"
)

// The Play tab's game in progress survives a reload: keepGame writes it to
// localStorage (storePlayKey, as model.KeptGame) whenever it changes — a
// move, a new game, a position set up, an undo, a resignation, a change of
// opponent, colour, level, search limit or book — and restoreGame reads it
// back when the page starts. A stored value that is not a game the page can
// go on with (corrupt JSON, an illegal move, a player the engine cannot
// load, …) is dropped without a word: the page starts a fresh game.
//
// Shared links (#p=…): the kept game is restored before the link is opened,
// and opening a link only shows its player (the Share tab's card); it does
// not touch the game. So the game in progress is still on the Play tab
// after opening a link, against its own opponent: the kept game carries its
// opponent's player file, so that player is always available, under its key
// when a listed player still is it, else as "this game's player"
// (playOpponentKey). "Play this player" on the link's card starts a new
// game against the link's player, which then replaces the kept game.
//
// Each tab keeps its own game; with the page open in two tabs, the game
// written last is the one a reload brings back (no storage event is
// followed: another tab's game must not replace this tab's mid-game).

// keepGame writes the game to localStorage when it changed since the last
// write. Called before every render (Root.BeforeBuild) and when the page
// goes away; it does nothing until restoreGame has run, so the first
// render's fresh game never overwrites the kept one.
func (a *App) keepGame() {
	p := &a.Game
	if !p.restored {
		return
	}
	// A cheap signature first: this runs before every render, and the
	// player file can be tens of kilobytes.
	sig := fmt.Sprintf("%p|%d|%s|%v|%s|%d|%v|%s|%s|%p|%d|%d|%d|%d|%v|%d", p.g, p.g.Ply(), p.g.FEN(), p.g.LastMove(), p.g.ResignedBy(),
		p.Human, p.Flip, p.Opponent, p.OppName, p.oppPlayer, len(p.oppPlayer), p.Elo, p.Depth, p.MoveTime, p.Vary, p.Seed)
	if sig == p.keptSig {
		return
	}
	p.keptSig = sig
	k := model.KeepGame(p.g)
	k.Human = "white"
	if p.Human == board.Black {
		k.Human = "black"
	}
	k.Flip, k.Opponent, k.OppName, k.Player = p.Flip, p.Opponent, p.OppName, string(p.oppPlayer)
	k.Elo, k.Depth, k.MoveTimeMS, k.Vary, k.Seed = p.Elo, p.Depth, p.MoveTime, p.Vary, p.Seed
	b, err := json.Marshal(k)
	if err != nil || string(b) == p.kept {
		return
	}
	p.kept = string(b)
	if ls, ok := storage(); ok {
		if setItem(ls, storePlayKey, p.kept) != nil {
			ls.Call("removeItem", storePlayKey) // a full quota: the game goes on, unkept
		}
	}
}

// restoreGame brings back the kept game, if there is one the page can go on
// with (else removes it), and starts the engine's search when it is the
// engine's move (a reload while it was thinking).
func (a *App) restoreGame() {
	p := &a.Game
	defer func() { p.restored = true }()
	ls, ok := storage()
	if !ok {
		return
	}
	v := ls.Call("getItem", storePlayKey)
	if v.Type() != js.TypeString {
		return
	}
	k, g, err := model.ParseKeptGame([]byte(v.String()))
	if err != nil {
		ls.Call("removeItem", storePlayKey)
		return
	}
	a.cancelSearch()
	p.g = g
	p.Human = board.White
	if k.Human == "black" {
		p.Human = board.Black
	}
	p.Flip, p.Opponent, p.OppName, p.oppPlayer = k.Flip, k.Opponent, k.OppName, nil
	if k.Player != "" {
		p.oppPlayer = json.RawMessage(k.Player)
	}
	p.Elo, p.Depth, p.MoveTime, p.Vary, p.Seed = k.Elo, k.Depth, k.MoveTimeMS, k.Vary, k.Seed
	p.kept = v.String()
	a.engineTurn()
}
