package board

import "math/bits"

// Attack tables: leaper tables (knight, king, pawn), fancy magic bitboards
// for sliders (multipliers in magics.go, found offline by
// the deterministic search in magics_test.go), and Between/Line square-pair tables used for pins and
// check evasions. All are filled once by init and read-only afterwards.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard

	rookMagic   [64]magicEntry
	bishopMagic [64]magicEntry
	rookTable   []Bitboard // 102,400 entries, shared by all squares
	bishopTable []Bitboard // 5,248 entries

	rookPseudo   [64]Bitboard // rook attacks on an empty board
	bishopPseudo [64]Bitboard // bishop attacks on an empty board

	betweenBB [64][64]Bitboard // squares strictly between two aligned squares, else 0
	lineBB    [64][64]Bitboard // the full line through two aligned squares, else 0
)

// rays[d][sq] is the ray from sq (excluded) to the board edge in direction
// d: 0-3 are the rook directions E, W, N, S and 4-7 the bishop directions
// NE, SE, NW, SW, as in rookDirs and bishopDirs. Only used to fill tables.
var rays [8][64]Bitboard

// rayPositive reports whether direction d runs towards higher square indexes.
var rayPositive = [8]bool{true, false, true, false, true, false, true, false} // E W N S NE SE NW SW

// slideRays computes sliding attacks along the four directions starting at
// first, cutting each ray at its nearest blocker (lowest set bit for rays
// that run towards higher squares, highest otherwise).
func slideRays(sq Square, occ Bitboard, first int) Bitboard {
	var att Bitboard
	for d := first; d < first+4; d++ {
		ray := rays[d][sq]
		att |= ray
		if blockers := ray & occ; blockers != 0 {
			var b Square
			if rayPositive[d] {
				b = blockers.LSB()
			} else {
				b = Square(63 - bits.LeadingZeros64(uint64(blockers)))
			}
			att &^= rays[d][b]
		}
	}
	return att
}

type magicEntry struct {
	mask   Bitboard
	magic  uint64
	shift  uint8
	offset uint32
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slideSlow computes sliding attacks by walking rays; used to fill the tables and as a test oracle.
func slideSlow(sq Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var att Bitboard
	f0, r0 := sq.File(), sq.Rank()
	for _, d := range dirs {
		f, r := f0+d[0], r0+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			b := SquareBB(MakeSquare(f, r))
			att |= b
			if occ&b != 0 {
				break
			}
			f += d[0]
			r += d[1]
		}
	}
	return att
}

// relevantMask is the ray squares of sq excluding the board edge at each ray's end.
func relevantMask(sq Square, dirs [4][2]int) Bitboard {
	var m Bitboard
	f0, r0 := sq.File(), sq.Rank()
	for _, d := range dirs {
		f, r := f0+d[0], r0+d[1]
		for {
			nf, nr := f+d[0], r+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 || nf < 0 || nf > 7 || nr < 0 || nr > 7 {
				break
			}
			m |= SquareBB(MakeSquare(f, r))
			f, r = nf, nr
		}
	}
	return m
}

func initMagics(entries *[64]magicEntry, magics *[64]uint64, dirs [4][2]int, firstRay int) []Bitboard {
	total := 0
	for sq := Square(0); sq < 64; sq++ {
		total += 1 << relevantMask(sq, dirs).Count()
	}
	table := make([]Bitboard, total)
	offset := 0
	for sq := Square(0); sq < 64; sq++ {
		m := relevantMask(sq, dirs)
		n := m.Count()
		e := &entries[sq]
		*e = magicEntry{mask: m, magic: magics[sq], shift: uint8(64 - n), offset: uint32(offset)}
		// Enumerate all subsets of m (Carry-Rippler).
		var sub Bitboard
		for {
			idx := uint64(sub) * e.magic >> e.shift
			table[offset+int(idx)] = slideRays(sq, sub, firstRay)
			sub = (sub - m) & m
			if sub == 0 {
				break
			}
		}
		offset += 1 << n
	}
	return table
}

