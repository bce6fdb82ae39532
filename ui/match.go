//go:build js && wasm

package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
)

// The Compare tab's match: the chosen player (by default the evolved one)
// against each ticked opponent in turn (match request), with the record,
// Elo and its 95% interval from the games and from the game pairs
// (pentanomial), the likelihood of superiority, and an optional SPRT that
// stops the games against an opponent once it decides.

func (c *CompareTab) SetMode(mode string, e vugu.DOMEvent) { c.s().Mode, c.s().Err = mode, "" }

// MatchPlayer is the key of the player the match is about: the chosen one,
// else the newest evolved (or opened, or saved) player, else phoenix-default.
func (c *CompareTab) MatchPlayer() string {
	refs, s := c.Refs(), c.s()
	for _, r := range refs {
		if r.Key == s.Player {
			return r.Key
		}
	}
	// The kept match's player, no longer known by its key.
	if s.match != nil && s.Player == s.match.Player {
		for _, r := range refs {
			if r.Key == keptKey {
				return r.Key
			}
		}
	}
	for _, r := range refs {
		if r.Preset == "" {
			return r.Key
		}
	}
	return "preset:phoenix-default"
}

func (c *CompareTab) PlayerOptions() []option {
	var out []option
	for _, r := range c.Refs() {
		out = append(out, option{Value: r.Key, Label: r.Label})
	}
	return out
}

func (c *CompareTab) SetMatchPlayer(e vugu.DOMEvent) { c.s().Player = e.PropString("target", "value") }

// OpponentRefs lists the players the match player can meet.
func (c *CompareTab) OpponentRefs() []playerRef {
	me := c.MatchPlayer()
	var out []playerRef
	for _, r := range c.Refs() {
		if r.Key != me {
			out = append(out, r)
		}
	}
	return out
}

func (c *CompareTab) ToggleOpponent(key string, e vugu.DOMEvent) {
	c.s().Opponents[key] = e.PropBool("target", "checked")
}

// AllPresets ticks every preset (the papers' and material-only ones) as an opponent.
func (c *CompareTab) AllPresets(e vugu.DOMEvent) {
	for _, r := range c.OpponentRefs() {
		if r.Preset != "" {
			c.s().Opponents[r.Key] = true
		}
	}
}

func (c *CompareTab) opponents() []playerRef { return ticked(c.OpponentRefs(), c.s().Opponents) }

func (c *CompareTab) OpponentCount() int { return len(c.opponents()) }

func (c *CompareTab) ToggleBook(e vugu.DOMEvent) { c.s().Book = e.PropBool("target", "checked") }
func (c *CompareTab) ToggleSPRT(e vugu.DOMEvent) { c.s().UseSPRT = e.PropBool("target", "checked") }

// RunMatch starts the match in the compare worker. The match is kept in
// localStorage as it goes (SavedMatch, compare_keep.go), so Stop or a
// reload can be followed by Resume.
func (c *CompareTab) RunMatch(e vugu.DOMEvent) {
	a, s := c.App, c.s()
	me, ok := a.findPlayer(c.MatchPlayer())
	if !ok {
		s.Err = "Choose the player of the match."
		return
	}
	opps := c.opponents()
	refs := append([]playerRef{me}, opps...)
	names := uniqueNames(refs)
	req := &protocol.Match{Player: entrant(me, names[0]), Games: s.MatchGames, Seed: s.Seed, MaxPlies: 200, Book: s.Book}
	req.Depth, req.Nodes = s.limit()
	sm := &SavedMatch{Player: me.Key, kept: kept{Kind: "match"}}
	for i, r := range opps {
		req.Opponents = append(req.Opponents, entrant(r, names[i+1]))
		sm.Opponents = append(sm.Opponents, r.Key)
	}
	if s.UseSPRT {
		t := s.SPRT
		req.SPRT = &t
	}
	if err := req.Validate(); err != nil {
		s.Err = "Match: " + err.Error()
		return
	}
	sm.Req, sm.Total = *req, len(req.Opponents)*req.Games
	s.Player = me.Key // the form keeps showing the player it played
	c.playMatch(sm)
}

// matchRow is one opponent's line of the match table, formatted.
type matchRow struct {
	Opponent, Played, Record, Score, Elo, Penta, PentaElo, LOS, SPRT, Verdict string
}

// MatchRows formats the match's table.
func (c *CompareTab) MatchRows() []matchRow {
	r := c.s().MatchRes
	if r == nil {
		return nil
	}
	var out []matchRow
	for _, x := range r.Rows {
		row := matchRow{Opponent: x.Opponent, Played: fmt.Sprintf("%d / %d", x.Games, x.Planned),
			Record: fmt.Sprintf("+%d =%d −%d", x.Wins, x.Draws, x.Losses),
			Elo:    eloRange(x.Elo, x.EloLow, x.EloHigh), Penta: fmt.Sprintf("%d·%d·%d·%d·%d", x.Penta[0], x.Penta[1], x.Penta[2], x.Penta[3], x.Penta[4]),
			PentaElo: eloRange(x.PentaElo, x.PentaLow, x.PentaHigh), LOS: fmt.Sprintf("%.0f%%", 100*x.LOS)}
		if x.Games > 0 {
			row.Score = fmt.Sprintf("%.1f%%", 100*(float64(x.Wins)+float64(x.Draws)/2)/float64(x.Games))
		}
		if x.SPRT != nil {
			row.SPRT = fmt.Sprintf("LLR %.2f [%.2f, %.2f]", x.SPRT.LLR, x.SPRT.Lower, x.SPRT.Upper)
			switch x.SPRT.Decision {
			case "H1":
				row.SPRT += " — H1 accepted"
			case "H0":
				row.SPRT += " — H0 accepted"
			}
		}
		lo, hi := x.EloLow, x.EloHigh
		if x.Penta != [5]int{} {
			lo, hi = x.PentaLow, x.PentaHigh
		}
		switch {
		case x.Games == 0:
		case lo > 0:
			row.Verdict = "stronger"
		case hi < 0:
			row.Verdict = "weaker"
		default:
			row.Verdict = "too close to call"
		}
		out = append(out, row)
	}
	return out
}

// eloRange formats an Elo estimate with its 95% interval.
func eloRange(elo, lo, hi float64) string {
	f := func(v float64) string {
		if math.Abs(v) >= protocol.EloUnbounded {
			if v > 0 {
				return "+∞"
			}
			return "−∞"
		}
		return signedElo(v)
	}
	return f(elo) + " [" + f(lo) + ", " + f(hi) + "]"
}

// signedElo formats an Elo difference rounded to a whole number with its
// sign ("+35", "−12") and a typographic minus; 0 has no sign (not "−0").
func signedElo(v float64) string {
	r := math.Round(v)
	if r == 0 {
		return "0"
	}
	return strings.Replace(fmt.Sprintf("%+.0f", r), "-", "−", 1)
}

// MatchTitle names the match on the results panel.
func (c *CompareTab) MatchTitle() string {
	if r := c.s().MatchRes; r != nil {
		return r.Player + " against each opponent"
	}
	return "Match"
}
