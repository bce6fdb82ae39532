package search

import (
	"sort"

	"github.com/evochess/evochess/engine/board"
)

// OrderRootMoves sorts moves (legal moves of pos) into the order in which a
// fresh Searcher tries them at the root of its first iteration: captures and
// promotions first, by MVV-LVA (most valuable victim, then least valuable
// attacker; a promotion counts its new piece as a victim), then quiet moves
// in their original (generation) order. The sort is stable.
//
// The tuner relies on this: a fresh search with Depth 1, NoQuiescence and
// the "plain" preset returns the first move in this order among those with
// the maximal -Evaluate(child) (evaluations clamped to ±MaxEval); a later
// move replaces it only by a strictly better score.
func OrderRootMoves(pos *board.Position, moves []board.Move) {
	keys := make([]int32, len(moves))
	for i, m := range moves {
		keys[i] = -1
		if m.IsCapture() || m.IsPromotion() {
			keys[i] = mvvLva(pos, m)
		}
	}
	sort.Stable(byKey{moves, keys})
}

// byKey sorts moves by descending key.
type byKey struct {
	moves []board.Move
	keys  []int32
}

func (b byKey) Len() int           { return len(b.moves) }
func (b byKey) Less(i, j int) bool { return b.keys[i] > b.keys[j] }
func (b byKey) Swap(i, j int) {
	b.moves[i], b.moves[j] = b.moves[j], b.moves[i]
	b.keys[i], b.keys[j] = b.keys[j], b.keys[i]
}
