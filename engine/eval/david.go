package eval

import (
	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
)

// David, van den Herik, Koppel, Netanyahu (IEEE TEC 2014), Fig. 3. The paper
// only names the 35 parameters; the package documentation defines each term.
const (
	dvPawn = iota
	dvKnight
	dvBishop
	dvRook
	dvQueen
	dvPawnAdvanceA
	dvPawnAdvanceB
	dvPassedPawnMult
	dvDoubledPawn
	dvIsolatedPawn
	dvBackwardPawn
	dvWeakSquare
	dvPassedPawnEnemyKingDist
	dvKnightSqMult
	dvKnightOutpostMult
	dvBishopMobility
	dvBishopPair
	dvRookAttackKingFile
	dvRookAttackKingAdjFile
	dvRookAttackKingAdjFileABGH
	dvRook7thRank
	dvRookConnected
	dvRookMobility
	dvRookBehindPassedPawn
	dvRookOpenFile
	dvRookSemiOpenFile
	dvRookAtckWeakPawnOpenColumn
	dvRookColumnMult
	dvQueenMobility
	dvKingNoFriendlyPawn
	dvKingNoFriendlyPawnAdj
	dvKingFriendlyPawnAdvanced1
	dvKingNoEnemyPawn
	dvKingNoEnemyPawnAdj
	dvKingPressureMult
	dvCount
)

// dvFig3 is Fig. 3: the average evolved parameters of the best individual
// after ten runs (rounded).
var dvFig3 = [dvCount]int32{
	100, 521, 572, 824, 1710,
	3, 6, 10, 14, 8, 3, 5, 7, 6, 9, 4, 28, 51, 8, 26, 30, 6, 4, 40, 27, 11, 15, 6, 2,
	35, 10, 6, 17, 9, 4,
}

