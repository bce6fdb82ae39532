package runner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/data"
	"github.com/evochess/evochess/tuner/opt"
	"github.com/evochess/evochess/wasm/protocol"
)

// Algorithms returns the tuner's algorithm names.
func Algorithms() []string { return opt.Algorithms() }

// Presets returns the tuner's preset names.
func Presets() []string {
	var out []string
	for _, p := range tuner.Presets() {
		out = append(out, p.Name)
	}
	return out
}

// Schemes returns the evaluation scheme names.
func Schemes() []string {
	var out []string
	for _, s := range eval.Schemes() {
		out = append(out, s.Name())
	}
	return out
}

// CheckConfig reports names in cfg that the engine and tuner do not know
// (beyond the syntactic checks of cfg.Validate).
func CheckConfig(cfg protocol.RunConfig) error {
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("runner: %w", err)
	}
	if cfg.Preset != "" {
		if _, err := tuner.LookupPreset(cfg.Preset); err != nil {
			return fmt.Errorf("runner: %w", err)
		}
	}
	if cfg.Algorithm != "" && !slices.Contains(opt.Algorithms(), cfg.Algorithm) {
		return fmt.Errorf("runner: unknown algorithm %q (have %v)", cfg.Algorithm, opt.Algorithms())
	}
	if cfg.Scheme != "" {
		if _, err := eval.Lookup(cfg.Scheme); err != nil {
			return fmt.Errorf("runner: %w", err)
		}
	}
	if cfg.Fitness != "" {
		if _, err := tuner.LookupFitness(cfg.Fitness); err != nil {
			return fmt.Errorf("runner: %w", err)
		}
	}
	if start := tuner.NormalizeStart(cfg.Start); strings.HasPrefix(start, tuner.StartPreset) {
		name := strings.TrimPrefix(start, tuner.StartPreset)
		if _, err := eval.LookupPreset(name); err != nil && !slices.Contains(search.PresetNames(), name) {
			return fmt.Errorf("runner: start: %w", err)
		}
	} else if start == tuner.StartInit {
		return fmt.Errorf("runner: start init: a run config gives no start vectors (random, material, preset:NAME)")
	}
	if p := cfg.Data.Sample.Protocol; p != "" {
		if _, err := data.LookupProtocol(p); err != nil {
			return fmt.Errorf("runner: %w", err)
		}
	}
	return nil
}
