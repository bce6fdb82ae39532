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
