package experiment

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/tuner/opt"
	"github.com/evochess/evochess/tuner/report"
)

// Names returns the experiments Run knows, in order:
// "presets" measures the papers' published weights against each other (the
// strongest of them is every other report's yardstick), one per paper, the
// modern scheme's Texel run, and the hybrids.
func Names() []string {
	return []string{"presets", "david", "david-search", "david-coevolution", "vazquez", "phoenix", "prasad", "modern", "hybrids"}
}

// eloFlags are the evochess experiment flags of the Elo matches.
var eloFlags = []string{"games", "nodes", "movetime", "openings", "strongest", "concurrency", "matches"}

// evolutionFlags are the flags of the evolutionary runs.
var evolutionFlags = []string{"gens", "workers", "distributed"}

// flags are the flags each experiment uses (Flags).
var flags = map[string][]string{
	"presets":           {"games", "nodes", "movetime", "openings", "concurrency", "matches"},
	"david":             slices.Concat(eloFlags, evolutionFlags, []string{"runs", "pgn"}),
	"david-search":      slices.Concat(evolutionFlags, []string{"suite-positions", "node-cap"}),
	"david-coevolution": slices.Concat(eloFlags, evolutionFlags, []string{"runs", "pgn"}),
	"vazquez":           slices.Concat(eloFlags, evolutionFlags, []string{"runs", "pgn"}),
	"phoenix":           slices.Concat(eloFlags, evolutionFlags, []string{"pgn"}),
	"prasad":            slices.Concat(eloFlags, evolutionFlags, []string{"runs", "pgn"}),
	"modern":            slices.Concat(eloFlags, evolutionFlags, []string{"runs", "pgn"}),
	"hybrids":           slices.Concat(eloFlags, evolutionFlags, []string{"pgn"}),
}

// Flags returns the `evochess experiment` flags (names without the dash)
// that experiment name uses among those not every experiment does: the Elo
// matches' (games, nodes, movetime, openings, strongest, concurrency,
// matches), the evolutions' (gens, workers, distributed, runs, pgn) and
// david-search's suite-positions and node-cap. Presets plays only the
// round robin (no -strongest: it measures it); david-search plays no
// games. A report's command gives only these (and the common ones).
func Flags(name string) []string { return slices.Clone(flags[name]) }

// Config sizes an experiment. Zero values take the defaults
// documented on each field.
type Config struct {
	// Full selects the paper's sizes; otherwise the reduced sizes each
	// experiment documents in its report (used where the paper's take days).
	Full bool
	// Seed is the first run's seed (run i uses Seed+i).
	Seed uint64
	// Runs is the number of independent evolutionary runs (default: the
	// paper's 10 for david with Full, else 3).
	Runs int
	// Generations overrides the evolution's generation count (for
	// david-coevolution, the coevolution stage's; its david-ga runs keep 200).
	Generations int
	// PGN is the training games (default pgn/gm_train_2000-2018_20000.pgn.gz).
	PGN string
	// Openings is the book of the Elo matches and tournaments (default
	// openings/noob_3moves_1500.epd, the shared openings).
	Openings string
	// Games is the number of games of each Elo match (evolved player against
	// one opponent), played in pairs from the same opening with colours
	// swapped (default 400 with Full, 40 otherwise; an odd number is
	// rounded up to the next pair), and per pair of the presets' round
	// robin.
	Games int
	// Nodes is the node limit per move of the fixed-node matches (default
	// 20,000; negative: no fixed-node matches).
	Nodes int
	// MoveTime is the time per move of the timed matches (default 100 ms
	// with Full, none otherwise; negative: none). Timed results depend on
	// the machine and its load; fixed-node results do not.
	MoveTime time.Duration
	// Concurrency is the number of games played at once (0: all cores).
	Concurrency int
	// SuitePositions and NodeCap override david-search's ECM positions and
	// node cap (0: 100 and 20,000 reduced, 879 and 500,000 full).
	SuitePositions int
	NodeCap        int
	// HeldOutPositions is the number of held-out positions of the modern
	// experiment's depth-4 move match (default 1,000).
	HeldOutPositions int
	// Search is the engine/search preset every player of the Elo matches,
	// the held-out searches and the search-based fitness (hybrids' depth-2
	// move match) play with (default "classic": the search every committed
	// report was measured with, so that the reports stay reproducible as
	// the default search moves on; "default" is what evochess plays).
	Search string
	// Strongest names the strongest paper preset, the yardstick of every
	// Elo table; empty: measured by the presets' round robin (once per
	// Cache).
	Strongest string
	// Cache keeps the presets' round robin between experiments.
	Cache *Cache
	// Matches, if set, records every finished Elo match and gives back the
	// result of one recorded before instead of playing it again (MatchLog):
	// an experiment stopped after some of its matches resumes with the rest.
	// The presets' round robin records its games there too, and resumes
	// with (or, finished, is counted again from) the games recorded.
	Matches *MatchLog
	// Date is printed in the report header.
	Date string
	// Progress receives one line per step.
	Progress func(string)
}

