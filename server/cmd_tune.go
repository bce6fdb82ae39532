package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/dist"
	"github.com/evochess/evochess/wasm/protocol"
)

func init() {
	register(command{
		name:    "tune",
		summary: "evolve evaluation weights or search parameters (GA, EP, Hooke-Jeeves, MNC, CMA-ES, DE, PSO, Texel)",
		run:     runTune,
	})
}

// tuneFlags are the flags of "evochess tune" beyond protocol.RunConfig's.
type tuneFlags struct {
	cfg                    protocol.RunConfig
	testPGN, epd, openings string
	playerFile, dataDir    string
	searchGroup, search    string
	elite                  int
	crossover, mutation    float64
	out, logFile           string
	checkpoint, resume     string
	jsonOut, quiet         bool
	stopAfter              int
	dist                   distFlags
	explicit               []string        // optimizer flags given on the command line
	given                  map[string]bool // every flag given on the command line
	stdin                  io.Reader       // the games of -pgn - (or -test-pgn -)
}

func runTune(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f := tuneFlags{stdin: stdin}
	f.cfg.BindFlags(fs)
	// The run flags are shared with the playground's command lines; two read
	// differently here.
	fs.Lookup("gens").Usage = "generations (default: the preset's; an explicit 0 means no generation limit, for a run stopped by -param max_evaluations=N)"
	fs.Lookup("max-games").Usage = "not for tune, which reads every game of -data (the playground and evochess serve read at most this many games); give a shorter file"
	fs.StringVar(&f.cfg.Data.Source, "pgn", "", "training games, .pgn or .pgn.gz (same as -data; - for standard input)")
	fs.IntVar(&f.cfg.Data.Sample.Train, "positions", 0, "training positions (same as -train; 0 = preset)")
	fs.StringVar(&f.testPGN, "test-pgn", "", "held-out games (default: held-out positions come from other games of -pgn)")
	fs.StringVar(&f.epd, "epd", "", "test suite for -fitness nodes (default: the preset's, epd/ecm.epd)")
	fs.StringVar(&f.openings, "openings", "", "opening book (EPD or PGN) for tournament fitness")
	fs.StringVar(&f.playerFile, "player", "", "player file whose evaluation is used with -fitness nodes")
	fs.StringVar(&f.search, "search", "", "-fitness search-match: the search preset of its searches: "+strings.Join(search.PresetNames(), ", ")+" (default: default)")
	fs.StringVar(&f.searchGroup, "search-group", "", "-fitness nodes: search parameters tuned: table1 (David et al.'s Table I), modern, all (default: the preset's)")
	fs.StringVar(&f.dataDir, "data-dir", defaultDataDir(), "folder that relative data names (pgn/…, epd/…, openings/…) are looked up in")
	fs.IntVar(&f.elite, "elite", 0, "GA elitism: best individuals copied (default: the preset's; -elite 0 turns elitism off)")
	fs.Float64Var(&f.crossover, "crossover", 0, "crossover rate (GA, MNC; DE's CR) (default: the preset's)")
	fs.Float64Var(&f.mutation, "mutation", 0, "mutation rate (GA per bit, MNC per gene) (default: the preset's)")
	fs.StringVar(&f.out, "out", "evolved.json", "player file written with the best candidate")
	fs.StringVar(&f.logFile, "log", "", "per-generation log, .csv or .jsonl")
	fs.StringVar(&f.checkpoint, "checkpoint", "", "checkpoint file, rewritten every generation and on Ctrl-C")
	fs.StringVar(&f.resume, "resume", "", "resume the run saved in this checkpoint file")
	fs.BoolVar(&f.jsonOut, "json", false, "print a JSON summary as the last line of stdout")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress output")
	f.dist.bind(fs)
	fs.IntVar(&f.stopAfter, "stop-after", 0, "pause after this many generations: save the checkpoint and the best player so far, resume later with -resume")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: evochess tune -preset NAME | -algo NAME [-scheme NAME] -pgn FILE [-seed N] [-out player.json] [flags]")
		fmt.Fprintln(stderr, "       evochess tune -resume CHECKPOINT [-out player.json] [-log FILE]")
		fmt.Fprintln(stderr, "algorithms:")
		for _, a := range tuner.Algorithms() {
			fmt.Fprintf(stderr, "  %-13s %s\n", a.Name, a.Doc)
		}
		fmt.Fprintln(stderr, "presets (algorithm, fitness, scheme, start; override with the flags):")
		for _, p := range tuner.Presets() {
			re := ""
			if p.Problem.Recompile > 0 {
				re = fmt.Sprintf(", re-resolved every %d generations", p.Problem.Recompile)
			}
			fmt.Fprintf(stderr, "  %-18s %s, %s, %s, start %s%s\n", p.Name, p.Algorithm, p.Problem.Fitness, p.Problem.Scheme, p.Problem.Start, re)
		}
		fmt.Fprintln(stderr, "fitness functions:")
		for _, k := range tuner.Fitnesses() {
			fmt.Fprintf(stderr, "  %-11s %s\n", k.Name, k.Doc)
		}
		fmt.Fprintln(stderr, "-start: random, material, preset:NAME (an engine/eval preset of the scheme; for -fitness nodes an engine/search preset)")
		fmt.Fprintln(stderr, "-param names: "+strings.Join(tuner.ParamKeys(), ", ")+" (a value of 0 is used as given)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("tune: unexpected argument %q", fs.Arg(0))
	}
	if explicit(fs, "pgn") && explicit(fs, "data") {
		return errors.New("tune: -pgn and -data name the same thing (the training games): give one")
	}
	if err := tuneConflicts(fs, f.cfg.Params); err != nil {
		return err
	}
	if f.cfg.Data.Sample.MaxGames != 0 {
		return errors.New("tune: -max-games is not supported (sample with -train/-test instead)")
	}
	if f.cfg.Workers < 0 {
		return fmt.Errorf("tune: -workers %d < 0", f.cfg.Workers)
	}
	if f.resume != "" {
		// A resumed run keeps its own settings: a flag that would change
		// them is refused rather than ignored.
		var set []string
		fs.Visit(func(fl *flag.Flag) {
			if !resumeFlags[fl.Name] && !strings.HasPrefix(fl.Name, "nats") {
				set = append(set, "-"+fl.Name)
			}
		})
		if len(set) > 0 {
			return fmt.Errorf("tune: -resume continues the run with the settings in its checkpoint; %s cannot change them (start a new run to change them)", strings.Join(set, ", "))
		}
	}
	// Flags given explicitly set their optimizer field even to zero (-elite 0:
	// no elitism; -gens 0: no generation limit).
	f.given = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) {
		f.given[fl.Name] = true
		switch fl.Name {
		case "elite", "crossover", "mutation":
			f.explicit = append(f.explicit, fl.Name)
		case "gens":
			if f.cfg.Generations == 0 {
				f.explicit = append(f.explicit, fl.Name)
			}
		}
	})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return tune(ctx, f, stdout, stderr)
}

