package uci

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/engine/strength"
)

// Option name prefixes for the parameter registries.
const (
	searchPrefix = "Search_" // one spin option per search.AllParamSpecs entry
	evalPrefix   = "Eval_"   // one spin option per weight of the loaded scheme
)

// option is one UCI option: its declaration and how to apply a value.
type option struct {
	name     string
	kind     string // spin, check, combo, string, button
	def      string
	min, max int               // spin bounds
	vars     []string          // combo values
	aliases  map[string]string // other names a combo value is set by (not listed)
	set      func(e *engine, value string) error
}

// declaration renders the "option name ... type ..." line.
func (o option) declaration() string {
	s := "option name " + o.name + " type " + o.kind
	switch o.kind {
	case "spin":
		s += fmt.Sprintf(" default %s min %d max %d", o.def, o.min, o.max)
	case "check", "string":
		s += " default " + o.def
	case "combo":
		s += " default " + o.def
		for _, v := range o.vars {
			s += " var " + v
		}
	}
	return s
}

// parseValue checks v against the option's type and bounds.
func (o option) parseValue(v string, has bool) (string, error) {
	switch o.kind {
	case "button":
		return "", nil
	case "string":
		if v == "<empty>" {
			v = ""
		}
		return v, nil
	}
	if !has || v == "" {
		return "", fmt.Errorf("option %s: missing value", o.name)
	}
	switch o.kind {
	case "spin":
		n, err := strconv.Atoi(v)
		if err != nil {
			return "", fmt.Errorf("option %s: %q is not an integer", o.name, v)
		}
		if n < o.min || n > o.max {
			return "", fmt.Errorf("option %s: %d outside [%d, %d]", o.name, n, o.min, o.max)
		}
		return strconv.Itoa(n), nil
	case "check":
		switch strings.ToLower(v) {
		case "true":
			return "true", nil
		case "false":
			return "false", nil
		}
		return "", fmt.Errorf("option %s: %q is not true or false", o.name, v)
	case "combo":
		for _, c := range o.vars {
			if strings.EqualFold(c, v) {
				return c, nil
			}
		}
		for alias, c := range o.aliases {
			if strings.EqualFold(alias, v) {
				return c, nil
			}
		}
		return "", fmt.Errorf("option %s: %q is not one of %s", o.name, v, strings.Join(o.vars, ", "))
	}
	return "", fmt.Errorf("option %s: unknown type %s", o.name, o.kind)
}

// maxMoveOverheadMs bounds the Move Overhead option.
const maxMoveOverheadMs = 5000

// maxSeed bounds the Seed option (GUIs read spin bounds as 32-bit integers).
const maxSeed = 1<<31 - 1

// uciStandardPreset is the SearchPreset combo's name for the default search
// (search.PresetDefault): "default" is a word of the option syntax
// ("type combo default X var Y"), so a value named so is read wrongly by GUIs
// (polyglot shows it blank, cutechess and python-chess take an empty
// default). "default" is still accepted by setoption.
const uciStandardPreset = "standard"

// uciSearchPreset returns the SearchPreset combo value of a search preset.
func uciSearchPreset(name string) string {
	if name == search.PresetDefault {
		return uciStandardPreset
	}
	return name
}

// customPreset is the Preset combo value shown after weights were changed
// or a player file was loaded.
const customPreset = "custom"

