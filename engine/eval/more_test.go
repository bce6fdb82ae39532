package eval

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
)

// trickyFENs reads testdata/tricky.epd: positions with many queens, pawns on
// the seventh, bare kings, en passant and the usual perft test positions.
func trickyFENs(t testing.TB) []string {
	t.Helper()
	f, err := os.Open("testdata/tricky.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 {
			continue
		}
		out = append(out, strings.Join(fields[:4], " ")+" 0 1")
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func checkPosition(t *testing.T, s Scheme, w []int32, pos *board.Position) {
	t.Helper()
	e, err := New(s, w)
	if err != nil {
		t.Fatal(err)
	}
	fs := s.Features(pos, nil)
	want := FloorDiv(Dot(w, fs), s.Scale())
	if got := e.White(pos); got != want {
		t.Errorf("%s %s: White %d, features give %d", s.Name(), pos.FEN(), got, want)
	}
	m, err := board.ParseFEN(mirrorFEN(t, pos.FEN()))
	if err != nil {
		return // the mirror of an odd position may not parse; nothing to compare
	}
	a, b := dense(fs, len(w)), dense(s.Features(m, nil), len(w))
	for i := range a {
		if a[i] != -b[i] {
			t.Errorf("%s %s: %s = %d, mirror %d", s.Name(), pos.FEN(), s.Params()[i].Name, a[i], b[i])
		}
	}
}

func TestTrickyPositions(t *testing.T) {
	for _, fen := range trickyFENs(t) {
		pos := mustFEN(t, fen)
		for _, s := range Schemes() {
			checkPosition(t, s, param.Defaults(s.Params()), pos)
			checkPosition(t, s, RandomWeights(s, 11), pos)
		}
	}
}

// FuzzFeatures feeds arbitrary FENs to every scheme: no panic, Evaluate
// equals the dot product of the features, mirror symmetry.
func FuzzFeatures(f *testing.F) {
	for _, fen := range trickyFENs(f) {
		f.Add(fen)
	}
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1")
	f.Add("PPPPPPPP/8/8/8/8/8/8/pppppppp w - - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			return
		}
		for _, s := range Schemes() {
			checkPosition(t, s, RandomWeights(s, 3), pos)
		}
	})
}

func TestTrace(t *testing.T) {
	e, err := NewDefault(materialScheme)
	if err != nil {
		t.Fatal(err)
	}
	// 1.e4 d5 2.exd5: White is a pawn up.
	pos := mustFEN(t, "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2")
	tr := e.Trace(pos)
	if len(tr) != 5 {
		t.Fatalf("trace has %d terms, want 5: %+v", len(tr), tr)
	}
	p := tr[0]
	if p.Name != "PawnValue" || p.White != 8 || p.Black != 7 || p.Raw != 100 || p.Centipawns() != 100 || p.Weight != 100 {
		t.Errorf("pawn term = %+v", p)
	}
	for _, q := range tr[1:] {
		if q.Raw != 0 || q.White != q.Black {
			t.Errorf("term %+v should cancel", q)
		}
	}
	if e.Evaluate(pos) != -100 || e.White(pos) != 100 {
		t.Errorf("Evaluate = %d (Black to move), White = %d", e.Evaluate(pos), e.White(pos))
	}
	// Scaled scheme: a Vázquez mobility term is reported in centipawns.
	v, _ := NewDefault(vazquezScheme)
	for _, tv := range v.Trace(board.NewPosition()) {
		if tv.Name == "KnightMobility" {
			if tv.White != 4 || tv.Black != 4 || tv.Raw != 0 || tv.Scale != vazquezScale {
				t.Errorf("KnightMobility term = %+v", tv)
			}
		}
	}
}

func TestCloneIsIndependent(t *testing.T) {
	e, _ := NewDefault(vazquezScheme)
	c := e.Clone()
	positions := randomGamePositions(t, 5, 50)
	for _, p := range positions {
		if e.Evaluate(p) != c.Evaluate(p) {
			t.Fatalf("clone disagrees on %s", p.FEN())
		}
	}
	w := e.Weights()
	w[1] = 0
	if e.Weights()[1] == 0 {
		t.Error("Weights returned the evaluator's own slice")
	}
}

// TestScoresAreCentipawns zeroes every non-material weight and checks that
// an extra pawn is worth 100 in every scheme (prasad38's 50-point pawn is
// reported as 100 centipawns).
func TestScoresAreCentipawns(t *testing.T) {
	pos := mustFEN(t, "4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1")
	for _, s := range Schemes() {
		w := param.Defaults(s.Params())
		for i, sp := range s.Params() {
			if sp.Group != "material" {
				w[i] = 0
			}
		}
		e, err := New(s, w)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.White(pos); got != 100 {
			t.Errorf("%s: a pawn up = %d, want 100", s.Name(), got)
		}
	}
}
