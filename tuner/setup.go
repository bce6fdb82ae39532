package tuner

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/tuner/opt"
)

// Options are a user's choices for a run (the CLI flags, the browser's run
// form). Zero values of the plain fields mean "the preset's value" (or the
// algorithm's default, opt.Defaults, without a preset); Params sets
// opt.Config fields by name, a zero included (elite 0: no elitism).
type Options struct {
	Algorithm     string
	Preset        string
	Scheme        string
	Fitness       string
	Generations   int
	Population    int
	Params        map[string]float64 // opt.Config fields by JSON name (ApplyParams), explicit zeros included
	Selection     string
	Seed          uint64
	Positions     int
	TestPositions int
	Depth         int
	Games         int
	GameDepth     int
	Unsolved      int // -1: none (full training set)
	NodeCap       int
	PGN, TestPGN  string
	EPD, Openings string
	// Start names the start vector: "random", "material", "preset:NAME"
	// (a bare NAME is read as preset:NAME); "" takes the preset's start,
	// "init" when Init is given, else random.
	Start      string
	Init       [][]int32
	HallOfFame int
	DataSeed   uint64
	Protocol   string
	MinPly     int
	MaxPly     int
	MinElo     int
	// SearchGroup ("nodes" fitness): "table1", "modern" or "all" ("": the
	// preset's).
	SearchGroup string
	// Search ("search-match" fitness): the engine/search preset of its
	// searches ("": the preset's, "default" if it names none).
	Search    string
	Recompile int // resolved fitness: re-resolve every that many generations (0: the preset's, -1: never)
	// TestPercent and ValidationPercent (texel): shares of the games held
	// out and kept for validation (0: the preset's).
	TestPercent, ValidationPercent int
	// L2 (texel): the pull toward the start vector (Problem.L2; 0: the
	// preset's, < 0: none).
	L2 float64
}

// DefaultRecompile is the re-resolution interval, in generations, of a
// resolved fitness run that names none (no preset, or a preset whose
// fitness was changed): a generation of the coordinate searches is one
// coordinate step, so they wait longer.
func DefaultRecompile(algorithm string) int {
	switch algorithm {
	case "hooke-jeeves", "texel":
		return 200
	}
	return 20
}

