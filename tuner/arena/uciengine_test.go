package arena

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/board"
)

// TestMain turns the test binary into a fake UCI engine when
// ARENA_FAKE_UCI names a mode, so that UCIEngine is tested against a real
// process without any external engine.
func TestMain(m *testing.M) {
	if mode := os.Getenv("ARENA_FAKE_UCI"); mode != "" {
		fakeUCIMain(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeUCIMain speaks UCI on stdin/stdout. Modes: "ok" plays the first legal
// move in UCI order with "info depth 1 score cp 17"; "hang" never answers go;
// "illegal" answers bestmove a1a1; "crash" exits on go (status 3, a line on
// standard error); "slowstop" answers go
// only after stop; "mute" never answers uci; "ponder" plays like "ok" with
// "bestmove X ponder Y" (Y the first legal reply), waits after "go ponder"
// for ponderhit or stop, and appends every command to $ARENA_FAKE_LOG;
// "gone" exits at once with status 127 and a line on standard error.
func fakeUCIMain(mode string) {
	if mode == "gone" { // a wrapper script whose engine is missing
		fmt.Fprintln(os.Stderr, "gone: engine not found")
		os.Exit(127)
	}
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	pos := board.NewPosition()
	best := func() string {
		ms := pos.LegalMoves()
		sort.Slice(ms, func(i, j int) bool { return ms[i].UCI() < ms[j].UCI() })
		return ms[0].UCI()
	}
	var log *os.File
	if name := os.Getenv("ARENA_FAKE_LOG"); name != "" && mode == "ponder" {
		var err error
		if log, err = os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err != nil {
			os.Exit(4)
		}
		defer log.Close()
	}
	pondering := false
	answer := func() {
		b := best()
		if mode != "ponder" {
			say("bestmove " + b)
			return
		}
		m, _ := pos.ParseUCIMove(b)
		pos.MakeMove(m)
		reply := ""
		if ms := pos.LegalMoves(); len(ms) > 0 {
			reply = " ponder " + best()
		}
		pos.UnmakeMove()
		say("bestmove " + b + reply)
	}
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		if log != nil {
			fmt.Fprintln(log, in.Text())
		}
		switch f[0] {
		case "uci":
			if mode == "mute" {
				continue
			}
			say("id name Fake " + mode)
			say("option name Foo type spin default 1 min 0 max 9")
			say("uciok")
		case "isready":
			say("readyok")
		case "position":
			p := board.NewPosition()
			i := 2
			if f[1] == "fen" {
				var err error
				if p, err = board.ParseFEN(strings.Join(f[2:8], " ")); err != nil {
					say("info string bad fen")
					continue
				}
				i = 8
			}
			if i < len(f) && f[i] == "moves" {
				for _, s := range f[i+1:] {
					m, err := p.ParseUCIMove(s)
					if err != nil {
						say("info string bad move " + s)
						break
					}
					p.MakeMove(m)
				}
			}
			pos = p
		case "ponderhit":
			if pondering {
				pondering = false
				say("info depth 1 score cp 5 nodes 9")
				answer()
			}
		case "go":
			if mode == "ponder" && len(f) > 1 && f[1] == "ponder" {
				pondering = true
				continue
			}
			switch mode {
			case "hang":
			case "slowstop":
			case "illegal":
				say("bestmove a1a1")
			case "crash":
				fmt.Fprintln(os.Stderr, "fake: out of cheese")
				os.Exit(3)
			default:
				say("info depth 1 seldepth 1 score cp 17 nodes 20 pv " + best())
				say("info string thinking done")
				answer()
			}
		case "stop":
			if mode == "slowstop" || pondering {
				pondering = false
				say("bestmove " + best())
			}
		case "quit":
			return
		}
	}
}

func fakeUCIConfig(t *testing.T, mode string) UCIConfig {
	t.Helper()
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no subprocesses on " + runtime.GOOS)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip("test executable unknown: ", err)
	}
	t.Setenv("ARENA_FAKE_UCI", mode)
	return UCIConfig{Path: exe, Args: []string{"-test.run=^$"}, StartTimeout: 5 * time.Second,
		Options: []UCIOption{{Name: "Foo", Value: "3"}}}
}

func TestUCIEngineFake(t *testing.T) {
	tests := []struct {
		mode    string
		wantErr string // substring; "" = a move is expected
		illegal bool
	}{
		{mode: "ok"},
		{mode: "illegal", illegal: true},
		{mode: "crash", wantErr: `during go: engine exited (exit status 3); its standard error ends: "fake: out of cheese"`},
		{mode: "hang", wantErr: "killed"},
		{mode: "slowstop", wantErr: "stopped"},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			ctx := context.Background()
			e, err := StartUCI(ctx, fakeUCIConfig(t, tc.mode))
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			if e.Name() != "Fake "+tc.mode {
				t.Errorf("name %q, want the id name", e.Name())
			}
			if err := e.NewGame(ctx); err != nil {
				t.Fatal(err)
			}
			pos := board.NewPosition()
			m, _ := pos.ParseUCIMove("e2e4")
			pos.MakeMove(m)
			req := Request{StartFEN: board.StartFEN, Moves: []board.Move{m}, Position: pos, Limits: Limits{Depth: 1}}
			mctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
			defer cancel()
			rep, err := e.Go(mctx, req)
			switch {
			case tc.illegal:
				if !errors.Is(err, ErrIllegalMove) {
					t.Errorf("err = %v, want ErrIllegalMove", err)
				}
			case tc.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("err = %v, want %q", err, tc.wantErr)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if rep.Move.UCI() != "a7a5" || !rep.HasScore || rep.Score != 17 || rep.Depth != 1 || rep.Nodes != 20 {
					t.Errorf("reply %+v (%s), want a7a5 cp 17 depth 1 nodes 20", rep, rep.Move.UCI())
				}
			}
		})
	}
}

