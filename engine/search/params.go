package search

import (
	"fmt"
	"sort"

	"github.com/evochess/evochess/engine/param"
)

// Params are the search parameters in two groups.
//
// The first group is the 18 selective-search parameters of David, van den
// Herik, Koppel and Netanyahu, "Genetic Algorithms for Evolving Computer
// Chess Programs" (IEEE TEC 2014), Table I: a 70-bit chromosome covering
// null-move pruning, futility pruning, multi-cut pruning and search
// extensions (ParamSpecs). Extensions are in fractional plies, "where 1 ply
// = 4 units (e.g., an extension value of 2 is equivalent to half a ply)".
//
// The second group (ModernParamSpecs) switches on and shapes the techniques
// of modern alpha-beta engines that Table I predates: late-move reductions
// and pruning, SEE pruning, internal iterative reductions, singular
// extensions, reverse futility pruning, improving-aware margins, and
// continuation and capture histories. Every one of them is off at 0.
//
// The zero value is the "plain" preset: every selective method off, no
// extensions (a pure principal-variation search with quiescence).
type Params struct {
	// NullMoveUse switches null-move pruning on (Table I "Null-move use", 0–1).
	NullMoveUse bool
	// NullMoveReduction is the depth reduction R of the null-move search in
	// plies (Table I "Null-move reduction", 0–7).
	NullMoveReduction int
	// NullMoveAdaptivity switches adaptive null-move pruning on: the full
	// reduction is used only above NullMoveAdaptivityDepth, one ply less at
	// or below it (Table I "Null-move use adaptivity", 0–1).
	NullMoveAdaptivity bool
	// NullMoveAdaptivityDepth is the remaining depth in plies above which the
	// adaptive null move uses its full reduction (Table I "Null-move
	// adaptivity depth", 0–7).
	NullMoveAdaptivityDepth int
	// FutilityDepth is the largest remaining depth in plies at which futility
	// pruning applies, 0 meaning off (Table I "Futility depth", 0–3).
	FutilityDepth int
	// FutilityThreshold1 is the futility margin in centipawns at remaining
	// depth 1, the frontier (Table I "Futility threshold depth-1", 0–1023).
	FutilityThreshold1 int
	// FutilityThreshold2 is the futility margin at remaining depth 2, the
	// pre-frontier (Table I "Futility threshold depth-2", 0–1023).
	FutilityThreshold2 int
	// FutilityThreshold3 is the futility margin at remaining depth 3 (Table I
	// "Futility threshold depth-3", 0–1023).
	FutilityThreshold3 int
	// MultiCutUse switches multi-cut pruning (Björnsson and Marsland) on at
	// expected cut nodes (Table I "Multi-cut use", 0–1).
	MultiCutUse bool
	// MultiCutReduction is the depth reduction in plies of the shallow
	// multi-cut searches (Table I "Multi-cut reduction", 0–7).
	MultiCutReduction int
	// MultiCutDepth is the minimum remaining depth in plies at which
	// multi-cut is tried (Table I "Multi-cut depth", 0–7).
	MultiCutDepth int
	// MultiCutMoveNum is M, the number of moves searched shallowly (Table I
	// "Multi-cut move num", 0–31).
	MultiCutMoveNum int
	// MultiCutCutNum is C, the number of those moves that must fail high for
	// the node to be pruned (Table I "Multi-cut cut num", 0–7).
	MultiCutCutNum int
	// CheckExtension extends checking moves, in quarter plies (Table I
	// "Check extension", 0–4).
	CheckExtension int
	// OneReplyExtension extends the only legal move, in quarter plies (Table I
	// "One-reply extension", 0–4).
	OneReplyExtension int
	// RecaptureExtension extends a capture on the square of the previous
	// capture, in quarter plies (Table I "Recapture extension", 0–4).
	RecaptureExtension int
	// PassedPawnExtension extends a pawn move to the seventh rank, in quarter
	// plies (Table I "Passed pawn extension", 0–4).
	PassedPawnExtension int
	// MateThreatExtension extends a node whose null-move search reveals a
	// mate threat against the side to move, in quarter plies (Table I "Mate
	// threat extension", 0–4).
	MateThreatExtension int

	// The modern group (ModernParamSpecs); see the specs for meanings.

	LMRUse            bool // late-move reductions on
	LMRBase           int  // reduction constant, hundredths of a ply
	LMRDivisor        int  // ln(depth)·ln(move number) divisor, hundredths
	LMRMinDepth       int  // smallest remaining depth (plies) that reduces
	LMRMinMoves       int  // moves never reduced (one more at PV nodes)
	LMRHistoryDivisor int  // history per quarter ply of reduction (0 = no history term)

	LMPUse   bool // late-move (move-count) pruning on
	LMPDepth int  // largest remaining depth (plies) that prunes
	LMPBase  int  // quiet moves kept: LMPBase + depth², halved when not improving

	SEEPruneUse      bool // SEE pruning of quiet and capture moves on
	SEEPruneDepth    int  // largest remaining depth (plies) that prunes
	SEEQuietMargin   int  // quiet moves need SEE >= -margin·lmrDepth² (cp)
	SEECaptureMargin int  // captures need SEE >= -margin·depth (cp)

	IIRUse   bool // internal iterative reductions on
	IIRDepth int  // smallest remaining depth (plies) that reduces without a hash move

	SingularUse    bool // singular extensions on
	SingularDepth  int  // smallest remaining depth (plies) that tests the hash move
	SingularMargin int  // singular window below the hash score, cp per ply

	ImprovingUse      bool // "improving" (static eval above two plies ago) shapes margins
	RFPUse            bool // reverse futility (static null-move) pruning on
	RFPDepth          int  // largest remaining depth (plies) that prunes
	RFPMargin         int  // margin per ply of depth (cp)
	FutilityImproving int  // added to Table I's futility margins when improving (cp)

	ContHist           int // continuation histories: 0 off, 1 plies -1 and -2, 2 also -4
	CaptureHist        bool
	HistoryBonusMul    int // history bonus per ply of depth (0 = Table I-era depth² bonus)
	HistoryBonusMax    int // cap of that bonus
	HistoryPruneDepth  int // largest lmrDepth (plies) at which quiet moves with bad continuation history are pruned (0 = off)
	HistoryPruneMargin int // prune below -margin·depth

	RazorDepth       int  // largest remaining depth (plies) that razors (0 = off)
	RazorMargin      int  // razor when static eval + margin·depth² <= alpha (cp)
	NullMoveDepthDiv int  // null-move R grows by depth/div plies (0 = off)
	NullMoveEvalDiv  int  // null-move R grows by (eval - beta)/div plies, at most 3 (0 = off)
	LMRCaptures      bool // late-move reductions also for captures that are not winning
	CorrHist         int  // static-eval correction history by pawn structure: weight of the correction in 1/16 (0 = off)
	QSNoChecks       bool // the quiescence search tries no quiet checks (at its first ply they are tried by default)
}

