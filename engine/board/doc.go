// Package board is evochess's chess rules core: position representation,
// legal move generation, make/unmake, Zobrist hashing, FEN, UCI and SAN
// notation, game-ending rules, static exchange evaluation and perft.
//
// Techniques and where they live:
//
//   - types.go: Color, PieceType, Piece, Square, Bitboard (little-endian
//     rank-file mapping, A1 = 0 … H8 = 63), CastleRights, FileBB/RankBB.
//   - move.go: Move packed in 32 bits (from, to, promotion, capture/en
//     passant/castle flags) and the fixed-size MoveList.
//   - attacks.go, magics.go: leaper tables and "fancy" magic bitboards for
//     sliders. The magic multipliers are found offline, deterministically, by
//     the seeded PCG search in magics_test.go, so init only fills the tables (~107 k
//     entries); Between/Line square-pair tables for pins and evasions.
//   - zobrist.go: Zobrist keys from a fixed-seed PCG; hash over pieces, side,
//     castling rights and the en-passant file when an en-passant capture is
//     legal (the same rule decides whether FEN shows the square), so
//     repetition follows the FIDE definition.
//   - position.go: Position (bitboards + mailbox + undo stack), FEN parse
//     with field-naming errors and emit, Clone. ParseFENLoose, for input
//     from outside (UCI, the Play tab, opening files, EPD suites, PGN FEN
//     tags), repairs with a warning what other tools commonly get wrong in
//     a sound position (a castling right without its rook, Shredder-FEN
//     rook letters, a misplaced en-passant square, fullmove 0).
//   - movegen.go: fully legal generation without make-and-test: checkers and
//     pins first, check-evasion masks, set-wise pawn moves, special-cased
//     en passant and castling.
//   - makemove.go: incremental make/unmake (undo stack, no allocation once
//     the stack has grown) and null moves.
//   - piecesquare.go: PieceSquare, two terms per piece and square whose sums
//     over the pieces a Position keeps up to date as moves are made and
//     unmade (SetPieceSquare): the search gives it a piece-square
//     evaluation's table (MaterialPST, folded phoenix640 weights), which
//     then reads two sums instead of walking the board. Unmaking subtracts
//     the move's difference instead of restoring saved sums, so moves made
//     before the table was set unmake correctly too.
//   - rules.go: check, GivesCheck (direct and discovered), mate, stalemate,
//     repetition over the undo stack's hash history, fifty-move rule,
//     insufficient material.
//   - notation.go: UCI and SAN in both directions; ParseSAN parses the text
//     and matches it against the legal moves without rendering SAN;
//     IsLegal checks a single move (e.g. from a transposition table) without
//     generating all moves.
//   - see.go: static exchange evaluation (swap list with x-rays).
//   - perft.go: Perft (make/unmake at every node), PerftBulk, Divide.
//   - verify.go: Verify, the invariant checker used by the tests.
//
// Nothing in the package prints or keeps mutable package-level state: the
// tables are filled once at init and only read afterwards. A Position is
// not safe for concurrent use; give each goroutine its own Clone.
package board
