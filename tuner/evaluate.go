package tuner

import (
	"context"
	"fmt"
	"runtime"
	"sync"
)

// Score is the fitness of one candidate as returned by a Scorer. Fitness
// is maximised; the other fields describe it for logs (positions matched out
// of Total for move-match fitness, node count for search fitness, loss for
// Texel, points for tournaments).
type Score struct {
	Fitness float64 `json:"fitness"`
	Matched int     `json:"matched,omitempty"`
	Total   int     `json:"total,omitempty"`
	Nodes   int64   `json:"nodes,omitempty"`
	Loss    float64 `json:"loss,omitempty"`
	Points  float64 `json:"points,omitempty"`
	// Grad is the gradient of Fitness with respect to each parameter, for
	// optimizers that implement opt.GradientTeller (Texel fitness with
	// "adam"); nil otherwise.
	Grad []float64 `json:"grad,omitempty"`
}

// Rate returns Matched/Total (0 when Total is 0).
func (s Score) Rate() float64 {
	if s.Total == 0 {
		return 0
	}
	return float64(s.Matched) / float64(s.Total)
}

// Scorer is the ONE hook through which a run scores candidates. Natively
// it is a Pool of goroutines; the browser plugs its Web Workers in behind the
// same interface. Inputs and outputs are plain data (serialisable), and an
// implementation must return the same scores whatever its worker count or
// scheduling: out[i] belongs to cands[i].
type Scorer interface {
	Score(ctx context.Context, cands [][]int32) ([]Score, error)
}

// ScoreFunc scores one candidate. A ScoreFunc may keep state between calls (search
// tables), so each Pool worker owns its own.
type ScoreFunc func(ctx context.Context, w []int32) (Score, error)

// Pool is a Scorer that scores candidates independently on Workers
// goroutines (0: all cores). New builds one Scorer per worker; scorers are
// kept between calls. Results are stored by index, so they do not depend on
// the worker count or the order in which goroutines run.
type Pool struct {
	Workers int
	New     func() (ScoreFunc, error)

	mu      sync.Mutex
	scorers []ScoreFunc
}

// Score implements Scorer.
func (p *Pool) Score(ctx context.Context, cands [][]int32) ([]Score, error) {
	out := make([]Score, len(cands))
	if len(cands) == 0 {
		return out, nil
	}
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, len(cands))
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.scorers) < workers {
		s, err := p.New()
		if err != nil {
			return nil, fmt.Errorf("tuner: pool: new scorer: %w", err)
		}
		p.scorers = append(p.scorers, s)
	}
	var (
		wg   sync.WaitGroup
		next int
		nmu  sync.Mutex
		errs = make([]error, len(cands))
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(score ScoreFunc) {
			defer wg.Done()
			for {
				nmu.Lock()
				i := next
				next++
				nmu.Unlock()
				if i >= len(cands) || ctx.Err() != nil {
					return
				}
				out[i], errs[i] = score(ctx, cands[i])
			}
		}(p.scorers[w])
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("tuner: candidate %d: %w", i, err)
		}
	}
	return out, nil
}

// ScorerFunc adapts a function to the Scorer interface.
type ScorerFunc func(ctx context.Context, cands [][]int32) ([]Score, error)

// Score implements Scorer.
func (f ScorerFunc) Score(ctx context.Context, cands [][]int32) ([]Score, error) {
	return f(ctx, cands)
}

func defaultWorkers() int { return runtime.NumCPU() }
