package arena

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/internal/shareddata"
)

// stockfishPath is where Debian's stockfish package installs the engine.
const stockfishPath = "/usr/games/stockfish"

// buildEvochess builds the evochess binary into a temporary directory.
func buildEvochess(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no subprocesses on " + runtime.GOOS)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go tool not on PATH: ", err)
	}
	bin := filepath.Join(t.TempDir(), "evochess")
	cmd := exec.Command(goTool, "build", "-o", bin, "./server")
	cmd.Dir = shareddata.RepoRoot()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./server: %v\n%s", err, out)
	}
	return bin
}

// TestEvochessVsStockfish builds the evochess binary, runs it as a UCI
// subprocess against Debian's Stockfish limited to UCI_Elo 1350, and plays
// two games (one pair) under each of three clocks: sudden death with
// increment, the same with both engines pondering (go ponder, ponderhit or
// stop), and a moves-to-go period control (10 moves per 2 s). Every move
// must be legal, and evochess must neither lose on time nor fail. The
// deadline is a generous context bound (a hang fails the test), not a
// timing assertion.
func TestEvochessVsStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("plays six 2 s games against stockfish; run without -short")
	}
	if _, err := os.Stat(stockfishPath); err != nil {
		t.Skipf("stockfish not installed at %s (apt-get install stockfish): %v", stockfishPath, err)
	}
	bin := buildEvochess(t)
	book, err := DefaultOpenings()
	if err != nil {
		t.Fatal(err)
	}
	// evochess keeps a 200 ms lag reserve ("Move Overhead", default 50 ms):
	// the clocks are wall time measured across pipes, and on a loaded
	// machine (tests run in parallel) 50 ms is sometimes too little.
	// Stockfish keeps its default (10 ms): its time manager multiplies the
	// overhead by the expected number of moves, and at 200 ms on a 2 s
	// clock it plays depth-1 moves in a millisecond. Stockfish forfeits do
	// not fail the test.
	tests := []struct {
		name   string
		tc     string
		ponder bool
	}{
		{"increment", "2+0.1", false},
		{"ponder", "2+0.1", true},
		{"moves to go", "10/2", false},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lim, err := ParseTimeControl(tc.tc)
			if err != nil {
				t.Fatal(err)
			}
			evo := UCIPlayer(UCIConfig{Path: bin, Args: []string{"uci"}, Name: "evochess", Ponder: tc.ponder,
				Options: []UCIOption{{Name: "Move Overhead", Value: "200"}}})
			sf := UCIPlayer(UCIConfig{Path: stockfishPath, Name: "stockfish-1350", Ponder: tc.ponder, Options: []UCIOption{
				{Name: "Threads", Value: "1"}, {Name: "Hash", Value: "16"},
				{Name: "UCI_LimitStrength", Value: "true"}, {Name: "UCI_Elo", Value: "1350"},
			}})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			cfg := Config{
				Game:        GameConfig{Limits: lim, Adjudication: DefaultAdjudication()},
				Openings:    book[i : i+1],
				Seed:        1,
				Concurrency: 1, // the clocks are real: do not compete for the cores
			}
			res, err := Match(ctx, evo, sf, 2, cfg)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range res.Games {
				replay(t, g)
				t.Logf("game %d: %s - %s %v (%s %s) after %d plies", g.Index+1, g.White, g.Black, g.Result, g.Termination, g.Detail, len(g.Plies))
				if g.Faulty() == 0 {
					t.Errorf("game %d: evochess lost by %s: %s", g.Index+1, g.Termination, g.Detail)
				}
				if g.Termination == EngineFailure || g.Termination == IllegalMove {
					t.Errorf("game %d ended by %s: %s", g.Index+1, g.Termination, g.Detail)
				}
			}
			s := res.Pair[0][1]
			t.Logf("evochess vs stockfish UCI_Elo 1350 at %s (ponder %v): %v", tc.tc, tc.ponder, s)
		})
	}
}

// TestStockfishMultiPVReply: an engine given MultiPV in its spec reports
// each iteration's lines; the reply's score is the first line's (the move
// played), not the last line's. In the scholar's-mate position only Qxf7
// mates: with MultiPV 3 Stockfish's last info lines are two non-mating
// moves.
func TestStockfishMultiPVReply(t *testing.T) {
	if _, err := os.Stat(stockfishPath); err != nil {
		t.Skipf("stockfish not installed at %s (apt-get install stockfish): %v", stockfishPath, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, cfg := range []UCIConfig{
		{Path: stockfishPath, Name: "stockfish", Options: []UCIOption{{Name: "Threads", Value: "1"}, {Name: "MultiPV", Value: "3"}}},
		{Path: buildEvochess(t), Args: []string{"uci"}, Name: "evochess", Options: []UCIOption{{Name: "MultiPV", Value: "3"}}},
	} {
		e, err := StartUCI(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := board.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
		if err != nil {
			t.Fatal(err)
		}
		rep, err := e.Go(ctx, Request{StartFEN: pos.FEN(), Position: pos, Limits: Limits{Depth: 8}})
		e.Close()
		if err != nil {
			t.Fatalf("%s: %v", cfg.Name, err)
		}
		if rep.Move.UCI() != "f3f7" || rep.Mate != 1 || rep.Depth != 8 {
			t.Errorf("%s: reply %s mate %d score %d depth %d, want f3f7, mate 1 at depth 8", cfg.Name, rep.Move.UCI(), rep.Mate, rep.Score, rep.Depth)
		}
	}
}
