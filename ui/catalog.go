//go:build js && wasm

package main

import (
	"sync"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/data"
	"github.com/evochess/evochess/ui/model"
)

// option is one entry of a <select>.
type option = model.Option

// optionsHTML renders the options of a select as one innerHTML string (see ui/model/html.go).
func optionsHTML(opts []option, selected string) string {
	return model.OptionsHTML(opts, selected)
}

// samplingProtocols lists tuner/data's named protocols.
func samplingProtocols() []option {
	out := []option{{Value: "", Label: "tuner default"}}
	for _, p := range data.Protocols() {
		label := p.Name
		switch p.Name {
		case "david":
			label = "david — one position per decisive game, winner to move"
		case "all":
			label = "all — every position after the opening"
		}
		out = append(out, option{Value: p.Name, Label: label})
	}
	return out
}

// buildSchemeOptions lists engine/eval's schemes.
func buildSchemeOptions() []option {
	var out []option
	for _, s := range eval.Schemes() {
		out = append(out, option{Value: s.Name(), Label: s.Name() + " — " + s.Title()})
	}
	return out
}

// The catalogs never change while the page runs: build them once.
var (
	presetOptions    = sync.OnceValue(buildPresetOptions)
	algorithmOptions = sync.OnceValue(buildAlgorithmOptions)
	schemeOptions    = sync.OnceValue(buildSchemeOptions)
	algorithms       = sync.OnceValue(tuner.Algorithms)
	evalPresets      = sync.OnceValue(eval.Presets) // shared, read-only
)

// buildPresetOptions lists the tuner presets (the papers' settings).
func buildPresetOptions() []option {
	out := []option{{Value: "", Label: "custom (no preset)"}}
	for _, p := range tuner.Presets() {
		out = append(out, option{Value: p.Name, Label: p.Name + " — " + p.Paper})
	}
	return out
}

// buildAlgorithmOptions lists the tuner's optimizers.
func buildAlgorithmOptions() []option {
	var out []option
	for _, a := range algorithms() {
		out = append(out, option{Value: a.Name, Label: a.Name})
	}
	return out
}

func algorithmDoc(name string) string {
	for _, a := range algorithms() {
		if a.Name == name {
			return a.Doc
		}
	}
	return ""
}

// schemeSpecs returns the parameter registry of a scheme (nil if unknown).
func schemeSpecs(name string) []param.Spec {
	s, err := eval.Lookup(name)
	if err != nil {
		return nil
	}
	return s.Params()
}

// paperPresets lists engine/eval presets of a scheme (the papers' published weights).
func paperPresets(scheme string) []eval.Preset {
	var out []eval.Preset
	for _, p := range evalPresets() {
		if p.Scheme == scheme {
			out = append(out, p)
		}
	}
	return out
}

// rateParam is an editable algorithm parameter (RunConfig.Params key = the
// opt.Config JSON name).
type rateParam struct {
	Key, Label, Help string
	Step             string
}

// algorithmParams lists the parameters the Tune tab offers per algorithm.
func algorithmParams(algo string) []rateParam {
	switch algo {
	case "ga":
		return []rateParam{
			{"crossover_rate", "Crossover rate", "probability that a pair is recombined (uniform crossover)", "0.05"},
			{"mutation_rate", "Mutation rate", "per-bit flip probability of the Gray-coded chromosome", "0.001"},
			{"elite", "Elite", "best individuals copied unchanged", "1"},
		}
	case "ep":
		return []rateParam{{"mutation_b", "Mutation b", "exponent of Michalewicz's non-uniform mutation", "0.5"}}
	case "history-ea":
		return []rateParam{
			{"mutation_b", "Mutation b", "exponent of Michalewicz's non-uniform mutation", "0.5"},
			{"history_pr", "History Pr", "probability that a child is drawn from the archive", "0.05"},
		}
	case "hooke-jeeves":
		return []rateParam{
			{"delta", "Δ", "initial increment of every weight", "1"},
			{"alpha", "α", "reduction factor of Δ", "0.5"},
			{"epsilon", "ε", "stop when every Δ is below ε", "0.1"},
		}
	case "mnc":
		return []rateParam{
			{"mutation_rate", "Mutation rate", "per-gene reset probability", "0.01"},
			{"crossover_rate", "Crossover rate", "probability that a pair is recombined", "0.05"},
		}
	case "cmaes":
		return []rateParam{{"sigma0", "σ₀", "initial step size in the unit cube of the bounds", "0.05"}}
	case "de":
		return []rateParam{
			{"f", "F", "differential weight", "0.05"},
			{"crossover_rate", "CR", "crossover probability", "0.05"},
		}
	case "pso":
		return []rateParam{
			{"inertia", "Inertia w", "velocity inertia", "0.01"},
			{"c1", "c₁", "pull to the particle's best", "0.1"},
			{"c2", "c₂", "pull to the swarm's best", "0.1"},
		}
	case "texel":
		return []rateParam{{"step", "Step", "initial ± step of the coordinate search", "1"}}
	}
	return nil
}