// Cache keeps results shared by several experiments of one
// process.
type Cache struct {
	mu        sync.Mutex
	strongest string
	presets   *report.Section
}

func (c Config) withDefaults() Config {
	if c.PGN == "" {
		c.PGN = "pgn/gm_train_2000-2018_20000.pgn.gz"
	}
	if c.Openings == "" {
		c.Openings = "openings/noob_3moves_1500.epd"
	}
	if c.Games == 0 {
		c.Games = 40
		if c.Full {
			c.Games = 400
		}
	}
	c.Games += c.Games % 2 // games are played in pairs from one opening
	if c.Nodes == 0 {
		c.Nodes = 20000
	}
	if c.MoveTime == 0 && c.Full {
		c.MoveTime = 100 * time.Millisecond
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.HeldOutPositions == 0 {
		c.HeldOutPositions = 1000
	}
	if c.Search == "" {
		c.Search = search.PresetClassic
	}
	if c.Cache == nil {
		c.Cache = &Cache{}
	}
	return c
}

// experiment carries one experiment's context and its report.
type experiment struct {
	name   string
	ctx    context.Context
	cfg    Config
	res    tuner.Resources
	doc    *report.Doc
	ops    []arena.Opening
	search search.Params // cfg.Search's parameters
}

func (e *experiment) say(format string, a ...any) {
	if e.cfg.Progress != nil {
		e.cfg.Progress(fmt.Sprintf(format, a...))
	}
}

// Run runs the named experiment on the data that res opens and
// returns its report (the papers' figures beside ours); report.Doc's
// Markdown renders it.
func Run(ctx context.Context, name string, cfg Config, res tuner.Resources) (*report.Doc, error) {
	e := &experiment{name: name, ctx: ctx, cfg: cfg.withDefaults(), res: res, doc: &report.Doc{}}
	sp, err := search.PresetParams(e.cfg.Search)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	e.search = sp
	if e.res.Cache == nil {
		e.res.Cache = &tuner.DataCache{}
	}
	run := map[string]func() error{
		"presets": e.presets, "david": e.david, "david-search": e.davidSearch, "david-coevolution": e.davidCoevolution,
		"vazquez": e.vazquez, "phoenix": e.phoenix, "prasad": e.prasad, "modern": e.modern, "hybrids": e.hybrids,
	}[name]
	if run == nil {
		return nil, fmt.Errorf("unknown experiment %q (have %v)", name, Names())
	}
	if err := run(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return e.doc, nil
}

func (e *experiment) header(title, paper string, notes []string) {
	e.doc.Title, e.doc.Paper = title, paper
	if e.cfg.Date != "" {
		e.doc.Meta = append(e.doc.Meta, fmt.Sprintf("Generated by `evochess experiment` on %s.", e.cfg.Date))
	}
	size := "reduced"
	if e.cfg.Full {
		size = "full"
	}
	if !slices.Contains(flags[e.name], "games") {
		// david-search: ECM and WAC positions, no games.
		e.doc.Meta = append(e.doc.Meta, fmt.Sprintf("Size: **%s**. Seed %d; no Elo matches.", size, e.cfg.Seed))
	} else {
		e.doc.Meta = append(e.doc.Meta, fmt.Sprintf("Size: **%s**. Seeds %d…; data: `%s`; Elo matches: %s from `%s`.",
			size, e.cfg.Seed, e.cfg.PGN, e.matchConditions(), e.cfg.Openings))
	}
	e.doc.Notes = notes
}

// searchName names the search every player of the report plays with.
func (e *experiment) searchName() string {
	if e.cfg.Search == search.PresetClassic {
		return "`classic` search (Table II's values and the modern group: evochess's default search when these reports were measured)"
	}
	return fmt.Sprintf("`%s` search", e.cfg.Search)
}

// searchRow labels the report search's row of david-search's table.
func (e *experiment) searchRow() string {
	if e.cfg.Search == search.PresetClassic {
		return "classic (Table II's values and evochess's modern group)"
	}
	return e.cfg.Search + " (the reports' search)"
}

// matchConditions describes the Elo matches.
func (e *experiment) matchConditions() string {
	var tcs []string
	if e.cfg.Nodes > 0 {
		tcs = append(tcs, fmt.Sprintf("%d nodes per move", e.cfg.Nodes))
	}
	if e.cfg.MoveTime > 0 {
		tcs = append(tcs, fmt.Sprintf("%d ms per move", e.cfg.MoveTime.Milliseconds()))
	}
	if len(tcs) == 0 {
		return "none"
	}
	return fmt.Sprintf("%d games per pairing (pairs of games from one opening, colours swapped) at %s", e.cfg.Games, strings.Join(tcs, " and at "))
}

// runResult is one finished run.
type runResult struct {
	run         *tuner.Run
	seed        uint64 // the run's seed (its setup's)
	prep        *tuner.Prepared
	first, last tuner.Record
	best        opt.Candidate // the reported player: tuner.Run.Selected (by training fitness, or validation)
	train, test tuner.Score
}

// evolve prepares and runs s to the end.
func (e *experiment) evolve(s tuner.Setup, label string) (*runResult, error) {
	prep, err := tuner.PrepareRun(e.ctx, s, e.res) // distributed with tuner.Resources.Distribute (tuner/dist)
	if err != nil {
		return nil, err
	}
	r, err := tuner.NewRunPrepared(s, prep)
	if err != nil {
		return nil, err
	}
	err = r.RunAll(e.ctx, func(rec tuner.Record) {
		switch {
		case rec.Generation%20 != 0:
		case rec.TrainLoss != 0:
			e.say("%s: generation %d train loss %.5f held-out loss %.5f", label, rec.Generation, rec.TrainLoss, rec.TestLoss)
		default:
			e.say("%s: generation %d best %g train %.3f test %.3f", label, rec.Generation, rec.Best, rec.TrainRate, rec.TestRate)
		}
	})
	if err != nil {
		return nil, err
	}
	recs := r.Records()
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: no generation ran", label)
	}
	best, train, _, _ := r.Selected()
	test, err := r.ScoreHeldOut(e.ctx, best.X)
	if err != nil {
		return nil, err
	}
	_, why := r.Done()
	e.say("%s: %s; train %.3f test %.3f", label, why, train.Rate(), test.Rate())
	return &runResult{run: r, seed: r.Setup().Config.Seed, prep: prep, first: recs[0], last: recs[len(recs)-1], best: best, train: train, test: test}, nil
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// rates returns the training and held-out scores of w under r's current
// evaluators (after re-resolutions, those of the run's last reference).
func (e *experiment) rates(r *runResult, w []int32) (tuner.Score, tuner.Score, error) {
	tr, err := r.run.ScoreTrain(e.ctx, w)
	if err != nil {
		return tuner.Score{}, tuner.Score{}, err
	}
	te, err := r.run.ScoreHeldOut(e.ctx, w)
	if err != nil {
		return tuner.Score{}, tuner.Score{}, err
	}
	return tr, te, nil
}

// entrant is a player of the Elo matches.
type entrant struct {
	name   string
	scheme string
	w      []int32
	search search.Params
}

func (e *experiment) evolvedEntrant(name, scheme string, w []int32) entrant {
	return entrant{name: name, scheme: scheme, w: w, search: e.search}
}

// paperSchemes are the schemes of the four papers.
var paperSchemes = []string{"vazquez29", "david35", "prasad38", "phoenix640"}

// paperPresets returns the papers' published weights (engine/eval presets
// of the papers' schemes), optionally only those of scheme.
func (e *experiment) paperPresets(scheme string) []entrant {
	var out []entrant
	for _, p := range eval.Presets() {
		if slices.Contains(paperSchemes, p.Scheme) && (scheme == "" || p.Scheme == scheme) {
			out = append(out, entrant{name: p.Name, scheme: p.Scheme, w: p.Weights, search: e.search})
		}
	}
	return out
}

func (e *experiment) presetEntrant(name string) (entrant, error) {
	p, err := eval.LookupPreset(name)
	if err != nil {
		return entrant{}, err
	}
	return entrant{name: p.Name, scheme: p.Scheme, w: p.Weights, search: e.search}, nil
}

func (e *experiment) openings() ([]arena.Opening, error) {
	if e.ops != nil {
		return e.ops, nil
	}
	f, err := e.res.OpenFile(e.cfg.Openings)
	if err != nil {
		return nil, err
	}
	ops, err := arena.ReadOpenings(f, e.cfg.Openings)
	f.Close()
	if err != nil {
		return nil, err
	}
	e.ops = ops
	return ops, nil
}

func (ent entrant) player() (arena.Player, error) {
	sc, err := eval.Lookup(ent.scheme)
	if err != nil {
		return arena.Player{}, err
	}
	return arena.InProcess{Name: ent.name, Scheme: sc, Weights: ent.w, Search: ent.search}.Player()
}

// arenaConfig is the configuration of the games at limits lim.
func (e *experiment) arenaConfig(lim arena.Limits) (arena.Config, error) {
	ops, err := e.openings()
	if err != nil {
		return arena.Config{}, err
	}
	// The ETA is the time per game finished in this sitting (a resumed
	// match's recorded games are not in it) times the games left.
	start, played := time.Now(), 0
	return arena.Config{Game: arena.GameConfig{Limits: lim, Adjudication: arena.DefaultAdjudication()},
		Openings: ops, Seed: e.cfg.Seed, Concurrency: e.cfg.Concurrency,
		Progress: func(p arena.Progress) {
			played++
			switch {
			case p.Done == p.Total:
				e.say("games: %d of %d", p.Done, p.Total)
			case p.Done%20 == 0:
				per := time.Since(start) / time.Duration(played)
				e.say("games: %d of %d, ETA %v", p.Done, p.Total, (per * time.Duration(p.Total-p.Done)).Round(time.Second))
			}
		}}, nil
}

// timeControls are the Elo matches' limits with their column names.
func (e *experiment) timeControls() (names []string, lims []arena.Limits) {
	if e.cfg.Nodes > 0 {
		names, lims = append(names, fmt.Sprintf("%d nodes", e.cfg.Nodes)), append(lims, arena.Limits{Nodes: e.cfg.Nodes})
	}
	if e.cfg.MoveTime > 0 {
		names, lims = append(names, fmt.Sprintf("%d ms", e.cfg.MoveTime.Milliseconds())), append(lims, arena.Limits{MoveTime: e.cfg.MoveTime})
	}
	return names, lims
}

// match plays a against b at lim and returns a's score and pentanomial Elo.
func (e *experiment) match(a, b entrant, lim arena.Limits) (arena.Tally, arena.EloStats, error) {
	pa, err := a.player()
	if err != nil {
		return arena.Tally{}, arena.EloStats{}, err
	}
	pb, err := b.player()
	if err != nil {
		return arena.Tally{}, arena.EloStats{}, err
	}
	cfg, err := e.arenaConfig(lim)
	if err != nil {
		return arena.Tally{}, arena.EloStats{}, err
	}
	games := e.cfg.Games + e.cfg.Games%2
	var key string
	var logErr error
	if log := e.cfg.Matches; log != nil {
		if key, err = log.matchKey(e.ctx, a, b, lim, games, cfg.Openings, cfg.Seed, cfg.Game.Adjudication); err != nil {
			return arena.Tally{}, arena.EloStats{}, err
		}
		if rec, ok := log.lookup(key); ok {
			e.say("elo: %s vs %s: recorded in the match log (finished %s)", a.name, b.name, rec.Finished)
			return rec.Score, arena.PentanomialElo(rec.Pentanomial), nil
		}
		// Resume an unfinished match: its recorded games are not played
		// again, and each game finished now is recorded.
		cfg.Played = log.played(key, games, []string{a.name, b.name}, lim)
		if len(cfg.Played) > 0 {
			e.say("elo: %s vs %s: %d of %d games recorded in the match log", a.name, b.name, countPlayed(cfg.Played), games)
		}
		progress := cfg.Progress
		cfg.Progress = func(p arena.Progress) {
			if err := log.addGame(key, a.name, b.name, p.Game); err != nil && logErr == nil {
				logErr = err
			}
			if g := p.Game; g != nil && g.Termination == arena.EngineFailure {
				// In-process engines do not fail: say so loudly (session 26
				// found 47 such games, cut by a pause of the whole run).
				e.say("elo: %s vs %s: game %d ended by an engine failure: %s", a.name, b.name, g.Index+1, g.Detail)
			}
			if progress != nil {
				progress(p)
			}
		}
	}
	res, err := arena.Match(e.ctx, pa, pb, games, cfg)
	if err == nil {
		err = logErr
	}
	if err != nil {
		return arena.Tally{}, arena.EloStats{}, err
	}
	sc, pent := res.Pair[0][1], res.Pentanomial(0, 1)
	if log := e.cfg.Matches; log != nil {
		rec := MatchRecord{Key: key, A: a.name, B: b.name, Limits: limitsString(lim), Games: games, Score: sc,
			Pentanomial: pent, Finished: time.Now().UTC().Format(time.RFC3339)}
		if err := log.add(rec); err != nil {
			return arena.Tally{}, arena.EloStats{}, err
		}
	}
	return sc, arena.PentanomialElo(pent), nil
}

// countPlayed counts the games of a resumed schedule.
func countPlayed(played []*arena.Game) int {
	n := 0
	for _, g := range played {
		if g != nil {
			n++
		}
	}
	return n
}

// limitsString describes a match's limits for the match log.
func limitsString(lim arena.Limits) string {
	var parts []string
	if lim.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", lim.Depth))
	}
	if lim.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", lim.Nodes))
	}
	if lim.MoveTime > 0 {
		parts = append(parts, fmt.Sprintf("%d ms", lim.MoveTime.Milliseconds()))
	}
	if lim.Timed() {
		parts = append(parts, "clock "+lim.TimeControlTag())
	}
	return strings.Join(parts, ", ")
}

