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

// TestSearchMultiPV: a search with MultiPV 3 answers three lines of distinct
// legal first moves, best first, the first the move played, each info
// ranked; the same request gives the same lines (the Play tab's best lines
// are deterministic); a position with fewer legal moves gives fewer lines.
func TestSearchMultiPV(t *testing.T) {
	rec := newRecorder()
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched})
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	pos, _ := board.ParseFEN(fen)
	var first []protocol.SearchLine
	for _, id := range []string{"l1", "l2"} {
		send(t, s, id, &protocol.Search{FEN: fen, Depth: 4, MultiPV: 3})
		bm := rec.until(t, id, protocol.TypeBestMove).Body.(*protocol.BestMove)
		if len(bm.Lines) != 3 || bm.Lines[0].PV[0] != bm.Move || bm.Lines[0].Score != bm.Score {
			t.Fatalf("bestmove %+v", bm)
		}
		seen := map[string]bool{}
		for k, l := range bm.Lines {
			if _, err := pos.ParseUCIMove(l.PV[0]); err != nil || seen[l.PV[0]] {
				t.Errorf("line %d %v: %v (seen %v)", k+1, l.PV, err, seen)
			}
			seen[l.PV[0]] = true
			if k > 0 && l.Score > bm.Lines[k-1].Score {
				t.Errorf("line %d scores %d above line %d's %d", k+1, l.Score, k, bm.Lines[k-1].Score)
			}
		}
		ranks := map[int]int{}
		for _, m := range rec.of(id) {
			if in, ok := m.Body.(*protocol.Info); ok {
				ranks[in.MultiPV]++
			}
		}
		if ranks[0] != 0 || ranks[1] != 4 || ranks[2] != 4 || ranks[3] != 4 {
			t.Errorf("info ranks %v, want 4 of each of 1..3", ranks)
		}
		if first == nil {
			first = bm.Lines
		} else if !reflect.DeepEqual(first, bm.Lines) {
			t.Errorf("same request, other lines:\n%+v\n%+v", first, bm.Lines)
		}
	}
	// Two legal moves: two lines.
	send(t, s, "l3", &protocol.Search{FEN: "7k/8/8/8/8/8/8/K6r w - - 0 1", Depth: 3, MultiPV: 3})
	if bm := rec.until(t, "l3", protocol.TypeBestMove).Body.(*protocol.BestMove); len(bm.Lines) != 2 {
		t.Errorf("two legal moves: %+v", bm)
	}
	// A single-line search carries no lines.
	send(t, s, "l4", &protocol.Search{FEN: fen, Depth: 2})
	if bm := rec.until(t, "l4", protocol.TypeBestMove).Body.(*protocol.BestMove); bm.Lines != nil {
		t.Errorf("single line: %+v", bm)
	}
	s.Wait()
}
