// Package strength turns a target Elo into a weaker way to play: search
// limits plus a deterministic, seeded, noisy choice among the best root
// moves. It is the engine side of UCI_LimitStrength/UCI_Elo (engine/uci),
// of the Play tab's levels (wasm/runner, protocol field Elo) and of the
// league, and works for every player (any scheme and weights).
//
// Files:
//   - strength.go: Level, ForSkill (every parameter from one skill in
//     [0, 1]: node budget 128·2^(10·skill), number of candidate
//     root moves, temperature and maximum loss of the choice), ForElo
//     (skill interpolated in the calibration table; 0 or ≥ MaxElo = full
//     strength) and Search: the main search under the level's caps, then a
//     MultiPV-style series of searches at the same depth, each excluding
//     the moves already scored (Stockfish's Skill picks among MultiPV
//     lines the same way, and MadChess scales its errors with Elo; see
//     the wave-2 notes), and a draw with integer weights
//     2³⁰·(T/(T+loss))³ among the moves within MaxLoss of the best, from a
//     PCG generator seeded by (seed, position hash). Integer arithmetic and
//     plain IEEE multiplications make the level and the draw identical
//     natively and in WebAssembly.
//   - calibration.go: the calibration table (skill → Elo), written by
//     `evochess calibrate -go engine/strength/calibration.go` (make
//     calibrate): each level plays Stockfish 15.1 with UCI_LimitStrength at
//     UCI_Elo anchors (1350–2850) at 100 ms per move with the
//     `phoenix-default` player; below Stockfish's range each level plays
//     the next stronger calibrated level and is rated by the chain. ForElo
//     therefore means "about as strong as Stockfish's UCI_Elo X at 100 ms
//     per move" for phoenix-default; a weaker evaluation at the same level
//     plays weaker.
//
// The package prints nothing and keeps no mutable package-level state.
package strength