// fitnessFlags names the fitness functions each fitness-specific flag of
// tune is read by.
var fitnessFlags = []struct {
	flag      string
	fitnesses []string
}{
	{"epd", []string{"nodes"}}, {"player", []string{"nodes"}}, {"search-group", []string{"nodes"}}, {"node-cap", []string{"nodes"}},
	{"openings", []string{"tournament"}}, {"games", []string{"tournament"}}, {"game-depth", []string{"tournament"}},
	{"depth", []string{"search-match"}}, // -search: the tuner refuses it itself
}

// fitnessFlagsUsed refuses the flags given that the run's fitness does not
// read (tune -preset vazquez-ep -node-cap 5000: match-qs has no node cap).
func fitnessFlagsUsed(given map[string]bool, fitness string) error {
	var idle []string
	var users []string
	for _, ff := range fitnessFlags {
		if given[ff.flag] && !slices.Contains(ff.fitnesses, fitness) {
			idle = append(idle, "-"+ff.flag)
			users = append(users, "-"+ff.flag+": "+strings.Join(ff.fitnesses, ", "))
		}
	}
	if len(idle) == 0 {
		return nil
	}
	return fmt.Errorf("tune: %s: fitness %s does not use them (%s); leave them out or choose that -fitness", strings.Join(idle, ", "), fitness, strings.Join(users, "; "))
}

