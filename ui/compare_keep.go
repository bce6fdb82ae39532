//go:build js && wasm

package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/ui/game"

	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
)

// The Compare tab's match and round robin are kept in localStorage as they
// go (SavedMatch, SavedRoundRobin): the request, with its players, the
// form's keys, the games posted so far and the standing after them. After
// Stop or a reload, Resume sends the request again with those games as
// played (protocol.Match.Played, protocol.Tournament.Played): the worker
// plays only the others and ends with the figures of a run never stopped.
// A finished one is shown again on the next visit.

// kept is what the match and the round robin keep alike.
type kept struct {
	Kind    string          `json:"kind"` // "match" or "round-robin" (the mode)
	Games   []protocol.Game `json:"games"`
	Total   int             `json:"total"` // games planned
	Done    bool            `json:"done"`
	Updated int64           `json:"updated"` // Unix ms of the last save
}

// SavedMatch is the latest match (storeMatchKey).
type SavedMatch struct {
	kept
	Req       protocol.Match        `json:"req"`
	Player    string                `json:"player"` // the form's keys
	Opponents []string              `json:"opponents"`
	Result    *protocol.MatchResult `json:"result,omitempty"`
}

// SavedRoundRobin is the latest round robin (storeRoundRobinKey).
type SavedRoundRobin struct {
	kept
	Req     protocol.Tournament        `json:"req"`
	Players []string                   `json:"players"` // the form's keys
	Result  *protocol.TournamentResult `json:"result,omitempty"`
}

// Kept returns what the shown mode keeps (empty when nothing was run).
func (c *CompareTab) Kept() *kept {
	s := c.s()
	switch {
	case s.Mode == "match" && s.match != nil:
		return &s.match.kept
	case s.Mode != "match" && s.rr != nil:
		return &s.rr.kept
	}
	return &kept{}
}

// RunningHere tells whether the shown mode's match or round robin runs.
func (c *CompareTab) RunningHere() bool {
	s := c.s()
	return s.Running && (s.running == "match") == (s.Mode == "match")
}

// Resumable tells whether the shown mode's kept run can be resumed.
func (c *CompareTab) Resumable() bool {
	k := c.Kept()
	return k.Total > 0 && !k.Done && !c.s().Running
}

// ResumeText describes the shown mode's kept, unfinished run.
func (c *CompareTab) ResumeText() string {
	s, k := c.s(), c.Kept()
	what := "The round robin"
	if s.Mode == "match" && s.match != nil {
		n := len(s.match.Req.Opponents)
		what = fmt.Sprintf("The match of %s against %d opponent%s", s.match.Req.Player.Name, n, plural(n))
	} else if s.rr != nil {
		what = fmt.Sprintf("The round robin of %d players", len(s.rr.Req.Players))
	}
	return fmt.Sprintf("%s stopped after %d of %d games. Resume plays the rest; the %d games kept are not played again.",
		what, len(k.Games), k.Total, len(k.Games))
}

// Resume continues the shown mode's kept run.
func (c *CompareTab) Resume(e vugu.DOMEvent) {
	if !c.Resumable() {
		return
	}
	if s := c.s(); s.Mode == "match" {
		c.playMatch(s.match)
	} else {
		c.playRoundRobin(s.rr)
	}
}

// Discard forgets the shown mode's kept run and its results.
func (c *CompareTab) Discard(e vugu.DOMEvent) {
	s := c.s()
	s.Err = ""
	if s.Mode == "match" {
		s.match, s.MatchRes = nil, nil
		c.App.saveKept(storeMatchKey, nil)
	} else {
		s.rr, s.Result = nil, nil
		c.App.saveKept(storeRoundRobinKey, nil)
	}
}

// Stop ends the match or round robin by terminating the compare worker
// (games are searched without yielding; a new worker starts with the
// next). The games played are kept, to be resumed.
func (c *CompareTab) Stop(e vugu.DOMEvent) {
	a, s := c.App, c.s()
	running := s.Running
	s.Running, s.id = false, "" // before Terminate, which fails what the worker had in hand
	if a.compare != nil {
		a.compare.Terminate()
		a.compare = nil
	}
	if !running {
		return
	}
	var k *kept
	switch {
	case s.running == "match" && s.match != nil:
		k = &s.match.kept
		a.saveKept(storeMatchKey, s.match) // every game received, even one whose standing had not come yet
	case s.running != "match" && s.rr != nil:
		k = &s.rr.kept
		a.saveKept(storeRoundRobinKey, s.rr)
	default:
		return
	}
	s.Err = fmt.Sprintf("Stopped after %d of %d games.", len(k.Games), k.Total)
	if s.saveErr == "" {
		s.Err += " The games played are kept: Resume continues, here or after a reload."
	}
}

