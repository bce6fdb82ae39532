// Command vugugen compiles the playground's .vugu files with Vugu's own code
// generator (github.com/vugu/vugu/gen, v0.4.0) but with its static-HTML
// optimisation turned off, and tags the output "//go:build js && wasm".
//
// Why not `go tool vugugen`: that optimisation turns every static subtree
// into an innerHTML string, and Vugu 0.4's renderer writes innerHTML on every
// render, so the browser re-parses and re-lays out all static text each time
// a worker message arrives (measured: 60-140 ms renders and long tasks up to
// 700 ms during a run). Element by element, an unchanged render writes only
// equal values, which the browser discards cheaply.
//
// Usage (from ui/generate.go): go run ./internal/vugugen [dir]. One
// <name>_gen.go per <name>.vugu; the component type is the file name in
// CamelCase (data-tab.vugu → DataTab), as vugugen names it.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"

	"github.com/vugu/vugu/gen"
)

const tag = "//go:build js && wasm\n\n"

func main() {
	dir := "."
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	if err := run(dir); err != nil {
		fmt.Fprintln(os.Stderr, "vugugen:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.vugu"))
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("no .vugu files in %s", dir)
	}
	// Remove outputs of the stock generator so no component is defined twice.
	_ = os.Remove(filepath.Join(dir, "0_components_gen.go"))
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".vugu")
		out := base + "_gen.go"
		src, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		pg := &gen.ParserGo{PackageName: "main", StructType: typeName(base), OutDir: dir, OutFile: out, NoOptimizeStatic: true}
		if err := pg.Parse(bytes.NewReader(src), filepath.Base(f)); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		if err := addTag(filepath.Join(dir, out)); err != nil {
			return err
		}
	}
	return nil
}

// typeName turns "data-tab" into "DataTab".
func typeName(base string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(base, func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

func addTag(name string) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(b, []byte("//go:build")) {
		b = append([]byte(tag), b...)
	}
	out, err := format.Source(b)
	if err != nil {
		return fmt.Errorf("%s: gofmt: %w", name, err)
	}
	return os.WriteFile(name, out, 0o644)
}