var davidScheme = func() *scheme {
	d := dvFig3
	mat := func(i int, name, doc string) param.Spec {
		return param.Spec{Name: name, Doc: doc, Group: "material", Min: 0, Max: 2047, Default: int(d[i]), Bits: 11}
	}
	six := func(i int, name, group, doc string) param.Spec {
		return param.Spec{Name: name, Doc: doc, Group: group, Min: 0, Max: 63, Default: int(d[i]), Bits: 6}
	}
	specs := []param.Spec{
		{Name: "PawnValue", Doc: "PAWN_VALUE: fixed at 100, the reference for all other values", Group: "material", Min: 100, Max: 100, Default: 100},
		mat(dvKnight, "KnightValue", "KNIGHT_VALUE: value of a knight"),
		mat(dvBishop, "BishopValue", "BISHOP_VALUE: value of a bishop"),
		mat(dvRook, "RookValue", "ROOK_VALUE: value of a rook"),
		mat(dvQueen, "QueenValue", "QUEEN_VALUE: value of a queen"),
		six(dvPawnAdvanceA, "PawnAdvanceA", "pawns", "PAWN_ADVANCE_A: per rank a wing pawn (files a, b, g, h) has advanced"),
		six(dvPawnAdvanceB, "PawnAdvanceB", "pawns", "PAWN_ADVANCE_B: per rank a centre pawn (files c–f) has advanced"),
		six(dvPassedPawnMult, "PassedPawnMult", "pawns", "PASSED_PAWN_MULT: times the square of a passed pawn's rank (1–6)"),
		six(dvDoubledPawn, "DoubledPawnPenalty", "pawns", "DOUBLED_PAWN_PENALTY: per doubled pawn"),
		six(dvIsolatedPawn, "IsolatedPawnPenalty", "pawns", "ISOLATED_PAWN_PENALTY: per isolated pawn"),
		six(dvBackwardPawn, "BackwardPawnPenalty", "pawns", "BACKWARD_PAWN_PENALTY: per backward pawn"),
		six(dvWeakSquare, "WeakSquarePenalty", "pawns", "WEAK_SQUARE_PENALTY: per square of the own 3rd/4th rank no own pawn can ever defend"),
		six(dvPassedPawnEnemyKingDist, "PassedPawnEnemyKingDist", "pawns", "PASSED_PAWN_ENEMY_KING_DIST: per square of distance from the enemy king to a passed pawn's promotion square"),
		six(dvKnightSqMult, "KnightSqMult", "knight", "KNIGHT_SQ_MULT: times the knight's centrality (ring 0 at the edge … 3 in the centre)"),
		six(dvKnightOutpostMult, "KnightOutpostMult", "knight", "KNIGHT_OUTPOST_MULT: knight on the 4th–6th rank that no enemy pawn can attack (2 if also pawn-defended)"),
		six(dvBishopMobility, "BishopMobility", "bishop", "BISHOP_MOBILITY: per square a bishop attacks that holds no own piece"),
		six(dvBishopPair, "BishopPair", "bishop", "BISHOP_PAIR: two or more bishops"),
		six(dvRookAttackKingFile, "RookAttackKingFile", "rook", "ROOK_ATTACK_KING_FILE: rook on the enemy king's file"),
		six(dvRookAttackKingAdjFile, "RookAttackKingAdjFile", "rook", "ROOK_ATTACK_KING_ADJ_FILE: rook on a c–f file next to the enemy king's file"),
		six(dvRookAttackKingAdjFileABGH, "RookAttackKingAdjFileABGH", "rook", "ROOK_ATTACK_KING_ADJ_FILE_ABGH: rook on an a, b, g or h file next to the enemy king's file"),
		six(dvRook7thRank, "Rook7thRank", "rook", "ROOK_7TH_RANK: rook on the 7th rank"),
		six(dvRookConnected, "RookConnected", "rook", "ROOK_CONNECTED: per pair of rooks that defend each other"),
		six(dvRookMobility, "RookMobility", "rook", "ROOK_MOBILITY: per square a rook attacks that holds no own piece"),
		six(dvRookBehindPassedPawn, "RookBehindPassedPawn", "rook", "ROOK_BEHIND_PASSED_PAWN: rook behind an own passed pawn on its file"),
		six(dvRookOpenFile, "RookOpenFile", "rook", "ROOK_OPEN_FILE: rook on a file without pawns"),
		six(dvRookSemiOpenFile, "RookSemiOpenFile", "rook", "ROOK_SEMI_OPEN_FILE: rook on a file with only enemy pawns"),
		six(dvRookAtckWeakPawnOpenColumn, "RookAtckWeakPawnOpenColumn", "rook", "ROOK_ATCK_WEAK_PAWN_OPEN_COLUMN: rook on a file without own pawns holding an isolated or backward enemy pawn"),
		six(dvRookColumnMult, "RookColumnMult", "rook", "ROOK_COLUMN_MULT: times the rook's file centrality (a/h 0, b/g 1, c/f 2, d/e 3)"),
		six(dvQueenMobility, "QueenMobility", "queen", "QUEEN_MOBILITY: per square the queen attacks that holds no own piece"),
		six(dvKingNoFriendlyPawn, "KingNoFriendlyPawn", "king", "KING_NO_FRIENDLY_PAWN: penalty, no own pawn on the king's file"),
		six(dvKingNoFriendlyPawnAdj, "KingNoFriendlyPawnAdj", "king", "KING_NO_FRIENDLY_PAWN_ADJ: penalty per adjacent file without own pawn"),
		six(dvKingFriendlyPawnAdvanced1, "KingFriendlyPawnAdvanced1", "king", "KING_FRIENDLY_PAWN_ADVANCED1: penalty per shield pawn (king's and adjacent files) on the 3rd rank, king on its 1st/2nd rank"),
		six(dvKingNoEnemyPawn, "KingNoEnemyPawn", "king", "KING_NO_ENEMY_PAWN: penalty, no enemy pawn on the king's file"),
		six(dvKingNoEnemyPawnAdj, "KingNoEnemyPawnAdj", "king", "KING_NO_ENEMY_PAWN_ADJ: penalty per adjacent file without enemy pawn"),
		six(dvKingPressureMult, "KingPressureMult", "king", "KING_PRESSURE_MULT: penalty per (enemy piece, king-zone square) attack by knights, bishops, rooks, queens"),
	}
	unit := make([]int32, dvCount)
	for i := range unit {
		unit[i] = 1
	}
	return &scheme{
		name:  "david35",
		title: "David, van den Herik, Koppel, Netanyahu: Genetic Algorithms for Evolving Computer Chess Programs (IEEE TEC 2014), Fig. 3",
		specs: specs,
		unit:  unit,
		scale: 1,
		kind:  kindDavid,
	}
}()

func davidAppend(x *posInfo, c board.Color, dst []Feature) []Feature {
	var n [dvCount]int32
	davidSide(x, c, &n)
	return appendDense(dst, n[:])
}

const wingFiles = fileA | fileA<<1 | fileA<<6 | fileH

