package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/data"
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
	movetime := msVar(fs, "movetime", 0, "`time` per EPD position (1s, or milliseconds: 1000)")
	nodes := fs.Uint64("nodes", 0, "node limit per EPD position")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	playerFile := fs.String("player", "", "evaluate with this player file's weights (default: the built-in material + piece-square tables)")
	evalPreset := fs.String("preset", "", "evaluate with this evaluation preset (instead of -player): "+presetNames())
	threads := fs.Int("threads", 1, "search threads (Lazy SMP; node counts are deterministic only with 1)")
	resume := fs.String("resume", "", "with -epd: keep each finished position in this file; the same command run again searches only the positions it lacks")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: evochess bench [-depth N] [-hash MB] [-params PRESET] [-set NAME=V,...] [-player FILE | -preset NAME] [-threads N]")
		fmt.Fprintln(stderr, "       evochess bench -epd FILE (-movetime 1s | -nodes N | -depth N) [-hash MB] [-params PRESET] [-set NAME=V,...] [-player FILE | -preset NAME] [-threads N] [-resume STATE]")
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
	if err := checkHash("bench", *hash, false); err != nil {
		return err
	}
	p, err := search.PresetParams(*preset)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	if *threads < 1 || *threads > search.MaxThreads {
		return fmt.Errorf("bench: -threads %d outside [1, %d]", *threads, search.MaxThreads)
	}
	var ev search.Evaluator  // nil: search.MaterialPST
	evalID := "material+pst" // what the -resume key knows of the evaluation
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
		b, err := json.Marshal(pl)
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		evalID = string(b)
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
	if *movetime < 0 {
		return fmt.Errorf("bench: -movetime %v: must not be negative", *movetime)
	}
	if *epd == "" {
		if *movetime != 0 || *nodes != 0 || *resume != "" {
			return fmt.Errorf("bench: -movetime, -nodes and -resume need -epd")
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
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	return benchEPD(ctx, stdout, stderr, *epd, ev, p, lim, *hash, *threads, *resume, evalID)
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

// benchEPD runs a tactical suite, one line per position with the running
// count solved and an ETA, then the totals. With resume, each finished
// position is kept in that file (benchRecord) and a run with the same
// suite and settings searches only the positions it lacks.
func benchEPD(ctx context.Context, stdout, stderr io.Writer, path string, ev search.Evaluator, p search.Params, lim search.Limits, hash, threads int, resume, evalID string) error {
	suite, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	recs, skipped, err := readEPDFile(bytes.NewReader(suite))
	if err != nil {
		return fmt.Errorf("bench: %s: %w", path, err)
	}
	for _, e := range skipped {
		fmt.Fprintf(stderr, "bench: %s: skipped: %v\n", path, e)
	}
	items := make([]search.SuiteItem, 0, len(recs))
	var points []map[board.Move]int // STS move scores per item (pgn.EPD.Points), when the suite has them
	hasPoints := false
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
		points = append(points, r.Points)
		hasPoints = hasPoints || r.Points != nil
	}
	if len(items) == 0 {
		return fmt.Errorf("bench: %s: no positions with bm or am", path)
	}
	var state *stateFile
	var kept []search.SuiteResult
	if resume != "" {
		sum := sha256.Sum256(suite)
		key := stateKey(benchStateKind, fmt.Sprintf("suite %x", sum), evalID, p, lim, hash, threads)
		var raw []json.RawMessage
		if state, raw, err = openStateFile(resume, benchStateKind, key); err != nil {
			return fmt.Errorf("bench: -resume: %w", err)
		}
		defer state.Close()
		if kept, err = benchKept(raw, items, resume); err != nil {
			return fmt.Errorf("bench: -resume: %w", err)
		}
		if len(kept) > 0 {
			fmt.Fprintf(stderr, "bench: %s: %d of %d positions kept; searching the rest\n", resume, len(kept), len(items))
		}
	}
	var tot search.SuiteTotals
	solved := 0
	var pts stsScore
	line := func(sr search.SuiteResult, eta string) {
		it := items[sr.Index]
		mark := "FAIL"
		toSolution := "-"
		if sr.Solved {
			mark = "ok"
			solved++
			toSolution = fmt.Sprint(sr.SolvedNodes)
		}
		r := sr.Result
		ptsCol := ""
		if hasPoints {
			got, best := pts.add(points[sr.Index], r.Best)
			ptsCol = fmt.Sprintf(" points %2d/%-2d", got, best)
		}
		fmt.Fprintf(stdout, "%4d/%d %-4s %-12s played %-7s want %-14s score %-9s depth %2d nodes %9d to-solution %9s%s solved %d/%d%s\n",
			sr.Index+1, len(items), mark, it.ID, benchSAN(it.Pos, r.Best), benchWanted(it), benchScore(r.Score, r.Mate),
			r.Depth, r.Nodes, toSolution, ptsCol, solved, sr.Index+1, eta)
	}
	for _, sr := range kept {
		line(sr, "")
		tot.Positions++
		tot.Nodes += sr.Result.Nodes
		tot.Time += sr.Result.Time
		if sr.Solved {
			tot.Solved++
			tot.SolvedNodes += sr.SolvedNodes
		}
	}
	start := time.Now()
	rest := items[len(kept):]
	now, err := search.RunSuiteThreads(ctx, rest, ev, p, lim, hash, threads, func(sr search.SuiteResult) {
		done := sr.Index + 1
		sr.Index += len(kept)
		if state != nil {
			state.add(newBenchRecord(sr))
		}
		eta := ""
		if left := len(rest) - done; left > 0 {
			per := time.Since(start) / time.Duration(done)
			eta = "  eta " + (per * time.Duration(left)).Round(time.Second).String()
		}
		line(sr, eta)
	})
	if state != nil {
		if werr := state.Err(); werr != nil {
			return fmt.Errorf("bench: -resume: %w", werr)
		}
		if err != nil && ctx.Err() != nil {
			return fmt.Errorf("bench: %w (the finished positions are kept in %s: run the same command to continue)", err, resume)
		}
	}
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	tot.Positions += now.Positions
	tot.Solved += now.Solved
	tot.Nodes += now.Nodes
	tot.SolvedNodes += now.SolvedNodes
	tot.Time += now.Time
	el := time.Since(start)
	if len(kept) > 0 {
		// The totals cover the whole suite; the speed, this session's search.
		fmt.Fprintf(stdout, "%d nodes (%d kept from %s, %d searched now at %d nps in %.1fs)\n", tot.Nodes, tot.Nodes-now.Nodes, resume,
			now.Nodes, uint64(float64(now.Nodes)/max(el.Seconds(), 1e-9)), el.Seconds())
	} else {
		fmt.Fprintf(stdout, "%d nodes %d nps in %.1fs\n", now.Nodes, uint64(float64(now.Nodes)/max(el.Seconds(), 1e-9)), el.Seconds())
	}
	// Nodes to solution as the "nodes" fitness and evochess eval -epd count
	// them: with a node limit an unsolved position counts the limit.
	if lim.Nodes > 0 && lim.MoveTime == 0 && lim.Depth == 0 {
		fmt.Fprintf(stdout, "nodes to solution %d (solved %d, unsolved counted at %d)\n",
			tot.SolvedNodes+uint64(tot.Positions-tot.Solved)*lim.Nodes, tot.SolvedNodes, lim.Nodes)
	} else {
		fmt.Fprintf(stdout, "nodes to solution %d (solved positions only)\n", tot.SolvedNodes)
	}
	fmt.Fprintf(stdout, "solved %d/%d\n", tot.Solved, tot.Positions)
	if hasPoints {
		fmt.Fprintf(stdout, "STS points %d/%d (%.1f%%; each position's move scores from its c0 or c8/c9)\n",
			pts.got, pts.best, 100*float64(pts.got)/float64(max(pts.best, 1)))
	}
	return nil
}

// stsScore sums the Strategic Test Suite's points: each position gives the
// points of the move played (0 if unlisted) out of its best move's.
type stsScore struct{ got, best int }

func (s *stsScore) add(points map[board.Move]int, played board.Move) (got, best int) {
	for _, v := range points {
		best = max(best, v)
	}
	got = points[played]
	s.got += got
	s.best += best
	return got, best
}

// benchStateKind is the layout of `evochess bench -epd … -resume` files (a
// stateFile): one benchRecord per finished position, in suite order.
var benchStateKind = stateKind{
	Format: "evochess-bench-state-1",
	Name:   "an evochess bench state file",
	Other:  "the positions of another suite run (another suite file, evaluation, search parameters, limit, hash or threads)",
}

// benchRecord is one finished position of a suite run.
type benchRecord struct {
	Index       int    `json:"index"`
	ID          string `json:"id"`
	Best        string `json:"best"` // UCI, "" for no move
	Score       int    `json:"score"`
	Mate        int    `json:"mate,omitempty"`
	Depth       int    `json:"depth"`
	Nodes       uint64 `json:"nodes"`
	TimeNS      int64  `json:"time_ns"`
	Solved      bool   `json:"solved"`
	SolvedNodes uint64 `json:"solved_nodes,omitempty"`
}

func newBenchRecord(sr search.SuiteResult) benchRecord {
	r := sr.Result
	rec := benchRecord{Index: sr.Index, ID: sr.ID, Score: r.Score, Mate: r.Mate, Depth: r.Depth, Nodes: r.Nodes,
		TimeNS: int64(r.Time), Solved: sr.Solved, SolvedNodes: sr.SolvedNodes}
	if r.Best != board.NoMove {
		rec.Best = r.Best.UCI()
	}
	return rec
}

// benchKept reads a state file's records back: the suite's first positions,
// in order (a suite is searched in order, so the kept ones are a prefix).
func benchKept(raw []json.RawMessage, items []search.SuiteItem, path string) ([]search.SuiteResult, error) {
	var out []search.SuiteResult
	for k, b := range raw {
		var rec benchRecord
		if err := json.Unmarshal(b, &rec); err != nil {
			return nil, fmt.Errorf("%s: line %d: not a position record: %v", path, k+2, err)
		}
		if rec.Index != k || k >= len(items) || rec.ID != items[k].ID {
			return nil, fmt.Errorf("%s: line %d: position %d (%s) is not the suite's position %d", path, k+2, rec.Index+1, rec.ID, k+1)
		}
		sr := search.SuiteResult{Index: k, ID: rec.ID, Solved: rec.Solved, SolvedNodes: rec.SolvedNodes,
			Result: search.Result{Score: rec.Score, Mate: rec.Mate, Depth: rec.Depth, Nodes: rec.Nodes, Time: time.Duration(rec.TimeNS)}}
		if rec.Best != "" {
			m, err := items[k].Pos.ParseUCIMove(rec.Best)
			if err != nil {
				return nil, fmt.Errorf("%s: line %d: move %q: %v", path, k+2, rec.Best, err)
			}
			sr.Result.Best = m
		}
		out = append(out, sr)
	}
	return out, nil
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

// readEPDFile reads an EPD suite as it comes: plain, gzipped or a zip of
// .epd files (tuner/data.UnpackFiles).
func readEPDFile(r io.Reader) ([]*pgn.EPD, []error, error) {
	u, _, err := data.UnpackFiles(r, ".epd", ".fen", ".txt")
	if err != nil {
		return nil, nil, err
	}
	return pgn.ReadEPD(u)
}
