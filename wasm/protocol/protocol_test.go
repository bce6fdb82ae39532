package protocol

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
)

func readLines(t testing.TB, name string) []string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if l := sc.Text(); strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// TestDecodeValid decodes every fixture, re-encodes it and decodes again:
// the two decoded messages must be equal, and every type is covered.
func TestDecodeValid(t *testing.T) {
	seen := map[Type]bool{}
	for _, line := range readLines(t, "valid.jsonl") {
		m, err := DecodeString(line)
		if err != nil {
			t.Errorf("Decode(%s): %v", line, err)
			continue
		}
		if m.Body.Type() != m.Type {
			t.Errorf("%s: body type %s", m.Type, m.Body.Type())
		}
		seen[m.Type] = true
		b, err := Encode(m.ID, m.Body)
		if err != nil {
			t.Errorf("Encode(%s): %v", m.Type, err)
			continue
		}
		m2, err := Decode(b)
		if err != nil {
			t.Errorf("Decode(Encode(%s)): %v", m.Type, err)
			continue
		}
		if !reflect.DeepEqual(m, m2) {
			t.Errorf("round trip of %s changed it:\n%#v\n%#v", m.Type, m.Body, m2.Body)
		}
	}
	for _, ty := range Types() {
		if !seen[ty] {
			t.Errorf("no fixture for %s", ty)
		}
		if b := newBody(ty); b == nil || b.Type() != ty {
			t.Errorf("newBody(%s) = %v", ty, b)
		}
	}
}

func TestDecodeInvalid(t *testing.T) {
	for _, line := range readLines(t, "invalid.jsonl") {
		msg, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("fixture line without tab: %q", line)
		}
		_, err := DecodeString(msg)
		if err == nil {
			t.Errorf("Decode(%s) = nil error, want %q", msg, want)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Decode(%s) = %v, want it to mention %q", msg, err, want)
		}
		if !strings.HasPrefix(err.Error(), "protocol: ") {
			t.Errorf("error %q lacks the package prefix", err)
		}
	}
}

func TestDecodeTooLarge(t *testing.T) {
	big := make([]byte, MaxMessageBytes+1)
	if _, err := Decode(big); err == nil || !strings.Contains(err.Error(), "exceeds") {
		t.Fatalf("Decode(huge) = %v", err)
	}
}

func TestEncodeRejectsInvalid(t *testing.T) {
	cases := []struct {
		name string
		id   string
		body Body
		want string
	}{
		{"nil", "", nil, "nil body"},
		{"nan", "", &Progress{Best: math.NaN()}, "best is not finite"},
		{"nan score", "", &EvalResult{Scores: []Score{{Fitness: 1}, {Fitness: math.NaN()}}}, "scores[1].fitness is not finite"},
		{"infinite gradient", "", &EvalResult{Scores: []Score{{Grad: []float64{0, math.Inf(1)}}}}, "scores[0].grad[1] is not finite"},
		{"nan match row", "", &MatchResult{Rows: []MatchRow{{}, {LOS: math.NaN()}}}, "rows[1].los is not finite"},
		{"negative timing", "", &Progress{Timing: &RunTiming{HeldOutMS: -1}}, "timing: negative"},
		{"bad shard", "", &FitnessSetup{Setup: []byte("{}"), Shard: &Shard{Index: 2, Count: 2}}, "shard 2 of 2"},
		{"long id", strings.Repeat("x", MaxIDLen+1), &Ready{}, "id of"},
		{"multipv at a level", "q", &Search{MultiPV: 3, Elo: 1500}, "multiPv > 1 goes with neither elo nor book"},
		{"lines of another move", "q", &BestMove{Move: "e2e4", Lines: []SearchLine{{PV: []string{"d2d4"}}}}, "lines[0] starts with d2d4"},
		{"bad state", "r", &RunState{State: "x"}, "unknown state"},
		{"played round", "m", playedMatch(Game{Round: 5, White: "a", Black: "b", Result: "1-0"}), "played[0]: round 5 outside 1..4"},
		{"played result", "m", playedMatch(Game{Round: 1, White: "a", Black: "b", Result: "*"}), "played[0]: result"},
		{"played too many", "m", playedMatch(make([]Game, 5)...), "played: 5 games for 4"},
		{"game move", "g", &Game{Result: "1-0", Moves: []string{"e2e4", "e7"}}, "moves[1]: \"e7\" is not a UCI move"},
		{"round robin played", "t", &Tournament{Players: []TournamentPlayer{{Name: "a", Preset: "material"}, {Name: "b", Preset: "material"}, {Name: "c", Preset: "material"}},
			GamesPerPair: 2, Depth: 1, Played: []Game{{Round: 7, White: "a", Black: "c", Result: "0-1"}}}, "played[0]: round 7 outside 1..6"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Encode(c.id, c.body)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Encode = %v, want %q", err, c.want)
			}
		})
	}
}

