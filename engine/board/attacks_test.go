package board

import (
	"math/rand/v2"
	"testing"
)

func TestSlidingAttacksMatchRays(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for sq := A1; sq <= H8; sq++ {
		for i := 0; i < 300; i++ {
			occ := Bitboard(rng.Uint64() & rng.Uint64())
			if i%3 == 0 {
				occ &= Bitboard(rng.Uint64())
			}
			if got, want := RookAttacks(sq, occ), slideSlow(sq, occ, rookDirs); got != want {
				t.Fatalf("RookAttacks(%s, %#x) = %#x, want %#x", sq, uint64(occ), uint64(got), uint64(want))
			}
			if got, want := BishopAttacks(sq, occ), slideSlow(sq, occ, bishopDirs); got != want {
				t.Fatalf("BishopAttacks(%s, %#x) = %#x, want %#x", sq, uint64(occ), uint64(got), uint64(want))
			}
			if QueenAttacks(sq, occ) != RookAttacks(sq, occ)|BishopAttacks(sq, occ) {
				t.Fatal("QueenAttacks is not rook | bishop")
			}
		}
	}
}

func TestLeaperAttacks(t *testing.T) {
	for _, c := range []struct {
		name string
		got  Bitboard
		want []Square
	}{
		{"knight a1", KnightAttacks(A1), []Square{B3, C2}},
		{"knight e4", KnightAttacks(E4), []Square{D2, F2, C3, G3, C5, G5, D6, F6}},
		{"king h8", KingAttacks(H8), []Square{G8, G7, H7}},
		{"white pawn a2", PawnAttacks(White, A2), []Square{B3}},
		{"black pawn e5", PawnAttacks(Black, E5), []Square{D4, F4}},
		{"white pawn h8", PawnAttacks(White, H8), nil},
	} {
		var want Bitboard
		for _, sq := range c.want {
			want |= SquareBB(sq)
		}
		if c.got != want {
			t.Errorf("%s: got\n%vwant\n%v", c.name, c.got, want)
		}
	}
}

func TestBetweenAndLine(t *testing.T) {
	if Between(A1, H8) != SquareBB(B2)|SquareBB(C3)|SquareBB(D4)|SquareBB(E5)|SquareBB(F6)|SquareBB(G7) {
		t.Error("Between(a1, h8)")
	}
	if Between(A1, B3) != 0 || Line(A1, B3) != 0 || Between(E4, E5) != 0 {
		t.Error("Between/Line of unaligned or adjacent squares")
	}
	if Line(B1, B5) != FileBB[1] || Line(C4, G4) != RankBB[3] {
		t.Error("Line of file/rank")
	}
	for a := A1; a <= H8; a++ {
		for b := A1; b <= H8; b++ {
			if Between(a, b) != Between(b, a) || Line(a, b) != Line(b, a) {
				t.Fatalf("asymmetric tables for %s %s", a, b)
			}
			if l := Line(a, b); l != 0 && (!l.Has(a) || !l.Has(b) || Between(a, b)&^l != 0) {
				t.Fatalf("Line(%s, %s) inconsistent", a, b)
			}
		}
	}
}

func TestAttacksFrom(t *testing.T) {
	occ := SquareBB(E6)
	for _, c := range []struct {
		pt   PieceType
		want Bitboard
	}{
		{Pawn, PawnAttacks(Black, E4)}, {Knight, KnightAttacks(E4)}, {Bishop, BishopAttacks(E4, occ)},
		{Rook, RookAttacks(E4, occ)}, {Queen, QueenAttacks(E4, occ)}, {King, KingAttacks(E4)}, {NoPieceType, 0},
	} {
		if got := AttacksFrom(c.pt, Black, E4, occ); got != c.want {
			t.Errorf("AttacksFrom(%v) wrong", c.pt)
		}
	}
}
