package protocol

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/evochess/evochess/tuner"
)

// BundledSource is the DataConfig.Source (and `-data` flag value) naming the
// bundled demo games, assets/data/gm_demo_1500.pgn (served at
// data/gm_demo_1500.pgn and embedded in the native binary).
const BundledSource = "bundled"

// BundledPath is the site-relative path of the bundled demo games.
const BundledPath = "data/gm_demo_1500.pgn"

// BundledDataName is the same file's name in the shared data folder
// (pgn/gm_demo_1500.pgn, byte-identical), which is what `evochess tune`
// finds through its -data-dir. CommandLine renders BundledSource as this
// name so the printed command runs as is; both names mean the bundled games.
const BundledDataName = "pgn/gm_demo_1500.pgn"

// IsBundled reports whether a data source names the bundled games.
func IsBundled(source string) bool { return source == BundledSource || source == BundledDataName }

// Limits applied by RunConfig.Validate and the sample messages.
const (
	MaxGenerations = 1_000_000
	MaxPopulation  = 100_000
	MaxPositions   = 1_000_000
	MaxParams      = 64
	MaxWorkers     = 1024
	MaxGames       = 10_000_000
)

// SampleConfig says how positions are drawn from the loaded games.
type SampleConfig struct {
	// Protocol names a tuner/data sampling protocol (e.g. one random position
	// per game, or the position before a move by the side that went on to win).
	// "" means the tuner's default.
	Protocol string `json:"protocol,omitempty"`
	// Seed drives every random choice of the sampling.
	Seed uint64 `json:"seed"`
	// Train and Test are the numbers of training and held-out positions
	// (0 = the protocol's default).
	Train int `json:"train,omitempty"`
	Test  int `json:"test,omitempty"`
	// MinPly skips the first plies of each game (book moves); MaxPly (0 = no
	// limit) ignores later plies.
	MinPly int `json:"minPly,omitempty"`
	MaxPly int `json:"maxPly,omitempty"`
	// MinElo keeps games whose both players are rated at least this (0 = all).
	MinElo int `json:"minElo,omitempty"`
	// MaxGames reads at most this many games (0 = all).
	MaxGames int `json:"maxGames,omitempty"`
}

// Validate reports the first out-of-range field.
func (s SampleConfig) Validate() error {
	if err := checkName("protocol", s.Protocol, true); err != nil {
		return err
	}
	for _, f := range []struct {
		name   string
		v, max int
	}{
		{"train", s.Train, MaxPositions}, {"test", s.Test, MaxPositions},
		{"minPly", s.MinPly, 1000}, {"maxPly", s.MaxPly, 1000},
		{"minElo", s.MinElo, 4000}, {"maxGames", s.MaxGames, MaxGames},
	} {
		if err := checkRange(f.name, int64(f.v), 0, int64(f.max)); err != nil {
			return err
		}
	}
	if s.MaxPly != 0 && s.MaxPly < s.MinPly {
		return fmt.Errorf("maxPly %d < minPly %d", s.MaxPly, s.MinPly)
	}
	return nil
}