func TestUCIEngineHandshakeTimeout(t *testing.T) {
	cfg := fakeUCIConfig(t, "mute")
	cfg.StartTimeout = 100 * time.Millisecond
	if _, err := StartUCI(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "handshake") {
		t.Errorf("err = %v, want a handshake timeout", err)
	}
	if _, err := StartUCI(context.Background(), UCIConfig{Path: "/nonexistent/engine"}); err == nil {
		t.Error("missing executable started")
	}
	// An engine that exits at once (a wrapper script that cannot find its
	// engine) is named with its exit status and the end of its stderr.
	cfg = fakeUCIConfig(t, "gone")
	if _, err := StartUCI(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), `engine exited (exit status 127); its standard error ends: "gone: engine not found"`) {
		t.Errorf("err = %v, want the exit status and the stderr", err)
	}
}

// TestUCIEngineUnknownOption: an option the engine does not list (a
// misspelt name) is refused at the handshake, naming the engine's options;
// names match without regard to case, as engines read them.
func TestUCIEngineUnknownOption(t *testing.T) {
	cfg := fakeUCIConfig(t, "ok")
	cfg.Options = []UCIOption{{Name: "foo", Value: "2"}}
	e, err := StartUCI(context.Background(), cfg)
	if err != nil {
		t.Fatalf("option named in another case: %v", err)
	}
	e.Close()
	cfg.Options = []UCIOption{{Name: "Fooo", Value: "2"}}
	if _, err := StartUCI(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), `offers no option "Fooo" (its options: Foo)`) {
		t.Errorf("err = %v, want the unknown option refused", err)
	}
}

