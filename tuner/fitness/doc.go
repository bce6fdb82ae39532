// Package fitness scores candidate weight and search-parameter vectors
// against grandmaster games and test suites.
//
// Techniques, by file:
//
//   - movematch.go: the compiled 1-ply move match (David et al. 2014 §III,
//     Vázquez-Fernández et al. 2012). CompileMoveMatch extracts, once per
//     position and legal move, the sparse feature difference child − parent
//     (mover's sign applied, packed as count<<16|index in one flat int64
//     array, identical move vectors de-duplicated), so that Score is a pass of
//     dot products with no move generation: per position, the maximal
//     difference sum gives the maximal value, one floor/ceil division by the
//     scheme's Scale reproduces the evaluator's integer rounding exactly, and
//     the chosen move is the first in search.OrderRootMoves order that
//     reaches it — the move engine/search returns at Depth 1 with
//     NoQuiescence and the "plain" parameters (movematch_test.go proves it on
//     thousands of positions for every scheme). Score decides each position
//     from the grandmaster move's own dot product first and scans the other
//     moves only until one beats it (most positions are lost after a few
//     moves; 2–3× fewer entries read), in one flat loop per position — a
//     call or jump per move is what WebAssembly pays most for. Variants:
//     Score (count, with optional per-position hits for Hooke-Jeeves'
//     unsolved set) and Squared (David's fitness). ScoreHinted takes
//     Hints, per position the move that last beat the grandmaster's, tried
//     before the scan: a run's candidates are close to one another, so a
//     position they miss is mostly missed through the same move (the same
//     scores; a third more scorings per second on a run's kind of
//     candidates: BenchmarkScoreHints). The tuner's pool workers keep one
//     each.
//   - qmatch.go: the quiescence-resolved move match (CompileMoveMatchOpts
//     with CompileOptions{Quiescence: true, Reference: w}), closer to the
//     papers' 1-ply searches, which resolved captures and checks
//     (Vázquez-Fernández et al.: "stabilization of positions through the
//     Quiescence algorithm"). Each move's child is replaced by the quiet
//     leaf that engine/search's own quiescence search reaches behind it
//     under the reference weights (search.QuiescenceResolver), and the
//     stored difference is leaf − parent, in the same MoveMatch form, so
//     Score, Squared, Choice and hits are unchanged and as fast per entry.
//     Each leaf ends its child's full-window quiescence PV, except the
//     real depth-1 search's own choice and the rare moves its null windows
//     rejected through delta pruning, which keep the lines that search
//     found (search.QuiescenceResolver.ResolveRoot): so for the reference
//     weights the compiled choice is exactly the move engine/search plays
//     at Depth 1 with quiescence and "plain" (qmatch_test.go checks every
//     scheme's presets and random vectors on thousands of positions);
//     FullWindow uses full-window leaves throughout, exactly the loop
//     "first maximal −QuiescencePV(child)". For any other weights it is an
//     approximation — the capture sequences stay frozen at the reference's
//     choices, the "resolve once" trick of Texel tuning — so a run should
//     recompile with its current best weights every few generations
//     (tuner: fitness "match-qs"/"match2-qs", Problem.Recompile).
//     Mates found by the quiescence search are fixed facts of the sample
//     (a mating move is forced; moves that get mated are never chosen).
//     CompileOptions.Memo keeps the resolves' quiescence trees
//     (search.QMemo) for the next compilation of the same samples, which
//     then walks them (the same result, 4–5 times as fast on the classroom
//     run's positions: BenchmarkRecompileQSVazquez29), and lists each
//     position's root moves (QuiescenceResolver.RootMoves); a dense
//     scheme's leaf difference comes straight from the memo's counts of
//     the leaf (search.RootLeaf.Counts, QuiescenceResolver.LeafCounts)
//     times the units (eval.Evaluator.DenseUnits), or from the position's
//     dense counts (eval.Evaluator.DenseFeatures: Features summed, without
//     the list).
//   - searchfit.go: SearchMoveMatch, the depth-n match through the real search
//     (quiescence included), and SearchSet.MatchDepth1, the same count for
//     the depth-1 "plain" search with each position's search stopped once
//     its answer is known (the held-out scorer of resolved runs;
//     MatchDepth1Memo keeps the searches' quiescence trees from one
//     candidate to the next); SuiteNodes, David et al. §IV's search-parameter
//     fitness (Björnsson and Marsland's nodes to solution: the node count at
//     the start of the iteration from which the EPD best move stays best,
//     the cap — 500,000 in the paper — for unsolved positions), with solved
//     counts.
//   - texel.go: the Texel loss, mean squared error between game result and
//     sigmoid(K·eval), in a compact form: per position an offset into
//     uint16 index / int16 count arrays (a tapered eval.Phased scheme keeps
//     untapered term counts and one phase byte), identical positions merged
//     with win/draw/loss counts. CompileTexelGames compiles every position
//     of games (data.Positions) resolved to its quiet leaf under a
//     reference by the quiescence search (search.QuiescenceResolver), in
//     blocks on several goroutines joined in order; CompileTexel compiles
//     FEN samples at their static evaluation. Evaluate gives losses and
//     the analytic gradient for a batch, chunks of TexelChunk positions
//     summed in float64 and joined as fixed-point integers, so the result is
//     bit-identical for any worker count and in WebAssembly;
//     golden-section fitting of K; a platform-independent exp.
//
// Everything in fitness is integer arithmetic except the Texel loss; no
// function prints or keeps package state, and compiled samples are
// immutable, so one MoveMatch or Texel can be scored from many goroutines.
package fitness
