package tuner

import (
	"fmt"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
)

// Player returns the run's best candidate as a player file. For evaluation
// fitness the candidate is the scheme's weight vector (search parameters:
// engine/search defaults); for "nodes" fitness it is the search-parameter
// vector, and the evaluation comes from base (or the scheme's defaults when
// base is nil). The provenance records the algorithm, preset, seed,
// generation and fitness; date, dataset digest and note come from prov.
func (r *Run) Player(base *player.Player, prov player.Provenance) (*player.Player, error) {
	if !r.hasBest {
		return nil, fmt.Errorf("tuner: player: the run has no scored candidate yet")
	}
	var (
		p   *player.Player
		err error
	)
	pr := r.setup.Problem
	if pr.Fitness == "nodes" {
		sp, err := SearchParams(pr.SearchGroup, r.best.X)
		if err != nil {
			return nil, fmt.Errorf("tuner: player: %w", err)
		}
		scheme, w := pr.Scheme, []int32(nil)
		if base != nil {
			scheme = base.Scheme
			if w, err = base.Vector(); err != nil {
				return nil, fmt.Errorf("tuner: player: %w", err)
			}
		} else if pr.EvalPreset != "" {
			ep, err := eval.LookupPreset(pr.EvalPreset)
			if err != nil {
				return nil, fmt.Errorf("tuner: player: %w", err)
			}
			scheme, w = ep.Scheme, ep.Weights
		} else {
			sc, err := eval.Lookup(scheme)
			if err != nil {
				return nil, fmt.Errorf("tuner: player: %w", err)
			}
			w = param.Defaults(sc.Params())
		}
		if p, err = player.FromVector(scheme, w, sp); err != nil {
			return nil, fmt.Errorf("tuner: player: %w", err)
		}
	} else {
		sp := search.DefaultParams()
		if base != nil {
			if sp, err = base.SearchParams(); err != nil {
				return nil, fmt.Errorf("tuner: player: %w", err)
			}
		}
		if p, err = player.FromVector(pr.Scheme, r.best.X, sp); err != nil {
			return nil, fmt.Errorf("tuner: player: %w", err)
		}
	}
	prov.Algorithm = r.setup.Algorithm
	prov.Seed = r.setup.Config.Seed
	prov.Generation = r.o.Generation()
	prov.Fitness = r.best.Fitness
	note := fmt.Sprintf("tuner preset %q, fitness %s", r.setup.Preset, pr.Fitness)
	if r.bestScore.Total > 0 {
		note += fmt.Sprintf(", train %d/%d", r.bestScore.Matched, r.bestScore.Total)
	}
	if r.testScore.Total > 0 {
		note += fmt.Sprintf(", held out %d/%d", r.testScore.Matched, r.testScore.Total)
	}
	if prov.Note != "" {
		note = prov.Note + "; " + note
	}
	prov.Note = note
	p.Provenance = prov
	if p.Name == "" {
		p.Name = fmt.Sprintf("%s-%s-seed%d-gen%d", r.setup.Algorithm, pr.Scheme, r.setup.Config.Seed, r.o.Generation())
	}
	return p, nil
}
