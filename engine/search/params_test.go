package search

import (
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/param"
)

func TestParamSpecsTableI(t *testing.T) {
	specs := ParamSpecs()
	if err := param.Validate(specs); err != nil {
		t.Fatal(err)
	}
	if len(specs) != 18 {
		t.Fatalf("%d parameters, want Table I's 18", len(specs))
	}
	bits := 0
	for _, s := range specs {
		bits += s.Bits
		if strings.ContainsAny(s.Name, " \t") || s.Doc == "" || s.Group == "" {
			t.Errorf("spec %q: bad name or missing doc/group", s.Name)
		}
		if s.Max >= 1<<s.Bits {
			t.Errorf("spec %q: max %d does not fit %d bits", s.Name, s.Max, s.Bits)
		}
	}
	if bits != 70 {
		t.Errorf("chromosome length %d bits, want 70", bits)
	}
	// Table I ranges, in order.
	want := []struct {
		name     string
		max, bit int
	}{
		{"NullMoveUse", 1, 1}, {"NullMoveReduction", 7, 3}, {"NullMoveAdaptivity", 1, 1}, {"NullMoveAdaptivityDepth", 7, 3},
		{"FutilityDepth", 3, 2}, {"FutilityThreshold1", 1023, 10}, {"FutilityThreshold2", 1023, 10}, {"FutilityThreshold3", 1023, 10},
		{"MultiCutUse", 1, 1}, {"MultiCutReduction", 7, 3}, {"MultiCutDepth", 7, 3}, {"MultiCutMoveNum", 31, 5}, {"MultiCutCutNum", 7, 3},
		{"CheckExtension", 4, 3}, {"OneReplyExtension", 4, 3}, {"RecaptureExtension", 4, 3}, {"PassedPawnExtension", 4, 3}, {"MateThreatExtension", 4, 3},
	}
	for i, w := range want {
		s := specs[i]
		if s.Name != w.name || s.Min != 0 || s.Max != w.max || s.Bits != w.bit {
			t.Errorf("spec %d = %s [%d,%d] %d bits, want %s [0,%d] %d bits", i, s.Name, s.Min, s.Max, s.Bits, w.name, w.max, w.bit)
		}
	}
	// ParamSpecs returns a copy.
	specs[0].Name = "changed"
	if ParamSpecs()[0].Name != "NullMoveUse" {
		t.Error("ParamSpecs exposes its registry")
	}
}

func TestPresets(t *testing.T) {
	table2 := []int32{1, 4, 1, 6, 3, 112, 227, 506, 1, 4, 6, 15, 3, 4, 4, 2, 3, 2}
	tests := []struct {
		name   string
		want   []int32 // AllVector
		modern bool    // some modern technique on
	}{
		{"david-table2", append(append([]int32(nil), table2...), make([]int32, NumModernParams)...), false},
		{"plain", make([]int32, NumAllParams), false},
		{"default", param.Defaults(AllParamSpecs()), true},
	}
	for _, tc := range tests {
		p, err := PresetParams(tc.name)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := p.AllVector()
		if len(got) != NumAllParams {
			t.Fatalf("%s: AllVector has %d values", tc.name, len(got))
		}
		for i := range tc.want {
			if got[i] != tc.want[i] {
				t.Errorf("%s: %s = %d, want %d", tc.name, allSpecs[i].Name, got[i], tc.want[i])
			}
		}
		back, err := ParamsFromVector(got)
		if err != nil || back != p {
			t.Errorf("%s: round trip gave %+v, %v", tc.name, back, err)
		}
		m, err := ParamsFromMap(Params{}, p.Map())
		if err != nil || m != p {
			t.Errorf("%s: map round trip gave %+v, %v", tc.name, m, err)
		}
		// A Table I vector alone means the modern group off; WithTableI
		// keeps it.
		t1, err := ParamsFromVector(p.Vector())
		if err != nil || len(p.Vector()) != NumParams || t1.AllVector()[NumParams] != 0 {
			t.Errorf("%s: Table I vector gave %+v, %v", tc.name, t1, err)
		}
		if (t1 == p) == tc.modern {
			t.Errorf("%s: Table I vector round trip equal %v, modern group on %v", tc.name, t1 == p, tc.modern)
		}
		if w, err := (Params{}).WithTableI(p.Vector()); err != nil || w != t1 {
			t.Errorf("%s: WithTableI on plain gave %+v, %v", tc.name, w, err)
		}
		if w, err := p.WithTableI(make([]int32, NumParams)); err != nil || w.Vector()[0] != 0 || w.AllVector()[NumParams] != p.AllVector()[NumParams] {
			t.Errorf("%s: WithTableI(zeros) gave %+v, %v", tc.name, w, err)
		}
	}
	if _, err := DefaultParams().WithTableI(make([]int32, 5)); err == nil {
		t.Error("WithTableI accepted 5 values")
	}
	if p, _ := PresetParams("plain"); p != (Params{}) {
		t.Errorf("plain preset is not the zero Params: %+v", p)
	}
	if _, err := PresetParams("nope"); err == nil {
		t.Error("unknown preset accepted")
	}
	for _, name := range PresetNames() {
		if _, err := PresetParams(name); err != nil {
			t.Errorf("listed preset %q: %v", name, err)
		}
	}
}

