// Package opt holds the ask/tell optimizers that evochess uses to tune
// evaluation weights and search parameters: every algorithm of the four papers
// the project implements plus three modern ones. The optimizers are generic
// over bounded integer vectors (a []param.Spec gives the bounds and, for the
// GA, the bit layout) and know nothing about chess: the caller scores the
// candidates.
//
// # Contract (pycma / DEAP shape)
//
// An Optimizer is driven by a loop:
//
//	for {
//		if done, why := o.Done(); done { break }
//		cands := o.Ask()                      // one generation (a batch)
//		fit := score(cands)                   // skip cands[i].Known: reuse cands[i].Fitness
//		if err := o.Tell(fit); err != nil { … }
//	}
//
// Fitness is always MAXIMISED (callers negate losses and node counts).
// Candidates whose fitness the optimizer already knows (an elite, a survivor,
// an unchanged copy of a parent, an archive member) come back with Known set
// and are not counted as evaluations; Tell ignores the value given for them.
// When Config.Relative is set (fitness from games inside the batch, which
// changes with the opponents) nothing is Known and every batch holds all the
// players that must be compared.
//
// Every random choice comes from one PCG stream seeded by Config.Seed. The
// whole optimizer state — population, strategy parameters and the PCG state —
// is serialised by State and brought back by Restore, so a run stopped after
// any Tell and resumed produces exactly the same sequence of candidates as a
// run never stopped. Floating-point state is computed with products wrapped in
// float64(...) (no FMA fusion) and with the package's own exp/log
// (detmath.go), so results are bit-identical natively and in WebAssembly.
//
// # Algorithms (files)
//
//   - "ga" (ga.go, gray.go): David et al. 2014's GA. Gray-coded chromosome
//     with a per-parameter bit layout from param.Spec.Bits (gray.go documents
//     the decoding), fitness-proportional (roulette), rank-based or tournament
//     selection, uniform crossover with rate CrossoverRate, per-bit mutation
//     MutationRate, Elite best copied. Used by the david-ga, david-coevolution
//     (rank selection, games) and david-search (70-bit search chromosome)
//     presets.
//   - "ep" (ep.go): Vázquez-Fernández et al. 2012's evolutionary programming:
//     N players, the best N/2 survive, each survivor makes one child by
//     Michalewicz's non-uniform mutation of every free weight; no crossover.
//   - "history-ea" (ep.go): Prasad et al.'s variant: the best players that
//     left the population are kept in an archive of HistorySize; with
//     probability HistoryPr a child slot is filled from the archive instead of
//     by mutation (the paper's "100·rand(0,1) < Pr" with Pr in percent is
//     HistoryPr = Pr/100).
//   - "hooke-jeeves" (hj.go): Hooke and Jeeves' pattern search as given in
//     Algorithm 3 of Vázquez-Fernández et al. (Δ=30, α=2, ε=0.5).
//   - "mnc" (mnc.go): multi-niche crowding as used by Phoenix: crowding
//     selection (the mate is the phenotypically closest of Cs random
//     individuals), uniform crossover, reset mutation, replacement of the
//     worst among the most similar (Cf groups of S), stop rules of the paper.
//   - "cmaes" (cmaes.go): (μ/μw, λ) CMA-ES after Hansen's tutorial, written
//     here, in the unit cube of the bounds, Jacobi eigendecomposition.
//   - "de" (de.go): differential evolution DE/rand/1/bin.
//   - "pso" (pso.go): global-best particle swarm with constriction
//     coefficients.
//   - "texel" (texel.go): Texel-style coordinate local search (±Step on one
//     parameter at a time, keep improvements, halve the step when a pass
//     fails), meant for the Texel loss.
//   - "adam" (adam.go): gradient ascent with Adam on fitnesses that come with
//     a gradient (the Texel loss); it implements GradientTeller.
//
// Every optimizer implements Refitter (its stored fitness values can be
// replaced after the fitness function changed). defaults.go holds the only
// defaults (Defaults) and what each algorithm reads (Reads: the tuner
// refuses a setting the algorithm would ignore); New uses a Config as given.
//
// hof.go has the HallOfFame and the population Diversity measure used in
// logs; detmath.go the deterministic exp/log and normal deviates.
//
// Where a paper is silent the choice is documented on the Config field that
// controls it.
package opt

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/evochess/evochess/engine/param"
)

