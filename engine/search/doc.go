// Package search is evochess's game-tree search: an iterative-deepening
// principal-variation alpha-beta searcher whose selective search is driven
// by two groups of named integer parameters — the 18 parameters of David,
// van den Herik, Koppel and Netanyahu, "Genetic Algorithms for Evolving
// Computer Chess Programs" (IEEE TEC 2014), Table I, and a modern group
// (late-move reductions and pruning, SEE pruning, internal iterative
// reductions, singular extensions, reverse futility, improving-aware margins,
// continuation and capture histories) — with Lazy SMP over any number of
// threads and a bit-deterministic single thread.
//
// Techniques, by file:
//
//   - params.go: Params; ParamSpecs (Table I, 70 bits: David et al.'s search
//     GA chromosome), ModernParamSpecs and AllParamSpecs (both groups: the
//     registry a tuner uses to tune everything; AllVector /
//     ParamsFromVector); WithTableI (a Table I vector on top of a full set);
//     ParamsFromMap / Map (player files, UCI spin options "Search_<Name>");
//     the presets "default" (what evochess plays: Table I at Table II's
//     values but multi-cut off, every modern technique on, the correction
//     history on), "classic" (the default until session 19: multi-cut on,
//     no correction history, LMR divisor 225; the experiment reports' search,
//     experiment.Config.Search), "david-table2" (Table II, modern group
//     off: their program) and "plain" (no selectivity: pure PVS +
//     quiescence, the zero Params). Every modern parameter is off at 0.
//   - search.go: Searcher (owns the transposition table, killers, histories),
//     Limits, Info, Result; iterative deepening with aspiration windows
//     (±25 cp, widened on failure) from depth 4; the root move loop (PVS,
//     root moves re-ordered best first, then by subtree size); stopping
//     through the context, a node limit or the clock, polled every 1024
//     nodes; the Yield hook for the WebAssembly worker; MultiPV
//     (Limits.MultiPV: each iteration searches the best line, then the
//     best of rootMoves[1:], … each with its own aspiration window, lines
//     kept sorted by score; helper threads search one line and only fill
//     the table). The butterfly,
//     capture and continuation histories carry over between searches until
//     Clear (a new game); killers start empty in every search.
//   - alphabeta.go: the principal-variation search (negascout, fail-soft)
//     with mate-distance pruning; draws by repetition (including the game
//     history the caller played into the position), the fifty-move rule and
//     insufficient material. Table I's methods: null-move pruning (Beal,
//     Donninger) with Heinz's adaptive reduction and mate-threat detection;
//     Björnsson and Marsland's multi-cut at expected cut nodes; futility
//     pruning of quiet non-checking moves at remaining depth 1-3 with Table
//     I's three thresholds (Heinz); extensions in quarter plies (check, one
//     reply, recapture, pawn to the seventh rank, mate threat; summed,
//     capped at one ply, none beyond twice the iteration depth). The modern
//     group: reverse futility pruning (static eval − RFPMargin·(depth −
//     improving) ≥ β); internal iterative reductions (a PV or expected cut
//     node without a hash move searches a ply shallower); singular
//     extensions (a half-depth search of the node excluding the hash move,
//     at the same ply, against hash score − SingularMargin·depth: a fail
//     low extends the hash move a ply, a window at or above β cuts the node,
//     a hash score above β reduces it a ply); "improving" (static eval above
//     the one two plies earlier) loosening RFP, LMP, LMR and Table I's
//     futility margins; late-move pruning (quiet non-checking moves after
//     LMPBase + depth², halved when not improving); continuation-history
//     pruning; SEE pruning of quiet moves (SEE < −SEEQuietMargin·lmrDepth²)
//     and of SEE-losing captures (SEE < −SEECaptureMargin·depth);
//     late-move reductions from a table LMRBase/100 + ln(depth)·ln(move
//     number)/(LMRDivisor/100) built from integer logarithms (the same on
//     every platform), in quarter plies, less at PV nodes, for checks and
//     killers, more at expected cut nodes and when not improving, minus
//     history/LMRHistoryDivisor, with a full-depth re-search of moves that
//     beat α. Off by default, measured below: razoring (a node at remaining
//     depth d ≤ RazorDepth whose static eval + RazorMargin·d² cannot reach
//     α is resolved by a null-window quiescence search, and returns when
//     that fails low), a null-move reduction that grows with depth
//     (NullMoveDepthDiv) and with the static eval's lead over β
//     (NullMoveEvalDiv), late-move reductions of captures that are not
//     winning (LMRCaptures), a quiescence search without quiet checks
//     (QSNoChecks), and the correction history (CorrHist, evaluate.go): per
//     side to move and pawn structure (a hash of the two pawn bitboards),
//     the running average of search score − static eval over the nodes
//     whose bound says the static eval was wrong, added (times CorrHist/16)
//     to the static eval the pruning rules and the stand pat use; the table
//     keeps the raw evaluation. The quiescence search: stand pat, captures and promotions in
//     MVV-LVA order with SEE and delta pruning, quiet checks and a
//     transposition-table probe at its first ply, all evasions in check.
//     Its first ply generates only the captures, promotions and checking
//     moves (board.Position.GenerateQuiescence, with each move's index in
//     the whole legal list) and orderAsLegal puts them in the order the
//     whole list would have given them, so nothing but the time changes
//     (TestQuiescenceOrder, TestSignature): a quiescence-resolved tuner
//     fitness tests every quiet move of every child for check otherwise.
//     Move ordering: hash move, winning captures (MVV-LVA, plus the capture
//     history [piece][to][victim] with CaptureHist), two killers per ply,
//     quiet moves by the butterfly history plus the continuation histories
//     of the moves 1, 2 (and 4) plies earlier, under-promotions, SEE-losing
//     captures last. Histories are updated with gravity (h += b − h·|b|/16384;
//     b = HistoryBonusMul·depth capped at HistoryBonusMax, or Table I's
//     search's depth² bonus).
//   - smp.go: Lazy SMP. SetThreads(n) runs n−1 helper searchers (own stack,
//     histories and evaluator clone) over the same root moves and the shared
//     transposition table, odd helpers one ply deeper; the main thread owns
//     time, node limits and output, stops the helpers, and keeps its result
//     unless a helper completed a deeper iteration. One thread (the default)
//     is the bit-deterministic search the tuner and WebAssembly use.
//   - tt.go: the transposition table: four 16-byte slots per 64-byte
//     bucket, each two atomic 64-bit words (key XOR data, data: Hyatt and
//     Mann's lockless hashing, safe for the SMP threads); depth, bound, move,
//     static eval, generation-aware replacement. Natively the table asks
//     Linux for transparent huge pages (tthuge_linux.go), and the move loop
//     prefetches each child's bucket (prefetch_asm.go, with the child's key
//     from board.Position.KeyAfter) while the move is still examined, so
//     the child's probe seldom waits for memory. Prefault writes one word
//     of every page of the table (keeping its value), so the kernel maps
//     the pages, huge ones included, before a clock runs (UCI "isready",
//     the arena's in-process engines) instead of during the first searches.
//   - score.go: mate scores (MateScore - plies, adjusted by ply in the
//     table), UCI "mate N".
//   - qleaf.go: QuiescenceResolver and QuiescencePV, the quiescence search
//     of alphabeta.go run alone from fresh state with the full window,
//     returning the value and the principal variation to the quiet leaf (or
//     checkmate) it comes from: the position a depth-1 search really
//     evaluates behind each root move (the tuner's quiescence-resolved move
//     match). The quiescence search records that PV only for the resolver.
//     ResolveRoot replays the root of a depth-1 search move by move;
//     PlaysAtDepth1 runs the same root but stops once it knows whether a
//     given move is the one played (the tuner's held-out scoring).
//   - qmemo.go: QMemo, the quiescence trees a resolver walked, kept for
//     resolving the same positions again under other weights (the tuner's
//     re-resolves and held-out scoring): what does not depend on the
//     weights — in check or not, a dense scheme's counts
//     (eval.Evaluator.DenseCounts), each searched node's moves in the
//     search's order without the ones it always skips, each capture's
//     victim value for the delta pruning — so a walk evaluates by a dot
//     product and prunes and cuts exactly as qsearch, table probes and
//     stores at the first quiescence ply included, and expands what it
//     reaches for the first time. The same values, lines and node counts
//     with or without a memo (TestQMemoSameResolve); a re-resolve of the
//     classroom run's 1,000 positions 3.8–4.3 times as fast natively and
//     3.1 times in WebAssembly, its held-out scoring 5.1 and 3.3 times
//     (session 38: tuner/fitness BenchmarkRecompileQSVazquez29,
//     BenchmarkHeldOutDepth1), about 31 KB a training position.
//   - order.go: OrderRootMoves, the root order of a fresh search (the
//     tuner's 1-ply tie rule).
//   - timeman.go: TimeBudget, the time manager as a pure function.
//   - evaluate.go: the Evaluator interface and MaterialPST, the default
//     evaluation (Michniewski's Simplified Evaluation Function, its tables
//     defined once in engine/eval).
//   - bench.go, suite.go: the fixed bench positions and node-count
//     signature; tactical test suites (EPD bm/am) and SolutionTracker, the
//     one definition of "nodes to solution" (David et al.'s measure) used by
//     evochess bench -epd, evochess eval -epd and the tuner.
//
// The Elo of each modern technique (make search-elo, measured when the
// default search was the classic preset, so BASESET gives its differences:
// BASESET=MultiCutUse=1,CorrHist=0,LMRDivisor=225 NODES=10000 GAMES=400
// scripts/search-elo.sh): the classic search against the classic search
// with that technique off, phoenix-default's weights, 10,000 nodes per move,
// openings of ../shared/data/openings/UHO_4060_v4_1500.epd each played with
// both colours, SPRT [0, 10] (normalized, α = β = 0.05) stopped at 400
// games. Positive: the technique helps. Intervals are the pentanomial 95%
// ones; node-limited games are deterministic, so the command reproduces
// these rows exactly.
//
//	technique (off in B)        Elo ± 95%      games  W-D-L (default)  SPRT
//	all of the modern group     +102.7 ± 33.5    348  184-80-84        H1 (LLR 2.95)
//	late-move pruning            +58.7 ± 30.3    400  185-97-118       undecided (1.96)
//	SEE pruning                  +76.8 ± 29.0    400  195-97-108       undecided (2.74)
//	reverse futility pruning     +38.4 ± 28.4    400  178-88-134       undecided (1.37)
//	singular extensions          +17.4 ± 27.7    400  158-104-138      undecided (0.55)
//	internal iterative red.       +3.5 ± 27.5    400  149-106-145      undecided (−0.02)
//	late-move reductions          −8.7 ± 29.4    400  151-88-161       undecided (−0.50)
//	improving-aware margins      −16.5 ± 30.0    400  147-87-166       undecided (−0.79)
//	continuation histories       +19.1 ± 28.8    400  167-88-145       undecided (0.58)
//	capture history               −8.7 ± 27.8    400  140-110-150      undecided (−0.52)
//	4-ply continuation history    +8.7 ± 28.1    400  148-114-138      undecided (0.18)
//	continuation-history pruning −12.2 ± 25.4    400  148-90-162       undecided (−0.70)
//	history bonus (gravity)      +23.5 ± 27.8    400  159-109-132      undecided (0.78)
//
// Candidates for the default search (session 18, against the classic
// search; the same script with NODES=25000 GAMES=400 SPRT=none, each
// opening with both colours, seed 1 unless stated): with multi-cut off in
// both players (BASESET=MultiCutUse=0,CorrHist=0,LMRDivisor=225) unless
// stated, A has the technique on, B not (the script's names, in order:
// -multicut, +corrhist, +razoring, +nmp-eval, +nmp-depth, +lmr-captures,
// +qs-no-checks, -multicut+corrhist; "B: classic" rows with
// BASESET=MultiCutUse=1,CorrHist=0,LMRDivisor=225).
//
//	technique (on in A)                     Elo ± 95%      games  W-D-L (A)
//	multi-cut off (B: classic, -multicut)   +51.6 ± 27.1    400  179-101-120
//	correction history, CorrHist=8          +49.8 ± 27.2    400  177-103-120
//	  the same, SEED=2                      +13.9 ± 26.2    400  138-140-122
//	razoring (3 plies, 150·d²)               −4.3 ± 29.3    400  141-113-146
//	null move R + (eval − β)/200             +3.5 ± 25.8    400  148-108-144
//	null move R + depth/4                    −3.5 ± 28.7    400  144-108-148
//	LMR of captures                          +4.3 ± 27.6    400  143-119-138
//	no quiet checks in quiescence            +0.9 ± 28.0    400  139-123-138
//	multi-cut off and CorrHist=8 (B:
//	  classic, SEED=3, -multicut+corrhist)  +87.8 ± 27.7    400  192-115-93
//
// Under a clock, against stockfish 15.1 at UCI_Elo 2000 (100 ms per move,
// 200 games from the embedded openings, two at a time, adjudicated as make
// sf-movetime does), phoenix-default's weights scored 42.8% (+78 =15 −107,
// −51, −100…−3) with multi-cut off and CorrHist=8 and 32.8% (+60 =11 −129,
// −125, −182…−74) with the classic search, in one sitting (session 18).
//
// The default search since session 19: multi-cut (Table I, at Table II's
// values) off, as it costs more nodes than it saves beside the modern
// group; the correction history on (CorrHist 8); and LMR divisor 300
// (reductions a little smaller). With the first two in both players, LMR
// divisor 300 against 225 scored +7.8, +20.9, +19.1 and +13.0 (± 29 each,
// 400 games each, seeds 1 to 4: NODES=25000 GAMES=400 SPRT=none SEED=N
// scripts/search-elo.sh lmr-divisor), +15.2 on average over 1,600 games.
// The rows of the default search against each of its changes undone
// (the script's no-multicut, corrhist, lmr-divisor and classic; NODES=25000
// GAMES=400 SPRT=none, seed 1):
//
//	change (undone in B)                    Elo ± 95%      games  W-D-L (A)
//	multi-cut off (no-multicut)             +57.9 ± 28.6    400  184-98-118
//	correction history (corrhist)           +47.2 ± 30.7    400  178-98-124
//	LMR divisor 300 (lmr-divisor)            +7.8 ± 29.5    400  160-89-151
//	all three: against classic (classic)    +46.3 ± 30.1    400  173-107-120
//
// (session 18's multi-cut off + CorrHist=8 against classic at seed 3:
// +87.8; single 400-game rows are ± 30, and the three are not additive
// within that noise).
//
// Against stockfish 15.1 at UCI_Elo 2000 under the same conditions
// (session 22, make sf-movetime, after movetime began to use its whole
// time): phoenix-default's weights 42.8% (+79 =13 −108, −51, −99…−4) with
// this default search, the modern preset's player 57.2% (+102 =25 −73,
// +51, +6…+97); session 19, with the early stop: 45.5% and 56.2%. With
// Threads=2 (Lazy SMP on both cores, one game at a time; session 24)
// phoenix-default's weights scored 51.0% (+96 =12 −92, +7, −40…+54).
//
// At a fixed node count a reduction is worth less than under a clock (the
// nodes it saves are not spent deeper as often), which is where LMR and
// "improving" sit within their intervals of zero, as do capture history and
// continuation-history pruning: candidates for retuning under a clock.
//
// The tuner's exactness contracts use the "plain" preset, in which every
// Table I and modern method is off: a depth-1 search is then exactly the
// 1-ply loop (OrderRootMoves) or the quiescence-resolved root (qleaf.go).
//
// WebAssembly speed. Go's WebAssembly backend compiles each function as one
// loop around a br_table over its basic blocks: every taken jump between
// blocks (each loop iteration, each branch not laid out as the fall-through)
// goes back through that dispatch, and V8 spills the live values around it,
// some 10 to 20 machine instructions; a call costs more. So the hot code
// here and in engine/board prefers table lookups, bit arithmetic and
// assignments the compiler turns into selects over branches, fewer loops
// (MaterialPST walks the pieces once, SEE finds the least valuable attacker
// by an if chain, firstMax's loop has no branch), and inlinable small
// functions (pickMove, InCheck, mvvLva); scoreQMoves sets each score by
// overrides the compiler turns into selects (session 21: BenchmarkQuiescence
// 8–12% faster in WebAssembly) and board.SEE keeps its swap list in 32 bits.
// The transposition table reads plain words in WebAssembly (ttword_wasm.go).
// Fixed-depth results are unchanged by all of it (TestSignature,
// BenchmarkSearch's nodes/op). Not every rewrite pays: a capture generator
// written apart from generate, unrolled move serialisation and an unrolled
// firstMax measured no faster (session 21), so they are not here.
//
// Native speed. Most of a node's cache misses are its transposition-table
// probe: a 16 MiB table does not fit the caches, and in a virtual machine a
// TLB miss walks two page tables. The table is advised onto 2 MiB pages
// (madvise MADV_HUGEPAGE; honoured where transparent huge pages are
// "madvise" or "always") and the move loop issues a prefetch of the child's
// bucket (PREFETCHT0 / PRFM, prefetch_amd64.s and prefetch_arm64.s) as soon
// as the move is picked: in the bench's profile the probe fell from about a
// fifth of the time to a tenth. Neither changes a result; both are absent
// in WebAssembly (prefetch_other.go inlines to nothing).
//
// Incremental evaluation. An evaluator whose whole value is a sum over the
// pieces of two terms per piece and square — MaterialPST (material and
// tables, with the kings' middlegame–endgame difference as the phase term)
// and phoenix640's folded weights — offers them as a board.PieceSquare
// table; Search gives it to its copy of the position, which keeps the two
// sums as moves are made, and the evaluator reads them instead of walking
// the board (evaluate.go). The values are the same integers regrouped
// (TestSignature and the node counts are unchanged); in session 20's
// alternating runs `evochess bench` went 6–10% faster (MaterialPST was a
// seventh of the profile), phoenix-default's bench about 3%, WebAssembly's
// BenchmarkSearch about 2–4% (there make and unmake pay most of what the
// evaluation saves).
//
// Static evaluations are clamped to ±MaxEval so they are never taken for
// mate scores. Scores are integer centipawns from the side to move's point
// of view, so a fixed-depth or fixed-node single-threaded search gives
// bit-identical results natively and in WebAssembly (TestSignature runs in
// both). Nothing here prints or keeps mutable package state.
package search
