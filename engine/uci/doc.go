// Package uci speaks the Universal Chess Interface for evochess: Run reads
// GUI commands from an io.Reader and writes engine messages to an io.Writer,
// so the same code serves the native `evochess uci` command, tests and the
// browser worker.
//
// Files:
//   - uci.go: the protocol loop and engine state. The search runs in a
//     goroutine (engine/search with the loaded player's evaluator), so
//     "stop", "isready" and "ponderhit" are answered while thinking; info
//     lines (depth, seldepth, multipv, score cp|mate, nodes, nps, time,
//     hashfull, pv) come from the search's progress callback (with MultiPV
//     above 1, one per line and iteration, "multipv k" ranking them), and "bestmove X ponder Y" is
//     held back after "go infinite" and "go ponder" until stop/ponderhit, as
//     the protocol requires. "go ponder" searches the predicted position
//     with the given clock limits suspended (search.Limits.Ponder); on
//     ponderhit the same search goes on, tree, hash table and iteration
//     state kept, and its clock starts (engine/search/timeman.go). Clock
//     limits (wtime/btime/winc/binc/movestogo) and movetime go to the time
//     manager; "Move Overhead" is kept back under clocks only (movetime uses
//     all but search.MoveTimeMargin).
//     With OwnBook on, a plain "go" in a book position is answered at once
//     with a Polyglot book move (engine/book; BookFile or the host's
//     Options.DefaultBook, the bundled book for `evochess uci`), drawn with
//     probability weight/Σweight from a generator seeded by the Seed option:
//     the same seed and commands give the same moves. With
//     UCI_LimitStrength on, every search plays at engine/strength's level
//     for UCI_Elo (node budget, MultiPV-style candidates and a choice
//     seeded from the same generator), calibrated so that UCI_Elo X plays
//     about like Stockfish 15.1's UCI_Elo X at 100 ms per move. "isready"
//     (when not thinking) builds the searcher for the current settings and
//     maps its hash table (search.Searcher.Prefault), so that a new game's
//     first "go", which the GUI times, does not: on Linux, with the table on
//     transparent huge pages, that first search could stall for tens of
//     milliseconds in the kernel before its first iteration.
//   - command.go: parsing of "go", "position" and "setoption" into typed
//     commands; malformed input becomes an error that Run reports as
//     "info string error: …" and otherwise ignores (an unknown word before a
//     command is skipped, as UCI asks: "joho debug on" is "debug on"). A
//     "go" is parsed as far
//     as it can be, as UCI asks of unknown tokens: an unknown token, a limit
//     with a missing, malformed or out-of-range value and an illegal
//     searchmoves move are each reported ("… (ignored)") and left out, and
//     the search runs on the rest, so a GUI always gets its bestmove.
//     "position" reads its FEN loosely (board.ParseFENLoose: a stale
//     castling right or a misplaced en-passant square is repaired, with an
//     "info string warning: …"); a position command that is refused (a
//     malformed FEN, an illegal move) leaves no position to search, and
//     "go" then answers "bestmove 0000" with the reason rather than a move
//     for the position before it; "ucinewgame" or a good "position" ends
//     that.
//   - options.go: the option registry, derived from the parameter
//     registries: Hash, Threads (1), MultiPV (1), Move Overhead, Ponder,
//     Clear Hash,
//     UCI_LimitStrength, UCI_Elo (strength.MinElo to strength.MaxElo),
//     OwnBook, Seed, BookFile (when a file opener is given),
//     Scheme (evaluation schemes with default weights), Preset (evaluation
//     presets; after Scheme, so that a GUI sending every option back in the
//     listed order keeps the preset chosen), SearchPreset (the default search
//     listed as "standard"), PlayerFile (when a file opener is given), one
//     spin option "Search_<Name>" per search.ParamSpecs entry (David et al.
//     Table I) and one "Eval_<Name>" per tunable weight of the loaded scheme,
//     each with the current value as default and the registry's bounds.
//   - lines.go: the line reader (CR LF, bounded line length) and the
//     serialized line writer.
//   - yield_js.go, yield_other.go: the search's default yield hook (a 1 ms
//     sleep on js/wasm, which has no goroutine preemption; none elsewhere).
//
// The package prints nothing itself and keeps no package-level state.
package uci
