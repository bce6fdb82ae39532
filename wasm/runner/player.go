package runner

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner"
)

// PlayerJSON returns the player file (engine/player JSON) of a run's best
// candidate: its weights (or, for "nodes" fitness, its search parameters
// with the scheme's default weights) and the provenance of the run. It holds
// no date, so the same run gives the same bytes natively and in WebAssembly.
func PlayerJSON(setup tuner.Setup, best []int32, rec tuner.Record) ([]byte, error) {
	scheme := setup.Problem.Scheme
	var (
		p   *player.Player
		err error
	)
	if setup.Problem.Fitness == "nodes" {
		sc, lerr := eval.Lookup(scheme)
		if lerr != nil {
			return nil, fmt.Errorf("runner: player: %w", lerr)
		}
		sp, perr := tuner.SearchParams(setup.Problem.SearchGroup, best)
		if perr != nil {
			return nil, fmt.Errorf("runner: player: %w", perr)
		}
		p, err = player.FromVector(scheme, param.Defaults(sc.Params()), sp)
	} else {
		p, err = player.FromVector(scheme, best, search.DefaultParams())
	}
	if err != nil {
		return nil, fmt.Errorf("runner: player: %w", err)
	}
	p.Name = fmt.Sprintf("%s-seed%d-gen%d", setup.Algorithm, setup.Config.Seed, rec.Generation)
	p.Provenance = player.Provenance{
		Algorithm: setup.Algorithm, Seed: setup.Config.Seed, Generation: rec.Generation, Fitness: rec.Best,
	}
	if setup.Preset != "" {
		p.Provenance.Note = "tuner preset " + setup.Preset
	}
	var b bytes.Buffer
	if err := p.Save(&b); err != nil {
		return nil, fmt.Errorf("runner: player: %w", err)
	}
	return b.Bytes(), nil
}

// playerFromJSON returns the evaluator and search parameters of a player
// file; an empty raw gives the default player (the first eval preset with
// engine/search's default parameters).
func playerFromJSON(raw json.RawMessage) (*eval.Evaluator, search.Params, error) {
	var (
		p   *player.Player
		err error
	)
	if len(raw) == 0 {
		presets := eval.Presets()
		if len(presets) == 0 {
			return nil, search.Params{}, fmt.Errorf("runner: no evaluation presets")
		}
		p, err = player.FromPreset(presets[0].Name)
	} else {
		p, err = player.Load(bytes.NewReader(raw))
	}
	if err != nil {
		return nil, search.Params{}, fmt.Errorf("runner: %w", err)
	}
	ev, err := p.Evaluator()
	if err != nil {
		return nil, search.Params{}, fmt.Errorf("runner: %w", err)
	}
	sp, err := p.SearchParams()
	if err != nil {
		return nil, search.Params{}, fmt.Errorf("runner: %w", err)
	}
	return ev, sp, nil
}
