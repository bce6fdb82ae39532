package tuner

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/data"
)

// TestPrepareShard: for every fitness split by positions, the partial
// scores of 1, 2, 3 or 13 shares (some of them empty) combine into exactly
// the scores of the whole evaluators — training, held out, and after a
// re-resolution under another reference — and ShardSetup fixes the
// reference Prepare does.
func TestPrepareShard(t *testing.T) {
	res := dataResources(t, 2)
	ctx := context.Background()
	for _, fit := range []string{"match", "match2", "match-qs", "match2-qs"} {
		t.Run(fit, func(t *testing.T) {
			s, err := Configure(Options{Algorithm: "ep", Scheme: "vazquez29", Fitness: fit, PGN: "pgn/gm_demo_1500.pgn",
				Positions: 10, TestPositions: 8, Population: 6, Generations: 2, Seed: 3, Start: "random"})
			if err != nil {
				t.Fatal(err)
			}
			if !ShardsPositions(s) {
				t.Fatal("not split by positions")
			}
			full, err := Prepare(ctx, s, res)
			if err != nil {
				t.Fatal(err)
			}
			fixed, err := ShardSetup(s)
			if err != nil {
				t.Fatal(err)
			}
			if want := full.Fix(s).Problem.Reference; !slices.Equal(fixed.Problem.Reference, want) {
				t.Fatalf("ShardSetup reference %v, Prepare's %v", fixed.Problem.Reference, want)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			cands := [][]int32{param.Defaults(s.Config.Specs)}
			for range 3 {
				c := make([]int32, len(s.Config.Specs))
				for i, sp := range s.Config.Specs {
					c[i] = int32(sp.Min + rng.IntN(sp.Max-sp.Min+1))
				}
				cands = append(cands, c)
			}
			want, err := full.Train.Score(ctx, cands)
			if err != nil {
				t.Fatal(err)
			}
			wantTest, err := full.Test.Score(ctx, cands)
			if err != nil {
				t.Fatal(err)
			}
			var wantRe []Score
			if full.Recompile != nil {
				evs, err := full.Recompile(ctx, cands[1])
				if err != nil {
					t.Fatal(err)
				}
				if wantRe, err = evs.Train.Score(ctx, cands); err != nil {
					t.Fatal(err)
				}
			}
			for _, n := range []int{1, 2, 3, 13} {
				parts := make([][]Score, len(cands))
				testParts := make([][]Score, len(cands))
				reParts := make([][]Score, len(cands))
				train, test := 0, 0
				for i := range n {
					p, err := PrepareShard(ctx, fixed, res, PositionShard{Index: i, Count: n})
					if err != nil {
						t.Fatalf("%d shares: shard %d: %v", n, i, err)
					}
					train, test = train+p.TrainPositions, test+p.TestPositions
					sc, err := p.Train.Score(ctx, cands)
					if err != nil {
						t.Fatal(err)
					}
					ts := make([]Score, len(cands))
					if p.Test != nil {
						if ts, err = p.Test.Score(ctx, cands); err != nil {
							t.Fatal(err)
						}
					} else if p.TestPositions != 0 {
						t.Fatalf("%d shares: shard %d has %d held-out positions and no evaluator", n, i, p.TestPositions)
					}
					for c := range cands {
						parts[c] = append(parts[c], sc[c])
						testParts[c] = append(testParts[c], ts[c])
					}
					if (p.Recompile != nil) != (full.Recompile != nil) {
						t.Fatalf("%d shares: shard %d recompiles: %v", n, i, p.Recompile != nil)
					}
					if p.Recompile != nil {
						evs, err := p.Recompile(ctx, cands[1])
						if err != nil {
							t.Fatal(err)
						}
						re, err := evs.Train.Score(ctx, cands)
						if err != nil {
							t.Fatal(err)
						}
						for c := range cands {
							reParts[c] = append(reParts[c], re[c])
						}
					}
				}
				if train != full.TrainPositions || test != full.TestPositions {
					t.Errorf("%d shares hold %d + %d positions, want %d + %d", n, train, test, full.TrainPositions, full.TestPositions)
				}
				for c := range cands {
					check := func(what string, heldOut bool, parts []Score, want Score) {
						t.Helper()
						got, err := FinishShards(fixed, heldOut, parts)
						if err != nil {
							t.Fatal(err)
						}
						if got.Fitness != want.Fitness || got.Matched != want.Matched || got.Total != want.Total {
							t.Errorf("%d shares: candidate %d: %s %+v, want %+v", n, c, what, got, want)
						}
					}
					check("training", false, parts[c], want[c])
					check("held out", true, testParts[c], wantTest[c])
					if wantRe != nil {
						check("re-resolved", false, reParts[c], wantRe[c])
					}
				}
			}
		})
	}
}

// TestShardsPositions: only the move matches split by positions, and not
// when unsolved positions are drawn from the whole training set.
func TestShardsPositions(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want bool
	}{
		{Options{Preset: "vazquez-ep"}, true},
		{Options{Preset: "david-ga"}, true},
		{Options{Preset: "hooke-jeeves"}, false}, // Unsolved = 20
		{Options{Preset: "texel"}, false},
		{Options{Preset: "mnc"}, false},
		{Options{Preset: "david-search"}, false},
	} {
		s, err := Configure(tc.o)
		if err != nil {
			t.Fatal(err)
		}
		if got := ShardsPositions(s); got != tc.want {
			t.Errorf("%s: ShardsPositions = %v, want %v", tc.o.Preset, got, tc.want)
		}
	}
	s, _ := Configure(Options{Preset: "vazquez-ep"})
	for _, sh := range []PositionShard{{0, 0}, {2, 2}, {-1, 3}} {
		if _, err := PrepareShard(context.Background(), s, Resources{}, sh); err == nil {
			t.Errorf("shard %+v accepted", sh)
		}
	}
}

