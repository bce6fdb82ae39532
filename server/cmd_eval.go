package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/data"
	"github.com/evochess/evochess/tuner/fitness"
)

func init() {
	register(command{
		name:    "eval",
		summary: "score a player: grandmaster move match, test-suite nodes, or a traced evaluation",
		run:     runEval,
	})
}

// evalFlags are the parsed flags of `evochess eval`.
type evalFlags struct {
	playerFile, preset     string
	pgnFile, protocol      string
	seed                   uint64
	positions, depth       int
	minElo, minPly, maxPly int
	set                    string
	epdFile                string
	nodes                  uint64
	movetime               time.Duration
	fen                    string
	trace, jsonOut         bool
	hashMB                 int
	resume                 string
	multiPV                int
	search                 string
}

// runEval implements
//
//	evochess eval -player FILE|-preset NAME -pgn FILE [-protocol david] [-seed 1] [-positions N] [-depth N]
//	evochess eval -player FILE|-preset NAME -epd FILE [-nodes N | -movetime D] [-depth N]
//	evochess eval -player FILE|-preset NAME (-fen FEN | -epd FILE) -trace
//	evochess eval -player FILE|-preset NAME -fen FEN (-depth N | -nodes N | -movetime D) [-multipv K]
//
// Results go to stdout (with -json the last line is one JSON object);
// progress goes to stderr.
func runEval(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var f evalFlags
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.playerFile, "player", "", "player `file` (JSON)")
	fs.StringVar(&f.preset, "preset", "", "evaluation preset `name` (instead of -player): "+presetNames())
	fs.StringVar(&f.pgnFile, "pgn", "", "grandmaster games (`file`, .gz accepted, - for stdin): print the move-match rate")
	fs.StringVar(&f.protocol, "protocol", "david", "sampling protocol: david or all")
	fs.Uint64Var(&f.seed, "seed", 1, "sampling seed")
	fs.IntVar(&f.positions, "positions", -1, "cap on positions per set (default: the protocol's, 5000 for david; 0 = no cap)")
	fs.IntVar(&f.depth, "depth", 0, "with -pgn: also match with the real search to this depth (quiescence on, the player's search parameters); with -epd: the depth limit per position (besides -nodes or -movetime)")
	fs.IntVar(&f.minElo, "min-elo", 0, "keep games where both players have at least this Elo")
	fs.IntVar(&f.minPly, "min-ply", data.DefaultOpeningPlies, "first ply that may be sampled")
	fs.IntVar(&f.maxPly, "max-ply", 0, "last ply that may be sampled (0 = none)")
	fs.StringVar(&f.set, "set", "test", "set the search match and the JSON figures refer to: test, train or both")
	fs.StringVar(&f.epdFile, "epd", "", "test suite (`file`): print positions solved and nodes to solution")
	fs.StringVar(&f.resume, "resume", "", "with -epd: keep each finished position in this `file`; the same command run again searches only the positions it lacks")
	fs.Uint64Var(&f.nodes, "nodes", fitness.DefaultSuiteCap, "node cap per suite position")
	fs.Var(msFlag{&f.movetime}, "movetime", "`time` per suite position instead of a node cap (5s, or milliseconds: 5000)")
	fs.StringVar(&f.fen, "fen", "", "position to trace (the evaluation term by term; -trace is implied); with -depth, -nodes, -movetime or -multipv it is also searched and its lines printed")
	fs.StringVar(&f.search, "search", "", "search preset of -depth, -epd and an analysis instead of the player's own parameters: "+strings.Join(search.PresetNames(), ", ")+" (plain: the tuner's exact depth-1 search)")
	fs.IntVar(&f.multiPV, "multipv", 1, "with -fen: search this many lines (the best, then the best of the other moves, …)")
	fs.BoolVar(&f.trace, "trace", false, "print feature counts and the score by term (with -fen or -epd)")
	fs.BoolVar(&f.jsonOut, "json", false, "end with one JSON object on the last line")
	fs.IntVar(&f.hashMB, "hash", 0, "transposition table size in MiB (0: 1 for -pgn -depth, which clears it per position; 16 for -epd)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("eval: unexpected arguments %q", fs.Args())
	}
	if err := checkHash("eval", f.hashMB, true); err != nil {
		return err
	}
	pl, err := loadPlayer(f.playerFile, f.preset)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	if f.resume != "" && (f.epdFile == "" || f.trace) {
		return errors.New("eval: -resume needs -epd (a suite run)")
	}
	ctx := context.Background()
	switch {
	case f.trace || (f.fen != "" && f.pgnFile == "" && f.epdFile == ""):
		// -fen alone is a trace: there is nothing else to do with one position.
		if (f.fen == "") == (f.epdFile == "") {
			return errors.New("eval: -trace needs exactly one of -fen and -epd")
		}
		if f.fen != "" && analysing(fs) {
			if err := onlyFlags(fs, "eval", "an analysis (-fen with a search limit)", "player", "preset", "json", "fen", "trace",
				"depth", "nodes", "movetime", "multipv", "hash", "search"); err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
			defer stop()
			return evalAnalyse(ctx, pl, f, explicit(fs, "nodes"), stdout, stderr)
		}
		if err := onlyFlags(fs, "eval", "a trace", "player", "preset", "json", "fen", "epd", "trace"); err != nil {
			return err
		}
		return evalTrace(pl, f, stdout, stderr)
	case f.fen != "":
		return errors.New("eval: -fen traces one position; give it without -pgn and -epd")
	case f.pgnFile != "" && f.epdFile != "":
		return errors.New("eval: give -pgn or -epd, not both")
	case f.pgnFile != "":
		if err := onlyFlags(fs, "eval", "a move-match run (-pgn)", "player", "preset", "json", "pgn", "protocol", "seed",
			"positions", "depth", "min-elo", "min-ply", "max-ply", "set", "hash", "search"); err != nil {
			return err
		}
		if err := needFlag(fs, "eval", "depth", "search"); err != nil {
			return err
		}
		return evalMatch(ctx, pl, f, stdin, stdout, stderr)
	case f.epdFile != "":
		if err := onlyFlags(fs, "eval", "a suite run (-epd)", "player", "preset", "json", "epd", "resume", "nodes",
			"movetime", "depth", "hash", "search"); err != nil {
			return err
		}
		ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stop()
		return evalSuite(ctx, pl, f, stdout, stderr)
	}
	return errors.New("eval: nothing to do: give -pgn FILE, -epd FILE, or -fen FEN")
}

