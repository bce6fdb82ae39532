//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/strength"
	"github.com/evochess/evochess/ui/game"
	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
)

// PlayState is the Play tab: one game against an engine player searched in
// the player worker.
type PlayState struct {
	g         *game.Game
	Human     board.Color
	Flip      bool // black at the bottom
	Sel       board.Square
	hints     board.Bitboard
	promoFrom board.Square
	promoTo   board.Square
	Promo     bool
	Dragging  bool // a piece is being dragged (its square is dimmed)

	Opponent  string // "default", "run:<id>", "saved:<n>", "preset:<name>", "link"
	OppName   string
	oppPlayer json.RawMessage // engine/player JSON (nil = the worker's default player)
	Depth     int
	MoveTime  int    // milliseconds; 0 = by depth
	Elo       int    // strength level (engine/strength.ForElo); 0 = full strength
	Vary      bool   // the engine plays from the bundled opening book while in it
	Seed      uint64 // this game's seed of the book's and the level's choices

	Thinking bool
	searchID string
	Info     *protocol.Info
	LastEval string
	LastPV   string // the engine's expected line at its last move, in SAN
	Err      string
	PGN      string // shown after "Export PGN"

	FENInput string // the position box
	FENErr   string // why the position box's FEN was refused
	FENNote  string // what was repaired in the position box's FEN
	MoveErr  string // why the typed move was refused
	// Note says that a change of player or colour ended the game in
	// progress; shown while noteFor, the game it started, is on the board
	// and the human has not moved in it yet.
	Note    string
	noteFor *game.Game
	// A hint: the move the opponent's player would make in the human's
	// place (Hint asks the play worker); cleared by any move.
	Hinting  bool
	hintID   string
	Hint     string
	hintMove board.Move
	// Cursor is the board's keyboard focus (the one square in the tab
	// order; arrow keys move it, Enter or Space taps it). NoSquare: the
	// human's king.
	Cursor  board.Square
	Explain ExplainState
	Lines   LinesState // the opponent's best lines for the position (playlines.go)

	restored bool   // restoreGame has run: keepGame may write (playkeep.go)
	kept     string // the kept game as last written
	keptSig  string // what it was written from (keepGame)
}

func (p *PlayState) init() {
	p.g, _ = game.New("")
	p.Sel, p.promoFrom, p.promoTo, p.Cursor = board.NoSquare, board.NoSquare, board.NoSquare, board.NoSquare
	p.hintMove = board.NoMove
	p.Opponent, p.OppName, p.Depth = "default", "default player", 3
	p.Vary = true
	p.Seed = rand.Uint64()
}

func (p *PlayState) selectSq(sq board.Square) {
	p.Sel, p.hints = sq, 0
	for _, t := range p.g.Targets(sq) {
		p.hints |= board.SquareBB(t)
	}
}

func (a *App) tryMove(from, to board.Square) {
	p := &a.Game
	m, needPromo, ok := p.g.Resolve(from, to, board.NoPieceType)
	if !ok {
		p.Sel, p.hints = board.NoSquare, 0
		return
	}
	if needPromo {
		p.Promo, p.promoFrom, p.promoTo = true, from, to
		return
	}
	a.humanMove(m)
}

// Promote completes a pending promotion with piece pt.
func (a *App) Promote(pt board.PieceType) {
	p := &a.Game
	if !p.Promo {
		return
	}
	p.Promo = false
	m, _, ok := p.g.Resolve(p.promoFrom, p.promoTo, pt)
	if ok {
		a.humanMove(m)
	}
}

func (a *App) humanMove(m board.Move) {
	p := &a.Game
	a.clearHint()
	p.Sel, p.hints, p.PGN, p.MoveErr, p.FENErr, p.noteFor = board.NoSquare, 0, "", "", "", nil
	if err := p.g.Play(m); err != nil {
		p.Err = err.Error()
		return
	}
	a.engineTurn()
}

// typedMove plays a move typed in the move box (SAN or UCI); it reports
// whether the move was played (the box is then cleared).
func (a *App) typedMove(s string) bool {
	p := &a.Game
	switch {
	case p.Thinking:
		p.MoveErr = "Wait for " + p.OppName + "'s move."
		return false
	case p.Promo:
		p.MoveErr = "Choose the promotion piece on the board first."
		return false
	}
	if over, res, why := p.g.Over(); !over && p.g.Side() != p.Human {
		p.MoveErr = "It is not your move."
		return false
	} else if over {
		p.MoveErr = "The game is over (" + res + ", " + why + "): start a new game."
		return false
	}
	m, err := p.g.ParseMove(s)
	if err != nil {
		p.MoveErr = err.Error()
		return false
	}
	a.humanMove(m)
	return true
}

