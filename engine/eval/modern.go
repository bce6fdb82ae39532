package eval

import (
	"fmt"
	"math/bits"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
)

// The modern scheme: tapered terms in the style of today's Texel-tuned
// engines (material, piece-square tables, mobility by count, pawn structure,
// passed pawns, king safety, piece placement, threats, tempo). Every term t
// has two parameters, 2t (middlegame, "mg.<term>") and 2t+1 (endgame,
// "eg.<term>"). The package documentation defines every term.
//
// Term indices. Each block's length is the difference to the next.
const (
	mdMaterial        = 0                     // 5: pawn, knight, bishop, rook, queen
	mdPSTPawn         = mdMaterial + 5        // 48: a2 … h7
	mdPSTKnight       = mdPSTPawn + 48        // 32: files e–h (a–d read mirrored), ranks 1–8
	mdPSTBishop       = mdPSTKnight + 32      // 32
	mdPSTRook         = mdPSTBishop + 32      // 32
	mdPSTQueen        = mdPSTRook + 32        // 32
	mdPSTKing         = mdPSTQueen + 32       // 64: a1 … h8
	mdMobKnight       = mdPSTKing + 64        // 9: 0 … 8 squares
	mdMobBishop       = mdMobKnight + 9       // 14: 0 … 13
	mdMobRook         = mdMobBishop + 14      // 15: 0 … 14
	mdMobQueen        = mdMobRook + 15        // 28: 0 … 27
	mdDoubled         = mdMobQueen + 28       // 1
	mdIsolated        = mdDoubled + 1         // 1
	mdBackward        = mdIsolated + 1        // 1
	mdPhalanx         = mdBackward + 1        // 6: ranks 2 … 7
	mdSupported       = mdPhalanx + 6         // 5: ranks 3 … 7
	mdPassed          = mdSupported + 5       // 6: ranks 2 … 7
	mdPassedFree      = mdPassed + 6          // 6: ranks 2 … 7
	mdPassedSafe      = mdPassedFree + 6      // 6: ranks 2 … 7
	mdPassedKingOwn   = mdPassedSafe + 6      // 1
	mdPassedKingEnemy = mdPassedKingOwn + 1   // 1
	mdAttack          = mdPassedKingEnemy + 1 // 4: knight, bishop, rook, queen
	mdAttackSquares   = mdAttack + 4          // 1
	mdAttackCount     = mdAttackSquares + 1   // 4: 2, 3, 4, 5+ attackers
	mdCheck           = mdAttackCount + 4     // 4: safe checks by knight, bishop, rook, queen
	mdShield          = mdCheck + 4           // 4: distance 1, 2, 3+, none
	mdStorm           = mdShield + 4          // 4: distance 1, 2, 3, 4+
	mdStormBlocked    = mdStorm + 4           // 1
	mdKingOpen        = mdStormBlocked + 1    // 1
	mdKingSemiOpen    = mdKingOpen + 1        // 1
	mdBishopPair      = mdKingSemiOpen + 1    // 1
	mdBishopPawns     = mdBishopPair + 1      // 1
	mdKnightOutpost   = mdBishopPawns + 1     // 1
	mdBishopOutpost   = mdKnightOutpost + 1   // 1
	mdRookOpen        = mdBishopOutpost + 1   // 1
	mdRookSemiOpen    = mdRookOpen + 1        // 1
	mdRook7th         = mdRookSemiOpen + 1    // 1
	mdQueenOpen       = mdRook7th + 1         // 1
	mdQueenSemiOpen   = mdQueenOpen + 1       // 1
	mdThreat          = mdQueenSemiOpen + 1   // 6: pawn→minor, pawn→rook, pawn→queen, minor→rook, minor→queen, rook→queen
	mdHanging         = mdThreat + 6          // 1
	mdHangingPawn     = mdHanging + 1         // 1
	mdTempo           = mdHangingPawn + 1     // 1
	mdTerms           = mdTempo + 1
	mdParams          = 2 * mdTerms
)

