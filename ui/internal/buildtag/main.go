// Command buildtag prepends "//go:build js && wasm" to generated Vugu files
// (vugugen writes them untagged), so the UI package builds only for the
// browser while native `go build ./...`, `go vet ./...` and `go test ./...`
// skip it. It is idempotent.
package main

import (
	"bytes"
	"fmt"
	"os"
)

const tag = "//go:build js && wasm\n\n"

func main() {
	for _, name := range os.Args[1:] {
		if err := addTag(name); err != nil {
			fmt.Fprintln(os.Stderr, "buildtag:", err)
			os.Exit(1)
		}
	}
}

func addTag(name string) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if bytes.HasPrefix(b, []byte("//go:build")) {
		return nil
	}
	return os.WriteFile(name, append([]byte(tag), b...), 0o644)
}
