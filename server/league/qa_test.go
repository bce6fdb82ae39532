package league

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/wasm/protocol"
)

// TestForeignDatabaseRefused: a -db file that is someone else's SQLite
// database (schema version 0, tables of its own) is refused naming the file
// and its first tables, and left byte for byte as it was (no WAL switch, no
// league tables, no -wal or -shm files). A new, empty or table-less file
// still becomes a league.
func TestForeignDatabaseRefused(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		what  string
		setup []string // statements building the file; nil: no file
		empty bool     // a zero-byte file
		want  []string // the error mentions these; nil: opens as a league
	}{
		{what: "one table", setup: []string{"CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)", "INSERT INTO customers (name) VALUES ('Zoe')"},
			want: []string{"not an evochess league database", "1 table of its own", `"customers"`, "left unchanged", "-db"}},
		{what: "tables, a view and an index", setup: []string{"CREATE TABLE a (x)", "CREATE TABLE b (y)", "CREATE INDEX b_y ON b (y)", "CREATE VIEW v AS SELECT x FROM a"},
			want: []string{"3 tables", `"a", "b", "v"`}},
		{what: "many tables", setup: []string{"CREATE TABLE t1 (x)", "CREATE TABLE t2 (x)", "CREATE TABLE t3 (x)", "CREATE TABLE t4 (x)", "CREATE TABLE t5 (x)", "CREATE TABLE t6 (x)"},
			want: []string{"6 tables", `"t1", "t2", "t3", "t4" and 2 more`}},
		{what: "a table named like ours", setup: []string{"CREATE TABLE meta (key TEXT, value TEXT)"},
			want: []string{`"meta"`}},
		{what: "an autoincrement table", setup: []string{"CREATE TABLE s (id INTEGER PRIMARY KEY AUTOINCREMENT)", "INSERT INTO s DEFAULT VALUES"},
			want: []string{"1 table of its own", `"s"`}},
		{what: "no file", setup: nil},
		{what: "a zero-byte file", empty: true},
		{what: "a database without tables", setup: []string{"PRAGMA application_id = 7"}},
	} {
		t.Run(c.what, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "their.db")
			if c.empty {
				if err := os.WriteFile(path, nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if c.setup != nil {
				db, err := sql.Open("sqlite", "file:"+path)
				if err != nil {
					t.Fatal(err)
				}
				for _, q := range c.setup {
					mustExec(t, db, q)
				}
				if err := db.Close(); err != nil {
					t.Fatal(err)
				}
			}
			before, _ := os.ReadFile(path)
			l, err := Open(ctx, Config{Path: path, Workers: 1, Defaults: fastSettings})
			if c.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				l.Close()
				return
			}
			if err == nil {
				l.Close()
				t.Fatal("someone else's database opened as a league")
			}
			for _, w := range append([]string{path}, c.want...) {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			after, rerr := os.ReadFile(path)
			if rerr != nil || !bytes.Equal(before, after) {
				t.Errorf("the file changed: %d bytes before, %d after (%v)", len(before), len(after), rerr)
			}
			for _, suffix := range []string{"-wal", "-shm", "-journal"} {
				if _, err := os.Stat(path + suffix); err == nil {
					t.Errorf("%s left beside the refused file", suffix)
				}
			}
		})
	}
}

// TestSubmitPlayerErrorSaidOnce: a refused player file is reported with
// "player:" once, whichever step refuses it.
func TestSubmitPlayerErrorSaidOnce(t *testing.T) {
	l, err := Open(context.Background(), Config{Path: filepath.Join(t.TempDir(), "l.db"), Workers: 1, Defaults: fastSettings})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for _, c := range []struct {
		what, player, want string
	}{
		{"malformed JSON", `{"scheme":`, "malformed JSON"},
		{"empty", ``, "empty file"},
		{"no version", `{"scheme":"material","weights":{}}`, "version"},
		{"unknown scheme", `{"version":1,"scheme":"nope","weights":{}}`, "nope"},
		{"unknown weight", `{"version":1,"scheme":"material","weights":{"pawn":100000}}`, "unknown weight \"pawn\""},
		{"trailing data", `{"version":1,"scheme":"material","weights":{}} x`, "after the object"},
	} {
		_, err := l.Submit(context.Background(), "Ana", []byte(c.player), "a", false)
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", c.what, err)
			continue
		}
		msg := err.Error()
		if n := strings.Count(msg, "player:"); n != 1 || !strings.HasPrefix(msg, "invalid: player: ") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q: want \"invalid: player: …%s…\" with \"player:\" once (%d times)", c.what, msg, c.want, n)
		}
	}
}