func presetNames() string {
	var names []string
	for _, p := range eval.Presets() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// loadPlayer reads -player or builds the -preset player (eval, bench, spsa,
// share and uci; the caller names the command in the error). A -player of
// the form preset:NAME that is no file is the preset, as evochess match
// writes it; a share link (…#p=…) is the player it carries; a -player that
// names a preset and no file says to use -preset.
func loadPlayer(file, preset string) (*player.Player, error) {
	switch {
	case file != "" && preset != "":
		return nil, errors.New("give -player or -preset, not both")
	case preset != "":
		return player.FromPreset(preset)
	case file != "" && isShareLink(file):
		return playerOfLink(file) // a share link pasted as it is (evochess share)
	case file != "":
		fh, err := os.Open(file)
		if errors.Is(err, os.ErrNotExist) {
			if name, ok := strings.CutPrefix(file, "preset:"); ok {
				return player.FromPreset(name)
			}
			if _, perr := player.FromPreset(file); perr == nil {
				return nil, fmt.Errorf("player %q: no such file; for the preset write -preset %s", file, file)
			}
		}
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		p, err := player.Load(fh)
		if err != nil {
			return nil, fmt.Errorf("player %s: %w", file, err)
		}
		if p.Name == "" {
			p.Name = file
		}
		return p, nil
	}
	return nil, fmt.Errorf("need -player FILE or -preset NAME (presets: %s)", presetNames())
}

// emitJSON writes v as one line.
func emitJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	if _, err := fmt.Fprintf(w, "%s\n", b); err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	return nil
}

