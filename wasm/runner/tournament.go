package runner

import (
	"bytes"
	"context"
	"fmt"
	"math"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/wasm/protocol"
)

// arenaPlayers makes tuner/arena players of the request's entrants (player
// files or engine/eval presets), searching with their own weights and search
// parameters; what names the request in errors.
func arenaPlayers(what string, tps []protocol.TournamentPlayer, yield func()) ([]arena.Player, error) {
	players := make([]arena.Player, len(tps))
	for i, tp := range tps {
		var (
			p   *player.Player
			err error
		)
		if tp.Preset != "" {
			p, err = player.FromPreset(tp.Preset)
		} else {
			p, err = player.Load(bytes.NewReader(tp.Player))
		}
		if err != nil {
			return nil, fmt.Errorf("runner: %s: player %s: %w", what, tp.Name, err)
		}
		w, err := p.Vector()
		if err != nil {
			return nil, fmt.Errorf("runner: %s: player %s: %w", what, tp.Name, err)
		}
		sp, err := p.SearchParams()
		if err != nil {
			return nil, fmt.Errorf("runner: %s: player %s: %w", what, tp.Name, err)
		}
		sc, err := eval.Lookup(p.Scheme)
		if err != nil {
			return nil, fmt.Errorf("runner: %s: player %s: %w", what, tp.Name, err)
		}
		ap, err := arena.InProcess{Name: tp.Name, Scheme: sc, Weights: w, Search: sp, Yield: yield}.Player()
		if err != nil {
			return nil, fmt.Errorf("runner: %s: %w", what, err)
		}
		players[i] = ap
	}
	return players, nil
}

// tournament plays a round robin between the requested players (the Compare
// tab) with tuner/arena, reporting each game and the final table.
func (s *Session) tournament(id string, req *protocol.Tournament) {
	res, err := PlayTournament(context.Background(), req, s.host.Yield, 1, func(g *protocol.Game) { s.post(id, g) })
	if err != nil {
		s.fail(id, protocol.TypeTournament, err)
		return
	}
	s.post(id, res)
}

// PlayTournament runs req: every pair plays GamesPerPair games from the
// embedded opening book (shuffled with Seed) at the request's depth or node
// limit. Results depend only on req. onGame, if not nil, gets every finished
// game played now, in completion order; the games of req.Played count as
// played (a resumed round robin).
func PlayTournament(ctx context.Context, req *protocol.Tournament, yield func(), concurrency int, onGame func(*protocol.Game)) (*protocol.TournamentResult, error) {
	players, err := arenaPlayers("tournament", req.Players, yield)
	if err != nil {
		return nil, err
	}
	ops, err := arena.DefaultOpenings()
	if err != nil {
		return nil, fmt.Errorf("runner: tournament: %w", err)
	}
	adj := arena.DefaultAdjudication()
	if req.MaxPlies > 0 {
		adj.MaxPlies = req.MaxPlies
	}
	cfg := arena.Config{
		Game:     arena.GameConfig{Limits: arena.Limits{Depth: req.Depth, Nodes: req.Nodes}, Adjudication: adj},
		Openings: ops, Seed: req.Seed, Concurrency: max(1, concurrency),
	}
	if onGame != nil {
		cfg.Progress = func(p arena.Progress) {
			onGame(gameMessage(p.Game))
		}
	}
	if len(req.Played) > 0 {
		idx := map[string]int{}
		for i, p := range players {
			idx[p.Name] = i
		}
		schedule := arena.RoundRobinSchedule(len(players), req.GamesPerPair, len(ops), req.Seed)
		cfg.Played = make([]*arena.Game, len(schedule))
		for j, pg := range req.Played {
			g, err := scheduledGame(pg, idx, schedule, ops, cfg.Game.Limits)
			if err == nil && cfg.Played[g.Index] != nil {
				err = fmt.Errorf("round %d given twice", pg.Round)
			}
			if err != nil {
				return nil, fmt.Errorf("runner: tournament: played game %d: %w", j+1, err)
			}
			cfg.Played[g.Index] = g
		}
	}
	res, err := arena.RoundRobin(ctx, players, req.GamesPerPair, cfg)
	if err != nil {
		return nil, fmt.Errorf("runner: tournament: %w", err)
	}
	out := &protocol.TournamentResult{}
	for _, st := range res.Table {
		sc := st.Score
		row := protocol.Standing{Name: st.Name, Games: sc.Games(), Wins: sc.Wins, Draws: sc.Draws, Losses: sc.Losses,
			Points: sc.Points(), Elo: st.Rating.Elo, EloMargin: st.Rating.Margin}
		if math.IsInf(row.EloMargin, 0) || math.IsNaN(row.EloMargin) {
			row.EloMargin = 0
		}
		if math.IsInf(row.Elo, 0) || math.IsNaN(row.Elo) {
			row.Elo = 0
		}
		out.Standings = append(out.Standings, row)
	}
	return out, nil
}

// gameMessage is the Game message of a finished game, with its start
// position and moves (for the Compare tab's replay and PGN).
func gameMessage(g *arena.Game) *protocol.Game {
	moves := g.Moves()
	m := &protocol.Game{Round: g.Index + 1, White: g.White, Black: g.Black, Result: g.Result.String(),
		Reason: string(g.Termination), Plies: len(moves), FEN: g.Opening.FEN, Moves: make([]string, len(moves))}
	for i, mv := range moves {
		m.Moves[i] = mv.UCI()
	}
	return m
}
