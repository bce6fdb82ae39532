package data

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"math/rand/v2"
	"slices"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
)

// Game is one finished game in compact form: the moves as engine/board
// moves (4 bytes each) and the result, so that every position can be
// replayed without keeping FEN strings (a 20,000-game file is about 7 MB).
type Game struct {
	Number int          // 1-based game number in the PGN stream
	Start  string       // FEN of the start position, "" for the standard one
	Moves  []board.Move // the moves played
	Result float64      // White's score: 1, 0.5 or 0
}

// Position returns the game's start position.
func (g *Game) Position() (*board.Position, error) {
	if g.Start == "" {
		return board.NewPosition(), nil
	}
	p, err := board.ParseFEN(g.Start)
	if err != nil {
		return nil, fmt.Errorf("data: game %d: start position: %w", g.Number, err)
	}
	return p, nil
}

// Reset sets p to the game's start position, reusing p's storage (its undo
// history is cleared).
func (g *Game) Reset(p *board.Position) error {
	fen := g.Start
	if fen == "" {
		fen = board.StartFEN
	}
	if err := p.SetFEN(fen); err != nil {
		return fmt.Errorf("data: game %d: start position: %w", g.Number, err)
	}
	return nil
}

// GameSet is the finished games of a PGN stream.
type GameSet struct {
	Games        []Game
	GamesRead    int     // games read without error
	GamesSkipped int     // games the PGN reader could not read
	Unfinished   int     // games read without a result (*) or below MinElo
	Skipped      []error // the first MaxSkippedErrors reader errors
	Digest       string  // sha256 (hex) of the input bytes and the filter
}

// ReadGames reads PGN from r (plain text; Unpack unwraps gzip and zip) and keeps
// every finished game (1-0, 0-1, 1/2-1/2) whose players are both rated at
// least minElo (0: all). Unreadable games are skipped and counted, the first
// errors kept with their game and line numbers. progress, if not nil, is
// called every 1,000 games and at the end.
func ReadGames(ctx context.Context, r io.Reader, minElo int, progress func(Progress)) (*GameSet, error) {
	gs := &GameSet{}
	st := newGameStream(ctx, r, &gs.Skipped, progress)
	for {
		g, err := st.next(len(gs.Games))
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		white, ok := gameResult(g.Result)
		if !ok || !eloOK(g, minElo) {
			gs.Unfinished++
			continue
		}
		cg := Game{Number: g.Number, Moves: slices.Clip(g.Moves), Result: white}
		if fen := g.Tag("FEN"); fen != "" {
			pos, err := g.StartPosition()
			if err != nil {
				return nil, fmt.Errorf("data: game %d: %w", g.Number, err)
			}
			cg.Start = pos.FEN()
		}
		gs.Games = append(gs.Games, cg)
	}
	gs.GamesRead, gs.GamesSkipped = st.end(len(gs.Games))
	fmt.Fprintf(st.hash, "\x00games min_elo=%d", minElo)
	gs.Digest = hex.EncodeToString(st.hash.Sum(nil))
	return gs, nil
}

// gameStream reads the games of a PGN stream for Build and ReadGames: the
// bytes are hashed as they are read (the data's digest), unreadable games
// are counted and the first MaxSkippedErrors of them kept, progress is
// called every 1,000 games, and ctx stops the reading between games.
type gameStream struct {
	ctx      context.Context
	pr       *pgn.Reader
	hash     hash.Hash
	skipped  *[]error
	progress func(Progress)
}

func newGameStream(ctx context.Context, r io.Reader, skipped *[]error, progress func(Progress)) *gameStream {
	h := sha256.New()
	return &gameStream{ctx: ctx, pr: pgn.NewReader(io.TeeReader(r, h)), hash: h, skipped: skipped, progress: progress}
}

// next returns the next readable game, or io.EOF after the last; samples
// is what the caller has kept so far, for the progress report.
func (s *gameStream) next(samples int) (*pgn.Game, error) {
	for {
		if err := s.ctx.Err(); err != nil {
			return nil, fmt.Errorf("data: after %d games: %w", s.pr.Read()+s.pr.Skipped(), err)
		}
		g, err := s.pr.Next()
		if err == io.EOF {
			return nil, err
		}
		var ge *pgn.GameError
		if errors.As(err, &ge) {
			if len(*s.skipped) < MaxSkippedErrors {
				*s.skipped = append(*s.skipped, ge)
			}
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("data: %w", err)
		}
		if s.progress != nil && (s.pr.Read()+s.pr.Skipped())%1000 == 0 {
			s.progress(Progress{GamesRead: s.pr.Read(), GamesSkipped: s.pr.Skipped(), Samples: samples})
		}
		return g, nil
	}
}

