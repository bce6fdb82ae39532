//go:build js && wasm

package main

import (
	"math"
	"strconv"
	"syscall/js"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/vugu/vugu"
	"honnef.co/go/js/dom/v2"
)

// Board input by pointer events, one code path for a mouse, a pen and a
// finger: press a piece and release it on another square (drag), or tap a
// piece and then tap its target (tap-tap). The listeners sit on the document
// (Vugu re-creates the board when the tab changes) and act only on presses
// inside the Play board. While a piece is dragged a "ghost" image outside
// Vugu's mount point follows the pointer, so pointer moves never cost a
// render; Vugu only dims the piece left behind (class dragfrom). The board
// has touch-action: none (style.css), so a finger on it moves pieces instead
// of scrolling the page.
//
// The keyboard works the same board: one square is in the tab order (the
// cursor, PlayState.Cursor); the arrow keys move it as the board is shown,
// Enter or Space taps it (pick a piece, then its target), Escape drops the
// selection. The move box of the Play tab takes typed moves (SAN or UCI).
// On the League and Compare tabs the arrow keys (Home, End) step the game
// replayed there.

// boardPress is the pointer press in progress on the board.
type boardPress struct {
	active bool
	id     int          // pointerId
	from   board.Square // the square pressed
	x0, y0 float64      // where (client pixels)
	wasSel bool         // the square was already selected (a second tap deselects)
	moved  bool         // the pointer travelled far enough to be a drag
	size   float64      // square size in pixels (the ghost's size)
	img    string       // the pressed piece's image (empty: no own piece there)
	castle bool         // an own rook the selected king may castle onto (a tap castles)
}

// promoPress says where the last pointer press began, for the promotion
// chooser's clicks. On a touch screen the tap on the promotion square opens
// the chooser on pointerup, and the browser's click of that same tap then
// lands on the chooser (its backdrop covers the board): that click must
// neither cancel the promotion nor pick a piece. So the backdrop cancels
// only on a press that began on the backdrop, and a piece is picked by a
// press that began in the chooser or by the keyboard (a click with detail 0).
var promoPress struct {
	inChooser bool // the press began inside the chooser (a piece or its frame)
	backdrop  bool // the press began on the backdrop itself
}

func notePromoPress(ev js.Value) {
	promoPress.inChooser, promoPress.backdrop = false, false
	t := ev.Get("target")
	if t.Type() != js.TypeObject || t.Get("closest").IsUndefined() {
		return
	}
	promoPress.inChooser = !t.Call("closest", `[data-testid="promotion"]`).IsNull()
	promoPress.backdrop = promoPress.inChooser && t.Get("dataset").Get("testid").String() == "promotion"
}

// promoClickOK reports whether a click on the chooser's piece came from a
// press in the chooser or from the keyboard (not the tap that opened it).
func promoClickOK(e vugu.DOMEvent) bool {
	return promoPress.inChooser || js.Value(e.JSEvent()).Get("detail").Int() == 0
}

// dragThreshold is how far (CSS pixels) a press must travel to become a drag.
const dragThreshold = 6

func (a *App) installBoardInput() {
	doc := js.Global().Get("document")
	opts := map[string]any{"passive": false}
	doc.Call("addEventListener", "pointerdown", js.FuncOf(func(this js.Value, args []js.Value) any {
		notePromoPress(args[0])
		a.pointerDown(args[0])
		return nil
	}), opts)
	doc.Call("addEventListener", "pointermove", js.FuncOf(func(this js.Value, args []js.Value) any {
		a.pointerMove(args[0])
		return nil
	}), opts)
	doc.Call("addEventListener", "pointerup", js.FuncOf(func(this js.Value, args []js.Value) any {
		a.pointerUp(args[0], false)
		return nil
	}), opts)
	doc.Call("addEventListener", "pointercancel", js.FuncOf(func(this js.Value, args []js.Value) any {
		a.pointerUp(args[0], true)
		return nil
	}), opts)
	dom.GetWindow().AddEventListener("keydown", false, func(e dom.Event) {
		ev, ok := e.(*dom.KeyboardEvent)
		if ok && !a.replayKey(ev) {
			a.boardKey(ev)
		}
	})
}

