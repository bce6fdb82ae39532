package experiment

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/arena"
)

// MatchLog records the finished Elo matches of experiments, one JSON line
// each (MatchRecord), so that an experiment run again with the same log
// plays only the matches it has not recorded: a long experiment (the
// reports' 400-game matches at 100 ms per move take about half an hour
// each on two cores) can be stopped and resumed match by match, across
// processes and machines. A match is identified by everything its result
// depends on (MatchRecord.Key): both players' scheme, weights and search
// parameters, a fingerprint of how the engine searches with each (the
// moves, scores and node counts of short searches of fixed positions, so a
// changed engine does not reuse results of the old one), the limits, the
// number of games, the openings, the seed and the adjudication. A timed
// match's result also depends on the machine and its load; the record
// keeps when it finished, not where.
//
// While a match is played each finished game is recorded too (a record
// with Game set), so a match stopped half-way resumes with the games it
// has not played (arena.Config.Played); WriteTo writes the log without the
// games of finished matches.
type MatchLog struct {
	mu      sync.Mutex
	byKey   map[string]MatchRecord
	order   []string                       // keys of byKey in the order recorded
	partial map[string]map[int]*LoggedGame // games of unfinished matches by key and schedule index
	w       io.Writer
	fps     map[string]string // fingerprints by player identity
}

// MatchRecord is one finished match of a MatchLog.
type MatchRecord struct {
	Key         string            `json:"key"`
	A           string            `json:"a"`
	B           string            `json:"b"`
	Limits      string            `json:"limits"`
	Games       int               `json:"games"`
	Score       arena.Tally       `json:"score"` // A's
	Pentanomial arena.Pentanomial `json:"pentanomial"`
	Finished    string            `json:"finished,omitempty"` // RFC 3339
	// Game, when set, makes the record one finished game of the match Key,
	// which is not finished yet (the other fields but A and B are zero).
	Game *LoggedGame `json:"game,omitempty"`
}

// LoggedGame is what a match log keeps of a game: enough to count it again
// (arena.Game without its moves).
type LoggedGame struct {
	Index       int               `json:"index"`
	WhiteIndex  int               `json:"white_index"`
	BlackIndex  int               `json:"black_index"`
	Opening     arena.Opening     `json:"opening"`
	Result      arena.Result      `json:"result"`
	Termination arena.Termination `json:"termination"`
	FaultColor  board.Color       `json:"fault_color"`
	Plies       int               `json:"plies"`
}

func loggedGame(g *arena.Game) *LoggedGame {
	return &LoggedGame{Index: g.Index, WhiteIndex: g.WhiteIndex, BlackIndex: g.BlackIndex, Opening: g.Opening,
		Result: g.Result, Termination: g.Termination, FaultColor: g.FaultColor, Plies: len(g.Plies)}
}

func (lg *LoggedGame) game(names []string, lim arena.Limits) *arena.Game {
	g := &arena.Game{Index: lg.Index, WhiteIndex: lg.WhiteIndex, BlackIndex: lg.BlackIndex, Opening: lg.Opening,
		Result: lg.Result, Termination: lg.Termination, FaultColor: lg.FaultColor, Limits: lim}
	if lg.WhiteIndex >= 0 && lg.WhiteIndex < len(names) {
		g.White = names[lg.WhiteIndex]
	}
	if lg.BlackIndex >= 0 && lg.BlackIndex < len(names) {
		g.Black = names[lg.BlackIndex]
	}
	return g
}

// ReadMatchLog reads the records of r (named name in errors; nil r: an
// empty log) and returns a log that appends each new record to w (nil: kept
// in memory only). A line that is not a record is an error naming it; a
// last line cut short (a process killed while writing it) is ignored, and
// the first new record starts on a line of its own.
func ReadMatchLog(r io.Reader, name string, w io.Writer) (*MatchLog, error) {
	l := &MatchLog{byKey: map[string]MatchRecord{}, partial: map[string]map[int]*LoggedGame{}, w: w, fps: map[string]string{}}
	if r == nil {
		return l, nil
	}
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("match log %s: line %d: %w", name, n, err)
		}
		complete := strings.HasSuffix(line, "\n")
		if s := strings.TrimSpace(line); s != "" {
			var rec MatchRecord
			if jerr := json.Unmarshal([]byte(s), &rec); jerr != nil || rec.Key == "" {
				if !complete {
					// A torn last line: start the next record on a new line.
					if w != nil {
						if _, werr := io.WriteString(w, "\n"); werr != nil {
							return nil, fmt.Errorf("match log %s: %w", name, werr)
						}
					}
					break
				}
				if jerr == nil {
					jerr = fmt.Errorf("no key")
				}
				return nil, fmt.Errorf("match log %s: line %d: not a match record: %v", name, n, jerr)
			}
			l.keep(rec)
		}
		if err == io.EOF {
			break
		}
	}
	return l, nil
}

