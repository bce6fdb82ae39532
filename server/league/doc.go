// Package league is the class league of `evochess serve`: students submit
// players (engine/player files) under display names, and the server plays
// a continuous round robin between them natively, with a leaderboard of
// pool ratings. A display name is kept composed (Unicode NFC, through
// golang.org/x/text/unicode/norm) and is taken when another reads the same
// once compatibility forms and case are folded (NFKC, EqualFold): "José"
// with a combining accent, "ＡＮＡ" in full-width letters.
//
// Storage (store.go) is one SQLite file through modernc.org/sqlite (pure
// Go, no cgo): a file: URI so no part of the path is read as an option;
// WAL, synchronous=FULL, a 10 s busy timeout, foreign keys, immediate write
// transactions and a pool of at most four connections. The schema is
// versioned with PRAGMA user_version: migrations[i] takes version i to
// i+1 in one transaction, a file newer than the binary is refused, and so
// is, unchanged, someone else's database (version 0 with tables). Tables:
// meta (settings, pause, epoch, teacher token), entries (name, scheme,
// canonical player JSON, submitter's address, submission and withdrawal
// times) and games (one row per finished game: epoch, pair, slot k,
// colours, result, termination, start FEN and UCI moves, PGN).
//
// Scheduling (league.go): every pair of active entries plays GamesPerPair
// games; game k of a pair uses opening k/2 of the epoch's seeded shuffle of
// the openings (Config.Openings: `evochess serve` draws 200 from the bundled
// Polyglot book; nil = arena.DefaultOpenings, 200 balanced positions),
// the lower entry id playing White when k is even, so each opening is
// played with both colours. Workers (all cores by default) repeatedly
// claim the pair with the fewest games stored or in progress, newest entry
// first on ties — so a new entry plays first — and its smallest free k.
// A game is written only when it ends, with UNIQUE(epoch, pair, k); what is
// in memory is rebuilt from the file at start, so a process killed in the
// middle of a game loses only that game, which is replayed. Games are
// played with tuner/arena (in-process engines, arena.DefaultAdjudication)
// at a fixed depth or move time set by the teacher. Pause cancels the
// games in progress (replayed on resume); removing an entry withdraws it
// (its games stay in the file, out of the standings); reset starts a new
// epoch.
//
// Standings (stateLocked): W/D/L and points, and arena.PoolRatings
// (Bradley-Terry maximum likelihood, one virtual draw per pair that met,
// mean 0) with a 95% margin. Every change raises a sequence number and
// closes a channel (Changed), which wakes the workers and the server's
// event streams; Snapshot shares one JSON encoding per sequence number
// among all streams. Exports (export.go): standings and games as CSV
// (names that look like formulas are quoted), all games as PGN.
//
// The HTTP API over it is server/serve_league.go; its JSON types are in
// wasm/protocol/league.go.
package league
