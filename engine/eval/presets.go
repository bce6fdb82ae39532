package eval

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/evochess/evochess/engine/param"
)

// Preset is a named weight vector for a scheme: a paper's published values
// or a documented reference set.
type Preset struct {
	Name    string  // e.g. "vazquez-table2-exploitation"
	Scheme  string  // the scheme's Name
	Weights []int32 // one value per scheme parameter, in registry order
	Doc     string  // where the values come from
}

// Presets returns every preset (fresh copies).
func Presets() []Preset {
	out := make([]Preset, 0, len(presetList))
	for _, p := range presetList {
		out = append(out, p.clone())
	}
	return out
}

// LookupPreset returns the preset called name (a fresh copy).
func LookupPreset(name string) (Preset, error) {
	for _, p := range presetList {
		if p.Name == name {
			return p.clone(), nil
		}
	}
	names := make([]string, len(presetList))
	for i, p := range presetList {
		names[i] = p.Name
	}
	return Preset{}, fmt.Errorf("eval: unknown preset %q (have %s)", name, strings.Join(names, ", "))
}

// Evaluator returns an Evaluator for the preset.
func (p Preset) Evaluator() (*Evaluator, error) {
	s, err := Lookup(p.Scheme)
	if err != nil {
		return nil, fmt.Errorf("eval: preset %s: %w", p.Name, err)
	}
	return New(s, p.Weights)
}

func (p Preset) clone() Preset {
	p.Weights = append([]int32(nil), p.Weights...)
	return p
}

// RandomWeights returns a weight vector for s drawn uniformly within every
// parameter's bounds from the PCG generator seeded with (seed, stream 0x65766f6c).
// Fixed parameters (Min == Max) keep their value. The same seed gives the
// same vector on every platform.
func RandomWeights(s Scheme, seed uint64) []int32 {
	rng := rand.New(rand.NewPCG(seed, 0x65766f6c))
	specs := s.Params()
	w := make([]int32, len(specs))
	for i, sp := range specs {
		w[i] = int32(sp.Min + rng.IntN(sp.Max-sp.Min+1))
	}
	return w
}

// RandomPreset returns a preset of seeded random weights within the bounds
// of the scheme called scheme (see RandomWeights); the initial population
// of every paper's algorithm is drawn this way.
func RandomPreset(scheme string, seed uint64) (Preset, error) {
	s, err := Lookup(scheme)
	if err != nil {
		return Preset{}, err
	}
	return Preset{
		Name:    fmt.Sprintf("random-%s-%d", scheme, seed),
		Scheme:  scheme,
		Weights: RandomWeights(s, seed),
		Doc:     fmt.Sprintf("uniform random weights within the bounds of %s, seed %d", scheme, seed),
	}, nil
}

// presetList is built once at initialisation from each scheme's tables and
// never modified.
var presetList = buildPresets()

func buildPresets() []Preset {
	var out []Preset
	add := func(name string, s *scheme, w []int32, doc string) {
		if err := Validate(s, w); err != nil {
			// Presets are compiled-in tables; a bad one is a programming
			// error caught by the package tests.
			panic(fmt.Sprintf("eval: preset %s: %v", name, err))
		}
		out = append(out, Preset{Name: name, Scheme: s.name, Weights: w, Doc: doc})
	}
	add("material", materialScheme, param.Defaults(materialScheme.specs),
		"pawn 100, knight 320, bishop 330, rook 500, queen 900 (Michniewski's Simplified Evaluation Function)")
	for _, p := range schemePresets() {
		add(p.Name, p.s, p.w, p.Doc)
	}
	return out
}

type schemePreset struct {
	Name string
	s    *scheme
	w    []int32
	Doc  string
}

// schemePresets lists the papers' presets.
func schemePresets() []schemePreset {
	return []schemePreset{
		{"phoenix-default", phoenixScheme, phoenixDefault,
			"Michniewski's Simplified Evaluation Function piece-square tables (knight and bishop tables for both phases, king middle/end tables), pawn end-game table 0/0/5/10/20/35/60/0 by rank; material 100/320/330/500/900"},
		{"prasad-table1", prasadScheme, param.Defaults(prasadScheme.specs),
			"Prasad et al. Table 1 gives ranges only: the midpoint of every range (pawn fixed at 50)"},
		{"david-fig3", davidScheme, dvFig3[:],
			"David et al. Fig. 3: average evolved parameters of the best individual after ten runs (rounded)"},
		{"vazquez-table2-exploration", vazquezScheme, vzTable2[0][:],
			"Vázquez-Fernández et al. Table II, second column: VP^200_exploration, the best player after 200 generations of evolutionary programming (QueenMobility: mean of the other mobility weights)"},
		{"vazquez-table2-exploitation", vazquezScheme, vzTable2[1][:],
			"Vázquez-Fernández et al. Table II, third column: VP_exploitation, after Hooke-Jeeves local search (QueenMobility: mean of the other mobility weights)"},
		{"modern-material", modern.scheme, param.Defaults(modern.specs),
			"material only, the start of a modern run: pawn 100, knight 300, bishop 300, rook 500, queen 900 in the middlegame and the endgame, every other weight 0 (round textbook values, not tuned)"},
	}
}
