//go:build !wasm

package search

import "sync/atomic"

// loadWord and storeWord read and write one word of a transposition-table
// slot atomically (Lazy SMP threads share the table). See ttword_wasm.go
// for WebAssembly.
func loadWord(p *uint64) uint64 { return atomic.LoadUint64(p) }

func storeWord(p *uint64, v uint64) { atomic.StoreUint64(p, v) }