func eloCell(st arena.EloStats) string {
	return fmt.Sprintf("%s (%s … %s)", signed(st.Elo.Elo), signed(st.Elo.Low), signed(st.Elo.High))
}

// signed formats an Elo figure for a report's tables: a whole number with
// its sign, ±∞ for an unbounded end, all with the ASCII signs of %+.0f so
// a column reads alike.
func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+∞"
	case math.IsInf(x, -1):
		return "-∞"
	}
	if math.Abs(x) < 0.5 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", x)
}

// strongest returns the strongest paper preset: cfg.Strongest, or the
// winner of the presets' round robin (run once per cache).
func (e *experiment) strongest() (entrant, error) {
	name := e.cfg.Strongest
	if name == "" {
		c := e.cfg.Cache
		c.mu.Lock()
		name = c.strongest
		c.mu.Unlock()
		if name == "" {
			sec, winner, err := e.presetsRoundRobin()
			if err != nil {
				return entrant{}, err
			}
			c.mu.Lock()
			c.strongest, c.presets, name = winner, sec, winner
			c.mu.Unlock()
		}
	}
	return e.presetEntrant(name)
}

// presetsRoundRobin plays the papers' presets and material against each
// other (Games per pair, at the fixed-node limit, else the timed one) and
// returns the table and the best paper preset by points.
func (e *experiment) presetsRoundRobin() (*report.Section, string, error) {
	players := e.paperPresets("")
	mat, err := e.presetEntrant("material")
	if err != nil {
		return nil, "", err
	}
	players = append(players, mat)
	names, lims := e.timeControls()
	if len(lims) == 0 {
		return nil, "", fmt.Errorf("no match conditions: give a node limit or a time per move")
	}
	entrants := make([]arena.Player, len(players))
	for i, p := range players {
		if entrants[i], err = p.player(); err != nil {
			return nil, "", err
		}
	}
	cfg, err := e.arenaConfig(lims[0])
	if err != nil {
		return nil, "", err
	}
	games := e.cfg.Games + e.cfg.Games%2
	e.say("presets: round robin of %d players, %d games per pair at %s", len(players), games, names[0])
	var logErr error
	if log := e.cfg.Matches; log != nil {
		// Every finished game is recorded, and a stopped round robin
		// resumes with the games it has not played.
		key, err := log.roundRobinKey(e.ctx, players, lims[0], games, cfg.Openings, cfg.Seed, cfg.Game.Adjudication)
		if err != nil {
			return nil, "", err
		}
		pnames := make([]string, len(players))
		for i, p := range players {
			pnames[i] = p.name
		}
		total := len(players) * (len(players) - 1) / 2 * games
		cfg.Played = log.played(key, total, pnames, lims[0])
		if n := countPlayed(cfg.Played); n > 0 {
			e.say("presets: %d of %d games of the round robin recorded in the match log", n, total)
		}
		progress := cfg.Progress
		cfg.Progress = func(p arena.Progress) {
			if err := log.addGame(key, "round robin of the presets", "", p.Game); err != nil && logErr == nil {
				logErr = err
			}
			if progress != nil {
				progress(p)
			}
		}
	}
	res, err := arena.RoundRobin(e.ctx, entrants, games, cfg)
	if err == nil {
		err = logErr
	}
	if err != nil {
		return nil, "", err
	}
	sec := &report.Section{Title: "The papers' published weights against each other"}
	sec.Text("Round robin of the papers' presets and material-only, %d games per pair at %s (pairs of games from one opening, colours swapped), every player with the %s. Elo relative to the field with 95%% interval; the best paper preset by points is the yardstick (\"strongest paper preset\") of every other report.", games, names[0], e.searchName())
	t := sec.Table("player", "scheme", "points", "+W =D −L", "Elo vs field (95%)")
	order := make([]int, len(players))
	for i := range order {
		order[i] = i
	}
	pts := res.Points()
	slices.SortStableFunc(order, func(a, b int) int { return pts[b] - pts[a] })
	winner := ""
	for _, i := range order {
		st := res.Table[i]
		t.Add(players[i].name, players[i].scheme, fmt.Sprintf("%.1f / %d", float64(pts[i])/2, st.Score.Games()), st.Score.String(), eloCell(arena.TrinomialElo(st.Score)))
		if winner == "" && players[i].scheme != "material" {
			winner = players[i].name
		}
	}
	return sec, winner, nil
}

