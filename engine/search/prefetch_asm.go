//go:build amd64 || arm64

package search

import (
	"unsafe"

	"github.com/evochess/evochess/engine/board"
)

// prefetch asks the processor to bring the cache line at addr closer
// (PREFETCHT0 / PRFM PLDL1KEEP); it never faults and changes nothing else.
//
//go:noescape
func prefetch(addr uintptr)

// prefetchChild starts loading the transposition-table bucket of the
// position after m while the move is still being examined (pruning rules,
// extensions, make-move), so that the child's probe — most of a node's
// cache misses — finds it in cache (Stockfish prefetches the same way). The
// key is board.Position.KeyAfter's: wrong only for rare moves, where the
// prefetch is merely wasted. It has no effect on the search's result.
func (s *Searcher) prefetchChild(pos *board.Position, m board.Move) {
	t := s.tt
	prefetch(uintptr(unsafe.Pointer(&t.buckets[pos.KeyAfter(m)&t.mask])))
}
