package arena

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
)

func TestRoundRobinSchedule(t *testing.T) {
	tests := []struct{ players, perPair, openings int }{
		{2, 4, 10}, {3, 2, 5}, {4, 3, 0}, {20, 1, 100}, {5, 4, 3},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc), func(t *testing.T) {
			s := RoundRobinSchedule(tc.players, tc.perPair, tc.openings, 7)
			if want := tc.players * (tc.players - 1) / 2 * tc.perPair; len(s) != want {
				t.Fatalf("%d games, want %d", len(s), want)
			}
			if !reflect.DeepEqual(s, RoundRobinSchedule(tc.players, tc.perPair, tc.openings, 7)) {
				t.Error("schedule not deterministic")
			}
			whites := make([]int, tc.players)
			games := make([]int, tc.players)
			for i, p := range s {
				whites[p.White]++
				games[p.White]++
				games[p.Black]++
				if p.Opening < 0 || p.Opening >= max(tc.openings, 1) {
					t.Fatalf("game %d: opening %d out of range", i, p.Opening)
				}
				// Consecutive games of a pair share the opening with colours swapped.
				if i%tc.perPair%2 == 1 {
					q := s[i-1]
					if q.Opening != p.Opening || q.White != p.Black || q.Black != p.White {
						t.Errorf("games %d and %d: %+v then %+v, want the same opening with colours reversed", i-1, i, q, p)
					}
				}
			}
			for i := range games {
				if games[i] != (tc.players-1)*tc.perPair {
					t.Errorf("player %d plays %d games", i, games[i])
				}
				if d := 2*whites[i] - games[i]; d < -tc.players || d > tc.players {
					t.Errorf("player %d: %d of %d games with white", i, whites[i], games[i])
				}
			}
		})
	}
	if a, b := RoundRobinSchedule(3, 2, 50, 1), RoundRobinSchedule(3, 2, 50, 2); reflect.DeepEqual(a, b) {
		t.Error("different seeds gave the same openings")
	}
}

func fakePlayers(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		seed := uint64(i + 1)
		ps[i] = fakePlayer(fmt.Sprintf("fake%d", i), func() *fakeEngine { return newFake("", seed) })
	}
	return ps
}