// Candidate is one genome as seen by the caller: the decoded integer vector,
// and its fitness when the optimizer already knows it.
type Candidate struct {
	X       []int32 `json:"x"`
	Fitness float64 `json:"fitness"`
	Known   bool    `json:"known,omitempty"`
}

// Clone returns a deep copy of c.
func (c Candidate) Clone() Candidate {
	c.X = slices.Clone(c.X)
	return c
}

// Optimizer is the ask/tell interface shared by every algorithm.
type Optimizer interface {
	// Name returns the algorithm name ("ga", "cmaes", …).
	Name() string
	// Ask returns the current batch. It does not change the optimizer: calling
	// it twice returns equal batches. The slice is a copy the caller may keep.
	Ask() []Candidate
	// Tell gives the fitness of every candidate of the last Ask, in order
	// (values for Known candidates are ignored), and advances one generation.
	Tell(fitness []float64) error
	// Done reports whether the run should stop, and why.
	Done() (bool, string)
	// Best returns the best candidate found so far (for Relative fitness, the
	// best of the latest generation); ok is false before the first Tell.
	Best() (best Candidate, ok bool)
	// Generation returns the number of completed Tell calls.
	Generation() int
	// Evaluations returns the number of fitness evaluations consumed (Known
	// candidates excluded).
	Evaluations() int
	// State serialises the complete optimizer state (JSON).
	State() ([]byte, error)
}

// Config holds the parameters of every algorithm. New uses it exactly as
// given — a zero is a zero, never "the default" — so callers start from
// Defaults(name, specs), which sets every field the algorithm reads to its
// documented default (defaults.go), and change what they mean to change.
type Config struct {
	// Specs gives the dimension, bounds (Min, Max; Min == Max is a fixed
	// parameter), GA bit widths (Bits) and the default start point.
	Specs []param.Spec `json:"specs"`
	// Seed seeds the one PCG stream of the run.
	Seed uint64 `json:"seed"`
	// Stream selects the PCG stream (the second PCG word); runs that must be
	// independent with the same seed use different streams.
	Stream uint64 `json:"stream"`
	// Pop is the population size (λ for CMA-ES, swarm size for PSO).
	Pop int `json:"pop"`
	// Generations caps the number of Tell calls (0: no generation limit; a
	// method without a stop rule of its own then needs MaxEvaluations).
	Generations int `json:"generations"`
	// MaxEvaluations caps fitness evaluations (0: no cap).
	MaxEvaluations int `json:"max_evaluations,omitempty"`
	// Relative marks fitness that is only comparable inside one batch (games
	// between the candidates): nothing is reused and comparisons between
	// parents and children are made inside one batch.
	Relative bool `json:"relative,omitempty"`
	// Init seeds the first individuals (clamped to bounds): the bests of
	// earlier runs for coevolution, the start point of Hooke-Jeeves, texel,
	// CMA-ES (mean) and the first individuals of the other algorithms.
	Init [][]int32 `json:"init,omitempty"`

	// CrossoverRate: GA and MNC probability that a pair is recombined
	// (uniform crossover); DE's CR.
	CrossoverRate float64 `json:"crossover_rate"`
	// MutationRate: GA per-bit flip probability; MNC per-gene reset
	// probability.
	MutationRate float64 `json:"mutation_rate"`
	// Elite: number of best individuals copied unchanged (GA).
	Elite int `json:"elite"`
	// Selection: GA parent selection, "roulette" (fitness-proportional; when
	// some fitness is negative, the weights are f - min + (max-min)/N),
	// "rank" (linear ranking, weight N for the best down to 1) or
	// "tournament" (binary tournament).
	Selection string `json:"selection"`

	// MutationB is the exponent b of Michalewicz's non-uniform mutation
	// Δ(t, y) = y·(1 - r^((1-t/T)^b)) (EP, history-ea). The paper does not
	// give it; Michalewicz's own value b = 5 is the default.
	MutationB float64 `json:"mutation_b"`
	// HistoryPr is the probability that a history-ea child comes from the
	// archive (Prasad et al.'s Pr/100; default 0.1).
	HistoryPr float64 `json:"history_pr"`
	// HistorySize is the archive capacity (default 10, N/2 for N = 20).
	HistorySize int `json:"history_size"`

	// Cs is the MNC crowding-selection group size (default 4); Cf the number
	// of crowding-factor groups and S their size (defaults 4 and 4). Phoenix
	// does not give them; these follow Cedeño's recommendation of small groups.
	Cs int `json:"cs"`
	Cf int `json:"cf"`
	S  int `json:"s"`
	// StallGens: MNC stops when the best chromosome is unchanged this many
	// generations (default 10; 0: no such rule). SlowGens and SlowRate: stop
	// when the best chromosome changes by less than SlowRate (sum of |Δx|
	// over the sum of parameter ranges; default 0.01) for SlowGens
	// generations (default 20; 0: no such rule).
	StallGens int     `json:"stall_gens"`
	SlowGens  int     `json:"slow_gens"`
	SlowRate  float64 `json:"slow_rate"`

	// Delta, Alpha, Epsilon: Hooke-Jeeves increments Δ_i (all equal, default
	// 30), reduction factor α (default 2) and termination ‖Δ‖∞ < ε (default
	// 0.5). Steps are rounded to integers, at least 1.
	Delta   float64 `json:"delta"`
	Alpha   float64 `json:"alpha"`
	Epsilon float64 `json:"epsilon"`

	// Sigma0 is CMA-ES's initial step size in the unit cube (default 0.3).
	Sigma0 float64 `json:"sigma0"`
	// F is DE's differential weight (default 0.5); CrossoverRate is its CR
	// (default 0.9).
	F float64 `json:"f"`
	// Inertia, C1, C2: PSO coefficients (defaults 0.7298, 1.49618, 1.49618);
	// VMax the velocity cap in the unit cube (default 0.2).
	Inertia float64 `json:"inertia"`
	C1      float64 `json:"c1"`
	C2      float64 `json:"c2"`
	VMax    float64 `json:"vmax"`
	// Step is texel's initial step (default 1: Texel's ±1).
	Step int `json:"step"`
	// LR, Beta1, Beta2: Adam's step in weight units (default 1) and moment
	// decay rates (defaults 0.9 and 0.999).
	LR    float64 `json:"lr"`
	Beta1 float64 `json:"beta1"`
	Beta2 float64 `json:"beta2"`
}