// modified reports whether ev came with Alt, Ctrl or Meta held (the
// browser's and the system's shortcuts, never the board's).
func modified(ev *dom.KeyboardEvent) bool { return ev.AltKey() || ev.CtrlKey() || ev.MetaKey() }

// inside reports whether ev's target is in an element matching sel.
func inside(ev dom.Event, sel string) bool {
	t := ev.Underlying().Get("target")
	return t.Type() == js.TypeObject && !t.Get("closest").IsUndefined() && !t.Call("closest", sel).IsNull()
}

// replayKey steps the game replayed on the League or Compare tab: the left
// and right arrows a ply back and forward, Home and End to the start and
// the end; not while a form field has the focus or a modifier is held. It
// reports whether it handled the key.
func (a *App) replayKey(ev *dom.KeyboardEvent) bool {
	if modified(ev) || ev.ShiftKey() {
		return false
	}
	if t := ev.Underlying().Get("target"); t.Type() == js.TypeObject {
		switch t.Get("tagName").String() {
		case "INPUT", "SELECT", "TEXTAREA":
			return false
		}
		if t.Get("isContentEditable").Truthy() {
			return false
		}
	}
	var step func(*replay)
	switch ev.Key() {
	case "ArrowLeft":
		step = (*replay).prev
	case "ArrowRight":
		step = (*replay).next
	case "Home":
		step = (*replay).first
	case "End":
		step = (*replay).last
	default:
		return false
	}
	a.env.Lock()
	var r *replay
	switch {
	case a.Tab == "league" && a.League.Replay != nil:
		r = a.League.Replay.replay
	case a.Tab == "compare" && a.Cmp.Replay != nil:
		r = a.Cmp.Replay.replay
	}
	if r == nil {
		a.env.UnlockOnly()
		return false
	}
	ev.PreventDefault() // step the game, not scroll the page
	step(r)
	a.env.UnlockRender()
	return true
}

// boardSquare returns the Play board square of an event's target, if any.
func boardSquare(ev js.Value) (board.Square, js.Value, bool) {
	t := ev.Get("target")
	if t.Type() != js.TypeObject || t.Get("closest").IsUndefined() {
		return board.NoSquare, js.Null(), false
	}
	sqEl := t.Call("closest", `[data-testid="play-board"] [data-square]`)
	if sqEl.IsNull() {
		return board.NoSquare, sqEl, false
	}
	sq, err := board.ParseSquare(sqEl.Get("dataset").Get("square").String())
	return sq, sqEl, err == nil
}

// boardKey handles a key pressed on a square of the Play board.
func (a *App) boardKey(ev *dom.KeyboardEvent) {
	if modified(ev) {
		return
	}
	if ev.Key() == "Escape" && a.Game.Promo {
		// Escape in the promotion chooser: no promotion, the pawn stays.
		if inside(ev, `[data-testid="promotion"]`) {
			a.env.Lock()
			p := &a.Game
			p.Promo, p.Sel, p.hints = false, board.NoSquare, 0
			a.env.UnlockRender()
			focusSoon(`[data-testid="play-board"] [tabindex="0"]`)
			return
		}
	}
	sq, _, ok := boardSquare(ev.Underlying())
	if !ok {
		return
	}
	dc, dr := 0, 0
	switch ev.Key() {
	case "ArrowLeft":
		dc = -1
	case "ArrowRight":
		dc = 1
	case "ArrowUp":
		dr = -1
	case "ArrowDown":
		dr = 1
	case "Enter", " ":
		ev.PreventDefault()
		a.env.Lock()
		defer a.env.UnlockRender()
		p := &a.Game
		p.Cursor = sq
		if !p.Promo && !p.Thinking && p.g.Side() == p.Human {
			a.keyTap(sq)
			if p.Promo {
				// The chooser opens: its first piece (queen) gets the focus.
				focusSoon(`[data-testid="promotion"] button`)
			}
		}
		return
	case "Escape":
		a.env.Lock()
		a.Game.Sel, a.Game.hints = board.NoSquare, 0
		a.env.UnlockRender()
		return
	default:
		return
	}
	ev.PreventDefault() // the arrows move the cursor, not the page
	a.env.Lock()
	p := &a.Game
	to := stepSquare(sq, dc, dr, p.Flip)
	p.Cursor = to
	a.env.UnlockRender()
	focus(`[data-testid="play-board"] [data-square="` + to.String() + `"]`)
}

