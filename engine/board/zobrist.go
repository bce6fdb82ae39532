package board

import "math/rand/v2"

// Zobrist keys, drawn once from a PCG generator with a fixed seed so that
// hashes are identical across runs, platforms and WebAssembly. The position
// hash XORs one key per (piece, square), the castling-rights key, the
// en-passant file key when an en-passant capture is legal (EnPassant is
// set), and the side key when Black is to move.
var (
	zobristPiece  [12][64]uint64
	zobristCastle [16]uint64
	zobristEPFile [8]uint64
	zobristSide   uint64
)

func init() {
	rng := rand.New(rand.NewPCG(0x5a6f6272697374, 0x65766f6368657373))
	for p := range 12 {
		for sq := range zobristPiece[p] {
			zobristPiece[p][sq] = rng.Uint64()
		}
	}
	// Castling keys are the XOR of per-right keys so that any change is consistent.
	var right [4]uint64
	for i := range right {
		right[i] = rng.Uint64()
	}
	for cr := range zobristCastle {
		for i := range right {
			if cr&(1<<i) != 0 {
				zobristCastle[cr] ^= right[i]
			}
		}
	}
	for f := range zobristEPFile {
		zobristEPFile[f] = rng.Uint64()
	}
	zobristSide = rng.Uint64()
}

// computeHash recomputes the Zobrist hash of p from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for sq := Square(0); sq < 64; sq++ {
		if pc := p.Board[sq]; pc != NoPiece {
			h ^= zobristPiece[pc][sq]
		}
	}
	h ^= zobristCastle[p.Castling&AllCastling]
	if p.EnPassant != NoSquare {
		h ^= zobristEPFile[p.EnPassant.File()]
	}
	if p.Side == Black {
		h ^= zobristSide
	}
	return h
}
