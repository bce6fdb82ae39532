package eval

import (
	"fmt"
	"math/bits"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
)

// Aralikkatte and Srinivasaraghavan, Phoenix: ten positional value tables
// (PVTs) of 64 values, Table I: pawn, knight, bishop and king have middle-
// and end-game tables; rook and queen a middle-game table only. Material is
// fixed. Tables are indexed by square from White's side (a1 = 0 … h8 = 63);
// Black's pieces read the rank-mirrored square.

// pvt describes one of the ten tables.
type pvt struct {
	piece board.PieceType
	name  string // parameter name prefix, e.g. "PawnMG"
	phase int    // phaseMG: weighted by phase; phaseEG: by MaxPhase−phase; phaseAll: always
}

const (
	phaseMG = iota
	phaseEG
	phaseAll
)

// phoenixTables lists the ten tables in chromosome order (Table I's rows).
var phoenixTables = [10]pvt{
	{board.Pawn, "PawnMG", phaseMG}, {board.Pawn, "PawnEG", phaseEG},
	{board.Rook, "RookMG", phaseAll},
	{board.Knight, "KnightMG", phaseMG}, {board.Knight, "KnightEG", phaseEG},
	{board.Bishop, "BishopMG", phaseMG}, {board.Bishop, "BishopEG", phaseEG},
	{board.Queen, "QueenMG", phaseAll},
	{board.King, "KingMG", phaseMG}, {board.King, "KingEG", phaseEG},
}

// MaxPhase is the game phase of a full board: knights and bishops count 1,
// rooks 2, queens 4 (both sides; capped at 24). It is phoenix640's Scale: a
// tapered table's value is weighted by phase/24 (middle game) or
// (24−phase)/24 (end game).
const MaxPhase = 24

// phoenixMaterial is the first of the five fixed material parameters.
const phoenixMaterial = 640

// phoenixFixedMaterial holds the fixed material values (pawn to queen):
// Michniewski's 100, 320, 330, 500, 900.
var phoenixFixedMaterial = MichniewskiMaterial

// pieceNames holds the piece types' names for parameter names and docs.
var pieceNames = [6]string{"Pawn", "Knight", "Bishop", "Rook", "Queen", "King"}

// phoenixByPiece[pt] lists the tables that score piece type pt.
var phoenixByPiece = func() (m [6][2]int32) {
	for pt := range m {
		m[pt] = [2]int32{-1, -1}
	}
	for i, t := range phoenixTables {
		if m[t.piece][0] < 0 {
			m[t.piece][0] = int32(i)
		} else {
			m[t.piece][1] = int32(i)
		}
	}
	return m
}()

// michniewski holds the Simplified Evaluation Function tables (Tomasz
// Michniewski, chessprogramming wiki) as printed: rank 8 first as on a
// diagram from White's side, indexed pawn … queen, king middle game (5),
// king end game (6). They are defined here once; MichniewskiTable gives
// them by square, and engine/search's MaterialPST and the phoenix-default
// preset are built from them.
var michniewski = [7][64]int32{
	{ // pawn
		0, 0, 0, 0, 0, 0, 0, 0,
		50, 50, 50, 50, 50, 50, 50, 50,
		10, 10, 20, 30, 30, 20, 10, 10,
		5, 5, 10, 25, 25, 10, 5, 5,
		0, 0, 0, 20, 20, 0, 0, 0,
		5, -5, -10, 0, 0, -10, -5, 5,
		5, 10, 10, -20, -20, 10, 10, 5,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // knight
		-50, -40, -30, -30, -30, -30, -40, -50,
		-40, -20, 0, 0, 0, 0, -20, -40,
		-30, 0, 10, 15, 15, 10, 0, -30,
		-30, 5, 15, 20, 20, 15, 5, -30,
		-30, 0, 15, 20, 20, 15, 0, -30,
		-30, 5, 10, 15, 15, 10, 5, -30,
		-40, -20, 0, 5, 5, 0, -20, -40,
		-50, -40, -30, -30, -30, -30, -40, -50,
	},
	{ // bishop
		-20, -10, -10, -10, -10, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 10, 10, 5, 0, -10,
		-10, 5, 5, 10, 10, 5, 5, -10,
		-10, 0, 10, 10, 10, 10, 0, -10,
		-10, 10, 10, 10, 10, 10, 10, -10,
		-10, 5, 0, 0, 0, 0, 5, -10,
		-20, -10, -10, -10, -10, -10, -10, -20,
	},
	{ // rook
		0, 0, 0, 0, 0, 0, 0, 0,
		5, 10, 10, 10, 10, 10, 10, 5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		0, 0, 0, 5, 5, 0, 0, 0,
	},
	{ // queen
		-20, -10, -10, -5, -5, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 5, 5, 5, 0, -10,
		-5, 0, 5, 5, 5, 5, 0, -5,
		0, 0, 5, 5, 5, 5, 0, -5,
		-10, 5, 5, 5, 5, 5, 0, -10,
		-10, 0, 5, 0, 0, 0, 0, -10,
		-20, -10, -10, -5, -5, -10, -10, -20,
	},
	{ // king, middle game
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-20, -30, -30, -40, -40, -30, -30, -20,
		-10, -20, -20, -20, -20, -20, -20, -10,
		20, 20, 0, 0, 0, 0, 20, 20,
		20, 30, 10, 0, 0, 10, 30, 20,
	},
	{ // king, end game
		-50, -40, -30, -20, -20, -30, -40, -50,
		-30, -20, -10, 0, 0, -10, -20, -30,
		-30, -10, 20, 30, 30, 20, -10, -30,
		-30, -10, 30, 40, 40, 30, -10, -30,
		-30, -10, 30, 40, 40, 30, -10, -30,
		-30, -10, 20, 30, 30, 20, -10, -30,
		-30, -30, 0, 0, 0, 0, -30, -30,
		-50, -30, -30, -30, -30, -30, -30, -50,
	},
}

