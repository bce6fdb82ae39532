//go:build !(js && wasm)

package tuner

// MaxQMemoBytes is the most QMemoBudget gives natively.
const MaxQMemoBytes = 256 << 20