// storedLeague writes a league file with the named entries (ids 1, 2, …)
// and, per pair "lo-hi", that many finished games of epoch 0.
func storedLeague(t *testing.T, path string, names []string, played map[string]int) {
	t.Helper()
	db, err := openDB(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p := string(presetJSON(t, "material"))
	for _, n := range names {
		mustExec(t, db, "INSERT INTO entries (name, scheme, player, address, submitted) VALUES (?, 'material', ?, 'x', 1)", n, p)
	}
	for pr, n := range played {
		var lo, hi int64
		if _, err := fmt.Sscanf(pr, "%d-%d", &lo, &hi); err != nil {
			t.Fatal(err)
		}
		for k := 0; k < n; k++ {
			white, black := lo, hi
			if k%2 == 1 {
				white, black = hi, lo
			}
			mustExec(t, db, `INSERT INTO games (epoch, lo, hi, k, white, black, result, termination, start_fen, moves, pgn, finished)
				VALUES (0, ?, ?, ?, ?, ?, '1/2-1/2', 'repetition', ?, 'e2e4 e7e5', '', 1)`, lo, hi, k, white, black, arena.StartOpening().FEN)
		}
	}
}

// TestScheduledNeverBelowPlayed: after the teacher lowers GamesPerPair,
// the pairs that already played more count what they played, so the state
// never shows more games played than scheduled (it showed "210 of 84").
func TestScheduledNeverBelowPlayed(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		what            string
		entries         []string
		played          map[string]int
		gamesPerPair    int // set after opening (the league opens at 2)
		games, schedule int
	}{
		{"nothing played", []string{"A", "B", "C"}, nil, 4, 0, 12},
		{"played as many as scheduled", []string{"A", "B"}, map[string]int{"1-2": 4}, 4, 4, 4},
		{"lowered below one pair", []string{"A", "B"}, map[string]int{"1-2": 6}, 2, 6, 6},
		{"lowered, others still to play", []string{"A", "B", "C"}, map[string]int{"1-2": 8, "1-3": 1}, 2, 9, 8 + 2 + 2},
		{"lowered below every pair", []string{"A", "B", "C"}, map[string]int{"1-2": 10, "1-3": 10, "2-3": 10}, 4, 30, 30},
		{"raised again", []string{"A", "B", "C"}, map[string]int{"1-2": 10}, 20, 10, 60},
	} {
		t.Run(c.what, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "l.db")
			storedLeague(t, path, c.entries, c.played)
			l := openLeague(t, path, 1)
			if err := l.SetSettings(ctx, protocol.LeagueSettings{Depth: 1, GamesPerPair: c.gamesPerPair}); err != nil {
				t.Fatal(err)
			}
			st := l.State()
			if st.Games != c.games || st.Scheduled != c.schedule {
				t.Errorf("%d of %d games played, want %d of %d", st.Games, st.Scheduled, c.games, c.schedule)
			}
			if st.Games > st.Scheduled {
				t.Errorf("more games played (%d) than scheduled (%d)", st.Games, st.Scheduled)
			}
			// Withdrawing an entry takes its pairs out of both figures.
			if err := l.Remove(ctx, 1); err != nil {
				t.Fatal(err)
			}
			if st := l.State(); st.Games > st.Scheduled {
				t.Errorf("after removing entry 1: %d of %d games played", st.Games, st.Scheduled)
			}
		})
	}
}

// TestEntry: an entry is served as its line of the standings until it is
// withdrawn.
func TestEntry(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "l.db")
	storedLeague(t, path, []string{"Ana", "Ben", "Cy"}, map[string]int{"1-2": 2})
	l := openLeague(t, path, 1)
	if err := l.Remove(ctx, 3); err != nil {
		t.Fatal(err)
	}
	st := l.State()
	for _, c := range []struct {
		id   int64
		name string // "": not found
	}{{1, "Ana"}, {2, "Ben"}, {3, ""}, {4, ""}, {0, ""}} {
		got, err := l.Entry(c.id)
		if c.name == "" {
			if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), fmt.Sprint(c.id)) {
				t.Errorf("entry %d: %+v, %v; want ErrNotFound", c.id, got, err)
			}
			continue
		}
		if err != nil || got.Name != c.name || got.ID != c.id || got.Games != 2 || !got.Rated {
			t.Errorf("entry %d: %+v, %v", c.id, got, err)
		}
		for _, s := range st.Standings {
			if s.ID == c.id && s != got {
				t.Errorf("entry %d: %+v, the standings list %+v", c.id, got, s)
			}
		}
	}
}
