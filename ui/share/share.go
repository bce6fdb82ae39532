// Package share encodes a player (and optionally the settings of the run that
// evolved it) into the fragment of a share URL, "#p=<payload>", and decodes it
// back with errors that say which part of a damaged link is wrong and why.
//
// Technique (share.go): a small binary record, strings as length-prefixed
// UTF-8, then a CRC-32 (IEEE) of everything before it, the whole encoded as
// unpadded base64url (strict, so stray low bits are refused).
//
//	byte 0      format version (2; 1 is still read)
//	uvarint     body length in bytes (lets a truncated link be told apart from a corrupted one)
//	body:
//	  uvarint   flags (bit 0: a run section follows)
//	  string    player name
//	  string    scheme name ("vazquez29", "david35", "modern", ...)
//	  ints      evaluation weights in the scheme's registry order
//	  ints      search parameters in engine/search's registry order (both groups)
//	  [run]     uvarint k, k (key, value) string pairs, keys sorted and unique
//	4 bytes     CRC-32 IEEE (big endian) of all bytes before it
//
// Version 2 writes each list of ints as a Rice code (Golomb coding with a
// power-of-two divisor; Rice 1979): uvarint n, then for n > 0 one byte k and
// the bit-packed codes of the zigzag-mapped values z (most significant bit
// first, zero-padded to a byte): q = z>>k in unary (q ones and a zero) and
// the k low bits of z; a value with q ≥ 31 is written as 31 ones and its 32
// bits instead. k is the one that makes the list shortest (the smallest on
// a tie). Weights spread over their bounds (a run from a random start: ±1000)
// take about 11 bits instead of a varint's 16, so such a modern player's
// link (774 weights) is about a quarter shorter than in version 1 (zigzag
// varints); a tuned player's weights, mostly within ±60, gain 3-10%. Shorter
// links make sparser QR codes (the Share tab draws one of every link).
// Decoding accepts only the canonical encoding (the best k, the escape only
// where needed, zero padding).
//
// A CRC-32 detects every error burst of up to 32 bits, so any single changed
// base64 character (6 bits) or byte is always caught; truncation is caught by
// the declared length. The package is pure Go with no build tags: it is unit-
// tested natively (share_test.go) and fuzzed (FuzzDecode).
package share

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"net/url"
	"sort"
	"strings"
	"unicode/utf8"
)

// Version is the current format version written by Encode.
const Version = 2

// Prefix introduces the payload in a URL fragment: "#p=".
const Prefix = "p="

// Limits keep a hostile link from allocating much.
const (
	MaxName    = 80   // bytes in a player name
	MaxScheme  = 32   // bytes in a scheme name
	MaxWeights = 4096 // evaluation weights
	MaxSearch  = 64   // search parameters
	MaxRunKeys = 64   // run settings
	MaxRunText = 200  // bytes in one run key or value
)

// Link is what a share URL carries.
type Link struct {
	Name    string            // player name shown on its card
	Scheme  string            // evaluation scheme name
	Weights []int32           // evaluation weights, the scheme's registry order
	Search  []int32           // search parameters, engine/search's registry order (may be empty: defaults)
	Run     map[string]string // optional run settings (algorithm, preset, population, seed, ...); nil if absent
}

// Error is a decoding failure: Part names the piece of the link that is wrong
// ("prefix", "base64", "length", "checksum", "version", "flags", "name",
// "scheme", "weights", "search", "run"), Offset is the character (base64) or byte
// (payload) offset where it was found, or -1.
type Error struct {
	Part   string
	Offset int
	Reason string
}

func (e *Error) Error() string {
	if e.Offset >= 0 {
		return fmt.Sprintf("share link: %s (at offset %d): %s", e.Part, e.Offset, e.Reason)
	}
	return fmt.Sprintf("share link: %s: %s", e.Part, e.Reason)
}

func fail(part string, off int, format string, args ...any) error {
	return &Error{Part: part, Offset: off, Reason: fmt.Sprintf(format, args...)}
}

