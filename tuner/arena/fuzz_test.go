package arena

import (
	"strings"
	"testing"
)

// FuzzReadOpenings: any text either fails with an error or yields openings
// whose positions can be set up and still have a legal move.
func FuzzReadOpenings(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";\n", false)
	f.Add("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\n# c\n\n", false)
	f.Add("[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n", true)
	f.Add("[FEN \"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd6 *\n", true)
	f.Add("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\r# c\r\rrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"x\";\r", false)
	f.Add("{c}\r[Event \"?\"]\r\r1. e4 ; x\re5 *\r{after}\r", true)
	f.Fuzz(func(t *testing.T, text string, isPGN bool) {
		name := "book.epd"
		if isPGN {
			name = "book.pgn"
		}
		ops, err := ReadOpenings(strings.NewReader(text), name)
		if err != nil {
			return
		}
		for i, o := range ops {
			p, err := o.Position()
			if err != nil {
				t.Fatalf("opening %d accepted but cannot be set up: %v", i, err)
			}
			if !p.HasLegalMoves() {
				t.Fatalf("opening %d accepted without a legal move: %s", i, p.FEN())
			}
		}
	})
}

// FuzzParseTimeControl: accepted clocks are positive and format back to a
// tag that parses to the same clock.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"10+0.1", "60", "0.5+0.05", "x", "1e9", "+", "1+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		if l.Base <= 0 || l.Inc < 0 {
			t.Fatalf("%q gave %+v", s, l)
		}
		back, err := ParseTimeControl(l.TimeControlTag())
		if err != nil || back != l {
			t.Fatalf("%q → %q → %+v, %v", s, l.TimeControlTag(), back, err)
		}
	})
}

// FuzzParseInfo: engine info lines never panic the parser, and a reported
// score is within the mate bounds.
func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{"depth 5 score cp 31 nodes 100", "score mate -3", "score", "depth", "string x score cp 5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		var r Reply
		parseInfo(strings.Fields(line), &r)
		if r.Mate != 0 && r.Score != mateToScore(r.Mate) {
			t.Fatalf("%q: mate %d with score %d", line, r.Mate, r.Score)
		}
	})
}
