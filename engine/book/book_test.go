package book

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
)

// play returns the start position after the UCI moves.
func play(t testing.TB, moves ...string) *board.Position {
	t.Helper()
	pos := board.NewPosition()
	for _, s := range moves {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		pos.MakeMove(m)
	}
	return pos
}

// TestKeyPublished checks Key against the example keys published with the
// Polyglot book format (book_format.html), which cover castling rights
// lost by a king move and en passant hashed only when a capture is
// possible.
func TestKeyPublished(t *testing.T) {
	tests := []struct {
		moves string
		key   uint64
	}{
		{"", 0x463b96181691fc9c},
		{"e2e4", 0x823c9b50fd114196},
		{"e2e4 d7d5", 0x0756b94461c50fb0},
		{"e2e4 d7d5 e4e5", 0x662fafb965db29d4},
		{"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78},
		{"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1},
		{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9},
		{"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637},
		{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560},
	}
	for _, tc := range tests {
		pos := play(t, strings.Fields(tc.moves)...)
		if got := Key(pos); got != tc.key {
			t.Errorf("after %q: key %016x, want %016x", tc.moves, got, tc.key)
		}
		// The key depends on the position only, not on how it was reached.
		p2, err := board.ParseFEN(pos.FEN())
		if err != nil {
			t.Fatal(err)
		}
		if Key(p2) != tc.key {
			t.Errorf("after %q: key from FEN %016x differs", tc.moves, Key(p2))
		}
	}
}

func TestMoveEncoding(t *testing.T) {
	tests := []struct {
		fen, uci string
		enc      uint16
		text     string
	}{
		{board.StartFEN, "e2e4", uint16(board.E4) | uint16(board.E2)<<6, "e2e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", uint16(board.H1) | uint16(board.E1)<<6, "e1h1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", uint16(board.A1) | uint16(board.E1)<<6, "e1a1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", uint16(board.H8) | uint16(board.E8)<<6, "e8h8"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", uint16(board.A8) | uint16(board.E8)<<6, "e8a8"},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q", uint16(board.A8) | uint16(board.A7)<<6 | 4<<12, "a7a8q"},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8n", uint16(board.A8) | uint16(board.A7)<<6 | 1<<12, "a7a8n"},
	}
	for _, tc := range tests {
		pos, err := board.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := pos.ParseUCIMove(tc.uci)
		if err != nil {
			t.Fatal(err)
		}
		if got := EncodeMove(m); got != tc.enc {
			t.Errorf("%s: encoded %#x, want %#x", tc.uci, got, tc.enc)
		}
		if back, ok := DecodeMove(pos, tc.enc); !ok || back != m {
			t.Errorf("%s: decoded %v %v", tc.uci, back, ok)
		}
		if s := MoveString(tc.enc); s != tc.text {
			t.Errorf("%s: MoveString %q, want %q", tc.uci, s, tc.text)
		}
	}
	if _, ok := DecodeMove(board.NewPosition(), uint16(board.E5)|uint16(board.E2)<<6); ok {
		t.Error("e2e5 decoded in the start position")
	}
}

const miniPGN = `[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 1-0

[Result "1/2-1/2"]

1. e4 c5 2. Nf3 1/2-1/2

[Result "0-1"]

1. d4 d5 0-1

[Result "1-0"]

1. e4 e5 2. Nf3 Nf6 1-0

[Result "*"]

1. c4 *
`

func buildMini(t *testing.T, plies, minGames int) *Book {
	t.Helper()
	b := NewBuilder(plies)
	r := pgn.NewReader(strings.NewReader(miniPGN))
	for {
		g, err := r.Next()
		if err != nil {
			break
		}
		if err := b.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	if b.Games != 4 || b.Skipped != 1 {
		t.Fatalf("games %d skipped %d, want 4 and 1", b.Games, b.Skipped)
	}
	es, err := b.Entries(minGames)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, es); err != nil {
		t.Fatal(err)
	}
	bk, err := Open(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return bk
}

// TestBuildAndProbe builds a book from four games and checks its moves and
// weights (2·wins + draws for the mover) and the weighted pick.
func TestBuildAndProbe(t *testing.T) {
	bk := buildMini(t, 3, 1)
	moves := bk.Moves(board.NewPosition())
	// e4: W, D, W for White → 2+1+2 = 5; d4: L → 0, left out (as
	// Polyglot's make-book leaves it).
	if len(moves) != 1 || moves[0].Move.UCI() != "e2e4" || moves[0].Weight != 5 {
		t.Fatalf("start moves %+v", moves)
	}
	// After 1.e4 Black: e5 (L, L → 0, left out) and c5 (D → 1); after 1.e4 e5
	// White: Nf3 (W, W → 4).
	if ms := bk.Moves(play(t, "e2e4")); len(ms) != 1 || ms[0].Move.UCI() != "c7c5" || ms[0].Weight != 1 {
		t.Errorf("after e4: %+v, want c7c5 alone (e5 lost both games)", ms)
	}
	if ms := bk.Moves(play(t, "e2e4", "e7e5")); len(ms) != 1 || ms[0].Move.UCI() != "g1f3" || ms[0].Weight != 4 {
		t.Errorf("after e4 e5: %+v", ms)
	}
	// Plies: the fourth ply (Nc6 / Nf6) is not in a 3-ply book.
	if _, ok := bk.Probe(play(t, "e2e4", "e7e5", "g1f3"), nil); ok {
		t.Error("ply 4 found in a 3-ply book")
	}
	// min-games 2 keeps only e4 (3 games) and Nf3 after e4 e5 (2); e5 after
	// e4 (2 games) only lost.
	if n := buildMini(t, 3, 2).Len(); n != 2 {
		t.Errorf("min-games 2: %d entries, want 2", n)
	}
	if _, ok := bk.Probe(play(t, "h2h4"), nil); ok {
		t.Error("position outside the book found")
	}
}

// TestProbeWeighted: the pick follows the weights, and a seed fixes it.
func TestProbeWeighted(t *testing.T) {
	pos := board.NewPosition()
	k := Key(pos)
	e4, d4, c4 := uint16(board.E4)|uint16(board.E2)<<6, uint16(board.D4)|uint16(board.D2)<<6, uint16(board.C4)|uint16(board.C2)<<6
	var buf bytes.Buffer
	if err := Write(&buf, []Entry{{Key: k, Move: d4, Weight: 100}, {Key: k, Move: e4, Weight: 300}, {Key: k, Move: c4}, {Key: k + 1, Move: e4, Weight: 9}}); err != nil {
		t.Fatal(err)
	}
	bk, err := Open(&buf)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	rng := rand.New(rand.NewPCG(7, 7))
	for range 4000 {
		m, ok := bk.Probe(pos, rng)
		if !ok {
			t.Fatal("no move")
		}
		count[m.UCI()]++
	}
	if count["c2c4"] != 0 || count["e2e4"] < 2800 || count["e2e4"] > 3200 || count["d2d4"] < 800 || count["d2d4"] > 1200 {
		t.Errorf("picks %v, want about 3000 e4 and 1000 d4", count)
	}
	seq := func() string {
		r := rand.New(rand.NewPCG(42, 0))
		var sb strings.Builder
		for range 20 {
			m, _ := bk.Probe(pos, r)
			sb.WriteString(m.UCI())
		}
		return sb.String()
	}
	if seq() != seq() {
		t.Error("the same seed gave different picks")
	}
}

func TestOpenErrors(t *testing.T) {
	entry := func(key uint64) []byte {
		var b bytes.Buffer
		_ = Write(&b, []Entry{{Key: key, Move: 1, Weight: 1}})
		return b.Bytes()
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"truncated", append(entry(1), 1, 2, 3), "not a multiple of 16"},
		{"unsorted", append(entry(5), entry(3)...), "entry 1 (offset 16)"},
	}
	for _, tc := range tests {
		if _, err := Open(bytes.NewReader(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want %q", tc.name, err, tc.want)
		}
	}
	if b, err := Open(bytes.NewReader(nil)); err != nil || b.Len() != 0 {
		t.Errorf("empty book: %v %v", b, err)
	}
	if _, err := NewBuilder(4).Entries(1); !errors.Is(err, ErrNoGames) {
		t.Errorf("empty builder: %v", err)
	}
}
