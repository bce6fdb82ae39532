package tuner

import "sync"

// partCount returns how many contiguous parts n items are cut into for
// goroutines: at most workers, each of at least minSize items, at least one.
func partCount(n, workers, minSize int) int {
	return max(1, min(workers, n/minSize))
}

// runParts runs f on the parts [lo, hi) of n items, part k of parts on a
// goroutine of its own, and returns the first error in part order (after
// every part has finished).
func runParts(n, parts int, f func(k, lo, hi int) error) error {
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for k := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = f(k, k*n/parts, (k+1)*n/parts)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