// RunConfig is one tuning run: what the worker's start-run message carries,
// what POST /api/runs accepts, and what `evochess tune` builds from its flags
// (BindFlags). CommandLine renders the equivalent command line.
//
// Zero values mean "the tuner's default" (or the tuner preset's value), so a
// config lists only what the user chose.
type RunConfig struct {
	// Algorithm is a tuner algorithm registry name (e.g. "ep", "ga", "hj").
	Algorithm string `json:"algorithm,omitempty"`
	// Preset is a tuner preset (a paper's settings); fields set here override it.
	Preset string `json:"preset,omitempty"`
	// Scheme is an engine/eval scheme name (e.g. "vazquez29", "david35").
	Scheme string `json:"scheme,omitempty"`
	// Start names the run's start vector (tuner.Problem.Start): "random"
	// (seeded uniform), "material" (piece values only) or "preset:NAME" (an
	// engine/eval preset of the scheme; an engine/search preset for
	// "nodes" fitness). A bare NAME means preset:NAME (older links). "" =
	// the tuner preset's start (random without a preset). The start is the
	// first individual of a population, the point of a local search, and
	// the reference a resolved fitness resolves its positions under;
	// tuner.StartChoices lists the choices for a scheme and fitness.
	Start string `json:"start,omitempty"`
	// Fitness names a tuner/fitness function (e.g. "match", "match2",
	// "match-qs", "match2-qs", "texel"; tuner.Fitnesses).
	Fitness string `json:"fitness,omitempty"`
	// Recompile, for a resolved fitness (match-qs, match2-qs, texel),
	// re-resolves the training positions under the current best every that
	// many generations (0 = the preset's interval, -1 = never).
	Recompile int `json:"recompile,omitempty"`
	// L2 (texel fitness) pulls the weights toward the start vector: the
	// training fitness is minus (loss + L2 · Σ (w − start)²) (0 = the
	// preset's, -1 = none).
	L2 float64 `json:"l2,omitempty"`
	// Generations and Population size the run (0 = algorithm / preset default).
	Generations int `json:"generations,omitempty"`
	Population  int `json:"population,omitempty"`
	// Params holds further optimizer parameters by their tuner names
	// (tuner.ParamKeys: "mutation_rate", "crossover_rate", "sigma0", …).
	Params map[string]float64 `json:"params,omitempty"`
	// Selection is the GA's parent selection ("roulette", "rank", "tournament").
	Selection string `json:"selection,omitempty"`
	// Depth is the search depth that picks a candidate's move for move-match
	// fitness (1 ply in the papers).
	Depth int `json:"depth,omitempty"`
	// Games (tournament fitness: games per pair, or per player for Phoenix's
	// schedule) and GameDepth (their fixed search depth).
	Games     int `json:"games,omitempty"`
	GameDepth int `json:"gameDepth,omitempty"`
	// NodeCap is the per-position node cap of "nodes" fitness.
	NodeCap int `json:"nodeCap,omitempty"`
	// Unsolved: Hooke-Jeeves on that many positions no start player solves
	// (-1: the full training set).
	Unsolved int `json:"unsolved,omitempty"`
	// HallOfFame is the number of best distinct players kept.
	HallOfFame int `json:"hallOfFame,omitempty"`
	// Seed drives every random choice of the run.
	Seed uint64 `json:"seed"`
	// Data is where the positions come from: Source is BundledSource or a PGN
	// file name (.pgn or .pgn.gz); Sample says how positions are drawn.
	Data DataConfig `json:"data"`
	// Workers is the number of parallel fitness evaluators (0 = all cores /
	// navigator.hardwareConcurrency). Results do not depend on it.
	Workers int `json:"workers,omitempty"`
}

// DataConfig names the games and the sampling of a run.
type DataConfig struct {
	Source string       `json:"source"`
	Sample SampleConfig `json:"sample"`
}

// Validate reports the first invalid field of c.
func (c *RunConfig) Validate() error {
	if c == nil {
		return errors.New("config missing")
	}
	if c.Algorithm == "" && c.Preset == "" {
		return errors.New("config: algorithm or preset required")
	}
	for _, f := range []struct{ name, v string }{
		{"algorithm", c.Algorithm}, {"preset", c.Preset}, {"scheme", c.Scheme},
		{"start", c.Start}, {"fitness", c.Fitness}, {"selection", c.Selection},
	} {
		if err := checkName("config: "+f.name, f.v, true); err != nil {
			return err
		}
	}
	if err := checkRange("config: generations", int64(c.Generations), 0, MaxGenerations); err != nil {
		return err
	}
	if err := checkRange("config: population", int64(c.Population), 0, MaxPopulation); err != nil {
		return err
	}
	if err := checkRange("config: workers", int64(c.Workers), 0, MaxWorkers); err != nil {
		return err
	}
	for _, f := range []struct {
		name    string
		v       int
		lo, max int64
	}{
		{"depth", c.Depth, 0, 64}, {"games", c.Games, 0, 1000}, {"gameDepth", c.GameDepth, 0, 64},
		{"nodeCap", c.NodeCap, 0, 1 << 31}, {"recompile", c.Recompile, -1, MaxGenerations}, {"unsolved", c.Unsolved, -1, MaxPositions}, {"hallOfFame", c.HallOfFame, 0, 10000},
	} {
		if err := checkRange("config: "+f.name, int64(f.v), f.lo, f.max); err != nil {
			return err
		}
	}
	if err := checkFinite("config: l2", c.L2); err != nil {
		return err
	}
	if c.L2 < 0 && c.L2 != -1 {
		return fmt.Errorf("config: l2 %g: want -1 (none), 0 (the preset's) or a positive pull", c.L2)
	}
	if len(c.Params) > MaxParams {
		return fmt.Errorf("config: %d params exceed %d", len(c.Params), MaxParams)
	}
	for k, v := range c.Params {
		if err := checkName("config: param name", k, false); err != nil {
			return err
		}
		if err := checkFinite("config: param "+k, v); err != nil {
			return err
		}
	}
	if err := checkSource(c.Data.Source); err != nil {
		return fmt.Errorf("config: data: %w", err)
	}
	if err := c.Data.Sample.Validate(); err != nil {
		return fmt.Errorf("config: sample: %w", err)
	}
	return nil
}