// eloSection plays every evolved player against material, each paper
// preset of its scheme and the strongest paper preset, at each time
// control, and adds the table.
func (e *experiment) eloSection(title string, evolved []entrant) error {
	names, lims := e.timeControls()
	sec := e.doc.Section(title)
	if len(lims) == 0 {
		sec.Text("No Elo matches (give -nodes or -movetime).")
		return nil
	}
	strong, err := e.strongest()
	if err != nil {
		return err
	}
	mat, err := e.presetEntrant("material")
	if err != nil {
		return err
	}
	sec.Text("Each evolved player against material-only, the published weights of its paper and the strongest paper preset (%s), %d games per pairing from `%s` (pairs from one opening with colours swapped), every player with the %s. Elo of the evolved player with its 95%% interval from the pentanomial pair counts.",
		strong.name, e.cfg.Games+e.cfg.Games%2, e.cfg.Openings, e.searchName())
	cols := []string{"player", "opponent"}
	for _, n := range names {
		cols = append(cols, n+": +W =D −L", n+": Elo (95%)")
	}
	t := sec.Table(cols...)
	for _, ev := range evolved {
		opps := append([]entrant{mat}, e.paperPresets(ev.scheme)...)
		if !slices.ContainsFunc(opps, func(o entrant) bool { return o.name == strong.name }) {
			opps = append(opps, strong)
		}
		for _, op := range opps {
			label := op.name
			if op.name == strong.name {
				label += " (strongest paper preset)"
			}
			row := []string{ev.name, label}
			for i, lim := range lims {
				e.say("elo: %s vs %s at %s", ev.name, op.name, names[i])
				sc, st, err := e.match(ev, op, lim)
				if err != nil {
					return err
				}
				row = append(row, sc.String(), eloCell(st))
			}
			t.Add(row...)
		}
	}
	return nil
}

