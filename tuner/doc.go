// Package tuner runs the optimizers of tuner/opt on chess fitness functions:
// it is what `evochess tune`, `evochess experiment`, the server's native runs
// and the browser's tuner worker drive.
//
// Techniques, by file:
//
//   - fitnesses.go: the fitness registry (Fitnesses, LookupFitness). Each
//     FitnessKind declares its name, what it needs (Needs: games, a suite,
//     opponents), what it tunes (evaluation weights or search parameters),
//     whether its scores are relative, resolved under a reference or come
//     with a gradient, a Check that names scheme and fitness when they do
//     not fit, and Compile, which loads the data once and returns the
//     evaluators that score candidates. Kinds: compiled 1-ply move match
//     (count or count², David et al.; "match", "match2" score each child's
//     static evaluation; "match-qs", "match2-qs" — the paper presets'
//     fitness — each move's quiet leaf resolved by the quiescence search
//     under the reference, in parts compiled on the workers; their held-out
//     score is the real depth-1 + quiescence search of the vector itself),
//     "search-match" (the real search's move at Problem.Depth, exact and
//     slow), "texel" (every position of the training games resolved to its
//     quiet leaf under the reference, fitness.CompileTexelGames; games split
//     into training, held-out and validation sets by game; K fitted once on
//     the start and kept in Problem.K; the evaluator is parallel over fixed
//     chunks and Shardable), suite node counts for search parameters
//     (fitness = cap·positions − nodes, the search group of
//     searchgroup.go), and tournaments. Vázquez-Fernández's Hooke-Jeeves
//     objective (M positions no start player solves) is Problem.Unsolved on
//     the move match.
//   - searchgroup.go: the search-parameter groups "nodes" fitness tunes
//     (Table I, the modern group, both) and their decoding.
//   - presets.go: the algorithm registry (Algorithms) and the paper presets
//     (Presets: david-ga, david-coevolution, david-search, modern-search,
//     vazquez-ep, hooke-jeeves, history-ea, mnc, mnc-match, cmaes, de, pso,
//     texel, texel-adam, modern). A preset's Config is complete (opt.Defaults plus the
//     paper's values: optimizer fields are used as given, a zero is a zero),
//     and its Problem names the start and, for resolved fitness, the
//     re-resolution interval.
//   - start.go: the start vector (Problem.Start): "random" (seeded uniform),
//     "material" (piece values only), "preset:NAME" or "init" (given
//     vectors). It is the first individual of a population, the point of a
//     local search, the mean of CMA-ES, and the reference a resolved
//     fitness resolves its data under; no run sees published weights
//     unless its start names them.
//   - setup.go: Configure turns user Options (flags, the browser's form) into
//     a Setup — preset, overrides, parameter registry, start vector,
//     re-resolution interval — and checks that scheme, fitness and algorithm
//     fit; ApplyParams sets opt.Config fields by JSON name.
//   - prepare.go: Prepare dispatches to the fitness's Compile through an
//     injected Open function (no file-system access here); the shared
//     loading, sampling and compiling helpers. A quiescence-resolved
//     fitness keeps its positions' quiescence trees (search.QMemo, one per
//     part, within Resources.QMemoBytes: by default QMemoBudget, 64 KiB
//     per training position and 16 KiB per held-out one, at least 32 MiB
//     and at most 256 MiB natively, 32 MiB in WebAssembly — qmemo_*.go)
//     from one re-resolve, and one held-out scoring, to the next: the same
//     results (TestQMemoSameRun), in a third to a half of the time.
//   - tournament.go: relative fitness from in-process games between the
//     candidates (round robin with k games per pair, or rounds giving every
//     player at least k games), seeded by a hash of the candidates so that
//     results depend only on the inputs. Given games, a tournament run's
//     best is scored on held-out positions by the real depth-1 +
//     quiescence search, like the quiescence-resolved move match's.
//   - evaluate.go: the one parallel-evaluation hook, Scorer; Pool runs
//     per-worker Scorers on goroutines and stores results by index, so scores
//     never depend on the worker count (the browser plugs Web Workers in
//     behind the same interface).
//   - shard.go, shardfit.go, distribute.go: below a candidate, Shardable
//     evaluators split a batch into units (suite positions of one
//     candidate, games of a tournament) whose partial scores add up exactly
//     (SumPartials, Finish), so tuner/dist can score ranges of units in other
//     processes and get Score's results bit for bit; PrepareRun hands a
//     run's training evaluator (and each recompiled one) to
//     Resources.Distribute.
//   - posshard.go: position sharding of the move matches
//     (FitnessKind.Positions): PrepareShard samples a run's positions and
//     compiles (and re-resolves) only one share of them (dealt by cost),
//     training and held out, scoring partial counts that FinishShards adds
//     (and squares for match2) exactly; ShardSetup fixes the reference
//     without preparing anything. The browser's nested fitness workers
//     (wasm/runner.Split) each hold a share, so preparing, re-resolving,
//     scoring and the held-out search are divided among them.
//   - run.go: Run is DEAP's eaSimple loop as a stepper: Step runs one
//     generation (Ask, score unknown and not-yet-seen vectors, Tell), keeps a
//     hall of fame, scores the best on held-out data and appends a Record;
//     Checkpoint/ReadCheckpoint/Resume save and restore everything (optimizer
//     state with its PCG, hall of fame, log, score cache), so a run stopped at
//     any generation and resumed ends exactly like one never stopped.
//     With Problem.Recompile = K (any resolved fitness, any optimizer)
//     Step first re-resolves the training data every K generations with
//     the best so far as reference (Run.Recompile) and re-scores every
//     stored fitness (opt.Refitter, the hall of fame, the best; the
//     re-scored vectors seed the score cache), since values are not
//     comparable across compilations; the reference lives in the Setup, so
//     checkpoints resume exactly.
//     With a validation set (Prepared.Validation), each new best is scored
//     on it and Selected returns the best by validation among the bests
//     (the player a report uses). A cancelled Step leaves the run unchanged.
//   - log.go: CSV and JSON-lines writers for the per-generation log.
//   - player.go: the best candidate as an engine/player file with
//     provenance (algorithm, seed, generation, fitness, dataset digest, date).
//   - the experiments that run all of this and report it are in
//     tuner/experiment.
//
// Nothing here prints, keeps package-level mutable state or touches
// syscall/js; progress goes through callbacks and Records.
package tuner