func rate(matched, positions int) float64 {
	if positions == 0 {
		return 0
	}
	return float64(matched) / float64(positions)
}

// matchReport is the -json output of a move-match run.
type matchReport struct {
	Player       string  `json:"player"`
	Scheme       string  `json:"scheme"`
	Protocol     string  `json:"protocol"`
	Seed         uint64  `json:"seed"`
	Digest       string  `json:"digest"`
	GamesRead    int     `json:"games_read"`
	GamesSkipped int     `json:"games_skipped"`
	Set          string  `json:"set"`
	Depth        int     `json:"depth"` // 1 = compiled 1-ply match
	Positions    int     `json:"positions"`
	Matched      int     `json:"matched"`
	Rate         float64 `json:"rate"`
	Train1Ply    int     `json:"train_matched_1ply"`
	TrainCount   int     `json:"train_positions"`
	Test1Ply     int     `json:"test_matched_1ply"`
	TestCount    int     `json:"test_positions"`
	Nodes        uint64  `json:"nodes,omitempty"`
}

func evalMatch(ctx context.Context, pl *player.Player, f evalFlags, stdin io.Reader, stdout, stderr io.Writer) error {
	proto, err := data.LookupProtocol(f.protocol)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	proto.Seed = f.seed
	if f.positions >= 0 {
		proto.Positions = f.positions
	}
	proto.MinElo, proto.MinPly, proto.MaxPly = f.minElo, f.minPly, f.maxPly
	if f.set != "test" && f.set != "train" && f.set != "both" {
		return fmt.Errorf("eval: -set %q: want test, train or both", f.set)
	}
	if f.depth < 0 {
		return fmt.Errorf("eval: -depth %d: must not be negative", f.depth)
	}
	var in io.Reader = stdin
	if f.pgnFile != "-" {
		fh, err := os.Open(f.pgnFile)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		defer fh.Close()
		in = fh
	}
	r, err := data.Unpack(in)
	if err != nil {
		return fmt.Errorf("eval: %s: %w", f.pgnFile, err)
	}
	start := time.Now()
	ds, err := data.Build(ctx, r, proto, func(p data.Progress) {
		if p.GamesRead > 0 && (p.GamesRead+p.GamesSkipped)%5000 == 0 {
			fmt.Fprintf(stderr, "eval: %d games read, %d skipped, %d positions\n", p.GamesRead, p.GamesSkipped, p.Samples)
		}
	})
	if err != nil {
		return fmt.Errorf("eval: %s: %w", f.pgnFile, err)
	}
	for _, e := range ds.Skipped {
		fmt.Fprintf(stderr, "eval: skipped: %v\n", e)
	}
	fmt.Fprintf(stderr, "eval: %d games read, %d skipped, train %d / test %d positions in %v\n",
		ds.GamesRead, ds.GamesSkipped, len(ds.Train), len(ds.Test), time.Since(start).Round(time.Millisecond))
	if len(ds.Train)+len(ds.Test) == 0 {
		return fmt.Errorf("eval: %s gives no position under the %s protocol (%d games read, %d unreadable; positions are taken from ply %d)",
			f.pgnFile, proto.Name, ds.GamesRead, ds.GamesSkipped, proto.MinPly)
	}

	s, err := eval.Lookup(pl.Scheme)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	w, err := pl.Vector()
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	rep := matchReport{Player: pl.Name, Scheme: pl.Scheme, Protocol: proto.Name, Seed: proto.Seed, Digest: ds.Digest,
		GamesRead: ds.GamesRead, GamesSkipped: ds.GamesSkipped, Set: f.set, Depth: 1,
		TrainCount: len(ds.Train), TestCount: len(ds.Test)}
	for _, set := range []struct {
		name    string
		samples []data.Sample
		matched *int
	}{{"train", ds.Train, &rep.Train1Ply}, {"test", ds.Test, &rep.Test1Ply}} {
		mm, err := fitness.CompileMoveMatch(s, set.samples)
		if err != nil {
			return fmt.Errorf("eval: %s set: %w", set.name, err)
		}
		*set.matched = mm.Score(w, nil)
		if len(set.samples) == 0 {
			fmt.Fprintf(stdout, "%s 1-ply: no positions (each game goes to one set; games read: %d)\n", set.name, ds.GamesRead)
			continue
		}
		fmt.Fprintf(stdout, "%s 1-ply: %d/%d matched (%.1f%%)\n", set.name, *set.matched, len(set.samples), 100*rate(*set.matched, len(set.samples)))
	}
	chosen := ds.Test
	switch f.set {
	case "train":
		chosen = ds.Train
		rep.Positions, rep.Matched = rep.TrainCount, rep.Train1Ply
	case "both":
		chosen = append(append([]data.Sample(nil), ds.Train...), ds.Test...)
		rep.Positions, rep.Matched = rep.TrainCount+rep.TestCount, rep.Train1Ply+rep.Test1Ply
	default:
		rep.Positions, rep.Matched = rep.TestCount, rep.Test1Ply
	}
	if f.depth > 0 && len(chosen) == 0 {
		return fmt.Errorf("eval: -depth %d: the %s set has no positions (each game goes to one set; games read: %d): try -set both", f.depth, f.set, ds.GamesRead)
	}
	if f.depth > 0 {
		ev, err := pl.Evaluator()
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		sp, err := evalSearchParams(pl, f.search)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		hash := f.hashMB
		if hash <= 0 {
			hash = 1
		}
		start := time.Now()
		sm, err := fitness.SearchMoveMatch(ctx, ev, sp, search.Limits{Depth: f.depth}, hash, chosen, nil, func(n int) {
			if n%1000 == 0 && n > 0 && n < len(chosen) {
				eta := time.Since(start) / time.Duration(n) * time.Duration(len(chosen)-n)
				fmt.Fprintf(stderr, "eval: depth %d: %d/%d positions, ETA %s\n", f.depth, n, len(chosen), eta.Round(time.Second))
			}
		})
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		fmt.Fprintf(stdout, "%s depth %d: %d/%d matched (%.1f%%), %d nodes\n", f.set, f.depth, sm.Matched, sm.Positions, 100*sm.Rate(), sm.Nodes)
		rep.Depth, rep.Positions, rep.Matched, rep.Nodes = f.depth, sm.Positions, sm.Matched, sm.Nodes
	}
	rep.Rate = rate(rep.Matched, rep.Positions)
	if f.jsonOut {
		return emitJSON(stdout, rep)
	}
	return nil
}

