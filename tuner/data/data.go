// Package data turns grandmaster games into the position samples that
// move-matching and Texel fitness functions score candidates on.
//
// Techniques, by file:
//
//   - protocol.go: the named sampling protocols ("david", "all") with their
//     filters (minimum Elo, ply range, forced-move skipping, size caps), and
//     where the papers are silent, the choices made here.
//   - games.go: ReadGames keeps every finished game compactly (moves, not
//     FEN strings) for Texel tuning over all positions; GameSplit assigns
//     each game to training, validation or held out from the seed and its
//     number alone; Positions enumerates the positions a PositionFilter
//     keeps (from a ply, never in check), optionally a seeded subset.
//   - data.go: Build streams PGN through engine/pgn, replays each game once
//     (twice for the one sampled position of "david"), splits train/test by
//     game with a seeded shuffle, and fingerprints inputs and protocol in a
//     sha256 Digest.
//   - unpack.go: Unpack sniffs gzip and zip input (TWIC's and most PGN
//     sites' archives) and returns the PGN text; other compressed formats
//     and archives (zstd, as lichess's database is, bzip2, xz, 7z, RAR) are
//     known by their magic bytes (pgn.Compressed) and refused with an error
//     saying how to unpack them.
//
// Every random choice comes from math/rand/v2 PCG streams keyed by the seed
// and the game number, so a sample does not depend on the order or the number
// of other games that pass the filters.
package data

import (
	"cmp"
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
)

// Sample is one position from a game with the move the grandmaster played.
type Sample struct {
	FEN    string     `json:"fen"`    // the position
	Move   board.Move `json:"move"`   // the move played in the game
	Result float64    `json:"result"` // final result from the side to move: 1 win, 0.5 draw, 0 loss
	Game   int        `json:"game"`   // 1-based game number in the PGN stream
	Ply    int        `json:"ply"`    // moves played from the game's start position before this one
}

// Position parses the sample's FEN.
func (s Sample) Position() (*board.Position, error) {
	p, err := board.ParseFEN(s.FEN)
	if err != nil {
		return nil, fmt.Errorf("data: sample of game %d ply %d: %w", s.Game, s.Ply, err)
	}
	return p, nil
}

// Dataset is a train/test split of samples and what it was built from.
type Dataset struct {
	Protocol     Protocol `json:"protocol"`
	Train        []Sample `json:"train"`
	Test         []Sample `json:"test"`
	GamesRead    int      `json:"games_read"`    // games read without error
	GamesSkipped int      `json:"games_skipped"` // games the PGN reader could not read
	GamesUsed    int      `json:"games_used"`    // games that gave at least one sample before capping
	// TrainAvailable and TestAvailable are the samples each split had
	// before the Protocol.Positions cap (what a larger cap could give).
	TrainAvailable int     `json:"train_available"`
	TestAvailable  int     `json:"test_available"`
	Skipped        []error `json:"-"`      // the first MaxSkippedErrors reader errors
	Digest         string  `json:"digest"` // sha256 (hex) of the input bytes, protocol and seed
}

// MaxSkippedErrors is how many reader errors a Dataset keeps.
const MaxSkippedErrors = 10

// Progress reports how far Build has got.
type Progress struct {
	GamesRead, GamesSkipped, Samples int
}

// gameResult returns White's score (1, 0.5, 0) for a PGN result, false for "*"
// or anything else.
func gameResult(res string) (float64, bool) {
	switch res {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2":
		return 0.5, true
	}
	return 0, false
}

// eloOK reports whether both players' Elo tags are numbers ≥ min (always true for min ≤ 0).
func eloOK(g *pgn.Game, min int) bool {
	if min <= 0 {
		return true
	}
	for _, tag := range []string{"WhiteElo", "BlackElo"} {
		e, err := strconv.Atoi(g.Tag(tag))
		if err != nil || e < min {
			return false
		}
	}
	return true
}

// gameSamples holds the samples of one game before the split, without
// their FENs: only the kept samples get one (fillFENs), replayed from the
// game's start position and moves.
type gameSamples struct {
	game    int
	start   *pgn.Game // the game's start position and its moves up to its last sample
	samples []Sample
}

