package eval

import (
	"testing"

	"github.com/evochess/evochess/engine/board"
)

func TestPhase(t *testing.T) {
	cases := []struct {
		fen  string
		want int
	}{
		{board.StartFEN, 24},
		{"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", 0},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 4},
		{"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", 8},
		{"qqqqk3/8/8/8/8/8/8/QQQQK3 w - - 0 1", 24}, // capped
	}
	for _, c := range cases {
		if got := Phase(mustFEN(t, c.fen)); got != c.want {
			t.Errorf("Phase(%s) = %d, want %d", c.fen, got, c.want)
		}
	}
}

func TestPhoenixFeatures(t *testing.T) {
	runFeatureCases(t, "phoenix640", []featureCase{
		{
			// Phase 0: only end-game tables count, with weight 24. Black's
			// king e8 reads the mirrored square e1.
			name: "pawn-ending", fen: "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1",
			want: map[string][2]int32{"PawnEG_e4": {24, 0}, "KingEG_e1": {24, 24}, "PawnValue": {1, 0}},
			zero: []string{"PawnMG_e4", "KingMG_e1", "KingEG_e8"},
		},
		{
			// Phase 4: the queen's whole-game table weighs 24, the kings'
			// middle-game tables 4 and end-game tables 20.
			name: "queen", fen: "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
			want: map[string][2]int32{"QueenMG_d1": {24, 0}, "KingMG_e1": {4, 4}, "KingEG_e1": {20, 20}, "QueenValue": {1, 0}},
		},
		{
			name: "start", fen: board.StartFEN,
			want: map[string][2]int32{"KnightMG_b1": {24, 24}, "PawnMG_e2": {24, 24}, "RookMG_a1": {24, 24}},
			zero: []string{"KnightEG_b1", "PawnEG_e2"},
		},
	})
}

func TestPhoenixDefaultValues(t *testing.T) {
	e, err := NewDefault(phoenixScheme)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		fen  string
		want int // White's point of view
	}{
		// 100 for the pawn + 10 for e4 in the end-game pawn table.
		{"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", 110},
		// 900 − 5 (Qd1); the kings cancel.
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 895},
		// Knight on f3 (+10) against b1 (−40) after 1.Nf3: 50.
		{"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", 50},
	}
	for _, c := range cases {
		if got := e.White(mustFEN(t, c.fen)); got != c.want {
			t.Errorf("%s: %d, want %d", c.fen, got, c.want)
		}
	}
	// Spot-check the diagram-to-square conversion against Michniewski's tables.
	for name, want := range map[string]int32{"KnightMG_a1": -50, "KnightMG_d4": 20, "PawnMG_d2": -20, "PawnMG_a7": 50, "KingMG_g1": 30, "KingEG_e4": 40, "RookMG_d1": 5, "PawnEG_c7": 60} {
		i := -1
		for k, sp := range phoenixScheme.specs {
			if sp.Name == name {
				i = k
			}
		}
		if i < 0 || phoenixDefault[i] != want {
			t.Errorf("%s = %v (index %d), want %d", name, phoenixDefault[max(i, 0)], i, want)
		}
	}
}
