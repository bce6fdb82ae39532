//go:build wasm

package search

// loadWord and storeWord are plain loads and stores in WebAssembly: a Go
// WebAssembly program runs every goroutine on one thread without
// preemption, so a 64-bit access is never interleaved with another (the
// runtime's own atomic.Load64 and Store64 for wasm are plain accesses too).
// Those are not intrinsics there but two nested calls each (sync/atomic,
// then internal/runtime/atomic), up to eight loads per probe. Native builds
// use sync/atomic (ttword.go).
func loadWord(p *uint64) uint64 { return *p }

func storeWord(p *uint64, v uint64) { *p = v }
