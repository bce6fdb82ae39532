package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/search"
)

func init() {
	register(command{
		name:    "bench",
		summary: "search a fixed position set (node-count signature, nps) or an EPD tactical suite",
		run:     runBench,
	})
}

// runBench implements "evochess bench": without -epd it searches the
// built-in positions to a fixed depth and ends with "<nodes> nodes <nps> nps"
// (the line OpenBench reads); with -epd it runs a tactical suite and ends with
// "solved X/Y".
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	depth := fs.Int("depth", search.DefaultBenchDepth, "search depth per position (fixed-position bench; also caps -epd searches when set)")
	hash := fs.Int("hash", 16, "transposition table size in MiB")
	preset := fs.String("params", search.PresetDefault, "search parameter preset: "+strings.Join(search.PresetNames(), ", "))
	set := fs.String("set", "", "override search parameters, e.g. NullMoveReduction=4,MultiCutUse=1 (names as UCI options)")
	epd := fs.String("epd", "", "EPD tactical suite to solve (bm/am moves) instead of the fixed positions")
	movetime := fs.Duration("movetime", 0, "time per EPD position, e.g. 1s")
	nodes := fs.Uint64("nodes", 0, "node limit per EPD position")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	playerFile := fs.String("player", "", "evaluate with this player file's weights (default: the built-in material + piece-square tables)")
	evalPreset := fs.String("preset", "", "evaluate with this evaluation preset (instead of -player): "+presetNames())
	threads := fs.Int("threads", 1, "search threads (Lazy SMP; node counts are deterministic only with 1)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: evochess bench [-depth N] [-hash MB] [-params PRESET] [-set NAME=V,...] [-player FILE | -preset NAME] [-threads N]")
		fmt.Fprintln(stderr, "       evochess bench -epd FILE (-movetime 1s | -nodes N | -depth N) [-hash MB] [-params PRESET] [-set NAME=V,...] [-player FILE | -preset NAME] [-threads N]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("bench: unexpected argument %q", fs.Arg(0))
	}
	if *depth < 1 || *depth > search.MaxDepth {
		return fmt.Errorf("bench: -depth %d outside [1, %d]", *depth, search.MaxDepth)
	}
	if *hash < 1 || *hash > 1<<16 {
		return fmt.Errorf("bench: -hash %d outside [1, 65536]", *hash)
	}
	p, err := search.PresetParams(*preset)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	if *threads < 1 || *threads > search.MaxThreads {
		return fmt.Errorf("bench: -threads %d outside [1, %d]", *threads, search.MaxThreads)
	}
	var ev search.Evaluator // nil: search.MaterialPST
	if *playerFile != "" || *evalPreset != "" {
		pl, err := loadPlayer(*playerFile, *evalPreset)
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		e, err := pl.Evaluator()
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		ev = e
	}
	if *set != "" {
		if p, err = benchOverrides(p, *set); err != nil {
			return err
		}
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("bench: cpu profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	depthSet := false
	fs.Visit(func(f *flag.Flag) { depthSet = depthSet || f.Name == "depth" })
	ctx := context.Background()
	if *epd == "" {
		if *movetime != 0 || *nodes != 0 {
			return fmt.Errorf("bench: -movetime and -nodes need -epd")
		}
		return benchFixed(ctx, stdout, ev, p, *depth, *hash, *threads)
	}
	lim := search.Limits{MoveTime: *movetime, Nodes: *nodes}
	if depthSet {
		lim.Depth = *depth
	}
	if lim.MoveTime <= 0 && lim.Nodes == 0 && lim.Depth == 0 {
		return fmt.Errorf("bench: -epd needs a limit: -movetime, -nodes or -depth")
	}
	return benchEPD(ctx, stdout, stderr, *epd, ev, p, lim, *hash, *threads)
}

func benchFixed(ctx context.Context, stdout io.Writer, ev search.Evaluator, p search.Params, depth, hash, threads int) error {
	fens := search.BenchFENs()
	tot, err := search.BenchThreads(ctx, fens, ev, p, depth, hash, threads, func(l search.BenchLine) {
		r := l.Result
		fmt.Fprintf(stdout, "position %2d/%d  best %-6s score %-9s depth %2d  nodes %10d  time %7.3fs  %s\n",
			l.Index+1, len(fens), r.Best.UCI(), benchScore(r.Score, r.Mate), r.Depth, r.Nodes, r.Time.Seconds(), l.FEN)
	})
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	fmt.Fprintf(stdout, "===========================\ntotal time (ms) : %d\n", tot.Time.Milliseconds())
	fmt.Fprintf(stdout, "%d nodes %d nps\n", tot.Nodes, tot.NPS())
	return nil
}

func benchEPD(ctx context.Context, stdout, stderr io.Writer, path string, ev search.Evaluator, p search.Params, lim search.Limits, hash, threads int) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	defer f.Close()
	recs, skipped, err := pgn.ReadEPD(f)
	if err != nil {
		return fmt.Errorf("bench: %s: %w", path, err)
	}
	for _, e := range skipped {
		fmt.Fprintf(stderr, "bench: %s: skipped: %v\n", path, e)
	}
	items := make([]search.SuiteItem, 0, len(recs))
	for _, r := range recs {
		if len(r.Best) == 0 && len(r.Avoid) == 0 {
			fmt.Fprintf(stderr, "bench: %s: line %d: no bm or am operation, skipped\n", path, r.Line)
			continue
		}
		id := r.ID
		if id == "" {
			id = fmt.Sprintf("line %d", r.Line)
		}
		items = append(items, search.SuiteItem{ID: id, Pos: r.Position, Best: r.Best, Avoid: r.Avoid})
	}
	if len(items) == 0 {
		return fmt.Errorf("bench: %s: no positions with bm or am", path)
	}
	solved := 0
	start := time.Now()
	tot, err := search.RunSuiteThreads(ctx, items, ev, p, lim, hash, threads, func(sr search.SuiteResult) {
		it := items[sr.Index]
		mark := "FAIL"
		toSolution := "-"
		if sr.Solved {
			mark = "ok"
			solved++
			toSolution = fmt.Sprint(sr.SolvedNodes)
		}
		r := sr.Result
		fmt.Fprintf(stdout, "%4d/%d %-4s %-12s played %-7s want %-14s score %-9s depth %2d nodes %9d to-solution %9s solved %d/%d\n",
			sr.Index+1, len(items), mark, it.ID, benchSAN(it.Pos, r.Best), benchWanted(it), benchScore(r.Score, r.Mate),
			r.Depth, r.Nodes, toSolution, solved, sr.Index+1)
	})
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	el := time.Since(start)
	fmt.Fprintf(stdout, "%d nodes %d nps in %.1fs\n", tot.Nodes, uint64(float64(tot.Nodes)/max(el.Seconds(), 1e-9)), el.Seconds())
	// Nodes to solution as the "nodes" fitness and evochess eval -epd count
	// them: with a node limit an unsolved position counts the limit.
	if lim.Nodes > 0 && lim.MoveTime == 0 && lim.Depth == 0 {
		fmt.Fprintf(stdout, "nodes to solution %d (solved %d, unsolved counted at %d)\n",
			tot.SolvedNodes+uint64(tot.Positions-tot.Solved)*lim.Nodes, tot.SolvedNodes, lim.Nodes)
	} else {
		fmt.Fprintf(stdout, "nodes to solution %d (solved positions only)\n", tot.SolvedNodes)
	}
	fmt.Fprintf(stdout, "solved %d/%d\n", tot.Solved, tot.Positions)
	return nil
}

