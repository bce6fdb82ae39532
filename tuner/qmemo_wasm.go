//go:build js && wasm

package tuner

// MaxQMemoBytes is the most QMemoBudget gives in WebAssembly: a browser
// worker's memory is scarce, and a split run's nested workers each hold a
// share of the positions.
const MaxQMemoBytes = 32 << 20
