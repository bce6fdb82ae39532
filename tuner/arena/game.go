package arena

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/evochess/evochess/engine/board"
)

// Result is a game's outcome.
type Result int8

// Game outcomes.
const (
	NoResult Result = iota // unfinished (cancelled)
	WhiteWins
	BlackWins
	Draw
)

// String returns the PGN result token.
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Termination says why a game ended.
type Termination string

// Reasons a game ends.
const (
	Checkmate            Termination = "checkmate"
	Stalemate            Termination = "stalemate"
	Repetition           Termination = "threefold repetition"
	FiftyMoves           Termination = "fifty-move rule"
	InsufficientMaterial Termination = "insufficient material"
	AdjudicatedResign    Termination = "adjudication: resign"
	AdjudicatedDraw      Termination = "adjudication: draw"
	MaxPliesReached      Termination = "adjudication: maximum length"
	TimeForfeit          Termination = "time forfeit"
	IllegalMove          Termination = "illegal move"
	EngineFailure        Termination = "engine failure"
)

// PGNTag returns the PGN standard's Termination tag value for t (PGN
// Standard §9.8.1): "normal" for a game the rules ended (checkmate,
// stalemate, repetition, the fifty-move rule, insufficient material),
// "adjudication", "time forfeit", "rules infraction" for an illegal move
// and "abandoned" for an engine that failed; "unterminated" for an empty
// t; t itself for a reason the standard does not name. WritePGN writes
// t's own words in the game's last comment.
func (t Termination) PGNTag() string {
	switch t {
	case Checkmate, Stalemate, Repetition, FiftyMoves, InsufficientMaterial:
		return "normal"
	case AdjudicatedResign, AdjudicatedDraw, MaxPliesReached:
		return "adjudication"
	case TimeForfeit:
		return "time forfeit"
	case IllegalMove:
		return "rules infraction"
	case EngineFailure:
		return "abandoned"
	case "":
		return "unterminated"
	}
	return string(t)
}

// Adjudication ends games early when both engines agree on the outcome.
// A zero field disables its rule.
type Adjudication struct {
	// ResignScore and ResignMoves: a side loses when, for the last
	// ResignMoves moves of each side, the loser's own score was ≤ −ResignScore
	// and the winner's ≥ +ResignScore (centipawns).
	ResignScore, ResignMoves int
	// DrawScore, DrawMoves and DrawAfter: the game is drawn when, after
	// move number DrawAfter, both sides' scores stayed within ±DrawScore for
	// the last DrawMoves moves each.
	DrawScore, DrawMoves, DrawAfter int
	// MaxPlies ends a game as a draw after this many plies played by the
	// engines (book moves excluded).
	MaxPlies int
}

// DefaultAdjudication is cheap-tournament adjudication: resign at 1000 cp
// for 4 moves each, draw at ±10 cp for 8 moves each after move 40, and a
// 400-ply cap.
func DefaultAdjudication() Adjudication {
	return Adjudication{ResignScore: 1000, ResignMoves: 4, DrawScore: 10, DrawMoves: 8, DrawAfter: 40, MaxPlies: 400}
}

// MoveRecord is one engine move of a game with what the engine reported.
type MoveRecord struct {
	Move     board.Move
	HasScore bool
	Score    int // mover's point of view
	Mate     int
	Depth    int
	Nodes    uint64
	Time     time.Duration // wall time used (0 when untimed)
}

// Game is a finished (or aborted) game.
type Game struct {
	Index       int // position in the tournament schedule
	White       string
	Black       string
	WhiteIndex  int // player indices in the tournament (0 and 1 for PlayGame)
	BlackIndex  int
	Opening     Opening
	Plies       []MoveRecord // engine moves after the book moves
	Result      Result
	Termination Termination
	Detail      string // e.g. the engine error or the illegal move
	Limits      Limits
	// FaultColor is the side whose fault ended the game (time forfeit,
	// illegal move, engine failure); valid when Termination is one of those.
	FaultColor board.Color
}

// Faulty returns the player index (WhiteIndex or BlackIndex) whose time
// forfeit, illegal move or engine failure ended the game, or −1. A time
// forfeit against a side without mating material is a draw but still the
// flagging side's fault.
func (g *Game) Faulty() int {
	switch g.Termination {
	case TimeForfeit, IllegalMove, EngineFailure:
		if g.FaultColor == board.White {
			return g.WhiteIndex
		}
		return g.BlackIndex
	}
	return -1
}