// paramSpecs is Table I, in its order. Defaults are the "default" preset.
var paramSpecs = [...]param.Spec{
	{Name: "NullMoveUse", Group: "null move", Min: 0, Max: 1, Default: 1, Bits: 1,
		Doc: "Null-move use: prune when a null move (passing) still fails high"},
	{Name: "NullMoveReduction", Group: "null move", Min: 0, Max: 7, Default: 4, Bits: 3,
		Doc: "Null-move reduction: depth reduction R of the null-move search, in plies"},
	{Name: "NullMoveAdaptivity", Group: "null move", Min: 0, Max: 1, Default: 1, Bits: 1,
		Doc: "Null-move use adaptivity: reduce by R only above the adaptivity depth, by R-1 at or below it"},
	{Name: "NullMoveAdaptivityDepth", Group: "null move", Min: 0, Max: 7, Default: 6, Bits: 3,
		Doc: "Null-move adaptivity depth: remaining depth (plies) above which the full reduction applies"},
	{Name: "FutilityDepth", Group: "futility", Min: 0, Max: 3, Default: 3, Bits: 2,
		Doc: "Futility depth: largest remaining depth (plies) at which futility pruning applies (0 = off)"},
	{Name: "FutilityThreshold1", Group: "futility", Min: 0, Max: 1023, Default: 112, Bits: 10,
		Doc: "Futility threshold depth-1: margin (cp) at frontier nodes"},
	{Name: "FutilityThreshold2", Group: "futility", Min: 0, Max: 1023, Default: 227, Bits: 10,
		Doc: "Futility threshold depth-2: margin (cp) at pre-frontier nodes"},
	{Name: "FutilityThreshold3", Group: "futility", Min: 0, Max: 1023, Default: 506, Bits: 10,
		Doc: "Futility threshold depth-3: margin (cp) at remaining depth 3"},
	{Name: "MultiCutUse", Group: "multi-cut", Min: 0, Max: 1, Default: 0, Bits: 1,
		Doc: "Multi-cut use: prune an expected cut node when C of its first M moves fail high at reduced depth"},
	{Name: "MultiCutReduction", Group: "multi-cut", Min: 0, Max: 7, Default: 4, Bits: 3,
		Doc: "Multi-cut reduction: depth reduction of the shallow multi-cut searches, in plies"},
	{Name: "MultiCutDepth", Group: "multi-cut", Min: 0, Max: 7, Default: 6, Bits: 3,
		Doc: "Multi-cut depth: minimum remaining depth (plies) to try multi-cut"},
	{Name: "MultiCutMoveNum", Group: "multi-cut", Min: 0, Max: 31, Default: 15, Bits: 5,
		Doc: "Multi-cut move num: M, the number of moves searched shallowly"},
	{Name: "MultiCutCutNum", Group: "multi-cut", Min: 0, Max: 7, Default: 3, Bits: 3,
		Doc: "Multi-cut cut num: C, the number of shallow fail-highs that prune the node"},
	{Name: "CheckExtension", Group: "extensions", Min: 0, Max: 4, Default: 4, Bits: 3,
		Doc: "Check extension: extension of checking moves, in quarter plies"},
	{Name: "OneReplyExtension", Group: "extensions", Min: 0, Max: 4, Default: 4, Bits: 3,
		Doc: "One-reply extension: extension of the only legal move, in quarter plies"},
	{Name: "RecaptureExtension", Group: "extensions", Min: 0, Max: 4, Default: 2, Bits: 3,
		Doc: "Recapture extension: extension of a recapture on the previous capture's square, in quarter plies"},
	{Name: "PassedPawnExtension", Group: "extensions", Min: 0, Max: 4, Default: 3, Bits: 3,
		Doc: "Passed pawn extension: extension of a pawn move to the seventh rank, in quarter plies"},
	{Name: "MateThreatExtension", Group: "extensions", Min: 0, Max: 4, Default: 2, Bits: 3,
		Doc: "Mate threat extension: extension of a node whose null-move search shows a mate threat, in quarter plies"},
}

