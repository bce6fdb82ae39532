package runner

import (
	"context"
	"errors"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/strength"
	"github.com/evochess/evochess/wasm/protocol"
)

// TestSearchEloAndBook: a search with Elo plays a legal move that depends
// only on the request (seed included); with Book it answers from the
// bundled book at the start and searches once out of book; a bad Elo is
// refused by the protocol.
func TestSearchEloAndBook(t *testing.T) {
	fetch := func(_ context.Context, url string) (io.ReadCloser, int64, error) {
		if url != protocol.BookPath {
			return nil, 0, errors.New("unexpected url " + url)
		}
		f, err := os.Open("../../assets/" + url)
		return f, 0, err
	}
	rec := newRecorder()
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched, Fetch: fetch})
	fen := "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"
	pos, _ := board.ParseFEN(fen)
	var moves []string
	for _, id := range []string{"e1", "e2"} {
		send(t, s, id, &protocol.Search{FEN: fen, Elo: strength.MinElo + 100, Seed: 11, MoveTimeMS: 60000})
		bm := rec.until(t, id, protocol.TypeBestMove).Body.(*protocol.BestMove)
		if _, err := pos.ParseUCIMove(bm.Move); err != nil || bm.Book {
			t.Fatalf("level move %+v: %v", bm, err)
		}
		moves = append(moves, bm.Move)
	}
	if moves[0] != moves[1] {
		t.Errorf("same request, different moves: %v", moves)
	}
	send(t, s, "b1", &protocol.Search{Book: true, Depth: 2, Seed: 4})
	if bm := rec.until(t, "b1", protocol.TypeBestMove).Body.(*protocol.BestMove); !bm.Book || bm.Depth != 0 {
		t.Errorf("start position with Book: %+v", bm)
	}
	send(t, s, "b2", &protocol.Search{Book: true, Depth: 2, FEN: "8/5pk1/6p1/8/3R4/6P1/5PK1/1r6 b - - 0 40"})
	if bm := rec.until(t, "b2", protocol.TypeBestMove).Body.(*protocol.BestMove); bm.Book || bm.Depth != 2 {
		t.Errorf("out of book: %+v", bm)
	}
	s.Handle([]byte(`{"v":1,"type":"search","id":"x","data":{"elo":-5}}`))
	if e := rec.until(t, "x", protocol.TypeError).Body.(*protocol.Error); !strings.Contains(e.Message, "elo") {
		t.Errorf("negative elo: %q", e.Message)
	}
	s2 := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched})
	send(t, s2, "n", &protocol.Search{Book: true})
	if e := rec.until(t, "n", protocol.TypeError).Body.(*protocol.Error); !strings.Contains(e.Message, protocol.BookPath) {
		t.Errorf("no fetch: %q", e.Message)
	}
	s.Wait()
	s2.Wait()
}