func TestEncodeShape(t *testing.T) {
	b, err := Encode("q1", &BestMove{Move: "e2e4"})
	if err != nil {
		t.Fatal(err)
	}
	var env map[string]json.RawMessage
	if err := json.Unmarshal(b, &env); err != nil {
		t.Fatal(err)
	}
	if string(env["v"]) != "1" || string(env["type"]) != `"bestmove"` || string(env["id"]) != `"q1"` {
		t.Fatalf("envelope %s", b)
	}
}

func TestConfigArgsRoundTrip(t *testing.T) {
	cases := []struct {
		name string
		cfg  RunConfig
		want string
	}{
		{
			"minimal",
			RunConfig{Algorithm: "ep", Seed: 1, Data: DataConfig{Source: BundledSource}},
			"evochess tune -algo ep -seed 1 -data pgn/gm_demo_1500.pgn",
		},
		{
			"everything",
			RunConfig{
				Algorithm: "ga", Preset: "david2014", Scheme: "david35", Start: "david35-default", Fitness: "match2-qs",
				Recompile: 10, L2: 1e-7, Generations: 200, Population: 100, Params: map[string]float64{"mutation_rate": 0.005, "crossover_rate": 0.75},
				Selection: "rank", Depth: 2, Games: 4, GameDepth: 3, NodeCap: 500000, Unsolved: -1, HallOfFame: 5,
				Seed: 18446744073709551615, Workers: 4,
				Data: DataConfig{Source: "my games.pgn.gz", Sample: SampleConfig{
					Protocol: "david", Seed: 9, Train: 5000, Test: 5000, MinPly: 12, MaxPly: 120, MinElo: 2600, MaxGames: 20000,
				}},
			},
			"evochess tune -algo ga -preset david2014 -scheme david35 -start david35-default -fitness match2-qs -recompile 10 -l2 1e-07 -gens 200 -pop 100 " +
				"-param crossover_rate=0.75 -param mutation_rate=0.005 -selection rank -depth 2 -games 4 -game-depth 3 " +
				"-node-cap 500000 -unsolved -1 -hof 5 -seed 18446744073709551615 -data 'my games.pgn.gz' -protocol david -sample-seed 9 " +
				"-train 5000 -test 5000 -min-ply 12 -max-ply 120 -min-elo 2600 -max-games 20000 -workers 4",
		},
		{
			"quote",
			RunConfig{Preset: "vazquez2012", Seed: 0, Data: DataConfig{Source: "it's.pgn"}},
			`evochess tune -preset vazquez2012 -seed 0 -data 'it'\''s.pgn'`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.cfg.Validate(); err != nil {
				t.Fatal(err)
			}
			if got := c.cfg.CommandLine(); got != c.want {
				t.Errorf("CommandLine =\n%s\nwant\n%s", got, c.want)
			}
			var back RunConfig
			fs := flag.NewFlagSet("tune", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			back.BindFlags(fs)
			if err := fs.Parse(c.cfg.Args()); err != nil {
				t.Fatal(err)
			}
			want := c.cfg
			if want.Data.Source == BundledSource {
				want.Data.Source = BundledDataName
			}
			if !reflect.DeepEqual(back, want) || !IsBundled(back.Data.Source) != !IsBundled(c.cfg.Data.Source) {
				t.Errorf("flags round trip:\n%+v\nwant\n%+v", back, c.cfg)
			}
		})
	}
}

func TestParamFlagErrors(t *testing.T) {
	for _, arg := range []string{"x", "a b=1", "x=abc", "x=NaN", "x=+Inf"} {
		var c RunConfig
		fs := flag.NewFlagSet("tune", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		c.BindFlags(fs)
		if err := fs.Parse([]string{"-param", arg}); err == nil {
			t.Errorf("-param %q accepted", arg)
		}
	}
}

// FuzzDecode checks that Decode never panics, and that whatever it accepts
// re-encodes to a message that decodes to the same thing.
func FuzzDecode(f *testing.F) {
	for _, l := range readLines(f, "valid.jsonl") {
		f.Add([]byte(l))
	}
	for _, l := range readLines(f, "invalid.jsonl") {
		msg, _, _ := strings.Cut(l, "\t")
		f.Add([]byte(msg))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "protocol: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		out, err := Encode(m.ID, m.Body)
		if err != nil {
			t.Fatalf("decoded %q but cannot encode: %v", b, err)
		}
		m2, err := Decode(out)
		if err != nil {
			t.Fatalf("re-decode of %s: %v", out, err)
		}
		out2, err := Encode(m2.ID, m2.Body)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("encoding not stable:\n%s\n%s", out, out2)
		}
	})
}

// playedMatch is a valid 4-game match of a against b resumed with games.
func playedMatch(games ...Game) *Match {
	return &Match{Player: TournamentPlayer{Name: "a", Preset: "material"}, Opponents: []TournamentPlayer{{Name: "b", Preset: "material"}},
		Games: 4, Depth: 1, Played: games}
}
