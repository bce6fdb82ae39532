package board

// Attack tables: leaper tables (knight, king, pawn), fancy magic bitboards
// for sliders (multipliers in magics.go, found offline by
// internal/magicgen), and Between/Line square-pair tables used for pins and
// check evasions. All are filled once by init and read-only afterwards.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard

	rookMagic   [64]magicEntry
	bishopMagic [64]magicEntry
	rookTable   []Bitboard // 102,400 entries, shared by all squares
	bishopTable []Bitboard // 5,248 entries

	betweenBB [64][64]Bitboard // squares strictly between two aligned squares, else 0
	lineBB    [64][64]Bitboard // the full line through two aligned squares, else 0
)

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

func initMagics(entries *[64]magicEntry, magics *[64]uint64, dirs [4][2]int) []Bitboard {
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
			table[offset+int(idx)] = slideSlow(sq, sub, dirs)
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
	rookTable = initMagics(&rookMagic, &rookMagics, rookDirs)
	bishopTable = initMagics(&bishopMagic, &bishopMagics, bishopDirs)
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
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			for _, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
				if slideSlow(a, 0, dirs).Has(b) {
					lineBB[a][b] = (slideSlow(a, 0, dirs) & slideSlow(b, 0, dirs)) | SquareBB(a) | SquareBB(b)
				}
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
