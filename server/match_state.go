package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/evochess/evochess/tuner/arena"
)

// matchStateFormat names the layout of `evochess match -resume` files: a
// header line {"format": …, "key": …} and then one line per finished game
// ({"game": arena.Game}), appended and synced as each game ends, so a match
// stopped by Ctrl-C, a crash or kill -9 keeps every finished game.
const matchStateFormat = "evochess-match-state-1"

type matchStateHeader struct {
	Format string `json:"format"`
	Key    string `json:"key"`
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
	fmt.Fprintf(h, "%s\n", matchStateFormat)
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
		if strings.HasPrefix(s, "preset:") {
			continue
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
	path string
	f    *os.File
	mu   sync.Mutex
	err  error // the first failed write
	kept int   // games read back
}

// openMatchState opens (or creates) path for the match key and returns the
// games it holds, by schedule index, for arena.Config.Played. A file of
// another match is refused; a last line cut short (a process killed while
// writing it) is dropped.
func openMatchState(path, key string) (*matchState, []*arena.Game, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	st := &matchState{path: path, f: f}
	played, good, err := readMatchState(f, path, key)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	// Drop a torn tail, then append after the last complete line.
	if err := f.Truncate(good); err != nil {
		f.Close()
		return nil, nil, err
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	if good == 0 {
		if err := st.writeLine(matchStateHeader{Format: matchStateFormat, Key: key}); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
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
	br := bufio.NewReader(r)
	var played []*arena.Game
	var good int64
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, 0, fmt.Errorf("%s: line %d: %w", path, n, err)
		}
		if !strings.HasSuffix(line, "\n") {
			return played, good, nil // EOF; a torn last line is dropped
		}
		if n == 1 {
			var h matchStateHeader
			if json.Unmarshal([]byte(line), &h) != nil || h.Format != matchStateFormat {
				return nil, 0, fmt.Errorf("%s: not an evochess match state file (line 1); give another -resume file", path)
			}
			if h.Key != key {
				return nil, 0, fmt.Errorf("%s holds the games of another match (other players or engine binaries, limits, games, openings, seed, hash or adjudication); give another -resume file or remove this one", path)
			}
		} else {
			var g matchStateGame
			if err := json.Unmarshal([]byte(line), &g); err != nil || g.Game == nil {
				if err == nil {
					err = errors.New("no game")
				}
				return nil, 0, fmt.Errorf("%s: line %d: not a game record: %v", path, n, err)
			}
			i := g.Game.Index
			if i < 0 || i >= 1<<20 {
				return nil, 0, fmt.Errorf("%s: line %d: game index %d out of range", path, n, i)
			}
			if i >= len(played) {
				played = append(played, make([]*arena.Game, i+1-len(played))...)
			}
			played[i] = g.Game
		}
		good += int64(len(line))
	}
}

// add appends a finished game and syncs the file; the first failure is kept
// (Err) and later games are not written.
func (st *matchState) add(g *arena.Game) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.err != nil || g == nil || g.Result == arena.NoResult {
		return
	}
	if err := st.writeLine(matchStateGame{Game: g}); err != nil {
		st.err = fmt.Errorf("%s: %w", st.path, err)
	}
}

func (st *matchState) writeLine(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := st.f.Write(append(b, '\n')); err != nil {
		return err
	}
	return st.f.Sync()
}

// Err returns the first failed write.
func (st *matchState) Err() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.err
}

func (st *matchState) Close() error { return st.f.Close() }
