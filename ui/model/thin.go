package model

// ThinIndices returns at most max indices of a history of n entries,
// increasing and evenly spread, always with the first and the last: the
// entries a chart still draws faithfully when a long run's history must be
// stored smaller (n ≤ max, or max < 2: every index up to max, first and
// last kept when max ≥ 2).
func ThinIndices(n, max int) []int {
	if n <= 0 || max <= 0 {
		return nil
	}
	if n <= max {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	if max == 1 {
		return []int{n - 1}
	}
	out := make([]int, 0, max)
	for k := 0; k < max; k++ {
		// k·(n−1)/(max−1), rounded down: 0 … n−1, strictly increasing as
		// n > max.
		out = append(out, k*(n-1)/(max-1))
	}
	return out
}
