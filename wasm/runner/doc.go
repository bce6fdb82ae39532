// Package runner is the one implementation of what a playground worker does,
// shared by the Web Worker (wasm/workerjs, in WebAssembly) and the native
// server (`evochess serve`'s /api/runs): it answers wasm/protocol requests
// with the engine and the tuner, so the same inputs give the same messages
// natively and in the browser. It is pure Go with no build tags.
//
// Techniques, by file:
//
//   - session.go: Session, a request dispatcher over Host hooks (post,
//     same-origin fetch, yield, nested workers). Handle decodes and validates
//     a message and never blocks: long requests run in goroutines and reply
//     through Host.Post with the request's id.
//   - load.go: LoadPGN checks every game once with engine/pgn and keeps the
//     (gunzipped) text, cut after MaxGames games at the start line of the next
//     one; totals and the first skip reasons go to the loaded message.
//     YieldReader and Yielder: cooperative yielding for js/wasm, where
//     runtime.Gosched does not return to the JS event loop but time.Sleep
//     does, so a 1 ms sleep every 10 ms lets pause and stop arrive at once
//     (a browser worker yields through a MessageChannel instead, see
//     wasm/workerjs: browsers clamp nested timers to 4 ms).
//   - run.go: Run maps a protocol.RunConfig onto tuner.Options and
//     tuner.Configure (as `evochess tune` does with the same flags), prepares
//     the evaluators with tuner.Prepare over the loaded games, and steps a
//     tuner.Run generation by generation, waiting on a Control in between and
//     emitting run-state and progress messages; yieldingScorer scores one
//     candidate at a time in a worker. Recompiling quiescence runs are
//     supported in process and through Split (any other fitness workers
//     are refused with an error). A run split by positions prepares nothing
//     itself (tuner.ShardSetup): its nested workers hold the positions.
//   - timing.go: where a run's time goes (progress timing: training,
//     held-out, re-resolving, training scorings), from wrappers around its
//     evaluators and its recompilation; `make bench-browser` reads it.
//   - control.go: Control, pause / step / resume / stop between generations
//     (a closed-channel broadcast), and a context cancelled by Stop.
//   - split.go: Split, the split fitness evaluation over nested workers,
//     which receive the games and the run's tuner.Setup. By positions (the
//     move matches, tuner.ShardsPositions): worker i samples the run's
//     positions and compiles, re-resolves and scores only share i of them
//     (tuner.PrepareShard, fitness-setup with a shard; shares of equal size
//     dealt by estimated cost, so that no worker waits for a slower one),
//     training and held
//     out (eval-batch with heldOut); every worker scores the whole batch and
//     the partial counts are added in share order (tuner.FinishShards), so
//     the resolving, the scoring and the held-out search are all divided.
//     By candidates (other fitnesses): every worker prepares the whole
//     training evaluator and scores a contiguous slice of each batch. Either
//     way results do not depend on the number of workers. For match-qs /
//     match2-qs the setup carries the quiescence reference explicitly
//     (Problem.Reference), so every worker resolves the same leaves; a
//     recompiling run (RunConfig.Recompile) re-sends each new reference to
//     all workers (Split.Reprepare) before re-scoring. A nested worker keeps
//     its sampled positions between fitness-setups (tuner.DataCache) and
//     does not yield: it only ever has the coordinator's current request.
//   - player.go: the best candidate as an engine/player file (no date, so the
//     bytes are reproducible); player files to evaluators for play.
//   - search.go: play searches (engine/search) with info per iteration,
//     stop-search, and the Searcher's Yield hook; Search.Elo plays at an
//     engine/strength level and Search.Book answers from the bundled
//     Polyglot book while in book, both seeded by Search.Seed.
//   - tournament.go: the Compare tab's round robin (tuner/arena, embedded
//     opening book); a request's Played games (an earlier run's, resumed)
//     count as played and are not played again (arena.Config.Played).
//   - match.go: the Compare tab's match: one player against each opponent
//     (tuner/arena.Match per opponent, pairs of games on one opening),
//     with Elo and 95% intervals from the games and from the pairs
//     (pentanomial), LOS, and an optional SPRT per opponent; openings from
//     the bundled Polyglot book (fetched once per session) or the embedded
//     balanced positions; resumed like the round robin (Match.Played,
//     scheduledGame).
//   - explain.go: the Play tab's explanation: a position's static
//     evaluation term by term (engine/eval's Trace) for several players.
//
// Tests: runner_test.go runs a tiny EP run whose messages (without the wall
// clock fields) must equal testdata/golden_run.jsonl both natively and under
// GOOS=js GOARCH=wasm (the bit-identity check of the Go code), and compares
// split evaluation through in-process nested sessions with in-process
// scoring (by positions, with empty shares, and by candidates);
// wasm/worker/node/bitident.mjs does the same for the real worker.wasm
// against `evochess serve` and `evochess tune`. bench_test.go's
// BenchmarkFitness measures the training evaluator alone;
// wasm/worker/node/classroom.mjs (`make bench-browser`) the paper-size
// classroom run natively, under node and in Chromium.
package runner