func checkSource(s string) error {
	if s == "" {
		return errors.New("source is empty")
	}
	if len(s) > 1024 {
		return errors.New("source longer than 1024 bytes")
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			return fmt.Errorf("source has control character at byte %d", i)
		}
	}
	return nil
}

// paramsFlag is the repeatable -param name=value flag.
type paramsFlag struct{ m *map[string]float64 }

func (p paramsFlag) String() string {
	if p.m == nil || *p.m == nil {
		return ""
	}
	return strings.Join(formatParams(*p.m), ",")
}

func (p paramsFlag) Set(s string) error {
	name, val, ok := strings.Cut(s, "=")
	if !ok {
		return fmt.Errorf("param %q: want name=value", s)
	}
	if err := checkName("param name", name, false); err != nil {
		return err
	}
	v, err := strconv.ParseFloat(val, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("param %s: value %q is not a finite number", name, val)
	}
	if *p.m == nil {
		*p.m = map[string]float64{}
	}
	(*p.m)[name] = v
	return nil
}

func formatParams(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k + "=" + strconv.FormatFloat(m[k], 'g', -1, 64)
	}
	return out
}

// BindFlags defines the run flags on fs, writing into c. `evochess tune` uses
// it so its flags are exactly those CommandLine renders:
//
//	-algo -preset -scheme -start -fitness -recompile -gens -pop -param name=value (repeatable)
//	-selection -depth -games -game-depth -node-cap -unsolved -hof -seed -data -protocol -sample-seed -train -test -min-ply -max-ply -min-elo
//	-max-games -workers
func (c *RunConfig) BindFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.Algorithm, "algo", c.Algorithm, "tuning algorithm (tuner registry name)")
	fs.StringVar(&c.Preset, "preset", c.Preset, "tuner preset (a paper's settings; flags override it)")
	fs.StringVar(&c.Scheme, "scheme", c.Scheme, "evaluation scheme")
	fs.StringVar(&c.Start, "start", c.Start, "start vector: random, material or preset:NAME (default: the preset's)")
	fs.StringVar(&c.Fitness, "fitness", c.Fitness, "fitness function: "+strings.Join(tuner.FitnessNames(), ", "))
	fs.IntVar(&c.Recompile, "recompile", c.Recompile, "resolved fitness: re-resolve the positions under the current best every N generations (0 = the preset's, -1 = never)")
	fs.Float64Var(&c.L2, "l2", c.L2, "texel fitness: L2 pull toward the start vector, loss + l2·Σ(w−start)² (0 = the preset's, -1 = none)")
	fs.IntVar(&c.Generations, "gens", c.Generations, "generations (0 = default)")
	fs.IntVar(&c.Population, "pop", c.Population, "population size (0 = default)")
	fs.Var(paramsFlag{&c.Params}, "param", "optimizer parameter name=value (repeatable; tuner.ParamKeys)")
	fs.StringVar(&c.Selection, "selection", c.Selection, "GA selection: roulette, rank or tournament")
	fs.IntVar(&c.Depth, "depth", c.Depth, "search depth of move-match fitness (0 = default)")
	fs.IntVar(&c.Games, "games", c.Games, "tournament fitness: games per pair (or per player)")
	fs.IntVar(&c.GameDepth, "game-depth", c.GameDepth, "tournament fitness: search depth of the games")
	fs.IntVar(&c.NodeCap, "node-cap", c.NodeCap, "nodes fitness: node cap per position")
	fs.IntVar(&c.Unsolved, "unsolved", c.Unsolved, "Hooke-Jeeves: positions no start player solves (-1 = all)")
	fs.IntVar(&c.HallOfFame, "hof", c.HallOfFame, "hall of fame size (0 = default)")
	fs.Uint64Var(&c.Seed, "seed", c.Seed, "random seed of the run")
	fs.StringVar(&c.Data.Source, "data", c.Data.Source, `games: "bundled" or a .pgn / .pgn.gz file`)
	fs.StringVar(&c.Data.Sample.Protocol, "protocol", c.Data.Sample.Protocol, "position sampling protocol")
	fs.Uint64Var(&c.Data.Sample.Seed, "sample-seed", c.Data.Sample.Seed, "random seed of the position sample")
	fs.IntVar(&c.Data.Sample.Train, "train", c.Data.Sample.Train, "training positions (0 = default)")
	fs.IntVar(&c.Data.Sample.Test, "test", c.Data.Sample.Test, "held-out positions (0 = default)")
	fs.IntVar(&c.Data.Sample.MinPly, "min-ply", c.Data.Sample.MinPly, "skip the first plies of each game")
	fs.IntVar(&c.Data.Sample.MaxPly, "max-ply", c.Data.Sample.MaxPly, "ignore plies after this (0 = none)")
	fs.IntVar(&c.Data.Sample.MinElo, "min-elo", c.Data.Sample.MinElo, "minimum rating of both players (0 = all)")
	fs.IntVar(&c.Data.Sample.MaxGames, "max-games", c.Data.Sample.MaxGames, "read at most this many games (0 = all)")
	fs.IntVar(&c.Workers, "workers", c.Workers, "parallel fitness evaluators (0 = all cores)")
}