// tuneConflicts refuses two flags that set the same setting to different
// values (which one won depended on the flag's kind and order): -pop and
// -param pop=, -gens and -param generations=, -positions and -train.
func tuneConflicts(fs *flag.FlagSet, params map[string]float64) error {
	given := map[string]string{}
	fs.Visit(func(fl *flag.Flag) { given[fl.Name] = fl.Value.String() })
	for _, c := range []struct{ flag, param string }{{"pop", "pop"}, {"gens", "generations"}} {
		v, ok := given[c.flag]
		pv, pok := params[c.param]
		if ok && pok && v != strconv.FormatFloat(pv, 'g', -1, 64) {
			return fmt.Errorf("tune: -%s %s and -param %s=%g set the same thing to different values: give one", c.flag, v, c.param, pv)
		}
	}
	// -positions and -train write the same field: the flag package keeps
	// the last, so both are seen only through the order they came in.
	if _, ok := given["positions"]; ok {
		if _, ok := given["train"]; ok {
			return errors.New("tune: -positions and -train both set the training positions: give one")
		}
	}
	return nil
}

// resumeFlags are the flags that may go with -resume: where the data,
// outputs and checkpoints are, how many workers score, distribution (and
// -nats…); none changes what the run computes.
var resumeFlags = map[string]bool{
	"resume": true, "out": true, "log": true, "checkpoint": true, "json": true, "quiet": true, "stop-after": true,
	"workers": true, "data-dir": true, "distributed": true, "local-workers": true, "ack-wait": true,
	"max-deliver": true, "min-task": true, "task-timeout": true, "dist-log": true,
}

// defaultDataDir is $EVOCHESS_SHARED_DATA, or ../shared/data when it exists.
func defaultDataDir() string {
	if d := os.Getenv("EVOCHESS_SHARED_DATA"); d != "" {
		return d
	}
	for _, d := range []string{"../shared/data", "shared/data"} {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
	}
	return "."
}

// dataOpener opens a name as given when that file exists, else inside dir.
// "bundled" names the playground's bundled games, embedded in the binary;
// so does their shared-data name (pgn/gm_demo_1500.pgn, what the Tune tab's
// command line says) when no such file exists on disk. Likewise the other
// shared-data files the binary carries (byte-identical copies under the
// site's data/: the presets' opening files openings/…, the ECM suite
// epd/ecm.epd) are read from the binary when dir has no such file, so the
// presets that need them run from any folder.
func dataOpener(dir string) func(string) (io.ReadCloser, error) {
	return dataOpenerFS(dir, siteRoot())
}

// dataOpenerFS is dataOpener with the site whose bundled files it reads.
func dataOpenerFS(dir string, site fs.FS) func(string) (io.ReadCloser, error) {
	bundled := func() (io.ReadCloser, error) {
		f, err := site.Open(protocol.BundledPath)
		if err != nil {
			return nil, fmt.Errorf("the bundled games (%s) are not in this binary (build it with `make build`): %w", protocol.BundledPath, err)
		}
		return f, nil
	}
	return func(name string) (io.ReadCloser, error) {
		if name == protocol.BundledSource {
			return bundled()
		}
		if _, err := os.Stat(name); err == nil || filepath.IsAbs(name) {
			return os.Open(name)
		}
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
		if err == nil || !errors.Is(err, os.ErrNotExist) {
			return f, err
		}
		if protocol.IsBundled(name) {
			if b, berr := bundled(); berr == nil {
				return b, nil
			}
		} else if clean := path.Clean(filepath.ToSlash(name)); fs.ValidPath(clean) && (strings.HasPrefix(clean, "openings/") || strings.HasPrefix(clean, "epd/")) {
			if b, berr := site.Open("data/" + clean); berr == nil {
				return b, nil
			}
		}
		return nil, fmt.Errorf("%w (looked in %s; -data-dir names the shared data folder)", err, dir)
	}
}

