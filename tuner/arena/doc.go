// Package arena plays games between evolved players and real engines and
// turns the results into Elo estimates.
//
// Engines (engine.go) answer one move at a time through the Engine
// interface. InProcess (inprocess.go) runs an evaluation scheme with a
// weight vector on engine/search in this process, optionally at an
// engine/strength Level (seeded); at a fixed depth or node count its games
// are deterministic. UCIEngine (uciengine.go) drives an
// external UCI process with os/exec: the uci/uciok handshake, setoption,
// position/go with depth, nodes, move time or clocks, a deadline per move
// after which it sends stop and, if the engine still hangs, kills it.
//
// PlayGame (game.go) plays one game from an Opening (openings.go: EPD/FEN
// lines or PGN games, whose moves become book moves; DefaultOpenings in
// book.go is an embedded 200-position book; BookOpenings in bookopenings.go
// draws distinct seeded weighted walks from a Polyglot book, engine/book)
// with clocks (sudden death, increment, or moves per period with
// movestogo; an engine implementing Ponderer — UCIEngine with Ponder set —
// thinks on the opponent's time: "go ponder", then "ponderhit" when the
// opponent played the predicted move, "stop" otherwise), the rules of chess
// (mate, stalemate, threefold repetition, fifty moves, insufficient
// material) and adjudication: resign when both engines agree on a large
// score for M moves each, draw when both report a small score after move K,
// a ply cap. Illegal moves, engine failures and time forfeits lose. An
// engine that does not answer within GameConfig.MoveTimeout is stopped and
// fails; that timeout counts the time the process ran (activeTimeout in
// game.go), so a match paused mid-move (SIGSTOP, a suspended VM) resumes
// instead of failing the engine whose move the pause cut.
// WritePGN (pgnout.go) writes each game with FEN/SetUp tags and
// score/depth comments.
//
// Adjudication is off unless configured (DefaultAdjudication is the
// tuner's cheap setting); a game's PGN gives the PGN standard's
// Termination value ("normal", "adjudication", "time forfeit", "rules
// infraction", "abandoned") and, in the last move's comment, the rule and
// the reason in our words.
//
// Run and RoundRobin (tournament.go) play a schedule (RoundRobinSchedule,
// or RandomSchedule for "at least k games each" as in Phoenix's tournament
// fitness) on Config.Concurrency goroutines (default one per CPU: all cores
// natively, one under js/wasm), each keeping its own engines (UCI engines
// run as that many processes); results are stored by schedule index, so
// with deterministic engines they do not depend on the concurrency, and the
// opening shuffle depends only on Config.Seed. RoundRobinSchedule plays
// each opening twice with colours swapped, so consecutive games form pairs.
//
// Statistics: Elo (elo.go) converts a W/D/L score into an Elo difference
// with a 95% interval (logistic model, trinomial variance); PoolRatings
// rates a round robin by Bradley-Terry maximum likelihood (Hunter's MM
// iteration, BayesElo-style virtual draws), anchored at mean 0. PairGames
// (pairs.go) counts game pairs into a Pentanomial [LL, LD, DD+WL, WD, WW];
// PentanomialElo and TrinomialElo (sprt.go) give Elo and normalized Elo with
// 95% intervals and the likelihood of superiority (fastchess's formulas,
// but one pair or game gives an unbounded interval and identical results
// the largest variance, ¼, rather than a zero-width interval).
// SPRT (sprt.go) is the generalized SPRT of fishtest/fastchess/OpenBench:
// the log-likelihood ratio of the maximum-likelihood outcome distributions
// constrained to each hypothesis, on normalized (t-value, the default) or
// logistic (expected score) Elo bounds, found by bisection and
// Van den Bergh's fixed-point iteration; Bounds are ln(β/(1−α)) and
// ln((1−β)/α). The tests check LLR, Elo and nElo against the values
// asserted by fastchess's test suite. With Config.SPRT, Run evaluates the
// test after every completed pair in schedule order and stops the
// tournament as soon as it decides (deterministic at any concurrency).
// RateAgainstAnchors (anchored.go) rates a player from scores against
// opponents of known Elo (maximum likelihood, anchor errors in quadrature)
// and Isotonic fits a non-decreasing curve: `evochess calibrate` uses them
// for the strength levels.
//
// The package prints nothing and keeps no mutable package-level state; it
// compiles for js/wasm, where only in-process engines can run (yield_js.go
// gives their searches a 1 ms sleep hook so cancellation is seen).
package arena