// mdPST and mdMob hold each piece type's first piece-square and mobility
// term (mobility: knight … queen only).
var (
	mdPST = [6]int32{mdPSTPawn, mdPSTKnight, mdPSTBishop, mdPSTRook, mdPSTQueen, mdPSTKing}
	mdMob = [6]int32{0, mdMobKnight, mdMobBishop, mdMobRook, mdMobQueen, 0}
)

// modernMaterial is the modern-material preset's material: pawn, knight,
// bishop, rook, queen, the same in the middlegame and the endgame.
var modernMaterial = [5]int32{100, 300, 300, 500, 900}

// modernTerm describes one tapered term.
type modernTerm struct {
	name, group, doc string
	min, max         int
}

// pieceLower holds the lower-case piece names used in parameter names.
var pieceLower = [6]string{"pawn", "knight", "bishop", "rook", "queen", "king"}

// modernTermList builds the term registry in term-index order.
func modernTermList() []modernTerm {
	out := make([]modernTerm, 0, mdTerms)
	add := func(name, group, doc string) {
		out = append(out, modernTerm{name: name, group: group, doc: doc, min: -1000, max: 1000})
	}
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		out = append(out, modernTerm{name: pieceLower[pt], group: "material", min: 0, max: 2000,
			doc: "material: per " + pieceLower[pt]})
	}
	for sq := board.A2; sq <= board.H7; sq++ {
		add("pst.pawn."+sq.String(), "pst.pawn", "piece-square table: pawn on "+sq.String()+" (Black: rank-mirrored square)")
	}
	for pt := board.Knight; pt <= board.Queen; pt++ {
		for r := 0; r < 8; r++ {
			for f := 4; f < 8; f++ {
				sq, mirror := board.MakeSquare(f, r), board.MakeSquare(7-f, r)
				add(fmt.Sprintf("pst.%s.%s", pieceLower[pt], sq), "pst."+pieceLower[pt],
					fmt.Sprintf("piece-square table: %s on %s or %s (files mirrored; Black: rank-mirrored square)", pieceLower[pt], sq, mirror))
			}
		}
	}
	for sq := board.A1; sq <= board.H8; sq++ {
		add("pst.king."+sq.String(), "pst.king", "piece-square table: king on "+sq.String()+" (Black: rank-mirrored square)")
	}
	for _, m := range []struct {
		pt  board.PieceType
		max int
	}{{board.Knight, 8}, {board.Bishop, 13}, {board.Rook, 14}, {board.Queen, 27}} {
		for n := 0; n <= m.max; n++ {
			add(fmt.Sprintf("mob.%s.%d", pieceLower[m.pt], n), "mobility",
				fmt.Sprintf("mobility: a %s attacking exactly %d squares not held by its own side and not attacked by enemy pawns", pieceLower[m.pt], n))
		}
	}
	add("pawn.doubled", "pawns", "doubled pawn: an own pawn stands in front of it on its file")
	add("pawn.isolated", "pawns", "isolated pawn: no own pawn on an adjacent file")
	add("pawn.backward", "pawns", "backward pawn: not isolated, no own pawn on an adjacent file level with or behind it, its stop square attacked by an enemy pawn")
	for r := 2; r <= 7; r++ {
		add(fmt.Sprintf("pawn.phalanx.r%d", r), "pawns", fmt.Sprintf("phalanx pawn on rank %d (own side): an own pawn stands beside it on an adjacent file", r))
	}
	for r := 3; r <= 7; r++ {
		add(fmt.Sprintf("pawn.supported.r%d", r), "pawns", fmt.Sprintf("supported pawn on rank %d (own side): defended by an own pawn", r))
	}
	for r := 2; r <= 7; r++ {
		add(fmt.Sprintf("passed.r%d", r), "passed", fmt.Sprintf("passed pawn on rank %d (own side): no enemy pawn in front of it on its own or an adjacent file", r))
	}
	for r := 2; r <= 7; r++ {
		add(fmt.Sprintf("passed.free.r%d", r), "passed", fmt.Sprintf("passed pawn on rank %d whose path (every square in front of it on its file) holds no piece", r))
	}
	for r := 2; r <= 7; r++ {
		add(fmt.Sprintf("passed.safe.r%d", r), "passed", fmt.Sprintf("passed pawn on rank %d whose path holds no piece and no square of it is attacked by an enemy piece, pawn or king", r))
	}
	add("passed.king.own", "passed", "per passed pawn: king distance from the own king to the pawn's stop square")
	add("passed.king.enemy", "passed", "per passed pawn: king distance from the enemy king to the pawn's stop square")
	for pt := board.Knight; pt <= board.Queen; pt++ {
		add("attack."+pieceLower[pt], "king", "king attack: own "+pieceLower[pt]+"s attacking at least one square of the enemy king zone")
	}
	add("attack.squares", "king", "king attack: squares of the enemy king zone attacked by own pawns, knights, bishops, rooks or queens")
	for n := 2; n <= 5; n++ {
		s := ""
		if n == 5 {
			s = " or more"
		}
		add(fmt.Sprintf("attack.count.%d", n), "king", fmt.Sprintf("king attack: exactly %d%s own knights, bishops, rooks and queens attack the enemy king zone", n, s))
	}
	for pt := board.Knight; pt <= board.Queen; pt++ {
		add("check."+pieceLower[pt], "king", "safe checks: squares attacked by own "+pieceLower[pt]+"s, empty or enemy-held and not attacked by the enemy, from which a "+pieceLower[pt]+" would attack the enemy king")
	}
	for _, d := range []string{"1", "2", "3"} {
		more := ""
		if d == "3" {
			more = " or more"
		}
		add("king.shield."+d, "king", "king shelter: per file next to the own king (3 files, centre clamped to b–g), the own pawn in front of the king nearest to it stands "+d+more+" ranks ahead")
	}
	add("king.shield.none", "king", "king shelter: per file next to the own king with no own pawn in front of the king")
	for _, d := range []string{"1", "2", "3", "4"} {
		more := ""
		if d == "4" {
			more = " or more"
		}
		add("king.storm."+d, "king", "pawn storm: per file next to the own king, the enemy pawn in front of the king nearest to it stands "+d+more+" ranks ahead and is not blocked by an own pawn")
	}
	add("king.storm.blocked", "king", "pawn storm: per file next to the own king, the nearest enemy pawn in front of the king is blocked by an own pawn")
	add("king.file.open", "king", "per file next to the own king without pawns")
	add("king.file.semiopen", "king", "per file next to the own king with enemy pawns but no own pawn")
	add("bishop.pair", "pieces", "bishops on both square colours")
	add("bishop.pawns", "pieces", "per bishop: own pawns on squares of the bishop's colour")
	add("knight.outpost", "pieces", "knight on ranks 4–6 (own side) defended by an own pawn where no enemy pawn can attack it now or after advancing")
	add("bishop.outpost", "pieces", "bishop on an outpost (as knight.outpost)")
	add("rook.open", "pieces", "rook on a file without pawns")
	add("rook.semiopen", "pieces", "rook on a file with enemy pawns but no own pawn")
	add("rook.7th", "pieces", "rook on the 7th rank (own side)")
	add("queen.open", "pieces", "queen on a file without pawns")
	add("queen.semiopen", "pieces", "queen on a file with enemy pawns but no own pawn")
	add("threat.pawn.minor", "threats", "enemy knights and bishops attacked by own pawns")
	add("threat.pawn.rook", "threats", "enemy rooks attacked by own pawns")
	add("threat.pawn.queen", "threats", "enemy queens attacked by own pawns")
	add("threat.minor.rook", "threats", "enemy rooks attacked by own knights or bishops")
	add("threat.minor.queen", "threats", "enemy queens attacked by own knights or bishops")
	add("threat.rook.queen", "threats", "enemy queens attacked by own rooks")
	add("threat.hanging", "threats", "enemy knights, bishops, rooks and queens attacked by the own side and not defended")
	add("threat.hanging.pawn", "threats", "enemy pawns attacked by the own side and not defended")
	add("tempo", "tempo", "side to move")
	if len(out) != mdTerms {
		panic(fmt.Sprintf("eval: modern has %d terms, want %d", len(out), mdTerms))
	}
	return out
}

