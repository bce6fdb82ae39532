// Package eval holds the evaluation schemes of the four papers evochess
// implements, and a modern tapered scheme beside them, as one source of
// truth for playing and for tuning.
//
// # Model (eval.go)
//
// A Scheme declares named integer parameters ([]param.Spec: name, the
// paper's meaning, group, bounds, default, GA bit width) over one flat weight
// vector []int32, and one feature extractor. Features(pos) emits sparse
// integer counts from White's point of view (White's count minus Black's);
// the score is
//
//	White(pos) = FloorDiv(Σ w[i]·count[i], Scale())      (centipawns)
//
// negated by Evaluate when Black is to move. Every scheme is linear in its
// weights, which is what lets tuner/fitness compile a sample of positions
// into dot products. Each scheme's terms are written once, in a function
// that computes both sides' "natural" counts (a number of doubled pawns, a
// mobility, a material sum, a phase weight); a per-parameter unit turns a
// natural count into the scaled count of the dot product. Features,
// Evaluator.Evaluate and Evaluator.Trace all run that one function;
// Evaluate multiplies by precomputed weight×unit and does not allocate. In
// WebAssembly every pass of a loop and every taken branch is a trip through
// the function's block dispatch, a call costs more and values kept in
// memory cost more than locals, so the dense schemes' dot products take four
// terms per pass, their fixed-count loops are written out, posInfo.init
// computes isolated and backward pawns for both colours at once, vazquez29
// counts its rooks' files set-wise, and the attack pass keeps its sums in
// locals (info.go, countcache.go, vazquez.go): vazquez29's evaluation runs
// about 1.5 times as fast there as in session 20 (BenchmarkEvaluate), the
// same numbers.
// The tests check Evaluate == FloorDiv(Dot(w, Features)) on thousands of
// positions from random games, and that a position and its colour-flipped
// mirror have exactly opposite features.
//
// Shared definitions (info.go). "Mobility" is the number of squares a piece
// attacks that do not hold a piece of its own side. A pawn is "doubled" when
// another own pawn stands in front of it on its file (n pawns on a file make
// n−1 doubled pawns); "isolated" when no own pawn stands on an adjacent
// file; "backward" when it is not isolated, no own pawn on an adjacent file
// stands level with or behind it, and an enemy pawn attacks the square in
// front of it; "passed" when no enemy pawn stands in front of it on its own
// or an adjacent file. A square "cannot be evicted by an enemy pawn" (outpost,
// operations base) when no enemy pawn can attack it now or after advancing.
// The king zone is the king's square and its neighbours; a piece "acts on"
// the zone when it attacks one of its squares. The "material of pieces acting
// on the zone" uses fixed values 100, 300, 330, 500, 900 (Vázquez-Fernández
// et al. §III, "as Shannon did"), pawns included, kings not: weighting it by
// the player's own material weights would make the scheme non-linear.
// A king is "castled" when it stands on its first rank on the a, b or c file
// (long) or the g or h file (short); positions do not record castling.
// Ring k (knight periphery k) is the squares at distance k from the nearest
// edge: ring 0 a1–a8, b1–g1, h1–h8, b8–g8; ring 1 b2–b7, c2–f2, g2–g7, c7–f7;
// ring 2 c3–c6, d3, e3, f3–f6, d6, e6; ring 3 d4, e4, d5, e5.
// Central pawns stand on c4, c5, d4, d5, e4, e5, f4, f5. Rook files are open
// (no pawns), semi-open (only enemy pawns), closed (pawns of both sides, the
// rook either ahead of all its own pawns on the file or behind one), or
// own-only (no term).
//
// # vazquez29 (vazquez.go): Vázquez-Fernández, Coello Coello, Sagols Troncoso, CEC 2012
//
// Eqs. 1–9 with Table I's bounds, in Table I's order: material X1–X5 (pawn
// fixed at 100); king X_king,1 (KingDefenders: material of own pieces acting
// on the own king zone), X_king,2 (KingAttackers: material of enemy pieces
// acting on it; the paper says "pieces that attack the king" and Table I
// makes the weight non-positive, so it is read as a penalty for the attacked
// side), X_king,3 castled, X_king,4 pawn shield (own pawns on the king's and
// adjacent files one or two ranks in front of it); rook X_rook,1–7 (mobility,
// open, semi-open, closed and ahead of its pawns, closed and behind, on the
// seventh, at least two on the seventh); bishop mobility; knight X_knight,1–7
// (mobility, defended by a pawn, cannot be evicted, rings 0–3); pawns
// X_pawn,1–5 (doubled, isolated, backward, central, passed). Table I lists 29
// weights and omits eq. 5's queen mobility X_queen,1; it is the 30th
// parameter, QueenMobility, bounds [0, 100] like the other mobilities, preset
// value the mean of the other three mobility weights of the column.
// Silent points, our choices: the king-material sums are in centipawns and
// their weights count per 10,000 (1675 × 2000 cp of defenders = 335 cp), and
// mobility weights count per ten moves; the paper's magnitudes (X_king,1 up to
// 4000, mobility weights ≈ 70 next to a 100-point pawn) are otherwise
// implausible. Hence Scale = 10,000 with units 10,000 (counts), 1,000
// (mobility) and 1 (material sums). Bits: the smallest width covering each
// range. Presets "vazquez-table2-exploration" (VP^200_exploration) and
// "vazquez-table2-exploitation" (VP_exploitation, also the defaults).
//
// # david35 (david.go): David, van den Herik, Koppel, Netanyahu, IEEE TEC 2014
//
// Fig. 3's 35 parameters. The pawn is fixed at 100 (0 bits); the four other
// material values have 11 bits (0–2047) and every other parameter 6 bits
// (0–63): 4·11 + 30·6 = 224 bits, the paper's chromosome. The paper only
// names the terms; our definitions (Fig. 3 values are positive, so
// penalties are negative counts):
//   - PawnAdvanceA / PawnAdvanceB: ranks advanced from the second rank,
//     summed over wing pawns (files a, b, g, h) / centre pawns (files c–f).
//   - PassedPawnMult: Σ r² over passed pawns, r = rank from own side (1–6).
//   - DoubledPawnPenalty, IsolatedPawnPenalty, BackwardPawnPenalty: −count.
//   - WeakSquarePenalty: −(squares of the own third and fourth ranks that no
//     own pawn can attack now or after advancing).
//   - PassedPawnEnemyKingDist: Σ over passed pawns of the king distance from
//     the enemy king to the promotion square.
//   - KnightSqMult: Σ ring (0 edge … 3 centre) over knights.
//   - KnightOutpostMult: knights on the own 4th–6th rank that no enemy pawn
//     can attack count 1, plus 1 when defended by an own pawn.
//   - BishopMobility, RookMobility, QueenMobility: mobility; BishopPair: two
//     or more bishops.
//   - RookAttackKingFile: rooks on the enemy king's file;
//     RookAttackKingAdjFile: on an adjacent file among c–f;
//     RookAttackKingAdjFileABGH: on an adjacent file among a, b, g, h.
//   - Rook7thRank: rooks on the own 7th rank; RookConnected: pairs of rooks
//     that see each other along a rank or file.
//   - RookBehindPassedPawn: rooks with an own passed pawn in front of them on
//     their file; RookOpenFile, RookSemiOpenFile: as above;
//     RookAtckWeakPawnOpenColumn: rooks on a semi-open file holding an
//     isolated or backward enemy pawn; RookColumnMult: Σ file centrality
//     (a/h 0, b/g 1, c/f 2, d/e 3).
//   - KingNoFriendlyPawn: −1 when the king's file has no own pawn;
//     KingNoFriendlyPawnAdj: −1 per adjacent file without own pawn;
//     KingNoEnemyPawn, KingNoEnemyPawnAdj: the same for enemy pawns (an
//     opponent's rook can use the file); KingFriendlyPawnAdvanced1: with the
//     king on its first or second rank, −1 per own pawn on the third rank on
//     the king's or an adjacent file; KingPressureMult: −Σ over enemy knights,
//     bishops, rooks and queens of the king-zone squares each attacks.
//
// Preset "david-fig3" (the defaults). Scale 1.
//
// # prasad38 (prasad.go): Prasad, Sairam, Bhavana Sri, Siva Krishna
//
// Table 1's 38 weights with its ranges, pawn fixed at 50. Feature f_i is
// player A's count. The table and the feature list disagree on the rook
// names; we map #18 "ROOK SEMIOPEN COLUMN BEHIND" to the semi-open column,
// #19 "ROOK CLOSED COLUMN" to "closed column, behind its pawns" and #26
// "ROOK SEMIOPEN COLUMN AHEAD" to "closed column, ahead of its pawns".
// KING ATTACKING MATERIAL (range −90…10) is the material of the opponent's
// pieces acting on A's king zone; KING DEFENDING MATERIAL of A's own.
// KING PAWNS: own pawns on the king's adjacent squares. KING MOBILITY: the
// king's mobility. LONG/SHORT CASTLING: king castled on the a–c / g–h files.
// BISHOP AHEAD: own pawns that are the first piece on a forward diagonal of
// an own bishop; BISHOP PAWNS MOBILITY: those of them whose square in front
// is empty (the paper's example, Bc1 with b2 and d2, gives 2 and 2).
// KING OPEN CHECK and QUEEN PINNED have non-negative ranges, so they are read
// as A's opportunities: a piece of A alone between A's slider and the
// opponent's king (a discovered check), and the opponent's queen alone
// behind one piece on the line of A's rook or bishop ("removal of the piece
// in front of the queen leads to loss of the queen"). ROOK DOUBLED: two rooks
// on one file. Central squares: the paper's list ends "f4 or f6"; we use f5.
// The paper gives no weight values: preset "prasad-table1" (the defaults) is
// the midpoint of every range. Units as vazquez29: counts 1,000, mobility
// per ten moves (100), king material per 1,000 cp (1); Scale is 500, so the
// score is in centipawns, twice Table 1's points (pawn 50 → 100). Bits cover
// each range.
//
// # phoenix640 (phoenix.go): Aralikkatte, Srinivasaraghavan, Phoenix
//
// Ten positional value tables of 64 values (Table I): pawn, knight, bishop
// and king have a middle-game and an end-game table, rook and queen one
// table. Values are indexed by the square from the piece owner's side
// (Black reads the rank-mirrored square), bounds [−128, 127], 8 bits. The
// paper does not say how middle and end game are told apart; we taper
// linearly by Phase (knights and bishops 1, rooks 2, queens 4, max 24): a
// piece on square s adds phase·MG[s] + (24−phase)·EG[s], a single-table
// piece 24·T[s], and Scale = 24, which keeps the scheme linear. Material is
// fixed (parameters with Min = Max and 0 bits, 640–644): 100, 320, 330, 500,
// 900. Preset "phoenix-default" is Tomasz Michniewski's Simplified
// Evaluation Function tables (chessprogramming wiki; his knight and bishop
// tables serve both phases, his king middle/end tables the king's), with our
// pawn end-game table 0, 0, 5, 10, 20, 35, 60, 0 by rank. Speed
// (phoenixFolded): New folds the weights by coloured piece and square into
// two numbers, a piece's features weighing phase·(MG − EG) + 24·(EG + whole-
// game table) + material, so Evaluate walks the pieces once and adds two
// table entries each instead of listing the features (the same integer sum,
// regrouped; eval_test.go's TestOneSourceOfTruth compares it with the
// features on every position). The two tables are a board.PieceSquare
// (Evaluator.PieceSquare): a position given it keeps the two sums as moves
// are made, and Evaluate then walks nothing (engine/search does that for
// the positions it searches).
//
// # material (material.go)
//
// Piece counts only; pawn fixed at 100, defaults 320, 330, 500, 900.
//
// # modern (modern.go): beyond the papers
//
// A tapered evaluation of the kind today's engines tune with Texel's method
// (Ethereal, CounterGo), with our own term definitions. Every term t has a
// middlegame parameter "mg.<term>" (index 2t) and an endgame parameter
// "eg.<term>" (2t+1). With phase = Phase(pos) (knights and bishops 1, rooks
// 2, queens 4, capped at 24) and n_t = White's natural count minus Black's,
//
//	White(pos) = FloorDiv(Σ_t n_t·(w[2t]·phase + w[2t+1]·(24−phase)), 24)
//
// so Scale is 24 and Features holds the tapered counts n_t·phase and
// n_t·(24−phase): the scheme stays linear in its weights and Texel's
// analytic gradient is exact. The scheme implements Phased (eval.go):
// PhasedFeatures gives the untapered n_t (sorted by term, zeros dropped)
// and the phase, which the tuner stores instead of the tapered counts.
// All counts are per side, from the side's own point of view (ranks
// counted from its first rank), and White's minus Black's enters the sum.
// Terms, in registry order (387 terms, 774 parameters):
//   - Material: pawn, knight, bishop, rook, queen (piece counts).
//   - Piece-square tables, indexed by the square seen from the piece's
//     owner (Black reads the rank-mirrored square): pst.pawn.<sq> for
//     a2–h7 (48 squares; pawns never stand on the first or last rank),
//     pst.king.<sq> for a1–h8 (64: castled short and long differ), and
//     for knight, bishop, rook and queen 32 file-mirrored squares named
//     by files e–h (pst.knight.e4 also scores a knight on d4, .g1 one on
//     b1). A table and its material value overlap (a constant added to a
//     table is a material change); the tuner does not mind.
//   - Mobility by count: mob.knight.0–8, mob.bishop.0–13, mob.rook.0–14,
//     mob.queen.0–27 (one-hot per piece). A piece's mobility is the number
//     of squares it attacks (sliders stop at the first piece, no x-rays)
//     that hold no piece of its own side and are not attacked by an enemy
//     pawn.
//   - Pawn structure: pawn.doubled, pawn.isolated, pawn.backward (the
//     shared definitions below); pawn.phalanx.r2–r7, a pawn with an own
//     pawn beside it on an adjacent file, by its rank; pawn.supported.r3–r7,
//     a pawn defended by an own pawn, by rank (a pawn counts in both when
//     it is both).
//   - Passed pawns (shared definition): passed.r2–r7 by rank;
//     passed.free.r2–r7 when no piece of either side stands on its path
//     (every square in front of it on its file); passed.safe.r2–r7 when the
//     path is also free of enemy attacks (pawns, pieces and king; a free
//     safe passer counts in all three); passed.king.own and
//     passed.king.enemy sum over passed pawns the king distance from the
//     own / enemy king to the pawn's stop square (the square in front).
//   - King attack on the enemy king zone (the king's square and its
//     neighbours): attack.knight … attack.queen count the side's pieces of
//     that type attacking at least one zone square; attack.squares the zone
//     squares attacked by its pawns, knights, bishops, rooks and queens;
//     attack.count.2–5 is one-hot in the number of its attacking knights,
//     bishops, rooks and queens (5 = five or more), which lets a linear
//     model learn that attacks add up faster than linearly.
//     check.knight … check.queen count safe checks: squares attacked by
//     the side's pieces of that type, not held by its own pieces and not
//     attacked by any enemy piece, pawn or king, from which a piece of that
//     type would attack the enemy king (through the current occupancy).
//   - King shelter, own king: the three files around the king (its file
//     clamped to b–g, so a king on h1 uses f–h). Per file, the own pawn
//     in front of the king (on a rank ahead of the king's) nearest to it
//     stands d ranks ahead: king.shield.1, .2, .3 (3 or more), or
//     king.shield.none without such a pawn. The enemy pawn in front of the
//     king nearest to it on that file: king.storm.blocked when an own pawn
//     stands directly in front of it (from the enemy's side), else
//     king.storm.1–4 by its distance d (4 or more). king.file.open: files
//     without pawns; king.file.semiopen: enemy pawns but no own pawn.
//   - Pieces: bishop.pair (bishops on both square colours); bishop.pawns
//     (per bishop, own pawns on its square colour); knight.outpost and
//     bishop.outpost (on ranks 4–6, defended by an own pawn, and no enemy
//     pawn can attack the square now or after advancing); rook.open and
//     queen.open (file without pawns), rook.semiopen and queen.semiopen
//     (enemy pawns but no own pawn), rook.7th (rook on the 7th rank).
//   - Threats, counting enemy pieces: threat.pawn.minor / .pawn.rook /
//     .pawn.queen (attacked by own pawns), threat.minor.rook /
//     .minor.queen (by own knights or bishops), threat.rook.queen (by own
//     rooks), threat.hanging (enemy knights, bishops, rooks, queens
//     attacked by any own piece, pawn or king and defended by none) and
//     threat.hanging.pawn (the same for enemy pawns).
//   - tempo: 1 for the side to move.
//
// Bounds: material [0, 2000], every other weight [−1000, 1000]; 11 bits
// each for the GA. Preset "modern-material" (also the defaults) is the start
// of a modern run: pawn 100, knight 300, bishop 300, rook 500, queen 900 in
// both phases and every other weight 0 — round textbook values, not tuned,
// copied from no engine. Speed (modernEval): the terms are written once,
// to a sink (modernAcc) that either accumulates each side's mg and eg
// sums with the weights (Evaluate: no feature list, no allocation) or
// counts terms per side (Features, PhasedFeatures, Trace, TaperedTrace);
// every piece's attacks are computed once. Evaluator.TaperedTrace returns
// the evaluation by term with mg and eg weights and contributions.
//
// # Presets (presets.go)
//
// Presets, LookupPreset, RandomWeights and RandomPreset (uniform within the
// bounds from an explicit PCG seed).
//
// # Tests
//
// features_test.go, david_test.go, prasad_test.go, phoenix_test.go and
// modern_test.go check
// every term on hand-checked positions (FEN → expected counts per side, and
// swapped for the colour-flipped mirror); modern_test.go also checks the
// Phased contract, the taper at phases 0, 24 and between, the registry and
// the tapered trace. eval_test.go checks the registry,
// bounds and bit widths, and on thousands of positions from seeded random
// games that Evaluate equals FloorDiv(Dot(w, Features)) and that mirrored
// positions have negated features; shared_test.go repeats this on the shared
// UHO openings and Win at Chess suites, more_test.go on testdata/tricky.epd
// and as the fuzz target FuzzFeatures. golden_test.go pins every preset's
// scores (testdata/golden_scores.txt), so native and WebAssembly builds must
// agree bit for bit. oracle_test.go compares the shared pawn-structure,
// outpost, mobility and king-zone definitions with a slow square-by-square
// oracle. bench_test.go and shared_test.go report evals/s and
// positions/s.
package eval