var b64 = base64.RawURLEncoding.Strict()

// Encode returns the payload (without "#p=") for l in the current version.
// It fails only when l exceeds the format's limits.
func Encode(l Link) (string, error) { return encode(l, Version) }

// encode writes l in format version v (1 or 2).
func encode(l Link, v byte) (string, error) {
	switch {
	case len(l.Name) > MaxName:
		return "", fmt.Errorf("share: name is %d bytes, at most %d", len(l.Name), MaxName)
	case !utf8.ValidString(l.Name):
		return "", errors.New("share: name is not valid UTF-8")
	case l.Scheme == "" || len(l.Scheme) > MaxScheme:
		return "", fmt.Errorf("share: scheme name must be 1..%d bytes, got %d", MaxScheme, len(l.Scheme))
	case len(l.Weights) == 0 || len(l.Weights) > MaxWeights:
		return "", fmt.Errorf("share: %d weights, want 1..%d", len(l.Weights), MaxWeights)
	case len(l.Search) > MaxSearch:
		return "", fmt.Errorf("share: %d search parameters, at most %d", len(l.Search), MaxSearch)
	case len(l.Run) > MaxRunKeys:
		return "", fmt.Errorf("share: %d run settings, at most %d", len(l.Run), MaxRunKeys)
	}
	var body []byte
	flags := uint64(0)
	if l.Run != nil {
		flags |= 1
	}
	body = binary.AppendUvarint(body, flags)
	body = appendString(body, l.Name)
	body = appendString(body, l.Scheme)
	ints := appendInts
	if v >= 2 {
		ints = appendRice
	}
	body = ints(body, l.Weights)
	body = ints(body, l.Search)
	if l.Run != nil {
		keys := make([]string, 0, len(l.Run))
		for k, v := range l.Run {
			if k == "" || len(k) > MaxRunText || len(v) > MaxRunText || !utf8.ValidString(k) || !utf8.ValidString(v) {
				return "", fmt.Errorf("share: run setting %q=%q: key must be 1..%d bytes and value at most %d, valid UTF-8", k, v, MaxRunText, MaxRunText)
			}
			keys = append(keys, k)
		}
		sort.Strings(keys)
		body = binary.AppendUvarint(body, uint64(len(keys)))
		for _, k := range keys {
			body = appendString(body, k)
			body = appendString(body, l.Run[k])
		}
	}
	out := []byte{v}
	out = binary.AppendUvarint(out, uint64(len(body)))
	out = append(out, body...)
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out))
	return b64.EncodeToString(out), nil
}

// Fragment returns "p=<payload>" for use after '#'.
func Fragment(l Link) (string, error) {
	s, err := Encode(l)
	if err != nil {
		return "", err
	}
	return Prefix + s, nil
}

// ParseLink reads a share link as people paste it: the whole address or its
// "#p=…"/"p=…" part, wrapped across lines by a mail program (white space is
// dropped: a link has none), in <angle brackets> or quotes, with a
// sentence's full stop or comma after it, or percent-encoded inside another
// address (a mail scanner's "safelinks" wrapper: …?url=http%3A%2F%2F…%23p%3D…).
// What it strips cannot turn one player into another: the payload's
// checksum still decides. ok is false when no "p=" part is found.
func ParseLink(text string) (l Link, ok bool, err error) {
	t := strings.Join(strings.Fields(text), "")
	t = strings.TrimLeft(t, "<\"'(")
	t = strings.TrimRight(t, ">\"'.,;:!?)]}")
	for range 3 { // encoded once, or twice (a wrapper of a wrapper)
		if strings.Contains(t, "#") || !strings.Contains(t, "%") {
			break
		}
		u, uerr := url.QueryUnescape(t)
		if uerr != nil {
			break
		}
		t = u
	}
	frag := t
	if i := strings.IndexByte(t, '#'); i >= 0 {
		frag = t[i+1:]
	} else if !strings.HasPrefix(t, Prefix) {
		return Link{}, false, nil
	}
	return ParseFragment(frag)
}