// Build reads PGN from r (plain text; Unpack unwraps gzip and zip) and samples it
// with protocol p. progress, if not nil, is called every 1,000 games and at
// the end. ctx cancels the reading.
func Build(ctx context.Context, r io.Reader, p Protocol, progress func(Progress)) (*Dataset, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	ds := &Dataset{Protocol: p}
	st := newGameStream(ctx, r, &ds.Skipped, progress)
	var games []gameSamples
	total := 0
	var ml board.MoveList
	eligible := make([]int, 0, 256)
	for {
		g, err := st.next(total)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		white, ok := gameResult(g.Result)
		if !ok || !eloOK(g, p.MinElo) {
			continue
		}
		if p.Name == "david" && white == 0.5 {
			continue
		}
		pos, err := g.StartPosition()
		if err != nil {
			return nil, fmt.Errorf("data: %w", err)
		}
		startSide := pos.Side
		// Pass 1: the eligible plies.
		eligible = eligible[:0]
		maxPly := len(g.Moves) - 1
		if p.MaxPly > 0 && p.MaxPly < maxPly {
			maxPly = p.MaxPly
		}
		for ply, m := range g.Moves {
			if ply > maxPly {
				break
			}
			if ply >= p.MinPly {
				ok := true
				if p.Name == "david" {
					// The side to move went on to win.
					ok = (pos.Side == board.White) == (white == 1)
				}
				if ok && p.SkipForced {
					pos.GenerateLegal(&ml)
					ok = ml.N > 1
				}
				if ok {
					eligible = append(eligible, ply)
				}
			}
			pos.MakeMove(m)
		}
		if len(eligible) == 0 {
			continue
		}
		var plies []int
		if p.Name == "david" {
			rng := rand.New(rand.NewPCG(p.Seed, uint64(g.Number)))
			plies = []int{eligible[rng.IntN(len(eligible))]}
		} else {
			plies = eligible
		}
		// The chosen plies, their FENs left for the kept ones (fillFENs):
		// the "all" protocol chooses every eligible ply, and a run keeps a
		// few thousand of them.
		gs := gameSamples{game: g.Number, samples: make([]Sample, 0, len(plies)),
			start: &pgn.Game{Number: g.Number, Line: g.Line, FEN: g.FEN, Moves: g.Moves[:plies[len(plies)-1]+1]}}
		for _, ply := range plies {
			res := white
			if (startSide == board.Black) != (ply%2 == 1) {
				res = 1 - white
			}
			gs.samples = append(gs.samples, Sample{Move: g.Moves[ply], Result: res, Game: g.Number, Ply: ply})
		}
		total += len(gs.samples)
		games = append(games, gs)
	}
	ds.GamesRead, ds.GamesSkipped = st.end(total)
	ds.GamesUsed = len(games)

	// Split by game: a seeded shuffle, then the first TestPercent% of the
	// games (rounded down) go to the test set, the rest to training.
	rng := rand.New(rand.NewPCG(p.Seed, 0x5eed5))
	rng.Shuffle(len(games), func(i, j int) { games[i], games[j] = games[j], games[i] })
	nTest := len(games) * p.TestPercent / 100
	for i, g := range games {
		if i < nTest {
			ds.TestAvailable += len(g.samples)
		} else {
			ds.TrainAvailable += len(g.samples)
		}
	}
	ds.Test = collect(games[:nTest], p.Positions, rand.New(rand.NewPCG(p.Seed, 0x7e57)))
	ds.Train = collect(games[nTest:], p.Positions, rand.New(rand.NewPCG(p.Seed, 0x7a17)))
	starts := make(map[int]*pgn.Game, len(games))
	for _, g := range games {
		starts[g.game] = g.start
	}
	if err := fillFENs(ctx, ds.Test, starts); err != nil {
		return nil, err
	}
	if err := fillFENs(ctx, ds.Train, starts); err != nil {
		return nil, err
	}

	fmt.Fprintf(st.hash, "\x00%s", p.String())
	ds.Digest = hex.EncodeToString(st.hash.Sum(nil))
	return ds, nil
}

// fillFENs sets the FEN of every sample (in (game, ply) order, as collect
// returns them) by replaying each game once from its start.
func fillFENs(ctx context.Context, samples []Sample, starts map[int]*pgn.Game) error {
	var pos *board.Position
	var moves []board.Move
	game, ply := 0, 0
	for i := range samples {
		sm := &samples[i]
		if sm.Game != game || pos == nil {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("data: positions: %w", err)
			}
			g := starts[sm.Game]
			if g == nil {
				return fmt.Errorf("data: game %d: no start position kept", sm.Game)
			}
			p, err := g.StartPosition()
			if err != nil {
				return fmt.Errorf("data: %w", err)
			}
			pos, moves, game, ply = p, g.Moves, sm.Game, 0
		}
		for ; ply < sm.Ply; ply++ {
			pos.MakeMove(moves[ply])
		}
		sm.FEN = pos.FEN()
	}
	return nil
}

// collect flattens the games' samples; with a cap it keeps a seeded random
// subset of cap samples. The result is in (game, ply) order.
func collect(games []gameSamples, limit int, rng *rand.Rand) []Sample {
	var out []Sample
	for _, g := range games {
		out = append(out, g.samples...)
	}
	if limit > 0 && len(out) > limit {
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		out = out[:limit:limit]
	}
	slices.SortFunc(out, func(a, b Sample) int {
		if c := cmp.Compare(a.Game, b.Game); c != 0 {
			return c
		}
		return cmp.Compare(a.Ply, b.Ply)
	})
	return out
}
