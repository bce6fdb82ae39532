package eval

import (
	"testing"

	"github.com/evochess/evochess/engine/board"
)

func TestPrasadFeatures(t *testing.T) {
	runFeatureCases(t, "prasad38", []featureCase{
		{
			name: "pawns2", fen: fenPawns2,
			want: map[string][2]int32{
				"PawnDoubled": {0, 0}, "PawnCentral": {1, 1}, "PawnIsolated": {1, 2},
				"PawnBackward": {1, 0}, "PawnPassed": {2, 1}, "PawnValue": {3, 2},
			},
		},
		{
			name: "knights", fen: fenKnights,
			want: map[string][2]int32{
				"KnightSupported": {1, 0}, "KnightOperationsBase": {1, 1}, "KnightPeriphery0": {1, 0},
				"KnightPeriphery1": {0, 1}, "KnightPeriphery2": {0, 0}, "KnightPeriphery3": {1, 0},
				"KnightMobility": {10, 6}, "KingDefendingMaterial": {300, 300},
				"KingMobility": {5, 5}, "KingPawns": {0, 0},
			},
		},
		{
			// See TestVazquezFeatures "rooks"; both kings castled short with
			// f/g/h pawns next to them and two free squares (f1 h1, f8 h8).
			name: "rooks", fen: fenRooks,
			want: map[string][2]int32{
				"RookOpenColumn": {1, 1}, "RookSemiOpenColumn": {1, 0}, "RookClosedColumnBehind": {1, 0},
				"RookClosedColumnAhead": {0, 1}, "RookSevenRank": {2, 1}, "RookDoubled": {0, 0},
				"RookMobility": {19, 21}, "KingCastling": {1, 1}, "KingShortCastling": {1, 1},
				"KingLongCastling": {0, 0}, "KingPawns": {3, 3}, "KingMobility": {2, 2},
				"KingAttackingMaterial": {500, 500}, "KingDefendingMaterial": {500, 0},
				"KingOpenCheck": {0, 0}, "QueenPinned": {0, 0},
			},
		},
		{
			// Both kings stand on c1/c8, which counts as castled long.
			name: "doubled-rooks-long-castle", fen: "2k5/8/8/8/8/8/R7/R1K5 w - - 0 1",
			want: map[string][2]int32{
				"RookDoubled": {1, 0}, "KingLongCastling": {1, 1}, "KingCastling": {1, 1},
				"KingShortCastling": {0, 0},
			},
		},
		{
			// Ne4 alone between Re1 and the e8 king: a discovered check is
			// ready. The black queen b5 stands behind c4 on the diagonal of
			// Bd3: removing c4 loses the queen. Bd3 has no pawn in front.
			name: "tactics", fen: "4k3/8/8/1q6/2p1N3/3B4/8/K3R3 w - - 0 1",
			want: map[string][2]int32{
				"KingOpenCheck": {1, 0}, "QueenPinned": {1, 0}, "BishopAhead": {0, 0},
				"BishopPawnsMobility": {0, 0},
			},
		},
		{
			// Bc1 is blocked by b2 and d2, Bf1 by e2 and g2, each of which
			// can still advance one square.
			name: "start", fen: board.StartFEN,
			want: map[string][2]int32{
				"BishopAhead": {4, 4}, "BishopPawnsMobility": {4, 4}, "BishopPair": {1, 1},
				"KingPawns": {3, 3}, "KingMobility": {0, 0}, "RookClosedColumnBehind": {2, 2},
				"KnightPeriphery0": {2, 2}, "KnightSupported": {0, 0}, "KnightOperationsBase": {0, 0},
				"KingDefendingMaterial": {2160, 2160}, "KingCastling": {0, 0},
			},
		},
		{
			// d3 and e3 block Bc1... only e3 is on its forward diagonal
			// (c1-d2-e3 with d2 empty); d3 is not. e3 cannot advance (e4 is
			// occupied by Black's pawn).
			name: "bishop-blocked", fen: "4k3/8/8/8/4p3/3PP3/8/2B1K3 w - - 0 1",
			want: map[string][2]int32{"BishopAhead": {1, 0}, "BishopPawnsMobility": {0, 0}, "BishopMobility": {3, 0}},
		},
	})
}
