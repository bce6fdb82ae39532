package arena

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/book"
)

// bookStream is the PCG stream of BookOpenings' walks.
const bookStream = 0x626f6f6b // "book"

// BookOpenings draws up to n distinct openings from a Polyglot book: each
// is a walk from the initial position of at most plies book moves, every
// move picked with probability weight/Σweight (book.Probe) from a
// generator seeded with seed; a walk ends early where the book does.
// Openings that reach a position already drawn (by the same moves or a
// transposition) are dropped; after 50·n walks it returns what it has.
// The result depends only on the book, n, plies and seed; each opening is
// named by its moves in SAN ("e4 c5 Nf3"). Play each twice with colours
// swapped (RoundRobinSchedule does) to cancel the openings' bias.
func BookOpenings(b *book.Book, n, plies int, seed uint64) ([]Opening, error) {
	if n <= 0 || plies <= 0 {
		return nil, fmt.Errorf("arena: book openings: n %d and plies %d must be positive", n, plies)
	}
	rng := rand.New(rand.NewPCG(seed, bookStream))
	seen := map[uint64]bool{}
	var out []Opening
	for walk := 0; walk < 50*n && len(out) < n; walk++ {
		pos := board.NewPosition()
		var moves []board.Move
		var san []string
		for len(moves) < plies {
			m, ok := b.Probe(pos, rng)
			if !ok {
				break
			}
			san = append(san, pos.SAN(m))
			moves = append(moves, m)
			pos.MakeMove(m)
		}
		if len(moves) == 0 {
			return nil, errors.New("arena: book openings: the book has no move for the initial position")
		}
		if !pos.HasLegalMoves() {
			continue
		}
		k := book.Key(pos)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, Opening{Name: strings.Join(san, " "), FEN: board.StartFEN, Moves: moves})
	}
	return out, nil
}
