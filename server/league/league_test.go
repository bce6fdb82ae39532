package league

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/wasm/protocol"
)

// presetJSON returns the player file of an engine/eval preset.
func presetJSON(t testing.TB, name string) []byte {
	t.Helper()
	p, err := player.FromPreset(name)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := p.Save(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// fastSettings keep test games short: depth 1, two games per pair.
var fastSettings = protocol.LeagueSettings{Depth: 1, GamesPerPair: 2}

func openLeague(t testing.TB, path string, workers int) *League {
	t.Helper()
	l, err := Open(context.Background(), Config{Path: path, Workers: workers, Defaults: fastSettings})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// waitFor waits (up to two minutes: the machine may be loaded) until cond
// holds for the league's state.
func waitFor(t testing.TB, l *League, what string, cond func(protocol.LeagueState) bool) protocol.LeagueState {
	t.Helper()
	deadline := time.After(2 * time.Minute)
	for {
		ch := l.Changed()
		st := l.State()
		if cond(st) {
			return st
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("timed out waiting for %s; state %+v", what, st)
		}
	}
}

func submit(t testing.TB, l *League, name, preset, addr string) int64 {
	t.Helper()
	r, err := l.Submit(context.Background(), name, presetJSON(t, preset), addr, false)
	if err != nil {
		t.Fatalf("submit %s: %v", name, err)
	}
	return r.ID
}

func TestMigrations(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	// From an empty file to the current schema, in WAL mode.
	path := filepath.Join(dir, "new.db")
	db, err := openDB(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	var v int
	var mode string
	db.QueryRow("PRAGMA user_version").Scan(&v)
	db.QueryRow("PRAGMA journal_mode").Scan(&mode)
	var busy int
	db.QueryRow("PRAGMA busy_timeout").Scan(&busy)
	if v != SchemaVersion || mode != "wal" || busy != 10000 {
		t.Fatalf("version %d mode %s busy %d; want %d wal 10000", v, mode, busy, SchemaVersion)
	}
	if st := db.Stats(); st.MaxOpenConnections != maxConns {
		t.Errorf("pool bound %d, want %d", st.MaxOpenConnections, maxConns)
	}
	db.Close()

	// From version 1 with data: the rows survive and the new columns get defaults.
	old := filepath.Join(dir, "old.db")
	db1, err := openDBAt(ctx, old, 1)
	if err != nil {
		t.Fatal(err)
	}
	p := string(presetJSON(t, "material"))
	mustExec(t, db1, "INSERT INTO entries (name, scheme, player, address, submitted) VALUES ('Ana', 'material', ?, '10.0.0.2', 1), ('Ben', 'material', ?, '10.0.0.3', 2)", p, p)
	mustExec(t, db1, `INSERT INTO games (epoch, lo, hi, k, white, black, result, termination, start_fen, moves, pgn, finished)
		VALUES (0, 1, 2, 0, 1, 2, '1-0', 'checkmate', ?, 'e2e4 e7e5', '[Event "x"]', 3)`, arena.StartOpening().FEN)
	db1.Close()
	l, err := Open(ctx, Config{Path: old, Workers: 1, Defaults: fastSettings})
	if err != nil {
		t.Fatal(err)
	}
	st := l.State()
	if len(st.Standings) != 2 || st.Games != 1 || st.Standings[0].Name != "Ana" || st.Standings[0].Wins != 1 {
		t.Fatalf("after migration: %+v", st)
	}
	g, _, err := l.Game(ctx, 1)
	if err != nil || g.Plies != 2 || g.Limits != "" || g.Book != 0 || g.White != "Ana" {
		t.Fatalf("old game after migration: %+v %v", g, err)
	}
	// Version 2's unique active name holds for the migrated rows.
	if _, err := l.Submit(ctx, "ana", presetJSON(t, "material"), "x", true); !errors.Is(err, ErrConflict) {
		t.Fatalf("duplicate name after migration: %v", err)
	}
	l.Close()
	// Reopening changes nothing.
	db2, err := openDB(ctx, old)
	if err != nil {
		t.Fatal(err)
	}
	db2.QueryRow("PRAGMA user_version").Scan(&v)
	if v != SchemaVersion {
		t.Fatalf("version %d after reopen", v)
	}
	// A file from a newer evochess is refused with a clear message.
	mustExec(t, db2, fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion+1))
	db2.Close()
	if _, err := openDB(ctx, old); err == nil || !strings.Contains(err.Error(), "newer than this evochess") {
		t.Fatalf("newer schema: %v", err)
	}
	// Not a database at all.
	junk := filepath.Join(dir, "junk.db")
	os.WriteFile(junk, bytes.Repeat([]byte("not sqlite "), 500), 0o644)
	if _, err := openDB(ctx, junk); err == nil {
		t.Fatal("a junk file opened as a league")
	}
}

func mustExec(t *testing.T, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// TestPathIsNotOptions checks that a -db path with URI characters names
// exactly that file.
func TestPathIsNotOptions(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a b?_pragma=journal_mode(DELETE)#x%41.db")
	db, err := openDB(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("file not created under its own name: %v", err)
	}
	// A file in a missing folder is refused naming the folder.
	missing := filepath.Join(dir, "no", "such")
	if _, err := openDB(context.Background(), filepath.Join(missing, "l.db")); err == nil || !strings.Contains(err.Error(), "the folder "+missing+" does not exist") {
		t.Errorf("missing folder: %v", err)
	}
}

func TestSubmitChecks(t *testing.T) {
	l, err := Open(context.Background(), Config{Path: filepath.Join(t.TempDir(), "l.db"), Workers: 1, MaxEntries: 4, MaxPerAddress: 2, Defaults: fastSettings})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	ctx := context.Background()
	good := presetJSON(t, "material")
	cases := []struct {
		name    string
		player  string
		addr    string
		teacher bool
		want    error
		msg     string
	}{
		{"", string(good), "a", false, ErrInvalid, "empty"},
		{strings.Repeat("x", 33), string(good), "a", false, ErrInvalid, "at most 32"},
		{"bell\a", string(good), "a", false, ErrInvalid, "not printable"},
		{"Ana", `{"scheme":`, "a", false, ErrInvalid, "player"},
		{"Ana", `{"version":1,"scheme":"nope","weights":{}}`, "a", false, ErrInvalid, "nope"},
		{"Ana", `{"version":1,"scheme":"material","weights":{"pawn":100000}}`, "a", false, ErrInvalid, "player"},
		{"  Ana   Lee ", string(good), "a", false, nil, ""},
		{"ANA LEE", string(good), "b", false, ErrConflict, "taken"},
		{"Ben", string(good), "a", false, nil, ""},
		{"Cy", string(good), "a", false, ErrFull, "this device"},
		{"Cy", string(good), "a", true, nil, ""},        // the teacher is not capped per address
		{"De\u0301", string(good), "c", false, nil, ""}, // "Dé" typed with a combining accent: kept composed
		{"D\u00c9", string(good), "e", false, ErrConflict, "taken"},
		{"\uff21\uff4e\uff41 Lee", string(good), "e", false, ErrConflict, "taken"}, // full-width "Ana"
		{"Ed", string(good), "d", false, ErrFull, "4 entries"},
	}
	for _, c := range cases {
		r, err := l.Submit(ctx, c.name, []byte(c.player), c.addr, c.teacher)
		if c.want == nil {
			if err != nil {
				t.Errorf("submit %q: %v", c.name, err)
			}
			continue
		}
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("submit %q: %v (%+v); want %v mentioning %q", c.name, err, r, c.want, c.msg)
		}
	}
	st := l.State()
	var names []string
	for _, s := range st.Standings {
		names = append(names, s.Name)
	}
	sort.Strings(names)
	if strings.Join(names, ",") != "Ana Lee,Ben,Cy,D\u00e9" {
		t.Fatalf("entries %v", names)
	}
	if err := l.Remove(ctx, 999); !errors.Is(err, ErrNotFound) {
		t.Errorf("remove 999: %v", err)
	}
	if err := l.SetSettings(ctx, protocol.LeagueSettings{Depth: 2, MoveTimeMs: 10, GamesPerPair: 2}); !errors.Is(err, ErrInvalid) {
		t.Errorf("both depth and move time: %v", err)
	}
}

// play runs a league of three presets to the end of its schedule and
// returns every stored game by slot.
func playAll(t *testing.T, path string, workers int) map[string]string {
	l := openLeague(t, path, workers)
	for i, p := range []string{"material", "david-fig3", "vazquez-table2-exploitation"} {
		submit(t, l, fmt.Sprintf("P%d", i), p, "127.0.0.1")
	}
	l.Start()
	st := waitFor(t, l, "6 games", func(s protocol.LeagueState) bool { return s.Games == 6 && len(s.Playing) == 0 })
	if st.Scheduled != 6 {
		t.Fatalf("scheduled %d, want 6", st.Scheduled)
	}
	out := map[string]string{}
	rows, err := l.st.gameSlots(context.Background(), st.Epoch)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		full, err := l.st.game(context.Background(), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		out[fmt.Sprintf("%d-%d/%d", r.Lo, r.Hi, r.K)] = fmt.Sprintf("%d-%d %s %s %s", r.White, r.Black, r.Result, full.StartFEN, full.Moves)
	}
	return out
}

// TestRoundRobinDeterministic plays the same league with one and two
// workers: at a fixed depth every slot's game is the same, each pair plays
// one opening with both colours.
func TestRoundRobinDeterministic(t *testing.T) {
	dir := t.TempDir()
	a := playAll(t, filepath.Join(dir, "a.db"), 1)
	b := playAll(t, filepath.Join(dir, "b.db"), 2)
	if len(a) != 6 {
		t.Fatalf("%d slots: %v", len(a), a)
	}
	for k, v := range a {
		if b[k] != v {
			t.Errorf("slot %s: %q with 1 worker, %q with 2", k, v, b[k])
		}
	}
	for _, p := range []string{"1-2", "1-3", "2-3"} {
		g0, g1 := strings.Fields(a[p+"/0"]), strings.Fields(a[p+"/1"])
		if g0[0] != p || g1[0] == p || strings.Join(g0[2:8], " ") != strings.Join(g1[2:8], " ") {
			t.Errorf("pair %s: colours or opening differ: %q / %q", p, a[p+"/0"], a[p+"/1"])
		}
	}
}

func TestLeagueLifecycle(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "l.db")
	l := openLeague(t, path, 2)
	ids := []int64{submit(t, l, "Ana", "material", "10.0.0.2"), submit(t, l, "Ben", "david-fig3", "10.0.0.3"), submit(t, l, "Cy", "vazquez-table2-exploitation", "10.0.0.4")}
	l.Start()
	st := waitFor(t, l, "the first round robin", func(s protocol.LeagueState) bool { return s.Games == 6 && len(s.Playing) == 0 })
	points, games := 0.0, 0
	for _, s := range st.Standings {
		points += s.Points
		games += s.Games
		if !s.Rated || s.EloMargin <= 0 || s.Games != 4 {
			t.Errorf("standing %+v", s)
		}
	}
	if points != 6 || games != 12 || len(st.Recent) != 6 {
		t.Fatalf("points %v games %d recent %d", points, games, len(st.Recent))
	}
	// Snapshot encodes the state once per change.
	seq, b1 := l.Snapshot()
	_, b2 := l.Snapshot()
	if &b1[0] != &b2[0] || seq != st.Seq {
		t.Error("snapshot re-encoded without a change")
	}

	// A new entry plays first: with one worker, the next six games are Di's.
	if err := l.SetPaused(ctx, true); err != nil {
		t.Fatal(err)
	}
	l.Close()
	l = openLeague(t, path, 1)
	if st := l.State(); !st.Paused || st.Games != 6 || len(st.Standings) != 3 {
		t.Fatalf("after reopening: %+v", st)
	}
	di := submit(t, l, "Di", "prasad-table1", "10.0.0.5")
	if err := l.SetSettings(ctx, protocol.LeagueSettings{Depth: 1, GamesPerPair: 4}); err != nil {
		t.Fatal(err)
	}
	l.Start()
	if err := l.SetPaused(ctx, false); err != nil {
		t.Fatal(err)
	}
	waitFor(t, l, "Di's six games", func(s protocol.LeagueState) bool { return s.Games >= 12 })
	list, err := l.Games(ctx, 0, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	for _, g := range list[6:12] {
		if g.WhiteID != di && g.BlackID != di {
			t.Errorf("game %d %s-%s came before Di's games", g.ID, g.White, g.Black)
		}
	}
	mine, err := l.Games(ctx, di, 0, 100)
	if err != nil || len(mine) < 6 {
		t.Fatalf("Di's games: %d %v", len(mine), err)
	}

	// Exports: the PGN parses back to as many games as the standings count.
	st = waitFor(t, l, "all 24 games", func(s protocol.LeagueState) bool { return s.Games == 24 && len(s.Playing) == 0 })
	var pg bytes.Buffer
	if err := l.WriteGamesPGN(ctx, &pg); err != nil {
		t.Fatal(err)
	}
	r := pgn.NewReader(&pg)
	n := 0
	for {
		_, err := r.Next()
		if err != nil {
			break
		}
		n++
	}
	if n != 24 {
		t.Fatalf("PGN export has %d games, want 24", n)
	}
	var csvb bytes.Buffer
	if err := l.WriteStandingsCSV(&csvb); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(csvb.String()), "\n"); len(lines) != 5 || !strings.HasPrefix(lines[0], "rank,name,scheme,games") {
		t.Fatalf("standings CSV:\n%s", csvb.String())
	}
	csvb.Reset()
	if err := l.WriteGamesCSV(ctx, &csvb); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(csvb.String()), "\n"); len(lines) != 25 {
		t.Fatalf("games CSV has %d lines", len(lines))
	}
	g, pgnText, err := l.Game(ctx, list[0].ID)
	if err != nil || len(g.Moves) != g.Plies || g.Book != 0 || g.StartFEN == arena.StartOpening().FEN || !strings.Contains(pgnText, "[White \"") || g.Limits != "depth 1" {
		t.Fatalf("game: %+v %v", g, err)
	}

	// Removing an entry takes its games out of the standings.
	if err := l.Remove(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	st = l.State()
	if len(st.Standings) != 3 || st.Games != 12 {
		t.Fatalf("after removing Ana: %d entries, %d games", len(st.Standings), st.Games)
	}
	for _, r := range st.Recent {
		if r.WhiteID == ids[0] || r.BlackID == ids[0] {
			t.Errorf("recent game %d still lists Ana", r.ID)
		}
	}
	// Ana's name is free again (paused first, so that no new game starts).
	if err := l.SetPaused(ctx, true); err != nil {
		t.Fatal(err)
	}
	submit(t, l, "ana", "material", "10.0.0.2")
	// Reset: a new epoch from zero, entries kept; with entries, none left.
	if err := l.Reset(ctx, false); err != nil {
		t.Fatal(err)
	}
	st = l.State()
	if st.Epoch != 1 || st.Games != 0 || len(st.Standings) != 4 || len(st.Recent) != 0 {
		t.Fatalf("after reset: %+v", st)
	}
	if err := l.Reset(ctx, true); err != nil {
		t.Fatal(err)
	}
	l.Close()
	l = openLeague(t, path, 1)
	if st := l.State(); st.Epoch != 2 || len(st.Standings) != 0 || !st.Paused {
		t.Fatalf("after full reset and reopen: %+v", st)
	}
	// Every game is still in the file.
	var total int
	l.st.db.QueryRow("SELECT count(*) FROM games").Scan(&total)
	if total != 24 {
		t.Fatalf("%d games in the file, want 24", total)
	}
}

func TestTeacherTokenPersists(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.db")
	l := openLeague(t, path, 1)
	a, err := l.TeacherToken(context.Background())
	if err != nil || len(a) < 20 {
		t.Fatalf("token %q %v", a, err)
	}
	l.Close()
	l = openLeague(t, path, 1)
	b, _ := l.TeacherToken(context.Background())
	if a != b {
		t.Fatal("the teacher token changed across a restart")
	}
}

// BenchmarkLeagueGames plays depth-2 games between two presets on all
// cores and reports games per second.
func BenchmarkLeagueGames(b *testing.B) {
	l, err := Open(context.Background(), Config{Path: filepath.Join(b.TempDir(), "l.db"), Defaults: protocol.LeagueSettings{Depth: 2, GamesPerPair: 1000}})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	submit(b, l, "A", "david-fig3", "x")
	submit(b, l, "B", "vazquez-table2-exploitation", "y")
	b.ResetTimer()
	start := time.Now()
	l.Start()
	waitFor(b, l, "games", func(s protocol.LeagueState) bool { return s.Games >= b.N })
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "games/s")
}
