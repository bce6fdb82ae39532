package arena

import (
	_ "embed"
	"fmt"
	"strings"
)

// defaultBook is the first 200 lines of the shared noob_3moves_1500.epd
// (official-stockfish/books, CC0-1.0; see book/PROVENANCE.md).
//
//go:embed book/noob_3moves_200.epd
var defaultBook string

// DefaultOpenings returns the embedded book: 200 balanced positions after
// three moves per side (Stockfish's noob_3moves book, CC0). It needs no file
// system, so tournaments in the browser and the tuner's tournament fitness
// can use it. Each call parses a fresh copy (about 1 ms).
func DefaultOpenings() ([]Opening, error) {
	ops, err := ReadEPDOpenings(strings.NewReader(defaultBook))
	if err != nil {
		return nil, fmt.Errorf("arena: embedded opening book: %w", err)
	}
	return ops, nil
}
