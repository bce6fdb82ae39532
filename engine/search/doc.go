// Package search is evochess's game-tree search: a deterministic,
// single-threaded iterative-deepening alpha-beta searcher whose selective
// search is driven entirely by the 18 parameters of David, van den Herik,
// Koppel and Netanyahu, "Genetic Algorithms for Evolving Computer Chess
// Programs" (IEEE TEC 2014), Table I.
//
// Techniques, by file:
//
//   - params.go: Params, exactly Table I's 18 parameters (70 bits), as a
//     param.Spec registry (ParamSpecs, Vector, ParamsFromVector, ParamsFromMap)
//     and the presets "david-table2" (Table II's evolved values), "default"
//     and "plain" (no selectivity: pure PVS + quiescence).
//   - search.go: Searcher (owns the transposition table, killers, history),
//     Limits, Info, Result; iterative deepening with aspiration windows
//     (±25 cp, widened on failure) from depth 4; the root move loop (PVS,
//     root moves re-ordered best first, then by subtree size); stopping
//     through the context, a node limit or the clock, polled every 1024
//     nodes; the Yield hook for the WebAssembly worker.
//   - alphabeta.go: the principal-variation search (negascout, fail-soft)
//     with mate-distance pruning; draws by repetition (including the game
//     history the caller played into the position), the fifty-move rule and
//     insufficient material; null-move pruning (Beal, Donninger) with Heinz's
//     adaptive reduction (R above NullMoveAdaptivityDepth, R-1 at or below)
//     and mate-threat detection; Björnsson and Marsland's multi-cut at
//     expected cut nodes; futility pruning of quiet non-checking moves at
//     remaining depth 1-3 with Table I's three thresholds (Heinz's frontier,
//     pre-frontier and depth-3 nodes); extensions in quarter plies (check,
//     one reply, recapture, pawn to the seventh rank, mate threat; summed,
//     capped at one ply per move, none beyond twice the iteration depth);
//     the quiescence search (stand pat, captures and promotions in MVV-LVA
//     order with SEE and delta pruning, quiet checks and a transposition-
//     table probe at its first ply, all evasions when in check); move ordering (hash move, winning captures by
//     MVV-LVA, two killers per ply, history heuristic with gravity,
//     SEE-losing captures last).
//   - tt.go: the transposition table: 16-byte entries in 64-byte buckets of
//     four, depth/bound/move/static eval, generation-aware replacement.
//   - score.go: mate scores (MateScore - plies, adjusted by ply in the
//     table), UCI "mate N".
//   - qleaf.go: QuiescenceResolver and QuiescencePV, the quiescence search
//     of alphabeta.go run alone from fresh state with the full window,
//     returning the value and the principal variation to the quiet leaf (or
//     checkmate) it comes from: the position a depth-1 search really
//     evaluates behind each root move (the tuner's quiescence-resolved move
//     match). The quiescence search records that PV only for the resolver;
//     a normal search's PV still ends at the quiescence horizon.
//   - order.go: OrderRootMoves, the root order of a fresh search (the
//     tuner's 1-ply tie rule).
//   - timeman.go: TimeBudget, the time manager as a pure function (soft and
//     hard limits that always leave a safety margin on the clock).
//   - evaluate.go: the Evaluator interface and MaterialPST, the default
//     evaluation (material + tapered piece-square tables of Michniewski's
//     Simplified Evaluation Function).
//   - bench.go, suite.go: the fixed bench positions and node-count
//     signature; tactical test suites (EPD bm/am) with David et al.'s
//     "nodes to solution" measure.
//
// Static evaluations are clamped to ±MaxEval so they are never taken for
// mate scores. Scores are integer centipawns from the side to move's point of
// view, so a
// fixed-depth or fixed-node search gives bit-identical results natively and
// in WebAssembly. Nothing here prints or keeps mutable package state.
package search