// modernTerms is the modern scheme's term registry (read-only).
var modernTerms = modernTermList()

// modernScheme is the modern scheme: the common scheme plus the Phased
// interface (untapered counts and the phase).
type modernScheme struct{ *scheme }

var modern = func() *modernScheme {
	specs := make([]param.Spec, 0, mdParams)
	for t, term := range modernTerms {
		def := 0
		if t < mdMaterial+5 {
			def = int(modernMaterial[t])
		}
		for ph, p := range [2]string{"mg", "eg"} {
			when := [2]string{"middlegame, × phase/24", "endgame, × (24−phase)/24"}[ph]
			specs = append(specs, param.Spec{
				Name: p + "." + term.name, Doc: term.doc + " (" + when + ")", Group: term.group,
				Min: term.min, Max: term.max, Default: def, Bits: 11,
			})
		}
	}
	unit := make([]int32, mdParams)
	for i := range unit {
		unit[i] = 1
	}
	return &modernScheme{&scheme{
		name:  "modern",
		title: "Beyond the papers: tapered material, PSTs, mobility, pawns, king safety, threats, tempo (for Texel tuning)",
		specs: specs,
		unit:  unit,
		scale: MaxPhase,
		kind:  kindModern,
	}}
}()

// Terms implements Phased.
func (s *modernScheme) Terms() int { return mdTerms }