// stdinOpener serves the name "-" (-pgn -, -test-pgn -) from stdin, read
// once and kept, since a run may open its games more than once; other
// names go to open.
func stdinOpener(open func(string) (io.ReadCloser, error), stdin io.Reader) func(string) (io.ReadCloser, error) {
	var (
		once sync.Once
		text []byte
		err  error
	)
	return func(name string) (io.ReadCloser, error) {
		if name != "-" {
			return open(name)
		}
		once.Do(func() {
			if stdin == nil {
				err = errors.New("no standard input")
				return
			}
			text, err = io.ReadAll(stdin)
		})
		if err != nil {
			return nil, fmt.Errorf("standard input: %w", err)
		}
		return io.NopCloser(bytes.NewReader(text)), nil
	}
}

// logKind returns "csv" or "jsonl" for a -log file name by its extension
// (any case), "" for another one.
func logKind(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv":
		return "csv"
	case ".jsonl", ".json":
		return "jsonl"
	}
	return ""
}

// checkTuneOutputs refuses, before any work, output settings that would
// lose the run at its end or on the way: a -log that is neither .csv nor
// .jsonl, two of -out, -checkpoint, -log (and the -resume file, which the
// checkpoint defaults to) naming the same file — the player would be
// written over the checkpoint — and an output folder that does not exist
// or cannot be written.
func checkTuneOutputs(f tuneFlags) error {
	if f.logFile != "" && logKind(f.logFile) == "" {
		return fmt.Errorf("tune: -log %s: want a .csv or .jsonl file", f.logFile)
	}
	outs := []outputFile{{"-out", f.out}, {"-checkpoint", f.checkpoint}, {"-log", f.logFile}}
	if f.checkpoint == "" {
		outs[1].path = f.out + ".checkpoint" // where Ctrl-C saves the run
	}
	if err := checkOutputFiles("tune", outs); err != nil {
		return err
	}
	// The checkpoint being resumed may be written again, never over by the
	// player or the log.
	if r, err := filepath.Abs(f.resume); f.resume != "" && err == nil {
		for _, o := range outs {
			if abs, err := filepath.Abs(o.path); o.path != "" && o.flag != "-checkpoint" && err == nil && abs == r {
				return fmt.Errorf("tune: %s %s is the checkpoint being resumed: it would be overwritten; give %s another file", o.flag, o.path, o.flag)
			}
		}
	}
	return nil
}

// tuneOptions maps the flags onto tuner.Options.
func tuneOptions(f tuneFlags) (tuner.Options, error) {
	c := f.cfg
	o := tuner.Options{Algorithm: c.Algorithm, Preset: c.Preset, Scheme: c.Scheme, Fitness: c.Fitness,
		Generations: c.Generations, Population: c.Population, Params: map[string]float64{}, Selection: c.Selection,
		Seed: c.Seed, Positions: c.Data.Sample.Train, TestPositions: c.Data.Sample.Test, Depth: c.Depth,
		Games: c.Games, GameDepth: c.GameDepth, Unsolved: c.Unsolved, NodeCap: c.NodeCap, PGN: c.Data.Source,
		TestPGN: f.testPGN, EPD: f.epd, Openings: f.openings, HallOfFame: c.HallOfFame, DataSeed: c.Data.Sample.Seed,
		Protocol: c.Data.Sample.Protocol, MinPly: c.Data.Sample.MinPly, MaxPly: c.Data.Sample.MaxPly, MinElo: c.Data.Sample.MinElo,
		Recompile: c.Recompile, L2: c.L2}
	for k, v := range c.Params {
		o.Params[k] = v
	}
	for _, name := range f.explicit {
		switch name {
		case "crossover":
			o.Params["crossover_rate"] = f.crossover
		case "mutation":
			o.Params["mutation_rate"] = f.mutation
		case "elite":
			o.Params["elite"] = float64(f.elite)
		case "gens":
			o.Params["generations"] = 0
		}
	}
	if o.Algorithm == "" && o.Preset == "" {
		return o, errors.New("tune: give -algo or -preset (evochess tune -h lists them)")
	}
	o.Start = c.Start
	o.SearchGroup = f.searchGroup
	o.Search = f.search
	if c.Start != "" && o.Scheme == "" {
		// A start naming an evaluation preset implies its scheme (as older
		// command lines relied on).
		// "material" is a start of every scheme, not the material
		// preset's scheme.
		o.Scheme = tuner.StartScheme(c.Start)
	}
	return o, nil
}