// searchRequest is a search of the game's position by the opponent's
// player, limited as its moves are (time per move or depth).
func (p *PlayState) searchRequest() *protocol.Search {
	req := &protocol.Search{FEN: p.g.StartFEN(), Moves: p.g.UCIMoves(), Player: p.oppPlayer}
	if p.MoveTime > 0 {
		req.MoveTimeMS = p.MoveTime
	} else {
		req.Depth = max(1, p.Depth)
	}
	return req
}

// engineTurn starts a search when it is the engine's move.
func (a *App) engineTurn() {
	p := &a.Game
	if over, _, _ := p.g.Over(); over || p.g.Side() == p.Human || p.Thinking {
		return
	}
	a.cancelLines() // the engine's own move first
	w := a.playWorker()
	id := a.nextID("search")
	req := p.searchRequest()
	req.Elo, req.Book, req.Seed = p.Elo, p.Vary, p.Seed
	p.Thinking, p.searchID, p.Info, p.Err = true, id, nil, ""
	err := w.Send(id, req, func(m protocol.Message) {
		if p.searchID != id {
			w.Done(id)
			return
		}
		switch b := m.Body.(type) {
		case *protocol.Info:
			p.Info = b
		case *protocol.BestMove:
			w.Done(id)
			p.Thinking, p.searchID = false, ""
			p.LastEval = scoreText(b.Score, b.Mate) + fmt.Sprintf(" at depth %d, %s nodes", b.Depth, thousands(int(b.Nodes)))
			p.LastPV = ""
			if b.Book {
				p.LastEval = "book move"
			} else if p.Info != nil && len(p.Info.PV) > 0 {
				p.LastPV = p.g.SANLine(p.Info.PV)
			}
			if b.Move == "0000" {
				return
			}
			if err := p.g.PlayUCI(b.Move); err != nil {
				p.Err = "The engine answered an illegal move: " + err.Error()
			}
		case *protocol.Error:
			w.Done(id)
			p.Thinking, p.searchID = false, ""
			p.Err = "The engine could not move: " + b.Message
		}
	})
	if err != nil {
		p.Thinking, p.Err = false, err.Error()
	}
}

// cancelSearch abandons the running search (its answer is ignored), and
// any hint.
func (a *App) cancelSearch() {
	p := &a.Game
	if p.Thinking && a.play != nil {
		_ = a.play.Send(p.searchID, &protocol.StopSearch{}, nil)
		a.play.Done(p.searchID)
	}
	p.Thinking, p.searchID, p.Info = false, "", nil
	a.clearHint()
}

// CanHint reports whether a hint can be asked for: the human's move, no
// search or hint running, no promotion pending, the game not over.
func (p *PlayState) CanHint() bool {
	over, _, _ := p.g.Over()
	return !over && !p.Thinking && !p.Hinting && !p.Promo && p.g.Side() == p.Human
}

// askHint asks the opponent's player, at full strength and without its
// book, for the move it would make in the human's place, searched like its
// own moves (the same depth or time); the answer is shown on the board and
// in words.
func (a *App) askHint() {
	p := &a.Game
	if !p.CanHint() {
		return
	}
	w := a.playWorker()
	id := a.nextID("hint")
	req := p.searchRequest() // full strength, no book
	p.Hinting, p.hintID, p.Hint, p.hintMove = true, id, "", board.NoMove
	err := w.Send(id, req, func(m protocol.Message) {
		if p.hintID != id {
			w.Done(id)
			return
		}
		switch b := m.Body.(type) {
		case *protocol.BestMove:
			w.Done(id)
			p.Hinting, p.hintID = false, ""
			mv, err := p.g.ParseMove(b.Move)
			if err != nil {
				p.Hint = "No hint: " + err.Error()
				return
			}
			p.hintMove = mv
			p.Hint = fmt.Sprintf("%s would play %s here (%s for you at depth %d).", p.OppName, p.g.MoveSAN(mv), scoreText(b.Score, b.Mate), b.Depth)
		case *protocol.Error:
			w.Done(id)
			p.Hinting, p.hintID = false, ""
			p.Hint = "No hint: " + b.Message
		}
	})
	if err != nil {
		p.Hinting, p.hintID, p.Err = false, "", err.Error()
	}
}

// clearHint drops the hint shown, stopping its search if it still runs.
func (a *App) clearHint() {
	p := &a.Game
	if p.Hinting && a.play != nil {
		_ = a.play.Send(p.hintID, &protocol.StopSearch{}, nil)
		a.play.Done(p.hintID)
	}
	p.Hinting, p.hintID, p.Hint, p.hintMove = false, "", "", board.NoMove
}

