package arena

import (
	"context"
	"fmt"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/engine/strength"
)

// InProcess configures an engine running inside this process: an
// evaluation scheme with a weight vector and search parameters. At a fixed
// depth or node count its games are deterministic.
type InProcess struct {
	Name    string
	Scheme  eval.Scheme
	Weights []int32 // one per Scheme.Params()
	Search  search.Params
	HashMB  int // transposition table per engine in MiB (default 1)
	// Yield is installed as search.Searcher.Yield. Nil means the platform
	// default: nothing natively, a 1 ms sleep on js/wasm so that the event
	// loop can deliver a cancellation.
	Yield func()
	// Level limits the playing strength (engine/strength; the zero Level
	// is full strength). Its noisy choices are seeded by Seed and the
	// position, so games stay deterministic at fixed limits whatever the
	// worker that plays them.
	Level strength.Level
	Seed  uint64
}

// Player validates c and returns a Player creating engines from it.
func (c InProcess) Player() (Player, error) {
	if _, err := eval.New(c.Scheme, c.Weights); err != nil {
		return Player{}, fmt.Errorf("arena: player %s: %w", c.Name, err)
	}
	if err := c.Search.Validate(); err != nil {
		return Player{}, fmt.Errorf("arena: player %s: %w", c.Name, err)
	}
	c.Weights = append([]int32(nil), c.Weights...)
	return Player{Name: c.Name, New: func(context.Context) (Engine, error) { return c.NewEngine() }}, nil
}

// NewEngine returns an engine for c.
func (c InProcess) NewEngine() (Engine, error) {
	ev, err := eval.New(c.Scheme, c.Weights)
	if err != nil {
		return nil, fmt.Errorf("arena: player %s: %w", c.Name, err)
	}
	hash := c.HashMB
	if hash <= 0 {
		hash = 1
	}
	s := search.NewSearcher(ev, c.Search, hash)
	s.Prefault() // the table's pages mapped now, before any game clock runs
	s.Yield = c.Yield
	if s.Yield == nil {
		s.Yield = defaultYield()
	}
	return &inProcessEngine{name: c.Name, s: s, level: c.Level, seed: c.Seed}, nil
}

// inProcessEngine is an Engine over a search.Searcher.
type inProcessEngine struct {
	name  string
	s     *search.Searcher
	level strength.Level
	seed  uint64
}

func (e *inProcessEngine) Name() string { return e.name }

// NewGame clears the searcher, so every game starts from the same state.
func (e *inProcessEngine) NewGame(context.Context) error {
	e.s.Clear()
	return nil
}

func (e *inProcessEngine) Go(ctx context.Context, req Request) (Reply, error) {
	l := req.Limits
	lim := search.Limits{Depth: l.Depth, Nodes: uint64(l.Nodes), MoveTime: l.MoveTime}
	if l.Timed() {
		lim.WTime, lim.BTime, lim.WInc, lim.BInc = req.WTime, req.BTime, l.Inc, l.Inc
		lim.MovesToGo = req.MovesToGo
	}
	res := strength.Search(ctx, e.s, req.Position, lim, e.level, e.seed, nil)
	if err := ctx.Err(); err != nil { // cut short by the game's deadline or cancelled
		return Reply{}, fmt.Errorf("arena: %s: search stopped: %w", e.name, err)
	}
	return Reply{Move: res.Best, HasScore: res.Depth > 0, Score: res.Score, Mate: res.Mate, Depth: res.Depth, Nodes: res.Nodes,
		Ponder: res.Ponder}, nil
}

func (e *inProcessEngine) Close() error { return nil }
