package eval

import (
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/internal/shareddata"
)

// modernCounts returns each modern term's natural count for White and
// Black, by term name, and the phase.
func modernCounts(pos *board.Position) (map[string][2]int32, int32) {
	var cnt [2][mdTerms]int32
	ph, _ := modern.counts(pos, &cnt)
	out := map[string][2]int32{}
	for t, term := range modernTerms {
		if cnt[0][t] != 0 || cnt[1][t] != 0 {
			out[term.name] = [2]int32{cnt[0][t], cnt[1][t]}
		}
	}
	return out, ph
}

// modernCase is a hand-checked position: want lists (White, Black) natural
// counts; with exact set, every term not listed must be zero.
type modernCase struct {
	name, fen string
	phase     int32
	want      map[string][2]int32
	exact     bool
}

func runModernCases(t *testing.T, cases []modernCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos := mustFEN(t, c.fen)
			got, ph := modernCounts(pos)
			if ph != c.phase {
				t.Errorf("phase %d, want %d", ph, c.phase)
			}
			for name, w := range c.want {
				if param.Index(modern.specs, "mg."+name) < 0 {
					t.Fatalf("no term %s", name)
				}
				if got[name] != w {
					t.Errorf("%s = %v, want %v (white, black)", name, got[name], w)
				}
			}
			if c.exact {
				for name, v := range got {
					if _, ok := c.want[name]; !ok && !strings.HasPrefix(name, "pst.") {
						t.Errorf("%s = %v, want zero", name, v)
					}
				}
			}
			// The colour-flipped mirror swaps the counts.
			m := mustFEN(t, mirrorFEN(t, c.fen))
			gm, mph := modernCounts(m)
			if mph != ph {
				t.Errorf("mirror phase %d", mph)
			}
			for name, w := range got {
				if name == "tempo" {
					continue // the mirror has the other side to move: checked below
				}
				if gm[name] != [2]int32{w[1], w[0]} {
					t.Errorf("mirror %s: %s = %v, want %v", m.FEN(), name, gm[name], [2]int32{w[1], w[0]})
				}
			}
		})
	}
}

