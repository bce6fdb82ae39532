package runner

import (
	"context"
	"fmt"
	"io"

	"github.com/evochess/evochess/engine/book"
	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/wasm/protocol"
)

// bookPlies is how many book moves an opening drawn from the bundled book
// has (as `evochess match -book` draws them).
const bookPlies = 8

// match plays the Compare tab's match (see PlayMatch), posting every game
// and the standing after it.
func (s *Session) match(id string, req *protocol.Match) {
	ctx := context.Background()
	var ops []arena.Opening
	if req.Book {
		b, err := s.openBook(ctx)
		if err != nil {
			s.fail(id, protocol.TypeMatch, err)
			return
		}
		if ops, err = arena.BookOpenings(b, max(1, req.Games/2), bookPlies, req.Seed); err != nil {
			s.fail(id, protocol.TypeMatch, fmt.Errorf("runner: match: %w", err))
			return
		}
	}
	res, err := PlayMatch(ctx, req, ops, s.host.Yield, func(g *protocol.Game, r *protocol.MatchResult) {
		s.post(id, g)
		s.post(id, r)
	})
	if err != nil {
		s.fail(id, protocol.TypeMatch, err)
		return
	}
	s.post(id, res)
}

// openBook reads the bundled Polyglot book (protocol.BookPath) through the
// host, once per session.
func (s *Session) openBook(ctx context.Context) (*book.Book, error) {
	s.mu.Lock()
	b := s.book
	s.mu.Unlock()
	if b != nil {
		return b, nil
	}
	if s.host.Fetch == nil {
		return nil, fmt.Errorf("runner: opening book %s: no fetch in this host", protocol.BookPath)
	}
	rc, _, err := s.host.Fetch(ctx, protocol.BookPath)
	if err != nil {
		return nil, fmt.Errorf("runner: opening book %s: %w", protocol.BookPath, err)
	}
	defer rc.Close()
	b, err = book.Open(io.LimitReader(rc, 64<<20))
	if err != nil {
		return nil, fmt.Errorf("runner: opening book %s: %w", protocol.BookPath, err)
	}
	s.mu.Lock()
	s.book = b
	s.mu.Unlock()
	return b, nil
}

// PlayMatch plays req.Player against each opponent in turn, req.Games games
// each (tuner/arena.Match: pairs of games on one opening with colours
// swapped) from ops (nil: the embedded 200 balanced positions), stopping
// the games against an opponent early when req.SPRT decides. onGame, if not
// nil, gets each finished game played now with the standing after it; the
// games of req.Played count as played (a resumed match). Results depend
// only on req and ops.
func PlayMatch(ctx context.Context, req *protocol.Match, ops []arena.Opening, yield func(), onGame func(*protocol.Game, *protocol.MatchResult)) (*protocol.MatchResult, error) {
	players, err := arenaPlayers("match", append([]protocol.TournamentPlayer{req.Player}, req.Opponents...), yield)
	if err != nil {
		return nil, err
	}
	if len(ops) == 0 {
		if ops, err = arena.DefaultOpenings(); err != nil {
			return nil, fmt.Errorf("runner: match: %w", err)
		}
	}
	adj := arena.DefaultAdjudication()
	if req.MaxPlies > 0 {
		adj.MaxPlies = req.MaxPlies
	}
	if err := checkPlayedNames(req); err != nil {
		return nil, err
	}
	out := &protocol.MatchResult{Player: req.Player.Name}
	for k, opp := range players[1:] {
		row := protocol.MatchRow{Opponent: opp.Name, Planned: req.Games}
		out.Rows = append(out.Rows, row)
		cfg := arena.Config{
			Game:     arena.GameConfig{Limits: arena.Limits{Depth: req.Depth, Nodes: req.Nodes}, Adjudication: adj},
			Openings: ops, Seed: req.Seed + uint64(k), Concurrency: 1,
		}
		var test *arena.SPRT
		if req.SPRT != nil {
			test = &arena.SPRT{Elo0: req.SPRT.Elo0, Elo1: req.SPRT.Elo1, Alpha: req.SPRT.Alpha, Beta: req.SPRT.Beta}
			cfg.SPRT = test
		}
		played, score, err := playedGames(req, k, players[0].Name, opp.Name, ops, cfg.Seed)
		if err != nil {
			return nil, err
		}
		cfg.Played = played
		cfg.Progress = func(p arena.Progress) {
			g := p.Game
			switch {
			case g.Result == arena.Draw:
				score.Draws++
			case (g.Result == arena.WhiteWins) == (g.White == players[0].Name):
				score.Wins++
			default:
				score.Losses++
			}
			r := &out.Rows[len(out.Rows)-1]
			fillRow(r, score, p.Penta, p.SPRT)
			if onGame != nil {
				onGame(gameMessage(g), out)
			}
		}
		res, err := arena.Match(ctx, players[0], opp, req.Games, cfg)
		if err != nil {
			return nil, fmt.Errorf("runner: match against %s: %w", opp.Name, err)
		}
		fillRow(&out.Rows[len(out.Rows)-1], res.Pair[0][1], res.Pentanomial(0, 1), res.SPRT)
	}
	out.Done = true
	return out, nil
}