// NewGame starts again with the chosen colour; the engine moves first when the human is Black.
func (a *App) NewGame() {
	p := &a.Game
	a.cancelSearch()
	p.g, _ = game.New("")
	p.Sel, p.hints, p.Promo, p.Err, p.PGN, p.LastEval, p.LastPV = board.NoSquare, 0, false, "", "", "", ""
	p.MoveErr, p.FENErr, p.FENNote, p.noteFor = "", "", "", nil // the FEN box's message was about another game
	p.Flip = p.Human == board.Black
	p.Seed = rand.Uint64() // a new game, new book and level choices
	a.engineTurn()
}

func scoreText(cp, mate int) string {
	if mate != 0 {
		return fmt.Sprintf("mate in %d", mate)
	}
	return fmt.Sprintf("%+.2f", float64(cp)/100)
}

// PlayTab is the Play tab component.
type PlayTab struct {
	App *App
}

func (c *PlayTab) p() *PlayState { return &c.App.Game }

func (c *PlayTab) New(e vugu.DOMEvent) { c.App.NewGame() }

func (c *PlayTab) Undo(e vugu.DOMEvent) {
	p := c.p()
	c.App.cancelSearch()
	// Take back to the human's turn: one ply if the engine has not answered, else two.
	n := 2
	if p.g.Side() != p.Human {
		n = 1
	}
	p.g.Undo(n)
	p.Sel, p.hints, p.Promo, p.PGN, p.LastPV, p.LastEval, p.MoveErr = board.NoSquare, 0, false, "", "", "", ""
	c.App.engineTurn()
}

func (c *PlayTab) FlipBoard(e vugu.DOMEvent) { c.p().Flip = !c.p().Flip }

func (c *PlayTab) Resign(e vugu.DOMEvent) {
	c.App.cancelSearch()
	c.p().g.Resign(c.p().Human)
}

func (c *PlayTab) ExportPGN(e vugu.DOMEvent) {
	p := c.p()
	g := p.g
	opp := p.OppName
	if p.Elo > 0 {
		opp += fmt.Sprintf(" (level about %d Elo)", p.Elo)
	}
	if p.Human == board.White {
		g.White, g.Black = "You", opp
	} else {
		g.White, g.Black = opp, "You"
	}
	g.Date = time.Now()
	p.PGN = g.PGN("evochess playground game")
	downloadText("evochess-game.pgn", "application/x-chess-pgn", p.PGN) // a download too
}

func (c *PlayTab) SetColor(e vugu.DOMEvent) {
	c.App.restart(func() error {
		if e.PropString("target", "value") == "black" {
			c.p().Human = board.Black
		} else {
			c.p().Human = board.White
		}
		return nil
	})
}

// restart applies a change of player or colour, which starts a new game
// (the design: the game's opponent and sides are fixed); when a game in
// progress is dropped, the note above the new one says so.
func (a *App) restart(change func() error) {
	p := &a.Game
	old := p.g
	moves := old.Ply()
	over, _, _ := old.Over()
	if err := change(); err != nil {
		p.Err = err.Error()
		return
	}
	a.NewGame()
	if moves > 0 && !over {
		you := "White"
		if p.Human == board.Black {
			you = "Black"
		}
		p.Note = fmt.Sprintf("New game: you play %s against %s. The game in progress was left (a change of player or colour starts a new game).", you, p.OppName)
		p.noteFor = p.g
	}
}

// ShowNote reports whether the note on a dropped game is shown: its new
// game is on the board and the human has not moved yet.
func (c *PlayTab) ShowNote() bool { p := c.p(); return p.noteFor != nil && p.noteFor == p.g }

func (c *PlayTab) SetDepth(e vugu.DOMEvent) {
	v := e.PropString("target", "value")
	if strings.HasPrefix(v, "t") {
		ms, _ := strconv.Atoi(v[1:])
		c.p().MoveTime, c.p().Depth = ms, 0
		return
	}
	d, err := strconv.Atoi(v)
	if err == nil && d > 0 {
		c.p().Depth, c.p().MoveTime = d, 0
	}
}

func (c *PlayTab) StrengthValue() string {
	if c.p().MoveTime > 0 {
		return "t" + itoa(c.p().MoveTime)
	}
	return itoa(c.p().Depth)
}

func (c *PlayTab) Strengths() []option {
	var out []option
	for d := 1; d <= 8; d++ {
		out = append(out, option{Value: itoa(d), Label: fmt.Sprintf("depth %d", d)})
	}
	for _, ms := range []int{500, 1000, 2000, 5000} {
		out = append(out, option{Value: "t" + itoa(ms), Label: fmt.Sprintf("%g s per move", float64(ms)/1000)})
	}
	return out
}

