// Package assets embeds the bundled data files that native commands need
// without a file system: the Polyglot opening book data/book.bin (built by
// `make book` from the shared grandmaster games; see data/PROVENANCE.md).
// The playground's site gets the same files from `make site`, which copies
// data/ next to the page; nothing under engine/ or tuner/ imports this
// package, so the WebAssembly builds do not carry the book.
package assets

import _ "embed"

// Book is the bundled Polyglot opening book (data/book.bin).
//
//go:embed data/book.bin
var Book []byte
