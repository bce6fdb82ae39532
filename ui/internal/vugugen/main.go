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
// It also writes assets/web/vugu-render.js: Vugu's DOM renderer helper
// script (domrender's jsHelperScript, MIT licence, Copyright (c) 2019 vugu),
// which domrender.New would otherwise install with window.eval — refused by
// the server's Content-Security-Policy (no 'unsafe-eval'). index.html loads
// the file; main_wasm.go then skips the eval. The copy is refreshed from the
// module on every generate, so it always matches the Go side's opcodes.
//
// Usage (from ui/generate.go): go run ./internal/vugugen [dir]. One
// <name>_gen.go per <name>.vugu; the component type is the file name in
// CamelCase (data-tab.vugu → DataTab), as vugugen names it. A comment the
// upstream generator leaves above every event handler is dropped.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/vugu/vugu/gen"
)

const tag = "//go:build js && wasm\n\n"

func main() {
	dir := "."
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	if err := run(dir); err == nil {
		err = writeHelperScript(filepath.Join(dir, "..", "assets", "web", "vugu-render.js"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "vugugen:", err)
			os.Exit(1)
		}
	} else {
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

// upstreamNote is a comment Vugu v0.4.0's generator writes above every DOM
// event handler (a note about its own unfinished event syntax, not about
// this code); it is dropped from the output.
var upstreamNote = regexp.MustCompile(`(?m)^[ \t]*// TODO: implement capture, etc\. mostly need to decide syntax\n`)

func addTag(name string) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	b = upstreamNote.ReplaceAll(b, nil)
	if !bytes.HasPrefix(b, []byte("//go:build")) {
		b = append([]byte(tag), b...)
	}
	out, err := format.Source(b)
	if err != nil {
		return fmt.Errorf("%s: gofmt: %w", name, err)
	}
	return os.WriteFile(name, out, 0o644)
}

// writeHelperScript extracts domrender's jsHelperScript constant from the
// vugu module source (located with `go list -m`) into path.
func writeHelperScript(path string) error {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/vugu/vugu").Output()
	if err != nil {
		return fmt.Errorf("locate the vugu module: %w", err)
	}
	src, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "domrender", "renderer-js-script.go"))
	if err != nil {
		return err
	}
	const decl = "const jsHelperScript = "
	i := bytes.Index(src, []byte(decl))
	if i < 0 {
		return fmt.Errorf("jsHelperScript not found in vugu's domrender")
	}
	line := src[i+len(decl):]
	if j := bytes.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	script, err := strconv.Unquote(strings.TrimSpace(string(line)))
	if err != nil {
		return fmt.Errorf("jsHelperScript: %w", err)
	}
	body := "// Vugu v0.4.0 DOM renderer helper (github.com/vugu/vugu domrender, jsHelperScript),\n" +
		"// MIT License, Copyright (c) 2019 vugu. Extracted by ui/internal/vugugen; do not edit.\n" +
		"// Loaded as a file because the page's CSP forbids the eval Vugu would use.\n" + script + "\n"
	if old, err := os.ReadFile(path); err == nil && string(old) == body {
		return nil
	}
	return os.WriteFile(path, []byte(body), 0o644)
}
