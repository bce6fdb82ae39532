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
// parameter with a non-zero count, its weight and counts, and its share.
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
		for _, t := range ev.Trace(pos) {
			pt.Terms = append(pt.Terms, protocol.TraceTerm{Name: t.Name, Group: t.Group, Weight: t.Weight, White: t.White, Black: t.Black, Raw: t.Raw})
		}
		out.Players = append(out.Players, pt)
	}
	return out, nil
}
