package eval

import (
	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
)

// materialScheme counts material only: the baseline every paper starts from.
var materialScheme = &scheme{
	name:  "material",
	title: "Material only (pawn 100; Michniewski's 320/330/500/900 defaults)",
	specs: []param.Spec{
		{Name: "PawnValue", Doc: "value of a pawn (the reference unit, fixed)", Group: "material", Min: 100, Max: 100, Default: 100},
		{Name: "KnightValue", Doc: "value of a knight", Group: "material", Min: 100, Max: 1000, Default: 320, Bits: 10},
		{Name: "BishopValue", Doc: "value of a bishop", Group: "material", Min: 100, Max: 1000, Default: 330, Bits: 10},
		{Name: "RookValue", Doc: "value of a rook", Group: "material", Min: 200, Max: 1200, Default: 500, Bits: 10},
		{Name: "QueenValue", Doc: "value of a queen", Group: "material", Min: 400, Max: 2000, Default: 900, Bits: 11},
	},
	unit:  []int32{1, 1, 1, 1, 1},
	scale: 1,
	kind:  kindMaterial,
}

func materialAppend(x *posInfo, c board.Color, dst []Feature) []Feature {
	return appendMaterial(x, c, dst, 0)
}

// appendMaterial appends c's piece counts, pawn to queen, as the five
// parameters starting at index first.
func appendMaterial(x *posInfo, c board.Color, dst []Feature, first int32) []Feature {
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		if n := popcount(x.pos.Pieces[c][pt]); n != 0 {
			dst = append(dst, Feature{first + int32(pt), n})
		}
	}
	return dst
}
