package model

import (
	"slices"
	"testing"
)

func TestThinIndices(t *testing.T) {
	for _, tc := range []struct {
		n, max int
		want   []int
	}{
		{0, 5, nil},
		{3, 0, nil},
		{3, 5, []int{0, 1, 2}},
		{10, 1, []int{9}},
		{10, 2, []int{0, 9}},
		{10, 4, []int{0, 3, 6, 9}},
		{7, 3, []int{0, 3, 6}},
	} {
		if got := ThinIndices(tc.n, tc.max); !slices.Equal(got, tc.want) {
			t.Errorf("ThinIndices(%d, %d) = %v, want %v", tc.n, tc.max, got, tc.want)
		}
	}
	// Large histories: at most max, strictly increasing, first and last kept.
	for _, n := range []int{257, 1000, 200000} {
		got := ThinIndices(n, 256)
		if len(got) != 256 || got[0] != 0 || got[len(got)-1] != n-1 {
			t.Fatalf("n %d: %d indices from %d to %d", n, len(got), got[0], got[len(got)-1])
		}
		for i := 1; i < len(got); i++ {
			if got[i] <= got[i-1] {
				t.Fatalf("n %d: not increasing at %d: %v", n, i, got[i-1:i+1])
			}
		}
	}
}
