// Package book reads, probes and writes Polyglot opening books, the binary
// format most chess GUIs and engines share.
//
// A book is a sorted array of 16-byte big-endian entries: the position's
// key (8 bytes), a move (2), a weight (2) and a learn field (4). Files:
//
//   - key.go: Key, the Polyglot Zobrist key of a position — XOR of the 781
//     constants of random64.go for the pieces (64·kind + 8·rank + file),
//     the castling rights, the en-passant file (only when a pawn of the side
//     to move could capture there) and White to move; tested against the
//     format's published example keys. EncodeMove/DecodeMove translate the
//     Polyglot move encoding (to, from, promotion; castling as king takes
//     rook) to and from board.Move.
//   - random64.go: the format's 781 pseudo-random constants.
//   - book.go: Open/Parse (whole book in memory, size and sort order
//     checked, errors name the entry and offset), Lookup by bisection,
//     Moves (legal book moves, heaviest first; entries that do not decode
//     to a legal move are dropped), Probe (weighted random pick with
//     probability weight/Σweight from a caller-seeded math/rand/v2
//     generator, or the heaviest move without one; weight 0 is never
//     played) and Write (sorted by key, then weight).
//   - build.go: Builder, which turns PGN games into entries: each of a
//     game's first Plies positions with the move played, weighted
//     2·wins + draws for the mover (Polyglot's make-book rule), kept when
//     played in at least minGames games and not only lost (weight 0): the
//     same entries as Debian's polyglot make-book writes for the same games
//     (book_test.go runs it when installed).
//
// `evochess book` (server/cmd_book.go) builds and inspects books; the UCI
// options OwnBook/BookFile (engine/uci) and tuner/arena's book openings use
// them. The bundled book is assets/data/book.bin (see its PROVENANCE.md).
//
// The package prints nothing and keeps no mutable package-level state.
package book