// Algorithms returns the names New accepts, in a fixed order.
func Algorithms() []string {
	return []string{"ga", "ep", "history-ea", "hooke-jeeves", "mnc", "cmaes", "de", "pso", "texel", "adam"}
}

// NeedsGradient reports whether algorithm name is driven with the fitness
// gradient (it implements GradientTeller).
func NeedsGradient(name string) bool { return name == "adam" }

// SupportsRelative reports whether algorithm name accepts relative
// (in-batch) fitness: the methods that compare fitness across generations
// (personal bests, a local search's current point, a gradient) do not.
func SupportsRelative(name string) bool {
	switch name {
	case "pso", "adam", "texel", "hooke-jeeves":
		return false
	}
	return true
}

// New builds the named optimizer from cfg exactly as given (see Defaults).
// cfg.Specs must be a valid registry.
func New(name string, cfg Config) (Optimizer, error) {
	if err := param.Validate(cfg.Specs); err != nil {
		return nil, fmt.Errorf("opt: %s: specs: %w", name, err)
	}
	if len(cfg.Specs) == 0 {
		return nil, fmt.Errorf("opt: %s: no parameters", name)
	}
	if err := check(name, cfg); err != nil {
		return nil, err
	}
	b := base{Algo: name, Cfg: cfg}
	b.seedRNG()
	var o interface {
		Optimizer
		setup() error
	}
	switch name {
	case "ga":
		o = &ga{base: b}
	case "ep", "history-ea":
		o = &ep{base: b}
	case "hooke-jeeves":
		o = &hookeJeeves{base: b}
	case "mnc":
		o = &mnc{base: b}
	case "cmaes":
		o = &cmaes{base: b}
	case "de":
		o = &de{base: b}
	case "pso":
		o = &pso{base: b}
	case "texel":
		o = &texel{base: b}
	case "adam":
		o = &adam{base: b}
	default:
		return nil, fmt.Errorf("opt: unknown algorithm %q (have %v)", name, Algorithms())
	}
	if err := o.setup(); err != nil {
		return nil, err
	}
	return o, nil
}

