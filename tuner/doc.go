// Package tuner runs the optimizers of tuner/opt on chess fitness functions:
// it is what `evochess tune`, `evochess experiment`, the server's native runs
// and the browser's tuner worker drive.
//
// Techniques, by file:
//
//   - presets.go: the algorithm registry (Algorithms) and the paper presets
//     (Presets: david-ga, david-coevolution, david-search, vazquez-ep,
//     hooke-jeeves, history-ea, mnc, mnc-match, cmaes, de, pso, texel) that
//     fill population, generations, rates and the problem (fitness, scheme,
//     data sizes).
//   - setup.go: Configure turns user Options (flags, the browser's form) into
//     a Setup; ApplyParams sets opt.Config fields by JSON name.
//   - prepare.go: Prepare loads the data a Problem names through an injected
//     Open function (no file-system access here) and builds the evaluators:
//     compiled 1-ply move match (count or count², David et al.; "match",
//     "match2" score each child's static evaluation, "match-qs",
//     "match2-qs" — the paper presets' fitness — each move's quiet leaf
//     resolved once by the quiescence search under Problem.Reference, the
//     start vector by default, in parts compiled on the workers; their
//     held-out score is the real depth-1 + quiescence search of the vector
//     itself, and Prepared.Recompile re-resolves the training sample with
//     another reference), Texel loss
//     at a K fitted once on the start point, suite node counts for search
//     parameters (fitness = cap·positions − nodes), and Vázquez-Fernández's
//     Hooke-Jeeves objective of M positions no start player solves.
//   - tournament.go: relative fitness from in-process games between the
//     candidates (round robin with k games per pair, or rounds giving every
//     player at least k games), seeded by a hash of the candidates so that
//     results depend only on the inputs. Given games, a tournament run's
//     best is scored on held-out positions by the real depth-1 +
//     quiescence search, like the quiescence-resolved move match's.
//   - evaluate.go: the one parallel-evaluation hook, Evaluator; Pool runs
//     per-worker Scorers on goroutines and stores results by index, so scores
//     never depend on the worker count (the browser plugs Web Workers in
//     behind the same interface).
//   - run.go: Run is DEAP's eaSimple loop as a stepper: Step runs one
//     generation (Ask, score unknown and not-yet-seen vectors, Tell), keeps a
//     hall of fame, scores the best on held-out data and appends a Record;
//     Checkpoint/ReadCheckpoint/Resume save and restore everything (optimizer
//     state with its PCG, hall of fame, log, score cache), so a run stopped at
//     any generation and resumed ends exactly like one never stopped.
//     With Problem.Recompile = K (match-qs, match2-qs; ga, ep, history-ea)
//     Step first re-resolves the training sample every K generations with
//     the best so far as reference (Run.Recompile) and re-scores every
//     stored fitness (opt.Refitter, the hall of fame, the best), since
//     values are not comparable across compilations; the reference lives in
//     the Setup, so checkpoints resume exactly.
//     A cancelled Step leaves the run unchanged.
//   - log.go: CSV and JSON-lines writers for the per-generation log.
//   - player.go: the best candidate as an engine/player file with
//     provenance (algorithm, seed, generation, fitness, dataset digest, date).
//   - experiment.go: the papers' experiments with their published figures
//     beside ours, and evaluation matches (tuner/arena) with Elo intervals.
//
// Nothing here prints, keeps package-level mutable state or touches
// syscall/js; progress goes through callbacks and Records.
package tuner
