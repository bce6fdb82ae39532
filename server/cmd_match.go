package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/evochess/evochess/assets"
	pbook "github.com/evochess/evochess/engine/book"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/engine/strength"
	"github.com/evochess/evochess/tuner/arena"
)

func init() {
	register(command{
		name:    "match",
		summary: "play a match or round robin between players and UCI engines; Elo table and PGN",
		run:     runMatch,
	})
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, " ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// runMatch implements
//
//	evochess match -a SPEC -b SPEC [-p SPEC ...] -games N (-depth D | -nodes N | -movetime 100ms | -tc 10+0.1)
//	    [-sprt elo0,elo1 [-alpha A] [-beta B] [-sprt-model normalized|logistic]]
//	    [-openings FILE | -book book.bin|bundled [-book-plies 8]] [-seed N] [-pgn out.pgn] [-resume state.jsonl]
//	    [-concurrency N] [-json]
//	    [-resign movecount=N,score=CP] [-draw movenumber=N,movecount=N,score=CP]
//
// where SPEC is player.json or preset:NAME, optionally followed by ",elo=E"
// (a strength level), ",skill=X", ",seed=N" and ",search=PRESET" (an
// engine/search preset instead of the player's own search parameters), or
// "uci:/path/to/engine [args...][,Option=Value...]" (the command line before
// the first comma is split at spaces). Two players
// play game pairs (each opening twice, colours swapped): the report adds
// the pentanomial pair counts, Elo and normalized Elo; with -sprt the match
// stops as soon as the LLR crosses a bound (-games is then the maximum).
// With -resume every finished game is kept in a file (match_state.go on
// state_file.go, which bench -epd -resume shares), and
// the same command run again plays only the games it does not hold.
func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var specs stringList
	a := fs.String("a", "", "first player: player.json or preset:NAME [,elo=E|,skill=X][,seed=N][,search=PRESET], or \"uci:/path/to/engine [args][,Option=Value...]\"")
	b := fs.String("b", "", "second player (same forms as -a)")
	fs.Var(&specs, "p", "another player for a round robin (repeatable)")
	games := fs.Int("games", 2, "games per pair of players (colours alternate, two games per opening); with -sprt the maximum (default 20000 there)")
	depth := fs.Int("depth", 0, "fixed search depth per move")
	nodes := fs.Int("nodes", 0, "fixed node count per move")
	movetime := msVar(fs, "movetime", 0, "fixed `time` per move (100ms, 1.5s, or milliseconds: 100)")
	tc := fs.String("tc", "", "clock per side in seconds, base+increment (e.g. 10+0.1), or moves/base[+increment] (e.g. 40/60)")
	openings := fs.String("openings", "", "opening book: EPD/FEN lines, or PGN (.pgn) whose moves are played as book moves (default: the embedded 200-position book)")
	bookPath := fs.String("book", "", "draw the openings from a Polyglot book (\"bundled\" = the built-in one) instead of -openings")
	bookPlies := fs.Int("book-plies", 8, "with -book: book moves per opening")
	bookCount := fs.Int("book-openings", 0, "with -book: distinct openings to draw (default: enough for every game pair, at most 1000)")
	seed := fs.Uint64("seed", 1, "seed of the opening order (and of the -book draws)")
	pgnPath := fs.String("pgn", "", "write every game to this PGN file")
	resumePath := fs.String("resume", "", "keep every finished game in this file; the same command run again continues a stopped match where it was")
	conc := fs.Int("concurrency", 0, "games played at once (0 = one per CPU core; with clocks, fewer games than cores keeps the timing fair)")
	asJSON := fs.Bool("json", false, "print the results as one JSON object on one line (progress goes to stderr)")
	hash := fs.Int("hash", 16, "transposition table per in-process engine, MiB")
	ponder := fs.Bool("ponder", false, "UCI engines think on the opponent's time (go ponder / ponderhit)")
	margin := msVar(fs, "time-margin", 0, "`time` a clock may run below zero before a time forfeit (50ms, or milliseconds: 50)")
	sprtBounds := fs.String("sprt", "", "sequential test elo0,elo1 (e.g. 0,5): stop when the LLR crosses a bound")
	alpha := fs.Float64("alpha", 0.05, "SPRT: probability of accepting elo1 when elo0 holds")
	beta := fs.Float64("beta", 0.05, "SPRT: probability of accepting elo0 when elo1 holds")
	sprtModel := fs.String("sprt-model", arena.SPRTNormalized, "SPRT bounds as normalized or logistic Elo")
	var adj arena.Adjudication // off by default, as in OpenBench and fastchess
	resignSpec := fs.String("resign", "", "resign adjudication movecount=N,score=CP: a side loses when both engines score it CP down for N moves each (off by default)")
	drawSpec := fs.String("draw", "", "draw adjudication movenumber=N,movecount=N,score=CP: after move N both engines score within ±CP for N moves each (off by default)")
	fs.IntVar(&adj.ResignScore, "resign-score", 0, "resign adjudication threshold in cp (0 = off; see -resign)")
	fs.IntVar(&adj.ResignMoves, "resign-moves", 0, "moves per side both engines must agree for resign adjudication")
	fs.IntVar(&adj.DrawScore, "draw-score", 0, "draw adjudication: |score| at most this (cp)")
	fs.IntVar(&adj.DrawMoves, "draw-moves", 0, "draw adjudication: moves per side (0 = off; see -draw)")
	fs.IntVar(&adj.DrawAfter, "draw-after", 0, "draw adjudication only after this move number")
	fs.IntVar(&adj.MaxPlies, "max-plies", 0, "draw after this many engine plies (0 = no cap)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := parseAdjudication(*resignSpec, *drawSpec, &adj); err != nil {
		return fmt.Errorf("match: %w", err)
	}
	if err := adjudicationUsed(fs, adj); err != nil {
		return fmt.Errorf("match: %w", err)
	}
	if explicit(fs, "time-margin") && !explicit(fs, "tc") {
		return errors.New("match: -time-margin does nothing without -tc (no clock can run out); leave it out")
	}
	for _, dep := range [][]string{{"sprt", "alpha", "beta", "sprt-model"}, {"book", "book-openings", "book-plies"}} {
		if err := needFlag(fs, "match", dep[0], dep[1:]...); err != nil {
			return err
		}
	}
	var sprt *arena.SPRT
	if *sprtBounds != "" {
		var err error
		if sprt, err = parseSPRT(*sprtBounds, *alpha, *beta, *sprtModel); err != nil {
			return fmt.Errorf("match: %w", err)
		}
		if !explicit(fs, "games") {
			*games = 20000
		}
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("match: unexpected arguments %q", fs.Args())
	}
	all := append([]string{}, *a, *b)
	all = append(all, specs...)
	var list []string
	for _, s := range all {
		if s != "" {
			list = append(list, s)
		}
	}
	if len(list) < 2 {
		return errors.New("match: need at least two players (-a, -b, -p)")
	}
	if sprt != nil && len(list) != 2 {
		return errors.New("match: -sprt needs exactly two players")
	}
	if *games < 1 {
		return fmt.Errorf("match: -games %d, want >= 1", *games)
	}
	if *conc < 0 {
		return fmt.Errorf("match: -concurrency %d: want games at once, or 0 for one per core", *conc)
	}
	if *depth < 0 || *nodes < 0 || *movetime < 0 || *margin < 0 {
		return errors.New("match: -depth, -nodes, -movetime and -time-margin must not be negative")
	}
	if err := checkHash("match", *hash, false); err != nil {
		return err
	}
	marginMS, err := wholeMillis("time-margin", *margin)
	if err != nil {
		return fmt.Errorf("match: %w", err)
	}
	limits := arena.Limits{Depth: *depth, Nodes: *nodes, MoveTime: *movetime}
	if *tc != "" {
		clock, err := arena.ParseTimeControl(*tc)
		if err != nil {
			return fmt.Errorf("match: -tc: %w", err)
		}
		limits.Base, limits.Inc, limits.Moves = clock.Base, clock.Inc, clock.Moves
	}
	if err := limits.Validate(); err != nil {
		return fmt.Errorf("match: give -depth, -nodes, -movetime or -tc: %w", err)
	}
	if *ponder && !slices.ContainsFunc(list, func(s string) bool { return strings.HasPrefix(s, "uci:") }) {
		return errors.New("match: -ponder: only UCI engines (uci:…) ponder, and none plays here")
	}
	players := make([]arena.Player, 0, len(list))
	seen := map[string]int{}
	for _, s := range list {
		p, err := matchPlayer(s, *hash, *ponder)
		if err != nil {
			return fmt.Errorf("match: %w", err)
		}
		if seen[p.Name]++; seen[p.Name] > 1 {
			p.Name = fmt.Sprintf("%s#%d", p.Name, seen[p.Name])
		}
		players = append(players, p)
	}
	var book []arena.Opening
	if *bookPath != "" && *openings != "" {
		return errors.New("match: give -openings or -book, not both")
	}
	if *bookPath != "" {
		if *bookPlies < 1 || *bookCount < 0 {
			return errors.New("match: -book-plies must be at least 1 and -book-openings not negative")
		}
		n := *bookCount
		if n == 0 {
			n = min(max((*games+1)/2, 1), 1000)
		}
		if book, err = matchBookOpenings(*bookPath, n, *bookPlies, *seed); err != nil {
			return fmt.Errorf("match: %w", err)
		}
	} else if *openings != "" {
		f, err := os.Open(*openings)
		if err != nil {
			return fmt.Errorf("match: %w", err)
		}
		book, err = arena.ReadOpenings(f, *openings)
		f.Close()
		if err != nil {
			return fmt.Errorf("match: %w", err)
		}
		if len(book) == 0 {
			return fmt.Errorf("match: %s holds no openings", *openings)
		}
	} else if book, err = arena.DefaultOpenings(); err != nil {
		return fmt.Errorf("match: %w", err)
	}
	progressOut := stdout
	if *asJSON {
		progressOut = stderr
	}
	started := time.Now()
	kept := 0 // games a -resume file held: not played now
	cfg := arena.Config{
		Game:        arena.GameConfig{Limits: limits, Adjudication: adj, TimeMargin: *margin},
		Openings:    book,
		Seed:        *seed,
		Concurrency: *conc,
		SPRT:        sprt,
		PGNTags:     arena.PGNTags{Event: "evochess match", Site: "evochess", Date: time.Now().Format("2006.01.02")},
		Progress: func(p arena.Progress) {
			g := p.Game
			line := fmt.Sprintf("game %d/%d (#%d): %s - %s %s (%s, %d plies, %s)", p.Done, p.Total, g.Index+1,
				g.White, g.Black, g.Result, g.Termination, len(g.Opening.Moves)+len(g.Plies), g.Opening.Name)
			if p.Done < p.Total && p.Done > kept {
				per := time.Since(started) / time.Duration(p.Done-kept)
				line += fmt.Sprintf(" ETA %v", (per * time.Duration(p.Total-p.Done)).Round(time.Second))
			}
			if p.SPRT != nil {
				line += fmt.Sprintf(" LLR %.2f (%.2f, %.2f) pairs %v", p.SPRT.LLR, p.SPRT.Lower, p.SPRT.Upper, p.Penta)
			}
			fmt.Fprintln(progressOut, line)
		},
	}
	if *pgnPath != "" {
		f, err := os.Create(*pgnPath)
		if err != nil {
			return fmt.Errorf("match: %w", err)
		}
		defer f.Close()
		cfg.PGN = f
	}
	var state *matchState
	if *resumePath != "" {
		key, err := matchKey(list, limits, adj, marginMS, *games, *seed, *hash, *ponder, book)
		if err != nil {
			return fmt.Errorf("match: -resume: %w", err)
		}
		var played []*arena.Game
		if state, played, err = openMatchState(*resumePath, key); err != nil {
			return fmt.Errorf("match: -resume: %w", err)
		}
		defer state.Close()
		if state.kept > 0 {
			fmt.Fprintf(stderr, "match: %s: %d finished games kept; playing the rest\n", *resumePath, state.kept)
		}
		cfg.Played, kept = played, state.kept
		show := cfg.Progress
		cfg.Progress = func(p arena.Progress) {
			state.add(p.Game)
			show(p)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := arena.RoundRobin(ctx, players, *games, cfg)
	// Interrupted: where the match stood, from the games that finished.
	var stopped *arena.StoppedError
	if errors.As(err, &stopped) && stopped.Partial != nil && len(stopped.Partial.Games) > 0 {
		fmt.Fprintf(stdout, "interrupted after %d of %d games; standings of the finished games:\n", stopped.Finished, stopped.Total)
		if *asJSON {
			writeMatchJSON(stdout, stopped.Partial)
		} else {
			writeMatchTable(stdout, stopped.Partial)
		}
	}
	if state != nil {
		if werr := state.Err(); werr != nil {
			return fmt.Errorf("match: -resume: %w", werr)
		}
		if err != nil && ctx.Err() != nil {
			return fmt.Errorf("match: %w (the finished games are kept in %s: run the same command to continue)", err, *resumePath)
		}
	}
	if err != nil {
		return fmt.Errorf("match: %w", err)
	}
	if res.SPRT != nil && res.SPRT.Decision == arena.SPRTContinue {
		fmt.Fprintf(stderr, "match: SPRT undecided after the maximum of %d games (LLR %.2f within (%.2f, %.2f))\n",
			len(res.Games), res.SPRT.LLR, res.SPRT.Lower, res.SPRT.Upper)
	}
	if *asJSON {
		return writeMatchJSON(stdout, res)
	}
	writeMatchTable(stdout, res)
	return nil
}

// matchBookOpenings draws n openings from a Polyglot book file, or from the
// bundled book when path is "bundled".
func matchBookOpenings(path string, n, plies int, seed uint64) ([]arena.Opening, error) {
	var bk *pbook.Book
	var err error
	if path == "bundled" {
		bk, err = pbook.Parse(assets.Book)
	} else {
		var f *os.File
		if f, err = os.Open(path); err != nil {
			return nil, err
		}
		bk, err = pbook.Open(f)
		f.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	ops, err := arena.BookOpenings(bk, n, plies, seed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ops, nil
}

// matchPlayer builds a player from a -a/-b/-p spec.
func matchPlayer(spec string, hashMB int, ponder bool) (arena.Player, error) {
	switch {
	case strings.HasPrefix(spec, "uci:"):
		parts := strings.Split(strings.TrimPrefix(spec, "uci:"), ",")
		cmdline := strings.Fields(parts[0])
		if len(cmdline) == 0 {
			return arena.Player{}, fmt.Errorf("player %q: empty engine path", spec)
		}
		cfg := arena.UCIConfig{Path: cmdline[0], Args: cmdline[1:], Ponder: ponder}
		name := strings.Join(append([]string{filepath.Base(cmdline[0])}, cmdline[1:]...), " ")
		var opts []string
		for _, kv := range parts[1:] {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return arena.Player{}, fmt.Errorf("player %q: option %q is not Name=Value", spec, kv)
			}
			cfg.Options = append(cfg.Options, arena.UCIOption{Name: k, Value: v})
			opts = append(opts, kv)
		}
		if len(opts) > 0 {
			name += " [" + strings.Join(opts, ",") + "]"
		}
		cfg.Name = name
		return arena.UCIPlayer(cfg), nil
	}
	// In-process players: "preset:NAME" or a player file, then optional
	// ",elo=E" (a strength level, engine/strength), ",skill=X" (a level by
	// its skill in [0, 1]), ",seed=N" (the level's choices) and
	// ",search=PRESET" (an engine/search preset instead of the player's own
	// search parameters).
	parts := strings.Split(spec, ",")
	var p *player.Player
	var err error
	name := ""
	if pre, ok := strings.CutPrefix(parts[0], "preset:"); ok {
		if p, err = player.FromPreset(pre); err != nil {
			return arena.Player{}, err
		}
		name = pre
	} else if isShareLink(parts[0]) {
		// A student's share link, pasted as it is (evochess share).
		if p, err = playerOfLink(parts[0]); err != nil {
			return arena.Player{}, fmt.Errorf("player %q: %w", truncate(parts[0], 60), err)
		}
		name = p.Name
	} else {
		f, err := os.Open(parts[0])
		if err != nil {
			if _, perr := player.FromPreset(parts[0]); perr == nil && errors.Is(err, os.ErrNotExist) {
				return arena.Player{}, fmt.Errorf("player %q: no such file; for the preset write preset:%s", parts[0], parts[0])
			}
			return arena.Player{}, fmt.Errorf("player %q: %w", parts[0], err)
		}
		p, err = player.Load(f)
		f.Close()
		if err != nil {
			return arena.Player{}, fmt.Errorf("player %s: %w", parts[0], err)
		}
		name = p.Name
		if name == "" {
			name = strings.TrimSuffix(filepath.Base(parts[0]), filepath.Ext(parts[0]))
		}
	}
	c, err := arena.PlayerConfig(p, name, hashMB)
	if err != nil {
		return arena.Player{}, err
	}
	for _, kv := range parts[1:] {
		k, v, ok := strings.Cut(kv, "=")
		var perr error
		switch {
		case !ok:
			perr = errors.New("want elo=E, skill=X, seed=N or search=PRESET")
		case k == "elo":
			var e int
			if e, perr = strconv.Atoi(v); perr == nil {
				if e < 0 {
					perr = errors.New("negative Elo")
				}
				c.Level = strength.ForElo(e)
				c.Name += " @" + v
			}
		case k == "skill":
			var x float64
			if x, perr = strconv.ParseFloat(v, 64); perr == nil {
				if !(x >= 0 && x <= 1) {
					perr = errors.New("skill outside [0, 1]")
				}
				c.Level = strength.ForSkill(x)
				c.Name += " skill " + v
			}
		case k == "seed":
			c.Seed, perr = strconv.ParseUint(v, 10, 64)
		case k == "search":
			var sp search.Params
			if sp, perr = search.PresetParams(v); perr == nil {
				c.Search = sp
				c.Name += " (" + v + " search)"
			}
		default:
			perr = errors.New("want elo=E, skill=X, seed=N or search=PRESET")
		}
		if perr != nil {
			return arena.Player{}, fmt.Errorf("player %q: option %q: %v", spec, kv, perr)
		}
	}
	return c.Player()
}

func fmtElo(x float64) string {
	if math.IsInf(x, 0) {
		if x > 0 {
			return "+inf"
		}
		return "-inf"
	}
	if x == 0 {
		x = 0 // +0.0, not -0.0
	}
	return fmt.Sprintf("%+.1f", x)
}

// writeMatchTable prints the head-to-head result of a two-player match, or
// the round-robin table sorted by pool rating.
func writeMatchTable(w io.Writer, res *arena.Results) {
	if len(res.Players) == 2 {
		defer writeFaults(w, res)
		s := res.Pair[0][1]
		e := arena.Elo(s)
		fmt.Fprintf(w, "\n%s vs %s: %d games, score %.1f/%d (%.1f%%), %s\n", res.Players[0], res.Players[1],
			s.Games(), s.Points(), s.Games(), 100*s.Fraction(), s)
		fmt.Fprintf(w, "Elo difference: %s  (95%% interval %s .. %s)\n", e, fmtElo(e.Low), fmtElo(e.High))
		penta, rest := arena.PairGames(res.Games, 0, 1)
		if penta.Pairs() > 0 {
			pe := arena.PentanomialElo(penta)
			fmt.Fprintf(w, "Pairs: %d, pentanomial [LL LD DD+WL WD WW] = %v", penta.Pairs(), penta)
			if rest.Games() > 0 {
				fmt.Fprintf(w, " (+%d unpaired games)", rest.Games())
			}
			fmt.Fprintf(w, "\nPentanomial Elo: %s  (95%% interval %s .. %s), nElo %s, LOS %.1f%%\n", pe.Elo,
				fmtElo(pe.Elo.Low), fmtElo(pe.Elo.High), pe.NElo, 100*pe.LOS)
		}
		if st := res.SPRT; st != nil {
			verdict := "undecided"
			switch st.Decision {
			case arena.SPRTAcceptH1:
				verdict = fmt.Sprintf("H1 accepted (elo1 = %g)", st.Test.Elo1)
			case arena.SPRTAcceptH0:
				verdict = fmt.Sprintf("H0 accepted (elo0 = %g)", st.Test.Elo0)
			}
			fmt.Fprintf(w, "SPRT [%g, %g] %s, alpha %g, beta %g: LLR %.2f, bounds (%.2f, %.2f): %s\n", st.Test.Elo0, st.Test.Elo1,
				st.Test.Model, st.Test.Alpha, st.Test.Beta, st.LLR, st.Lower, st.Upper, verdict)
		}
		return
	}
	defer writeFaults(w, res)
	table := append([]arena.Standing(nil), res.Table...)
	sort.SliceStable(table, func(i, j int) bool { return table[i].Rating.Elo > table[j].Rating.Elo })
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w)
	fmt.Fprintln(tw, "rank\tplayer\tgames\tscore\t%\tW\tD\tL\tElo\t± 95%\t")
	for i, st := range table {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%.1f\t%.1f\t%d\t%d\t%d\t%s\t%.1f\t\n", i+1, st.Name, st.Score.Games(), st.Score.Points(),
			100*st.Score.Fraction(), st.Score.Wins, st.Score.Draws, st.Score.Losses, fmtElo(st.Rating.Elo), st.Rating.Margin)
	}
	tw.Flush()
}

// faults counts the games each player ended by its own fault.
type faults struct{ time, illegal, failure int }

func countFaults(res *arena.Results) []faults {
	out := make([]faults, len(res.Players))
	for _, g := range res.Games {
		i := g.Faulty()
		if i < 0 {
			continue
		}
		switch g.Termination {
		case arena.TimeForfeit:
			out[i].time++
		case arena.IllegalMove:
			out[i].illegal++
		case arena.EngineFailure:
			out[i].failure++
		}
	}
	return out
}

// writeFaults prints every player's time forfeits, illegal moves and
// engine failures (crashes, hangs).
func writeFaults(w io.Writer, res *arena.Results) {
	fmt.Fprintln(w, "Faults (time forfeits / illegal moves / engine failures):")
	for i, f := range countFaults(res) {
		fmt.Fprintf(w, "  %s: %d / %d / %d\n", res.Players[i], f.time, f.illegal, f.failure)
	}
}

// matchJSON is the -json output.
type matchJSON struct {
	Players []playerJSON `json:"players"`
	Pairs   []pairJSON   `json:"pairs"`
	Games   []gameJSON   `json:"games"`
	SPRT    *sprtJSON    `json:"sprt,omitempty"`
}

type sprtJSON struct {
	Elo0     float64 `json:"elo0"`
	Elo1     float64 `json:"elo1"`
	Alpha    float64 `json:"alpha"`
	Beta     float64 `json:"beta"`
	Model    string  `json:"model"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision"` // continue, H0 or H1
	Pairs    int     `json:"pairs"`
}

type playerJSON struct {
	Name      string  `json:"name"`
	Games     int     `json:"games"`
	Wins      int     `json:"wins"`
	Draws     int     `json:"draws"`
	Losses    int     `json:"losses"`
	Score     float64 `json:"score"`
	Elo       float64 `json:"elo"`
	EloMargin float64 `json:"elo_margin95"`
	// Games this player ended by its own fault.
	TimeForfeits   int `json:"time_forfeits"`
	IllegalMoves   int `json:"illegal_moves"`
	EngineFailures int `json:"engine_failures"`
}

type pairJSON struct {
	A         string   `json:"a"`
	B         string   `json:"b"`
	Wins      int      `json:"wins"`
	Draws     int      `json:"draws"`
	Losses    int      `json:"losses"`
	Elo       *float64 `json:"elo"` // nil when infinite
	EloLow    *float64 `json:"elo_low95"`
	EloHigh   *float64 `json:"elo_high95"`
	ScoreFrac float64  `json:"score"`
	// Game pairs (same opening, colours swapped) from a's side:
	// [LL, LD, DD+WL, WD, WW], and the Elo they give.
	Pentanomial [5]int   `json:"pentanomial"`
	PentaElo    *float64 `json:"penta_elo"`
	PentaLow    *float64 `json:"penta_elo_low95"`
	PentaHigh   *float64 `json:"penta_elo_high95"`
	NElo        *float64 `json:"nelo"`
	NEloMargin  *float64 `json:"nelo_margin95"`
}

type gameJSON struct {
	Round       int    `json:"round"`
	White       string `json:"white"`
	Black       string `json:"black"`
	Opening     string `json:"opening"`
	Result      string `json:"result"`
	Termination string `json:"termination"`
	Plies       int    `json:"plies"`
}

func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

func writeMatchJSON(w io.Writer, res *arena.Results) error {
	var out matchJSON
	fl := countFaults(res)
	for _, st := range res.Table {
		m := st.Rating.Margin
		if math.IsInf(m, 0) {
			m = -1
		}
		f := fl[st.Player]
		out.Players = append(out.Players, playerJSON{Name: st.Name, Games: st.Score.Games(), Wins: st.Score.Wins,
			Draws: st.Score.Draws, Losses: st.Score.Losses, Score: st.Score.Points(), Elo: st.Rating.Elo, EloMargin: m,
			TimeForfeits: f.time, IllegalMoves: f.illegal, EngineFailures: f.failure})
	}
	for i := range res.Players {
		for j := i + 1; j < len(res.Players); j++ {
			s := res.Pair[i][j]
			if s.Games() == 0 {
				continue
			}
			e := arena.Elo(s)
			penta := res.Pentanomial(i, j)
			pj := pairJSON{A: res.Players[i], B: res.Players[j], Wins: s.Wins, Draws: s.Draws,
				Losses: s.Losses, Elo: finite(e.Elo), EloLow: finite(e.Low), EloHigh: finite(e.High), ScoreFrac: s.Fraction(),
				Pentanomial: penta}
			if penta.Pairs() > 0 {
				pe := arena.PentanomialElo(penta)
				pj.PentaElo, pj.PentaLow, pj.PentaHigh = finite(pe.Elo.Elo), finite(pe.Elo.Low), finite(pe.Elo.High)
				pj.NElo, pj.NEloMargin = finite(pe.NElo.Elo), finite(pe.NElo.Margin())
			}
			out.Pairs = append(out.Pairs, pj)
		}
	}
	for _, g := range res.Games {
		out.Games = append(out.Games, gameJSON{Round: g.Index + 1, White: g.White, Black: g.Black, Opening: g.Opening.Name,
			Result: g.Result.String(), Termination: string(g.Termination), Plies: len(g.Opening.Moves) + len(g.Plies)})
	}
	if st := res.SPRT; st != nil {
		out.SPRT = &sprtJSON{Elo0: st.Test.Elo0, Elo1: st.Test.Elo1, Alpha: st.Test.Alpha, Beta: st.Test.Beta, Model: st.Test.Model,
			LLR: st.LLR, Lower: st.Lower, Upper: st.Upper, Decision: st.Decision, Pairs: st.Pairs}
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("match: write JSON: %w", err)
	}
	return nil
}

// parseSPRT reads "-sprt elo0,elo1" with the error rates and the model.
func parseSPRT(bounds string, alpha, beta float64, model string) (*arena.SPRT, error) {
	// arena.SPRT reads a zero rate as its default: a 0 given here is refused
	// instead (a test that never errs never ends).
	if !(alpha > 0 && alpha < 1) || !(beta > 0 && beta < 1) {
		return nil, fmt.Errorf("-alpha %g and -beta %g must lie in (0, 1)", alpha, beta)
	}
	a, b, ok := strings.Cut(bounds, ",")
	if !ok {
		return nil, fmt.Errorf("-sprt %q: want elo0,elo1 (e.g. 0,5)", bounds)
	}
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err0 != nil || err1 != nil {
		return nil, fmt.Errorf("-sprt %q: elo0 and elo1 must be numbers", bounds)
	}
	s := &arena.SPRT{Elo0: e0, Elo1: e1, Alpha: alpha, Beta: beta, Model: model}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("-sprt: %w", err)
	}
	return s, nil
}