// Restore rebuilds an optimizer from the output of State.
func Restore(state []byte) (Optimizer, error) {
	var head struct{ Algo string }
	if err := json.Unmarshal(state, &head); err != nil {
		return nil, fmt.Errorf("opt: restore: %w", err)
	}
	var o interface {
		Optimizer
		restored() *base
	}
	switch head.Algo {
	case "ga":
		o = &ga{}
	case "ep", "history-ea":
		o = &ep{}
	case "hooke-jeeves":
		o = &hookeJeeves{}
	case "mnc":
		o = &mnc{}
	case "cmaes":
		o = &cmaes{}
	case "de":
		o = &de{}
	case "pso":
		o = &pso{}
	case "texel":
		o = &texel{}
	case "adam":
		o = &adam{}
	default:
		return nil, fmt.Errorf("opt: restore: unknown algorithm %q", head.Algo)
	}
	if err := json.Unmarshal(state, o); err != nil {
		return nil, fmt.Errorf("opt: restore %s: %w", head.Algo, err)
	}
	b := o.restored()
	if err := param.Validate(b.Cfg.Specs); err != nil || len(b.Cfg.Specs) == 0 {
		return nil, fmt.Errorf("opt: restore %s: bad specs: %v", head.Algo, err)
	}
	if b.Algo != head.Algo {
		return nil, fmt.Errorf("opt: restore: algorithm %q in state of %q", b.Algo, head.Algo)
	}
	if err := check(b.Algo, b.Cfg); err != nil {
		return nil, fmt.Errorf("opt: restore: %w", err)
	}
	if b.Cfg.Pop > maxPop || len(b.Pending) > 2*maxPop || b.Gen < 0 || b.Evals < 0 {
		return nil, fmt.Errorf("opt: restore %s: population or counters out of range", head.Algo)
	}
	if len(b.Pending) == 0 {
		return nil, fmt.Errorf("opt: restore %s: no pending candidates", head.Algo)
	}
	if b.HasBest && len(b.BestC.X) != len(b.Cfg.Specs) {
		return nil, fmt.Errorf("opt: restore %s: best of dimension %d", head.Algo, len(b.BestC.X))
	}
	b.pcg = &rand.PCG{}
	if err := b.pcg.UnmarshalBinary(b.RNG); err != nil {
		return nil, fmt.Errorf("opt: restore %s: rng: %w", head.Algo, err)
	}
	b.rng = rand.New(b.pcg)
	for _, c := range b.Pending {
		if len(c.X) != len(b.Cfg.Specs) {
			return nil, fmt.Errorf("opt: restore %s: candidate of dimension %d, want %d", head.Algo, len(c.X), len(b.Cfg.Specs))
		}
	}
	if v, ok := o.(interface{ validate() error }); ok {
		if err := v.validate(); err != nil {
			return nil, fmt.Errorf("opt: restore %s: %w", head.Algo, err)
		}
	}
	return o, nil
}

// maxPop bounds restored populations (a checkpoint is untrusted input).
const maxPop = 1 << 20

// base is the state every optimizer shares. Its exported fields are the
// serialised state; rng is rebuilt from RNG on Restore.
type base struct {
	Algo    string
	Cfg     Config
	Gen     int
	Evals   int
	Pending []Candidate
	BestC   Candidate
	HasBest bool
	Stop    string
	RNG     []byte

	pcg *rand.PCG
	rng *rand.Rand
}

func (b *base) seedRNG() {
	b.pcg = rand.NewPCG(b.Cfg.Seed, b.Cfg.Stream)
	b.rng = rand.New(b.pcg)
}

func (b *base) restored() *base { return b }

func (b *base) Name() string          { return b.Algo }
func (b *base) Generation() int       { return b.Gen }
func (b *base) Evaluations() int      { return b.Evals }
func (b *base) dim() int              { return len(b.Cfg.Specs) }
func (b *base) spec(i int) param.Spec { return b.Cfg.Specs[i] }

