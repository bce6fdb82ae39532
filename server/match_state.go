package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/evochess/evochess/tuner/arena"
)

// matchStateKind is the layout of `evochess match -resume` files (a
// stateFile): one line per finished game ({"game": arena.Game}).
var matchStateKind = stateKind{
	Format: "evochess-match-state-1",
	Name:   "an evochess match state file",
	Other:  "the games of another match (other players or engine binaries, limits, games, openings, seed, hash or adjudication)",
}

type matchStateGame struct {
	Game *arena.Game `json:"game"`
}

// matchKey identifies a match by what its games depend on: the player
// specs (and the bytes of each player file and UCI engine binary), the limits, adjudication and
// time margin, games per pair, seed, the openings (as resolved from
// -openings or -book), hash and pondering. The concurrency, the SPRT bounds
// and the outputs are not part of it: they do not change a game.
func matchKey(specs []string, parts ...any) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", matchStateKind.Format)
	for _, s := range specs {
		fmt.Fprintf(h, "player %q\n", s)
		if cmd, ok := strings.CutPrefix(s, "uci:"); ok {
			// The engine's binary too: an engine rebuilt or upgraded under
			// the same command line plays other games. (One that cannot be
			// found fails when the match starts it, with its own error.)
			line, _, _ := strings.Cut(cmd, ",")
			if f := strings.Fields(line); len(f) > 0 {
				if path, err := exec.LookPath(f[0]); err == nil {
					if b, err := os.ReadFile(path); err == nil {
						fmt.Fprintf(h, "engine %x\n", sha256.Sum256(b))
					}
				}
			}
			continue
		}
		if strings.HasPrefix(s, "preset:") || isShareLink(s) {
			continue // the spec is the whole player
		}
		file, _, _ := strings.Cut(s, ",")
		b, err := os.ReadFile(file)
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256(b)
		fmt.Fprintf(h, "file %x\n", sum)
	}
	for _, p := range parts {
		fmt.Fprintf(h, "%+v\n", p)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// matchState is an open -resume file.
type matchState struct {
	*stateFile
	kept int // games read back
}

// openMatchState opens (or creates) path for the match key and returns the
// games it holds, by schedule index, for arena.Config.Played.
func openMatchState(path, key string) (*matchState, []*arena.Game, error) {
	sf, recs, err := openStateFile(path, matchStateKind, key)
	if err != nil {
		return nil, nil, err
	}
	played, err := matchGames(recs, path)
	if err != nil {
		sf.Close()
		return nil, nil, err
	}
	st := &matchState{stateFile: sf}
	for _, g := range played {
		if g != nil {
			st.kept++
		}
	}
	return st, played, nil
}

// readMatchState reads a -resume file: its games by index and the length
// of its complete lines.
func readMatchState(r io.Reader, path, key string) ([]*arena.Game, int64, error) {
	recs, good, err := readStateFile(r, path, matchStateKind, key)
	if err != nil {
		return nil, 0, err
	}
	played, err := matchGames(recs, path)
	return played, good, err
}

// matchGames places a state file's game records by schedule index.
func matchGames(recs []json.RawMessage, path string) ([]*arena.Game, error) {
	var played []*arena.Game
	for k, rec := range recs {
		n := k + 2 // the line: after the header
		var g matchStateGame
		if err := json.Unmarshal(rec, &g); err != nil || g.Game == nil {
			if err == nil {
				err = errors.New("no game")
			}
			return nil, fmt.Errorf("%s: line %d: not a game record: %v", path, n, err)
		}
		i := g.Game.Index
		if i < 0 || i >= 1<<20 {
			return nil, fmt.Errorf("%s: line %d: game index %d out of range", path, n, i)
		}
		if i >= len(played) {
			played = append(played, make([]*arena.Game, i+1-len(played))...)
		}
		played[i] = g.Game
	}
	return played, nil
}

// add appends a finished game and syncs the file (unfinished ones are not
// kept).
func (st *matchState) add(g *arena.Game) {
	if g == nil || g.Result == arena.NoResult {
		return
	}
	st.stateFile.add(matchStateGame{Game: g})
}
