package league

// The league's SQLite file: opening (WAL, busy timeout, bounded pool),
// versioned migrations and the queries.

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	_ "modernc.org/sqlite" // database/sql driver "sqlite", pure Go
)

// migrations[i] takes the schema from version i to i+1 (PRAGMA
// user_version). They only ever grow: a released migration is never edited.
var migrations = []string{
	// 1: entries, games, settings.
	`CREATE TABLE meta (
		key   TEXT PRIMARY KEY,
		value TEXT NOT NULL
	) STRICT;
	CREATE TABLE entries (
		id        INTEGER PRIMARY KEY,
		name      TEXT NOT NULL,
		scheme    TEXT NOT NULL,
		player    TEXT NOT NULL,
		address   TEXT NOT NULL,
		submitted INTEGER NOT NULL,
		removed   INTEGER NOT NULL DEFAULT 0
	) STRICT;
	CREATE TABLE games (
		id          INTEGER PRIMARY KEY,
		epoch       INTEGER NOT NULL,
		lo          INTEGER NOT NULL REFERENCES entries(id),
		hi          INTEGER NOT NULL REFERENCES entries(id),
		k           INTEGER NOT NULL,
		white       INTEGER NOT NULL REFERENCES entries(id),
		black       INTEGER NOT NULL REFERENCES entries(id),
		result      TEXT NOT NULL,
		termination TEXT NOT NULL,
		start_fen   TEXT NOT NULL,
		moves       TEXT NOT NULL,
		pgn         TEXT NOT NULL,
		finished    INTEGER NOT NULL,
		UNIQUE (epoch, lo, hi, k)
	) STRICT;`,
	// 2: opening name, book length and limits per game; one active entry per
	// name; games listed by epoch.
	`ALTER TABLE games ADD COLUMN opening TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN book INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN limits TEXT NOT NULL DEFAULT '';
	CREATE UNIQUE INDEX entries_active_name ON entries (lower(name)) WHERE removed = 0;
	CREATE INDEX games_epoch ON games (epoch, id);`,
}

// SchemaVersion is the schema this package writes.
var SchemaVersion = len(migrations)

// dsn returns the driver's data source name for a file path: a file: URI
// (so no part of the path is read as an option) with WAL, a busy timeout,
// full sync, foreign keys and immediate write transactions.
func dsn(path string) string {
	return "file:" + uriEscape(path) + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)" +
		"&_pragma=foreign_keys(1)&_txlock=immediate"
}

// uriEscape escapes the characters a file: URI would read as a query,
// fragment or escape.
func uriEscape(path string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
}

// maxConns bounds the connection pool (SQLite serializes writers anyway;
// WAL lets readers run beside the writer).
const maxConns = 4

// openDB opens path, applies pending migrations and checks the journal mode.
func openDB(ctx context.Context, path string) (*sql.DB, error) {
	return openDBAt(ctx, path, len(migrations))
}

// openDBAt migrates to version upTo only (tests build older schemas with it).
func openDBAt(ctx context.Context, path string, upTo int) (*sql.DB, error) {
	// SQLite says only "unable to open database file" for a missing
	// folder; say which.
	if dir := filepath.Dir(path); dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("league: %s: the folder %s does not exist", path, dir)
		}
	}
	// The pool's first connection switches the file to WAL (dsn), before
	// migrate reads anything: look at an existing file first, read-only.
	if err := checkForeign(ctx, path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("league: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	if err := migrate(ctx, db, upTo); err != nil {
		db.Close()
		return nil, fmt.Errorf("league: %s: %w", path, err)
	}
	var mode string
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		db.Close()
		return nil, fmt.Errorf("league: %s: %w", path, err)
	}
	if mode != "wal" {
		db.Close()
		return nil, fmt.Errorf("league: %s: journal mode %q, want wal (is the file on a network file system?)", path, mode)
	}
	return db, nil
}

// foreignShown is how many of a foreign database's tables its refusal names.
const foreignShown = 4