func testOpenings() []Opening {
	return []Opening{
		StartOpening(),
		{Name: "e4", FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{Name: "d4", FEN: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"},
	}
}

// TestRoundRobinDeterministic runs the same tournament with 1 and 3 workers:
// results, tables and PGN must be identical.
func TestRoundRobinDeterministic(t *testing.T) {
	run := func(conc int) (*Results, string) {
		var pgnBuf bytes.Buffer
		var progress int
		cfg := Config{Game: GameConfig{Limits: Limits{Depth: 1}, Adjudication: DefaultAdjudication()},
			Openings: testOpenings(), Seed: 3, Concurrency: conc, PGN: &pgnBuf,
			Progress: func(p Progress) {
				progress++
				if p.Done != progress || p.Total != 12 || p.Game == nil {
					t.Errorf("progress %+v after %d calls", p, progress)
				}
			}}
		res, err := RoundRobin(context.Background(), fakePlayers(3), 4, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if progress != 12 {
			t.Errorf("%d progress calls, want 12", progress)
		}
		return res, pgnBuf.String()
	}
	a, pa := run(1)
	b, pb := run(3)
	if pa != pb {
		t.Error("PGN differs between 1 and 3 workers")
	}
	if !reflect.DeepEqual(a.Pair, b.Pair) || !reflect.DeepEqual(a.Table, b.Table) {
		t.Errorf("results differ: %v vs %v", a.Table, b.Table)
	}
	total := 0
	for _, p := range a.Points() {
		total += p
	}
	if total != 2*12 {
		t.Errorf("points sum to %d half-points, want 24", total)
	}
	for i := range a.Players {
		for j := range a.Players {
			if a.Pair[i][j] != a.Pair[j][i].Flip() {
				t.Errorf("pair (%d,%d) %v not the mirror of %v", i, j, a.Pair[i][j], a.Pair[j][i])
			}
		}
	}
	for i, g := range a.Games {
		if g.Index != i {
			t.Errorf("game %d has index %d", i, g.Index)
		}
	}
}

func TestRunErrors(t *testing.T) {
	ok := fakePlayers(2)
	failing := Player{Name: "broken", New: func(context.Context) (Engine, error) { return nil, errors.New("no such engine") }}
	cfg := Config{Game: GameConfig{Limits: Limits{Depth: 1}}}
	tests := []struct {
		name     string
		players  []Player
		schedule []Pairing
		cfg      Config
	}{
		{"one player", ok[:1], nil, cfg},
		{"no limits", ok, []Pairing{{0, 1, 0}}, Config{}},
		{"bad player index", ok, []Pairing{{0, 2, 0}}, cfg},
		{"self pairing", ok, []Pairing{{1, 1, 0}}, cfg},
		{"bad opening", ok, []Pairing{{0, 1, 1}}, cfg},
		{"factory fails", []Player{ok[0], failing}, []Pairing{{0, 1, 0}, {1, 0, 0}}, cfg},
		{"nil factory", []Player{ok[0], {Name: "x"}}, []Pairing{{0, 1, 0}}, cfg},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Run(context.Background(), tc.players, tc.schedule, tc.cfg); err == nil {
				t.Error("no error")
			}
		})
	}
	if _, err := RoundRobin(context.Background(), ok, 0, cfg); err == nil {
		t.Error("0 games per pair accepted")
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{Game: GameConfig{Limits: Limits{Depth: 1}}, Concurrency: 2,
		Progress: func(p Progress) {
			if p.Done == 2 {
				cancel()
			}
		}}
	_, err := RoundRobin(ctx, fakePlayers(3), 10, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// The error carries the finished games' standings (evochess match
	// prints them when interrupted).
	var st *StoppedError
	if !errors.As(err, &st) || st.Total != 30 || st.Partial == nil || len(st.Partial.Games) != st.Finished || st.Finished < 2 {
		t.Fatalf("err %#v, want a StoppedError with the finished games", err)
	}
	played := 0
	for i := range st.Partial.Players {
		played += st.Partial.Total(i).Games()
	}
	if played != 2*st.Finished || len(st.Partial.Table) != 3 || len(st.Partial.Schedule) != st.Finished {
		t.Errorf("partial standings count %d player-games for %d games", played, st.Finished)
	}
}

// TestBrokenEngineReplaced: an engine that fails loses that game and is
// replaced by a fresh one for the next game.
func TestBrokenEngineReplaced(t *testing.T) {
	var made atomic.Int32
	flaky := Player{Name: "flaky", New: func(context.Context) (Engine, error) {
		f := newFake("", 9)
		if made.Add(1) == 1 {
			f.failAt = 0 // the first engine fails on its first move
		}
		return f, nil
	}}
	res, err := Run(context.Background(), []Player{flaky, fakePlayers(1)[0]},
		[]Pairing{{0, 1, 0}, {0, 1, 0}}, Config{Game: GameConfig{Limits: Limits{Depth: 1}}, Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	if g := res.Games[0]; g.Result != BlackWins || g.Termination != EngineFailure {
		t.Errorf("game 1: %v by %q, want a loss by engine failure", g.Result, g.Termination)
	}
	if g := res.Games[1]; g.Termination == EngineFailure {
		t.Errorf("game 2 also failed: %s", g.Detail)
	}
	if made.Load() != 2 {
		t.Errorf("%d engines made, want 2", made.Load())
	}
}

func inProcessPlayer(t testing.TB, name, preset string) Player {
	t.Helper()
	p, err := eval.LookupPreset(preset)
	if err != nil {
		t.Fatal(err)
	}
	s, err := eval.Lookup(p.Scheme)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := InProcess{Name: name, Scheme: s, Weights: p.Weights, Search: search.DefaultParams()}.Player()
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// TestInProcessDeterministic: in-process engines at fixed depth give the same
// games whatever the concurrency.
func TestInProcessDeterministic(t *testing.T) {
	players := []Player{inProcessPlayer(t, "material", "material"), inProcessPlayer(t, "fig3", "david-fig3")}
	run := func(conc int) string {
		var buf bytes.Buffer
		cfg := Config{Game: GameConfig{Limits: Limits{Depth: 2}, Adjudication: DefaultAdjudication()},
			Openings: testOpenings(), Seed: 1, Concurrency: conc, PGN: &buf}
		res, err := RoundRobin(context.Background(), players, 4, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range res.Games {
			replay(t, g)
		}
		return buf.String()
	}
	if a, b := run(1), run(2); a != b {
		t.Errorf("PGN differs between 1 and 2 workers:\n%s\n---\n%s", a, b)
	}
}

func TestRandomSchedule(t *testing.T) {
	tests := []struct{ players, minGames, openings int }{
		{20, 3, 200}, {5, 1, 0}, {2, 4, 3}, {7, 6, 10},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc), func(t *testing.T) {
			s := RandomSchedule(tc.players, tc.minGames, tc.openings, 11)
			if !reflect.DeepEqual(s, RandomSchedule(tc.players, tc.minGames, tc.openings, 11)) {
				t.Error("not deterministic")
			}
			games := make([]int, tc.players)
			whites := make([]int, tc.players)
			for _, p := range s {
				if p.White == p.Black || p.Opening >= max(tc.openings, 1) {
					t.Fatalf("bad pairing %+v", p)
				}
				games[p.White]++
				games[p.Black]++
				whites[p.White]++
			}
			for i, g := range games {
				if g < tc.minGames {
					t.Errorf("player %d plays %d games, want >= %d", i, g, tc.minGames)
				}
				if d := 2*whites[i] - g; d < -2 || d > 2 {
					t.Errorf("player %d: %d whites in %d games", i, whites[i], g)
				}
			}
			// One round per minGames at most (plus the odd player's extra games).
			if limit := tc.minGames * (tc.players + 1) / 2 * 2; len(s) > limit {
				t.Errorf("%d games for %d players, more than %d", len(s), tc.players, limit)
			}
		})
	}
	if RandomSchedule(1, 3, 0, 1) != nil || RandomSchedule(4, 0, 0, 1) != nil {
		t.Error("degenerate arguments gave games")
	}
	if reflect.DeepEqual(RandomSchedule(10, 3, 0, 1), RandomSchedule(10, 3, 0, 2)) {
		t.Error("seed ignored")
	}
}

func TestFromPlayer(t *testing.T) {
	p, err := player.FromPreset("david-fig3")
	if err != nil {
		t.Fatal(err)
	}
	a, err := FromPlayer(p, "", 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := FromPlayer(p, "renamed", 1)
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "david-fig3" || b.Name != "renamed" {
		t.Errorf("names %q, %q", a.Name, b.Name)
	}
	// The same player under two names plays identical games from mirrored
	// colours: the match is even.
	res, err := Match(context.Background(), a, b, 2, Config{Game: GameConfig{Limits: Limits{Depth: 1}, Adjudication: DefaultAdjudication()}})
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Pair[0][1]; s.Wins != s.Losses {
		t.Errorf("self-play from both colours of one opening: %v, want symmetric", s)
	}
	bad := &player.Player{Version: player.Version, Scheme: "nonsense"}
	if _, err := FromPlayer(bad, "", 1); err == nil {
		t.Error("player with an unknown scheme accepted")
	}
}