// ParseHash reads the fragment of the page's own address (location.hash,
// "#p=…") as ParseLink reads a pasted link: the browser percent-encodes
// what was typed or pasted into the address bar with it (a space or a line
// break of a wrapped link, "%20"; a quote, "%22"), and a chat program may
// have taken the sentence's full stop into the link it made. ok is false
// for another fragment (#league).
func ParseHash(hash string) (l Link, ok bool, err error) {
	if u, uerr := url.PathUnescape(hash); uerr == nil {
		hash = u
	}
	if !strings.HasPrefix(hash, "#") {
		hash = "#" + hash
	}
	return ParseLink(hash)
}

// ParseFragment accepts a URL fragment with or without the leading '#'
// ("#p=...", "p=..."); other '&'-separated keys are ignored. It reports
// ok=false when no "p=" key is present (not a share link at all).
func ParseFragment(frag string) (l Link, ok bool, err error) {
	frag = strings.TrimPrefix(frag, "#")
	for _, kv := range strings.Split(frag, "&") {
		if v, found := strings.CutPrefix(kv, Prefix); found {
			l, err = Decode(v)
			return l, true, err
		}
	}
	return Link{}, false, nil
}

// Decode parses a payload produced by Encode. Every error is an *Error.
func Decode(s string) (Link, error) {
	if s == "" {
		return Link{}, fail("prefix", -1, "the link has no player data after #p=")
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return Link{}, fail("base64", i, "character %q is not base64url (A-Z a-z 0-9 - _); the link was altered", c)
		}
	}
	if len(s)%4 == 1 {
		return Link{}, fail("length", len(s), "%d characters cannot be base64url; the link is truncated or has a stray character", len(s))
	}
	raw, err := b64.DecodeString(s)
	if err != nil {
		var ce base64.CorruptInputError
		off := -1
		if errors.As(err, &ce) {
			off = int(ce)
		}
		return Link{}, fail("base64", off, "not a complete base64url payload (%d characters); the link was cut or altered", len(s))
	}
	if len(raw) < 1+1+4 {
		return Link{}, fail("length", -1, "only %d bytes; the link is truncated", len(raw))
	}
	if raw[0] == 0 || raw[0] > Version {
		return Link{}, fail("version", 0, "format version %d is not supported (this page reads version 1..%d); the link is damaged or from a newer evochess", raw[0], Version)
	}
	blen, n := binary.Uvarint(raw[1:])
	if n <= 0 {
		return Link{}, fail("length", 1, "the body length is unreadable; the link is damaged")
	}
	hdr := 1 + n
	want := uint64(hdr) + blen + 4
	if uint64(len(raw)) < want {
		return Link{}, fail("length", len(raw), "the link is truncated: %d bytes of %d present (was it copied completely?)", len(raw), want)
	}
	if uint64(len(raw)) > want {
		return Link{}, fail("length", int(want), "%d unexpected bytes after the checksum; the link was altered", uint64(len(raw))-want)
	}
	end := len(raw) - 4
	got := binary.BigEndian.Uint32(raw[end:])
	if sum := crc32.ChecksumIEEE(raw[:end]); sum != got {
		return Link{}, fail("checksum", -1, "CRC-32 is %08x but the link says %08x; some characters were changed", sum, got)
	}
	r := &reader{b: raw[:end], off: hdr, rice: raw[0] >= 2}
	var l Link
	flags, err := r.uvarint("flags")
	if err != nil {
		return Link{}, err
	}
	if flags&^1 != 0 {
		return Link{}, fail("flags", r.off, "unknown flags %#x", flags)
	}
	if l.Name, err = r.str("name", MaxName); err != nil {
		return Link{}, err
	}
	if l.Scheme, err = r.str("scheme", MaxScheme); err != nil {
		return Link{}, err
	}
	if l.Scheme == "" {
		return Link{}, fail("scheme", r.off, "empty scheme name")
	}
	if l.Weights, err = r.ints("weights", MaxWeights); err != nil {
		return Link{}, err
	}
	if len(l.Weights) == 0 {
		return Link{}, fail("weights", r.off, "no weights")
	}
	if l.Search, err = r.ints("search", MaxSearch); err != nil {
		return Link{}, err
	}
	if flags&1 != 0 {
		k, err := r.uvarint("run")
		if err != nil {
			return Link{}, err
		}
		if k > MaxRunKeys {
			return Link{}, fail("run", r.off, "%d settings, at most %d", k, MaxRunKeys)
		}
		l.Run = make(map[string]string, k)
		prev := ""
		for i := uint64(0); i < k; i++ {
			key, err := r.str("run", MaxRunText)
			if err != nil {
				return Link{}, err
			}
			val, err := r.str("run", MaxRunText)
			if err != nil {
				return Link{}, err
			}
			if key == "" || (i > 0 && key <= prev) {
				return Link{}, fail("run", r.off, "setting keys must be non-empty, sorted and unique (%q after %q)", key, prev)
			}
			prev = key
			l.Run[key] = val
		}
	}
	if r.off != len(r.b) {
		return Link{}, fail("length", r.off, "%d unread bytes at the end of the body", len(r.b)-r.off)
	}
	return l, nil
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendInts(b []byte, v []int32) []byte {
	b = binary.AppendUvarint(b, uint64(len(v)))
	for _, x := range v {
		b = binary.AppendVarint(b, int64(x))
	}
	return b
}

