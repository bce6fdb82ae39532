package search

// Scores are centipawns from the side to move's point of view. Mate scores
// count plies from the root: MateScore-n means "mate in n plies" for the side
// to move at the root, -(MateScore-n) "mated in n plies".
const (
	// Infinity bounds every score.
	Infinity = 32001
	// MateScore is the score of giving mate at the root (never reached).
	MateScore = 32000
	// MaxPly is the deepest ply the search reaches (extensions included).
	MaxPly = 128
	// mateBound: scores with absolute value >= mateBound are mate scores.
	mateBound = MateScore - 2*MaxPly
	// onePly is one ply in the search's fractional depth units (Table I:
	// "1 ply = 4 units").
	onePly = 4
)

// IsMateScore reports whether score announces a forced mate (either side).
func IsMateScore(score int) bool { return score >= mateBound || score <= -mateBound }

// MateIn converts a mate score to UCI's "mate N": full moves to mate, positive
// when the side to move mates, negative when it is mated; 0 for other scores.
func MateIn(score int) int {
	switch {
	case score >= mateBound:
		return (MateScore - score + 1) / 2
	case score <= -mateBound:
		return -(MateScore + score) / 2
	}
	return 0
}

// scoreToTT converts a score relative to the root into one relative to the
// node at ply (mate distance counted from the node), for storing.
func scoreToTT(score, ply int) int {
	switch {
	case score >= mateBound:
		return score + ply
	case score <= -mateBound:
		return score - ply
	}
	return score
}

// scoreFromTT is the inverse of scoreToTT.
func scoreFromTT(score, ply int) int {
	switch {
	case score >= mateBound:
		return score - ply
	case score <= -mateBound:
		return score + ply
	}
	return score
}