// TestModernFeatures checks every modern term on positions counted by hand.
// Piece-square names: knights, bishops, rooks and queens on files a–d read
// the mirrored e–h square (Nb1 → pst.knight.g1); Black reads the
// rank-mirrored square (e7 → e2).
func TestModernFeatures(t *testing.T) {
	runModernCases(t, []modernCase{
		{
			name: "start", fen: board.StartFEN, phase: 24, exact: true,
			want: map[string][2]int32{
				"pawn": {8, 8}, "knight": {2, 2}, "bishop": {2, 2}, "rook": {2, 2}, "queen": {1, 1},
				"pst.pawn.a2": {1, 1}, "pst.pawn.e2": {1, 1}, "pst.pawn.h2": {1, 1},
				"pst.knight.g1": {2, 2}, "pst.bishop.f1": {2, 2}, "pst.rook.h1": {2, 2}, "pst.queen.e1": {1, 1}, "pst.king.e1": {1, 1},
				// Nb1 reaches a3 and c3 (d2 is its own); nothing else moves.
				"mob.knight.2": {2, 2}, "mob.bishop.0": {2, 2}, "mob.rook.0": {2, 2}, "mob.queen.0": {1, 1},
				"pawn.phalanx.r2": {8, 8},
				// Ke1: d2, e2, f2 one rank ahead; the enemy pawns six ranks ahead.
				"king.shield.1": {3, 3}, "king.storm.4": {3, 3},
				// Bc1 (dark) with four dark pawns, Bf1 (light) with four light ones.
				"bishop.pair": {1, 1}, "bishop.pawns": {8, 8},
				"tempo": {1, 0},
			},
		},
		{
			// White: Ke1, pawns a2 a3 e3 c4 d4 h5; Black: Ke8, h7. Phase 0.
			name: "pawns", fen: "4k3/7p/8/7P/2PP4/P3P3/P7/4K3 w - - 0 1", phase: 0, exact: true,
			want: map[string][2]int32{
				"pawn": {6, 1}, "pst.king.e1": {1, 1}, "pst.pawn.a3": {1, 0}, "pst.pawn.h2": {0, 1},
				"pawn.doubled":      {1, 0}, // a2 behind a3
				"pawn.isolated":     {3, 1}, // a2, a3, h5; h7
				"pawn.phalanx.r4":   {2, 0}, // c4, d4
				"pawn.supported.r4": {1, 0}, // d4 by e3
				// Passed: a2 (rank 2), a3 and e3 (3), c4 and d4 (4); h5 is
				// stopped by h7. Free paths: a3, c4, d4 (a3 blocks a2, Ke8
				// blocks e3). Safe: a3 and c4 (Ke8 attacks d7 and d8).
				"passed.r2": {1, 0}, "passed.r3": {2, 0}, "passed.r4": {2, 0},
				"passed.free.r3": {1, 0}, "passed.free.r4": {2, 0},
				"passed.safe.r3": {1, 0}, "passed.safe.r4": {1, 0},
				// Stop squares a3 a4 e4 c5 d5: from e1 4+4+3+4+4, from e8 5+4+4+3+3.
				"passed.king.own": {19, 0}, "passed.king.enemy": {19, 0},
				// Ke1 on files d, e, f: d4 three ranks ahead, e3 two, none on f.
				// Ke8: no own pawn ahead on d, e, f; d4 and e3 storm from 4+ ranks.
				"king.shield.2": {1, 0}, "king.shield.3": {1, 0}, "king.shield.none": {1, 3},
				"king.storm.4":   {0, 2},
				"king.file.open": {1, 1}, "king.file.semiopen": {0, 2},
				"tempo": {1, 0},
			},
		},
		{
			// White: Kg1 Qd1 Rb7, pawns c4 f2 g2 h2; Black: Kg8 Nd5, pawns f7 g7 h7.
			name: "pieces", fen: "6k1/1R3ppp/8/3n4/2P5/8/5PPP/3Q2K1 w - - 0 1", phase: 7, exact: true,
			want: map[string][2]int32{
				"pawn": {4, 3}, "knight": {0, 1}, "rook": {1, 0}, "queen": {1, 0},
				"pst.rook.g7": {1, 0}, "pst.queen.e1": {1, 0}, "pst.knight.e4": {0, 1}, "pst.king.g1": {1, 1},
				// Rb7: b8, b6–b1, a7, c7–f7. Qd1: d2–d5, a1–c1, e1, f1,
				// c2–a4, e2–h5. Nd5: 8 squares but e3 is covered by f2.
				"mob.rook.12": {1, 0}, "mob.queen.16": {1, 0}, "mob.knight.7": {0, 1},
				"pawn.isolated": {1, 0}, "pawn.phalanx.r2": {3, 3},
				// c4 passed, path free, but Nd5 covers c7.
				"passed.r4": {1, 0}, "passed.free.r4": {1, 0},
				"passed.king.own": {4, 0}, "passed.king.enemy": {4, 0},
				// Rb7 hits f7 in Black's king zone, and b8 is a safe check.
				"attack.rook": {1, 0}, "attack.squares": {1, 0}, "check.rook": {1, 0},
				"king.shield.1": {3, 3}, "king.storm.4": {3, 3},
				"rook.open": {1, 0}, "rook.7th": {1, 0}, "queen.open": {1, 0},
				// c4xd5 threat; Nd5 attacked by c4 and Qd1, undefended.
				"threat.pawn.minor": {1, 0}, "threat.hanging": {1, 0},
				"tempo": {1, 0},
			},
		},
		{
			// White: Kg1 Qh5 Ng5, pawns f2 g2 h2; Black: Kg8, pawns f7 g6 h7.
			name: "king-attack", fen: "6k1/5p1p/6p1/6NQ/8/8/5PPP/6K1 w - - 0 1", phase: 5, exact: true,
			want: map[string][2]int32{
				"pawn": {3, 3}, "knight": {1, 0}, "queen": {1, 0},
				"pst.knight.g5": {1, 0}, "pst.queen.h5": {1, 0}, "pst.pawn.g3": {0, 1},
				// Ng5: e4, e6, f3, f7, h3, h7 less e6 (covered by f7).
				// Qh5: h6, h7, h4, h3, g6, g4, f3, e2, d1 less g6 (covered).
				"mob.knight.5": {1, 0}, "mob.queen.8": {1, 0},
				"pawn.phalanx.r2": {3, 0}, "pawn.supported.r3": {0, 1}, // g6 by f7 and h7
				// Ng5 (f7, h7) and Qh5 (h7) on Black's king zone: two attackers, two squares.
				"attack.knight": {1, 0}, "attack.queen": {1, 0}, "attack.squares": {2, 0}, "attack.count.2": {1, 0},
				"king.shield.1": {3, 2}, "king.shield.2": {0, 1}, "king.storm.4": {3, 3},
				// g6xh5: the queen is attacked by a pawn and undefended.
				"threat.pawn.queen": {0, 1}, "threat.hanging": {0, 1},
				"tempo": {1, 0},
			},
		},
		{
			// White: Kg1 Rc1 Bd3 Ne5, pawns d4 e3 f2 g3 h2; Black: Kb8 Qc5 Rd7 Rf4, pawns a7 b7 c7 g4.
			name: "threats", fen: "1k6/pppr4/8/2q1N3/3P1rp1/3BP1P1/5P1P/2R3K1 w - - 0 1", phase: 12, exact: true,
			want: map[string][2]int32{
				"pawn": {5, 4}, "knight": {1, 0}, "bishop": {1, 0}, "rook": {1, 2}, "queen": {0, 1},
				"pst.bishop.e3": {1, 0}, "pst.rook.f1": {1, 0}, "pst.rook.e2": {0, 1}, "pst.rook.f5": {0, 1},
				"pst.queen.f4": {0, 1}, "pst.king.b1": {0, 1}, "pst.knight.e5": {1, 0},
				// Ne5: 8 squares less d3 (own), c6 and f3 (pawn-covered).
				// Bd3: c2 b1 e2 f1 c4 b5 a6 e4 f5 g6 h7 less a6.
				// Rc1: c2–c5, a1, b1, d1–f1. Rf4: f5–f8, f3, f2, e4 (d4 is
				// pawn-covered, g4 own). Rd7: d8, d6, d5, e7–h7.
				"mob.knight.5": {1, 0}, "mob.bishop.10": {1, 0}, "mob.rook.9": {1, 0}, "mob.rook.7": {0, 2},
				"mob.queen.14":  {0, 1},
				"pawn.isolated": {0, 1}, // g4
				// f2 and h2: the g3 and e3 neighbours stand ahead, g4 covers f3 and h3.
				"pawn.backward":     {2, 0},
				"pawn.phalanx.r2":   {0, 3},
				"pawn.supported.r3": {2, 0}, "pawn.supported.r4": {1, 0}, // e3, g3 by f2/h2; d4 by e3
				// e3 passed (Ne5 blocks its path); a7, b7 passed and free,
				// their paths covered by Bd3 (a6, b5) and Rc1 (b1).
				"passed.r3": {1, 0}, "passed.r2": {0, 2}, "passed.free.r2": {0, 2},
				"passed.king.own": {3, 4}, "passed.king.enemy": {4, 11},
				"attack.rook": {0, 1}, "attack.squares": {0, 1}, // Rf4 hits f2
				// Nxd7+ (the rook is undefended) and Qxc1+ (the rook is
				// undefended) are safe checks; Nc6+ is not (b7 covers c6).
				"check.knight": {1, 0}, "check.queen": {0, 1},
				"king.shield.1": {2, 3}, "king.shield.2": {1, 0},
				"king.storm.blocked": {1, 0}, // g4 stopped by g3
				"knight.outpost":     {1, 0}, // Ne5, defended by d4, no f-pawn can chase it
				"rook.semiopen":      {1, 2},
				"threat.pawn.rook":   {1, 0}, // e3/g3 x f4
				"threat.pawn.queen":  {1, 0}, // d4 x c5
				"threat.minor.rook":  {1, 0}, // Ne5 x d7
				"threat.rook.queen":  {1, 0}, // Rc1 x c5
				// Qc5, Rd7, Rf4 undefended and attacked; Rc1 attacked by Qc5.
				"threat.hanging": {3, 1},
				"tempo":          {1, 0},
			},
		},
		{
			// Bishop outpost on d5 (c4 defends it, no black pawn can chase
			// it), a light bishop with light pawns c4 and e2, a rook on a
			// file with an own pawn.
			name: "bishop", fen: "4k3/8/8/3B4/2P5/8/4P3/2R1K3 b - - 0 1", phase: 3,
			want: map[string][2]int32{
				"bishop.outpost": {1, 0}, "bishop.pawns": {2, 0}, "bishop.pair": {0, 0},
				"rook.open": {0, 0}, "rook.semiopen": {0, 0}, "tempo": {0, 1},
			},
		},
		{
			// Kg1 with f2, h2 and an enemy g3 pawn two ranks ahead on a
			// semi-open g-file; Kg8's only shelter is its g3 pawn five
			// ranks ahead, f and h are semi-open.
			name: "storm", fen: "6k1/8/8/8/8/6p1/5P1P/6K1 w - - 0 1", phase: 0,
			want: map[string][2]int32{
				"king.shield.1": {2, 0}, "king.shield.3": {0, 1}, "king.shield.none": {1, 2},
				"king.storm.1": {0, 0}, "king.storm.2": {1, 0}, "king.storm.4": {0, 2},
				"king.file.open": {0, 0}, "king.file.semiopen": {1, 2},
			},
		},
	})
}

