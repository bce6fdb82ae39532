package tuner

import (
	"context"
	"fmt"
)

// PrepareRun is Prepare for a run that evolves: with res.Distribute set,
// the training evaluator, and every recompiled one, is handed to it, with
// the setup the workers must prepare to build the same evaluator (for a
// quiescence-resolved match, its reference made explicit). Without
// res.Distribute it is Prepare.
func PrepareRun(ctx context.Context, s Setup, res Resources) (*Prepared, error) {
	prep, err := Prepare(ctx, s, res)
	if err != nil || res.Distribute == nil {
		return prep, err
	}
	s = prep.Fix(s) // the reference and Texel's K, made explicit for the workers
	train, err := res.Distribute(ctx, s, prep.Train, nil)
	if err != nil {
		return nil, fmt.Errorf("tuner: distribute: %w", err)
	}
	prep.Train = train
	if local := prep.Recompile; local != nil {
		prep.Recompile = func(ctx context.Context, ref []int32) (Scorers, error) {
			evs, err := local(ctx, ref)
			if err != nil {
				return Scorers{}, err
			}
			rs := s
			rs.Problem.Reference = ref
			if train, err = res.Distribute(ctx, rs, evs.Train, train); err != nil {
				return Scorers{}, fmt.Errorf("tuner: distribute: %w", err)
			}
			evs.Train = train
			return evs, nil
		}
	}
	return prep, nil
}