// Configure turns options into a Setup: it starts from the preset (Preset,
// or the preset named like Algorithm, or the algorithm's defaults with
// quiescence-resolved move-match fitness on vazquez29 from a random start),
// applies the overrides, fills the parameter registry (the fitness's:
// the scheme's weights, or engine/search's parameters) and the start vector
// (Config.Init[0] from Problem.Start), and checks that scheme, fitness and
// algorithm fit together.
func Configure(o Options) (Setup, error) {
	for _, f := range []struct {
		name     string
		v, least int
	}{
		{"positions", o.Positions, 0}, {"test positions", o.TestPositions, 0}, {"depth", o.Depth, 0},
		{"games", o.Games, 0}, {"game depth", o.GameDepth, 0}, {"node cap", o.NodeCap, 0},
		{"hall of fame", o.HallOfFame, 0}, {"min elo", o.MinElo, 0}, {"test percent", o.TestPercent, 0},
		{"validation percent", o.ValidationPercent, 0}, {"unsolved", o.Unsolved, -1}, {"recompile", o.Recompile, -1},
	} {
		if f.v < f.least {
			if f.least == 0 {
				return Setup{}, fmt.Errorf("tuner: %s %d: must not be negative", f.name, f.v)
			}
			return Setup{}, fmt.Errorf("tuner: %s %d: must be %d (none) or more", f.name, f.v, f.least)
		}
	}
	var s Setup
	var pre *Preset
	name := o.Preset
	if name == "" {
		name = o.Algorithm
	}
	if p, err := LookupPreset(name); err == nil {
		pre = &p
		s = Setup{Preset: p.Name, Algorithm: p.Algorithm, Problem: p.Problem}
		if o.Algorithm != "" && o.Algorithm != p.Algorithm {
			if o.Preset == "" {
				return Setup{}, fmt.Errorf("tuner: preset %s is for algorithm %s", p.Name, p.Algorithm)
			}
			// A preset's problem with another algorithm: keep the problem,
			// use the algorithm's own defaults.
			s.Algorithm = o.Algorithm
		}
	} else if o.Preset != "" {
		return Setup{}, err
	} else {
		if !slices.Contains(opt.Algorithms(), o.Algorithm) {
			return Setup{}, fmt.Errorf("tuner: unknown algorithm %q (have %v)", o.Algorithm, opt.Algorithms())
		}
		s = Setup{Algorithm: o.Algorithm, Problem: Problem{Fitness: "match-qs", Scheme: "vazquez29", Positions: 1000, TestPositions: 1000, Depth: 1, Start: StartRandom}}
	}
	if !slices.Contains(opt.Algorithms(), s.Algorithm) {
		return Setup{}, fmt.Errorf("tuner: unknown algorithm %q (have %v)", s.Algorithm, opt.Algorithms())
	}
	str := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	num := func(dst *int, v int) {
		if v != 0 {
			*dst = v
		}
	}
	str(&s.Problem.Scheme, o.Scheme)
	str(&s.Problem.Fitness, o.Fitness)
	str(&s.Problem.PGN, o.PGN)
	str(&s.Problem.TestPGN, o.TestPGN)
	str(&s.Problem.EPD, o.EPD)
	str(&s.Problem.Openings, o.Openings)
	num(&s.Problem.Positions, o.Positions)
	num(&s.Problem.TestPositions, o.TestPositions)
	num(&s.Problem.Depth, o.Depth)
	num(&s.Problem.GameDepth, o.GameDepth)
	num(&s.Problem.NodeCap, o.NodeCap)
	num(&s.HallOfFame, o.HallOfFame)
	str(&s.Problem.Protocol, o.Protocol)
	str(&s.Problem.SearchGroup, o.SearchGroup)
	str(&s.Problem.Search, o.Search)
	num(&s.Problem.MinPly, o.MinPly)
	num(&s.Problem.MaxPly, o.MaxPly)
	num(&s.Problem.MinElo, o.MinElo)
	num(&s.Problem.TestPercent, o.TestPercent)
	num(&s.Problem.ValidationPercent, o.ValidationPercent)
	if o.DataSeed != 0 {
		s.Problem.DataSeed = o.DataSeed
	}
	if o.Games != 0 {
		if s.Problem.GamesPerPlayer == 0 {
			s.Problem.Games = o.Games
		} else {
			s.Problem.GamesPerPlayer = o.Games
		}
	}
	switch {
	case o.Unsolved < 0:
		s.Problem.Unsolved = 0
	case o.Unsolved > 0:
		s.Problem.Unsolved = o.Unsolved
	}
	if s.Problem.Depth <= 0 {
		s.Problem.Depth = 1
	}

	// The fitness, and whether scheme and algorithm fit it.
	kind, err := LookupFitness(s.Problem.Fitness)
	if err != nil {
		return Setup{}, err
	}
	sc, err := eval.Lookup(s.Problem.Scheme)
	if err != nil {
		return Setup{}, fmt.Errorf("tuner: %w", err)
	}
	if kind.Check != nil {
		if err := kind.Check(s.Problem, sc); err != nil {
			return Setup{}, err
		}
	}
	if kind.Relative && !opt.SupportsRelative(s.Algorithm) {
		return Setup{}, fmt.Errorf("tuner: algorithm %s cannot use fitness %s: its scores are relative to the batch, and %s compares scores across generations", s.Algorithm, kind.Name, s.Algorithm)
	}
	if opt.NeedsGradient(s.Algorithm) && !kind.Gradient {
		return Setup{}, fmt.Errorf("tuner: algorithm %s cannot use fitness %s: it needs the fitness gradient, which only %s provides", s.Algorithm, kind.Name, strings.Join(gradientFitnesses(), ", "))
	}
	if s.Problem.Search != "" && kind.Name != "search-match" {
		return Setup{}, fmt.Errorf("tuner: search preset %s: fitness %s plays no search of its own (only search-match does)", s.Problem.Search, kind.Name)
	}
	if kind.Tunes != TunesSearch && s.Problem.SearchGroup != "" {
		return Setup{}, fmt.Errorf("tuner: search group %s: fitness %s tunes evaluation weights", s.Problem.SearchGroup, kind.Name)
	}
	specs, err := ProblemSpecs(s.Problem)
	if err != nil {
		return Setup{}, err
	}
	if kind.HeldOutPercent > 0 && s.Problem.TestPercent == 0 && s.Problem.TestPGN == "" && (pre == nil || pre.Problem.Fitness != kind.Name) {
		s.Problem.TestPercent = kind.HeldOutPercent
	}

	// The optimizer configuration: the preset's (complete), or the
	// algorithm's defaults; then the user's changes.
	if pre != nil && s.Algorithm == pre.Algorithm {
		s.Config = pre.Config
	} else if s.Config, err = opt.Defaults(s.Algorithm, specs); err != nil {
		return Setup{}, fmt.Errorf("tuner: %w", err)
	}
	s.Config.Specs = specs
	s.Config.Relative = kind.Relative
	if err := checkReads(s.Algorithm, o); err != nil {
		return Setup{}, err
	}
	str(&s.Config.Selection, o.Selection)
	num(&s.Config.Generations, o.Generations)
	num(&s.Config.Pop, o.Population)
	if err := ApplyParams(&s.Config, o.Params); err != nil {
		return Setup{}, err
	}
	s.Config.Seed = o.Seed

	// The start vector.
	switch {
	case o.Start != "":
		s.Problem.Start = NormalizeStart(o.Start)
	case len(o.Init) > 0:
		s.Problem.Start = StartInit
	case s.Problem.Start == "":
		s.Problem.Start = StartRandom
	}
	if s.Problem.Start == StartInit {
		if len(o.Init) == 0 {
			return Setup{}, fmt.Errorf("tuner: start init needs start vectors (Options.Init)")
		}
		s.Config.Init = o.Init
	} else {
		if len(o.Init) > 0 {
			return Setup{}, fmt.Errorf("tuner: start %s and start vectors (Init) both given", s.Problem.Start)
		}
		x, err := StartVector(s.Problem, specs, o.Seed)
		if err != nil {
			return Setup{}, err
		}
		s.Config.Init = [][]int32{x}
	}

	switch {
	case o.L2 < 0:
		s.Problem.L2, s.Problem.L2Auto = 0, false
	case o.L2 > 0:
		if s.Problem.Fitness != "texel" {
			return Setup{}, fmt.Errorf("tuner: l2 needs the texel fitness, not %s", s.Problem.Fitness)
		}
		s.Problem.L2, s.Problem.L2Auto = o.L2, false
	case s.Problem.Fitness != "texel":
		s.Problem.L2, s.Problem.L2Auto = 0, false
	}

	// Re-resolution of a resolved fitness.
	switch {
	case o.Recompile < 0:
		s.Problem.Recompile = 0
	case o.Recompile > 0:
		if !kind.Resolved {
			return Setup{}, fmt.Errorf("tuner: recompile needs a resolved fitness (%s), not %s", strings.Join(resolvedFitnesses(), ", "), kind.Name)
		}
		s.Problem.Recompile = o.Recompile
	case !kind.Resolved:
		s.Problem.Recompile = 0
	case s.Problem.Recompile == 0 && (pre == nil || pre.Problem.Fitness != s.Problem.Fitness):
		s.Problem.Recompile = DefaultRecompile(s.Algorithm)
	}
	if _, err := opt.New(s.Algorithm, s.Config); err != nil {
		return Setup{}, fmt.Errorf("tuner: %w", err)
	}
	return s, nil
}

