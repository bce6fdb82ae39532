package runner

import (
	"context"
	"errors"
	"io"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/wasm/protocol"
)

func presetEntry(name string) protocol.TournamentPlayer {
	return protocol.TournamentPlayer{Name: name, Preset: name}
}

// TestPlayMatch plays a small gauntlet and checks every row against its
// games, the statistics' signs, the snapshots and the determinism.
func TestPlayMatch(t *testing.T) {
	req := &protocol.Match{Player: presetEntry("phoenix-default"), Opponents: []protocol.TournamentPlayer{presetEntry("material"), presetEntry("david-fig3")},
		Games: 6, Depth: 1, MaxPlies: 120, Seed: 5}
	var snaps []protocol.MatchResult
	var games []protocol.Game
	res, err := PlayMatch(context.Background(), req, nil, nil, func(g *protocol.Game, r *protocol.MatchResult) {
		games = append(games, *g)
		c := *r
		c.Rows = append([]protocol.MatchRow(nil), r.Rows...)
		snaps = append(snaps, c)
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Done || len(res.Rows) != 2 || len(games) != 12 || len(snaps) != 12 {
		t.Fatalf("done %v, %d rows, %d games, %d snapshots", res.Done, len(res.Rows), len(games), len(snaps))
	}
	for k, r := range res.Rows {
		if r.Opponent != req.Opponents[k].Name || r.Games != 6 || r.Planned != 6 {
			t.Errorf("row %d: %+v", k, r)
		}
		// The record from the games themselves, from phoenix-default's side.
		var w, d, l int
		for _, g := range games[6*k : 6*k+6] {
			me := g.White == "phoenix-default"
			if !me && g.Black != "phoenix-default" || g.White != r.Opponent && g.Black != r.Opponent {
				t.Fatalf("game %+v is not phoenix-default against %s", g, r.Opponent)
			}
			switch {
			case g.Result == "1/2-1/2":
				d++
			case (g.Result == "1-0") == me:
				w++
			default:
				l++
			}
		}
		if r.Wins != w || r.Draws != d || r.Losses != l {
			t.Errorf("%s: row +%d =%d -%d, games +%d =%d -%d", r.Opponent, r.Wins, r.Draws, r.Losses, w, d, l)
		}
		pairs := 0
		for _, n := range r.Penta {
			pairs += n
		}
		if pairs != 3 {
			t.Errorf("%s: %d pairs, want 3", r.Opponent, pairs)
		}
		if (w > l) != (r.Elo > 0) || r.EloLow > r.Elo || r.EloHigh < r.Elo || r.LOS < 0 || r.LOS > 1 {
			t.Errorf("%s: +%d -%d but Elo %.1f [%.1f, %.1f], LOS %.2f", r.Opponent, w, l, r.Elo, r.EloLow, r.EloHigh, r.LOS)
		}
		if !reflect.DeepEqual(snaps[6*k+5].Rows[k], r) {
			t.Errorf("%s: last snapshot %+v differs from the result %+v", r.Opponent, snaps[6*k+5].Rows[k], r)
		}
	}
	again, err := PlayMatch(context.Background(), req, nil, nil, nil)
	if err != nil || !reflect.DeepEqual(again, res) {
		t.Errorf("a second run differs: %v", err)
	}
	// Each game message carries the game: its moves replay legally from its
	// start position, as many as its plies.
	for _, g := range games {
		fen := g.FEN
		if fen == "" {
			fen = board.StartFEN
		}
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatalf("round %d: start %q: %v", g.Round, g.FEN, err)
		}
		for i, u := range g.Moves {
			m, err := pos.ParseUCIMove(u)
			if err != nil {
				t.Fatalf("round %d, ply %d: %v", g.Round, i+1, err)
			}
			pos.MakeMove(m)
		}
		if len(g.Moves) != g.Plies || g.Plies == 0 {
			t.Errorf("round %d: %d moves, %d plies", g.Round, len(g.Moves), g.Plies)
		}
	}
}

// TestMatchSPRT stops the games against an opponent once the test decides.
func TestMatchSPRT(t *testing.T) {
	req := &protocol.Match{Player: presetEntry("material"), Opponents: []protocol.TournamentPlayer{presetEntry("phoenix-default")},
		Games: 200, Depth: 1, MaxPlies: 120, Seed: 1, SPRT: &protocol.SPRTConfig{Elo0: 0, Elo1: 40, Alpha: 0.05, Beta: 0.05}}
	res, err := PlayMatch(context.Background(), req, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := res.Rows[0]
	if r.SPRT == nil || r.SPRT.Decision != "H0" || r.Games >= 200 || r.Games%2 != 0 {
		t.Fatalf("SPRT did not stop the match early with H0: %+v %+v", r, r.SPRT)
	}
	if r.SPRT.LLR > r.SPRT.Lower {
		t.Errorf("H0 accepted with LLR %.2f above the lower bound %.2f", r.SPRT.LLR, r.SPRT.Lower)
	}
}

// TestMatchBook draws the openings from the bundled Polyglot book through
// the host, and names the book when it cannot be read.
func TestMatchBook(t *testing.T) {
	fetch := func(_ context.Context, url string) (io.ReadCloser, int64, error) {
		if url != protocol.BookPath {
			return nil, 0, errors.New("unexpected url " + url)
		}
		f, err := os.Open("../../assets/" + url)
		return f, 0, err
	}
	req := &protocol.Match{Player: presetEntry("material"), Opponents: []protocol.TournamentPlayer{presetEntry("david-fig3")}, Games: 4, Depth: 1, MaxPlies: 60, Seed: 2, Book: true}
	rec := newRecorder()
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched, Fetch: fetch})
	send(t, s, "m", req)
	res := rec.until(t, "m", protocol.TypeMatchResult)
	for !res.Body.(*protocol.MatchResult).Done {
		res = rec.until(t, "m", protocol.TypeMatchResult)
	}
	if r := res.Body.(*protocol.MatchResult).Rows[0]; r.Games != 4 {
		t.Errorf("book match: %+v", r)
	}
	s2 := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched})
	send(t, s2, "n", req)
	if e := rec.until(t, "n", protocol.TypeError).Body.(*protocol.Error); !strings.Contains(e.Message, protocol.BookPath) {
		t.Errorf("error without the book's path: %q", e.Message)
	}
	s.Wait()
	s2.Wait()
}