// tuneSummary is the -json line.
type tuneSummary struct {
	Algorithm   string  `json:"algorithm"`
	Preset      string  `json:"preset,omitempty"`
	Fitness     string  `json:"fitness"`
	Scheme      string  `json:"scheme"`
	Start       string  `json:"start"`
	Recompile   int     `json:"recompile,omitempty"`
	Seed        uint64  `json:"seed"`
	Generations int     `json:"generations"`
	Stop        string  `json:"stop"`
	BestFitness float64 `json:"best_fitness"`
	TrainRate   float64 `json:"train_rate"`
	TestRate    float64 `json:"test_rate"`
	TrainMatch  int     `json:"train_matched"`
	TestMatch   int     `json:"test_matched"`
	Nodes       int64   `json:"nodes,omitempty"`
	TrainLoss   float64 `json:"train_loss,omitempty"`
	TestLoss    float64 `json:"test_loss,omitempty"`
	Evaluations int     `json:"evaluations"`
	Seconds     float64 `json:"seconds"`
	Out         string  `json:"out"`
	Checkpoint  string  `json:"checkpoint,omitempty"`
	Interrupted bool    `json:"interrupted,omitempty"`
	Paused      bool    `json:"paused,omitempty"`
	// Dist: what the work queue did for a -distributed run.
	Dist *distSummary `json:"dist,omitempty"`
}

// distSummary is the end of a -distributed run as the coordinator saw it:
// its own tasks and the workers heard from. The queue's live counts
// (busy slots, queued and in-flight tasks, the current batch, the recent
// rate) are left out: at the end they describe other runs sharing the
// queue, or a worker's last heartbeat from before the run ended.
type distSummary struct {
	Workers        int     `json:"workers"`
	Slots          int     `json:"slots"`
	Done           int     `json:"done"`
	Redelivered    int     `json:"redelivered"`
	Batches        int     `json:"batches"`
	Units          int64   `json:"units"`
	ComputeSeconds float64 `json:"compute_seconds"`
	MaxTasks       int     `json:"max_tasks"`
	Refusals       int     `json:"refusals"`
}

func newDistSummary(s dist.Stats) *distSummary {
	return &distSummary{Workers: s.Workers, Slots: s.Slots, Done: s.Done, Redelivered: s.Redelivered, Batches: s.Batches,
		Units: s.Units, ComputeSeconds: s.ComputeSeconds, MaxTasks: s.MaxTasks, Refusals: s.Refusals}
}

