package arena

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
)

// replay checks that g's moves are legal from its opening and returns the
// final position.
func replay(t *testing.T, g *Game) *board.Position {
	t.Helper()
	pos, err := board.ParseFEN(g.Opening.FEN)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range g.Moves() {
		if !pos.IsLegal(m) {
			t.Fatalf("move %d %s illegal in %s", i+1, m.UCI(), pos.FEN())
		}
		pos.MakeMove(m)
	}
	return pos
}

func TestPlayGameRulesEndings(t *testing.T) {
	untimed := GameConfig{Limits: Limits{Depth: 1}}
	for seed := uint64(1); seed <= 12; seed++ {
		w, b := newFake("w", seed), newFake("b", seed*7+1)
		g, err := PlayGame(context.Background(), w, b, StartOpening(), untimed)
		if err != nil {
			t.Fatal(err)
		}
		pos := replay(t, g)
		var ok bool
		switch g.Termination {
		case Checkmate:
			ok = pos.IsCheckmate() && (g.Result == WhiteWins) == (pos.Side == board.Black)
		case Stalemate:
			ok = pos.IsStalemate() && g.Result == Draw
		case Repetition:
			ok = pos.IsRepetition(3) && g.Result == Draw
		case FiftyMoves:
			ok = pos.IsFiftyMoveDraw() && g.Result == Draw
		case InsufficientMaterial:
			ok = pos.IsInsufficientMaterial() && g.Result == Draw
		default:
			t.Fatalf("seed %d: unadjudicated game ended by %q", seed, g.Termination)
		}
		if !ok {
			t.Errorf("seed %d: termination %q, result %v inconsistent with final position %s", seed, g.Termination, g.Result, pos.FEN())
		}
	}
}

func TestPlayGameFaults(t *testing.T) {
	tests := []struct {
		name     string
		cfg      GameConfig
		setup    func(w, b *fakeEngine)
		result   Result
		term     Termination
		engErr   bool // an *EngineError is returned
		errColor board.Color
	}{
		{name: "white illegal", setup: func(w, b *fakeEngine) { w.illegalAt = 3 }, result: BlackWins, term: IllegalMove},
		{name: "black illegal", setup: func(w, b *fakeEngine) { b.illegalAt = 0 }, result: WhiteWins, term: IllegalMove},
		{name: "black fails", setup: func(w, b *fakeEngine) { b.failAt = 2 }, result: WhiteWins, term: EngineFailure, engErr: true, errColor: board.Black},
		{name: "white new game fails", setup: func(w, b *fakeEngine) { w.newGameErr = errors.New("boom") }, result: BlackWins, term: EngineFailure, engErr: true, errColor: board.White},
		{name: "white hangs on the clock", cfg: GameConfig{Limits: Limits{Base: 20 * time.Millisecond}, MoveTimeout: 10 * time.Millisecond},
			setup: func(w, b *fakeEngine) { w.hangAt = 1 }, result: BlackWins, term: TimeForfeit, engErr: true, errColor: board.White},
		{name: "black hangs untimed", cfg: GameConfig{Limits: Limits{Depth: 1}, MoveTimeout: 10 * time.Millisecond},
			setup: func(w, b *fakeEngine) { b.hangAt = 0 }, result: WhiteWins, term: EngineFailure, engErr: true, errColor: board.Black},
		{name: "max plies", cfg: GameConfig{Limits: Limits{Nodes: 1}, Adjudication: Adjudication{MaxPlies: 7}}, result: Draw, term: MaxPliesReached},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, b := newFake("w", 1), newFake("b", 2)
			if tc.setup != nil {
				tc.setup(w, b)
			}
			cfg := tc.cfg
			if cfg.Limits == (Limits{}) {
				cfg.Limits.Depth = 1
			}
			g, err := PlayGame(context.Background(), w, b, StartOpening(), cfg)
			var ee *EngineError
			if tc.engErr {
				if !errors.As(err, &ee) || ee.Color != tc.errColor {
					t.Fatalf("err = %v, want an EngineError for %v", err, tc.errColor)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if g.Result != tc.result || g.Termination != tc.term {
				t.Errorf("got %v by %q (%s), want %v by %q", g.Result, g.Termination, g.Detail, tc.result, tc.term)
			}
			replay(t, g)
			if tc.term == MaxPliesReached && len(g.Plies) != 7 {
				t.Errorf("%d plies, want 7", len(g.Plies))
			}
		})
	}
}

func TestPlayGameCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	w, b := newFake("w", 1), newFake("b", 2)
	w.hangAt = 2
	w.hanging = make(chan struct{})
	go func() {
		<-w.hanging
		cancel()
	}()
	_, err := PlayGame(ctx, w, b, StartOpening(), GameConfig{Limits: Limits{Depth: 1}, MoveTimeout: time.Hour})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestTimeForfeitWithoutMatingMaterial(t *testing.T) {
	// White (to move) hangs; Black has only a king and a knight: a draw.
	op := Opening{Name: "KNK", FEN: "4k3/8/8/8/8/8/4P3/1n2K3 w - - 0 1"}
	w, b := newFake("w", 1), newFake("b", 2)
	w.hangAt = 0
	g, _ := PlayGame(context.Background(), w, b, op, GameConfig{Limits: Limits{Base: 10 * time.Millisecond}, MoveTimeout: 5 * time.Millisecond})
	if g.Termination != TimeForfeit || g.Result != Draw {
		t.Errorf("got %v by %q, want a draw by time forfeit", g.Result, g.Termination)
	}
}

func TestAdjudicate(t *testing.T) {
	scores := func(s ...int) []MoveRecord {
		out := make([]MoveRecord, len(s))
		for i, v := range s {
			out[i] = MoveRecord{HasScore: true, Score: v}
		}
		return out
	}
	// Positions with White to move (so the last ply was Black's) after move 50.
	late, err := board.ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 50")
	if err != nil {
		t.Fatal(err)
	}
	lateBlack, _ := board.ParseFEN("4k3/8/8/8/8/8/4P3/4K3 b - - 0 50")
	early, _ := board.ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 10")
	resign := Adjudication{ResignScore: 500, ResignMoves: 2}
	draw := Adjudication{DrawScore: 10, DrawMoves: 2, DrawAfter: 40}
	tests := []struct {
		name  string
		plies []MoveRecord
		pos   *board.Position
		a     Adjudication
		res   Result
		term  Termination
	}{
		// Plies alternate W, B, W, B (mover's view): White +600, Black −600 → White wins.
		{"white wins", scores(0, 0, 600, -600, 700, -650), late, resign, WhiteWins, AdjudicatedResign},
		{"black wins", scores(-600, 600, -700, 900), late, resign, BlackWins, AdjudicatedResign},
		{"loser disagrees", scores(600, -600, 700, 100), late, resign, NoResult, ""},
		{"too few moves", scores(600, -600, 700), lateBlack, resign, NoResult, ""},
		{"odd parity black to move", scores(0, -600, 600, -700, 650), lateBlack, resign, WhiteWins, AdjudicatedResign},
		{"missing score", append(scores(600, -600, 700), MoveRecord{}), late, resign, NoResult, ""},
		{"disabled", scores(600, -600, 700, -600), late, Adjudication{}, NoResult, ""},
		{"draw", scores(300, 5, -10, 0, 3), lateBlack, draw, Draw, AdjudicatedDraw},
		{"draw too early", scores(5, -10, 0, 3), early, draw, NoResult, ""},
		{"draw broken", scores(5, -11, 0, 3), late, draw, NoResult, ""},
		{"max plies", scores(1, 2, 3), lateBlack, Adjudication{MaxPlies: 3}, Draw, MaxPliesReached},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, term, ok := adjudicate(tc.plies, tc.pos, tc.a)
			if ok != (tc.res != NoResult) || res != tc.res || term != tc.term {
				t.Errorf("adjudicate = %v %q %v, want %v %q", res, term, ok, tc.res, tc.term)
			}
		})
	}
}