// Moves returns book moves followed by played moves.
func (g *Game) Moves() []board.Move {
	out := make([]board.Move, 0, len(g.Opening.Moves)+len(g.Plies))
	out = append(out, g.Opening.Moves...)
	for _, r := range g.Plies {
		out = append(out, r.Move)
	}
	return out
}

// GameConfig configures one game.
type GameConfig struct {
	Limits       Limits
	Adjudication Adjudication
	// MoveTimeout bounds one move of an untimed game (default 60 s), and is
	// the grace on top of the clock in a timed one (default 2 s): an engine
	// that has not answered by then is stopped and loses.
	MoveTimeout time.Duration
	// TimeMargin is how far a clock may run below zero before the side loses
	// on time (cutechess-cli's timemargin; default 0): it absorbs process
	// scheduling and pipe latency on a loaded machine.
	TimeMargin time.Duration
}

// errNoReply is the cause of a move's context once its engine has run out
// of time to answer (activeTimeout).
var errNoReply = errors.New("no reply in time")

// activeTimeout returns a context that is cancelled, with cause errNoReply,
// once d of active time has passed: time this process ran, counted by a
// timer that re-arms itself every period (no goroutine while it waits: a
// move costs what context.WithTimeout cost), where a gap between two
// firings longer than two periods (the process was stopped — SIGSTOP, a
// suspended VM or laptop — or starved) counts as two periods. So an engine that hangs still loses after d, but a
// match whose process was paused in the middle of a move carries on when it
// resumes (a wall-clock deadline would have expired during the pause and
// failed the engine to move). cancel stops the timer.
func activeTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelCauseFunc) {
	mctx, cancel := context.WithCancelCause(ctx)
	tick := max(min(d/20, 250*time.Millisecond), time.Millisecond)
	last, active := time.Now(), time.Duration(0)
	var t *time.Timer
	// One timer, re-armed by its own function (which runs alone: the next
	// firing is armed at its end), until the time is up or mctx ends. It is
	// created idle and armed once t is set, which its function reads.
	t = time.AfterFunc(time.Duration(math.MaxInt64), func() {
		if mctx.Err() != nil {
			return
		}
		now := time.Now()
		active += min(now.Sub(last), 2*tick)
		last = now
		if active >= d {
			cancel(fmt.Errorf("%w (%v)", errNoReply, d))
			return
		}
		t.Reset(tick)
	})
	t.Reset(tick)
	return mctx, func(cause error) {
		t.Stop()
		cancel(cause)
	}
}

// errGame marks an engine failure inside a game (the engine is broken).
var errGame = errors.New("engine failed")