// modernSpecs is the modern group, in Params order. Every parameter is off
// (or neutral) at 0, so the zero Params stays the "plain" search; Defaults
// are the "default" preset's values.
var modernSpecs = [...]param.Spec{
	{Name: "LMRUse", Group: "late-move reductions", Min: 0, Max: 1, Default: 1, Bits: 1,
		Doc: "Late-move reductions: search late quiet moves to a reduced depth first, re-searching those that raise alpha"},
	{Name: "LMRBase", Group: "late-move reductions", Min: 0, Max: 255, Default: 75, Bits: 8,
		Doc: "LMR base: constant part of the reduction, in hundredths of a ply"},
	{Name: "LMRDivisor", Group: "late-move reductions", Min: 0, Max: 1023, Default: 300, Bits: 10,
		Doc: "LMR divisor: reduction grows by ln(depth)·ln(move number)/(divisor/100) plies (0 counts as 1)"},
	{Name: "LMRMinDepth", Group: "late-move reductions", Min: 0, Max: 15, Default: 3, Bits: 4,
		Doc: "LMR min depth: smallest remaining depth (plies) at which moves are reduced"},
	{Name: "LMRMinMoves", Group: "late-move reductions", Min: 0, Max: 15, Default: 2, Bits: 4,
		Doc: "LMR min moves: number of moves never reduced (one more at PV nodes)"},
	{Name: "LMRHistoryDivisor", Group: "late-move reductions", Min: 0, Max: 65535, Default: 8192, Bits: 16,
		Doc: "LMR history divisor: history score per quarter ply less (or more) reduction (0 = history ignored)"},
	{Name: "LMPUse", Group: "late-move pruning", Min: 0, Max: 1, Default: 1, Bits: 1,
		Doc: "Late-move pruning: at shallow depth, skip quiet moves after a move-count limit"},
	{Name: "LMPDepth", Group: "late-move pruning", Min: 0, Max: 15, Default: 8, Bits: 4,
		Doc: "LMP depth: largest remaining depth (plies) at which late quiet moves are pruned"},
	{Name: "LMPBase", Group: "late-move pruning", Min: 0, Max: 31, Default: 3, Bits: 5,
		Doc: "LMP base: quiet moves searched = base + depth², halved when not improving"},
	{Name: "SEEPruneUse", Group: "SEE pruning", Min: 0, Max: 1, Default: 1, Bits: 1,
		Doc: "SEE pruning: at shallow depth, skip moves whose static exchange loses more than a depth-scaled margin"},
	{Name: "SEEPruneDepth", Group: "SEE pruning", Min: 0, Max: 15, Default: 8, Bits: 4,
		Doc: "SEE prune depth: largest remaining depth (plies) at which SEE pruning applies"},
	{Name: "SEEQuietMargin", Group: "SEE pruning", Min: 0, Max: 255, Default: 15, Bits: 8,
		Doc: "SEE quiet margin: a quiet move is skipped when SEE < -margin·lmrDepth² (cp)"},
	{Name: "SEECaptureMargin", Group: "SEE pruning", Min: 0, Max: 1023, Default: 100, Bits: 10,
		Doc: "SEE capture margin: a capture is skipped when SEE < -margin·depth (cp)"},
	{Name: "IIRUse", Group: "internal iterative reductions", Min: 0, Max: 1, Default: 1, Bits: 1,
		Doc: "Internal iterative reductions: search one ply less at PV and expected cut nodes that have no hash move"},
	{Name: "IIRDepth", Group: "internal iterative reductions", Min: 0, Max: 15, Default: 4, Bits: 4,
		Doc: "IIR depth: smallest remaining depth (plies) at which IIR applies"},
	{Name: "SingularUse", Group: "singular extensions", Min: 0, Max: 1, Default: 1, Bits: 1,
		Doc: "Singular extensions: extend the hash move by a ply when every other move fails low below its score"},
	{Name: "SingularDepth", Group: "singular extensions", Min: 0, Max: 15, Default: 8, Bits: 4,
		Doc: "Singular depth: smallest remaining depth (plies) at which the hash move is tested"},
	{Name: "SingularMargin", Group: "singular extensions", Min: 0, Max: 63, Default: 2, Bits: 6,
		Doc: "Singular margin: the other moves must fail low against hash score - margin·depth (cp per ply)"},
	{Name: "ImprovingUse", Group: "improving", Min: 0, Max: 1, Default: 1, Bits: 1,
		Doc: "Improving: a static evaluation above the one two plies earlier loosens reverse futility, LMP and LMR"},
	{Name: "RFPUse", Group: "reverse futility", Min: 0, Max: 1, Default: 1, Bits: 1,
		Doc: "Reverse futility pruning: at shallow depth, return the static evaluation when it beats beta by a depth margin"},
	{Name: "RFPDepth", Group: "reverse futility", Min: 0, Max: 15, Default: 8, Bits: 4,
		Doc: "RFP depth: largest remaining depth (plies) at which reverse futility pruning applies"},
	{Name: "RFPMargin", Group: "reverse futility", Min: 0, Max: 511, Default: 80, Bits: 9,
		Doc: "RFP margin: margin per ply of depth (one ply less when improving), cp"},
	{Name: "FutilityImproving", Group: "improving", Min: 0, Max: 511, Default: 50, Bits: 9,
		Doc: "Futility improving: added to Table I's futility thresholds at improving nodes, cp"},
	{Name: "ContHist", Group: "history", Min: 0, Max: 2, Default: 2, Bits: 2,
		Doc: "Continuation histories: quiet moves ordered also by the moves 1 and 2 plies earlier (1), and 4 plies earlier (2); 0 = off"},
	{Name: "CaptureHist", Group: "history", Min: 0, Max: 1, Default: 1, Bits: 1,
		Doc: "Capture history: captures ordered by victim value plus a [piece][to][victim] history"},
	{Name: "HistoryBonusMul", Group: "history", Min: 0, Max: 1023, Default: 300, Bits: 10,
		Doc: "History bonus: per ply of depth, with gravity (0 = the depth² bonus of the Table I search)"},
	{Name: "HistoryBonusMax", Group: "history", Min: 0, Max: 8191, Default: 2400, Bits: 13,
		Doc: "History bonus max: cap of the per-ply bonus"},
	{Name: "HistoryPruneDepth", Group: "history", Min: 0, Max: 15, Default: 3, Bits: 4,
		Doc: "History pruning depth: largest reduced depth (plies) at which quiet moves with bad continuation history are skipped (0 = off)"},
	{Name: "HistoryPruneMargin", Group: "history", Min: 0, Max: 16383, Default: 2000, Bits: 14,
		Doc: "History pruning margin: skip when continuation history < -margin·depth"},
	{Name: "RazorDepth", Group: "razoring", Min: 0, Max: 7, Default: 0, Bits: 3,
		Doc: "Razoring depth: largest remaining depth (plies) at which a node far below alpha is resolved by quiescence (0 = off)"},
	{Name: "RazorMargin", Group: "razoring", Min: 0, Max: 1023, Default: 0, Bits: 10,
		Doc: "Razoring margin: razor when static eval + margin·depth² <= alpha and the quiescence search confirms it (cp)"},
	{Name: "NullMoveDepthDiv", Group: "null move", Min: 0, Max: 15, Default: 0, Bits: 4,
		Doc: "Null-move depth divisor: the null-move reduction grows by remaining depth/div plies (0 = off)"},
	{Name: "NullMoveEvalDiv", Group: "null move", Min: 0, Max: 1023, Default: 0, Bits: 10,
		Doc: "Null-move eval divisor: the null-move reduction grows by (static eval - beta)/div plies, at most 3 (0 = off)"},
	{Name: "LMRCaptures", Group: "late-move reductions", Min: 0, Max: 1, Default: 0, Bits: 1,
		Doc: "LMR captures: late captures that are not winning are reduced too (one ply less than quiet moves)"},
	{Name: "CorrHist", Group: "history", Min: 0, Max: 32, Default: 8, Bits: 6,
		Doc: "Correction history: the static evaluation is corrected by the average error of searches in positions with the same pawns and side to move, times CorrHist/16 (0 = off)"},
	{Name: "QSNoChecks", Group: "quiescence", Min: 0, Max: 1, Default: 0, Bits: 1,
		Doc: "Quiescence without checks: the main search's quiescence search tries only captures and promotions, no quiet checks at its first ply (0 = checks tried)"},
}