func (b *base) Ask() []Candidate {
	out := make([]Candidate, len(b.Pending))
	for i, c := range b.Pending {
		out[i] = c.Clone()
	}
	return out
}

func (b *base) Best() (Candidate, bool) { return b.BestC.Clone(), b.HasBest }

func (b *base) Done() (bool, string) {
	switch {
	case b.Stop != "":
		return true, b.Stop
	case b.Cfg.Generations > 0 && b.Gen >= b.Cfg.Generations:
		return true, fmt.Sprintf("generation limit %d reached", b.Cfg.Generations)
	case b.Cfg.MaxEvaluations > 0 && b.Evals >= b.Cfg.MaxEvaluations:
		return true, fmt.Sprintf("evaluation limit %d reached", b.Cfg.MaxEvaluations)
	}
	return false, ""
}

// state serialises self (the embedding optimizer) after saving the RNG.
func (b *base) state(self any) ([]byte, error) {
	rb, err := b.pcg.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("opt: %s: save rng: %w", b.Algo, err)
	}
	b.RNG = rb
	out, err := json.Marshal(self)
	if err != nil {
		return nil, fmt.Errorf("opt: %s: save state: %w", b.Algo, err)
	}
	return out, nil
}

// accept records the fitness of the pending batch: it checks the length and
// values, keeps the known fitness of Known candidates, counts evaluations,
// updates the best and advances the generation counter. It returns the scored
// batch.
func (b *base) accept(fitness []float64) ([]Candidate, error) {
	if d, why := b.Done(); d {
		return nil, fmt.Errorf("opt: %s: Tell after the run stopped (%s)", b.Algo, why)
	}
	if len(fitness) != len(b.Pending) {
		return nil, fmt.Errorf("opt: %s: Tell got %d fitness values for %d candidates", b.Algo, len(fitness), len(b.Pending))
	}
	scored := make([]Candidate, len(b.Pending))
	for i, c := range b.Pending {
		c = c.Clone()
		if !c.Known {
			f := fitness[i]
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, fmt.Errorf("opt: %s: fitness %d is %v", b.Algo, i, f)
			}
			c.Fitness = f
			c.Known = !b.Cfg.Relative
			b.Evals++
		}
		scored[i] = c
	}
	if b.Cfg.Relative {
		b.HasBest = false
	}
	for _, c := range scored {
		if !b.HasBest || c.Fitness > b.BestC.Fitness {
			b.BestC = c.Clone()
			b.HasBest = true
		}
	}
	b.BestC.Known = true
	b.Gen++
	return scored, nil
}

// running reports whether another batch must be produced after a Tell.
func (b *base) running() bool {
	d, _ := b.Done()
	return !d
}

// randomVector draws a uniform vector within the bounds.
func (b *base) randomVector() []int32 {
	x := make([]int32, b.dim())
	for i, s := range b.Cfg.Specs {
		x[i] = int32(s.Min + b.rng.IntN(s.Max-s.Min+1))
	}
	return x
}

// clamp returns a copy of x limited to the bounds.
func (b *base) clamp(x []int32) []int32 {
	out := make([]int32, b.dim())
	for i, s := range b.Cfg.Specs {
		v := 0
		if i < len(x) {
			v = int(x[i])
		} else {
			v = s.Default
		}
		out[i] = int32(s.Clamp(v))
	}
	return out
}

// initial returns n starting vectors: Cfg.Init first, then uniform random.
func (b *base) initial(n int) [][]int32 {
	out := make([][]int32, 0, n)
	for _, x := range b.Cfg.Init {
		if len(out) == n {
			break
		}
		out = append(out, b.clamp(x))
	}
	for len(out) < n {
		out = append(out, b.randomVector())
	}
	return out
}

// start returns the single start point: Cfg.Init[0] or the defaults.
func (b *base) start() []int32 {
	if len(b.Cfg.Init) > 0 {
		return b.clamp(b.Cfg.Init[0])
	}
	return param.Defaults(b.Cfg.Specs)
}