// Args returns the `evochess tune` flags equivalent to c, in a fixed order,
// leaving out zero values (which the flags default to). Parsing Args with
// BindFlags gives back c, except that BundledSource comes back as
// BundledDataName (the same games).
func (c RunConfig) Args() []string {
	var a []string
	str := func(name, v string) {
		if v != "" {
			a = append(a, "-"+name, v)
		}
	}
	num := func(name string, v int) {
		if v != 0 {
			a = append(a, "-"+name, strconv.Itoa(v))
		}
	}
	str("algo", c.Algorithm)
	str("preset", c.Preset)
	str("scheme", c.Scheme)
	str("start", c.Start)
	str("fitness", c.Fitness)
	num("recompile", c.Recompile)
	if c.L2 != 0 {
		a = append(a, "-l2", strconv.FormatFloat(c.L2, 'g', -1, 64))
	}
	num("gens", c.Generations)
	num("pop", c.Population)
	for _, p := range formatParams(c.Params) {
		a = append(a, "-param", p)
	}
	str("selection", c.Selection)
	num("depth", c.Depth)
	num("games", c.Games)
	num("game-depth", c.GameDepth)
	num("node-cap", c.NodeCap)
	num("unsolved", c.Unsolved)
	num("hof", c.HallOfFame)
	a = append(a, "-seed", strconv.FormatUint(c.Seed, 10))
	if c.Data.Source == BundledSource {
		a = append(a, "-data", BundledDataName)
	} else {
		str("data", c.Data.Source)
	}
	s := c.Data.Sample
	str("protocol", s.Protocol)
	if s.Seed != 0 {
		a = append(a, "-sample-seed", strconv.FormatUint(s.Seed, 10))
	}
	num("train", s.Train)
	num("test", s.Test)
	num("min-ply", s.MinPly)
	num("max-ply", s.MaxPly)
	num("min-elo", s.MinElo)
	num("max-games", s.MaxGames)
	num("workers", c.Workers)
	return a
}

// CommandLine renders the exact `evochess tune …` command equivalent to c,
// shell-quoted, as the UI shows it. Workers is included when set although it
// never changes the result.
func (c RunConfig) CommandLine() string {
	parts := []string{"evochess", "tune"}
	for _, a := range c.Args() {
		parts = append(parts, shellQuote(a))
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes s for a POSIX shell when it holds anything beyond a safe set.
func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.+=/:,@%", c) >= 0) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