func (e *experiment) runs(def int) int {
	if e.cfg.Runs > 0 {
		return e.cfg.Runs
	}
	return def
}

// commands are the command lines of a report: the one that gave it and,
// for a reduced report, the full-size one.
func (e *experiment) commands(name string) []string {
	out := []string{"# this report", e.command(name)}
	if !e.cfg.Full {
		out = append(out, "# full size (the papers' sizes; Elo matches of 400 games at 20,000 nodes and at 100 ms per move)",
			"evochess experiment -full -data-dir ../shared/data "+name)
	}
	return out
}

// command is the command line that reruns this experiment at its sizes:
// the common flags and those of Flags(name) that differ from the defaults
// (a flag the experiment does not use would be refused).
func (e *experiment) command(name string) string {
	uses := func(flag string) bool { return slices.Contains(flags[name], flag) }
	args := []string{"evochess experiment"}
	if e.cfg.Full {
		args = append(args, "-full")
	}
	if e.cfg.Runs > 0 && uses("runs") {
		args = append(args, fmt.Sprintf("-runs %d", e.cfg.Runs))
	}
	if e.cfg.Generations > 0 && uses("gens") {
		args = append(args, fmt.Sprintf("-gens %d", e.cfg.Generations))
	}
	if uses("games") {
		args = append(args, fmt.Sprintf("-games %d", e.cfg.Games))
		if e.cfg.Nodes > 0 {
			args = append(args, fmt.Sprintf("-nodes %d", e.cfg.Nodes))
		} else {
			args = append(args, "-nodes -1")
		}
		if e.cfg.MoveTime > 0 {
			args = append(args, fmt.Sprintf("-movetime %d", e.cfg.MoveTime.Milliseconds()))
		} else if e.cfg.Full {
			args = append(args, "-movetime -1")
		}
	}
	if e.cfg.SuitePositions > 0 && uses("suite-positions") {
		args = append(args, fmt.Sprintf("-suite-positions %d", e.cfg.SuitePositions))
	}
	if e.cfg.NodeCap > 0 && uses("node-cap") {
		args = append(args, fmt.Sprintf("-node-cap %d", e.cfg.NodeCap))
	}
	if e.cfg.Seed != 1 {
		args = append(args, fmt.Sprintf("-seed %d", e.cfg.Seed))
	}
	if e.cfg.PGN != "pgn/gm_train_2000-2018_20000.pgn.gz" && uses("pgn") {
		args = append(args, "-pgn "+e.cfg.PGN)
	}
	if e.cfg.Openings != "openings/noob_3moves_1500.epd" && uses("openings") {
		args = append(args, "-openings "+e.cfg.Openings)
	}
	if e.cfg.Search != search.PresetClassic {
		args = append(args, "-search "+e.cfg.Search)
	}
	if e.cfg.Strongest != "" && uses("strongest") {
		args = append(args, "-strongest "+e.cfg.Strongest)
	}
	return strings.Join(append(args, "-data-dir ../shared/data", name), " ")
}