// parseAdjudication reads the OpenBench/fastchess-style specs
// "movecount=3,score=400" (resign) and "movenumber=40,movecount=8,score=10"
// (draw) into adj; an empty spec leaves adj unchanged.
// adjudicationUsed refuses the adjudication flags set that adjudicate
// nothing: resign adjudication needs a score and a move count, draw
// adjudication a move count.
func adjudicationUsed(fs *flag.FlagSet, adj arena.Adjudication) error {
	var idle []string
	if adj.ResignScore == 0 || adj.ResignMoves == 0 {
		for _, n := range []string{"resign-score", "resign-moves"} {
			if explicit(fs, n) {
				idle = append(idle, "-"+n)
			}
		}
		if len(idle) > 0 {
			return fmt.Errorf("%s: resign adjudication needs both a score and a move count (-resign-score and -resign-moves, or -resign movecount=N,score=CP); 0 turns it off", strings.Join(idle, ", "))
		}
	}
	if adj.DrawMoves == 0 {
		for _, n := range []string{"draw-score", "draw-after"} {
			if explicit(fs, n) {
				idle = append(idle, "-"+n)
			}
		}
		if len(idle) > 0 {
			return fmt.Errorf("%s: draw adjudication is off without a move count (-draw-moves N or -draw movenumber=N,movecount=N,score=CP)", strings.Join(idle, ", "))
		}
	}
	return nil
}

func parseAdjudication(resign, draw string, adj *arena.Adjudication) error {
	parse := func(flagName, spec string, keys map[string]*int) error {
		if spec == "" {
			return nil
		}
		seen := map[string]bool{}
		for _, kv := range strings.Split(spec, ",") {
			k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
			dst := keys[k]
			if !ok || dst == nil {
				var names []string
				for n := range keys {
					names = append(names, n+"=N")
				}
				sort.Strings(names)
				return fmt.Errorf("-%s %q: %q is not one of %s", flagName, spec, kv, strings.Join(names, ", "))
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("-%s %q: %s=%q is not a non-negative integer", flagName, spec, k, v)
			}
			*dst = n
			seen[k] = true
		}
		for k := range keys {
			if !seen[k] && k != "movenumber" {
				return fmt.Errorf("-%s %q: missing %s=N", flagName, spec, k)
			}
		}
		return nil
	}
	if err := parse("resign", resign, map[string]*int{"movecount": &adj.ResignMoves, "score": &adj.ResignScore}); err != nil {
		return err
	}
	return parse("draw", draw, map[string]*int{"movenumber": &adj.DrawAfter, "movecount": &adj.DrawMoves, "score": &adj.DrawScore})
}