func gradientFitnesses() []string {
	var out []string
	for _, k := range Fitnesses() {
		if k.Gradient {
			out = append(out, k.Name)
		}
	}
	return out
}

func resolvedFitnesses() []string {
	var out []string
	for _, k := range Fitnesses() {
		if k.Resolved {
			out = append(out, k.Name)
		}
	}
	return out
}

// ProblemSpecs returns the parameter registry a problem tunes (the
// fitness's FitnessKind.Tunes): the search parameters, or the scheme's
// weights.
func ProblemSpecs(p Problem) ([]param.Spec, error) {
	k, err := LookupFitness(p.Fitness)
	if err != nil {
		return nil, err
	}
	if k.Tunes == TunesSearch {
		return SearchSpecs(p.SearchGroup)
	}
	sc, err := eval.Lookup(p.Scheme)
	if err != nil {
		return nil, fmt.Errorf("tuner: %w", err)
	}
	return sc.Params(), nil
}

// checkReads refuses an optimizer setting in o that algorithm algo does
// not read (an elite for EP, a population for Hooke-Jeeves): it would
// change nothing, and a user who set it expects it to.
func checkReads(algo string, o Options) error {
	var unread []string
	if o.Population > 0 && !opt.ReadsField(algo, "pop") {
		unread = append(unread, "pop")
	}
	if o.Selection != "" && !opt.ReadsField(algo, "selection") {
		unread = append(unread, "selection")
	}
	for _, k := range slices.Sorted(maps.Keys(o.Params)) {
		if slices.Contains(paramKeys, k) && !opt.ReadsField(algo, k) {
			unread = append(unread, k)
		}
	}
	if len(unread) == 0 {
		return nil
	}
	reads, err := opt.Reads(algo)
	if err != nil {
		return fmt.Errorf("tuner: %w", err)
	}
	return fmt.Errorf("tuner: algorithm %s does not use %s (it reads %s, generations and max_evaluations)",
		algo, strings.Join(unread, ", "), strings.Join(reads, ", "))
}

