package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/evochess/evochess/tuner"
)

func init() {
	register(command{
		name:    "experiment",
		summary: "rerun a paper's experiment (david, david-search, david-coevolution, vazquez, phoenix, prasad, all) into docs/experiments/NAME.md",
		run:     runExperiment,
	})
}

func runExperiment(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("experiment", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg tuner.ExperimentConfig
	dataDir := fs.String("data-dir", defaultDataDir(), "shared data folder (pgn/, epd/, openings/)")
	outDir := fs.String("out-dir", "docs/experiments", "folder the NAME.md reports are written to")
	fs.BoolVar(&cfg.Full, "full", false, "the papers' sizes (days for some experiments) instead of the documented reduced sizes")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the first run (run i uses seed+i)")
	fs.IntVar(&cfg.Runs, "runs", 0, "independent evolutionary runs (0 = the experiment's default)")
	fs.IntVar(&cfg.Generations, "gens", 0, "override the generation count (0 = the experiment's)")
	fs.StringVar(&cfg.PGN, "pgn", "", "training games (default pgn/gm_train_2000-2018_20000.pgn.gz)")
	fs.StringVar(&cfg.Openings, "openings", "", "opening book of the matches (default openings/noob_3moves_1500.epd)")
	fs.IntVar(&cfg.MatchGames, "games", 0, "games per pair in the evaluation matches (default 20)")
	fs.IntVar(&cfg.MatchDepth, "depth", 0, "fixed search depth of the evaluation matches (default 2)")
	fs.IntVar(&cfg.SuitePositions, "suite-positions", 0, "david-search: ECM positions (0 = 100 reduced, 879 full)")
	fs.IntVar(&cfg.NodeCap, "node-cap", 0, "david-search: node cap per position (0 = 20000 reduced, 500000 full)")
	workers := fs.Int("workers", 0, "parallel fitness evaluators and games (0 = all cores)")
	quiet := fs.Bool("quiet", false, "no progress lines")
	var df distFlags
	df.bind(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: evochess experiment [flags] NAME...   (NAME: "+strings.Join(tuner.Experiments(), ", ")+", all)")
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
			names = append(names, tuner.Experiments()...)
			continue
		}
		ok := false
		for _, n := range tuner.Experiments() {
			ok = ok || n == a
		}
		if !ok {
			return fmt.Errorf("experiment: unknown experiment %q (have %s, all)", a, strings.Join(tuner.Experiments(), ", "))
		}
		names = append(names, a)
	}
	if *workers < 0 {
		return fmt.Errorf("experiment: -workers %d < 0", *workers)
	}
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
	for _, name := range names {
		start := time.Now()
		cfg.Date = start.UTC().Format("2006-01-02 15:04 UTC")
		cfg.Progress = func(s string) {
			if !*quiet {
				if coord != nil {
					s += " | " + distLine(coord.Stats())
				}
				fmt.Fprintf(stderr, "[%s %4.0fs] %s\n", name, time.Since(start).Seconds(), s)
			}
		}
		var report strings.Builder
		if err := tuner.RunExperiment(ctx, name, cfg, res, &report); err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		flags := experimentFlags(cfg)
		if coord != nil {
			st := coord.Stats()
			flags = append(flags, "-distributed")
			fmt.Fprintf(&report, "\nDistributed: %d tasks on NATS JetStream, %.0f s of worker compute time, %d redelivered.\n", st.Done, st.ComputeSeconds, st.Redelivered)
		}
		fmt.Fprintf(&report, "\nWall time: %.0f s (`evochess experiment %s`).\n", time.Since(start).Seconds(), strings.Join(append(flags, name), " "))
		path := filepath.Join(*outDir, name+".md")
		if err := os.WriteFile(path, []byte(report.String()), 0o644); err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		fmt.Fprintf(stdout, "%s written (%.0f s)\n", path, time.Since(start).Seconds())
	}
	return nil
}

// experimentFlags renders the non-default size flags for the report footer.
func experimentFlags(c tuner.ExperimentConfig) []string {
	var out []string
	if c.Full {
		out = append(out, "-full")
	}
	if c.Runs > 0 {
		out = append(out, fmt.Sprintf("-runs %d", c.Runs))
	}
	if c.Generations > 0 {
		out = append(out, fmt.Sprintf("-gens %d", c.Generations))
	}
	if c.MatchGames > 0 {
		out = append(out, fmt.Sprintf("-games %d", c.MatchGames))
	}
	if c.MatchDepth > 0 {
		out = append(out, fmt.Sprintf("-depth %d", c.MatchDepth))
	}
	if c.SuitePositions > 0 {
		out = append(out, fmt.Sprintf("-suite-positions %d", c.SuitePositions))
	}
	if c.NodeCap > 0 {
		out = append(out, fmt.Sprintf("-node-cap %d", c.NodeCap))
	}
	if c.Seed != 1 {
		out = append(out, fmt.Sprintf("-seed %d", c.Seed))
	}
	return out
}
