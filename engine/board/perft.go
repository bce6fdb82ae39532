package board

// Perft counts the leaf nodes of the legal move tree to the given depth,
// making and unmaking every move including those at the last ply (no bulk
// counting), so it exercises MakeMove/UnmakeMove as a search would.
// Perft(0) is 1.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		var n uint64
		for _, m := range ml.Moves[:ml.N] {
			p.MakeMove(m)
			n++
			p.UnmakeMove()
		}
		return n
	}
	var n uint64
	for _, m := range ml.Moves[:ml.N] {
		p.MakeMove(m)
		n += p.Perft(depth - 1)
		p.UnmakeMove()
	}
	return n
}

// PerftBulk counts the same leaves as Perft but counts the moves at the last
// ply without playing them (bulk counting); it is much faster.
func (p *Position) PerftBulk(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	for _, m := range ml.Moves[:ml.N] {
		p.MakeMove(m)
		n += p.PerftBulk(depth - 1)
		p.UnmakeMove()
	}
	return n
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move in generation order, the perft count
// of depth-1 below it (the "divide" debugging aid). depth < 1 returns nil.
func (p *Position) Divide(depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]DivideEntry, 0, ml.N)
	for _, m := range ml.Moves[:ml.N] {
		p.MakeMove(m)
		out = append(out, DivideEntry{Move: m, Nodes: p.PerftBulk(depth - 1)})
		p.UnmakeMove()
	}
	return out
}
