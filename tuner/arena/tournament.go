package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"sync"
)

// Pairing is one scheduled game: player indices and an opening index.
type Pairing struct {
	White, Black int
	Opening      int
}

// Config configures a tournament.
type Config struct {
	Game     GameConfig
	Openings []Opening // empty: every game starts from the initial position
	// Seed shuffles the opening book; the schedule and, for engines at fixed
	// depth or nodes, every result depend only on it.
	Seed uint64
	// Concurrency is the number of games played at once (0 = one per CPU:
	// all cores natively, 1 under js/wasm). Each worker keeps its own
	// engines, so UCI engines run as that many processes.
	Concurrency int
	// SPRT, if set, makes a two-player schedule sequential: after each game
	// pair completes (counted in schedule order, so that the result does not
	// depend on the concurrency), the test is evaluated on the pentanomial
	// counts of player 0 against player 1, and the tournament stops as soon
	// as the LLR crosses a bound. Games scheduled after that point are
	// cancelled and dropped from the Results. Pairs are consecutive games
	// of the same opening with colours swapped (RoundRobinSchedule's order).
	SPRT *SPRT
	// Progress, if set, is called after each game in completion order, from
	// one goroutine at a time.
	Progress func(Progress)
	// PGN, if set, receives every game in schedule order.
	PGN     io.Writer
	PGNTags PGNTags
	// Prior is the number of virtual draws per pair for the pool ratings
	// (default 1; negative means 0).
	Prior float64
	// Played holds games of the schedule already played, by schedule index
	// (nil entries, and indices past its end, are played): a stopped match
	// resumes with the rest. Each must be the game of its index (its
	// players and opening); it counts as finished as if just played, but
	// Progress is called only for the games played now.
	Played []*Game
}

// Progress reports one finished game.
type Progress struct {
	Done, Total int
	Game        *Game
	// Penta counts the completed pairs of player 0 against player 1 among
	// the games finished so far in schedule order.
	Penta Pentanomial
	// SPRT is the test's state on Penta when Config.SPRT is set.
	SPRT *SPRTStatus
}

// Standing is one player's line of the tournament table.
type Standing struct {
	Player int
	Name   string
	Score  Tally       // against everyone
	Rating Rating      // pool rating (mean 0)
	Perf   EloInterval // Elo implied by Score against the average opponent
}

// Results is a finished tournament.
type Results struct {
	Players  []string
	Games    []*Game   // in schedule order
	Schedule []Pairing // the pairings of Games
	Pair     [][]Tally // Pair[i][j]: i's score against j
	Table    []Standing
	// SPRT is the final state of Config.SPRT (nil without one). When the
	// test stopped the tournament, Games holds only the games up to the
	// deciding pair.
	SPRT *SPRTStatus
}

// Pentanomial returns player i's game pairs against j (see PairGames).
func (r *Results) Pentanomial(i, j int) Pentanomial {
	p, _ := PairGames(r.Games, i, j)
	return p
}

// Points returns each player's points (win 1, draw ½, loss 0) as
// half-points, the tournament fitness used by the tuner.
func (r *Results) Points() []int {
	out := make([]int, len(r.Players))
	for i := range r.Players {
		s := r.Total(i)
		out[i] = 2*s.Wins + s.Draws
	}
	return out
}

// Total returns player i's score against everyone.
func (r *Results) Total(i int) Tally {
	var s Tally
	for j := range r.Pair[i] {
		s = s.Add(r.Pair[i][j])
	}
	return s
}

// RoundRobinSchedule returns the games of a round robin: every pair plays
// gamesPerPair games, alternating colours, each consecutive two sharing an
// opening (so both sides play it with each colour). Openings rotate through
// a seed-shuffled permutation of numOpenings so that pairs see different
// openings; with numOpenings 0 every game uses opening index 0.
func RoundRobinSchedule(players, gamesPerPair, numOpenings int, seed uint64) []Pairing {
	perm := []int{0}
	if numOpenings > 0 {
		perm = rand.New(rand.NewPCG(seed, openingStream)).Perm(numOpenings)
	}
	per := (gamesPerPair + 1) / 2 // openings per pair
	var out []Pairing
	pair := 0
	for i := 0; i < players; i++ {
		for j := i + 1; j < players; j++ {
			for g := 0; g < gamesPerPair; g++ {
				w, b := i, j
				if (g+pair)%2 == 1 {
					w, b = j, i
				}
				op := perm[(pair*per+g/2)%len(perm)]
				out = append(out, Pairing{White: w, Black: b, Opening: op})
			}
			pair++
		}
	}
	return out
}

