// Package param describes tunable integer parameters: the one registry format
// shared by evaluation schemes (engine/eval) and search parameters
// (engine/search). A scheme or the search declares a []Spec over one flat
// vector; UCI spin options, player files, the GA's bit layout and the UI's
// weights table are all derived from it.
package param

import "fmt"

// Spec declares one named integer parameter of a flat vector.
type Spec struct {
	Name    string // unique within its vector, UCI-safe (no spaces), e.g. "PawnDoubled"
	Doc     string // one-line meaning, in the paper's wording where it has one
	Group   string // display group, e.g. "material", "pawns", "king safety"
	Min     int    // lowest allowed value (inclusive)
	Max     int    // highest allowed value (inclusive)
	Default int    // default value (the scheme's reference preset)
	Bits    int    // width in a GA chromosome (0 = not encoded / fixed)
}

// Clamp returns v limited to [s.Min, s.Max].
func (s Spec) Clamp(v int) int {
	if v < s.Min {
		return s.Min
	}
	if v > s.Max {
		return s.Max
	}
	return v
}

// Validate reports whether specs form a well-formed registry: unique non-empty
// names, Min <= Default <= Max, Bits in [0, 31].
func Validate(specs []Spec) error {
	seen := make(map[string]bool, len(specs))
	for i, s := range specs {
		switch {
		case s.Name == "":
			return fmt.Errorf("param %d: empty name", i)
		case seen[s.Name]:
			return fmt.Errorf("param %d: duplicate name %q", i, s.Name)
		case s.Min > s.Max:
			return fmt.Errorf("param %q: min %d > max %d", s.Name, s.Min, s.Max)
		case s.Default < s.Min || s.Default > s.Max:
			return fmt.Errorf("param %q: default %d outside [%d, %d]", s.Name, s.Default, s.Min, s.Max)
		case s.Bits < 0 || s.Bits > 31:
			return fmt.Errorf("param %q: bits %d outside [0, 31]", s.Name, s.Bits)
		}
		seen[s.Name] = true
	}
	return nil
}

// Defaults returns the default vector of specs.
func Defaults(specs []Spec) []int32 {
	v := make([]int32, len(specs))
	for i, s := range specs {
		v[i] = int32(s.Default)
	}
	return v
}

// Index returns the position of the parameter called name, or -1.
func Index(specs []Spec, name string) int {
	for i, s := range specs {
		if s.Name == name {
			return i
		}
	}
	return -1
}