// TestModernPhased checks the Phased contract on random-game positions:
// Features equals the tapered PhasedFeatures, parameter by parameter, and
// Evaluate equals the tapered dot product written out by hand.
func TestModernPhased(t *testing.T) {
	s, err := Lookup("modern")
	if err != nil {
		t.Fatal(err)
	}
	p, ok := s.(Phased)
	if !ok {
		t.Fatal("modern does not implement Phased")
	}
	if p.Terms()*2 != len(s.Params()) || s.Scale() != MaxPhase {
		t.Fatalf("%d terms for %d params, scale %d", p.Terms(), len(s.Params()), s.Scale())
	}
	for term := range p.Terms() {
		mg, eg := p.TermParams(term)
		nm, ne := s.Params()[mg].Name, s.Params()[eg].Name
		if !strings.HasPrefix(nm, "mg.") || ne != "eg."+nm[3:] {
			t.Fatalf("term %d: params %s, %s", term, nm, ne)
		}
	}
	for _, other := range Schemes() {
		if _, ok := other.(Phased); ok && other != s {
			t.Errorf("%s implements Phased", other.Name())
		}
	}
	n := 2000
	if testing.Short() {
		n = 300
	}
	w := RandomWeights(s, 5)
	e, _ := New(s, w)
	if _, ok := e.Scheme().(Phased); !ok {
		t.Fatal("Evaluator.Scheme() hides Phased")
	}
	for _, pos := range randomGamePositions(t, 77, n) {
		pf, ph := p.PhasedFeatures(pos, nil)
		if int(ph) != Phase(pos) {
			t.Fatalf("%s: phase %d, Phase %d", pos.FEN(), ph, Phase(pos))
		}
		want := make([]int64, len(w))
		var sum int64
		for i, f := range pf {
			if f.Count == 0 || (i > 0 && pf[i-1].Index >= f.Index) {
				t.Fatalf("%s: PhasedFeatures not sparse and sorted: %v", pos.FEN(), pf)
			}
			mg, eg := p.TermParams(int(f.Index))
			want[mg] += int64(f.Count) * int64(ph)
			want[eg] += int64(f.Count) * int64(MaxPhase-ph)
			sum += int64(f.Count) * (int64(w[mg])*int64(ph) + int64(w[eg])*int64(MaxPhase-ph))
		}
		fs := s.Features(pos, nil)
		for _, f := range fs {
			if f.Count == 0 {
				t.Fatalf("%s: zero feature %v", pos.FEN(), f)
			}
		}
		if got := dense(fs, len(w)); !slices.Equal(got, want) {
			t.Fatalf("%s: Features differ from tapered PhasedFeatures", pos.FEN())
		}
		if e.White(pos) != FloorDiv(sum, MaxPhase) {
			t.Fatalf("%s: White %d, tapered sum %d", pos.FEN(), e.White(pos), FloorDiv(sum, MaxPhase))
		}
	}
}

