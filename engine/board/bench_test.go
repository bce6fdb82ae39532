package board

import "testing"

var benchPositions = []struct {
	name  string
	fen   string
	depth int
}{
	{"start", StartFEN, 5},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
	{"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6},
}

// BenchmarkPerft runs perft with make/unmake at every node (no bulk counting).
func BenchmarkPerft(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := mustFEN(b, bp.fen)
			var nodes uint64
			for b.Loop() {
				nodes += p.Perft(bp.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkPerftBulk counts the last ply without making the moves.
func BenchmarkPerftBulk(b *testing.B) {
	p := NewPosition()
	var nodes uint64
	for b.Loop() {
		nodes += p.PerftBulk(5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// benchSample is a fixed set of positions from seeded random games.
func benchSample(b *testing.B) []*Position {
	var ps []*Position
	for seed := uint64(0); seed < 64; seed++ {
		ps = append(ps, randomPosition(b, seed, 8+int(seed)))
	}
	return ps
}

func BenchmarkGenerateLegal(b *testing.B) {
	ps := benchSample(b)
	var ml MoveList
	moves := 0
	n := 0
	for b.Loop() {
		ps[n%len(ps)].GenerateLegal(&ml)
		moves += ml.N
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkGenerateCaptures(b *testing.B) {
	ps := benchSample(b)
	var ml MoveList
	n := 0
	for b.Loop() {
		ps[n%len(ps)].GenerateCaptures(&ml)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

func BenchmarkMakeUnmake(b *testing.B) {
	ps := benchSample(b)
	lists := make([]MoveList, len(ps))
	for i, p := range ps {
		p.GenerateLegal(&lists[i])
	}
	pairs := 0
	for b.Loop() {
		for i, p := range ps {
			for _, m := range lists[i].Slice() {
				p.MakeMove(m)
				p.UnmakeMove()
			}
			pairs += lists[i].N
		}
	}
	b.ReportMetric(float64(pairs)/b.Elapsed().Seconds(), "makeunmake/s")
}

// sanCase is a position with the SAN text of each of its legal moves.
type sanCase struct {
	p    *Position
	sans []string
}

func sanCases(b *testing.B) ([]sanCase, int) {
	var cs []sanCase
	total := 0
	for _, p := range benchSample(b) {
		var ml MoveList
		p.GenerateLegal(&ml)
		c := sanCase{p: p}
		for _, m := range ml.Slice() {
			c.sans = append(c.sans, p.SAN(m))
		}
		total += len(c.sans)
		cs = append(cs, c)
	}
	return cs, total
}

// BenchmarkParseSAN parses every legal move of the sample positions from SAN.
func BenchmarkParseSAN(b *testing.B) {
	cs, _ := sanCases(b)
	n := 0
	for b.Loop() {
		for _, c := range cs {
			for _, s := range c.sans {
				if _, err := c.p.ParseSAN(s); err != nil {
					b.Fatal(err)
				}
			}
			n += len(c.sans)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkSAN renders every legal move of the sample positions as SAN.
func BenchmarkSAN(b *testing.B) {
	ps := benchSample(b)
	lists := make([]MoveList, len(ps))
	for i, p := range ps {
		p.GenerateLegal(&lists[i])
	}
	var buf []byte
	n := 0
	for b.Loop() {
		for i, p := range ps {
			for _, m := range lists[i].Slice() {
				buf = p.AppendSAN(buf[:0], m)
			}
			n += lists[i].N
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkSEE(b *testing.B) {
	ps := benchSample(b)
	var caps []MoveList
	for _, p := range ps {
		var ml MoveList
		p.GenerateCaptures(&ml)
		caps = append(caps, ml)
	}
	n := 0
	sum := 0
	for b.Loop() {
		for i, p := range ps {
			for _, m := range caps[i].Slice() {
				sum += p.SEE(m)
			}
			n += caps[i].N
		}
	}
	_ = sum
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkParseFEN(b *testing.B) {
	fen := benchPositions[1].fen
	n := 0
	for b.Loop() {
		if _, err := ParseFEN(fen); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkIsLegal validates every legal move of the sample positions (the
// transposition-table move check).
func BenchmarkIsLegal(b *testing.B) {
	ps := benchSample(b)
	lists := make([]MoveList, len(ps))
	for i, p := range ps {
		p.GenerateLegal(&lists[i])
	}
	n := 0
	for b.Loop() {
		for i, p := range ps {
			for _, m := range lists[i].Slice() {
				if !p.IsLegal(m) {
					b.Fatal("legal move rejected")
				}
			}
			n += lists[i].N
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}