func benchSAN(pos *board.Position, m board.Move) string {
	if m == board.NoMove {
		return "(none)"
	}
	return pos.SAN(m)
}

func benchWanted(it search.SuiteItem) string {
	var parts []string
	for _, m := range it.Best {
		parts = append(parts, benchSAN(it.Pos, m))
	}
	s := "bm " + strings.Join(parts, ",")
	if len(it.Avoid) > 0 {
		parts = parts[:0]
		for _, m := range it.Avoid {
			parts = append(parts, benchSAN(it.Pos, m))
		}
		if len(it.Best) == 0 {
			s = ""
		} else {
			s += " "
		}
		s += "am " + strings.Join(parts, ",")
	}
	return s
}

func benchScore(score, mate int) string {
	if mate != 0 {
		return fmt.Sprintf("mate %d", mate)
	}
	return fmt.Sprintf("cp %d", score)
}

// benchOverrides applies "Name=value,Name=value" to p.
func benchOverrides(p search.Params, list string) (search.Params, error) {
	m := map[string]int{}
	for _, kv := range strings.Split(list, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return p, fmt.Errorf("bench: -set %q: want Name=value", kv)
		}
		v, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil {
			return p, fmt.Errorf("bench: -set %s: %w", name, err)
		}
		m[strings.TrimSpace(name)] = v
	}
	q, err := search.ParamsFromMap(p, m)
	if err != nil {
		return p, fmt.Errorf("bench: -set: %w", err)
	}
	return q, nil
}
