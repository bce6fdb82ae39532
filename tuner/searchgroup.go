package tuner

import (
	"fmt"

	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/search"
)

// Search-parameter groups a search fitness ("nodes") tunes
// (Problem.SearchGroup).
const (
	// SearchTableI is David et al.'s Table I (18 parameters, the 70-bit
	// chromosome); the modern group is off, as in their program.
	SearchTableI = "table1"
	// SearchModern is the modern group (search.ModernParamSpecs: LMR, LMP,
	// SEE pruning, IIR, singular extensions, improving, reverse futility,
	// histories), with Table I's group at the default preset's values.
	SearchModern = "modern"
	// SearchAll is both groups (search.AllParamSpecs).
	SearchAll = "all"
)

func searchGroup(g string) (string, error) {
	switch g {
	case "", SearchTableI:
		return SearchTableI, nil
	case SearchModern, SearchAll:
		return g, nil
	}
	return "", fmt.Errorf("tuner: unknown search group %q (table1, modern, all)", g)
}

// SearchSpecs returns the parameter registry of a search group.
func SearchSpecs(group string) ([]param.Spec, error) {
	g, err := searchGroup(group)
	if err != nil {
		return nil, err
	}
	switch g {
	case SearchModern:
		return search.ModernParamSpecs(), nil
	case SearchAll:
		return search.AllParamSpecs(), nil
	}
	return search.ParamSpecs(), nil
}

// SearchParams decodes a candidate vector of a search group.
func SearchParams(group string, v []int32) (search.Params, error) {
	g, err := searchGroup(group)
	if err != nil {
		return search.Params{}, err
	}
	if g == SearchModern {
		if len(v) != search.NumModernParams {
			return search.Params{}, fmt.Errorf("tuner: modern search vector has %d values, want %d", len(v), search.NumModernParams)
		}
		full := append(search.DefaultParams().Vector(), v...)
		return search.ParamsFromVector(full)
	}
	want := search.NumParams
	if g == SearchAll {
		want = search.NumAllParams
	}
	if len(v) != want {
		return search.Params{}, fmt.Errorf("tuner: %s search vector has %d values, want %d", g, len(v), want)
	}
	return search.ParamsFromVector(v)
}

// searchVector returns p's values for a search group.
func searchVector(group string, p search.Params) ([]int32, error) {
	g, err := searchGroup(group)
	if err != nil {
		return nil, err
	}
	switch g {
	case SearchModern:
		return p.AllVector()[search.NumParams:], nil
	case SearchAll:
		return p.AllVector(), nil
	}
	return p.Vector(), nil
}