// TermParams implements Phased: term t's parameters are 2t (mg) and 2t+1 (eg).
func (s *modernScheme) TermParams(t int) (mg, eg int32) { return int32(2 * t), int32(2*t + 1) }

// terms is a set of term indices.
type terms [(mdTerms + 63) / 64]uint64

// counts fills cnt with the position's per-side natural counts by term and
// returns its phase and the terms written to (a superset of those with a
// non-zero count).
func (s *modernScheme) counts(pos *board.Position, cnt *[2][mdTerms]int32) (int32, terms) {
	var x posInfo
	x.init(pos)
	a := modernAcc{cnt: cnt}
	modernEval(&x, &a)
	return int32(x.phase), a.touched
}

// PhasedFeatures implements Phased: one feature per term with a non-zero
// count (white minus black), in term order, and the phase.
func (s *modernScheme) PhasedFeatures(pos *board.Position, dst []Feature) ([]Feature, int32) {
	var cnt [2][mdTerms]int32
	ph, touched := s.counts(pos, &cnt)
	for i, word := range touched {
		for ; word != 0; word &= word - 1 {
			t := int32(i*64 + bits.TrailingZeros64(word))
			if n := cnt[0][t] - cnt[1][t]; n != 0 {
				dst = append(dst, Feature{t, n})
			}
		}
	}
	return dst, ph
}

// Features implements Scheme: the tapered counts, one per parameter, in
// parameter order (mg count·phase, eg count·(24−phase), zeros dropped).
func (s *modernScheme) Features(pos *board.Position, dst []Feature) []Feature {
	var cnt [2][mdTerms]int32
	ph, touched := s.counts(pos, &cnt)
	for i, word := range touched {
		for ; word != 0; word &= word - 1 {
			t := int32(i*64 + bits.TrailingZeros64(word))
			n := cnt[0][t] - cnt[1][t]
			if n == 0 {
				continue
			}
			if ph != 0 {
				dst = append(dst, Feature{2 * t, n * ph})
			}
			if ph != MaxPhase {
				dst = append(dst, Feature{2*t + 1, n * (MaxPhase - ph)})
			}
		}
	}
	return dst
}

