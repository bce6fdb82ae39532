//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains that the playground is a WebAssembly program: build it with
// `make site` (GOOS=js GOARCH=wasm) and open it through `evochess serve`.
func main() {
	fmt.Fprintln(os.Stderr, "ui: the playground runs in a browser; build it with `make site` and run `evochess serve`")
	os.Exit(2)
}