// keep files rec (l.mu held or not yet shared).
func (l *MatchLog) keep(rec MatchRecord) {
	if rec.Game != nil {
		if _, done := l.byKey[rec.Key]; !done {
			if l.partial[rec.Key] == nil {
				l.partial[rec.Key] = map[int]*LoggedGame{}
			}
			l.partial[rec.Key][rec.Game.Index] = rec.Game
		}
		return
	}
	if _, ok := l.byKey[rec.Key]; !ok {
		l.order = append(l.order, rec.Key)
	}
	l.byKey[rec.Key] = rec
	delete(l.partial, rec.Key)
}

// Len returns the number of recorded (finished) matches.
func (l *MatchLog) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.byKey)
}

// Games returns the number of recorded games of unfinished matches.
func (l *MatchLog) Games() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, gs := range l.partial {
		n += len(gs)
	}
	return n
}

// SyncWriter is a writer for a MatchLog that can tell when what it wrote
// may be gone — a log file replaced or removed while an experiment appends
// to it (a git checkout or stash, an editor saving it): every later record
// would go to the unlinked old file. Before each record the log asks Lost,
// and if so hands Restart its whole content (every record it holds, as
// WriteTo writes them) to write afresh; the record follows.
type SyncWriter interface {
	io.Writer
	Lost() bool
	Restart(write func(io.Writer) error) error
}

// WriteTo writes the log's records to w, finished matches in the order
// recorded and then the games of unfinished ones by key and index: the
// log without the games of finished matches.
func (l *MatchLog) WriteTo(w io.Writer) (int64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.writeTo(w)
}

// writeTo is WriteTo with l.mu held.
func (l *MatchLog) writeTo(w io.Writer) (int64, error) {
	var n int64
	put := func(rec MatchRecord) error {
		b, err := rec.marshal()
		if err != nil {
			return err
		}
		m, err := w.Write(append(b, '\n'))
		n += int64(m)
		return err
	}
	for _, k := range l.order {
		if err := put(l.byKey[k]); err != nil {
			return n, fmt.Errorf("match log: %w", err)
		}
	}
	keys := make([]string, 0, len(l.partial))
	for k := range l.partial {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		idx := make([]int, 0, len(l.partial[k]))
		for i := range l.partial[k] {
			idx = append(idx, i)
		}
		slices.Sort(idx)
		for _, i := range idx {
			if err := put(MatchRecord{Key: k, Game: l.partial[k][i]}); err != nil {
				return n, fmt.Errorf("match log: %w", err)
			}
		}
	}
	return n, nil
}

// played returns the recorded games of the unfinished match key as
// arena.Config.Played for a schedule of games (names: the players).
func (l *MatchLog) played(key string, games int, names []string, lim arena.Limits) []*arena.Game {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []*arena.Game
	for i, lg := range l.partial[key] {
		if i < 0 || i >= games {
			continue // not of this schedule: played again
		}
		if out == nil {
			out = make([]*arena.Game, games)
		}
		out[i] = lg.game(names, lim)
	}
	return out
}

// addGame records a finished game of the unfinished match key.
func (l *MatchLog) addGame(key, a, b string, g *arena.Game) error {
	if g == nil || g.Result == arena.NoResult {
		return nil
	}
	return l.add(MatchRecord{Key: key, A: a, B: b, Game: loggedGame(g)})
}

// lookup returns the record of key.
func (l *MatchLog) lookup(key string) (MatchRecord, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	rec, ok := l.byKey[key]
	return rec, ok
}

// gameLine is the form a game record is written in.
type gameLine struct {
	Key  string      `json:"key"`
	A    string      `json:"a,omitempty"`
	B    string      `json:"b,omitempty"`
	Game *LoggedGame `json:"game"`
}

// marshal returns rec's line (without the newline).
func (rec MatchRecord) marshal() ([]byte, error) {
	if rec.Game != nil {
		return json.Marshal(gameLine{Key: rec.Key, A: rec.A, B: rec.B, Game: rec.Game})
	}
	return json.Marshal(rec)
}