// modernAppend appends side c's natural count of each term on the term's
// middlegame parameter (for tests; Features, Evaluate and Trace do not use
// it).
func modernAppend(x *posInfo, c board.Color, dst []Feature) []Feature {
	var cnt [2][mdTerms]int32
	a := modernAcc{cnt: &cnt}
	modernEval(x, &a)
	for t := range int32(mdTerms) {
		if n := cnt[c][t]; n != 0 {
			dst = append(dst, Feature{2 * t, n})
		}
	}
	return dst
}

// modernAcc is the sink the terms are written to. With w set it
// accumulates each side's packed middlegame and endgame sums (Evaluate);
// otherwise it counts each side's terms in cnt and marks them in touched
// (Features, PhasedFeatures, traces).
type modernAcc struct {
	w       *[mdTerms]int64
	sum     [2]int64
	cnt     *[2][mdTerms]int32
	touched terms
}

func (a *modernAcc) add(c board.Color, t int32, n int32) {
	if a.w != nil {
		a.sum[c&1] += a.w[t] * int64(n)
		return
	}
	a.cnt[c&1][t] += n
	a.touched[t>>6] |= 1 << (t & 63)
}

// packPair packs a middlegame and an endgame weight into one integer,
// mg·2³² + eg, so that one multiply-add per term accumulates both sums:
// Σ packPair(mg, eg)·n = (Σ mg·n)·2³² + Σ eg·n. unpackPair recovers the two
// sums exactly while |Σ eg·n| < 2³¹ and |Σ mg·n| < 2³¹. Weights are within
// ±2000 and a side's counts sum to well under 10⁴ in any position (at most
// 16 pieces, 8 pawns and a few hundred bits of count per piece), so the sums
// stay below 2·10⁷.
func packPair(mg, eg int32) int64 { return int64(mg)<<32 + int64(eg) }

// unpackPair splits a sum of packed pairs into its two sums.
func unpackPair(p int64) (mg, eg int64) {
	eg = int64(int32(p))
	return (p - eg) >> 32, eg
}

// modernWhite is Evaluator.White for the modern scheme.
func (e *Evaluator) modernWhite(pos *board.Position) int {
	e.x.init(pos)
	a := modernAcc{w: e.mw}
	modernEval(&e.x, &a)
	mg, eg := unpackPair(a.sum[0] - a.sum[1])
	ph := int64(e.x.phase)
	return FloorDiv(mg*ph+eg*(MaxPhase-ph), MaxPhase)
}

// Board regions used by the modern terms.
const (
	lightSquares board.Bitboard = 0x55AA55AA55AA55AA
	darkSquares                 = ^lightSquares
)

// relRankBB returns rank r (0–7) seen from c.
func relRankBB(c board.Color, r int) board.Bitboard {
	if c == board.White {
		return board.RankBB[r]
	}
	return board.RankBB[7-r]
}

// msb returns the highest square of a non-empty b.
func msb(b board.Bitboard) board.Square { return board.Square(63 - bits.LeadingZeros64(uint64(b))) }

// nearest returns the square of b (non-empty) nearest to c's first rank.
func nearest(c board.Color, b board.Bitboard) board.Square {
	if c == board.White {
		return b.LSB()
	}
	return msb(b)
}

// step returns the square in front of sq seen from c (sq not on c's last rank).
func step(c board.Color, sq board.Square) board.Square {
	if c == board.White {
		return sq + 8
	}
	return sq - 8
}

// mirrorPST returns the index of a file-mirrored 32-square table for a
// square seen from its owner: files a–d read as h–e.
func mirrorPST(rs board.Square) int32 {
	f := rs.File()
	if f < 4 {
		f = 7 - f
	}
	return int32(rs.Rank()*4 + f - 4)
}

