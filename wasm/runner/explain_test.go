package runner

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/wasm/protocol"
)

// TestExplain checks that every explained player's terms add up to its
// evaluation, that the evaluation is the player's own, and that a player
// file, a preset and the default player are all accepted.
func TestExplain(t *testing.T) {
	p, err := player.FromPreset("phoenix-default")
	if err != nil {
		t.Fatal(err)
	}
	var file strings.Builder
	if err := p.Save(&file); err != nil {
		t.Fatal(err)
	}
	req := &protocol.Explain{
		FEN:   "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		Moves: []string{"f1b5", "a7a6"},
		Players: []protocol.ExplainPlayer{
			{Name: "file", Player: json.RawMessage(file.String())},
			{Name: "david", Preset: "david-fig3"},
			{Name: "default"},
			{Name: "modern", Preset: "modern-material"},
		},
	}
	rec := newRecorder()
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched})
	send(t, s, "x", req)
	ex := rec.until(t, "x", protocol.TypeExplanation).Body.(*protocol.Explanation)
	pos, _ := board.ParseFEN("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4")
	if ex.FEN != pos.FEN() || len(ex.Players) != 4 {
		t.Fatalf("explanation of %q with %d players", ex.FEN, len(ex.Players))
	}
	for i, want := range []string{"phoenix-default", "david-fig3", eval.Presets()[0].Name, "modern-material"} {
		pt := ex.Players[i]
		pr, _ := eval.LookupPreset(want)
		ev, err := pr.Evaluator()
		if err != nil {
			t.Fatal(err)
		}
		if pt.White != ev.White(pos) || pt.Scheme != pr.Scheme {
			t.Errorf("%s: white %d scheme %s, want %d %s", pt.Name, pt.White, pt.Scheme, ev.White(pos), pr.Scheme)
		}
		var sum int64
		for _, term := range pt.Terms {
			sum += term.Raw
			if (term.White == term.Black || term.Weight == 0) != (term.Raw == 0) {
				t.Errorf("%s: term %s raw %d from weight %d counts %d-%d", pt.Name, term.Name, term.Raw, term.Weight, term.White, term.Black)
			}
		}
		if got := eval.FloorDiv(sum, pt.Scale); got != pt.White {
			t.Errorf("%s: terms add up to %d, evaluation %d", pt.Name, got, pt.White)
		}
		if len(pt.Terms) == 0 {
			t.Errorf("%s: no terms", pt.Name)
		}
	}
	// The tapered player: the phase, and both halves of each term.
	m := ex.Players[3]
	if m.MaxPhase != 24 || m.Phase <= 0 || m.Phase > 24 || len(m.Terms)%2 != 0 {
		t.Fatalf("modern: phase %d/%d, %d terms", m.Phase, m.MaxPhase, len(m.Terms))
	}
	for i := 0; i < len(m.Terms); i += 2 {
		mg, eg := m.Terms[i], m.Terms[i+1]
		if !strings.HasPrefix(mg.Name, "mg.") || eg.Name != "eg."+mg.Name[3:] || mg.White != eg.White || mg.Black != eg.Black {
			t.Errorf("modern: terms %+v and %+v are not one term's halves", mg, eg)
		}
	}
	// Bad input: errors name what is wrong.
	for i, c := range []struct {
		body *protocol.Explain
		want string
	}{
		{&protocol.Explain{FEN: "8/8/8/8/8/8/8/8 w - - 0 1", Players: []protocol.ExplainPlayer{{Name: "a"}}}, "kings"},
		{&protocol.Explain{Moves: []string{"e2e5"}, Players: []protocol.ExplainPlayer{{Name: "a"}}}, "move 1"},
		{&protocol.Explain{Players: []protocol.ExplainPlayer{{Name: "p", Preset: "nope"}}}, "player p"},
		{&protocol.Explain{Players: []protocol.ExplainPlayer{{Name: "q", Player: json.RawMessage(`{"version":9}`)}}}, "player q"},
	} {
		id := "bad" + string(rune('a'+i))
		send(t, s, id, c.body)
		e := rec.until(t, id, protocol.TypeError).Body.(*protocol.Error)
		if !strings.Contains(e.Message, c.want) {
			t.Errorf("error %q, want %q", e.Message, c.want)
		}
	}
	s.Wait()
}
