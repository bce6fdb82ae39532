package uci

import (
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/eval"
)

// TestModernScheme loads the modern scheme (774 weights) by preset: every
// weight becomes a spin option that can be addressed by name (as OpenBench
// SPSA does), and the engine searches with it.
func TestModernScheme(t *testing.T) {
	s := startSession(t, Options{})
	s.send("setoption name Preset value modern-material")
	s.send("uci")
	s.expect("^option name Scheme type combo default modern ")
	s.expect("^option name Preset type combo default modern-material ")
	s.expect("^option name Eval_mg.pawn type spin default 100 min 0 max 2000$")
	s.expect("^option name Eval_eg.pst.knight.e4 type spin default 0 min -1000 max 1000$")
	s.expect("^option name Eval_eg.tempo type spin default 0 min -1000 max 1000$")
	s.expect("^uciok$")
	s.send("setoption name Eval_mg.rook.7th value 40")
	s.send("setoption name eval_EG.PASSED.R6 value 150") // names are case-insensitive
	s.send("uci")
	s.expect("^option name Preset type combo default custom ")
	s.expect("^option name Eval_eg.passed.r6 type spin default 150 ")
	s.expect("^option name Eval_mg.rook.7th type spin default 40 ")
	s.expect("^uciok$")
	s.send("position fen 6k1/1R3ppp/8/8/8/8/5PPP/6K1 w - - 0 1")
	s.send("go depth 3")
	s.expect(bestmoveRe)
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	lines := s.out.snapshot()
	checkWellFormed(t, lines)
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "option name Eval_") {
			n++
		}
	}
	s2, _ := eval.Lookup("modern")
	if want := 2 * len(s2.Params()); n != want { // two "uci" listings
		t.Errorf("%d Eval_ options over two listings, want %d", n, want)
	}
}
