//go:build js && wasm

package main

import (
	"fmt"
	"math"
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
	match      *SavedMatch // the latest match, kept in localStorage

	// The round robin.
	Selected     map[string]bool
	GamesPerPair int
	Depth        int
	Nodes        int // nodes per move; 0: search to Depth
	Seed         uint64
	Result       *protocol.TournamentResult
	rr           *SavedRoundRobin // the latest round robin, kept in localStorage
	Replay       *compareReplay   // a game shown on the board

	Running bool
	running string // the mode of what runs: "match" or "round-robin"
	id      string
	saveErr string // why the running match or round robin could not be kept
	Err     string
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
	s := c.s()
	v := strings.TrimSpace(e.PropString("target", "value"))
	n, err := strconv.ParseUint(v, 10, 64)
	if field == "seed" {
		if err != nil {
			s.Err = fmt.Sprintf("seed: %q is not a whole number ≥ 0", v) + refuseInput(e, utoa(s.Seed))
			return
		}
		s.Seed, s.Err = n, ""
		return
	}
	p := s.intField(field)
	if p == nil {
		return
	}
	if err != nil {
		s.Err = fmt.Sprintf("%s: %q is not a whole number ≥ 0", field, v) + refuseInput(e, itoa(*p))
		return
	}
	*p, s.Err = int(min(n, 1<<31)), ""
}

// intField is the setting a SetNum field (other than the seed) sets.
func (s *CompareState) intField(field string) *int {
	switch field {
	case "games":
		return &s.GamesPerPair
	case "depth":
		return &s.Depth
	case "matchGames":
		return &s.MatchGames
	case "nodes":
		return &s.Nodes
	}
	return nil
}

// SetFloat sets one of the SPRT's numbers.
func (c *CompareTab) SetFloat(field string, e vugu.DOMEvent) {
	s := c.s()
	var p *float64
	switch field {
	case "elo0":
		p = &s.SPRT.Elo0
	case "elo1":
		p = &s.SPRT.Elo1
	case "alpha":
		p = &s.SPRT.Alpha
	case "beta":
		p = &s.SPRT.Beta
	default:
		return
	}
	v := strings.TrimSpace(e.PropString("target", "value"))
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		s.Err = fmt.Sprintf("%s: %q is not a number", field, v) + refuseInput(e, fnum(*p))
		return
	}
	*p, s.Err = f, ""
}

// Run starts the round robin in the compare worker, kept in localStorage
// as it goes (SavedRoundRobin, compare_keep.go) like the match.
func (c *CompareTab) Run(e vugu.DOMEvent) {
	s := c.s()
	chosen := c.chosen()
	req := &protocol.Tournament{GamesPerPair: s.GamesPerPair, Seed: s.Seed, MaxPlies: 200}
	req.Depth, req.Nodes = s.limit()
	sr := &SavedRoundRobin{kept: kept{Kind: "round-robin"}}
	for i, name := range uniqueNames(chosen) {
		req.Players = append(req.Players, entrant(chosen[i], name))
		sr.Players = append(sr.Players, chosen[i].Key)
	}
	if err := req.Validate(); err != nil {
		s.Err = "Tournament: " + err.Error()
		return
	}
	n := len(req.Players)
	sr.Req, sr.Total = *req, n*(n-1)/2*s.GamesPerPair
	c.playRoundRobin(sr)
}

// limit is the search limit of every move: Nodes when set, else Depth.
func (s *CompareState) limit() (depth, nodes int) {
	if s.Nodes > 0 {
		return 0, s.Nodes
	}
	return s.Depth, 0
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

func eloText(st protocol.Standing) string {
	return signedElo(st.Elo) + fmt.Sprintf(" ± %.0f", st.EloMargin)
}

func points(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