// readSuite reads an EPD file, reporting skipped lines on stderr.
func readSuite(file string, stderr io.Writer) ([]*pgn.EPD, error) {
	fh, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	defer fh.Close()
	recs, skipped, err := readEPDFile(fh)
	if err != nil {
		return nil, fmt.Errorf("eval: %s: %w", file, err)
	}
	for _, e := range skipped {
		fmt.Fprintf(stderr, "eval: %s: skipped: %v\n", file, e)
	}
	// A record with nothing to solve (no bm or am, such as a dm-only line)
	// is left out, as bench -epd leaves it out.
	noTarget := 0
	recs = slices.DeleteFunc(recs, func(r *pgn.EPD) bool {
		if len(r.Best) == 0 && len(r.Avoid) == 0 {
			fmt.Fprintf(stderr, "eval: %s: line %d: no bm or am operation, skipped\n", file, r.Line)
			noTarget++
			return true
		}
		return false
	})
	if len(recs) == 0 {
		return nil, fmt.Errorf("eval: %s holds no readable EPD position with bm or am (%d lines skipped)", file, len(skipped)+noTarget)
	}
	return recs, nil
}

// suiteReport is the -json output of a suite run.
type suiteReport struct {
	Player       string  `json:"player"`
	Scheme       string  `json:"scheme"`
	Suite        string  `json:"suite"`
	GamesRead    int     `json:"games_read"`
	GamesSkipped int     `json:"games_skipped"`
	Positions    int     `json:"positions"`
	Solved       int     `json:"solved"`
	Matched      int     `json:"matched"`
	Rate         float64 `json:"rate"`
	Nodes        uint64  `json:"nodes"`
	Searched     uint64  `json:"searched"`
	Cap          uint64  `json:"cap,omitempty"`
	Depth        int     `json:"depth,omitempty"`
	MoveTime     string  `json:"movetime,omitempty"`
	STSPoints    int     `json:"sts_points,omitempty"` // Strategic Test Suite scoring (pgn.EPD.Points)
	STSMax       int     `json:"sts_max,omitempty"`
}