func init() {
	for sq := Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				knightAttacks[sq] |= SquareBB(MakeSquare(nf, nr))
			}
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			if nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				kingAttacks[sq] |= SquareBB(MakeSquare(nf, nr))
			}
		}
		for _, df := range [2]int{-1, 1} {
			if nf := f + df; nf >= 0 && nf < 8 {
				if r < 7 {
					pawnAttacks[White][sq] |= SquareBB(MakeSquare(nf, r+1))
				}
				if r > 0 {
					pawnAttacks[Black][sq] |= SquareBB(MakeSquare(nf, r-1))
				}
			}
		}
	}
	allDirs := [8][2]int{rookDirs[0], rookDirs[1], rookDirs[2], rookDirs[3], bishopDirs[0], bishopDirs[1], bishopDirs[2], bishopDirs[3]}
	for sq := Square(0); sq < 64; sq++ {
		for d, dir := range allDirs {
			f, r := sq.File()+dir[0], sq.Rank()+dir[1]
			for f >= 0 && f < 8 && r >= 0 && r < 8 {
				rays[d][sq] |= SquareBB(MakeSquare(f, r))
				f += dir[0]
				r += dir[1]
			}
		}
	}
	for sq := range rookPseudo {
		rookPseudo[sq] = rays[0][sq] | rays[1][sq] | rays[2][sq] | rays[3][sq]
		bishopPseudo[sq] = rays[4][sq] | rays[5][sq] | rays[6][sq] | rays[7][sq]
	}
	rookTable = initMagics(&rookMagic, &rookMagics, rookDirs, 0)
	bishopTable = initMagics(&bishopMagic, &bishopMagics, bishopDirs, 4)
	for a := Square(0); a < 64; a++ {
		for _, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
			for _, d := range dirs {
				// Walk the ray from a; every square on it sees a along this line.
				var ray Bitboard
				f, r := a.File()+d[0], a.Rank()+d[1]
				for f >= 0 && f < 8 && r >= 0 && r < 8 {
					b := MakeSquare(f, r)
					betweenBB[a][b] = ray
					ray |= SquareBB(b)
					f += d[0]
					r += d[1]
				}
			}
		}
	}
	// Line: for every ray from a, each square b on it shares the full line
	// made of the ray, the opposite ray and a itself.
	opposite := [8]int{1, 0, 3, 2, 7, 6, 5, 4}
	for a := Square(0); a < 64; a++ {
		for d := 0; d < 8; d++ {
			full := rays[d][a] | rays[opposite[d]][a] | SquareBB(a)
			for b := rays[d][a]; b != 0; {
				lineBB[a][b.PopLSB()] = full
			}
		}
	}
}

// KnightAttacks returns the squares a knight on sq attacks.
func KnightAttacks(sq Square) Bitboard { return knightAttacks[sq&63] }

// KingAttacks returns the squares a king on sq attacks.
func KingAttacks(sq Square) Bitboard { return kingAttacks[sq&63] }

// PawnAttacks returns the squares a pawn of colour c on sq attacks.
func PawnAttacks(c Color, sq Square) Bitboard { return pawnAttacks[c&1][sq&63] }

// BishopAttacks returns the squares a bishop on sq attacks given the occupied set occ.
func BishopAttacks(sq Square, occ Bitboard) Bitboard {
	e := &bishopMagic[sq&63]
	return bishopTable[e.offset+uint32(uint64(occ&e.mask)*e.magic>>e.shift)]
}

// RookAttacks returns the squares a rook on sq attacks given the occupied set occ.
func RookAttacks(sq Square, occ Bitboard) Bitboard {
	e := &rookMagic[sq&63]
	return rookTable[e.offset+uint32(uint64(occ&e.mask)*e.magic>>e.shift)]
}

// QueenAttacks returns the squares a queen on sq attacks given the occupied set occ.
func QueenAttacks(sq Square, occ Bitboard) Bitboard {
	return BishopAttacks(sq, occ) | RookAttacks(sq, occ)
}

// Between returns the squares strictly between a and b when they share a
// rank, file or diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard { return betweenBB[a&63][b&63] }

// Line returns the whole rank, file or diagonal through a and b (both
// included), or the empty set when they are not aligned.
func Line(a, b Square) Bitboard { return lineBB[a&63][b&63] }

// AttacksFrom returns the squares a piece of type pt and colour c on sq attacks given occupancy occ.
func AttacksFrom(pt PieceType, c Color, sq Square, occ Bitboard) Bitboard {
	switch pt {
	case Pawn:
		return PawnAttacks(c, sq)
	case Knight:
		return KnightAttacks(sq)
	case Bishop:
		return BishopAttacks(sq, occ)
	case Rook:
		return RookAttacks(sq, occ)
	case Queen:
		return QueenAttacks(sq, occ)
	case King:
		return KingAttacks(sq)
	}
	return 0
}
