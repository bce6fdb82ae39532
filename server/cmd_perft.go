package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/evochess/evochess/engine/board"
)

func init() {
	register(command{
		name:    "perft",
		summary: "count legal move paths to a depth (move generator check)",
		run:     runPerft,
	})
}

// maxPerftDepth bounds -depth: deeper runs take days.
const maxPerftDepth = 15

// runPerft implements `evochess perft [-fen FEN] -depth N [-divide] [-full]`.
// The node count is printed alone on the last line of stdout; -divide first
// prints "move: count" for each root move (sorted by UCI text); timing goes to
// stderr.
func runPerft(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fen := fs.String("fen", board.StartFEN, "position in FEN")
	depth := fs.Int("depth", 0, "depth in plies, 1.."+fmt.Sprint(maxPerftDepth)+" (required)")
	divide := fs.Bool("divide", false, "print the count below each root move first")
	full := fs.Bool("full", false, "make and unmake every leaf move (no bulk counting at the last ply)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("perft: unexpected arguments %q", fs.Args())
	}
	if *depth < 1 || *depth > maxPerftDepth {
		return fmt.Errorf("perft: -depth %d: want 1..%d", *depth, maxPerftDepth)
	}
	pos, warn, err := board.ParseFENLoose(*fen)
	if err != nil {
		return fmt.Errorf("perft: %w", err)
	}
	for _, w := range warn {
		fmt.Fprintf(stderr, "perft: -fen: %s (repaired: %s)\n", w, pos.FEN())
	}
	count := pos.PerftBulk
	if *full {
		count = pos.Perft
	}
	start := time.Now()
	var total uint64
	if *divide {
		var ml board.MoveList
		pos.GenerateLegal(&ml)
		moves := slices.Clone(ml.Slice())
		slices.SortFunc(moves, func(a, b board.Move) int {
			if a.UCI() < b.UCI() {
				return -1
			}
			return 1
		})
		for _, m := range moves {
			pos.MakeMove(m)
			n := count(*depth - 1)
			pos.UnmakeMove()
			total += n
			if _, err := fmt.Fprintf(stdout, "%s: %d\n", m.UCI(), n); err != nil {
				return fmt.Errorf("perft: %w", err)
			}
		}
	} else {
		total = count(*depth)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stderr, "perft(%d) %d nodes in %v (%.1f M nodes/s)\n", *depth, total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds()/1e6)
	if _, err := fmt.Fprintf(stdout, "%d\n", total); err != nil {
		return fmt.Errorf("perft: %w", err)
	}
	return nil
}