// NumParams is the number of Table I search parameters (18).
const NumParams = len(paramSpecs)

// NumModernParams is the number of parameters of the modern group.
const NumModernParams = len(modernSpecs)

// NumAllParams is NumParams + NumModernParams.
const NumAllParams = NumParams + NumModernParams

// ParamSpecs returns the registry of Table I's 18 search parameters in
// Table I's order (a fresh copy the caller may modify): the 70-bit
// chromosome of David et al.'s search GA. Defaults are the "default"
// preset's values.
func ParamSpecs() []param.Spec {
	out := make([]param.Spec, NumParams)
	copy(out, paramSpecs[:])
	return out
}

// ModernParamSpecs returns the registry of the modern group (a fresh copy).
func ModernParamSpecs() []param.Spec {
	out := make([]param.Spec, NumModernParams)
	copy(out, modernSpecs[:])
	return out
}

// AllParamSpecs returns ParamSpecs followed by ModernParamSpecs: the
// registry of AllVector and of the tuner's preset that tunes both groups.
func AllParamSpecs() []param.Spec {
	out := make([]param.Spec, 0, NumAllParams)
	out = append(out, paramSpecs[:]...)
	return append(out, modernSpecs[:]...)
}

// allSpecs is AllParamSpecs without the copy.
var allSpecs = func() (a [NumAllParams]param.Spec) {
	copy(a[:], paramSpecs[:])
	copy(a[NumParams:], modernSpecs[:])
	return a
}()

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// Vector returns Table I's group of p in ParamSpecs order (booleans as 0/1).
func (p Params) Vector() []int32 {
	return p.AllVector()[:NumParams:NumParams]
}

