package runner

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/engine/strength"
	"github.com/evochess/evochess/wasm/protocol"
)

// searchHashMB is the transposition table of a play search.
const searchHashMB = 16

// bookStream is the PCG stream of play's book choices.
const bookStream = 0x706c6179 // "play"

// startSearch starts a search for play; stop-search with the same id ends it.
func (s *Session) startSearch(id string, req *protocol.Search) {
	pos, err := searchPosition(req)
	if err != nil {
		s.fail(id, protocol.TypeSearch, err)
		return
	}
	ev, params, err := playerFromJSON(req.Player)
	if err != nil {
		s.fail(id, protocol.TypeSearch, err)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	if req.Book {
		b, err := s.openBook(ctx)
		if err != nil {
			cancel()
			s.fail(id, protocol.TypeSearch, err)
			return
		}
		if m, ok := b.Probe(pos, rand.New(rand.NewPCG(req.Seed, pos.Hash^bookStream))); ok {
			cancel()
			s.post(id, &protocol.BestMove{Move: m.UCI(), Book: true})
			return
		}
	}
	s.mu.Lock()
	if old := s.searches[id]; old != nil {
		old()
	}
	s.searches[id] = cancel
	s.mu.Unlock()
	lim := search.Limits{Depth: req.Depth, Nodes: uint64(req.Nodes), MoveTime: time.Duration(req.MoveTimeMS) * time.Millisecond,
		MultiPV: req.MultiPV} // MultiPV > 1 only at full strength (protocol.Search.Validate)
	if lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 {
		lim.Depth = 6
	}
	s.goRun(func() {
		defer func() {
			s.mu.Lock()
			delete(s.searches, id)
			s.mu.Unlock()
			cancel()
		}()
		sr := search.NewSearcher(ev, params, searchHashMB)
		sr.Yield = s.host.Yield
		if s.host.Yield != nil {
			sr.YieldInterval = 2048
		}
		res := strength.Search(ctx, sr, pos, lim, strength.ForElo(req.Elo), req.Seed, func(in search.Info) {
			s.post(id, &protocol.Info{Depth: in.Depth, SelDepth: in.SelDepth, Score: in.Score, Mate: in.Mate,
				Nodes: in.Nodes, TimeMS: in.Time.Milliseconds(), PV: uciMoves(in.PV), MultiPV: in.MultiPV})
		})
		bm := &protocol.BestMove{Move: "0000", Score: res.Score, Mate: res.Mate, Depth: res.Depth, Nodes: res.Nodes}
		if res.Best != board.NoMove {
			bm.Move = res.Best.UCI()
		}
		if res.Ponder != board.NoMove {
			bm.Ponder = res.Ponder.UCI()
		}
		for _, l := range res.Lines {
			bm.Lines = append(bm.Lines, protocol.SearchLine{Score: l.Score, Mate: l.Mate, PV: uciMoves(l.PV)})
		}
		s.post(id, bm)
	})
}

// stopSearch ends the search started under id (it still sends bestmove).
func (s *Session) stopSearch(id string) {
	s.mu.Lock()
	cancel := s.searches[id]
	s.mu.Unlock()
	if cancel == nil {
		s.fail(id, protocol.TypeStopSearch, fmt.Errorf("runner: no search %q running", id))
		return
	}
	cancel()
}

// searchPosition plays req.Moves from req.FEN (or the start position).
func searchPosition(req *protocol.Search) (*board.Position, error) {
	pos := board.NewPosition()
	if req.FEN != "" {
		p, _, err := board.ParseFENLoose(req.FEN)
		if err != nil {
			return nil, fmt.Errorf("runner: search: %w", err)
		}
		pos = p
	}
	for i, s := range req.Moves {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			return nil, fmt.Errorf("runner: search: move %d: %w", i+1, err)
		}
		pos.MakeMove(m)
	}
	return pos, nil
}