// modernEval writes every term of the modern scheme, for both sides, to a.
// It is the only implementation of the terms.
func modernEval(x *posInfo, a *modernAcc) {
	pos := x.pos
	occ := x.occ
	var att [2][6]board.Bitboard // squares attacked by c's pieces of each type
	var all [2]board.Bitboard    // squares attacked by c (king included)
	var attackers [2]int32       // c's knights … queens attacking the enemy king zone
	for c := board.White; c <= board.Black; c++ {
		e := c.Other()
		pc := &pos.Pieces[c]
		for pt := board.Pawn; pt <= board.Queen; pt++ {
			a.add(c, mdMaterial+int32(pt), popcount(pc[pt]))
		}
		for b := pc[board.Pawn]; b != 0; {
			if rs := relSquare(c, b.PopLSB()); rs >= board.A2 && rs <= board.H7 {
				a.add(c, mdPSTPawn+int32(rs-board.A2), 1)
			}
		}
		mobArea := ^pos.ByColor[c] &^ x.pawnAtt[e]
		ezone := x.kingZone[e]
		for pt := board.Knight; pt <= board.Queen; pt++ {
			pst, mob := mdPST[pt], mdMob[pt]
			var union board.Bitboard
			for b := pc[pt]; b != 0; {
				sq := b.PopLSB()
				var as board.Bitboard
				switch pt {
				case board.Knight:
					as = board.KnightAttacks(sq)
				case board.Bishop:
					as = board.BishopAttacks(sq, occ)
				case board.Rook:
					as = board.RookAttacks(sq, occ)
				default:
					as = board.QueenAttacks(sq, occ)
				}
				union |= as
				a.add(c, pst+mirrorPST(relSquare(c, sq)), 1)
				a.add(c, mob+popcount(as&mobArea), 1)
				if as&ezone != 0 {
					a.add(c, mdAttack+int32(pt-board.Knight), 1)
					attackers[c]++
				}
			}
			att[c][pt] = union
		}
		att[c][board.Pawn] = x.pawnAtt[c]
		if k := x.king[c]; k != board.NoSquare {
			a.add(c, mdPSTKing+int32(relSquare(c, k)), 1)
			att[c][board.King] = board.KingAttacks(k)
		}
		all[c] = att[c][0] | att[c][1] | att[c][2] | att[c][3] | att[c][4] | att[c][5]
	}
	for c := board.White; c <= board.Black; c++ {
		e := c.Other()
		pc, pe := &pos.Pieces[c], &pos.Pieces[e]
		pawns := x.pawns[c]

		// Pawn structure.
		a.add(c, mdDoubled, popcount(x.doubled(c)))
		a.add(c, mdIsolated, popcount(x.isolated(c)))
		a.add(c, mdBackward, popcount(x.backward(c)))
		for b := pawns & sideways(pawns); b != 0; {
			if r := relRank(c, b.PopLSB()); r >= 1 && r <= 6 {
				a.add(c, mdPhalanx+int32(r-1), 1)
			}
		}
		for b := pawns & x.pawnAtt[c]; b != 0; {
			if r := relRank(c, b.PopLSB()); r >= 2 && r <= 6 {
				a.add(c, mdSupported+int32(r-2), 1)
			}
		}
		for b := x.passed[c]; b != 0; {
			sq := b.PopLSB()
			r := relRank(c, sq)
			if r < 1 || r > 6 {
				continue
			}
			i := int32(r - 1)
			a.add(c, mdPassed+i, 1)
			if path := frontFill(c, board.SquareBB(sq)); path&occ == 0 {
				a.add(c, mdPassedFree+i, 1)
				if path&all[e] == 0 {
					a.add(c, mdPassedSafe+i, 1)
				}
			}
			stop := step(c, sq)
			if k := x.king[c]; k != board.NoSquare {
				a.add(c, mdPassedKingOwn, int32(distance(k, stop)))
			}
			if k := x.king[e]; k != board.NoSquare {
				a.add(c, mdPassedKingEnemy, int32(distance(k, stop)))
			}
		}

		// King attack on the enemy king zone.
		ezone := x.kingZone[e]
		a.add(c, mdAttackSquares, popcount(ezone&(all[c]&^att[c][board.King])))
		if n := attackers[c]; n >= 2 {
			a.add(c, mdAttackCount+min(n, 5)-2, 1)
		}
		if k := x.king[e]; k != board.NoSquare {
			safe := ^all[e] &^ pos.ByColor[c]
			diag, line := board.BishopAttacks(k, occ)&safe, board.RookAttacks(k, occ)&safe
			a.add(c, mdCheck+0, popcount(att[c][board.Knight]&board.KnightAttacks(k)&safe))
			a.add(c, mdCheck+1, popcount(att[c][board.Bishop]&diag))
			a.add(c, mdCheck+2, popcount(att[c][board.Rook]&line))
			a.add(c, mdCheck+3, popcount(att[c][board.Queen]&(diag|line)))
		}

		// Own king shelter, pawn storm and open files.
		if k := x.king[c]; k != board.NoSquare {
			kr := relRank(c, k)
			front := frontFill(c, board.RankBB[k.Rank()])
			kf := min(max(k.File(), 1), 6)
			for f := kf - 1; f <= kf+1; f++ {
				file := board.FileBB[f]
				if own := pawns & file & front; own == 0 {
					a.add(c, mdShield+3, 1)
				} else {
					d := relRank(c, nearest(c, own)) - kr
					a.add(c, mdShield+int32(min(d, 3)-1), 1)
				}
				if their := x.pawns[e] & file & front; their != 0 {
					p := nearest(c, their)
					if pawns.Has(step(e, p)) {
						a.add(c, mdStormBlocked, 1)
					} else {
						d := relRank(c, p) - kr
						a.add(c, mdStorm+int32(min(d, 4)-1), 1)
					}
				}
				if pawns&file == 0 {
					if x.pawns[e]&file == 0 {
						a.add(c, mdKingOpen, 1)
					} else {
						a.add(c, mdKingSemiOpen, 1)
					}
				}
			}
		}

		// Pieces.
		bishops := pc[board.Bishop]
		if bishops&lightSquares != 0 && bishops&darkSquares != 0 {
			a.add(c, mdBishopPair, 1)
		}
		a.add(c, mdBishopPawns, popcount(bishops&lightSquares)*popcount(pawns&lightSquares)+
			popcount(bishops&darkSquares)*popcount(pawns&darkSquares))
		outpost := (relRankBB(c, 3) | relRankBB(c, 4) | relRankBB(c, 5)) & x.pawnAtt[c] &^ x.attSpan[e]
		a.add(c, mdKnightOutpost, popcount(pc[board.Knight]&outpost))
		a.add(c, mdBishopOutpost, popcount(bishops&outpost))
		a.add(c, mdRook7th, popcount(pc[board.Rook]&relRankBB(c, 6)))
		for pt := board.Rook; pt <= board.Queen; pt++ {
			for b := pc[pt]; b != 0; {
				file := board.FileBB[b.PopLSB().File()]
				if pawns&file != 0 {
					continue
				}
				t := int32(mdRookOpen)
				if x.pawns[e]&file != 0 {
					t = mdRookSemiOpen
				}
				if pt == board.Queen {
					t += mdQueenOpen - mdRookOpen
				}
				a.add(c, t, 1)
			}
		}

		// Threats.
		minors := pe[board.Knight] | pe[board.Bishop]
		a.add(c, mdThreat+0, popcount(x.pawnAtt[c]&minors))
		a.add(c, mdThreat+1, popcount(x.pawnAtt[c]&pe[board.Rook]))
		a.add(c, mdThreat+2, popcount(x.pawnAtt[c]&pe[board.Queen]))
		minorAtt := att[c][board.Knight] | att[c][board.Bishop]
		a.add(c, mdThreat+3, popcount(minorAtt&pe[board.Rook]))
		a.add(c, mdThreat+4, popcount(minorAtt&pe[board.Queen]))
		a.add(c, mdThreat+5, popcount(att[c][board.Rook]&pe[board.Queen]))
		undefended := all[c] &^ all[e]
		a.add(c, mdHanging, popcount((minors|pe[board.Rook]|pe[board.Queen])&undefended))
		a.add(c, mdHangingPawn, popcount(pe[board.Pawn]&undefended))
	}
	a.add(pos.Side, mdTempo, 1)
}