// modernWeights returns the modern-material weights with the named
// weights changed.
func modernWeights(t *testing.T, set map[string]int32) []int32 {
	t.Helper()
	w := param.Defaults(modern.specs)
	for name, v := range set {
		i := param.Index(modern.specs, name)
		if i < 0 {
			t.Fatalf("no parameter %s", name)
		}
		w[i] = v
	}
	return w
}

// TestModernTaper checks the blend of middlegame and endgame weights at
// phases 0, 24 and in between, by hand.
func TestModernTaper(t *testing.T) {
	// A knight worth 320 in the middlegame and 280 in the endgame.
	w := modernWeights(t, map[string]int32{"mg.knight": 320, "eg.knight": 280})
	e, err := New(modern, w)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		fen  string
		want int
	}{
		// Phase 1: (1·320 + 23·280)/24 = 281.67 → 281.
		{"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", 281},
		// Black a knight up: −281.67 rounds towards −∞.
		{"1n2k3/8/8/8/8/8/8/4K3 w - - 0 1", -282},
		// Phase 24 (capped from 25: a pawn promoted to a third knight):
		// the middlegame value.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0},
		{"rnbqkbnr/pppppppp/8/8/8/2N5/1PPPPPPP/RNBQKBNR w KQkq - 0 1", 320 - 100},
		// White Q R B N against Black's Q R: phase 4+2+1+1+4+2 = 14, a
		// knight and a bishop up: (14·320 + 10·280)/24 + 300 = 603.33.
		{"r2qk3/8/8/8/8/8/8/RNBQK3 w - - 0 1", 603},
	}
	for _, c := range cases {
		if got := e.White(mustFEN(t, c.fen)); got != c.want {
			t.Errorf("%s: %d, want %d", c.fen, got, c.want)
		}
	}
	// The tempo bonus of the side to move, tapered: phase 0 → eg only.
	w = modernWeights(t, map[string]int32{"mg.tempo": 24, "eg.tempo": 12})
	e, _ = New(modern, w)
	for _, c := range []struct {
		fen  string
		want int // side to move's view
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 12},
		{"4k3/8/8/8/8/8/8/4K3 b - - 0 1", 12},
		{"3qk3/8/8/8/8/8/8/3QK3 b - - 0 1", (8*24 + 16*12) / 24},
	} {
		if got := e.Evaluate(mustFEN(t, c.fen)); got != c.want {
			t.Errorf("tempo %s: %d, want %d", c.fen, got, c.want)
		}
	}
}

