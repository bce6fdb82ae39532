//go:build js && wasm

package main

import (
	"hash/crc32"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/ui/game"
	"github.com/evochess/evochess/ui/model"
	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
)

// The Play tab's "why this evaluation": the opponent's static evaluation
// of the position on the board, term by term, beside a paper preset's
// (explain request to the player worker, answered with engine/eval's
// Trace; laid out by ui/model/explain.go). It follows the board: every new
// position, opponent or reference asks again. And the position set-up from
// a FEN.

// ExplainState is the explanation shown in the Play tab.
type ExplainState struct {
	With string // the reference preset chosen ("" = chosen automatically)
	All  bool   // also show the terms that cancel out

	key  string // position|opponent|reference of the last request
	id   string
	Res  *protocol.Explanation
	Err  string
	view model.Explained
}

// explainRef is the paper preset the opponent is compared with: the chosen
// one, else a paper preset of the opponent's scheme that is not the
// opponent itself, else phoenix-default (or the first other preset).
func (a *App) explainRef() string {
	p := &a.Game
	if p.Explain.With != "" {
		return p.Explain.With
	}
	scheme, self := a.opponentScheme()
	var pick, other string
	for _, pr := range evalPresets() {
		if pr.Name == self {
			continue
		}
		if pr.Scheme == scheme {
			pick = pr.Name
		}
		if other == "" || pr.Name == "phoenix-default" {
			other = pr.Name
		}
	}
	if pick != "" {
		return pick
	}
	return other
}

// opponentScheme returns the opponent's scheme, and its preset name if it is one.
func (a *App) opponentScheme() (scheme, preset string) {
	p := &a.Game
	if name, ok := strings.CutPrefix(p.Opponent, "preset:"); ok {
		if pr, err := eval.LookupPreset(name); err == nil {
			return pr.Scheme, name
		}
	}
	if len(p.oppPlayer) == 0 {
		d := evalPresets()[0]
		return d.Scheme, d.Name
	}
	if sum, err := model.Summarize(p.oppPlayer); err == nil {
		return sum.Scheme, ""
	}
	return "", ""
}

// refreshExplain asks for the explanation of the position on the board when
// it, the opponent or the reference changed since the last request.
func (a *App) refreshExplain() {
	p := &a.Game
	x := &p.Explain
	ref := a.explainRef()
	// The opponent by its player file, not its key: a key ("link",
	// "saved:N") can come to name another player (playOpponentKey).
	key := p.g.FEN() + "|" + p.Opponent + "|" + p.OppName + "|" + strconv.FormatUint(uint64(crc32.ChecksumIEEE(p.oppPlayer)), 16) + "|" + ref
	if key == x.key {
		return
	}
	x.key = key
	w := a.playWorker()
	if x.id != "" {
		w.Done(x.id)
	}
	id := a.nextID("explain")
	x.id = id
	me := protocol.ExplainPlayer{Name: p.OppName, Player: p.oppPlayer}
	if name, ok := strings.CutPrefix(p.Opponent, "preset:"); ok {
		me = protocol.ExplainPlayer{Name: p.OppName, Preset: name}
	}
	if len(me.Name) > 64 {
		me.Name = me.Name[:64]
	}
	req := &protocol.Explain{FEN: p.g.StartFEN(), Moves: p.g.UCIMoves(), Players: []protocol.ExplainPlayer{me, {Name: ref, Preset: ref}}}
	err := w.Send(id, req, func(m protocol.Message) {
		w.Done(id)
		if x.id != id {
			return
		}
		x.id = ""
		switch b := m.Body.(type) {
		case *protocol.Explanation:
			x.Res, x.Err = b, ""
			if len(b.Players) == 2 {
				x.view = model.Explain(&b.Players[0], &b.Players[1])
			}
		case *protocol.Error:
			x.Res, x.Err = nil, "The evaluation could not be explained: "+b.Message
		}
	})
	if err != nil {
		x.Err = err.Error()
	}
}

