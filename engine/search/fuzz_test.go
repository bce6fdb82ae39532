package search

import (
	"encoding/binary"
	"testing"
)

// FuzzParamsFromVector: ParamsFromVector accepts exactly the vectors of
// length 18 with every value in its Table I range; accepted vectors
// round-trip exactly and search without trouble.
func FuzzParamsFromVector(f *testing.F) {
	for _, name := range PresetNames() {
		p, _ := PresetParams(name)
		var buf []byte
		for _, v := range p.Vector() {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
		}
		f.Add(buf)
	}
	f.Add([]byte{1, 2, 3})
	specs := ParamSpecs()
	f.Fuzz(func(t *testing.T, data []byte) {
		var v []int32
		for len(data) >= 4 {
			v = append(v, int32(binary.LittleEndian.Uint32(data)))
			data = data[4:]
		}
		valid := len(v) == NumParams
		for i := 0; valid && i < len(v); i++ {
			valid = int(v[i]) >= specs[i].Min && int(v[i]) <= specs[i].Max
		}
		p, err := ParamsFromVector(v)
		if (err == nil) != valid {
			t.Fatalf("ParamsFromVector(%v) error %v, valid %v", v, err, valid)
		}
		if err != nil {
			return
		}
		w := p.Vector()
		for i := range v {
			if v[i] != w[i] {
				t.Fatalf("param %s: %d round-tripped to %d", specs[i].Name, v[i], w[i])
			}
		}
		pos := mustFEN(t, BenchFENs()[1])
		r := NewSearcher(nil, p, 1).Search(t.Context(), pos, Limits{Nodes: 2000}, nil)
		if !isLegal(pos, r.Best) {
			t.Fatalf("illegal move %v with params %+v", r.Best, p)
		}
	})
}