// checkForeign refuses an existing SQLite file that is not a league: schema
// version 0 (no league migration ever ran) yet tables or views of its own —
// a -db pointing at someone else's database. It reads through a read-only
// connection without the WAL pragma, so a refused file is left byte for byte
// as it was. A missing or empty file (a new league) passes.
func checkForeign(ctx context.Context, path string) error {
	st, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) || (err == nil && st.Size() == 0) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("league: %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("league: %s: not a regular file", path)
	}
	db, err := sql.Open("sqlite", "file:"+uriEscape(path)+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("league: open %s: %w", path, err)
	}
	defer db.Close()
	var v int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return fmt.Errorf("league: %s: read schema version: %w (not an evochess league database?)", path, err)
	}
	if v != 0 {
		return nil // ours (or newer: migrate says so)
	}
	rows, err := db.QueryContext(ctx, "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid")
	if err != nil {
		return fmt.Errorf("league: %s: read the tables: %w (not an evochess league database?)", path, err)
	}
	defer rows.Close()
	var names []string
	n := 0
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return fmt.Errorf("league: %s: read the tables: %w", path, err)
		}
		if n++; n <= foreignShown {
			names = append(names, strconv.Quote(name))
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("league: %s: read the tables: %w", path, err)
	}
	if n == 0 {
		return nil // an empty database: becomes the league
	}
	list := strings.Join(names, ", ")
	if n > len(names) {
		list += fmt.Sprintf(" and %d more", n-len(names))
	}
	tables := "tables"
	if n == 1 {
		tables = "table"
	}
	return fmt.Errorf("league: %s is not an evochess league database: it already holds %d %s of its own (%s); left unchanged — choose another -db file", path, n, tables, list)
}

// migrate applies migrations[v:upTo] one transaction each.
func migrate(ctx context.Context, db *sql.DB, upTo int) error {
	var v int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return fmt.Errorf("read schema version: %w (not an evochess league database?)", err)
	}
	if v > len(migrations) {
		return fmt.Errorf("schema version %d is newer than this evochess knows (%d): use a newer evochess or another -db file", v, len(migrations))
	}
	for ; v < upTo; v++ {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("migrate to version %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrate to version %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, "PRAGMA user_version = "+strconv.Itoa(v+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrate to version %d: %w", v+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migrate to version %d: %w", v+1, err)
		}
	}
	return nil
}

// store wraps the database with the league's queries.
type store struct {
	db *sql.DB
}

func (s *store) meta(ctx context.Context, key string) (string, bool, error) {
	var v string
	err := s.db.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("league: read %s: %w", key, err)
	}
	return v, true, nil
}

func (s *store) setMeta(ctx context.Context, q execer, key, value string) error {
	if q == nil {
		q = s.db
	}
	if _, err := q.ExecContext(ctx, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value); err != nil {
		return fmt.Errorf("league: write %s: %w", key, err)
	}
	return nil
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// token returns the teacher token, creating it on first use.
func (s *store) token(ctx context.Context) (string, error) {
	if v, ok, err := s.meta(ctx, "teacher_token"); err != nil || ok {
		return v, err
	}
	b := make([]byte, 18)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("league: teacher token: %w", err)
	}
	tok := base64.RawURLEncoding.EncodeToString(b)
	// Another process may have written one meanwhile: keep the first.
	if _, err := s.db.ExecContext(ctx, "INSERT INTO meta (key, value) VALUES ('teacher_token', ?) ON CONFLICT (key) DO NOTHING", tok); err != nil {
		return "", fmt.Errorf("league: teacher token: %w", err)
	}
	v, _, err := s.meta(ctx, "teacher_token")
	return v, err
}

// entryRow is an entries row.
type entryRow struct {
	ID        int64
	Name      string
	Scheme    string
	Player    string
	Address   string
	Submitted int64
}

func (s *store) activeEntries(ctx context.Context) ([]entryRow, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id, name, scheme, player, address, submitted FROM entries WHERE removed = 0 ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("league: read entries: %w", err)
	}
	defer rows.Close()
	var out []entryRow
	for rows.Next() {
		var e entryRow
		if err := rows.Scan(&e.ID, &e.Name, &e.Scheme, &e.Player, &e.Address, &e.Submitted); err != nil {
			return nil, fmt.Errorf("league: read entries: %w", err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("league: read entries: %w", err)
	}
	return out, nil
}

func (s *store) addEntry(ctx context.Context, e entryRow) (int64, error) {
	res, err := s.db.ExecContext(ctx, "INSERT INTO entries (name, scheme, player, address, submitted) VALUES (?, ?, ?, ?, ?)",
		e.Name, e.Scheme, e.Player, e.Address, e.Submitted)
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return 0, fmt.Errorf("%w: the name %q is taken", ErrConflict, e.Name)
		}
		return 0, fmt.Errorf("league: store entry: %w", err)
	}
	return res.LastInsertId()
}

