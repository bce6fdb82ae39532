package opt

import (
	"fmt"

	"github.com/evochess/evochess/engine/param"
)

// Layout is the bit layout of a GA chromosome: parameter i occupies Bits[i]
// consecutive bits starting at Offset[i], most significant bit first, in
// Gray code (David et al. 2014 encode their 35 evaluation parameters in 224
// bits and their 18 search parameters in 70 bits this way).
//
// Decoding (chosen here; the paper only gives widths and ranges): the Gray
// code g of a parameter is converted to its binary value v in [0, 2^b - 1],
// then mapped linearly onto the parameter's range:
//
//	x = Min + round(v · (Max - Min) / (2^b - 1))
//
// which is the identity Min + v when the range holds exactly 2^b values.
// Parameters with Bits == 0 are not encoded and keep their Default;
// parameters with Min == Max are fixed at Min.
type Layout struct {
	Specs  []param.Spec
	Offset []int
	Total  int
}

// NewLayout builds the layout of specs.
func NewLayout(specs []param.Spec) (Layout, error) {
	l := Layout{Specs: specs, Offset: make([]int, len(specs))}
	for i, s := range specs {
		if s.Bits < 0 || s.Bits > 31 {
			return Layout{}, fmt.Errorf("opt: layout: param %q has %d bits", s.Name, s.Bits)
		}
		l.Offset[i] = l.Total
		if s.Max > s.Min {
			l.Total += s.Bits
		}
	}
	if l.Total == 0 {
		return Layout{}, fmt.Errorf("opt: layout: no parameter has bits (set param.Spec.Bits)")
	}
	return l, nil
}

func (l Layout) bits(i int) int {
	s := l.Specs[i]
	if s.Max == s.Min {
		return 0
	}
	return s.Bits
}

// Decode maps a chromosome (one byte per bit, 0 or 1) to the parameter vector.
func (l Layout) Decode(chrom []byte) []int32 {
	x := make([]int32, len(l.Specs))
	for i, s := range l.Specs {
		b := l.bits(i)
		switch {
		case s.Max == s.Min:
			x[i] = int32(s.Min)
			continue
		case b == 0:
			x[i] = int32(s.Default)
			continue
		}
		var g uint32
		for k := 0; k < b; k++ {
			g = g<<1 | uint32(chrom[l.Offset[i]+k]&1)
		}
		v := grayToBinary(g)
		den := int64(1)<<b - 1
		num := int64(v) * int64(s.Max-s.Min)
		x[i] = int32(int64(s.Min) + (num+den/2)/den)
	}
	return x
}

// Encode returns the chromosome whose decoding is nearest to x (used to seed
// a GA with given vectors, e.g. coevolution's starting bests).
func (l Layout) Encode(x []int32) []byte {
	chrom := make([]byte, l.Total)
	for i, s := range l.Specs {
		b := l.bits(i)
		if b == 0 {
			continue
		}
		den := int64(1)<<b - 1
		rng := int64(s.Max - s.Min)
		v := int64(s.Clamp(int(x[i])) - s.Min)
		bin := (v*den + rng/2) / rng
		g := uint32(bin) ^ uint32(bin)>>1
		for k := 0; k < b; k++ {
			chrom[l.Offset[i]+k] = byte(g>>(b-1-k)) & 1
		}
	}
	return chrom
}

func grayToBinary(g uint32) uint32 {
	for s := uint(1); s < 32; s <<= 1 {
		g ^= g >> s
	}
	return g
}
