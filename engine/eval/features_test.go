package eval

import (
	"testing"

	"github.com/evochess/evochess/engine/board"
)

// naturalCounts returns each parameter's natural count for White and Black
// (e.g. the number of White's doubled pawns), by name.
func naturalCounts(s Scheme, pos *board.Position) map[string][2]int32 {
	impl := s.(registered).base()
	var x posInfo
	x.init(pos)
	out := map[string][2]int32{}
	for c := board.White; c <= board.Black; c++ {
		for _, f := range impl.side(&x, c, nil) {
			name := impl.specs[f.Index].Name
			v := out[name]
			v[c] += f.Count
			out[name] = v
		}
	}
	return out
}

type featureCase struct {
	name string
	fen  string
	want map[string][2]int32 // white, black natural counts; unnamed params are not checked
	zero []string            // params that must be zero for both sides
}

func runFeatureCases(t *testing.T, schemeName string, cases []featureCase) {
	t.Helper()
	s, err := Lookup(schemeName)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos := mustFEN(t, c.fen)
			got := naturalCounts(s, pos)
			for name, w := range c.want {
				if got[name] != w {
					t.Errorf("%s: %s = %v, want %v (white, black)", c.fen, name, got[name], w)
				}
			}
			for _, name := range c.zero {
				if got[name] != [2]int32{} {
					t.Errorf("%s: %s = %v, want zero", c.fen, name, got[name])
				}
			}
			// The mirrored position swaps the counts.
			m := mustFEN(t, mirrorFEN(t, c.fen))
			gm := naturalCounts(s, m)
			for name, w := range c.want {
				if gm[name] != [2]int32{w[1], w[0]} {
					t.Errorf("mirror %s: %s = %v, want %v", m.FEN(), name, gm[name], [2]int32{w[1], w[0]})
				}
			}
		})
	}
}

// Hand-checked positions shared by several schemes' tests (see the comments
// in TestVazquezFeatures for the square-by-square reasoning).
const (
	fenPawns1   = "4k3/pp4p1/8/3p4/2PP4/P7/P6P/4K3 w - - 0 1"
	fenPawns2   = "4k3/8/8/4p2P/2P5/p2P4/8/4K3 w - - 0 1"
	fenKnights  = "4k3/8/2p3n1/8/3N4/4P3/8/N3K3 w - - 0 1"
	fenRooks    = "6k1/1R1R1ppp/3p4/p7/8/r7/P1r2PPP/R5K1 w - - 0 1"
	fenMobility = "4k3/8/8/8/3Q4/8/1B6/4K3 w - - 0 1"
)

func TestVazquezFeatures(t *testing.T) {
	runFeatureCases(t, "vazquez29", []featureCase{
		{
			// White a2 a3 c4 d4 h2: a-file doubled once; a2, a3, h2 isolated;
			// c4, d4 central. Black a7 b7 d5 g7: d5, g7 isolated; d5 central.
			// Nobody is passed or backward.
			name: "pawns1", fen: fenPawns1,
			want: map[string][2]int32{
				"PawnValue": {5, 4}, "PawnDoubled": {1, 0}, "PawnIsolated": {3, 2},
				"PawnBackward": {0, 0}, "PawnCentral": {2, 1}, "PawnPassed": {0, 0},
			},
		},
		{
			// d3 is behind c4 and its stop square d4 is hit by e5: backward.
			// c4 and h5 are passed (no black pawn ahead on b–d, g–h); a3 is
			// Black's passed pawn. h5, e5, a3 are isolated.
			name: "pawns2", fen: fenPawns2,
			want: map[string][2]int32{
				"PawnDoubled": {0, 0}, "PawnIsolated": {1, 2}, "PawnBackward": {1, 0},
				"PawnCentral": {1, 1}, "PawnPassed": {2, 1},
			},
		},
		{
			// Nd4: 8 moves, defended by e3, evictable by c6-c5, ring 3.
			// Na1: 2 moves, ring 0, safe from pawns. Ng6: 6 moves, ring 1,
			// safe (White's only pawn e3 never reaches the f/h files... g6 is
			// outside its span d4–d8, f4–f8). Nd4 hits e2 (White's king zone),
			// Ng6 hits e7 and f8 (Black's): 300 cp of defenders each. White's
			// king e1 has e3 in its shield.
			name: "knights", fen: fenKnights,
			want: map[string][2]int32{
				"KnightMobility": {10, 6}, "KnightPawnSupport": {1, 0}, "KnightOutpost": {1, 1},
				"KnightRing0": {1, 0}, "KnightRing1": {0, 1}, "KnightRing2": {0, 0}, "KnightRing3": {1, 0},
				"KingDefenders": {300, 300}, "KingAttackers": {0, 0}, "KingPawnShield": {1, 0},
				"KingCastled": {0, 0},
			},
		},
		{
			// Ra1 behind its a2 pawn on the closed a-file; Rb7 open file and
			// 7th; Rd7 semi-open (only d6) and 7th: two on the 7th. Black Ra3
			// in front of its a5 pawn on the closed file; Rc2 open, on
			// Black's 7th. Mobility 5+9+5 and 9+12. Ra1 defends f1 (500);
			// Rc2 hits f2 in White's zone, Rd7 hits f7 in Black's (500 each).
			// Both kings castled with three shield pawns. d6 is passed; a2,
			// a5, d6 isolated.
			name: "rooks", fen: fenRooks,
			want: map[string][2]int32{
				"RookOpenFile": {1, 1}, "RookSemiOpenFile": {1, 0}, "RookClosedAhead": {0, 1},
				"RookClosedBehind": {1, 0}, "RookSeventh": {2, 1}, "RookSeventhPair": {1, 0},
				"RookMobility": {19, 21}, "KingDefenders": {500, 0}, "KingAttackers": {500, 500},
				"KingCastled": {1, 1}, "KingPawnShield": {3, 3}, "PawnPassed": {0, 1},
				"PawnIsolated": {1, 2}, "RookValue": {3, 2},
			},
		},
		{
			// Qd4 on an open board: 14 rook-wise + 11 bishop-wise; Bb2: a1,
			// c1, a3, c3 (Qd4 blocks).
			name: "mobility", fen: fenMobility,
			want: map[string][2]int32{
				"QueenMobility": {25, 0}, "BishopMobility": {4, 0}, "QueenValue": {1, 0}, "BishopValue": {1, 0},
			},
		},
		{
			name: "start", fen: board.StartFEN,
			want: map[string][2]int32{
				"PawnValue": {8, 8}, "KnightMobility": {4, 4}, "BishopMobility": {0, 0},
				"RookMobility": {0, 0}, "QueenMobility": {0, 0}, "KnightRing0": {2, 2},
				"KingPawnShield": {3, 3}, "KingCastled": {0, 0}, "RookClosedBehind": {2, 2},
				"KnightOutpost": {0, 0}, "KnightPawnSupport": {0, 0},
				// e1's zone is d1 e1 f1 d2 e2 f2. Pieces whose attacks touch
				// it: Qd1, Bc1 (d2), Bf1 (e2), Nb1 (d2), Ng1 (e2); pawns and
				// rooks do not: 900+330+330+300+300 = 2160.
				"KingDefenders": {2160, 2160}, "KingAttackers": {0, 0},
			},
		},
	})
}
