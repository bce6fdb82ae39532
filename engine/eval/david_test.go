package eval

import (
	"testing"

	"github.com/evochess/evochess/engine/board"
)

func TestDavidBits(t *testing.T) {
	s, _ := Lookup("david35")
	bits := 0
	for _, sp := range s.Params() {
		bits += sp.Bits
	}
	if bits != 224 {
		t.Errorf("david35 chromosome has %d bits, want 224", bits)
	}
}

func TestDavidFeatures(t *testing.T) {
	runFeatureCases(t, "david35", []featureCase{
		{
			// White c4 (advanced 2, centre), d3 (1, centre), h5 (3, wing);
			// Black e5 (2, centre), a3 (4, wing). Passed: c4 (rank 4²... rank
			// index 3 → 9), h5 (16); a3 (Black's rank 5 → 25). Promotion
			// squares c8, h8 are 2 and 3 from the e8 king; a1 is 4 from e1.
			// White's weak squares: ranks 3–4 minus c4, e4 (reachable from d3):
			// 14; Black's ranks 5–6: all 16. King e1: no own e pawn, no own f
			// pawn, no enemy d or f pawn, own d3 on the 3rd rank.
			name: "pawns2", fen: fenPawns2,
			want: map[string][2]int32{
				"PawnAdvanceA": {3, 4}, "PawnAdvanceB": {3, 2}, "PassedPawnMult": {25, 25},
				"PassedPawnEnemyKingDist": {5, 4}, "DoubledPawnPenalty": {0, 0},
				"IsolatedPawnPenalty": {-1, -2}, "BackwardPawnPenalty": {-1, 0},
				"WeakSquarePenalty": {-14, -16}, "KingNoFriendlyPawn": {-1, 0},
				"KingNoFriendlyPawnAdj": {-1, -2}, "KingNoEnemyPawn": {0, -1},
				"KingNoEnemyPawnAdj": {-2, -1}, "KingFriendlyPawnAdvanced1": {-1, 0},
				"KingPressureMult": {0, 0},
			},
		},
		{
			// See TestVazquezFeatures "rooks". Rb7–Rd7 defend each other;
			// Rd7 presses on the isolated d6 pawn; each side has one rook
			// hitting the other king's zone (Rc2→f2, Rd7→f7).
			name: "rooks", fen: fenRooks,
			want: map[string][2]int32{
				"Rook7thRank": {2, 1}, "RookConnected": {1, 0}, "RookMobility": {19, 21},
				"RookOpenFile": {1, 1}, "RookSemiOpenFile": {1, 0}, "RookAtckWeakPawnOpenColumn": {1, 0},
				"RookColumnMult": {4, 2}, "KingPressureMult": {-1, -1}, "RookBehindPassedPawn": {0, 0},
				"RookAttackKingFile": {0, 0}, "KingNoFriendlyPawn": {0, 0}, "KingNoEnemyPawnAdj": {0, 0},
			},
		},
		{
			// Ra1 behind the passed a5; Rf1 next to the g8 king on the f file,
			// connected with Ra1 along the first rank, semi-open (f7). Rh3 is
			// next to the g1 king on the h file and hits h2 and h1. Black's
			// f7 g7 h7 are passed (ranks 1 each), 1+0+1 from the g1 king's
			// promotion squares.
			name: "rook-king", fen: "6k1/5ppp/8/P7/8/7r/8/R4RK1 w - - 0 1",
			want: map[string][2]int32{
				"RookBehindPassedPawn": {1, 0}, "RookAttackKingAdjFile": {1, 0},
				"RookAttackKingAdjFileABGH": {0, 1}, "RookAttackKingFile": {0, 0},
				"RookConnected": {1, 0}, "RookSemiOpenFile": {1, 0}, "RookOpenFile": {0, 0},
				"RookAtckWeakPawnOpenColumn": {0, 0}, "RookMobility": {17, 12}, "RookColumnMult": {2, 0},
				"PassedPawnMult": {16, 3}, "PassedPawnEnemyKingDist": {6, 2},
				"KingPressureMult": {-2, -1}, "KingNoFriendlyPawn": {-1, 0}, "KingNoFriendlyPawnAdj": {-2, 0},
				"KingNoEnemyPawn": {0, -1}, "KingNoEnemyPawnAdj": {0, -2},
			},
		},
		{
			// Ne5 on White's 5th rank, out of reach of c6 (span b5–b1,
			// d5–d1) and defended by d4: outpost counted twice.
			name: "outpost", fen: "4k3/8/2p5/4N3/3P4/8/8/4K3 w - - 0 1",
			want: map[string][2]int32{"KnightOutpostMult": {2, 0}, "KnightSqMult": {3, 0}},
		},
		{
			// Nd4 would be evictable by c6-c5; g6 is not on Black's 4th–6th.
			name: "knights", fen: fenKnights,
			want: map[string][2]int32{"KnightOutpostMult": {0, 0}, "KnightSqMult": {3, 1}},
		},
		{
			// Three black rooks: a8–f8 and a8–a6 see each other (2 pairs).
			name: "three-rooks", fen: "r4rk1/5b2/r7/8/8/8/8/6K1 b - - 0 1",
			want: map[string][2]int32{"RookConnected": {0, 2}},
		},
		{
			name: "mobility", fen: fenMobility,
			want: map[string][2]int32{"BishopMobility": {4, 0}, "QueenMobility": {25, 0}, "BishopPair": {0, 0}},
		},
		{
			name: "start", fen: board.StartFEN,
			want: map[string][2]int32{
				"BishopPair": {1, 1}, "WeakSquarePenalty": {0, 0}, "KingPressureMult": {0, 0},
				"KnightSqMult": {0, 0}, "RookConnected": {0, 0}, "PawnValue": {8, 8}, "QueenValue": {1, 1},
			},
			zero: []string{"PawnAdvanceA", "PawnAdvanceB", "PassedPawnMult", "KingNoFriendlyPawn", "RookColumnMult", "RookAttackKingFile"},
		},
	})
}
