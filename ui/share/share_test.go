package share

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"os"
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
	// A version-3 payload with a valid CRC.
	raw, _ := b64.DecodeString(s)
	raw[0] = 3
	binary.BigEndian.PutUint32(raw[len(raw)-4:], crc32.ChecksumIEEE(raw[:len(raw)-4]))
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
	v1, _ := encode(sample(), 1)
	f.Add(v1)
	f.Add(modernLink(1).payload(f))
	f.Fuzz(func(t *testing.T, in string) {
		l, err := Decode(in)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not *Error", err)
			}
			return
		}
		// Anything accepted re-encodes to exactly the same payload (in its version).
		raw, _ := b64.DecodeString(in)
		out, err := encode(l, raw[0])
		if err != nil {
			t.Fatalf("accepted link does not re-encode: %v", err)
		}
		if out != in {
			t.Fatalf("re-encoding differs:\n in %q\nout %q", in, out)
		}
	})
}

// modernLink is a modern-sized player: 774 weights, mostly within ±60
// (material in the hundreds), as a Texel-tuned player's are, and a search
// vector of both groups.
func modernLink(seed uint64) Link {
	rng := rand.New(rand.NewPCG(seed, 9))
	l := Link{Name: "modern", Scheme: "modern", Weights: make([]int32, 774), Search: make([]int32, 40)}
	for i := range l.Weights {
		if i < 10 {
			l.Weights[i] = int32(80 + rng.IntN(1100))
		} else {
			l.Weights[i] = int32(rng.NormFloat64() * 30)
		}
	}
	for i := range l.Search {
		l.Search[i] = int32(rng.IntN(300))
	}
	return l
}

