package data

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/internal/shareddata"
)

func fixture(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/games40.pgn")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func build(t testing.TB, in []byte, p Protocol) *Dataset {
	t.Helper()
	ds, err := Build(context.Background(), bytes.NewReader(in), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// replayed returns the FEN before each move of every game, by game number.
func replayed(t testing.TB, in []byte) map[int][]string {
	t.Helper()
	out := map[int][]string{}
	for n, g := range replayedGames(t, in) {
		out[n] = g.fens
	}
	return out
}

// replayedGame is a game replayed move by move: the FEN before each move,
// the move, and the score of the side to move then (from the game's result).
type replayedGame struct {
	fens   []string
	moves  []board.Move
	scores []float64
}

func replayedGames(t testing.TB, in []byte) map[int]*replayedGame {
	t.Helper()
	out := map[int]*replayedGame{}
	pr := pgn.NewReader(bytes.NewReader(in))
	for {
		g, err := pr.Next()
		if err != nil {
			if err == io.EOF {
				return out
			}
			continue
		}
		pos, err := g.StartPosition()
		if err != nil {
			t.Fatal(err)
		}
		white := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[g.Result]
		rg := &replayedGame{}
		for _, m := range g.Moves {
			score := white
			if pos.Side == board.Black {
				score = 1 - white
			}
			rg.fens, rg.moves, rg.scores = append(rg.fens, pos.FEN()), append(rg.moves, m), append(rg.scores, score)
			pos.MakeMove(m)
		}
		out[g.Number] = rg
	}
}

// checkReplay verifies every sample's FEN, move and result against the
// game replayed from its start.
func checkReplay(t *testing.T, ds *Dataset, games map[int]*replayedGame) {
	t.Helper()
	for _, samples := range [][]Sample{ds.Train, ds.Test} {
		for _, s := range samples {
			g := games[s.Game]
			switch {
			case g == nil || s.Ply >= len(g.fens):
				t.Fatalf("game %d ply %d: no such position", s.Game, s.Ply)
			case s.FEN != g.fens[s.Ply]:
				t.Fatalf("game %d ply %d: FEN %s, replay gives %s", s.Game, s.Ply, s.FEN, g.fens[s.Ply])
			case s.Move != g.moves[s.Ply]:
				t.Fatalf("game %d ply %d: move %v, the game's is %v", s.Game, s.Ply, s.Move, g.moves[s.Ply])
			case s.Result != g.scores[s.Ply]:
				t.Fatalf("game %d ply %d: result %v for the side to move, the game gives %v", s.Game, s.Ply, s.Result, g.scores[s.Ply])
			}
		}
	}
}

// TestSamplesMatchReplay: with and without a cap on the positions, for both
// protocols, each sample's FEN (filled only for the kept samples), move and
// result are the game's at that ply, on the shared demo games.
func TestSamplesMatchReplay(t *testing.T) {
	in, err := os.ReadFile(shareddata.Path(t, "pgn/gm_demo_1500.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	games := replayedGames(t, in)
	for _, name := range []string{"all", "david"} {
		for _, positions := range []int{0, 300} {
			p, err := LookupProtocol(name)
			if err != nil {
				t.Fatal(err)
			}
			p.Positions = positions
			ds := build(t, in, p)
			if n := len(ds.Train) + len(ds.Test); n == 0 || positions > 0 && n != 2*positions {
				t.Fatalf("%s, %d positions: %d samples", name, positions, n)
			}
			checkReplay(t, ds, games)
		}
	}
}

// checkSamples verifies the invariants every protocol promises.
func checkSamples(t *testing.T, ds *Dataset, fens map[int][]string) {
	t.Helper()
	seen := map[int]string{}
	for set, samples := range map[string][]Sample{"train": ds.Train, "test": ds.Test} {
		for _, s := range samples {
			if prev, ok := seen[s.Game]; ok && prev != set {
				t.Fatalf("game %d in both train and test", s.Game)
			}
			seen[s.Game] = set
			if s.Ply < ds.Protocol.MinPly || (ds.Protocol.MaxPly > 0 && s.Ply > ds.Protocol.MaxPly) {
				t.Errorf("game %d ply %d outside the ply range", s.Game, s.Ply)
			}
			if fens[s.Game][s.Ply] != s.FEN {
				t.Errorf("game %d ply %d: FEN %s, replay gives %s", s.Game, s.Ply, s.FEN, fens[s.Game][s.Ply])
			}
			pos, err := s.Position()
			if err != nil {
				t.Fatal(err)
			}
			if !pos.IsLegal(s.Move) {
				t.Errorf("game %d ply %d: move %v not legal", s.Game, s.Ply, s.Move)
			}
			if ds.Protocol.SkipForced && len(pos.LegalMoves()) < 2 {
				t.Errorf("game %d ply %d: forced position kept", s.Game, s.Ply)
			}
			if s.Result != 0 && s.Result != 0.5 && s.Result != 1 {
				t.Errorf("result %v", s.Result)
			}
		}
	}
}

func TestDavid(t *testing.T) {
	in := fixture(t)
	p, err := LookupProtocol("david")
	if err != nil {
		t.Fatal(err)
	}
	ds := build(t, in, p)
	if ds.GamesRead != 41 || ds.GamesSkipped != 1 || len(ds.Skipped) != 1 ||
		!strings.Contains(ds.Skipped[0].Error(), "game 42 (line") {
		t.Fatalf("read %d skipped %d %v", ds.GamesRead, ds.GamesSkipped, ds.Skipped)
	}
	// 16 decisive games read (the 17th is the broken one): one sample each, 8 + 8.
	if ds.GamesUsed != 16 || len(ds.Test) != 8 || len(ds.Train) != 8 {
		t.Fatalf("used %d, train %d test %d", ds.GamesUsed, len(ds.Train), len(ds.Test))
	}
	checkSamples(t, ds, replayed(t, in))
	for _, s := range append(ds.Train, ds.Test...) {
		if s.Result != 1 {
			t.Errorf("game %d ply %d: side to move did not win (%v)", s.Game, s.Ply, s.Result)
		}
	}
	// Reproducible for a seed; another seed draws other positions.
	again := build(t, in, p)
	if again.Digest != ds.Digest || len(again.Train) != len(ds.Train) || again.Train[0] != ds.Train[0] {
		t.Errorf("same seed, different dataset")
	}
	p2 := p
	p2.Seed = 2
	other := build(t, in, p2)
	if other.Digest == ds.Digest {
		t.Errorf("digest ignores the seed")
	}
	same := 0
	plies := map[int]int{}
	for _, s := range append(ds.Train, ds.Test...) {
		plies[s.Game] = s.Ply
	}
	for _, s := range append(other.Train, other.Test...) {
		if plies[s.Game] == s.Ply {
			same++
		}
	}
	if same == 16 {
		t.Errorf("seed 2 sampled exactly the plies of seed 1")
	}
}

func TestDavidFilters(t *testing.T) {
	in := fixture(t)
	p, _ := LookupProtocol("david")
	base := build(t, in, p)
	plyOf := map[int]int{}
	for _, s := range append(base.Train, base.Test...) {
		plyOf[s.Game] = s.Ply
	}
	p.MinElo = 2750
	strong := build(t, in, p)
	if strong.GamesUsed == 0 || strong.GamesUsed >= base.GamesUsed {
		t.Fatalf("Elo filter kept %d of %d games", strong.GamesUsed, base.GamesUsed)
	}
	// The filter removes games but does not change the position drawn from a kept game.
	for _, s := range append(strong.Train, strong.Test...) {
		if plyOf[s.Game] != s.Ply {
			t.Errorf("game %d: ply %d with Elo filter, %d without", s.Game, s.Ply, plyOf[s.Game])
		}
	}
	p.MinElo = 0
	p.MinPly, p.MaxPly = 30, 40
	ranged := build(t, in, p)
	checkSamples(t, ranged, replayed(t, in))
	if ranged.TrainAvailable != len(ranged.Train) || ranged.TestAvailable != len(ranged.Test) {
		t.Errorf("uncapped: available %d/%d, sampled %d/%d", ranged.TrainAvailable, ranged.TestAvailable, len(ranged.Train), len(ranged.Test))
	}
	p.Positions = 3
	capped := build(t, in, p)
	if len(capped.Train) != 3 || len(capped.Test) != 3 {
		t.Errorf("cap 3: train %d test %d", len(capped.Train), len(capped.Test))
	}
	// The cap does not change what was available.
	if capped.TrainAvailable != ranged.TrainAvailable || capped.TestAvailable != ranged.TestAvailable {
		t.Errorf("cap 3: available %d/%d, want %d/%d", capped.TrainAvailable, capped.TestAvailable, ranged.TrainAvailable, ranged.TestAvailable)
	}
}

func TestAll(t *testing.T) {
	in := fixture(t)
	p, err := LookupProtocol("all")
	if err != nil {
		t.Fatal(err)
	}
	p.MaxPly = 50
	ds := build(t, in, p)
	fens := replayed(t, in)
	checkSamples(t, ds, fens)
	// Every ply in [12, 50] of the 41 finished games.
	want := 0
	for game, f := range fens {
		if game == 41 { // the unfinished game
			continue
		}
		for ply := range f {
			if ply >= 12 && ply <= 50 {
				want++
			}
		}
	}
	if got := len(ds.Train) + len(ds.Test); got != want {
		t.Errorf("all: %d samples, want %d", got, want)
	}
	draws := 0
	for _, s := range ds.Train {
		if s.Result == 0.5 {
			draws++
		}
	}
	if draws == 0 {
		t.Errorf("no draws among the samples")
	}
}

func TestProtocolErrors(t *testing.T) {
	if _, err := LookupProtocol("nope"); err == nil || !strings.Contains(err.Error(), "unknown protocol") {
		t.Errorf("lookup: %v", err)
	}
	bad := []Protocol{
		{Name: "x"},
		{Name: "all", MinPly: -1},
		{Name: "all", MinPly: 10, MaxPly: 5},
		{Name: "all", TestPercent: 101},
		{Name: "all", Positions: -1},
	}
	for _, p := range bad {
		if _, err := Build(context.Background(), strings.NewReader(""), p, nil); err == nil {
			t.Errorf("%+v accepted", p)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, bytes.NewReader(fixture(t)), Protocols()[0], nil); err == nil {
		t.Errorf("cancelled context ignored")
	}
}

func TestUnpack(t *testing.T) {
	in := fixture(t)
	var zbuf bytes.Buffer
	zw := gzip.NewWriter(&zbuf)
	zw.Write(in)
	zw.Close()
	p, _ := LookupProtocol("david")
	var digests []string
	for _, src := range [][]byte{in, zbuf.Bytes()} {
		r, err := Unpack(bytes.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		ds, err := Build(context.Background(), r, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		digests = append(digests, ds.Digest)
	}
	if digests[0] != digests[1] {
		t.Errorf("gzip and plain input give different digests")
	}
	if _, err := Unpack(bytes.NewReader([]byte{0x1f, 0x8b, 0})); err == nil {
		t.Errorf("truncated gzip accepted")
	}
}

// TestDavidShared samples the shared demo file (and the 20,000-game file
// without -short) and checks the invariants and the decisive-game count.
func TestDavidShared(t *testing.T) {
	rel := "pgn/gm_demo_1500.pgn"
	if !testing.Short() {
		rel = "pgn/gm_train_2000-2018_20000.pgn.gz"
	}
	in, err := os.ReadFile(shareddata.Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Unpack(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := LookupProtocol("david")
	p.Positions = 0
	calls := 0
	ds, err := Build(context.Background(), r, p, func(Progress) { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	if ds.GamesSkipped != 0 || calls == 0 {
		t.Fatalf("skipped %d, progress calls %d", ds.GamesSkipped, calls)
	}
	for _, s := range append(ds.Train, ds.Test...) {
		pos, err := s.Position()
		if err != nil {
			t.Fatal(err)
		}
		if s.Result != 1 || !pos.IsLegal(s.Move) || s.Ply < DefaultOpeningPlies {
			t.Fatalf("bad sample %+v", s)
		}
	}
	t.Logf("%s: %d games read, %d used, train %d test %d, digest %s", rel, ds.GamesRead, ds.GamesUsed, len(ds.Train), len(ds.Test), ds.Digest[:12])
	if rel == "pgn/gm_train_2000-2018_20000.pgn.gz" && ds.GamesUsed != 9084 {
		t.Errorf("used %d decisive games, want 9,084", ds.GamesUsed)
	}
}

// BenchmarkBuild samples the shared demo games: the david protocol, and the
// "all" protocol keeping 1,000 + 1,000 positions (the classroom run's).
func BenchmarkBuild(b *testing.B) {
	in, err := os.ReadFile(shareddata.Path(b, "pgn/gm_demo_1500.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name      string
		positions int
	}{{"david", 0}, {"all", 1000}} {
		b.Run(bc.name, func(b *testing.B) {
			p, _ := LookupProtocol(bc.name)
			if bc.positions > 0 {
				p.Positions = bc.positions
			}
			games := 0
			for b.Loop() {
				ds, err := Build(context.Background(), bytes.NewReader(in), p, nil)
				if err != nil {
					b.Fatal(err)
				}
				games += ds.GamesRead
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// FuzzBuild: any input gives a dataset (never a panic) whose samples replay.
func FuzzBuild(f *testing.F) {
	f.Add(fixture(f))
	f.Add([]byte("[Result \"1-0\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 1-0"))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, name := range []string{"david", "all"} {
			p, _ := LookupProtocol(name)
			p.MinPly = 2
			ds, err := Build(context.Background(), bytes.NewReader(in), p, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, s := range append(ds.Train, ds.Test...) {
				pos, err := s.Position()
				if err != nil || !pos.IsLegal(s.Move) {
					t.Fatalf("%s: bad sample %+v: %v", name, s, err)
				}
			}
		}
	})
}