func TestModernMaterialPreset(t *testing.T) {
	p, err := LookupPreset("modern-material")
	if err != nil {
		t.Fatal(err)
	}
	if p.Scheme != "modern" || !slices.Equal(p.Weights, param.Defaults(modern.specs)) {
		t.Fatal("modern-material is not the modern scheme's defaults")
	}
	for i, sp := range modern.specs {
		want := int32(0)
		if sp.Group == "material" {
			want = []int32{100, 300, 300, 500, 900}[i/2]
		}
		if p.Weights[i] != want {
			t.Errorf("%s = %d, want %d", sp.Name, p.Weights[i], want)
		}
	}
	e, _ := p.Evaluator()
	// Material only, at any phase: a rook for a knight and a pawn = 100.
	for _, fen := range []string{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "r2qk3/7p/8/8/8/8/8/RN1QK3 w - - 0 1"} {
		pos := mustFEN(t, fen)
		m := 0
		for pt := board.Pawn; pt <= board.Queen; pt++ {
			m += []int{100, 300, 300, 500, 900}[pt] * (pos.Pieces[0][pt].Count() - pos.Pieces[1][pt].Count())
		}
		if got := e.White(pos); got != m {
			t.Errorf("%s: %d, want material %d", fen, got, m)
		}
	}
}

