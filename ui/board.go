//go:build js && wasm

package main

import (
	"github.com/evochess/evochess/engine/board"
	"github.com/vugu/vugu"
)

// Board draws the Play tab's game: 64 squares carrying data-square="e4",
// pieces as images (assets/web/pieces), last-move and check highlights,
// legal-move hints for the selected piece, coordinates, and a promotion
// chooser. Moves are made by tap-tap (click-click) or by dragging a piece,
// with a mouse, a pen or a finger: pointer events handled in boardinput.go,
// which end in App.tryMove (resolved against the legal moves).
type Board struct {
	App *App
	// View, when set, is shown instead of the Play tab's game, read-only
	// (the League and Compare tabs' game replays; the pointer handlers of
	// boardinput.go act only on the Play board).
	View *PlayState
	// Name is a replay board's test id ("" = "league-board").
	Name string
}

// st is the state drawn: View or the Play tab's game.
func (c *Board) st() *PlayState {
	if c.View != nil {
		return c.View
	}
	return &c.App.Game
}

// TestID names the board for tests: "play-board", or the replay's Name
// ("league-board" by default).
func (c *Board) TestID() string {
	switch {
	case c.View == nil:
		return "play-board"
	case c.Name != "":
		return c.Name
	}
	return "league-board"
}

type squareView struct {
	Sq    board.Square
	Name  string
	Class string
	Img   string
	Alt   string
	File  string // coordinate label on the bottom row
	Rank  string // coordinate label on the left column
	// Label (aria-label) says the square in words: "e4, white knight,
	// selected". Role is "button" on the Play board (Tab: "0" on the one
	// square in the tab order, "-1" elsewhere) and "img" on a replay
	// (Tab nil: not focusable).
	Label string
	Role  string
	Tab   any
}

var pieceCodes = [12]string{"wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"}
var pieceNames = [6]string{"pawn", "knight", "bishop", "rook", "queen", "king"}

// Squares lists the squares in display order (rank 8 first unless flipped).
func (c *Board) Squares() []squareView {
	p := c.st()
	g := p.g
	last := g.LastMove()
	check := g.CheckSquare()
	interactive := c.View == nil
	cursor := c.cursor()
	out := make([]squareView, 0, 64)
	for row := 0; row < 8; row++ {
		for col := 0; col < 8; col++ {
			file, rank := col, 7-row
			if p.Flip {
				file, rank = 7-col, row
			}
			sq := board.MakeSquare(file, rank)
			v := squareView{Sq: sq, Name: sq.String()}
			cls := "sq "
			if (file+rank)%2 == 0 {
				cls += "d"
			} else {
				cls += "l"
			}
			if last != board.NoMove && (sq == last.From() || sq == last.To()) {
				cls += " last"
			}
			if sq == p.Sel {
				cls += " sel"
				if p.Dragging {
					cls += " dragfrom"
				}
			}
			pc := g.PieceAt(sq)
			if p.hints.Has(sq) {
				cls += " hint"
				if pc != board.NoPiece {
					cls += " occ"
				}
			}
			if sq == check {
				cls += " check"
			}
			hinted := interactive && p.hintMove != board.NoMove && (sq == p.hintMove.From() || sq == p.hintMove.To())
			if hinted {
				cls += " hinted"
			}
			v.Class = cls
			if pc != board.NoPiece {
				v.Img = "pieces/" + pieceCodes[pc] + ".svg"
				v.Alt = pc.Color().String() + " " + pieceNames[pc.Type()]
			}
			v.Label, v.Role = v.Name, "img"
			if v.Alt != "" {
				v.Label += ", " + v.Alt
			}
			if interactive {
				v.Role, v.Tab = "button", "-1"
				if sq == cursor {
					v.Tab = "0"
				}
				switch {
				case sq == p.Sel:
					v.Label += ", selected"
				case p.hints.Has(sq):
					v.Label += ", legal move"
				}
				if hinted {
					v.Label += ", hint"
				}
			}
			if row == 7 {
				v.File = string(rune('a' + file))
			}
			if col == 0 {
				v.Rank = string(rune('1' + rank))
			}
			out = append(out, v)
		}
	}
	return out
}

// cursor is the Play board's square in the tab order: the keyboard cursor,
// else the human's king.
func (c *Board) cursor() board.Square {
	p := c.st()
	if p.Cursor != board.NoSquare {
		return p.Cursor
	}
	king := board.MakePiece(p.Human, board.King)
	for sq := board.Square(0); sq < 64; sq++ {
		if p.g.PieceAt(sq) == king {
			return sq
		}
	}
	return board.Square(0)
}

// Label says the board in words (aria-label): whose move it is.
func (c *Board) Label() string {
	if c.View != nil {
		return "Chess board (replay), " + c.Turn() + " to move"
	}
	return "Chess board, " + c.Turn() + " to move: arrow keys move between squares, Enter or Space picks a piece and its target"
}

func (c *Board) Promo() bool { return c.View == nil && c.App.Game.Promo }

func (c *Board) PromoPieces() []promoChoice { return (&PlayTab{App: c.App}).PromoPieces() }

// Promote is a click on one of the chooser's pieces (not the click of the
// tap that opened the chooser: promoClickOK).
func (c *Board) Promote(pt board.PieceType, e vugu.DOMEvent) {
	if !promoClickOK(e) {
		return
	}
	c.App.Promote(pt)
	focusSoon(`[data-testid="play-board"] [tabindex="0"]`) // the chooser is gone: back to the board
}

// CancelPromo is a click on the chooser's backdrop: no promotion, the pawn
// stays. Only a press that began on the backdrop counts (promoPress), not
// the click of the tap that opened the chooser, nor one in the chooser's frame.
func (c *Board) CancelPromo(e vugu.DOMEvent) {
	if !promoPress.backdrop {
		return
	}
	p := &c.App.Game
	p.Promo, p.Sel, p.hints = false, board.NoSquare, 0
}

func (c *Board) Turn() string {
	if c.st().g.Side() == board.White {
		return "white"
	}
	return "black"
}
