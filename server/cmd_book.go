package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/book"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/tuner/data"
)

func init() {
	register(command{
		name:    "book",
		summary: "build a Polyglot opening book from PGN games, or list a book's moves for a position",
		run:     runBook,
	})
}

// runBook implements
//
//	evochess book -pgn games.pgn[.gz] -out book.bin [-plies 12] [-min-games 3]
//	evochess book -probe book.bin [-fen FEN] [-moves "e2e4 e7e5"]
func runBook(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("book", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pgnPath := fs.String("pgn", "", "PGN games to build the book from (gzip or zip accepted; - for standard input)")
	out := fs.String("out", "", "Polyglot book to write")
	plies := fs.Int("plies", 12, "plies of each game that enter the book")
	minGames := fs.Int("min-games", 3, "keep a move only if it was played in at least this many games")
	probe := fs.String("probe", "", "Polyglot book to list the moves of (for -fen / -moves)")
	fen := fs.String("fen", board.StartFEN, "with -probe: the position")
	moves := fs.String("moves", "", "with -probe: UCI moves played from -fen")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("book: unexpected arguments %q", fs.Args())
	}
	switch {
	case *probe != "" && *pgnPath == "":
		if err := onlyFlags(fs, "book", "a probe (-probe)", "probe", "fen", "moves"); err != nil {
			return err
		}
		return probeBook(stdout, *probe, *fen, *moves)
	case *pgnPath != "" && *out != "" && *probe == "":
		if err := onlyFlags(fs, "book", "a build (-pgn -out)", "pgn", "out", "plies", "min-games"); err != nil {
			return err
		}
	default:
		return errors.New("book: give -pgn FILE -out book.bin to build, or -probe book.bin to list moves")
	}
	if *plies < 1 || *minGames < 1 {
		return fmt.Errorf("book: -plies %d and -min-games %d must be at least 1", *plies, *minGames)
	}
	if err := checkBookOut(*pgnPath, *out); err != nil {
		return err
	}
	var src io.Reader = stdin // -pgn -: the games come on standard input
	if *pgnPath != "-" {
		f, err := os.Open(*pgnPath)
		if err != nil {
			return fmt.Errorf("book: %w", err)
		}
		defer f.Close()
		src = f
	}
	in, err := data.Unpack(src)
	if err != nil {
		return fmt.Errorf("book: %s: %w", *pgnPath, err)
	}
	b := book.NewBuilder(*plies)
	r := pgn.NewReader(in)
	var skipped []string
	printed := 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var gerr *pgn.GameError
		if errors.As(err, &gerr) {
			if len(skipped) < 3 {
				skipped = append(skipped, gerr.Error())
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("book: %s: %w", *pgnPath, err)
		}
		if err := b.Add(g); err != nil && len(skipped) < 3 {
			skipped = append(skipped, err.Error())
		}
		if n := b.Games; n >= printed+5000 {
			printed = n
			fmt.Fprintf(stderr, "book: %d games read\n", n)
		}
	}
	entries, err := b.Entries(*minGames)
	if err != nil {
		why := ""
		if len(skipped) > 0 {
			why = "; first skipped: " + strings.Join(skipped, "; ")
		}
		return fmt.Errorf("book: %s: %d games read (%d unreadable or without result), -min-games %d: %w%s",
			*pgnPath, b.Games, b.Skipped+r.Skipped(), *minGames, err, why)
	}
	if err := writeBook(*out, entries); err != nil {
		return err
	}
	keys := map[uint64]bool{}
	for _, e := range entries {
		keys[e.Key] = true
	}
	fmt.Fprintf(stdout, "%s: %d games (%d unreadable or without result), first %d plies, moves played in >= %d games\n",
		*pgnPath, b.Games, b.Skipped+r.Skipped(), *plies, *minGames)
	fmt.Fprintf(stdout, "%s: %d entries, %d positions, %d bytes\n", *out, len(entries), len(keys), len(entries)*book.EntrySize)
	for _, s := range skipped {
		fmt.Fprintf(stderr, "book: skipped: %s\n", s)
	}
	return nil
}

// checkBookOut refuses, before any game is read, a -out that names the
// -pgn file (the games would be overwritten by the book), a folder, or a
// file in a folder that is missing or cannot be written.
func checkBookOut(pgnPath, out string) error {
	if st, err := os.Stat(out); err == nil {
		if st.IsDir() {
			return fmt.Errorf("book: -out %s is a folder: give the book file to write", out)
		}
		if pgnPath != "-" {
			if in, err := os.Stat(pgnPath); err == nil && os.SameFile(st, in) {
				return fmt.Errorf("book: -out %s is the -pgn file: the book would overwrite the games; give another file", out)
			}
		}
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return fmt.Errorf("book: -out %s: %w", out, err)
	}
	if err := checkWritableDir(filepath.Dir(abs)); err != nil {
		return fmt.Errorf("book: -out %s: %w", out, err)
	}
	return nil
}

// writeBook writes entries as a Polyglot book at path: to a file beside
// it, then renamed over it, so that a failure leaves no truncated book
// (nor an earlier book at path cut short).
func writeBook(path string, entries []book.Entry) error {
	o, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("book: -out %s: %w", path, err)
	}
	tmp := o.Name()
	fail := func(err error) error {
		o.Close()
		os.Remove(tmp)
		return fmt.Errorf("book: write %s: %w", path, err)
	}
	w := bufio.NewWriter(o)
	if err := book.Write(w, entries); err != nil {
		return fail(err)
	}
	if err := w.Flush(); err != nil {
		return fail(err)
	}
	if err := o.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := o.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("book: write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("book: write %s: %w", path, err)
	}
	return nil
}

// probeBook lists the book moves of a position with their weights and
// shares.
func probeBook(w io.Writer, path, fen, moves string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("book: %w", err)
	}
	bk, err := book.Open(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("book: %s: %w", path, err)
	}
	pos, err := board.ParseFEN(fen)
	if err != nil {
		return fmt.Errorf("book: -fen: %w", err)
	}
	for i, s := range strings.Fields(moves) {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			return fmt.Errorf("book: -moves: move %d %q: %w", i+1, s, err)
		}
		pos.MakeMove(m)
	}
	fmt.Fprintf(w, "%s\nkey %016x\n", pos.FEN(), book.Key(pos))
	bm := bk.Moves(pos)
	if len(bm) == 0 {
		fmt.Fprintln(w, "not in the book")
		return nil
	}
	total := 0
	for _, m := range bm {
		total += int(m.Weight)
	}
	for _, m := range bm {
		share := 0.0
		if total > 0 {
			share = 100 * float64(m.Weight) / float64(total)
		}
		fmt.Fprintf(w, "%-6s %-7s weight %5d  %5.1f%%\n", m.Move.UCI(), pos.SAN(m.Move), m.Weight, share)
	}
	return nil
}