// TestModernParamSpecs: the modern group is valid, off at zero, named
// apart from Table I, and AllParamSpecs is Table I followed by it.
func TestModernParamSpecs(t *testing.T) {
	mod := ModernParamSpecs()
	all := AllParamSpecs()
	if err := param.Validate(all); err != nil {
		t.Fatal(err)
	}
	if len(mod) != NumModernParams || len(all) != NumAllParams || NumAllParams != NumParams+NumModernParams {
		t.Fatalf("%d modern, %d all", len(mod), len(all))
	}
	for i, s := range all {
		want := paramSpecs[min(i, NumParams-1)]
		if i >= NumParams {
			want = mod[i-NumParams]
		}
		if s != want {
			t.Errorf("AllParamSpecs[%d] = %s, want %s", i, s.Name, want.Name)
		}
	}
	for _, s := range mod {
		if s.Min != 0 {
			t.Errorf("%s: min %d, want 0 (off at zero)", s.Name, s.Min)
		}
		if s.Bits == 0 || s.Max >= 1<<s.Bits || s.Doc == "" || s.Group == "" || strings.ContainsAny(s.Name, " \t") {
			t.Errorf("%s: bits %d max %d doc %q group %q", s.Name, s.Bits, s.Max, s.Doc, s.Group)
		}
	}
	mod[0].Name = "changed"
	if ModernParamSpecs()[0].Name == "changed" {
		t.Error("ModernParamSpecs exposes its registry")
	}
	// Every field of Params is in the registry: each parameter set alone
	// to its maximum round-trips through the vector and the map.
	for i, s := range all {
		v := make([]int32, NumAllParams)
		v[i] = int32(s.Max)
		p, err := ParamsFromVector(v)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.AllVector(); got[i] != int32(s.Max) || p == (Params{}) {
			t.Errorf("%s: did not round-trip", s.Name)
		}
		if p.Map()[s.Name] != s.Max {
			t.Errorf("%s: Map gives %d", s.Name, p.Map()[s.Name])
		}
	}
}

func TestParamsValidation(t *testing.T) {
	ok := DefaultParams().Vector()
	with := func(i int, v int32) []int32 {
		w := append([]int32(nil), ok...)
		w[i] = v
		return w
	}
	tests := []struct {
		name    string
		vec     []int32
		wantErr string
	}{
		{"valid", ok, ""},
		{"short", ok[:17], "has 17 values"},
		{"long", append(append([]int32(nil), ok...), 0), "has 19 values"},
		{"all", DefaultParams().AllVector(), ""},
		{"all but one", DefaultParams().AllVector()[:NumAllParams-1], "values"},
		{"negative reduction", with(1, -1), "NullMoveReduction = -1"},
		{"use is a bit", with(0, 2), "NullMoveUse = 2"},
		{"futility depth 4", with(4, 4), "FutilityDepth = 4"},
		{"threshold 1024", with(7, 1024), "FutilityThreshold3 = 1024"},
		{"move num 32", with(11, 32), "MultiCutMoveNum = 32"},
		{"extension 5", with(17, 5), "MateThreatExtension = 5"},
	}
	for _, tc := range tests {
		_, err := ParamsFromVector(tc.vec)
		if tc.wantErr == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.HasPrefix(err.Error(), "search: ") {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.wantErr)
		}
	}
	// A vector of the registry before the last parameters were added reads
	// with those off.
	all := DefaultParams().AllVector()
	for i := NumAllParamsOld; i < NumAllParams; i++ {
		all[i] = int32(allSpecs[i].Max)
	}
	old, err := ParamsFromVector(all[:NumAllParamsOld])
	if err != nil {
		t.Fatal(err)
	}
	if got := old.AllVector(); !slices.Equal(got[:NumAllParamsOld], all[:NumAllParamsOld]) ||
		!slices.Equal(got[NumAllParamsOld:], make([]int32, NumAllParams-NumAllParamsOld)) {
		t.Errorf("old-length vector read as %v", got)
	}
	if _, err := ParamsFromMap(Params{}, map[string]int{"NullMoveUse": 1, "Bogus": 3}); err == nil || !strings.Contains(err.Error(), "Bogus") {
		t.Errorf("unknown name: %v", err)
	}
	if _, err := ParamsFromMap(Params{}, map[string]int{"CheckExtension": 9}); err == nil {
		t.Error("out-of-range map value accepted")
	}
	if p, err := ParamsFromMap(Params{}, map[string]int{"LMRUse": 1, "LMRDivisor": 300}); err != nil || !p.LMRUse || p.LMRDivisor != 300 {
		t.Errorf("modern names: %+v, %v", p, err)
	}
	if _, err := ParamsFromMap(Params{}, map[string]int{"ContHist": 3}); err == nil || !strings.Contains(err.Error(), "ContHist = 3") {
		t.Errorf("out-of-range modern value: %v", err)
	}
	s := NewSearcher(nil, Params{NullMoveReduction: 99, CheckExtension: -3}, 1)
	if got := s.Params(); got.NullMoveReduction != 7 || got.CheckExtension != 0 {
		t.Errorf("NewSearcher did not clamp: %+v", got)
	}
	if err := s.SetParams(Params{FutilityThreshold1: 5000}); err == nil {
		t.Error("SetParams accepted an out-of-range value")
	}
	if s.Params().NullMoveReduction != 7 {
		t.Error("failed SetParams changed the parameters")
	}
}
