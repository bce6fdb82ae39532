//go:build !amd64 && !arm64

package search

import "github.com/evochess/evochess/engine/board"

// prefetchChild does nothing where there is no prefetch instruction to use
// (WebAssembly among others); it inlines away.
func (s *Searcher) prefetchChild(*board.Position, board.Move) {}
