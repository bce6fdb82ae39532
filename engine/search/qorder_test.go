package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

// TestQuiescenceOrder: the first quiescence ply's moves from
// GenerateQuiescence, scored and put in order by orderAsLegal, are tried in
// the order pickMove tries them in the whole legal list (the quiet moves
// that give no check skipped), with and without a hash move among them.
func TestQuiescenceOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	s := NewSearcher(nil, DefaultParams(), 1)
	var ci checkInfo
	tried := func(f *frame, pos *board.Position) []board.Move {
		var out []board.Move
		ci = checkInfo{}
		n := f.ml.N
		for i := 0; i < n; i++ {
			m := pickMove(f, i, n)
			if f.scores[i] == qMaybeCheck && !ci.givesCheck(pos, m) {
				continue
			}
			out = append(out, m)
		}
		return out
	}
	positions, withCapture := 0, 0
	for _, pos := range samplePositions(t, 3000, 23) {
		if pos.InCheck() {
			continue
		}
		legal := pos.LegalMoves()
		tts := []board.Move{board.NoMove, legal[rng.IntN(len(legal))]}
		for _, m := range legal {
			if m.IsCapture() {
				tts = append(tts, m)
				withCapture++
				break
			}
		}
		for _, tt := range tts {
			var full, q frame
			pos.GenerateLegal(&full.ml)
			s.scoreQMoves(pos, &full, true, tt)
			want := tried(&full, pos)
			total := pos.GenerateQuiescence(&q.ml, s.qIdx[:])
			s.scoreQMoves(pos, &q, true, tt)
			orderAsLegal(q.ml.Moves[:q.ml.N], q.scores[:q.ml.N], s.qIdx[:q.ml.N], total)
			if got := tried(&q, pos); !slices.Equal(got, want) {
				t.Fatalf("%s (hash move %v): tried %v, the whole list %v", pos.FEN(), tt, got, want)
			}
			positions++
		}
	}
	if positions < 5000 || withCapture < 1000 {
		t.Errorf("only %d cases, %d with a capture as hash move", positions, withCapture)
	}
}