// TestUCIMatchFake plays a short match between two fake processes from a FEN
// opening (exercising "position fen ... moves ...").
func TestUCIMatchFake(t *testing.T) {
	p := UCIPlayer(fakeUCIConfig(t, "ok"))
	q := p
	q.Name = "other"
	ops := []Opening{{Name: "e4", FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}}
	res, err := Match(context.Background(), p, q, 2, Config{Game: GameConfig{Limits: Limits{Depth: 1},
		Adjudication: Adjudication{MaxPlies: 40}}, Openings: ops, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.Games {
		replay(t, g)
		if len(g.Plies) == 0 || g.Result == NoResult {
			t.Errorf("game %d: %d plies, result %v (%s)", g.Index, len(g.Plies), g.Result, g.Detail)
		}
	}
	if res.Pair[0][1].Games() != 2 {
		t.Errorf("pair score %v", res.Pair[0][1])
	}
}

func TestGoAndPositionCommands(t *testing.T) {
	pos := board.NewPosition()
	m, _ := pos.ParseUCIMove("g1f3")
	tests := []struct {
		req       Request
		pos, goes string
	}{
		{Request{StartFEN: board.StartFEN, Limits: Limits{Depth: 3}}, "position startpos", "go depth 3"},
		{Request{StartFEN: board.StartFEN, Moves: []board.Move{m}, Limits: Limits{Nodes: 500, MoveTime: 20 * time.Millisecond}},
			"position startpos moves g1f3", "go nodes 500 movetime 20"},
		{Request{StartFEN: "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", Limits: Limits{Base: time.Second, Inc: 100 * time.Millisecond},
			WTime: 900 * time.Millisecond, BTime: -5 * time.Millisecond},
			"position fen 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", "go wtime 900 btime 1 winc 100 binc 100"},
		{Request{StartFEN: board.StartFEN, Limits: Limits{Base: time.Minute, Moves: 40}, WTime: time.Minute, BTime: time.Minute, MovesToGo: 12},
			"position startpos", "go wtime 60000 btime 60000 winc 0 binc 0 movestogo 12"},
	}
	for _, tc := range tests {
		if got := positionCommand(tc.req); got != tc.pos {
			t.Errorf("position = %q, want %q", got, tc.pos)
		}
		if got := goCommand(tc.req); got != tc.goes {
			t.Errorf("go = %q, want %q", got, tc.goes)
		}
	}
}

func TestParseInfo(t *testing.T) {
	tests := []struct {
		line string
		want Reply
	}{
		{"depth 5 seldepth 8 score cp -31 nodes 1234 nps 5 pv e2e4", Reply{HasScore: true, Depth: 5, Score: -31, Nodes: 1234}},
		{"depth 9 score mate 3 nodes 7", Reply{HasScore: true, Depth: 9, Mate: 3, Score: MateScore - 5, Nodes: 7}},
		{"depth 9 score mate -2", Reply{HasScore: true, Depth: 9, Mate: -2, Score: -MateScore + 4}},
		{"depth 4 score cp 20 lowerbound nodes 9", Reply{HasScore: true, Depth: 4, Score: 20, Nodes: 9}},
		{"string depth 99 score cp 1", Reply{}},
		{"depth 7 seldepth 9 multipv 1 score cp 12 nodes 50 pv e2e4", Reply{HasScore: true, Depth: 7, Score: 12, Nodes: 50}},
		{"depth 7 seldepth 9 multipv 2 score cp -40 nodes 60 pv d2d4", Reply{}},
		{"depth 7 string multipv 2", Reply{Depth: 7}},
		{"depth x score cp", Reply{}},
	}
	for _, tc := range tests {
		var r Reply
		parseInfo(strings.Fields(tc.line), &r)
		if r != tc.want {
			t.Errorf("%q: %+v, want %+v", tc.line, r, tc.want)
		}
	}
	if fmt.Sprint(mateToScore(1)) != fmt.Sprint(MateScore-1) {
		t.Error("mate in 1 is not MateScore-1")
	}
}

// TestUCIPonder: an engine with Ponder on gets "go ponder" after each of
// its moves with a predicted reply; when the opponent plays the prediction
// (a second fake that plays the first legal move) it gets "ponderhit", when
// not (an in-process fake) "stop" and a new search. Games end normally
// with legal moves.
func TestUCIPonder(t *testing.T) {
	for _, tc := range []struct {
		name     string
		opponent func(cfg UCIConfig) Player
		want     []string
		unwanted string
	}{
		{"hit", func(cfg UCIConfig) Player { cfg.Name = "plain"; return UCIPlayer(cfg) }, []string{"go ponder wtime", "ponderhit"}, ""},
		{"miss", func(UCIConfig) Player { return fakePlayer("inproc", func() *fakeEngine { return newFake("", 7) }) },
			[]string{"go ponder wtime", "stop"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logName := t.TempDir() + "/log"
			t.Setenv("ARENA_FAKE_LOG", logName)
			cfg := fakeUCIConfig(t, "ponder")
			pcfg := cfg
			pcfg.Ponder, pcfg.Name = true, "ponderer"
			res, err := Match(context.Background(), UCIPlayer(pcfg), tc.opponent(cfg), 2, Config{
				Game:        GameConfig{Limits: Limits{Base: 20 * time.Second, Inc: time.Second}, Adjudication: Adjudication{MaxPlies: 30}},
				Concurrency: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range res.Games {
				replay(t, g)
				if g.Termination != MaxPliesReached && g.Termination != Checkmate && g.Termination != Repetition {
					t.Errorf("game %d ended by %s: %s", g.Index+1, g.Termination, g.Detail)
				}
			}
			data, err := os.ReadFile(logName)
			if err != nil {
				t.Fatal(err)
			}
			log := string(data)
			for _, w := range tc.want {
				if !strings.Contains(log, w) {
					t.Errorf("engine never received %q:\n%s", w, log)
				}
			}
			if tc.unwanted != "" && strings.Contains(log, tc.unwanted) {
				t.Errorf("engine received %q", tc.unwanted)
			}
			if !strings.Contains(log, "setoption name Ponder value true") {
				t.Error("Ponder option not sent")
			}
		})
	}
}
