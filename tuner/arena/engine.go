package arena

import (
	"context"
	"errors"
	"time"

	"github.com/evochess/evochess/engine/board"
)

// Limits bounds the search of one move. Depth and Nodes are exact per-move
// limits (deterministic for in-process engines); MoveTime is a fixed time per
// move; Base and Inc give each side a game clock (Base > 0 turns the clock on;
// a player whose clock runs out loses on time), and Moves > 0 makes Base a
// period of that many moves (a classical "40/60" control: every Moves moves
// Base is added again). Limits may be combined.
type Limits struct {
	Depth    int
	Nodes    int
	MoveTime time.Duration
	Base     time.Duration // initial clock time per side (per period with Moves); 0 = no clock
	Inc      time.Duration // increment added after each move
	Moves    int           // moves per period (0 = sudden death)
}

// Timed reports whether the games use clocks.
func (l Limits) Timed() bool { return l.Base > 0 }

// Validate reports a limit set that cannot end a search.
func (l Limits) Validate() error {
	if l.Depth < 0 || l.Nodes < 0 || l.MoveTime < 0 || l.Base < 0 || l.Inc < 0 || l.Moves < 0 {
		return errors.New("arena: limits: negative value")
	}
	if l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0 && l.Base == 0 {
		return errors.New("arena: limits: need a depth, node, move-time or clock limit")
	}
	return nil
}

// Request is what an engine gets for one move: the game so far and the
// limits. Position is the current position with its move history (for
// repetition detection); engines must not modify it (Clone it).
type Request struct {
	StartFEN string          // the game's initial position (before book moves)
	Moves    []board.Move    // every move since StartFEN, book moves included
	Position *board.Position // the position after Moves; read-only
	Limits   Limits
	// Clocks, valid when Limits.Timed(): remaining time of each side.
	WTime, BTime time.Duration
	// MovesToGo is the number of moves the side to move has left in its
	// clock period (Limits.Moves > 0), 0 in sudden death.
	MovesToGo int
}

// Reply is an engine's answer: the move and what it reported about it.
type Reply struct {
	Move     board.Move
	HasScore bool   // Score/Mate/Depth were reported
	Score    int    // centipawns from the mover's point of view (mates mapped to ±MateScore∓plies)
	Mate     int    // moves to mate: > 0 the mover mates, < 0 the mover is mated, 0 none
	Depth    int    // nominal depth reached
	Nodes    uint64 // nodes searched
	// Ponder is the reply the engine expects (UCI "bestmove X ponder Y"),
	// NoMove if none.
	Ponder board.Move
}

// MateScore is the centipawn magnitude arena uses for a reported mate in 0.
const MateScore = 32000

// mateToScore maps "mate in n moves" (signed, mover's point of view) to
// centipawns.
func mateToScore(n int) int {
	switch {
	case n > 0:
		return MateScore - (2*n - 1)
	case n < 0:
		return -MateScore - 2*n
	}
	return 0
}

// Engine plays moves of a game. An Engine serves one game at a time and is
// not safe for concurrent use; tournaments create one per worker goroutine
// and player through Player.New.
type Engine interface {
	// Name is the engine's display name.
	Name() string
	// NewGame resets per-game state (hash tables, histories) before a game.
	NewGame(ctx context.Context) error
	// Go searches req.Position within req.Limits and returns a move. The
	// move need not be legal (the game loop checks it). ctx cancels the
	// search; an engine that hangs must return an error once ctx is done.
	Go(ctx context.Context, req Request) (Reply, error)
	// Close releases the engine (ends its process).
	Close() error
}

// Ponderer is implemented by engines that think on the opponent's time.
// After an engine's move whose Reply names a Ponder move, PlayGame calls
// Ponder with the position after both moves (req.Moves ends with the
// predicted reply) and the current clocks; the engine's next Go (a
// "ponderhit" when the opponent played the predicted move, otherwise a
// stop and a new search), NewGame or Close ends the pondering.
type Ponderer interface {
	Ponder(ctx context.Context, req Request) error
}

// Player is a tournament entrant: a display name and a factory for engines
// playing as it. New is called once per worker goroutine that needs the
// player, and again after an engine failed.
type Player struct {
	Name string
	New  func(ctx context.Context) (Engine, error)
}
