package book

import (
	"fmt"
	"math"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
)

// Builder collects the opening moves of games into book entries: for every
// position among a game's first Plies plies, the move played there and how
// the game ended for the side that played it.
type Builder struct {
	// Plies is how many plies of each game enter the book (from its start
	// position).
	Plies int
	stats map[moveKey]*moveStats
	// Games and Skipped count the games added and those left out (unknown
	// result, or a start position that cannot be read).
	Games, Skipped int
}

type moveKey struct {
	key  uint64
	move uint16
}

// moveStats counts outcomes from the mover's point of view.
type moveStats struct {
	wins, draws, losses int
}

// NewBuilder returns a Builder for the first plies plies of each game.
func NewBuilder(plies int) *Builder {
	return &Builder{Plies: plies, stats: map[moveKey]*moveStats{}}
}

// Add adds one game. Games without a decided result ("*") are skipped:
// they would give the move no weight.
func (b *Builder) Add(g *pgn.Game) error {
	var white float64
	switch g.Result {
	case "1-0":
		white = 1
	case "0-1":
		white = 0
	case "1/2-1/2":
		white = 0.5
	default:
		b.Skipped++
		return nil
	}
	pos, err := g.StartPosition()
	if err != nil {
		b.Skipped++
		return fmt.Errorf("book: %w", err)
	}
	for i, m := range g.Moves {
		if i >= b.Plies {
			break
		}
		k := moveKey{Key(pos), EncodeMove(m)}
		s := b.stats[k]
		if s == nil {
			s = &moveStats{}
			b.stats[k] = s
		}
		score := white
		if pos.Side == board.Black {
			score = 1 - white
		}
		switch score {
		case 1:
			s.wins++
		case 0:
			s.losses++
		default:
			s.draws++
		}
		pos.MakeMove(m)
	}
	b.Games++
	return nil
}

// Entries returns the book entries of every move played in at least
// minGames games. A move's weight is 2·wins + draws (Polyglot's rule),
// scaled down by one factor for the whole book if the largest exceeds
// 65,535; a move with at least one win or draw keeps a weight of at least 1,
// so that it stays playable, and a move that only lost is left out, as
// Polyglot's make-book leaves it (weight 0: never played). The learn field
// is 0, as Polyglot writes it. The entries equal make-book's for the same
// games, plies and minimum (TestBuildMatchesPolyglot). It returns
// ErrNoGames when nothing qualifies.
func (b *Builder) Entries(minGames int) ([]Entry, error) {
	maxRaw := 0
	for _, s := range b.stats {
		if s.wins+s.draws+s.losses >= minGames {
			maxRaw = max(maxRaw, 2*s.wins+s.draws)
		}
	}
	scale := 1.0
	if maxRaw > math.MaxUint16 {
		scale = float64(math.MaxUint16) / float64(maxRaw)
	}
	var out []Entry
	for k, s := range b.stats {
		n := s.wins + s.draws + s.losses
		if n < minGames {
			continue
		}
		raw := 2*s.wins + s.draws
		if raw == 0 {
			continue
		}
		w := max(int(math.Round(float64(raw)*scale)), 1)
		out = append(out, Entry{Key: k.key, Move: k.move, Weight: uint16(min(w, math.MaxUint16))})
	}
	if len(out) == 0 {
		return nil, ErrNoGames
	}
	return out, nil
}