// TaperedTerm is one term of a tapered evaluation, for display
// (`evochess eval -trace`).
type TaperedTerm struct {
	Term   int    // term index (parameters 2·Term and 2·Term+1)
	Name   string // term name without the "mg."/"eg." prefix, e.g. "passed.r6"
	Group  string // parameter group
	MG, EG int32  // middlegame and endgame weights
	White  int32  // White's natural count
	Black  int32  // Black's natural count
	// RawMG = MG·(White−Black)·phase and RawEG = EG·(White−Black)·(Scale−phase),
	// in 1/Scale centipawns.
	RawMG, RawEG int64
}

// Centipawns returns the term's contribution in centipawns (display only).
func (t TaperedTerm) Centipawns() float64 { return float64(t.RawMG+t.RawEG) / MaxPhase }

// TaperedTrace is a tapered scheme's evaluation of one position by term.
type TaperedTrace struct {
	Phase int32 // 0 (pawn ending) … Scale (full middlegame)
	Scale int32
	Terms []TaperedTerm // terms with a non-zero count for either side, in term order
}

// White returns the score in centipawns from White's point of view:
// FloorDiv(Σ RawMG + RawEG, Scale), which equals Evaluator.White.
func (t TaperedTrace) White() int {
	var sum int64
	for _, x := range t.Terms {
		sum += x.RawMG + x.RawEG
	}
	return FloorDiv(sum, t.Scale)
}

