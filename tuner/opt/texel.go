package opt

import "slices"

// texel is the coordinate local search popularised by Texel's tuning method:
// for each parameter in turn try x_i + Step and x_i - Step and keep the better
// if it improves; a full pass without improvement halves the step, and the
// search stops when a pass at step 1 fails. Fitness is maximised, so callers
// pass the negated Texel loss.
type texel struct {
	base
	Cur      []int32
	FCur     float64
	Coord    int
	StepSize int
	Improved bool
	Started  bool
}

func (t *texel) setup() error {
	t.Cur = t.start()
	t.StepSize = t.Cfg.Step
	t.Pending = []Candidate{{X: slices.Clone(t.Cur)}}
	return nil
}

func (t *texel) State() ([]byte, error) { return t.state(t) }

func (t *texel) Tell(fitness []float64) error {
	scored, err := t.accept(fitness)
	if err != nil {
		return err
	}
	if !t.Started {
		t.Started = true
		t.FCur = scored[0].Fitness
	} else {
		for _, c := range scored {
			if c.Fitness > t.FCur {
				t.Cur, t.FCur = slices.Clone(c.X), c.Fitness
				t.Improved = true
			}
		}
		t.Coord++
	}
	for {
		for t.Coord < t.dim() {
			var batch []Candidate
			for _, sign := range []int32{1, -1} {
				x := slices.Clone(t.Cur)
				x[t.Coord] += sign * int32(t.StepSize)
				x = t.clamp(x)
				if x[t.Coord] != t.Cur[t.Coord] {
					batch = append(batch, Candidate{X: x})
				}
			}
			if len(batch) > 0 {
				t.Pending = batch
				return nil
			}
			t.Coord++
		}
		// End of a pass.
		t.Coord = 0
		if t.Improved {
			t.Improved = false
			continue
		}
		if t.StepSize > 1 {
			t.StepSize /= 2
			continue
		}
		t.Stop = "texel local search converged: no improving ±1 step"
		t.Pending = []Candidate{{X: slices.Clone(t.Cur), Fitness: t.FCur, Known: true}}
		return nil
	}
}
