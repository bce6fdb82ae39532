// Package pgn reads chess games in Portable Game Notation and positions in
// Extended Position Description, on top of engine/board's move generator.
//
// Techniques, by file:
//
//   - reader.go: a streaming, hand-written byte tokenizer over a 64 KiB
//     buffer (no bufio.Scanner line limit). It handles tag pairs with
//     escapes, brace and rest-of-line comments, NAGs, '!'/'?' annotations,
//     nested variations (skipped but checked for balance), '%' escape lines,
//     LF, CR LF or lone-CR (classic Mac OS) line ends, a UTF-8 byte order
//     mark, missing tags or terminators, any result and [FEN]/[SetUp] start
//     positions. Comments between games (before the first game's tags,
//     after a game's result) are skipped, not read as empty games. A game
//     that cannot be read is skipped with a *GameError naming its number,
//     line and reason; the Reader counts games read and skipped. Moves are replayed on one reused
//     board.Position and collected in a reused buffer, so the hot path does
//     no allocation per ply (one copy of the move list per game).
//   - san.go: SAN is parsed from bytes into piece, disambiguation, target
//     and promotion, then matched against the legal move list. This is the
//     reader's replacement for board.Position.ParseSAN, whose string
//     argument would allocate per ply; san_test.go checks that both agree
//     on every legal move of hundreds of game positions.
//   - epd.go: EPD records (four FEN fields, optional halfmove/fullmove
//     numbers, then operations) with bm, am, id, c0, hmvc, fmvn and D1..Dn
//     perft counts decoded (STS move points too: c0 "b8=Q=10" splits at the
//     last '='); bad lines are skipped with line-numbered errors. ScanLines
//     splits lines at LF, CR LF or a lone CR (ReadEPD and tuner/arena's
//     opening files).
//   - compressed.go: the magic bytes of compressed formats and archives
//     (gzip, zip, zstd, bzip2, xz, 7z, RAR): ReadEPD refuses such input with
//     a *CompressedError saying how to unpack it, and tuner/data's unpacking
//     does for the formats it does not read itself.
//
// Tests: reader_test.go compares every move of the shared grandmaster files
// with notnil/chess v1.10.0 (20,000 games; the 1,500-game demo file with
// -short); fuzz_test.go holds FuzzReader, FuzzParseEPD and FuzzParseSAN.
package pgn