// TaperedTrace returns pos's evaluation by term for a tapered scheme
// (modern); ok is false for the other schemes (use Trace).
func (e *Evaluator) TaperedTrace(pos *board.Position) (tr TaperedTrace, ok bool) {
	if e.mw == nil {
		return TaperedTrace{}, false
	}
	var cnt [2][mdTerms]int32
	ph, _ := modern.counts(pos, &cnt)
	tr = TaperedTrace{Phase: ph, Scale: MaxPhase}
	for t, term := range modernTerms {
		w, b := cnt[0][t], cnt[1][t]
		if w == 0 && b == 0 {
			continue
		}
		mg, eg := e.w[2*t], e.w[2*t+1]
		tr.Terms = append(tr.Terms, TaperedTerm{
			Term: t, Name: term.name, Group: term.group, MG: mg, EG: eg, White: w, Black: b,
			RawMG: int64(mg) * int64(w-b) * int64(ph), RawEG: int64(eg) * int64(w-b) * int64(MaxPhase-ph),
		})
	}
	return tr, true
}

// modernTrace is Evaluator.Trace for the modern scheme: one entry per
// parameter with a non-zero tapered count.
func (e *Evaluator) modernTrace(pos *board.Position) []TermValue {
	tr, _ := e.TaperedTrace(pos)
	var out []TermValue
	for _, t := range tr.Terms {
		i := 2 * t.Term
		if tr.Phase != 0 {
			out = append(out, TermValue{Name: e.s.specs[i].Name, Group: t.Group, Weight: t.MG, White: t.White, Black: t.Black, Raw: t.RawMG, Scale: MaxPhase})
		}
		if tr.Phase != MaxPhase {
			out = append(out, TermValue{Name: e.s.specs[i+1].Name, Group: t.Group, Weight: t.EG, White: t.White, Black: t.Black, Raw: t.RawEG, Scale: MaxPhase})
		}
	}
	return out
}