// toUnit maps x_i into [0, 1] (0 for fixed parameters).
func (b *base) toUnit(i int, v int32) float64 {
	s := b.Cfg.Specs[i]
	if s.Max == s.Min {
		return 0
	}
	return float64(int(v)-s.Min) / float64(s.Max-s.Min)
}

// fromUnit maps u back to the nearest integer within the bounds.
func (b *base) fromUnit(i int, u float64) int32 {
	s := b.Cfg.Specs[i]
	v := float64(s.Min) + float64(u*float64(s.Max-s.Min))
	return int32(s.Clamp(int(math.Round(v))))
}

// sortedByFitness returns the indices of cands, best first; ties keep index
// order.
func sortedByFitness(cands []Candidate) []int {
	idx := make([]int, len(cands))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		fa, fb := cands[a].Fitness, cands[b].Fitness
		switch {
		case fa > fb:
			return -1
		case fa < fb:
			return 1
		}
		return 0
	})
	return idx
}

// Distance is the phenotypic distance used by MNC and the diversity measure:
// the mean over free parameters of |a_i - b_i| / (Max_i - Min_i).
func Distance(specs []param.Spec, a, b []int32) float64 {
	sum, n := 0.0, 0
	for i, s := range specs {
		if s.Max == s.Min || i >= len(a) || i >= len(b) {
			continue
		}
		d := int(a[i]) - int(b[i])
		if d < 0 {
			d = -d
		}
		sum += float64(d) / float64(s.Max-s.Min)
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// Refitter is implemented by every optimizer: its stored fitness values
// (the Known candidates of the pending batch, the best so far, survivors,
// personal bests, an archive, a local search's current and base points)
// can be replaced after the fitness function itself changed, as when the
// tuner re-resolves its quiescence-resolved fitness with a new reference
// (tuner.Problem.Recompile): Refit sets every stored fitness to f(x).
type Refitter interface {
	Refit(f func(x []int32) float64)
}

// refitBase re-scores the Known pending candidates and the best so far.
func (b *base) refitBase(f func(x []int32) float64) {
	for i := range b.Pending {
		if b.Pending[i].Known {
			b.Pending[i].Fitness = f(b.Pending[i].X)
		}
	}
	if b.HasBest {
		b.BestC.Fitness = f(b.BestC.X)
	}
}

// Refit implements Refitter.
func (g *ga) Refit(f func(x []int32) float64) { g.refitBase(f) }

// Refit implements Refitter (history-ea's archive too).
func (e *ep) Refit(f func(x []int32) float64) {
	e.refitBase(f)
	h := HallOfFame{Size: e.Cfg.HistorySize, Entries: e.Archive}
	h.Refit(f)
	e.Archive = h.Entries
}

// Refit implements Refitter (the population and the pending copies).
func (m *mnc) Refit(f func(x []int32) float64) {
	m.refitBase(f)
	for i := range m.Pop {
		m.Pop[i].Fitness = f(m.Pop[i].X)
	}
}

// Refit implements Refitter (the target vectors).
func (d *de) Refit(f func(x []int32) float64) {
	d.refitBase(f)
	for i := range d.Pop {
		d.Pop[i].Fitness = f(d.Pop[i].X)
	}
}

// Refit implements Refitter (personal and global bests).
func (p *pso) Refit(f func(x []int32) float64) {
	p.refitBase(f)
	for i := range p.PBest {
		p.PBest[i].Fitness = f(p.PBest[i].X)
	}
	if p.Has {
		p.GBest.Fitness = f(p.GBest.X)
	}
}

// Refit implements Refitter (the distribution keeps no fitness).
func (c *cmaes) Refit(f func(x []int32) float64) { c.refitBase(f) }

// Refit implements Refitter (the iterate keeps no fitness).
func (a *adam) Refit(f func(x []int32) float64) { a.refitBase(f) }

// Refit implements Refitter (the base and the exploration's current point).
func (h *hookeJeeves) Refit(f func(x []int32) float64) {
	h.refitBase(f)
	if h.Phase != hjStart {
		h.FBase = f(h.Base)
		h.FCur = f(h.Cur)
	}
}

// Refit implements Refitter (the current point).
func (t *texel) Refit(f func(x []int32) float64) {
	t.refitBase(f)
	if t.Started {
		t.FCur = f(t.Cur)
	}
}