// TestPositionShardDeal: the shares of a sample are disjoint, cover it, keep
// sample order, have Size positions each, and — dealt by cost in a snake
// draft — two shares' estimated costs differ less than contiguous or
// interleaved halves do; a position that cannot be read costs 1.
func TestPositionShardDeal(t *testing.T) {
	var smp []data.Sample
	for _, fen := range search.BenchFENs() {
		smp = append(smp, data.Sample{FEN: fen})
	}
	smp = append(smp, data.Sample{FEN: "not a position"})
	// Sorted by cost, costliest first: the worst order for contiguous shares.
	slices.SortStableFunc(smp, func(a, b data.Sample) int { return shareCost(b) - shareCost(a) })
	if c := shareCost(smp[len(smp)-1]); c != 1 {
		t.Fatalf("an unreadable position costs %d, want 1", c)
	}
	for _, n := range []int{1, 2, 3, 5, len(smp) + 2} {
		seen := map[string]int{}
		var costs []int
		for i := range n {
			sh := PositionShard{Index: i, Count: n}
			part := sh.slice(smp)
			if len(part) != sh.Size(len(smp)) {
				t.Fatalf("%d shares: share %d holds %d positions, Size says %d", n, i, len(part), sh.Size(len(smp)))
			}
			cost, last := 0, -1
			for _, s := range part {
				k := slices.IndexFunc(smp, func(x data.Sample) bool { return x.FEN == s.FEN })
				if k <= last {
					t.Fatalf("%d shares: share %d is not in sample order", n, i)
				}
				last = k
				seen[s.FEN]++
				cost += shareCost(s)
			}
			costs = append(costs, cost)
		}
		if len(seen) != len(smp) {
			t.Fatalf("%d shares cover %d of %d positions", n, len(seen), len(smp))
		}
		for fen, k := range seen {
			if k != 1 {
				t.Fatalf("%d shares: %s held %d times", n, fen, k)
			}
		}
		if n == 2 {
			// Halves taken contiguously or every other position.
			var cont, inter [2]int
			for k, s := range smp {
				cont[min(1, 2*k/len(smp))] += shareCost(s)
				inter[k%2] += shareCost(s)
			}
			d, dc, di := abs(costs[0]-costs[1]), abs(cont[0]-cont[1]), abs(inter[0]-inter[1])
			t.Logf("cost of 2 shares: dealt %v, contiguous %v, interleaved %v", costs, cont, inter)
			if d >= dc || d >= di {
				t.Errorf("2 dealt shares differ by %d in cost, contiguous halves by %d, interleaved by %d", d, dc, di)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// BenchmarkShareBalance resolves each half of 1,000 positions of the demo
// games (every position from ply 12, as the classroom run samples them;
// vazquez29 under its defaults) dealt three ways, and reports the slower
// half's time over the faster one's: contiguous halves, every other
// position, and PositionShard's deal by cost. A split run waits for its
// slowest share, so 1 is the ideal.
//
//	go test ./tuner -run XXX -bench ShareBalance -benchtime 5x
func BenchmarkShareBalance(b *testing.B) {
	res := dataResources(b, 1)
	sc, err := lookupScheme("vazquez29")
	if err != nil {
		b.Fatal(err)
	}
	train, _, _, err := Samples(context.Background(), Problem{Fitness: "match-qs", Scheme: "vazquez29", PGN: "pgn/gm_demo_1500.pgn",
		Positions: 1000, Protocol: "all"}, res, func(string, ...any) {})
	if err != nil {
		b.Fatal(err)
	}
	ref := param.Defaults(sc.Params())
	halves := map[string][2][]data.Sample{
		"contiguous":  {train[:len(train)/2], train[len(train)/2:]},
		"interleaved": {PositionShard{0, 2}.every(train), PositionShard{1, 2}.every(train)},
		"dealt":       {PositionShard{0, 2}.slice(train), PositionShard{1, 2}.slice(train)},
	}
	var spent [3][2]time.Duration
	b.ResetTimer()
	for range b.N {
		for d, name := range []string{"contiguous", "interleaved", "dealt"} {
			for h, half := range halves[name] {
				start := time.Now()
				if _, err := compileMatch(sc, half, true, ref, 1, nil); err != nil {
					b.Fatal(err)
				}
				spent[d][h] += time.Since(start)
			}
		}
	}
	for d, name := range []string{"contiguous", "interleaved", "dealt"} {
		slow, fast := max(spent[d][0], spent[d][1]), min(spent[d][0], spent[d][1])
		b.ReportMetric(float64(slow)/float64(fast), name+"-slower/faster")
	}
	b.ReportMetric(0, "ns/op")
}

// every returns the positions i ≡ Index (mod Count) of s (the interleaved
// deal BenchmarkShareBalance compares with).
func (sh PositionShard) every(s []data.Sample) []data.Sample {
	var out []data.Sample
	for i := sh.Index; i < len(s); i += sh.Count {
		out = append(out, s[i])
	}
	return out
}