func tune(ctx context.Context, f tuneFlags, stdout, stderr io.Writer) error {
	say := func(format string, a ...any) {
		if !f.quiet {
			fmt.Fprintf(stderr, format+"\n", a...)
		}
	}
	var (
		setup tuner.Setup
		cp    *tuner.Checkpointed
	)
	if f.resume != "" {
		fh, err := os.Open(f.resume)
		if err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		cp, err = tuner.ReadCheckpoint(fh)
		fh.Close()
		if err != nil {
			return fmt.Errorf("tune: %s: %w", f.resume, err)
		}
		setup = cp.Setup
		if f.checkpoint == "" {
			f.checkpoint = f.resume
		}
	} else {
		o, err := tuneOptions(f)
		if err != nil {
			return err
		}
		if setup, err = tuner.Configure(o); err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		if f.playerFile != "" {
			setup.Problem.Player = f.playerFile
		}
		if err := fitnessFlagsUsed(f.given, setup.Problem.Fitness); err != nil {
			return err
		}
		if setup.Problem.Fitness != "nodes" && setup.Problem.Fitness != "tournament" && setup.Problem.PGN == "" {
			return errors.New("tune: give the training games with -pgn FILE (.pgn or .pgn.gz)")
		}
	}
	if err := checkTuneOutputs(f); err != nil {
		return err
	}
	say("tune: %s", runHeader(setup))
	res := tuner.Resources{Open: stdinOpener(dataOpener(f.dataDir), f.stdin), Workers: f.cfg.Workers, Progress: func(s string) { say("tune: %s", s) }}
	coord, closeDist, err := f.dist.start(ctx, res.Open, f.checkpoint, func(format string, a ...any) { say("tune: "+format, a...) })
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	defer closeDist()
	if coord != nil {
		res.Distribute = coord.Distribute
	}
	start := time.Now()
	prep, err := tuner.PrepareRun(ctx, setup, res)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("tune: interrupted while preparing the data, before generation 1: nothing to save (%w)", err)
		}
		return fmt.Errorf("tune: %w", err)
	}
	say("tune: data ready in %.1fs", time.Since(start).Seconds())
	var (
		run *tuner.Run
		rec tuner.Record
	)
	if cp != nil {
		run, err = cp.ResumePrepared(prep)
	} else {
		run, err = tuner.NewRunPrepared(setup, prep)
	}
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	setup = run.Setup()
	var logw tuner.LogWriter
	if f.logFile != "" {
		lf, w, err := openTuneLog(f.logFile, run.Records())
		if err != nil {
			return fmt.Errorf("tune: log: %w", err)
		}
		defer lf.Close()
		logw = w
	}
	total := setup.Config.Generations
	bar := newTuneBar(stderr, total, f.quiet)
	if coord != nil {
		bar.extra = func() string { return distLine(coord.Stats()) }
		stopTick := bar.ticker(time.Second)
		defer stopTick()
	}
	paused := false
	for n := 0; ; n++ {
		if f.stopAfter > 0 && n == f.stopAfter {
			paused = true
			break
		}
		rec, err = run.Step(ctx)
		if errors.Is(err, tuner.ErrDone) {
			err = nil
			break
		}
		if err != nil {
			break
		}
		bar.update(rec)
		if logw != nil {
			if err = logw.Write(rec); err != nil {
				break
			}
		}
		if f.checkpoint != "" {
			if err = tuneSaveCheckpoint(run, f.checkpoint); err != nil {
				break
			}
		}
	}
	bar.finish()
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return fmt.Errorf("tune: %w", err)
	}
	if done, _ := run.Done(); paused && done {
		paused = false
	}
	if interrupted || paused {
		if f.checkpoint == "" {
			f.checkpoint = f.out + ".checkpoint"
		}
		if err := tuneSaveCheckpoint(run, f.checkpoint); err != nil {
			return fmt.Errorf("tune: interrupted; %w", err)
		}
		what := "interrupted"
		if paused {
			what = "paused"
		}
		say("tune: %s at generation %d; checkpoint saved to %s (resume with -resume %s)",
			what, run.Optimizer().Generation(), f.checkpoint, f.checkpoint)
	}
	if err := tuneSavePlayer(run, setup, prep, f); err != nil {
		if interrupted && run.Optimizer().Generation() == 0 {
			say("tune: no generation finished, no player written")
		} else {
			return err
		}
	} else {
		say("tune: best player written to %s", f.out)
	}
	best, train, test, _ := run.Best()
	_, why := run.Done()
	if interrupted {
		why = "interrupted"
	} else if paused {
		why = "paused"
	}
	if train.Loss != 0 {
		heldOut := "no held-out positions"
		if test.Loss != 0 {
			heldOut = fmt.Sprintf("held-out loss %.6f", test.Loss)
		}
		say("tune: %s after %d generations: best fitness %g, train loss %.6f, %s (K %.6f), %d evaluations, %.1fs",
			why, run.Optimizer().Generation(), best.Fitness, train.Loss, heldOut, setup.Problem.K, run.Optimizer().Evaluations(), run.Elapsed().Seconds())
	} else {
		heldOut := "no held-out positions"
		if test.Total > 0 {
			heldOut = fmt.Sprintf("held out %d/%d (%.1f%%)", test.Matched, test.Total, 100*test.Rate())
		}
		say("tune: %s after %d generations: best fitness %g, train %d/%d (%.1f%%), %s, %d evaluations, %.1fs",
			why, run.Optimizer().Generation(), best.Fitness, train.Matched, train.Total, 100*train.Rate(),
			heldOut, run.Optimizer().Evaluations(), run.Elapsed().Seconds())
	}
	if f.jsonOut {
		sum := tuneSummary{Algorithm: setup.Algorithm, Preset: setup.Preset, Fitness: setup.Problem.Fitness, Scheme: setup.Problem.Scheme,
			Start: setup.Problem.Start, Recompile: setup.Problem.Recompile, Seed: setup.Config.Seed,
			Generations: run.Optimizer().Generation(), Stop: why, BestFitness: best.Fitness,
			TrainRate: train.Rate(), TestRate: test.Rate(), TrainMatch: train.Matched, TestMatch: test.Matched,
			Nodes: train.Nodes, TrainLoss: train.Loss, TestLoss: test.Loss, Evaluations: run.Optimizer().Evaluations(), Seconds: run.Elapsed().Seconds(),
			Out: f.out, Checkpoint: f.checkpoint, Interrupted: interrupted, Paused: paused}
		if coord != nil {
			sum.Dist = newDistSummary(coord.Stats())
		}
		b, err := json.Marshal(sum)
		if err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		fmt.Fprintln(stdout, string(b))
	}
	if interrupted {
		return fmt.Errorf("tune: interrupted (checkpoint %s)", f.checkpoint)
	}
	return nil
}