func evalSuite(ctx context.Context, pl *player.Player, f evalFlags, stdout, stderr io.Writer) error {
	suite, err := readSuite(f.epdFile, stderr)
	if err != nil {
		return err
	}
	ev, err := pl.Evaluator()
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	sp, err := evalSearchParams(pl, f.search)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	if f.depth < 0 {
		return fmt.Errorf("eval: -depth %d: must not be negative", f.depth)
	}
	if f.movetime < 0 {
		return fmt.Errorf("eval: -movetime %v: must not be negative", f.movetime)
	}
	opt := fitness.SuiteOptions{Cap: f.nodes, HashMB: f.hashMB} // 0: SuiteNodes' default, 16 MiB
	opt.Limits.Depth = f.depth
	rep := suiteReport{Player: pl.Name, Scheme: pl.Scheme, Suite: f.epdFile, Depth: f.depth}
	if f.movetime > 0 {
		// Time-limited: the node cap is lifted (to the most a uint64 counts).
		opt.Cap = ^uint64(0)
		opt.Limits.MoveTime = f.movetime
		rep.MoveTime = f.movetime.String()
	} else {
		if f.nodes == 0 {
			return errors.New("eval: -nodes must be positive")
		}
		rep.Cap = f.nodes
	}
	var state *stateFile
	var kept []suiteRecord
	if f.resume != "" {
		raw, err := os.ReadFile(f.epdFile)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		pj, err := json.Marshal(pl)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		key := stateKey(evalSuiteStateKind, fmt.Sprintf("suite %x", sha256.Sum256(raw)), string(pj), sp, opt.Cap, opt.Limits, opt.HashMB)
		var recs []json.RawMessage
		if state, recs, err = openStateFile(f.resume, evalSuiteStateKind, key); err != nil {
			return fmt.Errorf("eval: -resume: %w", err)
		}
		defer state.Close()
		if kept, err = suiteKept(recs, suite, f.resume); err != nil {
			return fmt.Errorf("eval: -resume: %w", err)
		}
		if len(kept) > 0 {
			fmt.Fprintf(stderr, "eval: %s: %d of %d positions kept; searching the rest\n", f.resume, len(kept), len(suite))
		}
	}
	n := 0
	var solvedNodes uint64
	var tot fitness.SuiteTotals
	hasPoints := slices.ContainsFunc(suite, func(e *pgn.EPD) bool { return e.Points != nil })
	var pts stsScore
	show := func(p fitness.SuitePosition, best string) {
		n++
		tot.Positions++
		tot.Nodes += p.Nodes
		tot.Searched += p.Searched
		if p.Solved {
			tot.Solved++
			solvedNodes += p.Nodes
		}
		mark := "-"
		if p.Solved {
			mark = "+"
		}
		nodes := fmt.Sprint(p.Nodes)
		if !p.Solved && f.movetime > 0 {
			nodes = "unsolved"
		}
		ptsCol := ""
		if hasPoints && p.Index < len(suite) {
			played, _ := suite[p.Index].Position.ParseUCIMove(best)
			got, top := pts.add(suite[p.Index].Points, played)
			ptsCol = fmt.Sprintf("  points %d/%d", got, top)
		}
		fmt.Fprintf(stdout, "%s %-16s %-6s depth %2d  nodes %s%s\n", mark, p.ID, best, p.Depth, nodes, ptsCol)
	}
	for _, r := range kept {
		show(r.SuitePosition, r.BestUCI)
	}
	start, rest := time.Now(), suite[len(kept):]
	_, err = fitness.SuiteNodes(ctx, ev, sp, rest, opt, func(p fitness.SuitePosition) {
		done := p.Index + 1
		p.Index += len(kept)
		if state != nil {
			state.add(suiteRecord{SuitePosition: p, BestUCI: p.Best.UCI()})
		}
		show(p, p.Best.UCI())
		if n%50 == 0 && n < len(suite) {
			eta := time.Since(start) / time.Duration(done) * time.Duration(len(rest)-done)
			fmt.Fprintf(stderr, "eval: %d/%d positions, ETA %s\n", n, len(suite), eta.Round(time.Second))
		}
	})
	if state != nil {
		if werr := state.Err(); werr != nil {
			return fmt.Errorf("eval: -resume: %w", werr)
		}
		if err != nil && ctx.Err() != nil {
			return fmt.Errorf("eval: %w (the finished positions are kept in %s: run the same command to continue)", err, f.resume)
		}
	}
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	rep.Positions, rep.Solved, rep.Matched, rep.Searched = tot.Positions, tot.Solved, tot.Solved, tot.Searched
	rep.Nodes = tot.Nodes
	if f.movetime > 0 {
		// Unsolved positions have no meaningful cap: sum only the solved ones.
		rep.Nodes = solvedNodes
	}
	rep.Rate = rate(tot.Solved, tot.Positions)
	fmt.Fprintf(stdout, "solved %d/%d (%.1f%%), nodes to solution %d, nodes searched %d\n",
		tot.Solved, tot.Positions, 100*rep.Rate, rep.Nodes, tot.Searched)
	if hasPoints {
		rep.STSPoints, rep.STSMax = pts.got, pts.best
		fmt.Fprintf(stdout, "STS points %d/%d (%.1f%%)\n", pts.got, pts.best, 100*float64(pts.got)/float64(max(pts.best, 1)))
	}
	if f.jsonOut {
		return emitJSON(stdout, rep)
	}
	return nil
}