// BeforeBuild keeps the explanation and the best lines in step with the board.
func (c *PlayTab) BeforeBuild() { c.App.refreshExplain(); c.App.refreshLines() }

func (c *PlayTab) x() *ExplainState { return &c.p().Explain }

// ExplainRefs lists the paper presets to compare with.
func (c *PlayTab) ExplainRefs() []option {
	var out []option
	for _, pr := range evalPresets() {
		out = append(out, option{Value: pr.Name, Label: pr.Name + " (" + pr.Scheme + ")"})
	}
	return out
}

func (c *PlayTab) ExplainRef() string { return c.App.explainRef() }

func (c *PlayTab) SetExplainRef(e vugu.DOMEvent) { c.x().With = e.PropString("target", "value") }

func (c *PlayTab) ToggleExplainAll(e vugu.DOMEvent) { c.x().All = e.PropBool("target", "checked") }

// HasExplain reports an explanation of the current position.
func (c *PlayTab) HasExplain() bool { return c.x().Res != nil && len(c.x().Res.Players) == 2 }

// ExplainHTML is the comparison table (an island: written only when it changes).
func (c *PlayTab) ExplainHTML() string { return model.ExplainHTML(c.x().view, c.x().All) }

// ExplainSummary is the one-line verdict above the table.
func (c *PlayTab) ExplainSummary() string {
	v := c.x().view
	s := v.NameA + " (" + v.SchemeA + ") " + model.CP(float64(v.WhiteA)) + ", " + v.NameB + " (" + v.SchemeB + ") " + model.CP(float64(v.WhiteB)) +
		": difference " + model.CP(float64(v.WhiteA-v.WhiteB)) + " centipawns"
	if v.PhaseA != "" {
		s += "; " + v.PhaseA
	} else if v.PhaseB != "" {
		s += "; " + v.PhaseB
	}
	return s
}

// SetupFEN starts a game from the FEN typed in the position box.
func (c *PlayTab) SetupFEN(e vugu.DOMEvent) {
	// Read the box itself: its change event may not have fired yet.
	if el := js.Global().Get("document").Call("querySelector", `[data-testid="fen-input"]`); !el.IsNull() {
		c.p().FENInput = el.Get("value").String()
	}
	c.App.SetupFEN(strings.TrimSpace(c.p().FENInput))
}

func (c *PlayTab) FENChanged(e vugu.DOMEvent) {
	c.p().FENInput = e.PropString("target", "value")
	c.p().FENErr, c.p().FENNote = "", ""
}

// CurrentFEN puts the current position into the box.
func (c *PlayTab) CurrentFEN(e vugu.DOMEvent) {
	c.p().FENInput, c.p().FENErr, c.p().FENNote = c.p().g.FEN(), "", ""
}

// SetupFEN starts a new game from fen ("" = the initial position); a FEN the
// parser refuses is reported with the parser's reason and leaves the game alone.
func (a *App) SetupFEN(fen string) {
	p := &a.Game
	g, err := game.New(fen)
	if err != nil {
		p.FENErr, p.FENNote = strings.TrimPrefix(err.Error(), "game: start position: "), ""
		return
	}
	if over, res, why := g.Over(); over {
		p.FENErr, p.FENNote = "This position is already decided ("+res+", "+why+"): there is nothing to play.", ""
		return
	}
	p.FENNote = ""
	if r := g.Repairs(); len(r) > 0 {
		p.FENNote = "Set up as " + g.StartFEN() + " — repaired: " + strings.Join(r, "; ") + "."
	}
	a.cancelSearch()
	p.g, p.FENErr, p.MoveErr = g, "", ""
	p.Sel, p.hints, p.Promo, p.Err, p.PGN, p.LastEval, p.LastPV = board.NoSquare, 0, false, "", "", "", ""
	p.Flip = p.Human == board.Black
	a.engineTurn()
}