func (l Link) payload(t testing.TB) string {
	s, err := Encode(l)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestVersion1StillRead decodes a link written by the first version of the
// format (testdata/v1.txt, made before version 2 existed).
func TestVersion1StillRead(t *testing.T) {
	b, err := os.ReadFile("testdata/v1.txt")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	if want := sample(); !reflect.DeepEqual(got, want) {
		t.Fatalf("version 1 link decodes to\n%#v\nwant\n%#v", got, want)
	}
	if v1, _ := encode(sample(), 1); v1 != strings.TrimSpace(string(b)) {
		t.Errorf("the version 1 writer changed")
	}
}

// TestRiceShorter: version 2 is shorter than version 1 for tuned and random
// weights alike, and round-trips extreme values through the escape.
func TestRiceShorter(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	uniform := Link{Scheme: "modern", Weights: make([]int32, 774)}
	for i := range uniform.Weights {
		uniform.Weights[i] = int32(rng.IntN(2001) - 1000)
	}
	for _, c := range []struct {
		name  string
		l     Link
		ratio float64
	}{{"tuned", modernLink(2), 0.92}, {"uniform ±1000", uniform, 0.8}, {"extremes", sample(), 1.1}} {
		v1, _ := encode(c.l, 1)
		v2, err := Encode(c.l)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(v2)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(c.l.Search) == 0 {
			c.l.Search = []int32{}
		}
		if !reflect.DeepEqual(got, c.l) {
			t.Fatalf("%s: round trip changed the link", c.name)
		}
		t.Logf("%s: version 1 %d characters, version 2 %d", c.name, len(v1), len(v2))
		if float64(len(v2)) > c.ratio*float64(len(v1)) {
			t.Errorf("%s: version 2 is %d characters, version 1 %d", c.name, len(v2), len(v1))
		}
	}
}

// TestRiceCanonical: a list coded with another Rice parameter, an escape
// where none is needed, or non-zero padding is refused (only the canonical
// encoding is read, so a link has exactly one form).
func TestRiceCanonical(t *testing.T) {
	l := Link{Scheme: "x", Weights: []int32{3, -7, 12, 0, 5}}
	good, _ := Encode(l)
	raw, _ := b64.DecodeString(good)
	body := func(mut func(b []byte) []byte) string {
		// Rebuild: header, mutated body, fresh CRC.
		blen, n := binary.Uvarint(raw[1:])
		b := mut(append([]byte(nil), raw[1+n:1+n+int(blen)]...))
		out := append([]byte{Version}, binary.AppendUvarint(nil, uint64(len(b)))...)
		out = append(out, b...)
		return b64.EncodeToString(binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out)))
	}
	// The weights list starts after flags (1), name (1), scheme (2).
	const at = 4
	other := func(k uint) func([]byte) []byte {
		return func(b []byte) []byte {
			var w []byte
			w = append(w, b[:at]...)
			w = appendRiceK(w, l.Weights, k)
			return append(w, 0) // search: empty list
		}
	}
	if _, err := Decode(body(func(b []byte) []byte { return b })); err != nil {
		t.Fatalf("rebuilt link: %v", err)
	}
	k := riceK(l.Weights)
	for _, c := range []struct {
		name string
		mut  func([]byte) []byte
		want string
	}{
		{"other k", other(k + 1), "not the best"},
		{"padding", func(b []byte) []byte { b[len(b)-2] |= 1; return b }, ""},
	} {
		_, err := Decode(body(c.mut))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestParseLink: a link as people paste it — wrapped by a mail program,
// bracketed, quoted, followed by a full stop, percent-encoded inside a mail
// scanner's wrapper address — gives the same player; what is not a link
// says so, and an altered payload is still an error.
func TestParseLink(t *testing.T) {
	want := sample()
	payload := want.payload(t)
	full := "http://192.168.1.20:8080/#p=" + payload
	wrapped := full[:30] + "\n  " + full[30:70] + "\r\n" + full[70:]
	safelink := "https://eur01.safelinks.protection.outlook.com/?url=" +
		strings.NewReplacer(":", "%3A", "/", "%2F", "#", "%23", "=", "%3D").Replace(full) + "&data=05%7C01&reserved=0"
	for _, in := range []string{
		full, "#p=" + payload, "p=" + payload, " " + full + "\n", wrapped, "<" + full + ">", `"` + full + `"`,
		"(" + full + ").", full + ",", safelink, strings.ReplaceAll(safelink, "%", "%25"), // encoded twice
		"http://x/#view=play&p=" + payload,
	} {
		got, ok, err := ParseLink(in)
		if !ok || err != nil {
			t.Errorf("ParseLink(%.60q…): ok %v, %v", in, ok, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("ParseLink(%.60q…) = %+v, want %+v", in, got, want)
		}
	}
	for _, in := range []string{"", "http://x/", "http://x/#play", "hello", "%23p"} {
		if _, ok, err := ParseLink(in); ok || err != nil {
			t.Errorf("ParseLink(%q): ok %v, %v; want not a link, no error", in, ok, err)
		}
	}
	// Altered, not merely wrapped: the checksum still refuses it.
	for _, in := range []string{full[:len(full)-5], full[:60] + "x" + full[61:], strings.Replace(full, "#p=", "#p=A", 1)} {
		if _, ok, err := ParseLink(in); !ok || err == nil {
			t.Errorf("ParseLink(altered %.40q…): ok %v, %v; want an error", in, ok, err)
		}
	}
}

// FuzzParseLink: any pasted text gives a player, "not a link" or an *Error,
// never a panic; what it accepts encodes again.
func FuzzParseLink(f *testing.F) {
	full := "http://192.168.1.20:8080/#p=" + sample().payload(f)
	for _, s := range []string{full, "<" + full + ">.", "p=AQ", "%2523p%253DAQ", "http://x/?u=a%23p%3D" + sample().payload(f), "%", "#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		l, ok, err := ParseLink(in)
		if err != nil {
			var e *Error
			if !ok || !errors.As(err, &e) {
				t.Fatalf("ParseLink(%q): ok %v, error %v (want ok and an *Error)", in, ok, err)
			}
			return
		}
		if ok {
			if _, err := Encode(l); err != nil {
				t.Fatalf("ParseLink(%q) accepted a link that does not encode: %v", in, err)
			}
		}
	})
}

// TestParseHash: the page's own address as the browser gives it
// (location.hash, percent-encoded) opens as a pasted link does.
func TestParseHash(t *testing.T) {
	want := sample()
	payload := want.payload(t)
	for _, in := range []string{
		"#p=" + payload, "#p=" + payload + "%20", "#p=" + payload + ".", "#p=" + payload + "%22", "#p=" + payload[:40] + "%0A%20%20" + payload[40:],
		"#view=play&p=" + payload, "p=" + payload,
	} {
		got, ok, err := ParseHash(in)
		if !ok || err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseHash(%.60q…): ok %v, %v", in, ok, err)
		}
	}
	for _, in := range []string{"", "#", "#league", "#x=1", "#%"} {
		if _, ok, err := ParseHash(in); ok || err != nil {
			t.Errorf("ParseHash(%q): ok %v, %v; want not a link, no error", in, ok, err)
		}
	}
	for _, in := range []string{"#p=" + payload[:len(payload)-5], "#p=" + payload[:20] + "%25" + payload[21:], "#p="} {
		if _, ok, err := ParseHash(in); !ok || err == nil {
			t.Errorf("ParseHash(altered %.40q…): ok %v, %v; want an error", in, ok, err)
		}
	}
}