// openTuneLog opens the per-generation log of a run whose generations so
// far are recs (a resumed run's, from its checkpoint; none for a new run).
// A resumed run's log is written again from those records rather than
// appended to: a run killed after logging a generation but before its
// checkpoint (or resumed from an older checkpoint) would log that
// generation twice, a line cut by the kill would run into the next, and a
// new CSV file would have no header. The records are written to a
// temporary file renamed over name, so the old log stays whole until the
// new one is.
func openTuneLog(name string, recs []tuner.Record) (*os.File, tuner.LogWriter, error) {
	newLog := func(fh *os.File) tuner.LogWriter {
		if logKind(name) == "csv" {
			return tuner.NewCSVLog(fh, true)
		}
		return tuner.NewJSONLLog(fh)
	}
	if len(recs) == 0 {
		fh, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
		if err != nil {
			return nil, nil, err
		}
		return fh, newLog(fh), nil
	}
	tmp := name + ".tmp"
	fh, err := os.OpenFile(tmp, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, nil, err
	}
	w := newLog(fh)
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			fh.Close()
			os.Remove(tmp)
			return nil, nil, fmt.Errorf("%s: rewriting the checkpoint's %d generations: %w", name, len(recs), err)
		}
	}
	if err := os.Rename(tmp, name); err != nil {
		fh.Close()
		os.Remove(tmp)
		return nil, nil, err
	}
	return fh, w, nil
}

// tuneSaveCheckpoint writes the checkpoint atomically (temp file + rename).
func tuneSaveCheckpoint(run *tuner.Run, path string) error {
	tmp := path + ".tmp"
	fh, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := run.Checkpoint(fh); err != nil {
		fh.Close()
		return err
	}
	if err := fh.Close(); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}

func tuneSavePlayer(run *tuner.Run, setup tuner.Setup, prep *tuner.Prepared, f tuneFlags) error {
	var base *player.Player
	if setup.Problem.Player != "" {
		fh, err := dataOpener(f.dataDir)(setup.Problem.Player)
		if err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		base, err = player.Load(fh)
		fh.Close()
		if err != nil {
			return fmt.Errorf("tune: %w", err)
		}
	}
	dataset := prep.Digest
	if dataset != "" && !strings.Contains(dataset, ":") && len(dataset) == 64 {
		dataset = "sha256:" + dataset
	}
	p, err := run.Player(base, player.Provenance{Preset: setup.Problem.Start, Dataset: dataset, Date: time.Now().UTC().Format(time.RFC3339)})
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	tmp := f.out + ".tmp"
	fh, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	if err := p.Save(fh); err != nil {
		fh.Close()
		return fmt.Errorf("tune: %w", err)
	}
	if err := fh.Close(); err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	if err := os.Rename(tmp, f.out); err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	return nil
}

