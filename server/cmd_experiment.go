package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/experiment"
)

func init() {
	register(command{
		name:    "experiment",
		summary: "rerun an experiment (presets, david, david-search, david-coevolution, vazquez, phoenix, prasad, modern, hybrids, all) into docs/experiments/NAME.md",
		run:     runExperiment,
	})
}

func runExperiment(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("experiment", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg experiment.Config
	dataDir := fs.String("data-dir", defaultDataDir(), "shared data folder (pgn/, epd/, openings/)")
	outDir := fs.String("out-dir", "docs/experiments", "folder the NAME.md reports are written to")
	fs.BoolVar(&cfg.Full, "full", false, "the papers' sizes (days for some experiments) instead of the documented reduced sizes; Elo matches of 400 games at -nodes and at 100 ms per move")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the first run (run i uses seed+i)")
	fs.IntVar(&cfg.Runs, "runs", 0, "independent evolutionary runs (0 = the experiment's default)")
	fs.IntVar(&cfg.Generations, "gens", 0, "override the generation count (0 = the experiment's)")
	fs.StringVar(&cfg.PGN, "pgn", "", "training games (default pgn/gm_train_2000-2018_20000.pgn.gz)")
	fs.StringVar(&cfg.Openings, "openings", "", "opening book of the Elo matches and tournaments (default openings/noob_3moves_1500.epd)")
	fs.IntVar(&cfg.Games, "games", 0, "games per pairing of the Elo matches, in pairs from one opening (0 = 400 with -full, 40 otherwise)")
	fs.IntVar(&cfg.Nodes, "nodes", 0, "nodes per move of the fixed-node Elo matches (0 = 20000, -1 = none)")
	moveTime := msVar(fs, "movetime", 0, "`time` per move of the timed Elo matches (100ms, or milliseconds: 100; 0 = 100ms with -full, none otherwise; -1 = none)")
	fs.IntVar(&cfg.Concurrency, "concurrency", 0, "games played at once (0 = all cores)")
	fs.StringVar(&cfg.Search, "search", search.PresetClassic, "search preset of every player of the Elo matches, the held-out searches and the depth-2 search match: "+strings.Join(search.PresetNames(), ", ")+" (classic: the search the committed reports were measured with)")
	fs.StringVar(&cfg.Strongest, "strongest", "", "the strongest paper preset, the yardstick of every Elo table (default: measured by the presets' round robin)")
	fs.IntVar(&cfg.SuitePositions, "suite-positions", 0, "david-search: ECM positions (0 = 100 reduced, 879 full)")
	fs.IntVar(&cfg.NodeCap, "node-cap", 0, "david-search: node cap per position (0 = 20000 reduced, 500000 full)")
	workers := fs.Int("workers", 0, "parallel fitness evaluators (0 = all cores)")
	quiet := fs.Bool("quiet", false, "no progress lines")
	matches := fs.String("matches", "", "match log (JSON lines): every finished Elo match (and each game of the presets' round robin) is recorded there, and a later run with the same log takes the recorded result instead of playing the match again (resumes a stopped experiment)")
	var df distFlags
	df.bind(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: evochess experiment [flags] NAME...   (NAME: "+strings.Join(experiment.Names(), ", ")+", all)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return fmt.Errorf("experiment: name an experiment")
	}
	var names []string
	for _, a := range fs.Args() {
		if a == "all" {
			names = append(names, experiment.Names()...)
			continue
		}
		ok := false
		for _, n := range experiment.Names() {
			ok = ok || n == a
		}
		if !ok {
			return fmt.Errorf("experiment: unknown experiment %q (have %s, all)", a, strings.Join(experiment.Names(), ", "))
		}
		names = append(names, a)
	}
	switch {
	case *workers < 0:
		return fmt.Errorf("experiment: -workers %d < 0", *workers)
	case cfg.Games < 0:
		return fmt.Errorf("experiment: -games %d < 0", cfg.Games)
	case cfg.Concurrency < 0:
		return fmt.Errorf("experiment: -concurrency %d < 0", cfg.Concurrency)
	case *moveTime < 0 && *moveTime != -time.Millisecond:
		return fmt.Errorf("experiment: -movetime %v: want a time per move (100ms), or -1 for none", *moveTime)
	case cfg.Nodes < -1:
		return fmt.Errorf("experiment: -nodes %d: want nodes per move, or -1 for none", cfg.Nodes)
	case cfg.Runs < 0:
		return fmt.Errorf("experiment: -runs %d < 0", cfg.Runs)
	case cfg.Generations < 0:
		return fmt.Errorf("experiment: -gens %d < 0", cfg.Generations)
	case cfg.SuitePositions < 0:
		return fmt.Errorf("experiment: -suite-positions %d < 0", cfg.SuitePositions)
	case cfg.NodeCap < 0:
		return fmt.Errorf("experiment: -node-cap %d < 0", cfg.NodeCap)
	}
	switch {
	case cfg.Games%2 != 0:
		return fmt.Errorf("experiment: -games %d: games are played in pairs from one opening with colours swapped; want an even number", cfg.Games)
	case *moveTime > 0 && *moveTime%time.Millisecond != 0:
		return fmt.Errorf("experiment: -movetime %v: want whole milliseconds", *moveTime)
	case cfg.Seed == 0:
		return fmt.Errorf("experiment: -seed 0: seeds start at 1 (run i uses seed+i)")
	}
	if err := experimentFlagsUsed(fs, names); err != nil {
		return err
	}
	cfg.MoveTime = *moveTime
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		return fmt.Errorf("experiment: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res := tuner.Resources{Open: dataOpener(*dataDir), Workers: *workers, Cache: &tuner.DataCache{}}
	// -distributed: every evolution's fitness runs on the work queue.
	coord, closeDist, err := df.start(ctx, res.Open, "", func(format string, a ...any) {
		if !*quiet {
			fmt.Fprintf(stderr, "experiment: "+format+"\n", a...)
		}
	})
	if err != nil {
		return fmt.Errorf("experiment: %w", err)
	}
	defer closeDist()
	if coord != nil {
		res.Distribute = coord.Distribute
	}
	cfg.Cache = &experiment.Cache{}
	if *matches != "" {
		log, f, err := openMatchLog(*matches)
		if err != nil {
			return fmt.Errorf("experiment: -matches: %w", err)
		}
		defer f.Close()
		cfg.Matches = log
		if n, g := log.Len(), log.Games(); (n > 0 || g > 0) && !*quiet {
			fmt.Fprintf(stderr, "experiment: %s: %d matches recorded, and %d games of round robins and unfinished matches\n", *matches, n, g)
		}
	}
	for _, name := range names {
		start := time.Now()
		cfg.Date = start.UTC().Format("2006-01-02")
		cfg.Progress = func(s string) {
			if !*quiet {
				if coord != nil {
					s += " | " + distLine(coord.Stats())
				}
				fmt.Fprintf(stderr, "[%s %4.0fs] %s\n", name, time.Since(start).Seconds(), s)
			}
		}
		doc, err := experiment.Run(ctx, name, cfg, res)
		if err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		var report strings.Builder
		if err := doc.Markdown(&report); err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		if coord != nil {
			st := coord.Stats()
			fmt.Fprintf(&report, "\nDistributed: %d tasks on NATS JetStream, %.0f s of worker compute time, %d redelivered.\n", st.Done, st.ComputeSeconds, st.Redelivered)
		}
		path := filepath.Join(*outDir, name+".md")
		if err := os.WriteFile(path, []byte(report.String()), 0o644); err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		fmt.Fprintf(stdout, "%s written (%.0f s)\n", path, time.Since(start).Seconds())
	}
	return nil
}

// experimentFlagsUsed refuses, by name, a flag that none of the named
// experiments uses (-runs for presets, whose players are fixed; -games for
// david-search, which plays no games): it would do nothing.
func experimentFlagsUsed(fs *flag.FlagSet, names []string) error {
	var checked, used []string
	for _, n := range experiment.Names() {
		checked = append(checked, experiment.Flags(n)...)
	}
	for _, n := range names {
		used = append(used, experiment.Flags(n)...)
	}
	var unused []string
	for _, f := range checked {
		if !slices.Contains(used, f) && !slices.Contains(unused, f) {
			unused = append(unused, f)
		}
	}
	return onlyFlagsOutside(fs, "experiment", "a run of "+strings.Join(slices.Compact(slices.Clone(names)), ", "), unused...)
}

// openMatchLog reads the match log at path (a new one if there is none),
// rewrites it without the games of finished matches (through a temporary
// file, so a failure leaves it whole), and returns it appending to the
// file.
func openMatchLog(path string) (*experiment.MatchLog, io.Closer, error) {
	if b, err := os.ReadFile(path); err == nil {
		old, err := experiment.ReadMatchLog(bytes.NewReader(b), path, nil)
		if err != nil {
			return nil, nil, err
		}
		var compact bytes.Buffer
		if _, err := old.WriteTo(&compact); err != nil {
			return nil, nil, err
		}
		if !bytes.Equal(compact.Bytes(), b) {
			if err := writeFileAtomic(path, compact.Bytes()); err != nil {
				return nil, nil, err
			}
		}
	} else if !os.IsNotExist(err) {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	lf := &logFile{path: path, f: f}
	log, err := experiment.ReadMatchLog(f, path, lf)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return log, lf, nil
}

// writeFileAtomic replaces path by a file holding b (written beside it,
// then renamed over it).
func writeFileAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// logFile is the match log's file (experiment.SyncWriter): records are appended
// to the file opened at path, and when path is no longer that file — it was
// replaced or removed while the experiment ran, e.g. by a git checkout or
// stash — the log is written there afresh from memory before the next
// record, instead of every later record going to the unlinked old file.
type logFile struct {
	path string
	f    *os.File
}

func (lf *logFile) Write(p []byte) (int, error) { return lf.f.Write(p) }

// Lost reports whether path is no longer the open file.
func (lf *logFile) Lost() bool {
	st, err := os.Stat(lf.path)
	if err != nil {
		return true
	}
	ft, err := lf.f.Stat()
	return err != nil || !os.SameFile(st, ft)
}

// Restart writes path afresh with what write writes and appends there.
func (lf *logFile) Restart(write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	if err := writeFileAtomic(lf.path, b.Bytes()); err != nil {
		return err
	}
	f, err := os.OpenFile(lf.path, os.O_RDWR|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	lf.f.Close()
	lf.f = f
	return nil
}

func (lf *logFile) Close() error { return lf.f.Close() }