// playMatch sends the kept match to the compare worker with the games it
// already has, keeping each new game and standing as they arrive.
func (c *CompareTab) playMatch(sm *SavedMatch) {
	a, s := c.App, c.s()
	req := sm.Req
	req.Played = played(sm.Games)
	s.match, s.MatchRes, s.saveErr = sm, sm.Result, ""
	a.saveKept(storeMatchKey, sm)
	w := a.compareWorker()
	id := a.nextID("match")
	s.id, s.Running, s.running, s.Err = id, true, "match", ""
	err := w.Send(id, &req, func(m protocol.Message) {
		if s.id != id {
			return
		}
		switch b := m.Body.(type) {
		case *protocol.Game:
			sm.Games = append(sm.Games, *b)
		case *protocol.MatchResult:
			s.MatchRes, sm.Result = b, b
			if b.Done {
				w.Done(id)
				s.Running, sm.Done = false, true
			}
			// Kept after every game's standing (each game is followed by one).
			a.saveKept(storeMatchKey, sm)
			if s.saveErr != "" {
				s.Err = s.saveErr
			}
		case *protocol.Error:
			w.Done(id)
			s.Running, s.Err = false, b.Message
		}
	})
	if err != nil {
		s.Running, s.Err = false, err.Error()
	}
}

// playRoundRobin sends the kept round robin to the compare worker with the
// games it already has, keeping each new game as it arrives.
func (c *CompareTab) playRoundRobin(sr *SavedRoundRobin) {
	a, s := c.App, c.s()
	req := sr.Req
	req.Played = played(sr.Games)
	s.rr, s.Result, s.saveErr = sr, nil, ""
	a.saveKept(storeRoundRobinKey, sr)
	w := a.compareWorker()
	id := a.nextID("tournament")
	s.id, s.Running, s.running, s.Err = id, true, "round-robin", ""
	err := w.Send(id, &req, func(m protocol.Message) {
		if s.id != id {
			return
		}
		switch b := m.Body.(type) {
		case *protocol.Game:
			sr.Games = append(sr.Games, *b)
			a.saveKept(storeRoundRobinKey, sr)
			if s.saveErr != "" {
				s.Err = s.saveErr
			}
		case *protocol.TournamentResult:
			w.Done(id)
			sortStandings(b)
			s.Running, s.Result, sr.Result, sr.Done = false, b, b, true
			a.saveKept(storeRoundRobinKey, sr)
		case *protocol.Error:
			w.Done(id)
			s.Running, s.Err = false, b.Message
		}
	})
	if err != nil {
		s.Running, s.Err = false, err.Error()
	}
}

// sortStandings orders a table best first: points, then Elo.
func sortStandings(r *protocol.TournamentResult) {
	sort.SliceStable(r.Standings, func(i, j int) bool {
		x, y := r.Standings[i], r.Standings[j]
		if x.Points != y.Points {
			return x.Points > y.Points
		}
		return x.Elo > y.Elo
	})
}

// restoreKept shows the match and round robin kept by an earlier page
// (finished, or to be resumed) and puts their settings back in the form:
// each mode's own, and the shared ones (depth, nodes, seed) and the mode of
// the later one.
func (s *CompareState) restoreKept(sm *SavedMatch, sr *SavedRoundRobin) {
	if sm != nil {
		s.match, s.MatchRes = sm, sm.Result
		s.Player, s.Opponents = sm.Player, map[string]bool{}
		for _, k := range sm.Opponents {
			s.Opponents[k] = true
		}
		r := sm.Req
		s.MatchGames, s.Book, s.UseSPRT = r.Games, r.Book, r.SPRT != nil
		if r.SPRT != nil {
			s.SPRT = *r.SPRT
		}
	}
	if sr != nil {
		s.rr, s.Result = sr, sr.Result
		s.Selected = map[string]bool{}
		for _, k := range sr.Players {
			s.Selected[k] = true
		}
		s.GamesPerPair = sr.Req.GamesPerPair
	}
	switch {
	case sm != nil && (sr == nil || sm.Updated >= sr.Updated):
		s.Mode, s.Seed = "match", sm.Req.Seed
		s.setLimit(sm.Req.Depth, sm.Req.Nodes)
	case sr != nil:
		s.Mode, s.Seed = "round-robin", sr.Req.Seed
		s.setLimit(sr.Req.Depth, sr.Req.Nodes)
	}
}

// setLimit puts a request's search limit back in the form.
func (s *CompareState) setLimit(depth, nodes int) {
	if depth > 0 {
		s.Depth = depth
	}
	s.Nodes = nodes
}

// stamp marks a kept run saved now.
func (k *kept) stamp() { k.Updated = time.Now().UnixMilli() }

func (c *CompareTab) Percent() int {
	k := c.Kept()
	if k.Total == 0 {
		return 0
	}
	return min(100, 100*len(k.Games)/k.Total)
}

// shownGames bounds the games list (every row costs render time).
const shownGames = 100

// LastGames lists the shown mode's latest games, newest first.
func (c *CompareTab) LastGames() []protocol.Game {
	g := c.Kept().Games
	n := min(len(g), shownGames)
	out := make([]protocol.Game, n)
	for i := range out {
		out[i] = g[len(g)-1-i]
	}
	return out
}

func (c *CompareTab) GamesTitle() string {
	if n := len(c.Kept().Games); n > shownGames {
		return fmt.Sprintf("Games (the last %d of %d)", shownGames, n)
	}
	return "Games"
}

