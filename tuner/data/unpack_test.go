package data

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"

	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/internal/ziptest"
)

// TestUnpackZip: a zip archive's .pgn entries (any case, in archive order,
// other files ignored) give the same games as the plain file; an archive
// without a .pgn entry, a damaged entry and a cut archive are errors that
// say so.
func TestUnpackZip(t *testing.T) {
	in := string(fixture(t))
	// Split the fixture between two entries at a game boundary.
	cut := strings.Index(in[len(in)/2:], "[Event ") + len(in)/2
	games := func(r io.Reader) int {
		t.Helper()
		gs, err := ReadGames(context.Background(), r, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		return len(gs.Games) + gs.Unfinished
	}
	want := games(strings.NewReader(in))
	z := ziptest.Zip(t, ziptest.Entry{"twic/readme.txt", "not games"}, ziptest.Entry{"twic/a.pgn", in[:cut]}, ziptest.Entry{"twic/b.PGN", in[cut:]})
	r, err := Unpack(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	if got := games(r); got != want || want == 0 {
		t.Errorf("zip: %d games, want %d", got, want)
	}

	if _, err := Unpack(bytes.NewReader(ziptest.Zip(t, ziptest.Entry{"a.txt", "x"}, ziptest.Entry{"b.epd", "y"}))); err == nil ||
		!strings.Contains(err.Error(), "no .pgn file (entries: a.txt, b.epd)") {
		t.Errorf("zip without .pgn: %v", err)
	}
	if _, err := Unpack(bytes.NewReader(z[:len(z)/2])); err == nil || !strings.Contains(err.Error(), "zip input") {
		t.Errorf("cut zip: %v", err)
	}
	// A flipped byte inside an entry's data fails its checksum when read.
	bad := bytes.Clone(z)
	i := bytes.Index(bad, []byte("twic/a.pgn")) + len("twic/a.pgn") + 40
	bad[i] ^= 0xff
	r, err = Unpack(bytes.NewReader(bad))
	if err == nil {
		_, err = io.ReadAll(r)
	}
	if err == nil || !strings.Contains(err.Error(), "twic/a.pgn") {
		t.Errorf("damaged entry: %v", err)
	}
}

// FuzzUnpack: any input gives a reader or an error, never a panic.
func FuzzUnpack(f *testing.F) {
	f.Add(ziptest.Zip(f, ziptest.Entry{"a.pgn", "[Result \"1-0\"]\n\n1. e4 1-0\n"}))
	f.Add([]byte("PK\x03\x04garbage"))
	f.Add([]byte{0x1f, 0x8b, 8, 0})
	f.Add([]byte("[Event \"x\"]\n"))
	f.Add([]byte{0xff, 0xfe, '[', 0, 0x3d, 0xd8, 0x1e, 0xdd})
	f.Add([]byte("\x28\xb5\x2f\xfd\x64\x2b"))
	f.Add([]byte("BZh91AY&SY"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := Unpack(bytes.NewReader(b))
		if err != nil {
			return
		}
		io.Copy(io.Discard, io.LimitReader(r, 1<<20))
	})
}

// TestUnpackUTF16: text with a UTF-16 byte-order mark (little or big
// endian, plain or gzipped) reads as its UTF-8, non-ASCII names and a
// character beyond the BMP included; a lone final byte and an unpaired
// surrogate (high or low) become U+FFFD.
func TestUnpackUTF16(t *testing.T) {
	text := "[White \"Nepomniachtchi, Ян\"]\n[Annotator \"♞ 𝄞\"]\n\n1. e4 *\n"
	enc := func(order binary.AppendByteOrder, bom []byte, s string) []byte {
		b := bytes.Clone(bom)
		for _, u := range utf16.Encode([]rune(s)) {
			b = order.AppendUint16(b, u)
		}
		return b
	}
	le := enc(binary.LittleEndian, []byte{0xff, 0xfe}, text)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(le)
	zw.Close()
	for name, in := range map[string][]byte{
		"le": le, "be": enc(binary.BigEndian, []byte{0xfe, 0xff}, text), "gzip le": gz.Bytes(),
	} {
		r, err := Unpack(bytes.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(iotest.OneByteReader(r))
		if err != nil || string(got) != text {
			t.Errorf("%s: %q, %v", name, got, err)
		}
	}
	odd := append(enc(binary.LittleEndian, []byte{0xff, 0xfe}, "a"), 0x00, 0xd8, 'b', 0, 0x00, 0xdc, 'c')
	r, _ := Unpack(bytes.NewReader(odd))
	if got, err := io.ReadAll(r); err != nil || string(got) != "a\ufffdb\ufffd\ufffd" {
		t.Errorf("unpaired surrogate and a lone byte: %q, %v", got, err)
	}
	// UTF-8 text is left alone, byte for byte.
	if r, _ := Unpack(strings.NewReader(text)); true {
		if got, _ := io.ReadAll(r); string(got) != text {
			t.Errorf("UTF-8 changed: %q", got)
		}
	}
}

// TestUnpackCompressed: zstd (lichess's .pgn.zst), bzip2 and xz files
// (testdata/one.pgn.*, written by the tools) and 7z and RAR archives (their
// magic bytes) are refused with an error that names the format and says how
// to unpack it, not read as text; text that only looks like a magic start
// is read.
func TestUnpackCompressed(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name string
		in   []byte
		want string // the error, "" for none
	}{
		{"zstd", read("testdata/one.pgn.zst"), "data: zstd-compressed input: decompress it first (zstd -d FILE) or use .gz/.zip"},
		{"bzip2", read("testdata/one.pgn.bz2"), "data: bzip2-compressed input: decompress it first (bunzip2 FILE) or use .gz/.zip"},
		{"xz", read("testdata/one.pgn.xz"), "data: xz-compressed input: decompress it first (xz -d FILE) or use .gz/.zip"},
		{"7z", []byte("7z\xbc\xaf\x27\x1c\x00\x04 rest"), "data: 7z archive: extract it first (7z x FILE) or use .gz/.zip"},
		{"rar", []byte("Rar!\x1a\x07\x01\x00 rest"), "data: RAR archive: extract it first (unrar x FILE) or use .gz/.zip"},
		{"short text", []byte("*"), ""},
		{"BZh text", []byte("BZh is no move\n"), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, exts := range [][]string{{".pgn"}, {".epd", ".fen", ".txt"}} {
				r, ext, err := UnpackFiles(bytes.NewReader(tc.in), exts...)
				if tc.want == "" {
					if err != nil || ext != "" {
						t.Fatalf("%v: %q, %v", exts, ext, err)
					}
					if got, err := io.ReadAll(r); err != nil || !bytes.Equal(got, tc.in) {
						t.Errorf("%v: read %q, %v", exts, got, err)
					}
					continue
				}
				var ce *pgn.CompressedError
				if r != nil || err == nil || err.Error() != tc.want || !errors.As(err, &ce) {
					t.Errorf("%v: %v, want %q", exts, err, tc.want)
				}
			}
		})
	}
	// The same file gzipped reads: one game.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("[Event \"compressed\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"))
	zw.Close()
	r, err := Unpack(&gz)
	if err != nil {
		t.Fatal(err)
	}
	if gs, err := ReadGames(context.Background(), r, 0, nil); err != nil || len(gs.Games) != 1 {
		t.Errorf("gzipped: %+v, %v", gs, err)
	}
}
