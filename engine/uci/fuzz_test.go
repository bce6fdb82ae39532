package uci

import (
	"context"
	"strings"
	"testing"
	"time"
)

// hangBound is far above any legitimate run (the input ends at once, which
// stops the search); it only catches hangs.
const hangBound = 30 * time.Second

// FuzzRun feeds arbitrary command lines to Run: it must never panic or
// hang, and every output line must be a well-formed engine message.
func FuzzRun(f *testing.F) {
	seeds := []string{
		"uci\nisready\n",
		"position startpos moves e2e4 e7e5\ngo depth 2\n",
		"position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1\ngo depth 2 searchmoves a1a2\n",
		"go infinite\nstop\ngo ponder depth 1\nponderhit\n",
		"setoption name Scheme value vazquez29\nsetoption name Eval_x value 3\nuci\n",
		"setoption name Search_NullMoveReduction value 9\nsetoption name Hash value 2\n",
		"position fen 8/8/8/8 w\ngo wtime -3 btime x\n\x00\xff\n",
		"go movetime 1\nucinewgame\nquit\nisready\n",
		"setoption name OwnBook value true\nsetoption name Seed value 5\nposition startpos moves e2e4\ngo depth 1\n",
		"setoption name OwnBook value true\ngo ponder wtime 50 btime 50\nponderhit\ngo movestogo 3 wtime 100 btime 100\n",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	bookData := smallBook(f)
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 4096 {
			return
		}
		// The end of input stops any running search, so every run ends;
		// a generous bound turns a hang into a failure naming the input.
		var out strings.Builder
		done := make(chan error, 1)
		go func() {
			done <- Run(context.Background(), strings.NewReader(input), &out, Options{HashMB: 1, MaxHashMB: 2, DefaultBook: bookData})
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(hangBound):
			t.Fatalf("Run did not return within %v on input %q", hangBound, input)
		}
		text := out.String()
		if text == "" {
			return
		}
		if !strings.HasSuffix(text, "\n") {
			t.Fatalf("output does not end in a newline: %q", text)
		}
		checkWellFormed(t, strings.Split(strings.TrimSuffix(text, "\n"), "\n"))
	})
}
