package arena

import (
	"context"
	"errors"
	"sort"
	"time"

	"github.com/evochess/evochess/engine/board"
)

// fakeEngine is a deterministic test engine: it plays a legal move chosen by
// the position hash mixed with seed, preferring captures, and reports the
// material balance as its score. Misbehaviours are switched on by fields.
type fakeEngine struct {
	name       string
	seed       uint64
	noScore    bool
	noCaptures bool          // avoid captures when another move exists (a weak player)
	illegalAt  int           // ply (0-based count of own moves) at which to answer a1a1; -1 off
	failAt     int           // own move at which Go returns an error; -1 off
	hangAt     int           // own move at which Go blocks until ctx ends; -1 off
	hanging    chan struct{} // if not nil, closed when the hang starts
	delay      time.Duration // think this long per move, then fail if ctx has ended (as the in-process engine does)
	newGameErr error
	moves      int // own moves this game
	games      int
	closed     bool
}

func newFake(name string, seed uint64) *fakeEngine {
	return &fakeEngine{name: name, seed: seed, illegalAt: -1, failAt: -1, hangAt: -1}
}

func (f *fakeEngine) Name() string { return f.name }

func (f *fakeEngine) NewGame(ctx context.Context) error {
	f.moves = 0
	f.games++
	return f.newGameErr
}

var pieceValue = [6]int{100, 300, 300, 500, 900, 0}

func material(pos *board.Position) int {
	s := 0
	for pt := board.Pawn; pt < board.King; pt++ {
		s += pieceValue[pt] * (pos.Pieces[pos.Side][pt].Count() - pos.Pieces[pos.Side.Other()][pt].Count())
	}
	return s
}

func (f *fakeEngine) Go(ctx context.Context, req Request) (Reply, error) {
	n := f.moves
	f.moves++
	switch n {
	case f.illegalAt:
		return Reply{Move: board.NoMove}, nil
	case f.failAt:
		return Reply{}, errors.New("fake failure")
	case f.hangAt:
		if f.hanging != nil {
			close(f.hanging)
		}
		<-ctx.Done()
		return Reply{}, ctx.Err()
	}
	if f.delay > 0 {
		time.Sleep(f.delay)
		if err := ctx.Err(); err != nil {
			return Reply{}, err
		}
	}
	moves := req.Position.LegalMoves()
	sort.Slice(moves, func(i, j int) bool { return moves[i] < moves[j] })
	var caps []board.Move
	for _, m := range moves {
		if m.IsCapture() {
			caps = append(caps, m)
		}
	}
	if f.noCaptures && len(caps) < len(moves) {
		quiet := moves[:0:0]
		for _, m := range moves {
			if !m.IsCapture() {
				quiet = append(quiet, m)
			}
		}
		moves = quiet
	} else if len(caps) > 0 {
		moves = caps
	}
	h := req.Position.Hash ^ f.seed
	h ^= h >> 31
	h *= 0x9e3779b97f4a7c15
	m := moves[(h>>33)%uint64(len(moves))]
	rep := Reply{Move: m, Depth: 1, Nodes: uint64(len(moves))}
	if !f.noScore {
		rep.HasScore = true
		rep.Score = material(req.Position)
	}
	if req.Limits.MoveTime > 0 {
		select {
		case <-time.After(req.Limits.MoveTime):
		case <-ctx.Done():
		}
	}
	return rep, nil
}

func (f *fakeEngine) Close() error { f.closed = true; return nil }

// fakePlayer returns a player whose engines are fakes built by mk.
func fakePlayer(name string, mk func() *fakeEngine) Player {
	return Player{Name: name, New: func(context.Context) (Engine, error) { return mk(), nil }}
}