// evalSuiteStateKind is the layout of `evochess eval -epd … -resume` files (a
// stateFile): one suiteRecord per finished position, in suite order.
var evalSuiteStateKind = stateKind{
	Format: "evochess-eval-suite-state-1",
	Name:   "an evochess eval suite state file",
	Other:  "the positions of another suite run (another suite file, player, node cap, time or hash)",
}

// suiteRecord is one finished position of an eval suite run.
type suiteRecord struct {
	fitness.SuitePosition
	BestUCI string `json:"best"`
}

// suiteKept reads a state file's records back: the suite's first
// positions, in order.
func suiteKept(recs []json.RawMessage, suite []*pgn.EPD, path string) ([]suiteRecord, error) {
	var out []suiteRecord
	for k, b := range recs {
		var r suiteRecord
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, fmt.Errorf("%s: line %d: not a position record: %v", path, k+2, err)
		}
		if r.Index != k || k >= len(suite) || r.ID != suite[k].ID {
			return nil, fmt.Errorf("%s: line %d: position %d (%s) is not the suite's position %d", path, k+2, r.Index+1, r.ID, k+1)
		}
		out = append(out, r)
	}
	return out, nil
}

// traceReport is the -json output of -trace (for the last position).
type traceReport struct {
	FEN        string           `json:"fen"`
	Scheme     string           `json:"scheme"`
	White      int              `json:"white"`        // centipawns, White's view
	SideToMove int              `json:"side_to_move"` // centipawns, side to move's view
	Terms      []eval.TermValue `json:"terms"`
	// Tapered schemes (modern): the phase and the evaluation by term.
	Phase   *int32             `json:"phase,omitempty"`
	Tapered []eval.TaperedTerm `json:"tapered,omitempty"`
}