// PlayGame plays one game between white and black from the opening. The
// game's Index, WhiteIndex and BlackIndex are left zero/0/1. It returns an
// error only when ctx ends (the game is then incomplete) or the opening is
// invalid; engine failures lose the game for the failing side and are
// reported in Termination and Detail, with *EngineError returned too so that
// callers can replace the engine.
func PlayGame(ctx context.Context, white, black Engine, op Opening, cfg GameConfig) (*Game, error) {
	if err := cfg.Limits.Validate(); err != nil {
		return nil, err
	}
	pos, err := op.Position()
	if err != nil {
		return nil, err
	}
	g := &Game{White: white.Name(), Black: black.Name(), WhiteIndex: 0, BlackIndex: 1, Opening: op, Limits: cfg.Limits}
	engines := [2]Engine{white, black}
	for c, e := range engines {
		if err := e.NewGame(ctx); err != nil {
			if ctx.Err() != nil {
				return g, ctx.Err()
			}
			g.finishLoss(board.Color(c), EngineFailure, fmt.Sprintf("%s: new game: %v", e.Name(), err))
			return g, &EngineError{Color: board.Color(c), Err: err}
		}
	}
	clock := [2]time.Duration{cfg.Limits.Base, cfg.Limits.Base}
	var played [2]int // engine moves per side, for the clock periods
	moves := append(make([]board.Move, 0, len(op.Moves)+200), op.Moves...)
	timeout := cfg.MoveTimeout
	if timeout <= 0 {
		timeout = 60 * time.Second
		if cfg.Limits.Timed() {
			timeout = 2 * time.Second
		}
	}
	for {
		if t, res, over := gameOver(pos); over {
			g.Result, g.Termination = res, t
			return g, nil
		}
		if res, t, ok := adjudicate(g.Plies, pos, cfg.Adjudication); ok {
			g.Result, g.Termination = res, t
			g.Detail = cfg.Adjudication.reason(t, res)
			return g, nil
		}
		side := pos.Side
		e := engines[side]
		req := Request{StartFEN: op.FEN, Moves: moves, Position: pos, Limits: cfg.Limits,
			WTime: clock[board.White], BTime: clock[board.Black]}
		if cfg.Limits.Timed() && cfg.Limits.Moves > 0 {
			req.MovesToGo = cfg.Limits.Moves - played[side]%cfg.Limits.Moves
		}
		var deadline time.Duration
		if cfg.Limits.Timed() {
			deadline = clock[side] + cfg.TimeMargin + timeout
		} else {
			deadline = timeout + 2*cfg.Limits.MoveTime
		}
		mctx, cancel := activeTimeout(ctx, deadline)
		start := time.Now()
		rep, err := e.Go(mctx, req)
		elapsed := time.Since(start)
		cancel(nil)
		if ctx.Err() != nil {
			return g, ctx.Err()
		}
		if cause := context.Cause(mctx); err != nil && errors.Is(cause, errNoReply) {
			err = fmt.Errorf("%w: %w", cause, err)
		}
		if errors.Is(err, ErrIllegalMove) {
			g.finishLoss(side, IllegalMove, err.Error())
			return g, nil
		}
		if err != nil {
			if cfg.Limits.Timed() && elapsed > clock[side]+cfg.TimeMargin {
				g.finishTime(pos, side, fmt.Sprintf("%s did not answer within its %v", e.Name(), clock[side]))
			} else {
				g.finishLoss(side, EngineFailure, fmt.Sprintf("%s: %v", e.Name(), err))
			}
			return g, &EngineError{Color: side, Err: err}
		}
		if !pos.IsLegal(rep.Move) {
			g.finishLoss(side, IllegalMove, fmt.Sprintf("%s played %s in %s", e.Name(), rep.Move.UCI(), pos.FEN()))
			return g, nil
		}
		rec := MoveRecord{Move: rep.Move, HasScore: rep.HasScore, Score: rep.Score, Mate: rep.Mate, Depth: rep.Depth, Nodes: rep.Nodes}
		if rep.Mate != 0 {
			rec.Score = mateToScore(rep.Mate)
		}
		if cfg.Limits.Timed() {
			rec.Time = elapsed
			clock[side] -= elapsed
			if clock[side] < -cfg.TimeMargin {
				g.finishTime(pos, side, fmt.Sprintf("%s overstepped by %v", e.Name(), -clock[side]))
				return g, nil
			}
			clock[side] = max(clock[side], 0) + cfg.Limits.Inc
			played[side]++
			if cfg.Limits.Moves > 0 && played[side]%cfg.Limits.Moves == 0 {
				clock[side] += cfg.Limits.Base // a new period
			}
		}
		g.Plies = append(g.Plies, rec)
		moves = append(moves, rep.Move)
		pos.MakeMove(rep.Move)
		startPonder(ctx, e, rep.Ponder, op.FEN, moves, pos, cfg.Limits, clock, played)
	}
}

// startPonder lets an engine that implements Ponderer think on its
// predicted reply while the opponent moves. A failure to start is not
// reported here: it leaves the engine broken, and its next move fails.
func startPonder(ctx context.Context, e Engine, reply board.Move, startFEN string, moves []board.Move,
	pos *board.Position, lim Limits, clock [2]time.Duration, played [2]int) {
	p, ok := e.(Ponderer)
	if !ok || reply == board.NoMove || !pos.IsLegal(reply) {
		return
	}
	if _, _, over := gameOver(pos); over {
		return
	}
	after := pos.Clone()
	after.MakeMove(reply)
	if _, _, over := gameOver(after); over {
		return
	}
	req := Request{StartFEN: startFEN, Moves: append(append([]board.Move(nil), moves...), reply), Position: after,
		Limits: lim, WTime: clock[board.White], BTime: clock[board.Black]}
	if lim.Timed() && lim.Moves > 0 {
		req.MovesToGo = lim.Moves - played[after.Side]%lim.Moves
	}
	_ = p.Ponder(ctx, req)
}

