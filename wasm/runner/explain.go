package runner

import (
	"bytes"
	"fmt"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/wasm/protocol"
)

// explain answers an explain request (the Play tab's "why this
// evaluation"): the position after the moves, traced by every player.
func (s *Session) explain(id string, req *protocol.Explain) {
	out, err := Explain(req)
	if err != nil {
		s.fail(id, protocol.TypeExplain, err)
		return
	}
	s.post(id, out)
}

// Explain evaluates the request's position term by term for each player,
// with engine/eval's Trace (the code `evochess eval -trace` prints): every
// parameter with a non-zero count, its weight and counts, and its share; for
// a tapered scheme (modern) its TaperedTrace: both the middlegame and the
// endgame parameter of every term with a count, and the game phase.
func Explain(req *protocol.Explain) (*protocol.Explanation, error) {
	pos, err := searchPosition(&protocol.Search{FEN: req.FEN, Moves: req.Moves})
	if err != nil {
		return nil, fmt.Errorf("runner: explain: %w", err)
	}
	out := &protocol.Explanation{FEN: pos.FEN()}
	for i, ep := range req.Players {
		var ev *eval.Evaluator
		name := ep.Name
		switch {
		case ep.Preset != "":
			var p *player.Player
			if p, err = player.FromPreset(ep.Preset); err == nil {
				ev, err = p.Evaluator()
			}
		case len(ep.Player) > 0:
			var p *player.Player
			if p, err = player.Load(bytes.NewReader(ep.Player)); err == nil {
				ev, err = p.Evaluator()
			}
		default:
			ev, _, err = playerFromJSON(nil)
		}
		if err != nil {
			if name == "" {
				name = fmt.Sprintf("%d", i+1)
			}
			return nil, fmt.Errorf("runner: explain: player %s: %w", name, err)
		}
		sc := ev.Scheme()
		pt := protocol.PlayerTrace{Name: name, Scheme: sc.Name(), Scale: sc.Scale(), White: ev.White(pos), Terms: []protocol.TraceTerm{}}
		if tt, ok := ev.TaperedTrace(pos); ok {
			// A tapered scheme: both halves of every term with a count,
			// with their weights, even where the phase zeroes one.
			specs := sc.Params()
			pt.Phase, pt.MaxPhase = int(tt.Phase), int(tt.Scale)
			for _, t := range tt.Terms {
				mg, eg := 2*t.Term, 2*t.Term+1
				pt.Terms = append(pt.Terms,
					protocol.TraceTerm{Name: specs[mg].Name, Group: t.Group, Weight: t.MG, White: t.White, Black: t.Black, Raw: t.RawMG},
					protocol.TraceTerm{Name: specs[eg].Name, Group: t.Group, Weight: t.EG, White: t.White, Black: t.Black, Raw: t.RawEG})
			}
		} else {
			for _, t := range ev.Trace(pos) {
				pt.Terms = append(pt.Terms, protocol.TraceTerm{Name: t.Name, Group: t.Group, Weight: t.Weight, White: t.White, Black: t.Black, Raw: t.Raw})
			}
		}
		out.Players = append(out.Players, pt)
	}
	return out, nil
}