func evalTrace(pl *player.Player, f evalFlags, stdout, stderr io.Writer) error {
	ev, err := pl.Evaluator()
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	var positions []*board.Position
	var labels []string
	if f.fen != "" {
		// Repaired with a note, as UCI and the Play tab do (a stale castling
		// right, a misplaced en-passant square: board.ParseFENLoose).
		pos, warn, err := board.ParseFENLoose(f.fen)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		for _, w := range warn {
			fmt.Fprintf(stderr, "eval: -fen: %s (repaired: %s)\n", w, pos.FEN())
		}
		positions, labels = append(positions, pos), append(labels, "")
	} else {
		suite, err := readSuite(f.epdFile, io.Discard)
		if err != nil {
			return err
		}
		for _, e := range suite {
			positions = append(positions, e.Position)
			labels = append(labels, strings.TrimSpace(fmt.Sprintf("line %d %s", e.Line, e.ID)))
		}
	}
	var last traceReport
	for i, pos := range positions {
		terms := ev.Trace(pos)
		white := ev.White(pos)
		if labels[i] != "" {
			fmt.Fprintf(stdout, "# %s\n", labels[i])
		}
		tapered, isTapered := ev.TaperedTrace(pos)
		if isTapered {
			fmt.Fprintf(stdout, "%s  [%s, phase %d/%d]\n", pos.FEN(), pl.Scheme, tapered.Phase, tapered.Scale)
			if err := printTapered(stdout, tapered); err != nil {
				return fmt.Errorf("eval: %w", err)
			}
		} else {
			fmt.Fprintf(stdout, "%s  [%s]\n", pos.FEN(), pl.Scheme)
			tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
			fmt.Fprintln(tw, "term\tgroup\tweight\twhite\tblack\tcentipawns\t")
			for _, t := range terms {
				fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%.2f\t\n", t.Name, t.Group, t.Weight, t.White, t.Black, t.Centipawns())
			}
			if err := tw.Flush(); err != nil {
				return fmt.Errorf("eval: %w", err)
			}
		}
		stm := white
		if pos.Side == board.Black {
			stm = -white
		}
		fmt.Fprintf(stdout, "score: %d cp for White, %d cp for the side to move (%s)\n\n", white, stm, pos.Side)
		last = traceReport{FEN: pos.FEN(), Scheme: pl.Scheme, White: white, SideToMove: stm, Terms: terms}
		if isTapered {
			last.Phase, last.Tapered = &tapered.Phase, tapered.Terms
		}
	}
	if f.jsonOut {
		return emitJSON(stdout, last)
	}
	return nil
}

// printTapered prints a tapered scheme's trace: one row per term with its
// middlegame and endgame weights, both sides' counts and the middlegame,
// endgame and total contributions in centipawns (White's view), then the
// totals by group.
func printTapered(w io.Writer, tr eval.TaperedTrace) error {
	sc := float64(tr.Scale)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "term\tgroup\tw.mg\tw.eg\twhite\tblack\tmg cp\teg cp\tcentipawns\t")
	type total struct{ mg, eg int64 }
	var groups []string
	sums := map[string]*total{}
	for _, t := range tr.Terms {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t\n", t.Name, t.Group, t.MG, t.EG, t.White, t.Black,
			float64(t.RawMG)/sc, float64(t.RawEG)/sc, t.Centipawns())
		g := sums[t.Group]
		if g == nil {
			g = &total{}
			sums[t.Group] = g
			groups = append(groups, t.Group)
		}
		g.mg += t.RawMG
		g.eg += t.RawEG
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "group\tmg cp\teg cp\tcentipawns\t")
	for _, name := range groups {
		g := sums[name]
		fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t%.2f\t\n", name, float64(g.mg)/sc, float64(g.eg)/sc, float64(g.mg+g.eg)/sc)
	}
	return tw.Flush()
}
