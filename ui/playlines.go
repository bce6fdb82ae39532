//go:build js && wasm

package main

import (
	"hash/crc32"
	"strconv"

	"github.com/evochess/evochess/ui/game"
	"github.com/evochess/evochess/wasm/protocol"
)

// The Play tab's best lines: the opponent's player's top candidate moves
// for the position on the board, each with its score and the first moves of
// its line, searched in the play worker with the player's own evaluation
// and search parameters at full strength, without its book (a MultiPV
// search: protocol.Search.MultiPV). The budget is fixed, so the same
// position and player always give the same lines: depth linesDepth, cut at
// linesNodes nodes should a position need more (the depth reached is
// shown). The lines follow the board (every new position or opponent asks
// again, and a request for a position left behind is stopped), and yield to
// the game: while the engine searches its own move no lines are searched
// (engineTurn stops a running request), and lines are asked for once it has
// moved.

const (
	linesCount = 3       // lines shown
	linesDepth = 6       // search depth of the lines
	linesNodes = 300_000 // node cap of that search
	linesPlies = 6       // plies of each line shown
)

// LinesState is the best lines shown in the Play tab.
type LinesState struct {
	key   string // position|player of the lines shown or asked for ("" = none)
	id    string // the request running ("" = none)
	FEN   string // the position of Lines
	Lines []game.Candidate
	Depth int
	Nodes uint64
	Err   string
}

// refreshLines asks for the best lines of the position on the board when it
// or the opponent changed since the last request; nothing while the engine
// thinks or once the game is over.
func (a *App) refreshLines() {
	p := &a.Game
	l := &p.Lines
	if over, _, _ := p.g.Over(); over || p.Thinking {
		a.cancelLines()
		l.key, l.Lines, l.FEN, l.Err = "", nil, "", ""
		return
	}
	key := p.g.FEN() + "|" + strconv.FormatUint(uint64(crc32.ChecksumIEEE(p.oppPlayer)), 16) + "|" + strconv.Itoa(len(p.oppPlayer))
	if key == l.key {
		return
	}
	a.cancelLines()
	l.key, l.Err = key, ""
	w := a.playWorker()
	id := a.nextID("lines")
	req := &protocol.Search{FEN: p.g.StartFEN(), Moves: p.g.UCIMoves(), Player: p.oppPlayer,
		Depth: linesDepth, Nodes: linesNodes, MultiPV: linesCount} // full strength, no book
	g := p.g
	l.id = id
	err := w.Send(id, req, func(m protocol.Message) {
		if l.id != id {
			w.Done(id)
			return
		}
		switch b := m.Body.(type) {
		case *protocol.BestMove:
			w.Done(id)
			l.id = ""
			if p.g != g {
				return // another game since (its own request follows)
			}
			l.Lines, l.FEN, l.Depth, l.Nodes = nil, g.FEN(), b.Depth, b.Nodes
			for _, sl := range b.Lines {
				if c, ok := g.Candidate(sl.Score, sl.Mate, sl.PV, linesPlies); ok {
					l.Lines = append(l.Lines, c)
				}
			}
		case *protocol.Error:
			w.Done(id)
			l.id = ""
			l.Lines, l.Err = nil, "No lines: "+b.Message
		}
	})
	if err != nil {
		l.id, l.Err = "", err.Error()
	}
}

// cancelLines stops the lines request running, if any (its answer is
// ignored), so that the same position asks again later.
func (a *App) cancelLines() {
	l := &a.Game.Lines
	if l.id == "" {
		return
	}
	if a.play != nil {
		_ = a.play.Send(l.id, &protocol.StopSearch{}, nil)
		a.play.Done(l.id)
	}
	l.id, l.key = "", ""
}

// LinesFor reports whether the lines shown are those of the position on the board.
func (c *PlayTab) LinesFor() bool { l := &c.p().Lines; return l.FEN != "" && l.FEN == c.p().g.FEN() }

// LinesPending reports a request for this position running.
func (c *PlayTab) LinesPending() bool { return c.p().Lines.id != "" }

// LinesNote says what the lines are and how they were searched.
func (c *PlayTab) LinesNote() string {
	l := &c.p().Lines
	s := "Searched at full strength, without the book, to depth " + itoa(l.Depth)
	if l.Depth < linesDepth {
		s += " (cut at " + thousands(int(linesNodes)) + " nodes)"
	}
	return s + ", " + thousands(int(l.Nodes)) + " nodes."
}

// LinesWait is shown when no lines are: why.
func (c *PlayTab) LinesWait() string {
	p := c.p()
	switch over, _, _ := p.g.Over(); {
	case over:
		return "The game is over."
	case p.Thinking:
		return "Lines come after " + p.OppName + "'s move (its own search goes first)."
	case c.LinesPending():
		return "Searching…"
	}
	return ""
}

// LinesIntro says whose lines these are and how their scores read.
func (c *PlayTab) LinesIntro() string {
	return c.p().OppName + "'s top " + itoa(linesCount) + " candidate moves in the position on the board (for the side to move), " +
		"each with the first moves of its line. Scores from White's point of view: + favours White, 1.00 is about a pawn; " +
		"#3: White mates in 3, #-3: Black mates in 3."
}