func TestPlayGameResignAdjudication(t *testing.T) {
	// Material-reporting fakes from a position where White is a queen up:
	// both agree at once, so the game is adjudicated after 2 moves each.
	op := Opening{Name: "Q up", FEN: "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1"}
	cfg := GameConfig{Limits: Limits{Depth: 1}, Adjudication: Adjudication{ResignScore: 500, ResignMoves: 2}}
	g, err := PlayGame(context.Background(), newFake("w", 3), newFake("b", 4), op, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if g.Result != WhiteWins || g.Termination != AdjudicatedResign {
		t.Errorf("got %v by %q, want 1-0 by resign adjudication", g.Result, g.Termination)
	}
	var buf bytes.Buffer
	if err := WritePGN(&buf, g, PGNTags{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Termination "adjudication"]`, "Black resigns: both engines scored it at least 500 cp down for 2 moves each"} {
		if !strings.Contains(joinLines(buf.String()), want) {
			t.Errorf("PGN lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestTerminationPGNTag(t *testing.T) {
	for _, tc := range []struct {
		t    Termination
		want string
	}{
		{Checkmate, "normal"}, {Stalemate, "normal"}, {Repetition, "normal"}, {FiftyMoves, "normal"},
		{InsufficientMaterial, "normal"}, {AdjudicatedResign, "adjudication"}, {AdjudicatedDraw, "adjudication"},
		{MaxPliesReached, "adjudication"}, {TimeForfeit, "time forfeit"}, {IllegalMove, "rules infraction"},
		{EngineFailure, "abandoned"}, {"", "unterminated"}, {"act of god", "act of god"},
	} {
		if got := tc.t.PGNTag(); got != tc.want {
			t.Errorf("%q.PGNTag() = %q, want %q", tc.t, got, tc.want)
		}
	}
}

// An engine failure's PGN: the standard's "abandoned", and the error text in
// the closing comment, a '}' in it kept from ending the comment.
func TestWritePGNEngineFailure(t *testing.T) {
	pos := board.NewPosition()
	m, _ := pos.ParseUCIMove("e2e4")
	g := &Game{White: "a", Black: "b", Opening: StartOpening(), Plies: []MoveRecord{{Move: m, HasScore: true, Score: 30, Depth: 5}},
		Result: WhiteWins, Termination: EngineFailure, Detail: "black engine: exited {status 2}", FaultColor: board.Black}
	var buf bytes.Buffer
	if err := WritePGN(&buf, g, PGNTags{}); err != nil {
		t.Fatal(err)
	}
	text := joinLines(buf.String())
	for _, want := range []string{`[Termination "abandoned"]`, "1. e4 {+0.30/5, engine failure: black engine: exited (status 2)} 1-0"} {
		if !strings.Contains(text, want) {
			t.Errorf("PGN lacks %q:\n%s", want, buf.String())
		}
	}
	pg, err := pgn.NewReader(&buf).Next()
	if err != nil || len(pg.Moves) != 1 || pg.Result != "1-0" {
		t.Errorf("re-read: %+v, %v", pg, err)
	}
}

// joinLines undoes the PGN writer's line wrapping.
func joinLines(s string) string { return strings.Join(strings.Fields(s), " ") }

func TestWritePGNRoundTrip(t *testing.T) {
	ops := []Opening{
		StartOpening(),
		{Name: "after e4", FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
	}
	for i, op := range ops {
		cfg := GameConfig{Limits: Limits{Depth: 1}}
		g, err := PlayGame(context.Background(), newFake("White \"quoted\"", 5), newFake("Black", 6), op, cfg)
		if err != nil {
			t.Fatal(err)
		}
		g.Index = i
		var buf bytes.Buffer
		if err := WritePGN(&buf, g, PGNTags{Event: "test", Date: "2026.01.02"}); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(buf.String(), "\n") {
			if len(line) > 80 {
				t.Errorf("line longer than 80 columns: %q", line)
			}
		}
		text := buf.String()
		r := pgn.NewReader(&buf)
		pg, err := r.Next()
		if err != nil {
			t.Fatalf("re-reading PGN: %v\n%s", err, text)
		}
		if pg.FEN != op.FEN {
			t.Errorf("FEN %q, want %q", pg.FEN, op.FEN)
		}
		if (pg.Tag("SetUp") == "1") != (op.FEN != board.StartFEN) {
			t.Errorf("SetUp tag %q for FEN %q", pg.Tag("SetUp"), op.FEN)
		}
		if pg.Tag("White") != g.White || pg.Tag("Result") != g.Result.String() || pg.Result != g.Result.String() {
			t.Errorf("tags White %q Result %q/%q, want %q %q", pg.Tag("White"), pg.Tag("Result"), pg.Result, g.White, g.Result)
		}
		if pg.Tag("Termination") != g.Termination.PGNTag() {
			t.Errorf("Termination tag %q, want %q (%s)", pg.Tag("Termination"), g.Termination.PGNTag(), g.Termination)
		}
		if g.Termination != "" && !strings.Contains(joinLines(text), string(g.Termination)+"} "+g.Result.String()) {
			t.Errorf("the last comment does not end with the termination %q:\n%s", g.Termination, text)
		}
		want := g.Moves()
		if len(pg.Moves) != len(want) {
			t.Fatalf("%d moves read back, want %d", len(pg.Moves), len(want))
		}
		for j := range want {
			if pg.Moves[j] != want[j] {
				t.Fatalf("move %d: %s read back, want %s", j+1, pg.Moves[j].UCI(), want[j].UCI())
			}
		}
	}
}

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		in        string
		base, inc time.Duration
		tag       string
		bad       bool
		moves     int
	}{
		{in: "10+0.1", base: 10 * time.Second, inc: 100 * time.Millisecond, tag: "10+0.1"},
		{in: "60", base: time.Minute, tag: "60"},
		{in: "0.5+0.05", base: 500 * time.Millisecond, inc: 50 * time.Millisecond, tag: "0.5+0.05"},
		{in: "2+0", base: 2 * time.Second, tag: "2"},
		{in: "0+1", bad: true},
		{in: "x+1", bad: true},
		{in: "1+y", bad: true},
		{in: "-1", bad: true},
		{in: "NaN", bad: true},
		{in: "40/60", base: time.Minute, moves: 40, tag: "40/60"},
		{in: "40/60+0.5", base: time.Minute, inc: 500 * time.Millisecond, moves: 40, tag: "40/60+0.5"},
		{in: "0/60", bad: true},
		{in: "x/60", bad: true},
		{in: "40/", bad: true},
	}
	for _, tc := range tests {
		l, err := ParseTimeControl(tc.in)
		if tc.bad {
			if err == nil {
				t.Errorf("%q accepted as %+v", tc.in, l)
			}
			continue
		}
		if err != nil || l.Base != tc.base || l.Inc != tc.inc || l.Moves != tc.moves || l.TimeControlTag() != tc.tag {
			t.Errorf("%q = %+v (%q), %v; want %v+%v (%q)", tc.in, l, l.TimeControlTag(), err, tc.base, tc.inc, tc.tag)
		}
	}
}

// TestTimeMargin: a move that takes longer than the clock loses, unless the
// time margin covers it. (The fake sleeps MoveTime = 40 ms against a 20 ms
// clock; the margin is an hour.)
func TestTimeMargin(t *testing.T) {
	for _, margin := range []time.Duration{0, time.Hour} {
		cfg := GameConfig{Limits: Limits{Base: 20 * time.Millisecond, MoveTime: 40 * time.Millisecond}, TimeMargin: margin,
			Adjudication: Adjudication{MaxPlies: 2}}
		g, err := PlayGame(context.Background(), newFake("w", 1), newFake("b", 2), StartOpening(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if forfeit := g.Termination == TimeForfeit; forfeit != (margin == 0) {
			t.Errorf("margin %v: ended by %q (%s)", margin, g.Termination, g.Detail)
		}
	}
}

// clockEngine records the clocks and moves-to-go it is given.
type clockEngine struct {
	*fakeEngine
	seen []Request
}

func (c *clockEngine) Go(ctx context.Context, req Request) (Reply, error) {
	c.seen = append(c.seen, Request{WTime: req.WTime, BTime: req.BTime, MovesToGo: req.MovesToGo})
	return c.fakeEngine.Go(ctx, req)
}

// TestMovesPerPeriod: with a "3/60" control each side is told the moves
// left in its period (3, 2, 1, 3, ...) and its clock grows by the base
// after every third move.
func TestMovesPerPeriod(t *testing.T) {
	w := &clockEngine{fakeEngine: newFake("w", 1)}
	b := &clockEngine{fakeEngine: newFake("b", 2)}
	cfg := GameConfig{Limits: Limits{Base: time.Minute, Moves: 3}, Adjudication: Adjudication{MaxPlies: 14}}
	if _, err := PlayGame(context.Background(), w, b, StartOpening(), cfg); err != nil {
		t.Fatal(err)
	}
	for i, r := range w.seen {
		if want := 3 - i%3; r.MovesToGo != want {
			t.Errorf("white move %d: movestogo %d, want %d", i+1, r.MovesToGo, want)
		}
		if i == 3 && r.WTime <= time.Minute {
			t.Errorf("white move 4: clock %v, want more than a minute after the period", r.WTime)
		}
	}
	if len(w.seen) != 7 || len(b.seen) != 7 {
		t.Errorf("%d and %d moves", len(w.seen), len(b.seen))
	}
}