// davidSide computes side c's natural counts; penalties count negatively
// so that Fig. 3's positive values subtract.
func davidSide(x *posInfo, c board.Color, n *[dvCount]int32) {
	pos := x.pos
	e := c.Other()
	material(n[dvPawn:], &pos.Pieces[c])
	// Pawns.
	pawns := x.pawns[c]
	for b := pawns; b != 0; {
		sq := b.PopLSB()
		adv := int32(relRank(c, sq) - 1)
		if wingFiles.Has(sq) {
			n[dvPawnAdvanceA] += adv
		} else {
			n[dvPawnAdvanceB] += adv
		}
	}
	for b := x.passed[c]; b != 0; {
		sq := b.PopLSB()
		r := int32(relRank(c, sq))
		n[dvPassedPawnMult] += r * r
		if x.king[e] != board.NoSquare {
			promo := board.MakeSquare(sq.File(), 7*int(1-c))
			n[dvPassedPawnEnemyKingDist] += int32(distance(x.king[e], promo))
		}
	}
	n[dvDoubledPawn] = -popcount(x.doubled(c))
	n[dvIsolatedPawn] = -popcount(x.isolated(c))
	n[dvBackwardPawn] = -popcount(x.backward(c))
	home := board.RankBB[2] | board.RankBB[3]
	if c == board.Black {
		home = board.RankBB[4] | board.RankBB[5]
	}
	n[dvWeakSquare] = -popcount(home &^ x.attSpan[c])
	// Knights.
	for b := pos.Pieces[c][board.Knight]; b != 0; {
		sq := b.PopLSB()
		n[dvKnightSqMult] += ringOf(sq)
		if r := relRank(c, sq); r >= 3 && r <= 5 && !x.attSpan[e].Has(sq) {
			n[dvKnightOutpostMult]++
			if x.pawnAtt[c].Has(sq) {
				n[dvKnightOutpostMult]++
			}
		}
	}
	// Bishops.
	x.attackPass()
	n[dvBishopMobility] = x.mob[c][board.Bishop]
	if popcount(pos.Pieces[c][board.Bishop]) >= 2 {
		n[dvBishopPair] = 1
	}
	// Rooks.
	rooks := pos.Pieces[c][board.Rook]
	weakEnemy := x.isolated(e) | x.backward(e)
	n[dvRookMobility] = x.mob[c][board.Rook]
	for b := rooks; b != 0; {
		sq := b.PopLSB()
		f := sq.File()
		if relRank(c, sq) == 6 {
			n[dvRook7thRank]++
		}
		if ek := x.king[e]; ek != board.NoSquare {
			switch d := f - ek.File(); {
			case d == 0:
				n[dvRookAttackKingFile]++
			case d == 1 || d == -1:
				if f <= 1 || f >= 6 {
					n[dvRookAttackKingAdjFileABGH]++
				} else {
					n[dvRookAttackKingAdjFile]++
				}
			}
		}
		// Each pair once: b holds the rooks not yet visited.
		n[dvRookConnected] += popcount(board.RookAttacks(sq, x.occ) & b)
		fileBB := board.FileBB[f]
		if frontFill(c, board.SquareBB(sq))&x.passed[c]&fileBB != 0 {
			n[dvRookBehindPassedPawn]++
		}
		switch x.rookFile(c, sq) {
		case fileOpen:
			n[dvRookOpenFile]++
		case fileSemiOpen:
			n[dvRookSemiOpenFile]++
			if fileBB&weakEnemy != 0 {
				n[dvRookAtckWeakPawnOpenColumn]++
			}
		}
		n[dvRookColumnMult] += int32(min(f, 7-f))
	}
	n[dvQueenMobility] = x.mob[c][board.Queen]
	// King shelter and pressure.
	k := x.king[c]
	if k == board.NoSquare {
		return
	}
	kf := k.File()
	for df := -1; df <= 1; df++ {
		f := kf + df
		if f < 0 || f > 7 {
			continue
		}
		file := board.FileBB[f]
		if df == 0 {
			if file&x.pawns[c] == 0 {
				n[dvKingNoFriendlyPawn]--
			}
			if file&x.pawns[e] == 0 {
				n[dvKingNoEnemyPawn]--
			}
		} else {
			if file&x.pawns[c] == 0 {
				n[dvKingNoFriendlyPawnAdj]--
			}
			if file&x.pawns[e] == 0 {
				n[dvKingNoEnemyPawnAdj]--
			}
		}
		if relRank(c, k) <= 1 {
			third := board.RankBB[2]
			if c == board.Black {
				third = board.RankBB[5]
			}
			n[dvKingFriendlyPawnAdvanced1] -= popcount(file & third & x.pawns[c])
		}
	}
	n[dvKingPressureMult] = -x.zoneHits[e]
}
