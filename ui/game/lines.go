package game

import (
	"fmt"

	"github.com/evochess/evochess/engine/board"
)

// Candidate is one of an engine's best lines from the current position, as
// the Play tab shows it: the move in SAN, the score from White's point of
// view, and the first moves of the line as numbered SAN.
type Candidate struct {
	Move  string // the line's first move in SAN
	UCI   string // the same move in UCI
	Score string // White's view: "+0.35", "-1.20", "#3" (White mates in 3), "#-3" (Black mates in 3)
	Line  string // the line's first moves, numbered SAN ("3. Bb5 a6 4. Ba4")
}

// WhiteScore writes a search score, given from the side to move's point of
// view (centipawns cp, or mate: moves to mate, negative when the side to
// move is mated), from White's: "+0.35", "-1.20", "0.00", "#3" when White
// mates in 3, "#-3" when Black does.
func WhiteScore(side board.Color, cp, mate int) string {
	if side == board.Black {
		cp, mate = -cp, -mate
	}
	if mate != 0 {
		return fmt.Sprintf("#%d", mate)
	}
	if cp == 0 {
		return "0.00"
	}
	return fmt.Sprintf("%+.2f", float64(cp)/100)
}

// Candidate turns a line searched from the current position (score and
// mate from the side to move's view, the line in UCI) into a Candidate
// showing at most moves plies of it; ok is false when its first move is
// not legal here (a line for another position).
func (g *Game) Candidate(score, mate int, pv []string, moves int) (c Candidate, ok bool) {
	if len(pv) == 0 {
		return Candidate{}, false
	}
	m, err := g.pos.ParseUCIMove(pv[0])
	if err != nil {
		return Candidate{}, false
	}
	if moves > 0 && len(pv) > moves {
		pv = pv[:moves]
	}
	return Candidate{Move: g.pos.SAN(m), UCI: m.UCI(), Score: WhiteScore(g.pos.Side, score, mate), Line: g.SANLine(pv)}, true
}