// MichniewskiMaterial holds Michniewski's material values, pawn to queen.
var MichniewskiMaterial = [5]int32{100, 320, 330, 500, 900}

// MichniewskiTable returns Michniewski's piece-square table for piece type
// pt (Pawn … King; for the king, its middle-game table, or its end-game
// table when kingEndgame is set) indexed by square from White's side, a1 =
// 0 … h8 = 63. Black reads the rank-mirrored square (sq ^ 56).
func MichniewskiTable(pt board.PieceType, kingEndgame bool) [64]int32 {
	i := int(pt)
	if pt == board.King && kingEndgame {
		i = 6
	}
	var out [64]int32
	if i < 0 || i > 6 {
		return out
	}
	for sq := 0; sq < 64; sq++ {
		out[sq] = michniewski[i][(7-sq/8)*8+sq%8]
	}
	return out
}

// pawnEndgameByRank is our end-game pawn table (Michniewski has none): a
// bonus by rank from the pawn's side, ranks 1–8.
var pawnEndgameByRank = [8]int32{0, 0, 5, 10, 20, 35, 60, 0}

// phoenixDefault is the phoenix-default preset: Michniewski's tables (his
// single knight and bishop tables serve both phases; his king tables are
// the king's middle and end game), our rank bonus as the pawn end-game
// table, and the fixed material.
var phoenixDefault = func() []int32 {
	w := make([]int32, phoenixMaterial+5)
	var pawnEG [64]int32
	for sq := 8; sq < 56; sq++ {
		pawnEG[sq] = pawnEndgameByRank[sq/8]
	}
	tables := [10][64]int32{
		MichniewskiTable(board.Pawn, false), pawnEG,
		MichniewskiTable(board.Rook, false),
		MichniewskiTable(board.Knight, false), MichniewskiTable(board.Knight, false),
		MichniewskiTable(board.Bishop, false), MichniewskiTable(board.Bishop, false),
		MichniewskiTable(board.Queen, false),
		MichniewskiTable(board.King, false), MichniewskiTable(board.King, true),
	}
	for t := range tables {
		copy(w[t*64:], tables[t][:])
	}
	copy(w[phoenixMaterial:], phoenixFixedMaterial[:])
	return w
}()

var phoenixScheme = func() *scheme {
	specs := make([]param.Spec, 0, phoenixMaterial+5)
	unit := make([]int32, 0, phoenixMaterial+5)
	for t, tab := range phoenixTables {
		phase := [...]string{"middle game, weighted by phase/24", "end game, weighted by (24−phase)/24", "whole game"}[tab.phase]
		for sq := board.Square(0); sq < 64; sq++ {
			specs = append(specs, param.Spec{
				Name:    fmt.Sprintf("%s_%s", tab.name, sq),
				Doc:     fmt.Sprintf("PVT %s (%s): value of a %s on %s (Black: mirrored square)", tab.name, phase, pieceNames[tab.piece], sq),
				Group:   tab.name,
				Min:     -128,
				Max:     127,
				Default: int(phoenixDefault[t*64+int(sq)]),
				Bits:    8,
			})
			unit = append(unit, 1)
		}
	}
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		v := int(phoenixFixedMaterial[pt])
		specs = append(specs, param.Spec{
			Name: pieceNames[pt] + "Value", Doc: "material (fixed in Phoenix)", Group: "material",
			Min: v, Max: v, Default: v,
		})
		unit = append(unit, MaxPhase)
	}
	return &scheme{
		name:  "phoenix640",
		title: "Aralikkatte, Srinivasaraghavan: Phoenix, a self-optimizing chess engine (ten 64-value PVTs, Table I)",
		specs: specs,
		unit:  unit,
		scale: MaxPhase,
		kind:  kindPhoenix,
	}
}()