// add records rec and appends it to the log's writer.
func (l *MatchLog) add(rec MatchRecord) error {
	b, err := rec.marshal()
	if err != nil {
		return fmt.Errorf("match log: %w", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if sw, ok := l.w.(SyncWriter); ok && sw.Lost() {
		if err := sw.Restart(func(w io.Writer) error { _, err := l.writeTo(w); return err }); err != nil {
			return fmt.Errorf("match log: writing it afresh: %w", err)
		}
	}
	if l.w != nil {
		if _, err := l.w.Write(append(b, '\n')); err != nil {
			return fmt.Errorf("match log: %w", err)
		}
	}
	l.keep(rec)
	return nil
}

// fingerprintPositions and fingerprintDepth are the searches of a player's
// fingerprint: the first bench positions (search.Bench), to a small depth.
const (
	fingerprintPositions = 6
	fingerprintDepth     = 6
)

// fingerprint returns a digest of how the engine plays as ent: the move,
// score and nodes of a fixed-depth search of the first bench positions
// with its evaluator and search parameters (deterministic, one thread).
func (l *MatchLog) fingerprint(ctx context.Context, ent entrant) (string, error) {
	id, err := playerID(ent.scheme, ent.w, ent.search.AllVector())
	if err != nil {
		return "", err
	}
	l.mu.Lock()
	fp, ok := l.fps[string(id)]
	l.mu.Unlock()
	if ok {
		return fp, nil
	}
	sc, err := eval.Lookup(ent.scheme)
	if err != nil {
		return "", err
	}
	ev, err := eval.New(sc, ent.w)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write(id)
	_, err = search.Bench(ctx, search.BenchFENs()[:fingerprintPositions], ev, ent.search, fingerprintDepth, 1, func(l search.BenchLine) {
		r := l.Result
		fmt.Fprintf(h, "%s %d %d %d\n", r.Best.UCI(), r.Score, r.Mate, r.Nodes)
	})
	if err != nil {
		return "", err
	}
	fp = hex.EncodeToString(h.Sum(nil))
	l.mu.Lock()
	l.fps[string(id)] = fp
	l.mu.Unlock()
	return fp, nil
}

// playerID is the identity of a player in its fingerprint: scheme, weights
// and search vector. The search vector's trailing zeros are dropped: every
// search parameter added to the registry is off at 0 (engine/search), so a
// vector of the older, shorter registry and the same vector with the new
// parameters off name the same player, and matches recorded before the
// registry grew stay valid.
func playerID(scheme string, w, sv []int32) ([]byte, error) {
	for len(sv) > 0 && sv[len(sv)-1] == 0 {
		sv = sv[:len(sv)-1]
	}
	return json.Marshal(struct {
		Scheme string
		W      []int32
		Search []int32
	}{scheme, w, sv})
}

// matchKey identifies a match of a against b at lim.
func (l *MatchLog) matchKey(ctx context.Context, a, b entrant, lim arena.Limits, games int, ops []arena.Opening,
	seed uint64, adj arena.Adjudication) (string, error) {
	return l.gamesKey(ctx, "evochess match v1", []entrant{a, b}, lim, games, ops, seed, adj)
}

// roundRobinKey identifies a round robin of players, games per pair, at
// lim. Its games are kept as the games of an unfinished match (a round
// robin has no MatchRecord): a stopped round robin resumes with the games
// it has not played, and a finished one is counted again from its games.
func (l *MatchLog) roundRobinKey(ctx context.Context, players []entrant, lim arena.Limits, games int, ops []arena.Opening,
	seed uint64, adj arena.Adjudication) (string, error) {
	return l.gamesKey(ctx, fmt.Sprintf("evochess round robin v1 of %d players", len(players)), players, lim, games, ops, seed, adj)
}

// gamesKey hashes what the games of players depend on, after head.
func (l *MatchLog) gamesKey(ctx context.Context, head string, players []entrant, lim arena.Limits, games int,
	ops []arena.Opening, seed uint64, adj arena.Adjudication) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", head)
	for _, p := range players {
		fp, err := l.fingerprint(ctx, p)
		if err != nil {
			return "", fmt.Errorf("match log: %s: %w", p.name, err)
		}
		fmt.Fprintf(h, "%s\n", fp)
	}
	fmt.Fprintf(h, "%+v\n%d\n%d\n%+v\n", lim, games, seed, adj)
	for _, o := range ops {
		fmt.Fprintf(h, "%s %s %v\n", o.FEN, o.Name, o.Moves)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