// AllVector returns both groups of p in AllParamSpecs order.
func (p Params) AllVector() []int32 {
	return []int32{
		b2i(p.NullMoveUse), int32(p.NullMoveReduction), b2i(p.NullMoveAdaptivity), int32(p.NullMoveAdaptivityDepth),
		int32(p.FutilityDepth), int32(p.FutilityThreshold1), int32(p.FutilityThreshold2), int32(p.FutilityThreshold3),
		b2i(p.MultiCutUse), int32(p.MultiCutReduction), int32(p.MultiCutDepth), int32(p.MultiCutMoveNum), int32(p.MultiCutCutNum),
		int32(p.CheckExtension), int32(p.OneReplyExtension), int32(p.RecaptureExtension), int32(p.PassedPawnExtension), int32(p.MateThreatExtension),

		b2i(p.LMRUse), int32(p.LMRBase), int32(p.LMRDivisor), int32(p.LMRMinDepth), int32(p.LMRMinMoves), int32(p.LMRHistoryDivisor),
		b2i(p.LMPUse), int32(p.LMPDepth), int32(p.LMPBase),
		b2i(p.SEEPruneUse), int32(p.SEEPruneDepth), int32(p.SEEQuietMargin), int32(p.SEECaptureMargin),
		b2i(p.IIRUse), int32(p.IIRDepth),
		b2i(p.SingularUse), int32(p.SingularDepth), int32(p.SingularMargin),
		b2i(p.ImprovingUse), b2i(p.RFPUse), int32(p.RFPDepth), int32(p.RFPMargin), int32(p.FutilityImproving),
		int32(p.ContHist), b2i(p.CaptureHist), int32(p.HistoryBonusMul), int32(p.HistoryBonusMax),
		int32(p.HistoryPruneDepth), int32(p.HistoryPruneMargin),
		int32(p.RazorDepth), int32(p.RazorMargin), int32(p.NullMoveDepthDiv), int32(p.NullMoveEvalDiv), b2i(p.LMRCaptures),
		int32(p.CorrHist), b2i(p.QSNoChecks),
	}
}