// A Compare game replayed on a read-only board, and the games as PGN.

// compareReplay is a game of the shown match or round robin on the board.
type compareReplay struct {
	Game protocol.Game
	*replay
}

// fullGame is a game message as a game with its result, names and round
// (for its PGN).
func fullGame(m protocol.Game) (*game.Game, error) {
	_, g, err := newReplay(fmt.Sprintf("game %d", m.Round), m.FEN, m.Moves)
	if err != nil {
		return nil, err
	}
	g.White, g.Black, g.Round = m.White, m.Black, strconv.Itoa(m.Round)
	g.End(m.Result, m.Reason)
	return g, nil
}

// OpenGame shows a game on the replay board at its last position.
func (c *CompareTab) OpenGame(m protocol.Game, e vugu.DOMEvent) {
	r, _, err := newReplay(fmt.Sprintf("game %d", m.Round), m.FEN, m.Moves)
	if err != nil {
		c.s().Err = "Replay: " + err.Error()
		return
	}
	c.s().Replay = &compareReplay{Game: m, replay: r}
}

func (c *CompareTab) GameFirst(e vugu.DOMEvent) { c.s().Replay.first() }
func (c *CompareTab) GamePrev(e vugu.DOMEvent)  { c.s().Replay.prev() }
func (c *CompareTab) GameNext(e vugu.DOMEvent)  { c.s().Replay.next() }
func (c *CompareTab) GameLast(e vugu.DOMEvent)  { c.s().Replay.last() }
func (c *CompareTab) GameFlip(e vugu.DOMEvent)  { c.s().Replay.flip() }
func (c *CompareTab) GameClose(e vugu.DOMEvent) { c.s().Replay = nil }
func (c *CompareTab) GameView() *PlayState      { return &c.s().Replay.view }

// GameTitle names the replayed game: "Game 7: evolved – material, 1-0".
func (c *CompareTab) GameTitle() string {
	g := c.s().Replay.Game
	return fmt.Sprintf("Game %d: %s – %s, %s", g.Round, g.White, g.Black, g.Result)
}

// GamePly describes the replay position: "ply 87 of 87 — Qxf7# (checkmate)".
func (c *CompareTab) GamePly() string {
	r := c.s().Replay
	t := r.plyText()
	if r.Ply == len(r.Moves) && r.Game.Reason != "" {
		t += " (" + r.Game.Reason + ")"
	}
	return t
}

// event names the shown mode's games in their PGN.
func (c *CompareTab) event() string {
	if c.s().Mode == "match" {
		return "evochess Compare match"
	}
	return "evochess Compare round robin"
}

// GamePGN downloads the replayed game as PGN.
func (c *CompareTab) GamePGN(e vugu.DOMEvent) {
	r := c.s().Replay
	if g, err := fullGame(r.Game); err == nil {
		downloadText(fmt.Sprintf("evochess-game-%d.pgn", r.Game.Round), "application/x-chess-pgn", g.PGN(c.event()))
	}
}

// WithMoves counts the shown mode's games whose moves are known (all the
// games played in this visit; a kept run keeps the last keptMoves).
func (c *CompareTab) WithMoves() int {
	n := 0
	for _, g := range c.Kept().Games {
		if len(g.Moves) > 0 {
			n++
		}
	}
	return n
}

// AllPGN downloads the shown mode's games whose moves are known as one PGN file.
func (c *CompareTab) AllPGN(e vugu.DOMEvent) {
	var b strings.Builder
	for _, m := range c.Kept().Games {
		if len(m.Moves) == 0 {
			continue
		}
		g, err := fullGame(m)
		if err != nil {
			c.s().Err = "PGN: " + err.Error()
			return
		}
		b.WriteString(g.PGN(c.event()))
		b.WriteByte('\n')
	}
	name := "evochess-match.pgn"
	if c.s().Mode != "match" {
		name = "evochess-round-robin.pgn"
	}
	downloadText(name, "application/x-chess-pgn", b.String())
}

// keptMoves is how many of a kept run's latest games keep their moves in
// localStorage (a long match's moves would not fit: about 0.7 KB a game).
const keptMoves = 200

// stored is a copy of games for localStorage: the moves of all but the
// latest keptMoves dropped.
func stored(games []protocol.Game) []protocol.Game {
	out := append([]protocol.Game(nil), games...)
	for i := range max(0, len(out)-keptMoves) {
		out[i].FEN, out[i].Moves = "", nil
	}
	return out
}

// played is a copy of games without their moves, for a request's Played.
func played(games []protocol.Game) []protocol.Game {
	out := append([]protocol.Game(nil), games...)
	for i := range out {
		out[i].FEN, out[i].Moves = "", nil
	}
	return out
}

func (sm *SavedMatch) stored() any {
	c := *sm
	c.Games = stored(sm.Games)
	return &c
}

func (sr *SavedRoundRobin) stored() any {
	c := *sr
	c.Games = stored(sr.Games)
	return &c
}