// TestMatchResume resumes a gauntlet from the games an earlier run posted
// (cut at several points, with and without an SPRT that decides): the same
// final result as the match never stopped, and only the missing games
// played. Games of another match are refused.
func TestMatchResume(t *testing.T) {
	for _, sprt := range []*protocol.SPRTConfig{nil, {Elo0: 0, Elo1: 150, Alpha: 0.2, Beta: 0.2}} {
		req := &protocol.Match{Player: presetEntry("material"), Opponents: []protocol.TournamentPlayer{presetEntry("phoenix-default"), presetEntry("david-fig3")},
			Games: 8, Depth: 1, MaxPlies: 80, Seed: 3, SPRT: sprt}
		var all []protocol.Game
		whole, err := PlayMatch(context.Background(), req, nil, nil, func(g *protocol.Game, _ *protocol.MatchResult) { all = append(all, *g) })
		if err != nil {
			t.Fatal(err)
		}
		for _, cut := range []int{0, 1, 5, len(all) - 1, len(all)} {
			r := *req
			r.Played = append([]protocol.Game(nil), all[:cut]...)
			if err := r.Validate(); err != nil {
				t.Fatalf("cut %d: %v", cut, err)
			}
			var now []protocol.Game
			res, err := PlayMatch(context.Background(), &r, nil, nil, func(g *protocol.Game, _ *protocol.MatchResult) { now = append(now, *g) })
			if err != nil {
				t.Fatalf("sprt %v, cut %d: %v", sprt != nil, cut, err)
			}
			if !reflect.DeepEqual(res, whole) {
				t.Errorf("sprt %v, cut %d: resumed result %+v, whole %+v", sprt != nil, cut, res, whole)
			}
			if !reflect.DeepEqual(now, all[cut:]) && !(len(now) == 0 && cut == len(all)) {
				t.Errorf("sprt %v, cut %d: played %d games now, want the %d missing", sprt != nil, cut, len(now), len(all)-cut)
			}
		}
		if sprt != nil && whole.Rows[0].Games == 8 && whole.Rows[1].Games == 8 {
			t.Errorf("the SPRT stopped no match early; the test does not cover a decided SPRT")
		}
	}
	base := protocol.Match{Player: presetEntry("material"), Opponents: []protocol.TournamentPlayer{presetEntry("phoenix-default")}, Games: 4, Depth: 1, Seed: 3}
	var first protocol.Game
	if _, err := PlayMatch(context.Background(), &base, nil, nil, func(g *protocol.Game, _ *protocol.MatchResult) {
		if first.Round == 0 {
			first = *g
		}
	}); err != nil {
		t.Fatal(err)
	}
	swapped := first
	swapped.White, swapped.Black = first.Black, first.White
	twice := []protocol.Game{first, first}
	for _, c := range []struct {
		name   string
		played []protocol.Game
		want   string
	}{
		{"stranger", []protocol.Game{{Round: 1, White: "material", Black: "prasad-table1", Result: "1-0"}}, "not a game of this match"},
		{"colours", []protocol.Game{swapped}, "the other colours"},
		{"twice", twice, "given twice"},
	} {
		r := base
		r.Played = c.played
		if _, err := PlayMatch(context.Background(), &r, nil, nil, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// TestTournamentResume resumes a round robin from the games an earlier run
// posted: the same standings as the round robin never stopped, only the
// missing games played; a game of other players is refused.
func TestTournamentResume(t *testing.T) {
	req := &protocol.Tournament{Players: []protocol.TournamentPlayer{presetEntry("material"), presetEntry("phoenix-default"), presetEntry("david-fig3")},
		GamesPerPair: 4, Depth: 1, MaxPlies: 80, Seed: 2}
	var all []protocol.Game
	whole, err := PlayTournament(context.Background(), req, nil, 1, func(g *protocol.Game) { all = append(all, *g) })
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 12 {
		t.Fatalf("%d games, want 12", len(all))
	}
	for _, cut := range []int{1, 7, 12} {
		r := *req
		r.Played = append([]protocol.Game(nil), all[:cut]...)
		if err := r.Validate(); err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		var now []protocol.Game
		res, err := PlayTournament(context.Background(), &r, nil, 1, func(g *protocol.Game) { now = append(now, *g) })
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		if !reflect.DeepEqual(res, whole) {
			t.Errorf("cut %d: resumed %+v, whole %+v", cut, res, whole)
		}
		if len(now) != 12-cut || (len(now) > 0 && !reflect.DeepEqual(now, all[cut:])) {
			t.Errorf("cut %d: %d games played now, want the %d missing", cut, len(now), 12-cut)
		}
	}
	r := *req
	stranger := all[0]
	stranger.White = "prasad-table1"
	r.Played = []protocol.Game{stranger}
	if _, err := PlayTournament(context.Background(), &r, nil, 1, nil); err == nil || !strings.Contains(err.Error(), "not this request's") {
		t.Errorf("a game of another player: error %v", err)
	}
}