// NumAllParamsOld is the length of AllParamSpecs before razoring, the
// null-move depth and eval terms, LMR of captures and the correction
// history were added: vectors of that length (share links and player
// vectors made before) are read with those parameters off.
const NumAllParamsOld = 47

// ParamsFromVector builds Params from a vector in ParamSpecs order (18
// values: Table I's group, the modern group off, as in David et al.'s
// program) or in AllParamSpecs order (both groups; an older registry's
// shorter vector, NumAllParamsOld values, has the later parameters off). It
// returns an error if the length is none of these or a value is out of its
// bounds.
func ParamsFromVector(v []int32) (Params, error) {
	switch len(v) {
	case NumParams, NumAllParamsOld, NumAllParams:
	default:
		return Params{}, fmt.Errorf("search: params vector has %d values, want %d (Table I) or %d (Table I and modern)",
			len(v), NumParams, NumAllParams)
	}
	for i, x := range v {
		s := allSpecs[i]
		if int(x) < s.Min || int(x) > s.Max {
			return Params{}, fmt.Errorf("search: param %s = %d outside [%d, %d]", s.Name, x, s.Min, s.Max)
		}
	}
	if len(v) < NumAllParams {
		v = append(v[:len(v):len(v)], make([]int32, NumAllParams-len(v))...)
	}
	return Params{
		NullMoveUse: v[0] != 0, NullMoveReduction: int(v[1]), NullMoveAdaptivity: v[2] != 0, NullMoveAdaptivityDepth: int(v[3]),
		FutilityDepth: int(v[4]), FutilityThreshold1: int(v[5]), FutilityThreshold2: int(v[6]), FutilityThreshold3: int(v[7]),
		MultiCutUse: v[8] != 0, MultiCutReduction: int(v[9]), MultiCutDepth: int(v[10]), MultiCutMoveNum: int(v[11]), MultiCutCutNum: int(v[12]),
		CheckExtension: int(v[13]), OneReplyExtension: int(v[14]), RecaptureExtension: int(v[15]), PassedPawnExtension: int(v[16]), MateThreatExtension: int(v[17]),

		LMRUse: v[18] != 0, LMRBase: int(v[19]), LMRDivisor: int(v[20]), LMRMinDepth: int(v[21]), LMRMinMoves: int(v[22]), LMRHistoryDivisor: int(v[23]),
		LMPUse: v[24] != 0, LMPDepth: int(v[25]), LMPBase: int(v[26]),
		SEEPruneUse: v[27] != 0, SEEPruneDepth: int(v[28]), SEEQuietMargin: int(v[29]), SEECaptureMargin: int(v[30]),
		IIRUse: v[31] != 0, IIRDepth: int(v[32]),
		SingularUse: v[33] != 0, SingularDepth: int(v[34]), SingularMargin: int(v[35]),
		ImprovingUse: v[36] != 0, RFPUse: v[37] != 0, RFPDepth: int(v[38]), RFPMargin: int(v[39]), FutilityImproving: int(v[40]),
		ContHist: int(v[41]), CaptureHist: v[42] != 0, HistoryBonusMul: int(v[43]), HistoryBonusMax: int(v[44]),
		HistoryPruneDepth: int(v[45]), HistoryPruneMargin: int(v[46]),
		RazorDepth: int(v[47]), RazorMargin: int(v[48]), NullMoveDepthDiv: int(v[49]), NullMoveEvalDiv: int(v[50]), LMRCaptures: v[51] != 0,
		CorrHist: int(v[52]), QSNoChecks: v[53] != 0,
	}, nil
}

