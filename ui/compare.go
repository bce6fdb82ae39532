//go:build js && wasm

package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
)

// CompareState is the Compare tab: a match of one player against chosen
// opponents (Elo with its 95% interval, pentanomial pairs, an optional SPRT),
// or a round robin among chosen players with standings and Elo estimates,
// played in the compare worker.
type CompareState struct {
	Mode string // "match" or "round-robin"

	// The match.
	Player     string          // the player's key ("" = the default choice)
	Opponents  map[string]bool // opponents' keys
	MatchGames int             // games per opponent (even)
	Book       bool            // openings from the bundled Polyglot book
	UseSPRT    bool
	SPRT       protocol.SPRTConfig
	MatchRes   *protocol.MatchResult
	saved      *SavedMatch // the latest match, kept in localStorage
	saveErr    string      // why it could not be kept

	// The round robin.
	Selected     map[string]bool
	GamesPerPair int
	Depth        int
	Seed         uint64
	Running      bool
	id           string
	Total        int
	Games        []protocol.Game
	Result       *protocol.TournamentResult
	Err          string
}

func (s *CompareState) init() {
	s.Mode = "match"
	s.Selected, s.Opponents = map[string]bool{}, map[string]bool{}
	s.GamesPerPair, s.Depth, s.Seed = 2, 2, 1
	s.MatchGames, s.Book = 20, true
	s.SPRT = protocol.SPRTConfig{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
}

// CompareTab is the Compare tab component.
type CompareTab struct {
	App *App
}

func (c *CompareTab) s() *CompareState { return &c.App.Cmp }

func (c *CompareTab) Refs() []playerRef { return c.App.playerRefs(false) }

func (c *CompareTab) Toggle(key string, e vugu.DOMEvent) {
	c.s().Selected[key] = e.PropBool("target", "checked")
}

func (c *CompareTab) chosen() []playerRef { return ticked(c.Refs(), c.s().Selected) }

// ticked returns the refs whose keys are set in on.
func ticked(refs []playerRef, on map[string]bool) []playerRef {
	var out []playerRef
	for _, r := range refs {
		if on[r.Key] {
			out = append(out, r)
		}
	}
	return out
}

func (c *CompareTab) Count() int { return len(c.chosen()) }

func (c *CompareTab) SetNum(field string, e vugu.DOMEvent) {
	v := strings.TrimSpace(e.PropString("target", "value"))
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		c.s().Err = fmt.Sprintf("%s: %q is not a whole number ≥ 0", field, v)
		return
	}
	c.s().Err = ""
	switch field {
	case "games":
		c.s().GamesPerPair = int(n)
	case "depth":
		c.s().Depth = int(n)
	case "seed":
		c.s().Seed = n
	case "matchGames":
		c.s().MatchGames = int(n)
	}
}

// SetFloat sets one of the SPRT's numbers.
func (c *CompareTab) SetFloat(field string, e vugu.DOMEvent) {
	v := strings.TrimSpace(e.PropString("target", "value"))
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		c.s().Err = fmt.Sprintf("%s: %q is not a number", field, v)
		return
	}
	c.s().Err = ""
	switch field {
	case "elo0":
		c.s().SPRT.Elo0 = f
	case "elo1":
		c.s().SPRT.Elo1 = f
	case "alpha":
		c.s().SPRT.Alpha = f
	case "beta":
		c.s().SPRT.Beta = f
	}
}

// Run starts the tournament.
func (c *CompareTab) Run(e vugu.DOMEvent) {
	a, s := c.App, c.s()
	chosen := c.chosen()
	req := &protocol.Tournament{GamesPerPair: s.GamesPerPair, Depth: s.Depth, Seed: s.Seed, MaxPlies: 200}
	for i, name := range uniqueNames(chosen) {
		req.Players = append(req.Players, entrant(chosen[i], name))
	}
	if err := req.Validate(); err != nil {
		s.Err = "Tournament: " + err.Error()
		return
	}
	n := len(req.Players)
	s.Total = n * (n - 1) / 2 * s.GamesPerPair
	w := a.compareWorker()
	id := a.nextID("tournament")
	s.id, s.Running, s.Games, s.Result, s.Err = id, true, nil, nil, ""
	err := w.Send(id, req, func(m protocol.Message) {
		if s.id != id {
			return
		}
		switch b := m.Body.(type) {
		case *protocol.Game:
			s.Games = append(s.Games, *b)
		case *protocol.TournamentResult:
			w.Done(id)
			// Best first: points, then Elo.
			sort.SliceStable(b.Standings, func(i, j int) bool {
				x, y := b.Standings[i], b.Standings[j]
				if x.Points != y.Points {
					return x.Points > y.Points
				}
				return x.Elo > y.Elo
			})
			s.Running, s.Result = false, b
		case *protocol.Error:
			w.Done(id)
			s.Running, s.Err = false, b.Message
		}
	})
	if err != nil {
		s.Running, s.Err = false, err.Error()
	}
}

// uniqueNames names the players of a request: their names, cut to 60
// bytes, with "(2)", "(3)" added to repeats.
func uniqueNames(refs []playerRef) []string {
	seen := map[string]int{}
	out := make([]string, len(refs))
	for i, r := range refs {
		name := r.Name
		if len(name) > 60 {
			name = name[:60]
		}
		seen[name]++
		if seen[name] > 1 {
			name = fmt.Sprintf("%s (%d)", name, seen[name])
		}
		out[i] = name
	}
	return out
}

// entrant is a player of a tournament or match request.
func entrant(r playerRef, name string) protocol.TournamentPlayer {
	tp := protocol.TournamentPlayer{Name: name}
	if r.Preset != "" {
		tp.Preset = r.Preset
	} else {
		tp.Player = r.Player
	}
	return tp
}

// Stop ends the tournament by terminating its worker (games are searched
// without yielding; a new worker starts with the next tournament).
func (c *CompareTab) Stop(e vugu.DOMEvent) {
	a, s := c.App, c.s()
	if a.compare != nil {
		a.compare.Terminate()
		a.compare = nil
	}
	s.Running, s.id = false, ""
	s.Err = fmt.Sprintf("Stopped after %d of %d games.", len(s.Games), s.Total)
	if s.Mode == "match" && s.saved != nil && !s.saved.Done {
		a.saveMatch(s.saved) // every game received, even one whose standing had not come yet
		s.Err += " The games played are kept: Resume continues the match, here or after a reload."
	}
}

func (c *CompareTab) Percent() int {
	if c.s().Total == 0 {
		return 0
	}
	return 100 * len(c.s().Games) / c.s().Total
}

// shownGames bounds the games list (every row costs render time).
const shownGames = 100

// LastGames lists the latest games, newest first.
func (c *CompareTab) LastGames() []protocol.Game {
	g := c.s().Games
	n := min(len(g), shownGames)
	out := make([]protocol.Game, n)
	for i := range out {
		out[i] = g[len(g)-1-i]
	}
	return out
}

func (c *CompareTab) GamesTitle() string {
	if n := len(c.s().Games); n > shownGames {
		return fmt.Sprintf("Games (the last %d of %d)", shownGames, n)
	}
	return "Games"
}

func eloText(st protocol.Standing) string {
	return fmt.Sprintf("%+.0f ± %.0f", st.Elo, st.EloMargin)
}

func points(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
