package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/player"
)

// TestEvalTraceModern traces the tapered modern scheme: one row per term
// with middlegame and endgame weights, group totals, and the phase, from
// the modern-material preset and from a player file with modern weights.
func TestEvalTraceModern(t *testing.T) {
	fen := "6k1/1R3ppp/8/3n4/2P5/8/5PPP/3Q2K1 w - - 0 1" // phase 7
	out, _, err := runCmd(t, "eval", "-preset", "modern-material", "-fen", fen, "-trace")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"[modern, phase 7/24]", "w.mg", "w.eg", "rook.7th", "mob.queen.16", "group", "threats"} {
		if !strings.Contains(out, want) {
			t.Errorf("trace lacks %q:\n%s", want, out)
		}
	}
	// Material only: P, Q, R against N: 100+900+500−300 = 1200 at any phase.
	if lastLine(out) != "score: 1200 cp for White, 1200 cp for the side to move (white)" {
		t.Errorf("score line %q", lastLine(out))
	}

	// A player with a 7th-rank rook bonus of 48 (mg) and 24 (eg): at phase
	// 7 it adds (7·48 + 17·24)/24 = 31 cp.
	pl, err := player.FromPreset("modern-material")
	if err != nil {
		t.Fatal(err)
	}
	pl.Weights["mg.rook.7th"], pl.Weights["eg.rook.7th"] = 48, 24
	file := filepath.Join(t.TempDir(), "modern.json")
	fh, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Save(fh); err != nil {
		t.Fatal(err)
	}
	fh.Close()
	out, _, err = runCmd(t, "eval", "-player", file, "-fen", fen, "-trace", "-json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		White   int `json:"white"`
		Phase   int `json:"phase"`
		Tapered []struct {
			Name         string
			MG, EG       int32
			RawMG, RawEG int64
		} `json:"tapered"`
	}
	if err := json.Unmarshal([]byte(lastLine(out)), &rep); err != nil {
		t.Fatalf("last line is not JSON: %v\n%s", err, out)
	}
	if rep.White != 1231 || rep.Phase != 7 {
		t.Errorf("white %d phase %d, want 1231 and 7", rep.White, rep.Phase)
	}
	found := false
	for _, x := range rep.Tapered {
		if x.Name == "rook.7th" {
			found = x.MG == 48 && x.EG == 24 && x.RawMG == 48*7 && x.RawEG == 24*17
		}
	}
	if !found {
		t.Errorf("rook.7th missing or wrong in %+v", rep.Tapered)
	}
}