// paramKeys are the opt.Config fields ApplyParams may set.
var paramKeys = []string{"pop", "generations", "max_evaluations", "crossover_rate", "mutation_rate", "elite",
	"mutation_b", "history_pr", "history_size", "cs", "cf", "s", "stall_gens", "slow_gens", "slow_rate",
	"delta", "alpha", "epsilon", "sigma0", "f", "inertia", "c1", "c2", "vmax", "step", "lr", "beta1", "beta2", "stream"}

// ParamKeys returns the names ApplyParams accepts (opt.Config JSON names).
func ParamKeys() []string { return slices.Clone(paramKeys) }

// intField reports whether opt.Config's field with JSON name k is an integer.
func intField(k string) bool {
	t := reflect.TypeFor[opt.Config]()
	for i := range t.NumField() {
		f := t.Field(i)
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name == k {
			switch f.Type.Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
				return true
			}
			return false
		}
	}
	return false
}

// ApplyParams sets opt.Config fields by their JSON names (e.g.
// "mutation_rate": 0.01). Integer fields need integral values.
func ApplyParams(cfg *opt.Config, params map[string]float64) error {
	if len(params) == 0 {
		return nil
	}
	raw, err := json.Marshal(cfg)
	if err != nil {
		return fmt.Errorf("tuner: params: %w", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("tuner: params: %w", err)
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := params[k]
		if !slices.Contains(paramKeys, k) {
			return fmt.Errorf("tuner: unknown parameter %q (have %v)", k, paramKeys)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("tuner: parameter %s = %v", k, v)
		}
		// An integer field holds a whole number in cfg's JSON: a fraction
		// for it is refused by name rather than by the JSON decoder.
		if v != math.Trunc(v) && intField(k) {
			return fmt.Errorf("tuner: parameter %s = %v: want a whole number", k, v)
		}
		m[k] = json.RawMessage(strconv.FormatFloat(v, 'f', -1, 64))
	}
	raw, err = json.Marshal(m)
	if err != nil {
		return fmt.Errorf("tuner: params: %w", err)
	}
	var out opt.Config
	if err := json.Unmarshal(raw, &out); err != nil {
		return fmt.Errorf("tuner: params: %w (integer parameters need whole numbers)", err)
	}
	*cfg = out
	return nil
}
