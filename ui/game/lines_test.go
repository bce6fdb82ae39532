package game

import (
	"testing"

	"github.com/evochess/evochess/engine/board"
)

// TestWhiteScore: scores come from the side to move's view and are shown
// from White's.
func TestWhiteScore(t *testing.T) {
	for _, c := range []struct {
		side     board.Color
		cp, mate int
		want     string
	}{
		{board.White, 35, 0, "+0.35"},
		{board.Black, 35, 0, "-0.35"},
		{board.Black, -120, 0, "+1.20"},
		{board.White, 0, 0, "0.00"},
		{board.Black, 0, 0, "0.00"},
		{board.White, 31995, 3, "#3"},
		{board.Black, 31995, 3, "#-3"},
		{board.Black, -31996, -2, "#2"},
		{board.White, -31996, -2, "#-2"},
	} {
		if got := WhiteScore(c.side, c.cp, c.mate); got != c.want {
			t.Errorf("WhiteScore(%v, %d, %d) = %q, want %q", c.side, c.cp, c.mate, got, c.want)
		}
	}
}

// TestCandidate: a line becomes its move in SAN, White's score and its
// first moves numbered; a line for another position is refused.
func TestCandidate(t *testing.T) {
	g, err := New("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if err != nil {
		t.Fatal(err)
	}
	c, ok := g.Candidate(40, 0, []string{"f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7"}, 4)
	if !ok || c.Move != "Bb5" || c.UCI != "f1b5" || c.Score != "+0.40" || c.Line != "3. Bb5 a6 4. Ba4 Nf6" {
		t.Errorf("candidate %+v %v", c, ok)
	}
	play(t, g, "f1b5")
	c, ok = g.Candidate(-25, 0, []string{"a7a6", "b5c6"}, 4)
	if !ok || c.Move != "a6" || c.Score != "+0.25" || c.Line != "3... a6 4. Bxc6" {
		t.Errorf("black's candidate %+v %v", c, ok)
	}
	if _, ok := g.Candidate(0, 0, []string{"e1g1"}, 4); ok {
		t.Error("a move of the other side accepted")
	}
	if _, ok := g.Candidate(0, 0, nil, 4); ok {
		t.Error("an empty line accepted")
	}
}