// tuneBar shows progress: a redrawn bar with ETA on a terminal, plain lines
// otherwise.
type tuneBar struct {
	mu sync.Mutex
	// extra, when set, is appended to every line (the work queue of a
	// distributed run) and refreshed by ticker between generations.
	extra   func() string
	line    string
	w       io.Writer
	total   int
	tty     bool
	quiet   bool
	started time.Time
	drawn   bool
	last    time.Time
}

func newTuneBar(w io.Writer, total int, quiet bool) *tuneBar {
	b := &tuneBar{w: w, total: total, quiet: quiet, started: time.Now()}
	if fh, ok := w.(*os.File); ok {
		if st, err := fh.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			b.tty = true
		}
	}
	return b
}

func (b *tuneBar) update(r tuner.Record) {
	if b.quiet {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	// best and mean: this generation's fitness; the losses and rates after
	// them: the run's best candidate so far.
	rates := fmt.Sprintf("best %-10.6g mean %-10.6g", r.Best, r.Mean)
	if r.TrainLoss != 0 {
		rates += fmt.Sprintf(" run's best: loss %.6f", r.TrainLoss)
		if r.TestLoss != 0 {
			rates += fmt.Sprintf(" held out %.6f", r.TestLoss)
		}
	} else if r.TrainTotal > 0 {
		rates += fmt.Sprintf(" train %5.1f%%", 100*r.TrainRate)
	}
	if r.TestTotal > 0 && r.TrainLoss == 0 {
		rates += fmt.Sprintf(" test %5.1f%%", 100*r.TestRate)
	}
	if !b.tty {
		extra := ""
		if b.extra != nil {
			extra = " | " + b.extra()
		}
		fmt.Fprintf(b.w, "gen %d evals %d %s div %.3f %.1fs%s\n", r.Generation, r.Evaluations, rates, r.Diversity, r.Seconds, extra)
		return
	}
	now := time.Now()
	if b.drawn && now.Sub(b.last) < 100*time.Millisecond && r.Generation != b.total {
		return
	}
	b.last, b.drawn = now, true
	eta := "?"
	bar := ""
	if b.total > 0 && r.Generation > 0 {
		frac := min(1, float64(r.Generation)/float64(b.total))
		n := int(frac * 20)
		bar = "[" + strings.Repeat("#", n) + strings.Repeat(" ", 20-n) + "] "
		left := time.Duration(float64(time.Since(b.started)) * (1 - frac) / frac)
		eta = left.Round(time.Second).String()
	}
	b.line = fmt.Sprintf("%sgen %d/%d %s ETA %s", bar, r.Generation, b.total, rates, eta)
	b.draw()
}

// draw writes the current line with extra (b.mu held).
func (b *tuneBar) draw() {
	line := b.line
	if b.extra != nil {
		if line != "" {
			line += " | "
		}
		line += b.extra()
	}
	fmt.Fprintf(b.w, "\r\x1b[K%s", line)
	b.drawn = true
}

// ticker redraws the bar (on a terminal) every d so that extra stays
// current during long generations; the returned function stops it.
func (b *tuneBar) ticker(d time.Duration) func() {
	if b.quiet || !b.tty {
		return func() {}
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				b.mu.Lock()
				b.draw()
				b.mu.Unlock()
			}
		}
	}()
	return func() { close(stop); <-done }
}

func (b *tuneBar) finish() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.tty && b.drawn && !b.quiet {
		fmt.Fprintln(b.w)
	}
}

// runHeader is the one-line description of a run printed before it starts.
func runHeader(s tuner.Setup) string {
	name := s.Preset
	if name == "" {
		name = "(no preset)"
	}
	h := fmt.Sprintf("preset %s: algorithm %s, fitness %s, scheme %s, start %s", name, s.Algorithm, s.Problem.Fitness, s.Problem.Scheme, s.Problem.Start)
	if s.Problem.Recompile > 0 {
		h += fmt.Sprintf(", re-resolved under the best every %d generations", s.Problem.Recompile)
	}
	if s.Config.Pop > 0 {
		h += fmt.Sprintf(", population %d", s.Config.Pop)
	}
	if s.Config.Generations > 0 {
		h += fmt.Sprintf(", %d generations", s.Config.Generations)
	}
	return h + fmt.Sprintf(", seed %d", s.Config.Seed)
}
