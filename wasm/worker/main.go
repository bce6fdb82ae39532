//go:build js && wasm

// Command worker is worker.wasm, the evochess Web Worker: one Go instance per
// dedicated worker (started by assets/web/worker.js) running the engine and
// the tuner behind the wasm/protocol messages. All of it is in
// wasm/workerjs; see there.
package main

import "github.com/evochess/evochess/wasm/workerjs"

func main() { workerjs.Run() }
