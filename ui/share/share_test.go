package share

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func sample() Link {
	return Link{
		Name:    "Class 3B champion ♞",
		Scheme:  "vazquez29",
		Weights: []int32{100, 300, 325, 500, 900, -12, 0, 7, math.MaxInt32, math.MinInt32, -1},
		Search:  []int32{3, 0, 2, 100, -5},
		Run:     map[string]string{"algo": "vazquez-ep", "pop": "20", "gens": "3", "seed": "42"},
	}
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []Link{
		sample(),
		{Scheme: "material", Weights: []int32{1}},
		{Name: "no run", Scheme: "david35", Weights: []int32{-3, 4}, Search: nil},
		{Name: "empty run", Scheme: "david35", Weights: []int32{5}, Run: map[string]string{}},
	}
	big := Link{Name: "phoenix", Scheme: "phoenix640", Weights: make([]int32, 640), Search: make([]int32, 18)}
	for i := range big.Weights {
		big.Weights[i] = int32(rng.IntN(2001) - 1000)
	}
	cases = append(cases, big)
	for i, c := range cases {
		s, err := Encode(c)
		if err != nil {
			t.Fatalf("case %d: encode: %v", i, err)
		}
		got, err := Decode(s)
		if err != nil {
			t.Fatalf("case %d: decode: %v", i, err)
		}
		if len(c.Search) == 0 {
			c.Search = []int32{}
		}
		if !reflect.DeepEqual(got, c) {
			t.Fatalf("case %d: round trip\n got %#v\nwant %#v", i, got, c)
		}
		frag, _ := Fragment(c)
		got2, ok, err := ParseFragment("#x=1&" + frag)
		if !ok || err != nil || !reflect.DeepEqual(got2, c) {
			t.Fatalf("case %d: ParseFragment: ok=%v err=%v", i, ok, err)
		}
	}
	// 640 weights in [-1000, 1000] must stay a practical URL.
	s, _ := Encode(big)
	if len(s) > 2000 {
		t.Errorf("phoenix640 link is %d characters, want <= 2000", len(s))
	}
}

func TestDeterministic(t *testing.T) {
	a, _ := Encode(sample())
	for i := 0; i < 20; i++ { // map iteration order must not leak into the encoding
		b, _ := Encode(sample())
		if a != b {
			t.Fatalf("encoding differs between calls:\n%s\n%s", a, b)
		}
	}
}

// Every single-character substitution anywhere in the payload is detected.
func TestEveryCharSubstitutionDetected(t *testing.T) {
	s, _ := Encode(sample())
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	for i := 0; i < len(s); i++ {
		for _, c := range []byte(alphabet) {
			if c == s[i] {
				continue
			}
			bad := s[:i] + string(c) + s[i+1:]
			if _, err := Decode(bad); err == nil {
				t.Fatalf("substitution %q at %d not detected", c, i)
			}
		}
	}
}

// Every bit flip of the decoded bytes is detected, as is every truncation
// and every appended byte.
func TestEveryBitFlipAndTruncationDetected(t *testing.T) {
	s, _ := Encode(sample())
	raw, _ := b64.DecodeString(s)
	for i := range raw {
		for bit := 0; bit < 8; bit++ {
			b := append([]byte(nil), raw...)
			b[i] ^= 1 << bit
			if _, err := Decode(b64.EncodeToString(b)); err == nil {
				t.Fatalf("bit %d of byte %d flipped, not detected", bit, i)
			}
		}
	}
	for n := 0; n < len(s); n++ {
		_, err := Decode(s[:n])
		if err == nil {
			t.Fatalf("truncation to %d chars not detected", n)
		}
	}
	for _, extra := range []string{"A", "AA", "AAAA"} {
		if _, err := Decode(s + extra); err == nil {
			t.Fatalf("appended %q not detected", extra)
		}
	}
}

func TestErrorsNamePart(t *testing.T) {
	s, _ := Encode(sample())
	mid := len(s) / 2
	flip := func(c byte) byte {
		if c == 'A' {
			return 'B'
		}
		return 'A'
	}
	cases := []struct {
		name, in, part, text string
	}{
		{"empty", "", "prefix", "no player data"},
		{"bad char", s[:5] + "!" + s[6:], "base64", "not base64url"},
		{"space", s[:5] + " " + s[6:], "base64", "offset 5"},
		{"truncated", s[:len(s)-10], "length", "truncated"},
		{"changed", s[:mid] + string(flip(s[mid])) + s[mid+1:], "checksum", "CRC-32"},
		{"version", "", "version", "not supported"},
	}
	// A version-2 payload with a valid CRC.
	raw, _ := b64.DecodeString(s)
	raw[0] = 2
	cases[5].in = b64.EncodeToString(raw)
	for _, c := range cases {
		_, err := Decode(c.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: error %v is not *Error", c.name, err)
		}
		if e.Part != c.part || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: got part %q, message %q; want part %q containing %q", c.name, e.Part, err, c.part, c.text)
		}
	}
	if _, ok, err := ParseFragment("#tab=play"); ok || err != nil {
		t.Errorf("fragment without p= must be ok=false, err=nil; got %v %v", ok, err)
	}
}

func TestEncodeLimits(t *testing.T) {
	bad := []Link{
		{Scheme: "", Weights: []int32{1}},
		{Scheme: "x", Weights: nil},
		{Scheme: "x", Weights: []int32{1}, Name: strings.Repeat("n", MaxName+1)},
		{Scheme: "x", Weights: []int32{1}, Name: "\xff"},
		{Scheme: "x", Weights: []int32{1}, Run: map[string]string{"": "v"}},
		{Scheme: "x", Weights: make([]int32, MaxWeights+1)},
	}
	for i, l := range bad {
		if _, err := Encode(l); err == nil {
			t.Errorf("case %d: want error", i)
		}
	}
}

func FuzzDecode(f *testing.F) {
	s, _ := Encode(sample())
	f.Add(s)
	f.Add("")
	f.Add("AQ")
	small, _ := Encode(Link{Scheme: "material", Weights: []int32{100}})
	f.Add(small)
	f.Fuzz(func(t *testing.T, in string) {
		l, err := Decode(in)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not *Error", err)
			}
			return
		}
		// Anything accepted re-encodes to exactly the same payload.
		out, err := Encode(l)
		if err != nil {
			t.Fatalf("accepted link does not re-encode: %v", err)
		}
		if out != in {
			t.Fatalf("re-encoding differs:\n in %q\nout %q", in, out)
		}
	})
}
