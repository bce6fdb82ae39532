package search

import (
	"fmt"
	"sort"

	"github.com/evochess/evochess/engine/param"
)

// Params are the 18 selective-search parameters of David, van den Herik,
// Koppel and Netanyahu, "Genetic Algorithms for Evolving Computer Chess
// Programs" (IEEE TEC 2014), Table I: a 70-bit chromosome covering null-move
// pruning, futility pruning, multi-cut pruning and search extensions.
// Extensions are in fractional plies, "where 1 ply = 4 units (e.g., an
// extension value of 2 is equivalent to half a ply)".
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
	{Name: "MultiCutUse", Group: "multi-cut", Min: 0, Max: 1, Default: 1, Bits: 1,
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

// NumParams is the number of search parameters (Table I: 18).
const NumParams = len(paramSpecs)

// ParamSpecs returns the registry of the search parameters in Table I's
// order (a fresh copy the caller may modify). Defaults are the "default"
// preset; Bits sum to 70.
func ParamSpecs() []param.Spec {
	out := make([]param.Spec, NumParams)
	copy(out, paramSpecs[:])
	return out
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// Vector returns p as a vector in ParamSpecs order (booleans as 0/1).
func (p Params) Vector() []int32 {
	return []int32{
		b2i(p.NullMoveUse), int32(p.NullMoveReduction), b2i(p.NullMoveAdaptivity), int32(p.NullMoveAdaptivityDepth),
		int32(p.FutilityDepth), int32(p.FutilityThreshold1), int32(p.FutilityThreshold2), int32(p.FutilityThreshold3),
		b2i(p.MultiCutUse), int32(p.MultiCutReduction), int32(p.MultiCutDepth), int32(p.MultiCutMoveNum), int32(p.MultiCutCutNum),
		int32(p.CheckExtension), int32(p.OneReplyExtension), int32(p.RecaptureExtension), int32(p.PassedPawnExtension), int32(p.MateThreatExtension),
	}
}

// ParamsFromVector builds Params from a vector in ParamSpecs order. It
// returns an error if the length is wrong or a value is out of its bounds.
func ParamsFromVector(v []int32) (Params, error) {
	if len(v) != NumParams {
		return Params{}, fmt.Errorf("search: params vector has %d values, want %d", len(v), NumParams)
	}
	for i, s := range paramSpecs {
		if int(v[i]) < s.Min || int(v[i]) > s.Max {
			return Params{}, fmt.Errorf("search: param %s = %d outside [%d, %d]", s.Name, v[i], s.Min, s.Max)
		}
	}
	return Params{
		NullMoveUse: v[0] != 0, NullMoveReduction: int(v[1]), NullMoveAdaptivity: v[2] != 0, NullMoveAdaptivityDepth: int(v[3]),
		FutilityDepth: int(v[4]), FutilityThreshold1: int(v[5]), FutilityThreshold2: int(v[6]), FutilityThreshold3: int(v[7]),
		MultiCutUse: v[8] != 0, MultiCutReduction: int(v[9]), MultiCutDepth: int(v[10]), MultiCutMoveNum: int(v[11]), MultiCutCutNum: int(v[12]),
		CheckExtension: int(v[13]), OneReplyExtension: int(v[14]), RecaptureExtension: int(v[15]), PassedPawnExtension: int(v[16]), MateThreatExtension: int(v[17]),
	}, nil
}

// Validate reports whether every parameter of p is within its Table I range.
func (p Params) Validate() error {
	_, err := ParamsFromVector(p.Vector())
	return err
}

// ParamsFromMap builds Params from named values (ParamSpecs names); missing
// names take the value of base. Unknown names and out-of-range values are
// errors. Player files and UCI options use it.
func ParamsFromMap(base Params, m map[string]int) (Params, error) {
	v := base.Vector()
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names) // deterministic error for several bad names
	for _, name := range names {
		i := param.Index(paramSpecs[:], name)
		if i < 0 {
			return Params{}, fmt.Errorf("search: unknown search parameter %q", name)
		}
		v[i] = int32(m[name])
	}
	return ParamsFromVector(v)
}

// Map returns p as named values (ParamSpecs names).
func (p Params) Map() map[string]int {
	v := p.Vector()
	m := make(map[string]int, NumParams)
	for i, s := range paramSpecs {
		m[s.Name] = int(v[i])
	}
	return m
}

// Preset names accepted by PresetParams.
const (
	// PresetDavidTable2 is David et al.'s Table II: the evolved values of
	// the best individual.
	PresetDavidTable2 = "david-table2"
	// PresetDefault is what evochess plays with (the ParamSpecs defaults).
	PresetDefault = "default"
	// PresetPlain switches every selective method off with no extensions:
	// a pure PVS + quiescence search (the tuner's 1-ply exactness relies on it).
	PresetPlain = "plain"
)

// PresetNames lists the presets in a fixed order.
func PresetNames() []string { return []string{PresetDefault, PresetDavidTable2, PresetPlain} }

// PresetParams returns a named parameter preset:
//
//   - "david-table2": Table II of David et al. — null move on, R = 4,
//     adaptive below depth 6; futility to depth 3 with thresholds 112, 227,
//     506; multi-cut on with reduction 4, depth 6, M = 15, C = 3; extensions
//     check 4, one reply 4, recapture 2, passed pawn 3, mate threat 2.
//   - "default": the ParamSpecs defaults, which evochess plays with. They
//     currently equal Table II: of the settings we compared on Win At Chess
//     at 200,000 nodes per position (conventional hand-set values — adaptive
//     null move R = 3, futility to depth 2 with 150/350 cp, multi-cut off or
//     on, smaller extensions — and Table II), Table II solved the most
//     (286/300 against 273-275/300). The tuner may replace them.
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
		return ParamsFromVector(param.Defaults(paramSpecs[:]))
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