func (s *store) removeEntry(ctx context.Context, id, when int64) error {
	res, err := s.db.ExecContext(ctx, "UPDATE entries SET removed = ? WHERE id = ? AND removed = 0", when, id)
	if err != nil {
		return fmt.Errorf("league: remove entry %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: no entry %d", ErrNotFound, id)
	}
	return nil
}

// gameRow is a games row.
type gameRow struct {
	ID          int64
	Epoch       int
	Lo, Hi      int64
	K           int
	White       int64
	Black       int64
	Result      string
	Termination string
	StartFEN    string
	Moves       string // UCI, space separated, book moves first
	Book        int
	PGN         string
	Opening     string
	Limits      string
	Finished    int64
	Plies       int // len(Moves) in plies
}

// addGame stores a finished game. A second game for the same slot (epoch,
// pair, k) is refused by the UNIQUE constraint and reported as ErrConflict.
func (s *store) addGame(ctx context.Context, g gameRow) (int64, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO games (epoch, lo, hi, k, white, black, result, termination, start_fen, moves, book, pgn, opening, limits, finished)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.Epoch, g.Lo, g.Hi, g.K, g.White, g.Black, g.Result, g.Termination, g.StartFEN, g.Moves, g.Book, g.PGN, g.Opening, g.Limits, g.Finished)
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return 0, fmt.Errorf("%w: game %d of pair %d-%d already stored", ErrConflict, g.K, g.Lo, g.Hi)
		}
		return 0, fmt.Errorf("league: store game: %w", err)
	}
	return res.LastInsertId()
}

// activeGamesQuery selects the games of an epoch between entries still in.
const activeGamesQuery = `SELECT g.id, g.epoch, g.lo, g.hi, g.k, g.white, g.black, g.result, g.termination, g.opening, g.finished,
	length(g.moves) - length(replace(g.moves, ' ', '')) + (g.moves != '')
	FROM games g JOIN entries a ON a.id = g.lo JOIN entries b ON b.id = g.hi
	WHERE g.epoch = ? AND a.removed = 0 AND b.removed = 0`

// gameSlots reads the games of epoch between active entries (no moves).
func (s *store) gameSlots(ctx context.Context, epoch int) ([]gameRow, error) {
	return s.listGames(ctx, activeGamesQuery+" ORDER BY g.id", epoch)
}

// listGames runs a games query selecting the columns of activeGamesQuery
// (the ply count is computed in SQL from the moves text).
func (s *store) listGames(ctx context.Context, query string, args ...any) ([]gameRow, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("league: read games: %w", err)
	}
	defer rows.Close()
	var out []gameRow
	for rows.Next() {
		var g gameRow
		if err := rows.Scan(&g.ID, &g.Epoch, &g.Lo, &g.Hi, &g.K, &g.White, &g.Black, &g.Result, &g.Termination, &g.Opening, &g.Finished, &g.Plies); err != nil {
			return nil, fmt.Errorf("league: read games: %w", err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("league: read games: %w", err)
	}
	return out, nil
}

// game reads one game in full.
func (s *store) game(ctx context.Context, id int64) (gameRow, error) {
	var g gameRow
	err := s.db.QueryRowContext(ctx, `SELECT id, epoch, lo, hi, k, white, black, result, termination, start_fen, moves, book, pgn, opening, limits, finished
		FROM games WHERE id = ?`, id).Scan(&g.ID, &g.Epoch, &g.Lo, &g.Hi, &g.K, &g.White, &g.Black, &g.Result, &g.Termination,
		&g.StartFEN, &g.Moves, &g.Book, &g.PGN, &g.Opening, &g.Limits, &g.Finished)
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("%w: no game %d", ErrNotFound, id)
	}
	if err != nil {
		return g, fmt.Errorf("league: read game %d: %w", id, err)
	}
	g.Plies = len(strings.Fields(g.Moves))
	return g, nil
}

// names maps entry ids (removed ones included) to names.
func (s *store) names(ctx context.Context) (map[int64]string, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id, name FROM entries")
	if err != nil {
		return nil, fmt.Errorf("league: read names: %w", err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var n string
		if err := rows.Scan(&id, &n); err != nil {
			return nil, fmt.Errorf("league: read names: %w", err)
		}
		out[id] = n
	}
	return out, rows.Err()
}