// WithTableI returns p with Table I's group replaced by v (18 values in
// ParamSpecs order) and its modern group kept: how a Table I vector (David
// et al.'s search GA, a UCI spin option) applies on top of a full
// parameter set.
func (p Params) WithTableI(v []int32) (Params, error) {
	if len(v) != NumParams {
		return Params{}, fmt.Errorf("search: Table I vector has %d values, want %d", len(v), NumParams)
	}
	all := p.AllVector()
	copy(all, v)
	return ParamsFromVector(all)
}

// Validate reports whether every parameter of p is within its range.
func (p Params) Validate() error {
	_, err := ParamsFromVector(p.AllVector())
	return err
}

// ParamsFromMap builds Params from named values (AllParamSpecs names);
// missing names take the value of base. Unknown names and out-of-range
// values are errors. Player files and UCI options use it.
func ParamsFromMap(base Params, m map[string]int) (Params, error) {
	v := base.AllVector()
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names) // deterministic error for several bad names
	for _, name := range names {
		i := param.Index(allSpecs[:], name)
		if i < 0 {
			return Params{}, fmt.Errorf("search: unknown search parameter %q", name)
		}
		v[i] = int32(m[name])
	}
	return ParamsFromVector(v)
}

// Map returns p as named values (AllParamSpecs names, both groups).
func (p Params) Map() map[string]int {
	v := p.AllVector()
	m := make(map[string]int, NumAllParams)
	for i, s := range allSpecs {
		m[s.Name] = int(v[i])
	}
	return m
}