// fillRow sets a row's record and statistics from the score, the pairs and
// the SPRT state (nil without a test).
func fillRow(r *protocol.MatchRow, s arena.Tally, p arena.Pentanomial, st *arena.SPRTStatus) {
	r.Games, r.Wins, r.Draws, r.Losses = s.Games(), s.Wins, s.Draws, s.Losses
	e := arena.Elo(s)
	if r.Games == 0 {
		e = arena.EloInterval{}
	}
	r.Elo, r.EloLow, r.EloHigh = protocol.ClampElo(e.Elo), protocol.ClampElo(e.Low), protocol.ClampElo(e.High)
	r.Penta = p
	pe := arena.PentanomialElo(p)
	r.PentaElo, r.PentaLow, r.PentaHigh = protocol.ClampElo(pe.Elo.Elo), protocol.ClampElo(pe.Elo.Low), protocol.ClampElo(pe.Elo.High)
	if p.Pairs() == 0 {
		r.PentaElo, r.PentaLow, r.PentaHigh = 0, -protocol.EloUnbounded, protocol.EloUnbounded
	}
	r.LOS = pe.LOS
	if st != nil {
		r.SPRT = &protocol.SPRTState{LLR: protocol.ClampElo(st.LLR), Lower: st.Lower, Upper: st.Upper, Decision: st.Decision}
	}
}

// checkPlayedNames refuses a played game that is not between the player
// and one of the opponents.
func checkPlayedNames(req *protocol.Match) error {
	opp := map[string]bool{}
	for _, o := range req.Opponents {
		opp[o.Name] = true
	}
	me := req.Player.Name
	for j, g := range req.Played {
		if !(g.White == me && opp[g.Black]) && !(g.Black == me && opp[g.White]) {
			return fmt.Errorf("runner: match: played game %d (round %d): %s–%s is not a game of this match", j+1, g.Round, g.White, g.Black)
		}
	}
	return nil
}

// playedGames turns the games of req.Played against opponent k (the games
// an earlier run posted) into arena games by schedule index, for
// arena.Config.Played, with the player's score in them. A game that is not
// the schedule's (other players, colours or round) is refused: the request
// is not the one those games came from.
func playedGames(req *protocol.Match, k int, me, opp string, ops []arena.Opening, seed uint64) ([]*arena.Game, arena.Tally, error) {
	var score arena.Tally
	schedule := arena.RoundRobinSchedule(2, req.Games, len(ops), seed)
	idx := map[string]int{me: 0, opp: 1}
	var out []*arena.Game
	for j, pg := range req.Played {
		if (pg.White != me || pg.Black != opp) && (pg.White != opp || pg.Black != me) {
			continue
		}
		g, err := scheduledGame(pg, idx, schedule, ops, arena.Limits{Depth: req.Depth, Nodes: req.Nodes})
		if err == nil && out != nil && out[g.Index] != nil {
			err = fmt.Errorf("round %d given twice", pg.Round)
		}
		if err != nil {
			return nil, score, fmt.Errorf("runner: match against %s: played game %d: %w", opp, j+1, err)
		}
		if out == nil {
			out = make([]*arena.Game, len(schedule))
		}
		out[g.Index] = g
		switch {
		case g.Result == arena.Draw:
			score.Draws++
		case (g.Result == arena.WhiteWins) == (pg.White == me):
			score.Wins++
		default:
			score.Losses++
		}
	}
	return out, score, nil
}

// scheduledGame is the arena game of a played game (a Game message of an
// earlier run): its schedule index is its round − 1, and its players (idx:
// name → player index) and colours must be that game's of the schedule.
func scheduledGame(pg protocol.Game, idx map[string]int, schedule []arena.Pairing, ops []arena.Opening, lim arena.Limits) (*arena.Game, error) {
	i := pg.Round - 1
	if i < 0 || i >= len(schedule) {
		return nil, fmt.Errorf("round %d outside 1..%d", pg.Round, len(schedule))
	}
	p := schedule[i]
	w, okw := idx[pg.White]
	b, okb := idx[pg.Black]
	if !okw || !okb || w != p.White || b != p.Black {
		return nil, fmt.Errorf("round %d is %s–%s, the schedule's is another pairing or the other colours; the games are not this request's", pg.Round, pg.White, pg.Black)
	}
	g := &arena.Game{Index: i, White: pg.White, Black: pg.Black, WhiteIndex: p.White, BlackIndex: p.Black,
		Opening: ops[p.Opening], Termination: arena.Termination(pg.Reason), Limits: lim}
	switch pg.Result {
	case "1-0":
		g.Result = arena.WhiteWins
	case "0-1":
		g.Result = arena.BlackWins
	case "1/2-1/2":
		g.Result = arena.Draw
	default:
		return nil, fmt.Errorf("round %d: result %q", pg.Round, pg.Result)
	}
	return g, nil
}