// RoundRobin plays a round robin of gamesPerPair games per pair (see
// RoundRobinSchedule) and rates the players.
func RoundRobin(ctx context.Context, players []Player, gamesPerPair int, cfg Config) (*Results, error) {
	if gamesPerPair <= 0 {
		return nil, fmt.Errorf("arena: round robin: games per pair %d, want > 0", gamesPerPair)
	}
	return Run(ctx, players, RoundRobinSchedule(len(players), gamesPerPair, len(cfg.Openings), cfg.Seed), cfg)
}

// Match plays games between a and b (a round robin of two).
func Match(ctx context.Context, a, b Player, games int, cfg Config) (*Results, error) {
	return RoundRobin(ctx, []Player{a, b}, games, cfg)
}

// Run plays the scheduled games with cfg.Concurrency workers. Each worker
// creates engines through Player.New when first needed and reuses them for
// later games (NewGame between games); an engine that failed in a game is
// closed and recreated. Results are stored by schedule index, so with
// deterministic engines they do not depend on the concurrency. Run returns
// an error when ctx ends or a player's engine cannot be created.
func Run(ctx context.Context, players []Player, schedule []Pairing, cfg Config) (*Results, error) {
	if len(players) < 2 {
		return nil, fmt.Errorf("arena: need at least 2 players, got %d", len(players))
	}
	if err := cfg.Game.Limits.Validate(); err != nil {
		return nil, err
	}
	openings := cfg.Openings
	if len(openings) == 0 {
		openings = []Opening{StartOpening()}
	}
	for i, p := range schedule {
		if p.White < 0 || p.White >= len(players) || p.Black < 0 || p.Black >= len(players) || p.White == p.Black {
			return nil, fmt.Errorf("arena: schedule game %d: bad players %d, %d", i+1, p.White, p.Black)
		}
		if p.Opening < 0 || p.Opening >= len(openings) {
			return nil, fmt.Errorf("arena: schedule game %d: opening %d of %d", i+1, p.Opening, len(openings))
		}
	}
	for i, p := range players {
		if p.New == nil {
			return nil, fmt.Errorf("arena: player %d (%s) has no engine factory", i, p.Name)
		}
	}
	if cfg.SPRT != nil {
		if len(players) != 2 {
			return nil, fmt.Errorf("arena: sprt needs exactly 2 players, got %d", len(players))
		}
		if err := cfg.SPRT.Validate(); err != nil {
			return nil, err
		}
	}
	if len(cfg.Played) > len(schedule) {
		return nil, fmt.Errorf("arena: %d games played for a schedule of %d", len(cfg.Played), len(schedule))
	}
	toPlay := len(schedule)
	for i, g := range cfg.Played {
		if g == nil {
			continue
		}
		p := schedule[i]
		if g.Index != i || g.WhiteIndex != p.White || g.BlackIndex != p.Black || openingKey(g.Opening) != openingKey(openings[p.Opening]) || g.Result == NoResult {
			return nil, fmt.Errorf("arena: played game %d is not the schedule's game %d (players %d-%d, opening %q)", g.Index+1, i+1, p.White, p.Black, openings[p.Opening].Name)
		}
		toPlay--
	}
	workers := cfg.Concurrency
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(toPlay, 1))

	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	type done struct {
		idx  int
		game *Game
		err  error
	}
	results := make(chan done)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			engines := make(map[int]Engine)
			defer func() {
				for _, e := range engines {
					_ = e.Close()
				}
			}()
			get := func(i int) (Engine, error) {
				if e, ok := engines[i]; ok {
					return e, nil
				}
				e, err := players[i].New(ctx)
				if err != nil {
					return nil, fmt.Errorf("arena: start %s: %w", players[i].Name, err)
				}
				engines[i] = e
				return e, nil
			}
			for idx := range jobs {
				p := schedule[idx]
				g, err := func() (*Game, error) {
					we, err := get(p.White)
					if err != nil {
						return nil, err
					}
					be, err := get(p.Black)
					if err != nil {
						return nil, err
					}
					g, err := PlayGame(ctx, we, be, openings[p.Opening], cfg.Game)
					var ee *EngineError
					if errors.As(err, &ee) {
						broken := p.White
						if ee.Color == 1 {
							broken = p.Black
						}
						_ = engines[broken].Close()
						delete(engines, broken)
						err = nil
					}
					return g, err
				}()
				if g != nil {
					g.Index, g.WhiteIndex, g.BlackIndex = idx, p.White, p.Black
					g.White, g.Black = players[p.White].Name, players[p.Black].Name
				}
				select {
				case results <- done{idx, g, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range schedule {
			if i < len(cfg.Played) && cfg.Played[i] != nil {
				continue
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	res := &Results{Games: make([]*Game, len(schedule)), Schedule: schedule}
	for _, p := range players {
		res.Players = append(res.Players, p.Name)
	}
	var firstErr error
	prefix, finished := 0, 0 // games 0..prefix-1 all finished
	stopAt := -1             // the SPRT's deciding prefix
	pairs := newPairTracker(0, 1)
	var status *SPRTStatus
	if cfg.SPRT != nil {
		st := cfg.SPRT.Status(Pentanomial{})
		status = &st
	}
	// advance takes the finished games in schedule order: PGN, pairs, SPRT.
	advance := func() {
		for stopAt < 0 && prefix < len(schedule) && res.Games[prefix] != nil {
			g := res.Games[prefix]
			prefix++
			if cfg.PGN != nil {
				if err := WritePGN(cfg.PGN, g, cfg.PGNTags); err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
			}
			if pairs.add(g) && cfg.SPRT != nil {
				st := cfg.SPRT.Status(pairs.penta)
				status = &st
				if st.Decision != SPRTContinue {
					stopAt = prefix
					cancel()
				}
			}
		}
	}
	for i, g := range cfg.Played {
		if g != nil {
			res.Games[i] = g
			finished++
		}
	}
	advance()
	for d := range results {
		if stopAt >= 0 {
			continue // games after the decision are dropped
		}
		if d.err != nil {
			if firstErr == nil {
				firstErr = d.err
				cancel()
			}
			continue
		}
		if firstErr != nil {
			continue
		}
		res.Games[d.idx] = d.game
		finished++
		advance()
		if cfg.Progress != nil {
			cfg.Progress(Progress{Done: finished, Total: len(schedule), Game: d.game, Penta: pairs.penta, SPRT: status})
		}
	}
	res.SPRT = status
	if stopAt >= 0 && firstErr == nil {
		if err := parent.Err(); err != nil {
			return nil, fmt.Errorf("arena: tournament stopped after %d of %d games: %w", stopAt, len(schedule), err)
		}
		res.Games, res.Schedule = res.Games[:stopAt], schedule[:stopAt]
		finished = stopAt
	}
	if firstErr != nil {
		if err := parent.Err(); err != nil && stopAt < 0 {
			// The games in play failed because the context ended.
			return nil, res.stopped(finished, len(schedule), cfg.Prior, err)
		}
		return nil, firstErr
	}
	if finished < len(res.Games) {
		if err := parent.Err(); err != nil {
			return nil, res.stopped(finished, len(schedule), cfg.Prior, err)
		}
		return nil, fmt.Errorf("arena: tournament stopped after %d of %d games", finished, len(schedule))
	}
	if err := res.tally(cfg.Prior); err != nil {
		return nil, err
	}
	return res, nil
}

// StoppedError is RoundRobin's error when its context ended the tournament
// before every game was played: Partial holds the finished games (in
// schedule order, with their pairings) and their standings, for a report of
// where it stood.
type StoppedError struct {
	Finished, Total int
	Partial         *Results // nil if the finished games could not be tallied
	Err             error    // the context's error
}

func (e *StoppedError) Error() string {
	return fmt.Sprintf("arena: tournament stopped after %d of %d games: %v", e.Finished, e.Total, e.Err)
}

func (e *StoppedError) Unwrap() error { return e.Err }

// stopped returns the StoppedError of r, whose finished games are the
// non-nil entries of r.Games.
func (r *Results) stopped(finished, total int, prior float64, err error) error {
	p := &Results{Players: r.Players, SPRT: r.SPRT}
	for i, g := range r.Games {
		if g != nil {
			p.Games = append(p.Games, g)
			p.Schedule = append(p.Schedule, r.Schedule[i])
		}
	}
	if p.tally(prior) != nil {
		p = nil
	}
	return &StoppedError{Finished: finished, Total: total, Partial: p, Err: err}
}

// tally fills Pair and Table from Games.
func (r *Results) tally(prior float64) error {
	n := len(r.Players)
	r.Pair = make([][]Tally, n)
	for i := range r.Pair {
		r.Pair[i] = make([]Tally, n)
	}
	for _, g := range r.Games {
		w, b := g.WhiteIndex, g.BlackIndex
		switch g.Result {
		case WhiteWins:
			r.Pair[w][b].Wins++
			r.Pair[b][w].Losses++
		case BlackWins:
			r.Pair[w][b].Losses++
			r.Pair[b][w].Wins++
		case Draw:
			r.Pair[w][b].Draws++
			r.Pair[b][w].Draws++
		}
	}
	var tallies []PairTally
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if r.Pair[i][j].Games() > 0 {
				tallies = append(tallies, PairTally{I: i, J: j, Score: r.Pair[i][j]})
			}
		}
	}
	if prior == 0 {
		prior = 1
	}
	ratings, err := PoolRatings(n, tallies, max(prior, 0))
	if err != nil {
		return err
	}
	r.Table = make([]Standing, n)
	for i := range r.Table {
		s := r.Total(i)
		r.Table[i] = Standing{Player: i, Name: r.Players[i], Score: s, Rating: ratings[i], Perf: Elo(s)}
	}
	return nil
}

// openingStream is the PCG stream of the opening shuffle.
const openingStream = 0x6f70656e // "open"

// RandomSchedule returns a schedule in which every one of players plays at
// least minGames games against randomly drawn opponents (Phoenix's
// multi-niche crowding fitness: "at least 3 games each"). It is built in
// rounds: each round shuffles the players and pairs neighbours; with an odd
// count the last player meets a random other one. Colours alternate with
// the player's games so far, and every game gets the next opening of a
// seed-shuffled order. The result depends only on the arguments.
func RandomSchedule(players, minGames, numOpenings int, seed uint64) []Pairing {
	if players < 2 || minGames <= 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, scheduleStream))
	perm := []int{0}
	if numOpenings > 0 {
		perm = rand.New(rand.NewPCG(seed, openingStream)).Perm(numOpenings)
	}
	games := make([]int, players)
	whites := make([]int, players)
	var out []Pairing
	add := func(a, b int) {
		// The player with fewer white games so far takes white.
		if whites[b]*2-games[b] < whites[a]*2-games[a] {
			a, b = b, a
		}
		out = append(out, Pairing{White: a, Black: b, Opening: perm[len(out)%len(perm)]})
		games[a]++
		games[b]++
		whites[a]++
	}
	for {
		done := true
		for _, g := range games {
			if g < minGames {
				done = false
				break
			}
		}
		if done {
			return out
		}
		order := rng.Perm(players)
		for i := 0; i+1 < players; i += 2 {
			add(order[i], order[i+1])
		}
		if players%2 == 1 {
			last := order[players-1]
			other := order[rng.IntN(players-1)]
			add(last, other)
		}
	}
}

// scheduleStream is the PCG stream of RandomSchedule's pairings.
const scheduleStream = 0x70616972 // "pair"