// Preset names accepted by PresetParams.
const (
	// PresetDavidTable2 is David et al.'s Table II: the evolved values of
	// the best individual, with the modern group off (their program).
	PresetDavidTable2 = "david-table2"
	// PresetDefault is what evochess plays with: the AllParamSpecs
	// defaults, multi-cut off, every modern technique and the correction
	// history on.
	PresetDefault = "default"
	// PresetClassic is the default search until session 19: "default"
	// with Table I's multi-cut on (Table II's values), no correction
	// history and LMR divisor 225. The experiment reports, whose matches
	// were played with it, keep it (experiment.Config.Search), so
	// their figures stay reproducible as the default search moves on.
	PresetClassic = "classic"
	// PresetPlain switches every selective method off with no extensions:
	// a pure PVS + quiescence search (the tuner's 1-ply exactness relies on it).
	PresetPlain = "plain"
)

// PresetNames lists the presets in a fixed order.
func PresetNames() []string {
	return []string{PresetDefault, PresetClassic, PresetDavidTable2, PresetPlain}
}

// PresetParams returns a named parameter preset:
//
//   - "david-table2": Table II of David et al. — null move on, R = 4,
//     adaptive below depth 6; futility to depth 3 with thresholds 112, 227,
//     506; multi-cut on with reduction 4, depth 6, M = 15, C = 3; extensions
//     check 4, one reply 4, recapture 2, passed pawn 3, mate threat 2 — and
//     the modern group off.
//   - "default": the AllParamSpecs defaults, which evochess plays with:
//     Table I's group at Table II's values but multi-cut off, every
//     technique of the modern group on and the correction history
//     (CorrHist 8); the package documentation gives each one's Elo.
//   - "classic": "default" with multi-cut on, CorrHist 0 and LMRDivisor
//     225: the default search until session 19 (the experiment reports'
//     search).
//   - "plain": the zero Params.
func PresetParams(name string) (Params, error) {
	switch name {
	case PresetDavidTable2:
		return Params{
			NullMoveUse: true, NullMoveReduction: 4, NullMoveAdaptivity: true, NullMoveAdaptivityDepth: 6,
			FutilityDepth: 3, FutilityThreshold1: 112, FutilityThreshold2: 227, FutilityThreshold3: 506,
			MultiCutUse: true, MultiCutReduction: 4, MultiCutDepth: 6, MultiCutMoveNum: 15, MultiCutCutNum: 3,
			CheckExtension: 4, OneReplyExtension: 4, RecaptureExtension: 2, PassedPawnExtension: 3, MateThreatExtension: 2,
		}, nil
	case PresetDefault:
		return ParamsFromVector(param.Defaults(allSpecs[:]))
	case PresetClassic:
		p := DefaultParams()
		p.MultiCutUse, p.CorrHist, p.LMRDivisor = true, 0, 225
		return p, nil
	case PresetPlain:
		return Params{}, nil
	}
	return Params{}, fmt.Errorf("search: unknown search preset %q (want one of %v)", name, PresetNames())
}

// DefaultParams returns the "default" preset.
func DefaultParams() Params {
	p, _ := PresetParams(PresetDefault) // the registry defaults are in range (tested)
	return p
}