// end reports the last progress and returns the games read and skipped.
func (s *gameStream) end(samples int) (read, skipped int) {
	read, skipped = s.pr.Read(), s.pr.Skipped()
	if s.progress != nil {
		s.progress(Progress{GamesRead: read, GamesSkipped: skipped, Samples: samples})
	}
	return read, skipped
}

// Split sets of a GameSet.
const (
	SplitTrain = iota
	SplitValidation
	SplitTest
)

// GameSplit says which set each game goes to: a game is held out when a
// draw u ∈ [0, 1) from the PCG seeded with (Seed, game number) falls below
// TestPercent/100, goes to validation when it falls below (TestPercent +
// ValidationPercent)/100, and is a training game otherwise. A game's set
// depends only on the seed and its number, never on the other games, and no
// game feeds two sets.
type GameSplit struct {
	Seed              uint64
	TestPercent       int
	ValidationPercent int
}

// Validate checks the percentages.
func (s GameSplit) Validate() error {
	if s.TestPercent < 0 || s.ValidationPercent < 0 || s.TestPercent+s.ValidationPercent > 100 {
		return fmt.Errorf("data: split: test %d%% and validation %d%% must be >= 0 and sum to at most 100", s.TestPercent, s.ValidationPercent)
	}
	return nil
}

// Of returns the set (SplitTrain, SplitValidation, SplitTest) of game
// number n.
func (s GameSplit) Of(n int) int {
	u := rand.New(rand.NewPCG(s.Seed, uint64(n)^0x73706c6974)).Float64() * 100
	switch {
	case u < float64(s.TestPercent):
		return SplitTest
	case u < float64(s.TestPercent+s.ValidationPercent):
		return SplitValidation
	}
	return SplitTrain
}

// Split returns the games of each set, in file order.
func (gs *GameSet) Split(s GameSplit) (train, validation, test []Game) {
	for _, g := range gs.Games {
		switch s.Of(g.Number) {
		case SplitTest:
			test = append(test, g)
		case SplitValidation:
			validation = append(validation, g)
		default:
			train = append(train, g)
		}
	}
	return train, validation, test
}

// PositionFilter says which positions of a game are used: plies from MinPly
// (positions before it are opening theory) up to MaxPly (0: the last), and
// never a position whose side to move is in check (its static evaluation
// says little, and the quiescence search would have to search evasions).
type PositionFilter struct {
	MinPly, MaxPly int
}

// Ref names one position: game index (in the slice it was enumerated from)
// and ply.
type Ref struct {
	Game int32
	Ply  uint16
}

// Positions replays games and returns every position the filter keeps, in
// game and ply order. With limit > 0 it returns a subset of that many drawn
// with the PCG seeded by seed (still in game and ply order).
func Positions(games []Game, f PositionFilter, limit int, seed uint64) ([]Ref, error) {
	plies := 0
	for i := range games {
		plies += len(games[i].Moves)
	}
	out := make([]Ref, 0, plies)
	pos := board.NewPosition()
	for gi := range games {
		g := &games[gi]
		if err := g.Reset(pos); err != nil {
			return nil, err
		}
		for ply, m := range g.Moves {
			if f.MaxPly > 0 && ply > f.MaxPly {
				break
			}
			if ply >= f.MinPly && ply <= 0xffff && !pos.InCheck() {
				out = append(out, Ref{Game: int32(gi), Ply: uint16(ply)})
			}
			pos.MakeMove(m)
		}
	}
	if limit > 0 && len(out) > limit {
		rng := rand.New(rand.NewPCG(seed, 0x7465786c))
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		out = slices.Clone(out[:limit])
		slices.SortFunc(out, func(a, b Ref) int {
			if a.Game != b.Game {
				return int(a.Game - b.Game)
			}
			return int(a.Ply) - int(b.Ply)
		})
	}
	return slices.Clip(out), nil
}