// EngineError reports that the engine playing Color failed during a game.
type EngineError struct {
	Color board.Color
	Err   error
}

func (e *EngineError) Error() string { return fmt.Sprintf("arena: %v engine: %v", e.Color, e.Err) }

func (e *EngineError) Unwrap() error { return e.Err }

func (g *Game) finishLoss(loser board.Color, t Termination, detail string) {
	g.Result = WhiteWins
	if loser == board.White {
		g.Result = BlackWins
	}
	g.Termination, g.Detail, g.FaultColor = t, detail, loser
}

// finishTime ends the game on time: a loss for the flagging side unless the
// opponent has no mating material (then a draw).
func (g *Game) finishTime(pos *board.Position, loser board.Color, detail string) {
	g.finishLoss(loser, TimeForfeit, detail)
	if !canMate(pos, loser.Other()) {
		g.Result = Draw
	}
}

// canMate reports whether c has more than a bare king or a king and one minor
// piece.
func canMate(pos *board.Position, c board.Color) bool {
	pc := &pos.Pieces[c]
	if pc[board.Pawn]|pc[board.Rook]|pc[board.Queen] != 0 {
		return true
	}
	return (pc[board.Knight] | pc[board.Bishop]).Count() > 1
}

// gameOver applies the rules of chess to pos.
func gameOver(pos *board.Position) (Termination, Result, bool) {
	if !pos.HasLegalMoves() {
		if pos.InCheck() {
			if pos.Side == board.White {
				return Checkmate, BlackWins, true
			}
			return Checkmate, WhiteWins, true
		}
		return Stalemate, Draw, true
	}
	switch {
	case pos.IsInsufficientMaterial():
		return InsufficientMaterial, Draw, true
	case pos.IsFiftyMoveDraw():
		return FiftyMoves, Draw, true
	case pos.IsRepetition(3):
		return Repetition, Draw, true
	}
	return "", NoResult, false
}

// reason describes an adjudication for the PGN (the last move's comment).
func (a Adjudication) reason(t Termination, res Result) string {
	switch t {
	case AdjudicatedResign:
		loser := "Black"
		if res == BlackWins {
			loser = "White"
		}
		return fmt.Sprintf("%s resigns: both engines scored it at least %d cp down for %d moves each", loser, a.ResignScore, a.ResignMoves)
	case AdjudicatedDraw:
		return fmt.Sprintf("draw adjudicated: both engines scored within ±%d cp for %d moves each after move %d", a.DrawScore, a.DrawMoves, a.DrawAfter)
	case MaxPliesReached:
		return fmt.Sprintf("draw adjudicated: %d engine plies played", a.MaxPlies)
	}
	return ""
}

// adjudicate applies the adjudication rules to the engine moves so far.
func adjudicate(plies []MoveRecord, pos *board.Position, a Adjudication) (Result, Termination, bool) {
	n := len(plies)
	if a.MaxPlies > 0 && n >= a.MaxPlies {
		return Draw, MaxPliesReached, true
	}
	// whiteScore returns ply i's score from White's point of view: ply i
	// was played by the side opposite to the one that moves n−i plies
	// before the current side to move.
	whiteScore := func(i int) (int, bool) {
		r := plies[i]
		if !r.HasScore {
			return 0, false
		}
		mover := pos.Side
		if (n-i)%2 == 1 {
			mover = pos.Side.Other()
		}
		if mover == board.White {
			return r.Score, true
		}
		return -r.Score, true
	}
	if a.ResignMoves > 0 && a.ResignScore > 0 && n >= 2*a.ResignMoves {
		white, black := true, true
		for i := n - 2*a.ResignMoves; i < n; i++ {
			s, ok := whiteScore(i)
			if !ok {
				white, black = false, false
				break
			}
			white = white && s >= a.ResignScore
			black = black && s <= -a.ResignScore
		}
		if white {
			return WhiteWins, AdjudicatedResign, true
		}
		if black {
			return BlackWins, AdjudicatedResign, true
		}
	}
	if a.DrawMoves > 0 && n >= 2*a.DrawMoves && pos.FullmoveNumber > a.DrawAfter {
		for i := n - 2*a.DrawMoves; i < n; i++ {
			s, ok := whiteScore(i)
			if !ok || s > a.DrawScore || s < -a.DrawScore {
				return NoResult, "", false
			}
		}
		return Draw, AdjudicatedDraw, true
	}
	return NoResult, "", false
}