// focus focuses the first element matching sel and reports whether there
// was one.
func focus(sel string) bool {
	el := js.Global().Get("document").Call("querySelector", sel)
	if el.IsNull() {
		return false
	}
	el.Call("focus")
	return true
}

// focusSoon focuses the first element matching sel once a render has put
// it on the page (it tries for about 200 ms).
func focusSoon(sel string) {
	go func() {
		for range 10 {
			time.Sleep(20 * time.Millisecond) // yields to the event loop and the render
			if focus(sel) {
				return
			}
		}
	}()
}

// stepSquare moves sq by dc columns and dr rows as the board is shown
// (flip: Black at the bottom), stopping at the edges.
func stepSquare(sq board.Square, dc, dr int, flip bool) board.Square {
	col, row := sq.File(), 7-sq.Rank()
	if flip {
		col, row = 7-sq.File(), sq.Rank()
	}
	col, row = min(7, max(0, col+dc)), min(7, max(0, row+dr))
	if flip {
		return board.MakeSquare(7-col, row)
	}
	return board.MakeSquare(col, 7-row)
}

// keyTap is Enter or Space on a square: select one's own piece (again:
// drop it), or move the selected piece there.
func (a *App) keyTap(sq board.Square) {
	p := &a.Game
	pc := p.g.PieceAt(sq)
	switch {
	case p.Sel != board.NoSquare && p.Sel != sq && p.hints.Has(sq):
		a.tryMove(p.Sel, sq)
	case pc != board.NoPiece && pc.Color() == p.Human && p.Sel != sq:
		p.selectSq(sq)
	default:
		p.Sel, p.hints = board.NoSquare, 0
	}
}

func boardElement() js.Value {
	return js.Global().Get("document").Call("querySelector", `[data-testid="play-board"]`)
}

func (a *App) pointerDown(ev js.Value) {
	if ev.Get("pointerType").String() == "mouse" && ev.Get("button").Int() != 0 {
		return
	}
	sq, sqEl, ok := boardSquare(ev)
	if !ok {
		return
	}
	a.env.Lock()
	p := &a.Game
	p.Cursor = sq
	if p.Promo || p.Thinking || p.g.Side() != p.Human {
		a.env.UnlockOnly()
		return
	}
	ev.Call("preventDefault") // no text selection, no emulated mouse events
	d := &a.press
	*d = boardPress{active: true, id: ev.Get("pointerId").Int(), from: sq,
		x0: ev.Get("clientX").Float(), y0: ev.Get("clientY").Float(), wasSel: p.Sel == sq,
		size: sqEl.Call("getBoundingClientRect").Get("width").Float()}
	pc := p.g.PieceAt(sq)
	if pc != board.NoPiece && pc.Color() == p.Human {
		d.img = "pieces/" + pieceCodes[pc] + ".svg"
		// The selected king's own rook (a castling target, game.Targets):
		// a tap castles, a drag moves the rook (pointerUp).
		d.castle = p.Sel != board.NoSquare && p.Sel != sq && p.hints.Has(sq)
		if p.Sel != sq && !d.castle {
			p.selectSq(sq)
			a.env.UnlockRender()
			return
		}
	}
	a.env.UnlockOnly()
}

