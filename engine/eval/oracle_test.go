package eval

import (
	"testing"

	"github.com/evochess/evochess/engine/board"
)

// A slow, square-by-square oracle for the shared pawn-structure, outpost,
// mobility and king-zone definitions of info.go (documented in doc.go),
// compared with the bitboard versions on thousands of positions.

type oracle struct{ pos *board.Position }

func (o oracle) at(f, r int) board.Piece {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return board.NoPiece
	}
	return o.pos.Board[board.MakeSquare(f, r)]
}

func (o oracle) isPawn(c board.Color, f, r int) bool {
	return o.at(f, r) == board.MakePiece(c, board.Pawn)
}

// dir is +1 for White (north), −1 for Black.
func dir(c board.Color) int { return 1 - 2*int(c) }

// ahead reports whether rank r2 is in front of rank r1 seen from c.
func ahead(c board.Color, r1, r2 int) bool { return (r2-r1)*dir(c) > 0 }

func (o oracle) pawnSquares(c board.Color) [][2]int {
	var out [][2]int
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			if o.isPawn(c, f, r) {
				out = append(out, [2]int{f, r})
			}
		}
	}
	return out
}

func (o oracle) doubled(c board.Color) int32 {
	n := int32(0)
	for _, p := range o.pawnSquares(c) {
		for r := 0; r < 8; r++ {
			if ahead(c, p[1], r) && o.isPawn(c, p[0], r) {
				n++
				break
			}
		}
	}
	return n
}

func (o oracle) isolatedAt(c board.Color, f int) bool {
	for r := 0; r < 8; r++ {
		if o.isPawn(c, f-1, r) || o.isPawn(c, f+1, r) {
			return false
		}
	}
	return true
}

func (o oracle) isolated(c board.Color) int32 {
	n := int32(0)
	for _, p := range o.pawnSquares(c) {
		if o.isolatedAt(c, p[0]) {
			n++
		}
	}
	return n
}

func (o oracle) passed(c board.Color) int32 {
	n := int32(0)
	for _, p := range o.pawnSquares(c) {
		ok := true
		for f := p[0] - 1; f <= p[0]+1; f++ {
			for r := 0; r < 8; r++ {
				if ahead(c, p[1], r) && o.isPawn(c.Other(), f, r) {
					ok = false
				}
			}
		}
		if ok {
			n++
		}
	}
	return n
}

func (o oracle) backward(c board.Color) int32 {
	n := int32(0)
	e := c.Other()
	for _, p := range o.pawnSquares(c) {
		f, r := p[0], p[1]
		if o.isolatedAt(c, f) {
			continue
		}
		supported := false
		for rr := 0; rr < 8; rr++ {
			if (rr == r || ahead(c, rr, r)) && (o.isPawn(c, f-1, rr) || o.isPawn(c, f+1, rr)) {
				supported = true
			}
		}
		stop := r + dir(c)
		// An enemy pawn attacking the stop square stands one further rank
		// ahead, on an adjacent file.
		attacked := o.isPawn(e, f-1, stop+dir(c)) || o.isPawn(e, f+1, stop+dir(c))
		if !supported && attacked {
			n++
		}
	}
	return n
}

// safe reports whether no enemy pawn can attack (f, r) now or after advancing.
func (o oracle) safe(c board.Color, f, r int) bool {
	e := c.Other()
	for _, p := range o.pawnSquares(e) {
		if (p[0] == f-1 || p[0] == f+1) && ahead(c, r, p[1]) {
			return false
		}
	}
	return true
}

func TestOracleDefinitions(t *testing.T) {
	positions := randomGamePositions(t, 31, 3000)
	if testing.Short() {
		positions = positions[:500]
	}
	for _, pos := range positions {
		o := oracle{pos}
		var x posInfo
		x.init(pos)
		x.attackPass()
		for c := board.White; c <= board.Black; c++ {
			got := [4]int32{popcount(x.doubled(c)), popcount(x.isolated(c)), popcount(x.passed[c]), popcount(x.backward(c))}
			want := [4]int32{o.doubled(c), o.isolated(c), o.passed(c), o.backward(c)}
			if got != want {
				t.Fatalf("%s colour %d: doubled/isolated/passed/backward %v, oracle %v", pos.FEN(), c, got, want)
			}
			// Knights that cannot be evicted.
			var safeN int32
			for b := pos.Pieces[c][board.Knight]; b != 0; {
				sq := b.PopLSB()
				if o.safe(c, sq.File(), sq.Rank()) {
					safeN++
				}
			}
			if got := popcount(pos.Pieces[c][board.Knight] & x.safeFromPawns(c)); got != safeN {
				t.Fatalf("%s colour %d: safe knights %d, oracle %d", pos.FEN(), c, got, safeN)
			}
			// Mobility and king-zone material from the board's attack
			// functions, piece by piece.
			var mob [6]int32
			var zone [2]int32
			for sq := board.Square(0); sq < 64; sq++ {
				pc := pos.Board[sq]
				if pc == board.NoPiece || pc.Color() != c {
					continue
				}
				att := board.AttacksFrom(pc.Type(), c, sq, pos.Occupied)
				if pc.Type() != board.Pawn {
					mob[pc.Type()] += popcount(att &^ pos.ByColor[c])
				}
				if pc.Type() == board.King {
					continue
				}
				for k := board.White; k <= board.Black; k++ {
					ks := pos.Pieces[k][board.King]
					if ks != 0 && att&(board.KingAttacks(ks.LSB())|ks) != 0 {
						zone[k] += shannon[pc.Type()]
					}
				}
			}
			mob[board.Pawn] = 0
			if x.mob[c] != mob || x.zoneMat[c] != zone {
				t.Fatalf("%s colour %d: mobility %v zone material %v, oracle %v %v", pos.FEN(), c, x.mob[c], x.zoneMat[c], mob, zone)
			}
		}
	}
}
