//go:build !linux

package search

// adviseHuge does nothing where transparent huge pages cannot be asked for.
func adviseHuge([]ttBucket) {}
