package tuner

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
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
type MatchLog struct {
	mu    sync.Mutex
	byKey map[string]MatchRecord
	w     io.Writer
	fps   map[string]string // fingerprints by player identity
}

// MatchRecord is one finished match of a MatchLog.
type MatchRecord struct {
	Key         string            `json:"key"`
	A           string            `json:"a"`
	B           string            `json:"b"`
	Limits      string            `json:"limits"`
	Games       int               `json:"games"`
	Score       arena.Score       `json:"score"` // A's
	Pentanomial arena.Pentanomial `json:"pentanomial"`
	Finished    string            `json:"finished,omitempty"` // RFC 3339
}

// ReadMatchLog reads the records of r (named name in errors; nil r: an
// empty log) and returns a log that appends each new record to w (nil: kept
// in memory only). A line that is not a record is an error naming it; a
// last line cut short (a process killed while writing it) is ignored, and
// the first new record starts on a line of its own.
func ReadMatchLog(r io.Reader, name string, w io.Writer) (*MatchLog, error) {
	l := &MatchLog{byKey: map[string]MatchRecord{}, w: w, fps: map[string]string{}}
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
			l.byKey[rec.Key] = rec
		}
		if err == io.EOF {
			break
		}
	}
	return l, nil
}

// Len returns the number of recorded matches.
func (l *MatchLog) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.byKey)
}

// lookup returns the record of key.
func (l *MatchLog) lookup(key string) (MatchRecord, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	rec, ok := l.byKey[key]
	return rec, ok
}

// add records rec and appends it to the log's writer.
func (l *MatchLog) add(rec MatchRecord) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("match log: %w", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w != nil {
		if _, err := l.w.Write(append(b, '\n')); err != nil {
			return fmt.Errorf("match log: %w", err)
		}
	}
	l.byKey[rec.Key] = rec
	return nil
}

// fingerprintFENs and fingerprintDepth are the searches of a player's
// fingerprint: a few of the bench positions, searched to a small depth.
const (
	fingerprintPositions = 6
	fingerprintDepth     = 6
)

// fingerprint returns a digest of how the engine plays as ent: the move,
// score and nodes of a fixed-depth search of the first bench positions
// with its evaluator and search parameters (deterministic, one thread).
func (l *MatchLog) fingerprint(ctx context.Context, ent entrant) (string, error) {
	id, err := json.Marshal(struct {
		Scheme string
		W      []int32
		Search []int32
	}{ent.scheme, ent.w, ent.search.AllVector()})
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
	s := search.NewSearcher(ev, ent.search, 1)
	for _, fen := range search.BenchFENs()[:fingerprintPositions] {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			return "", err
		}
		s.Clear()
		r := s.Search(ctx, pos, search.Limits{Depth: fingerprintDepth}, nil)
		if err := ctx.Err(); err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d %d %d\n", r.Best.UCI(), r.Score, r.Mate, r.Nodes)
	}
	fp = hex.EncodeToString(h.Sum(nil))
	l.mu.Lock()
	l.fps[string(id)] = fp
	l.mu.Unlock()
	return fp, nil
}

// matchKey identifies a match of a against b at lim.
func (l *MatchLog) matchKey(ctx context.Context, a, b entrant, lim arena.Limits, games int, ops []arena.Opening,
	seed uint64, adj arena.Adjudication) (string, error) {
	fa, err := l.fingerprint(ctx, a)
	if err != nil {
		return "", fmt.Errorf("match log: %s: %w", a.name, err)
	}
	fb, err := l.fingerprint(ctx, b)
	if err != nil {
		return "", fmt.Errorf("match log: %s: %w", b.name, err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "evochess match v1\n%s\n%s\n%+v\n%d\n%d\n%+v\n", fa, fb, lim, games, seed, adj)
	for _, o := range ops {
		fmt.Fprintf(h, "%s %s %v\n", o.FEN, o.Name, o.Moves)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
