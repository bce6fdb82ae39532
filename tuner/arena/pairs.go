package arena

import (
	"strings"
)

// PairGames counts player a's game pairs against player b: in the order
// given, each game between them is paired with the earliest still unpaired
// game of the same opening (same FEN and book moves) in which the colours
// were swapped. A pair scores 0–4 half-points for a (Pentanomial's
// buckets); games left without a partner are returned as a W/D/L score.
func PairGames(games []*Game, a, b int) (Pentanomial, Tally) {
	t := newPairTracker(a, b)
	for _, g := range games {
		t.add(g)
	}
	var rest Tally
	for _, list := range t.pending {
		for _, p := range list {
			switch p.half {
			case 2:
				rest.Wins++
			case 1:
				rest.Draws++
			default:
				rest.Losses++
			}
		}
	}
	return t.penta, rest
}

// pairTracker pairs games incrementally.
type pairTracker struct {
	a, b    int
	penta   Pentanomial
	pending map[string][]pendingGame
}

type pendingGame struct {
	aWhite bool
	half   int // a's half-points
}

func newPairTracker(a, b int) *pairTracker {
	return &pairTracker{a: a, b: b, pending: map[string][]pendingGame{}}
}

// openingKey identifies an opening by its FEN and book moves.
func openingKey(o Opening) string {
	var sb strings.Builder
	sb.WriteString(o.FEN)
	for _, m := range o.Moves {
		sb.WriteByte(' ')
		sb.WriteString(m.UCI())
	}
	return sb.String()
}

// add records g and reports whether it completed a pair.
func (t *pairTracker) add(g *Game) bool {
	if g == nil || g.Result == NoResult {
		return false
	}
	var aWhite bool
	switch {
	case g.WhiteIndex == t.a && g.BlackIndex == t.b:
		aWhite = true
	case g.WhiteIndex == t.b && g.BlackIndex == t.a:
	default:
		return false
	}
	half := 1
	if g.Result == WhiteWins {
		half = 0
		if aWhite {
			half = 2
		}
	} else if g.Result == BlackWins {
		half = 2
		if aWhite {
			half = 0
		}
	}
	key := openingKey(g.Opening)
	list := t.pending[key]
	for i, p := range list {
		if p.aWhite != aWhite {
			t.penta[p.half+half]++
			list = append(list[:i], list[i+1:]...)
			if len(list) == 0 {
				delete(t.pending, key)
			} else {
				t.pending[key] = list
			}
			return true
		}
	}
	t.pending[key] = append(list, pendingGame{aWhite: aWhite, half: half})
	return false
}