func (a *App) pointerMove(ev js.Value) {
	d := &a.press
	if !d.active || ev.Get("pointerId").Int() != d.id || d.img == "" {
		return
	}
	x, y := ev.Get("clientX").Float(), ev.Get("clientY").Float()
	if !d.moved {
		if math.Hypot(x-d.x0, y-d.y0) < dragThreshold {
			return
		}
		d.moved = true
		a.env.Lock()
		a.Game.Dragging = true
		a.env.UnlockRender()
	}
	ev.Call("preventDefault")
	// A finger hides what it drags: lift the piece above it on touch screens.
	lift := 0.0
	if ev.Get("pointerType").String() == "touch" {
		lift = d.size * 0.6
	}
	g := dragGhost()
	st := g.Get("style")
	if ghostSrc != d.img {
		g.Set("src", d.img)
		ghostSrc = d.img
	}
	st.Set("width", px(d.size))
	st.Set("height", px(d.size))
	st.Set("left", px(x-d.size/2))
	st.Set("top", px(y-d.size/2-lift))
	st.Set("display", "block")
}

func (a *App) pointerUp(ev js.Value, cancel bool) {
	d := &a.press
	if !d.active || ev.Get("pointerId").Int() != d.id {
		return
	}
	d.active = false
	dragGhost().Get("style").Set("display", "none")
	a.env.Lock()
	defer a.env.UnlockRender()
	p := &a.Game
	p.Dragging = false
	if cancel || p.Promo || p.Thinking || p.g.Side() != p.Human {
		return
	}
	if d.moved {
		to := squareAt(ev.Get("clientX").Float(), ev.Get("clientY").Float(), p.Flip)
		switch {
		case to != board.NoSquare && p.Sel == d.from && p.hints.Has(to):
			a.tryMove(d.from, to)
		case d.castle && to != board.NoSquare && to != d.from:
			a.tryMove(d.from, to) // the rook itself dragged
		case to != d.from:
			p.Sel, p.hints = board.NoSquare, 0
		}
		return
	}
	// A tap.
	sq := d.from
	pc := p.g.PieceAt(sq)
	switch {
	case p.Sel != board.NoSquare && p.Sel != sq && p.hints.Has(sq):
		a.tryMove(p.Sel, sq)
	case pc != board.NoPiece && pc.Color() == p.Human:
		if d.wasSel {
			p.Sel, p.hints = board.NoSquare, 0 // a second tap on the selected piece
		}
	default:
		p.Sel, p.hints = board.NoSquare, 0
	}
}

// squareAt maps a client point to the board square under it (NoSquare off the board).
func squareAt(x, y float64, flip bool) board.Square {
	el := boardElement()
	if el.IsNull() {
		return board.NoSquare
	}
	r := el.Call("getBoundingClientRect")
	w, h := r.Get("width").Float(), r.Get("height").Float()
	if w <= 0 || h <= 0 {
		return board.NoSquare
	}
	col := int(math.Floor((x - r.Get("left").Float()) / (w / 8)))
	row := int(math.Floor((y - r.Get("top").Float()) / (h / 8)))
	if col < 0 || col > 7 || row < 0 || row > 7 {
		return board.NoSquare
	}
	file, rank := col, 7-row
	if flip {
		file, rank = 7-col, row
	}
	return board.MakeSquare(file, rank)
}

var (
	ghost    js.Value
	ghostSrc string
)

// dragGhost returns the floating image of a dragged piece (created once,
// outside Vugu's mount point so renders leave it alone).
func dragGhost() js.Value {
	if ghost.Truthy() {
		return ghost
	}
	doc := js.Global().Get("document")
	ghost = doc.Call("createElement", "img")
	ghost.Set("className", "drag-ghost")
	ghost.Set("alt", "")
	ghost.Call("setAttribute", "aria-hidden", "true")
	ghost.Call("setAttribute", "data-testid", "drag-ghost")
	doc.Get("body").Call("appendChild", ghost)
	return ghost
}

func px(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) + "px" }