func (c *PlayTab) SetOpponent(e vugu.DOMEvent) {
	key := e.PropString("target", "value")
	if key == thisGameKey {
		return // the game's own player, no longer listed under another key
	}
	c.App.restart(func() error { return c.App.chooseOpponent(key) })
}

// Levels lists the strength levels: full strength, then Elo levels from
// engine/strength.MinElo up to below its strongest calibrated level.
func (c *PlayTab) Levels() []option {
	out := []option{{Value: "0", Label: "full strength"}}
	for elo := strength.MinElo; elo < strength.MaxElo(); elo += 200 {
		out = append(out, option{Value: itoa(elo), Label: fmt.Sprintf("about %d Elo", elo)})
	}
	return out
}

func (c *PlayTab) SetLevel(e vugu.DOMEvent) {
	if n, err := strconv.Atoi(e.PropString("target", "value")); err == nil && n >= 0 {
		c.p().Elo = n
	}
}

func (c *PlayTab) ToggleVary(e vugu.DOMEvent) { c.p().Vary = e.PropBool("target", "checked") }

// OpponentOptionsHTML is the opponent list as option elements, the game's selected.
func (c *PlayTab) OpponentOptionsHTML() string {
	o, k := c.App.opponentOptions()
	return optionsHTML(o, k)
}

// Status is the line above the board.
func (c *PlayTab) Status() string {
	p := c.p()
	if over, res, why := p.g.Over(); over {
		return res + " — " + why
	}
	if p.Thinking {
		s := p.OppName + " is thinking"
		if p.Info != nil {
			s += fmt.Sprintf(" (depth %d, %s)", p.Info.Depth, scoreText(p.Info.Score, p.Info.Mate))
		}
		return s + "…"
	}
	if p.Promo {
		return "Choose the promotion piece"
	}
	if p.g.Side() == p.Human {
		return "Your move"
	}
	return "Engine to move"
}

func (c *PlayTab) Over() bool { over, _, _ := c.p().g.Over(); return over }

type moveRow struct {
	N          string
	White      string
	Black      string
	WCur, BCur bool
}

// MoveRows lays the SAN move list out in numbered pairs, numbered as the
// PGN is (game.MoveRows: from the FEN's move number, "N..." for a first
// move by Black); the last move is marked.
func (c *PlayTab) MoveRows() []moveRow {
	g := c.p().g
	last := g.Ply() - 1
	var rows []moveRow
	for _, r := range g.MoveRows() {
		rows = append(rows, moveRow{N: r.N, White: r.White, Black: r.Black, WCur: r.WPly == last, BCur: r.BPly == last})
	}
	return rows
}

// AskHint is the Hint button.
func (c *PlayTab) AskHint(e vugu.DOMEvent) { c.App.askHint() }

// SubmitMove plays the move typed in the move box (Enter or the Play
// button); the box is read from the page, and emptied once the move is made.
func (c *PlayTab) SubmitMove(e vugu.DOMEvent) {
	e.PreventDefault() // a form submit must not reload the page
	el := js.Global().Get("document").Call("querySelector", `[data-testid="move-input"]`)
	if el.IsNull() {
		return
	}
	if c.App.typedMove(el.Get("value").String()) {
		el.Set("value", "")
	}
}

// LastMove says the last move in words for screen readers (an aria-live
// region): "Black played Nf6", "" before the first move.
func (c *PlayTab) LastMove() string {
	sans := c.p().g.SAN()
	if len(sans) == 0 {
		return ""
	}
	who := "White"
	if c.p().g.Side() == board.White {
		who = "Black"
	}
	return who + " played " + sans[len(sans)-1]
}

func (c *PlayTab) PV() string {
	p := c.p()
	if p.Thinking && p.Info != nil && len(p.Info.PV) > 0 {
		return p.g.SANLine(p.Info.PV)
	}
	return p.LastPV
}

func (c *PlayTab) HumanWhite() bool { return c.p().Human == board.White }

func (c *PlayTab) PromoPieces() []promoChoice {
	col := "w"
	if c.p().g.Side() == board.Black {
		col = "b"
	}
	return []promoChoice{{board.Queen, col + "Q", "queen"}, {board.Rook, col + "R", "rook"}, {board.Bishop, col + "B", "bishop"}, {board.Knight, col + "N", "knight"}}
}

type promoChoice struct {
	PT   board.PieceType
	Img  string
	Name string
}

func (c *PlayTab) Promote(pt board.PieceType) { c.App.Promote(pt) }
