package uci

import (
	"strconv"
	"testing"

	"github.com/evochess/evochess/engine/search"
)

// TestModernSearchOptions: every search parameter of both groups is a spin
// option; setting a Table I one keeps the modern group; Threads reaches the
// searcher and a multi-threaded search plays.
func TestModernSearchOptions(t *testing.T) {
	s := startSession(t, Options{HashMB: 2})
	s.send("uci")
	for _, sp := range search.AllParamSpecs() {
		s.expect("^option name Search_" + sp.Name + " type spin default ")
	}
	s.expect("^uciok$")
	s.send("setoption name Search_LMRUse value 0")
	s.send("setoption name Search_NullMoveReduction value 3")
	s.send("setoption name Search_LMRUse value 9")
	s.expect(`^info string error: option Search_LMRUse: 9 outside \[0, 1\]$`)
	threads := strconv.Itoa(min(2, search.NumCPU()))
	s.send("setoption name Threads value " + threads)
	s.send("uci")
	s.expect("^option name Threads type spin default " + threads + " ")
	s.expect("^option name SearchPreset type combo default custom ")
	s.expect("^option name Search_NullMoveReduction type spin default 3 ")
	s.expect("^option name Search_LMRUse type spin default 0 ")
	s.expect("^option name Search_SingularUse type spin default 1 ")
	s.expect("^uciok$")
	s.send("position startpos moves e2e4")
	s.send("go depth 6")
	s.expect("^info depth 6 ")
	s.expect(bestmoveRe)
	// The default search is listed as "standard" ("default" is a word of
	// the option syntax, which GUIs misread as a value); "default" is
	// still accepted.
	s.send("setoption name SearchPreset value default")
	s.send("uci")
	s.expect("^option name SearchPreset type combo default standard ")
	s.expect("^option name Search_LMRUse type spin default 1 ")
	s.expect("^uciok$")
	s.send("setoption name SearchPreset value plain")
	s.send("setoption name SearchPreset value Standard")
	s.send("uci")
	s.expect("^option name SearchPreset type combo default standard ")
	s.expect("^option name Search_LMRUse type spin default 1 ")
	s.expect("^uciok$")
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, s.out.snapshot())
}