// options returns the options for the current state: the fixed ones, one
// spin per search parameter and one spin per weight of the loaded scheme.
// Defaults are the current values.
func (e *engine) options() []option {
	opts := []option{
		{name: "Hash", kind: "spin", def: strconv.Itoa(e.hashMB), min: minHashMB, max: e.opts.MaxHashMB,
			set: func(e *engine, v string) error {
				e.hashMB, _ = strconv.Atoi(v)
				if e.searcher != nil {
					e.searcher.SetHashSize(e.hashMB)
				}
				return nil
			}},
		// Lazy SMP search threads (engine/search smp.go): up to every core
		// natively, one in WebAssembly.
		{name: "Threads", kind: "spin", def: strconv.Itoa(max(e.threads, 1)), min: 1, max: search.NumCPU(),
			set: func(e *engine, v string) error {
				e.threads, _ = strconv.Atoi(v)
				if e.searcher != nil {
					e.searcher.SetThreads(e.threads)
				}
				return nil
			}},
		// Analysis lines (engine/search Limits.MultiPV): the best line,
		// then the best among the other moves, and so on.
		{name: "MultiPV", kind: "spin", def: strconv.Itoa(max(e.multiPV, 1)), min: 1, max: search.MaxMultiPV,
			set: func(e *engine, v string) error { e.multiPV, _ = strconv.Atoi(v); return nil }},
		{name: "Move Overhead", kind: "spin", def: strconv.Itoa(int(e.moveOverhead / time.Millisecond)), min: 1, max: maxMoveOverheadMs,
			set: func(e *engine, v string) error {
				ms, _ := strconv.Atoi(v)
				e.moveOverhead = time.Duration(ms) * time.Millisecond
				return nil
			}},
		{name: "Ponder", kind: "check", def: strconv.FormatBool(e.ponderOpt),
			set: func(e *engine, v string) error { e.ponderOpt = v == "true"; return nil }},
		{name: "Clear Hash", kind: "button", set: func(e *engine, _ string) error {
			if e.searcher != nil {
				e.searcher.Clear()
			}
			return nil
		}},
		{name: "UCI_LimitStrength", kind: "check", def: strconv.FormatBool(e.limitStrength),
			set: func(e *engine, v string) error { e.limitStrength = v == "true"; return nil }},
		{name: "UCI_Elo", kind: "spin", def: strconv.Itoa(e.elo), min: strength.MinElo, max: strength.MaxElo(),
			set: func(e *engine, v string) error { e.elo, _ = strconv.Atoi(v); return nil }},
		{name: "OwnBook", kind: "check", def: strconv.FormatBool(e.ownBook),
			set: func(e *engine, v string) error { e.ownBook = v == "true"; return nil }},
		{name: "Seed", kind: "spin", def: strconv.FormatUint(e.seed, 10), min: 0, max: maxSeed,
			set: func(e *engine, v string) error {
				n, _ := strconv.ParseUint(v, 10, 64)
				e.setSeed(n)
				return nil
			}},
	}
	if e.opts.OpenFile != nil {
		def := e.bookFile
		if def == "" {
			def = "<empty>"
		}
		opts = append(opts, option{name: "BookFile", kind: "string", def: def,
			set: func(e *engine, v string) error {
				old, oldBook := e.bookFile, e.book
				e.bookFile, e.book = v, nil
				if v == "" {
					return nil
				}
				if _, err := e.loadBook(); err != nil {
					e.bookFile, e.book = old, oldBook
					return err
				}
				return nil
			}})
	}
	// Scheme is listed before Preset: a GUI that sends every option back in
	// the listed order (with the defaults it was shown) then sets the scheme
	// first and the preset after it, so the preset chosen is the one kept.
	var schemes []string
	for _, s := range eval.Schemes() {
		schemes = append(schemes, s.Name())
	}
	opts = append(opts, option{name: "Scheme", kind: "combo", def: e.scheme.Name(), vars: schemes,
		set: func(e *engine, v string) error {
			if v == e.scheme.Name() {
				return nil
			}
			s, err := eval.Lookup(v)
			if err != nil {
				return err
			}
			e.scheme, e.weights, e.presetName, e.searcher = s, param.Defaults(s.Params()), "", nil
			return nil
		}})
	presets := []string{customPreset}
	for _, p := range eval.Presets() {
		presets = append(presets, p.Name)
	}
	cur := e.presetName
	if cur == "" {
		cur = customPreset
	}
	opts = append(opts, option{name: "Preset", kind: "combo", def: cur, vars: presets,
		set: func(e *engine, v string) error {
			if v == customPreset {
				return nil
			}
			p, err := eval.LookupPreset(v)
			if err != nil {
				return err
			}
			s, err := eval.Lookup(p.Scheme)
			if err != nil {
				return err
			}
			e.scheme, e.weights, e.presetName, e.searcher = s, p.Weights, v, nil
			return nil
		}})
	searchPreset := customPreset
	for _, name := range search.PresetNames() {
		if p, err := search.PresetParams(name); err == nil && p == e.params {
			searchPreset = uciSearchPreset(name)
			break
		}
	}
	vars := []string{customPreset}
	for _, name := range search.PresetNames() {
		vars = append(vars, uciSearchPreset(name))
	}
	opts = append(opts, option{name: "SearchPreset", kind: "combo", def: searchPreset, vars: vars,
		aliases: map[string]string{search.PresetDefault: uciStandardPreset},
		set: func(e *engine, v string) error {
			if v == customPreset {
				return nil
			}
			if v == uciStandardPreset {
				v = search.PresetDefault
			}
			p, err := search.PresetParams(v)
			if err != nil {
				return err
			}
			e.params = p
			if e.searcher != nil {
				return e.searcher.SetParams(p)
			}
			return nil
		}})
	if e.opts.OpenFile != nil {
		def := e.playerFile
		if def == "" {
			def = "<empty>"
		}
		opts = append(opts, option{name: "PlayerFile", kind: "string", def: def,
			set: func(e *engine, v string) error { return e.loadPlayerFile(v) }})
	}
	// Both groups of search parameters (Table I, then the modern group).
	sv := e.params.AllVector()
	for i, sp := range search.AllParamSpecs() {
		opts = append(opts, option{name: searchPrefix + sp.Name, kind: "spin", def: strconv.Itoa(int(sv[i])), min: sp.Min, max: sp.Max,
			set: func(e *engine, v string) error {
				n, _ := strconv.Atoi(v)
				vec := e.params.AllVector()
				vec[i] = int32(n)
				p, err := search.ParamsFromVector(vec)
				if err != nil {
					return err
				}
				e.params = p
				if e.searcher != nil {
					return e.searcher.SetParams(p)
				}
				return nil
			}})
	}
	for i, sp := range e.scheme.Params() {
		if sp.Min == sp.Max {
			continue // fixed parameters are not tunable
		}
		opts = append(opts, option{name: evalPrefix + sp.Name, kind: "spin", def: strconv.Itoa(int(e.weights[i])), min: sp.Min, max: sp.Max,
			set: func(e *engine, v string) error {
				n, _ := strconv.Atoi(v)
				w := append([]int32(nil), e.weights...)
				w[i] = int32(n)
				e.weights, e.presetName, e.searcher = w, "", nil
				return nil
			}})
	}
	return opts
}

// setOption handles "setoption"; option names are case-insensitive.
func (e *engine) setOption(args []string) error {
	sc, err := parseSetOption(args)
	if err != nil {
		return err
	}
	for _, o := range e.options() {
		if !strings.EqualFold(o.name, sc.Name) {
			continue
		}
		v, err := o.parseValue(sc.Value, sc.HasValue)
		if err != nil {
			return err
		}
		if err := o.set(e, v); err != nil {
			return fmt.Errorf("option %s: %w", o.name, err)
		}
		return nil
	}
	return fmt.Errorf("setoption: unknown option %q", sc.Name)
}

// loadPlayerFile loads a player JSON file through Options.OpenFile.
func (e *engine) loadPlayerFile(name string) error {
	if name == "" {
		return nil
	}
	f, err := e.opts.OpenFile(name)
	if err != nil {
		return err
	}
	defer f.Close()
	p, err := player.Load(io.LimitReader(f, 16<<20))
	if err != nil {
		return err
	}
	if err := e.setPlayer(p); err != nil {
		return err
	}
	e.playerFile, e.presetName = name, ""
	return nil
}
