package eval

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
)

// randomGamePositions plays seeded random legal games from the start
// position and returns every position reached (clones), up to n of them.
func randomGamePositions(t testing.TB, seed uint64, n int) []*board.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []*board.Position
	var ml board.MoveList
	for len(out) < n {
		pos := board.NewPosition()
		for ply := 0; ply < 200 && len(out) < n; ply++ {
			ml.N = 0
			pos.GenerateLegal(&ml)
			if ml.N == 0 || pos.IsFiftyMoveDraw() || pos.IsInsufficientMaterial() {
				break
			}
			// Prefer captures a little so games reach endgames.
			m := ml.Moves[rng.IntN(ml.N)]
			if !m.IsCapture() {
				m2 := ml.Moves[rng.IntN(ml.N)]
				if m2.IsCapture() {
					m = m2
				}
			}
			pos.MakeMove(m)
			out = append(out, pos.Clone())
		}
	}
	return out
}

// mirrorFEN returns the colour-flipped mirror of a FEN: ranks reversed,
// colours swapped, side to move, castling and en passant flipped.
func mirrorFEN(t testing.TB, fen string) string {
	t.Helper()
	f := strings.Fields(fen)
	if len(f) < 4 {
		t.Fatalf("mirrorFEN: bad FEN %q", fen)
	}
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		b := []byte(s)
		for i, ch := range b {
			switch {
			case ch >= 'a' && ch <= 'z':
				b[i] = ch - 'a' + 'A'
			case ch >= 'A' && ch <= 'Z':
				b[i] = ch - 'A' + 'a'
			}
		}
		return string(b)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		c := swap(f[2])
		// Keep FEN order KQkq.
		var order strings.Builder
		for _, ch := range "KQkq" {
			if strings.ContainsRune(c, ch) {
				order.WriteRune(ch)
			}
		}
		f[2] = order.String()
	}
	if f[3] != "-" {
		r := f[3][1]
		f[3] = string(f[3][0]) + string('1'+'8'-r)
	}
	return strings.Join(f, " ")
}

func mustFEN(t testing.TB, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// dense sums a sparse feature list into a vector of n counts.
func dense(fs []Feature, n int) []int64 {
	v := make([]int64, n)
	for _, f := range fs {
		v[f.Index] += int64(f.Count)
	}
	return v
}