// TestModernParams checks the registry: names, groups, bounds and bits.
func TestModernParams(t *testing.T) {
	specs := modern.specs
	for _, name := range []string{"mg.knight", "eg.passed.r6", "mg.pst.knight.e4", "mg.mob.bishop.7", "eg.king.shield.1",
		"mg.pst.pawn.a2", "eg.pst.pawn.h7", "mg.pst.king.h8", "eg.mob.queen.27", "mg.tempo", "eg.threat.hanging"} {
		if param.Index(specs, name) < 0 {
			t.Errorf("parameter %s missing", name)
		}
	}
	for _, name := range []string{"mg.pst.pawn.a1", "mg.pst.pawn.h8", "mg.pst.knight.d4", "mg.mob.knight.9"} {
		if param.Index(specs, name) >= 0 {
			t.Errorf("parameter %s should not exist", name)
		}
	}
	for i, sp := range specs {
		lo, hi := -1000, 1000
		if sp.Group == "material" {
			lo, hi = 0, 2000
		}
		if sp.Min != lo || sp.Max != hi || sp.Bits != 11 || sp.Max-sp.Min+1 > 1<<sp.Bits {
			t.Errorf("%d %s: [%d, %d] %d bits", i, sp.Name, sp.Min, sp.Max, sp.Bits)
		}
		if !strings.Contains(sp.Doc, [2]string{"middlegame", "endgame"}[i%2]) {
			t.Errorf("%s: doc %q", sp.Name, sp.Doc)
		}
	}
}

// TestModernTrace checks that the tapered trace and the per-parameter trace
// add up to the evaluation and report natural counts.
func TestModernTrace(t *testing.T) {
	e, err := New(modern, RandomWeights(modern, 3))
	if err != nil {
		t.Fatal(err)
	}
	for _, pos := range randomGamePositions(t, 8, 200) {
		tr, ok := e.TaperedTrace(pos)
		if !ok || tr.White() != e.White(pos) || int(tr.Phase) != Phase(pos) {
			t.Fatalf("%s: tapered trace %d (ok %v), White %d", pos.FEN(), tr.White(), ok, e.White(pos))
		}
		var raw int64
		for _, tv := range e.Trace(pos) {
			raw += tv.Raw
		}
		if FloorDiv(raw, MaxPhase) != e.White(pos) {
			t.Fatalf("%s: trace sums to %d", pos.FEN(), FloorDiv(raw, MaxPhase))
		}
	}
	pos := mustFEN(t, "6k1/1R3ppp/8/3n4/2P5/8/5PPP/3Q2K1 w - - 0 1")
	tr, _ := e.TaperedTrace(pos)
	found := false
	for _, x := range tr.Terms {
		if x.Name == "rook.7th" {
			found = true
			w := e.Weights()
			i := param.Index(modern.specs, "mg.rook.7th")
			if x.Group != "pieces" || x.White != 1 || x.Black != 0 || x.MG != w[i] || x.EG != w[i+1] ||
				x.RawMG != int64(w[i])*7 || x.RawEG != int64(w[i+1])*17 {
				t.Errorf("rook.7th = %+v", x)
			}
		}
	}
	if !found {
		t.Error("rook.7th missing from the trace")
	}
	if _, ok := mustEval(t, "david-fig3").TaperedTrace(pos); ok {
		t.Error("david35 has a tapered trace")
	}
}