type reader struct {
	b    []byte
	off  int
	rice bool // lists of ints are Rice-coded (version 2)
}

func (r *reader) uvarint(part string) (uint64, error) {
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 {
		return 0, fail(part, r.off, "unreadable number (body ends or value overflows)")
	}
	r.off += n
	return v, nil
}

func (r *reader) str(part string, max int) (string, error) {
	n, err := r.uvarint(part)
	if err != nil {
		return "", err
	}
	if n > uint64(max) {
		return "", fail(part, r.off, "text of %d bytes, at most %d", n, max)
	}
	if uint64(len(r.b)-r.off) < n {
		return "", fail(part, r.off, "text of %d bytes runs past the end", n)
	}
	s := string(r.b[r.off : r.off+int(n)])
	if !utf8.ValidString(s) {
		return "", fail(part, r.off, "text is not valid UTF-8")
	}
	r.off += int(n)
	return s, nil
}

func (r *reader) ints(part string, max int) ([]int32, error) {
	n, err := r.uvarint(part)
	if err != nil {
		return nil, err
	}
	if n > uint64(max) {
		return nil, fail(part, r.off, "%d values, at most %d", n, max)
	}
	if r.rice {
		return r.riceInts(part, int(n))
	}
	v := make([]int32, 0, n)
	for i := uint64(0); i < n; i++ {
		x, k := binary.Varint(r.b[r.off:])
		if k <= 0 || x < -1<<31 || x > 1<<31-1 {
			return nil, fail(part, r.off, "value %d of %d is unreadable or outside int32", i+1, n)
		}
		r.off += k
		v = append(v, int32(x))
	}
	return v, nil
}

// Rice coding of int32 lists (version 2).

// riceEscape is the unary length that announces a raw 32-bit value.
const riceEscape = 31

// maxRiceK bounds the Rice parameter (a larger k never helps 32-bit values).
const maxRiceK = 31

func zigzag(x int32) uint32   { return uint32(x<<1) ^ uint32(x>>31) }
func unzigzag(z uint32) int32 { return int32(z>>1) ^ -int32(z&1) }

// riceBits is the length in bits of z's code with parameter k.
func riceBits(z uint32, k uint) int {
	if q := z >> k; q < riceEscape {
		return int(q) + 1 + int(k)
	}
	return riceEscape + 32
}

// riceK returns the parameter giving the shortest code of v (the smallest on a tie).
func riceK(v []int32) uint {
	best, bestBits := uint(0), -1
	for k := uint(0); k <= maxRiceK; k++ {
		bits := 0
		for _, x := range v {
			bits += riceBits(zigzag(x), k)
		}
		if bestBits < 0 || bits < bestBits {
			best, bestBits = k, bits
		}
	}
	return best
}

