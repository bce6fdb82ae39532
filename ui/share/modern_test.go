package share

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/search"
)

// TestModernLink round-trips a player of the modern scheme (774 weights)
// with the full search parameter vector and checks the link length: in the
// worst case (every weight drawn uniformly over its bounds, ±1000) and for
// weights of a tuned player's magnitude (material in the hundreds, the rest
// mostly within ±120; a modern player Texel-tuned on 2,000 games encodes to
// about 1,500 characters).
func TestModernLink(t *testing.T) {
	s, err := eval.Lookup("modern")
	if err != nil {
		t.Fatal(err)
	}
	sp := search.DefaultParams().Vector()
	worst := Link{Name: "modern worst case", Scheme: s.Name(), Weights: eval.RandomWeights(s, 1), Search: sp}
	typical := Link{Name: "modern tuned", Scheme: s.Name(), Weights: make([]int32, len(s.Params())), Search: sp}
	rng := rand.New(rand.NewPCG(3, 4))
	for i, p := range s.Params() {
		if p.Group == "material" {
			typical.Weights[i] = int32(80 + rng.IntN(1100))
		} else {
			typical.Weights[i] = int32(rng.NormFloat64() * 60)
		}
	}
	for _, c := range []struct {
		l   Link
		max int
	}{{worst, 2100}, {typical, 1700}} {
		enc, err := Encode(c.l)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c.l) {
			t.Fatalf("%s: round trip changed the link", c.l.Name)
		}
		t.Logf("%s: %d weights, %d characters", c.l.Name, len(c.l.Weights), len(enc))
		if len(enc) > c.max {
			t.Errorf("%s: link is %d characters, want <= %d", c.l.Name, len(enc), c.max)
		}
		if _, err := eval.New(s, got.Weights); err != nil {
			t.Errorf("decoded weights: %v", err)
		}
	}
}