func mustEval(t *testing.T, preset string) *Evaluator {
	t.Helper()
	p, err := LookupPreset(preset)
	if err != nil {
		t.Fatal(err)
	}
	e, err := p.Evaluator()
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestModernExtremeWeights checks the packed middlegame/endgame sums of
// Evaluate against the dot product at the bounds' extremes (every weight at
// its maximum, its minimum, and alternating), where an overflow of the
// packing would show.
func TestModernExtremeWeights(t *testing.T) {
	specs := modern.specs
	vecs := make([][]int32, 4)
	for i := range vecs {
		vecs[i] = make([]int32, len(specs))
	}
	for i, sp := range specs {
		vecs[0][i], vecs[1][i] = int32(sp.Max), int32(sp.Min)
		vecs[2][i], vecs[3][i] = int32([2]int{sp.Max, sp.Min}[i%2]), int32([2]int{sp.Min, sp.Max}[i%2])
	}
	positions := randomGamePositions(t, 13, 1000)
	for _, fen := range append(trickyFENs(t), "k7/8/8/8/8/8/QQQQQQQQ/QK6 b - - 0 1", "k7/8/8/8/8/8/8/BBBBBBBK w - - 0 1") {
		positions = append(positions, mustFEN(t, fen))
	}
	for k, w := range vecs {
		e, err := New(modern, w)
		if err != nil {
			t.Fatal(err)
		}
		for _, pos := range positions {
			if got, want := e.White(pos), FloorDiv(Dot(w, modern.Features(pos, nil)), MaxPhase); got != want {
				t.Fatalf("vector %d, %s: White %d, dot product %d", k, pos.FEN(), got, want)
			}
		}
	}
	for _, c := range [][2]int32{{0, 0}, {2000, -2000}, {-1000, 1000}, {1, -1}, {-1, -1}} {
		var sum, mgSum, egSum int64
		for n := int64(-30000); n <= 30000; n += 7919 {
			sum += packPair(c[0], c[1]) * n
			mgSum += int64(c[0]) * n
			egSum += int64(c[1]) * n
		}
		if mg, eg := unpackPair(sum); mg != mgSum || eg != egSum {
			t.Errorf("pair %v: unpacked (%d, %d), want (%d, %d)", c, mg, eg, mgSum, egSum)
		}
	}
}

// TestModernSharedGames runs the one-source-of-truth, Phased and mirror
// checks on positions of the shared grandmaster games (every position of
// the first games of the demo file), with random weights.
func TestModernSharedGames(t *testing.T) {
	f, err := os.Open(shareddata.Path(t, "pgn/gm_demo_1500.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games := 300
	if testing.Short() {
		games = 40
	}
	r := pgn.NewReader(f)
	w := RandomWeights(modern, 21)
	e, _ := New(modern, w)
	positions := 0
	for g := 0; g < games; g++ {
		game, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			continue // a skipped game is pgn's concern
		}
		pos, err := game.StartPosition()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range game.Moves {
			pos.MakeMove(m)
			checkPosition(t, modern, w, pos)
			pf, ph := modern.PhasedFeatures(pos, nil)
			var sum int64
			for _, f := range pf {
				sum += int64(f.Count) * (int64(w[2*f.Index])*int64(ph) + int64(w[2*f.Index+1])*int64(MaxPhase-ph))
			}
			if e.White(pos) != FloorDiv(sum, MaxPhase) {
				t.Fatalf("%s: phased sum disagrees", pos.FEN())
			}
			positions++
		}
	}
	if positions < 1000 {
		t.Errorf("only %d positions", positions)
	}
}