// appendRice appends uvarint len(v), then (for a non-empty v) the byte k and
// the bit-packed Rice codes of v.
func appendRice(b []byte, v []int32) []byte {
	if len(v) == 0 {
		return binary.AppendUvarint(b, 0)
	}
	return appendRiceK(b, v, riceK(v))
}

// appendRiceK is appendRice with the parameter k.
func appendRiceK(b []byte, v []int32, k uint) []byte {
	b = binary.AppendUvarint(b, uint64(len(v)))
	b = append(b, byte(k))
	var acc uint64 // pending bits, right-aligned
	var nacc uint
	put := func(bits uint64, n uint) {
		for n > 0 {
			take := min(n, 32)
			n -= take
			acc = acc<<take | (bits>>n)&(1<<take-1)
			nacc += take
			for nacc >= 8 {
				nacc -= 8
				b = append(b, byte(acc>>nacc))
			}
		}
	}
	for _, x := range v {
		z := zigzag(x)
		if q := z >> k; q < riceEscape {
			put((1<<(q+1))-2, uint(q)+1) // q ones, then a zero
			put(uint64(z), k)
		} else {
			put(1<<riceEscape-1, riceEscape)
			put(uint64(z), 32)
		}
	}
	if nacc > 0 {
		b = append(b, byte(acc<<(8-nacc)))
	}
	return b
}

// riceInts reads n Rice-coded values (after their count) and checks that
// the encoding is the canonical one.
func (r *reader) riceInts(part string, n int) ([]int32, error) {
	if n == 0 {
		return []int32{}, nil
	}
	if r.off >= len(r.b) {
		return nil, fail(part, r.off, "the list's Rice parameter is missing (body ends)")
	}
	k := uint(r.b[r.off])
	start := r.off
	if k > maxRiceK {
		return nil, fail(part, r.off, "Rice parameter %d is above %d", k, maxRiceK)
	}
	r.off++
	pos := uint64(r.off) * 8 // bit position
	end := uint64(len(r.b)) * 8
	bit := func() (uint64, bool) {
		if pos >= end {
			return 0, false
		}
		v := uint64(r.b[pos/8]>>(7-pos%8)) & 1
		pos++
		return v, true
	}
	bits := func(n uint) (uint64, bool) {
		var v uint64
		for i := uint(0); i < n; i++ {
			b, ok := bit()
			if !ok {
				return 0, false
			}
			v = v<<1 | b
		}
		return v, true
	}
	out := make([]int32, n)
	for i := range out {
		q := uint32(0)
		for q < riceEscape {
			b, ok := bit()
			if !ok {
				return nil, fail(part, int(pos/8), "value %d of %d runs past the end of the body", i+1, n)
			}
			if b == 0 {
				break
			}
			q++
		}
		var z uint64
		var ok bool
		if q == riceEscape {
			if z, ok = bits(32); ok && uint32(z)>>k < riceEscape {
				return nil, fail(part, int(pos/8), "value %d of %d is escaped though it fits the code; the link was altered", i+1, n)
			}
		} else {
			z, ok = bits(k)
			z |= uint64(q) << k
			if z > 1<<32-1 {
				return nil, fail(part, int(pos/8), "value %d of %d is outside int32", i+1, n)
			}
		}
		if !ok {
			return nil, fail(part, int(pos/8), "value %d of %d runs past the end of the body", i+1, n)
		}
		out[i] = unzigzag(uint32(z))
	}
	if pos%8 != 0 {
		if pad, _ := bits(uint(8 - pos%8)); pad != 0 {
			return nil, fail(part, int(pos/8), "non-zero padding after the last value; the link was altered")
		}
	}
	r.off = int(pos / 8)
	if riceK(out) != k {
		return nil, fail(part, start, "Rice parameter %d is not the best one for these values; the link was altered", k)
	}
	return out, nil
}
