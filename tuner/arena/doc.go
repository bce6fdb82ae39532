// Package arena plays games between evolved players and real engines and
// turns the results into Elo estimates.
//
// Engines (engine.go) answer one move at a time through the Engine
// interface. InProcess (inprocess.go) runs an evaluation scheme with a
// weight vector on engine/search in this process; at a fixed depth or node
// count its games are deterministic. UCIEngine (uciengine.go) drives an
// external UCI process with os/exec: the uci/uciok handshake, setoption,
// position/go with depth, nodes, move time or clocks, a deadline per move
// after which it sends stop and, if the engine still hangs, kills it.
//
// PlayGame (game.go) plays one game from an Opening (openings.go: EPD/FEN
// lines or PGN games, whose moves become book moves; DefaultOpenings in
// book.go is an embedded 200-position book) with clocks, the rules of chess
// (mate, stalemate, threefold repetition, fifty moves, insufficient
// material) and adjudication: resign when both engines agree on a large
// score for M moves each, draw when both report a small score after move K,
// a ply cap. Illegal moves, engine failures and time forfeits lose.
// WritePGN (pgnout.go) writes each game with FEN/SetUp tags and
// score/depth comments.
//
// Run and RoundRobin (tournament.go) play a schedule (RoundRobinSchedule,
// or RandomSchedule for "at least k games each" as in Phoenix's tournament
// fitness) on several goroutines,
// each keeping its own engines; results are stored by schedule index, so
// with deterministic engines they do not depend on the concurrency, and the
// opening shuffle depends only on Config.Seed. Elo (elo.go) converts a
// W/D/L score into an Elo difference with a 95% interval (logistic model,
// trinomial variance); PoolRatings rates a round robin by Bradley-Terry
// maximum likelihood (Hunter's MM iteration, BayesElo-style virtual draws),
// anchored at mean 0.
//
// The package prints nothing and keeps no mutable package-level state; it
// compiles for js/wasm, where only in-process engines can run (yield_js.go
// gives their searches a 1 ms sleep hook so cancellation is seen).
package arena