// Phase returns pos's game phase, 0 (bare kings and pawns) to MaxPhase.
func Phase(pos *board.Position) int {
	ph := 0
	for c := board.White; c <= board.Black; c++ {
		p := &pos.Pieces[c]
		ph += (p[board.Knight] | p[board.Bishop]).Count() + 2*p[board.Rook].Count() + 4*p[board.Queen].Count()
	}
	return min(ph, MaxPhase)
}

func phoenixAppend(x *posInfo, c board.Color, dst []Feature) []Feature {
	ph := int32(x.phase)
	weight := [3]int32{ph, MaxPhase - ph, MaxPhase}
	{
		for pt := board.Pawn; pt <= board.King; pt++ {
			tabs := phoenixByPiece[pt]
			for b := x.pos.Pieces[c][pt]; b != 0; {
				s := int32(relSquare(c, b.PopLSB()))
				for _, t := range tabs {
					if t < 0 {
						continue
					}
					if w := weight[phoenixTables[t].phase]; w != 0 {
						dst = append(dst, Feature{t*64 + s, w})
					}
				}
			}
		}
	}
	return appendMaterial(x, c, dst, phoenixMaterial)
}

// phoenixFolded is a phoenix640 weight vector folded by coloured piece and
// square, for Evaluator.White: the features phoenixAppend lists for one
// piece (each of its tables at its square with count phase, MaxPhase−phase
// or MaxPhase, and one unit of its material) weigh
//
//	phase·(mg − eg) + MaxPhase·(eg + all) + material
//
// where mg, eg and all are the weights (in units, Evaluator.wu) of its
// middle-game, end-game and whole-game tables at its square. ps.D holds the
// first factor and ps.C the rest, negated for Black (whose features subtract)
// and indexed by the real square (Black's tables read the mirrored one). The
// folding regroups the same integer sum, so White's value is exactly the
// features' (TestOneSourceOfTruth); it walks the pieces once instead of
// listing 30-odd features and their weights.
type phoenixFolded struct {
	// ps.D and ps.C by board.Piece (NoPiece and above stay zero) and
	// square: a board.PieceSquare table, so that a position searched with
	// it keeps their sums incrementally (the search sets it).
	ps board.PieceSquare
}

func foldPhoenix(wu []int64) *phoenixFolded {
	f := new(phoenixFolded)
	for pc := board.WhitePawn; pc < board.NoPiece; pc++ {
		col, pt := pc.Color(), pc.Type()
		sign := int64(1)
		if col == board.Black {
			sign = -1
		}
		var mat int64
		if pt <= board.Queen {
			mat = wu[phoenixMaterial+int(pt)]
		}
		for sq := board.Square(0); sq < 64; sq++ {
			s := int32(relSquare(col, sq))
			var by [3]int64 // by table phase
			for _, t := range phoenixByPiece[pt] {
				if t >= 0 {
					by[phoenixTables[t].phase] += wu[t*64+s]
				}
			}
			f.ps.D[pc][sq] = sign * (by[phaseMG] - by[phaseEG])
			f.ps.C[pc][sq] = sign * (MaxPhase*(by[phaseEG]+by[phaseAll]) + mat)
		}
	}
	return f
}

// white is Evaluator.White for phoenix640 with folded weights f.
// A position that keeps f's sums (board.Position.SetPieceSquare with f.ps)
// is not walked at all.
func (f *phoenixFolded) white(pos *board.Position, scale int32) int {
	t, d, c := pos.PieceSquare()
	if t != &f.ps {
		d, c = 0, 0
		for bb := uint64(pos.Occupied); bb != 0; bb &= bb - 1 {
			sq := bits.TrailingZeros64(bb) & 63
			pc := pos.Board[sq] & 15
			d += f.ps.D[pc][sq]
			c += f.ps.C[pc][sq]
		}
	}
	return FloorDiv(int64(Phase(pos))*d+c, scale)
}
