package data

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/evochess/evochess/engine/pgn"
)

// Unpack returns a reader of the PGN text in r: r itself for plain text,
// decompressed when it starts with the gzip magic bytes (.pgn.gz), and for
// a zip archive (it starts with "PK\x03\x04": The Week in Chess and most
// PGN sites distribute .zip files) the archive's .pgn entries in archive
// order, each followed by a blank line. A zip archive is read into memory
// whole (its directory is at its end); a zip without a .pgn entry, or one
// whose entries cannot be read, is an error naming them. Input in another
// compressed format (zstd, as lichess's database files .pgn.zst are, bzip2,
// xz) or another archive (7z, RAR), known by its magic bytes
// (pgn.Compressed), is an error that says so and how to unpack it: it is
// not read as text.
func Unpack(r io.Reader) (io.Reader, error) {
	u, _, err := UnpackFiles(r, ".pgn")
	return u, err
}

// UnpackFiles is Unpack for the files of a zip archive with one of exts
// (".pgn", ".epd", …; case-insensitive): it also returns the extension of
// the entries it reads, "" for plain or gzip input (the caller knows the
// format from the file's name then). The entries read must all have the
// same extension: an archive of .pgn and .epd files is refused.
func UnpackFiles(r io.Reader, exts ...string) (io.Reader, string, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(pgn.MagicLen)
	if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, "", fmt.Errorf("data: read input: %w", err)
	}
	switch {
	case len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b:
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, "", fmt.Errorf("data: gzip input: %w", err)
		}
		return fromUTF16(bufio.NewReader(z)), "", nil
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return unzipFiles(br, exts)
	}
	if ce := pgn.Compressed(head); ce != nil {
		return nil, "", fmt.Errorf("data: %w or use .gz/.zip", ce)
	}
	return fromUTF16(br), "", nil
}

// fromUTF16 returns br as UTF-8: text that starts with a UTF-16 byte-order
// mark (Windows PowerShell 5 writes files so: Get-Content *.pgn > all.pgn)
// is decoded, anything else is br itself.
func fromUTF16(br *bufio.Reader) io.Reader {
	head, _ := br.Peek(2)
	if len(head) < 2 {
		return br
	}
	var order binary.ByteOrder
	switch {
	case head[0] == 0xff && head[1] == 0xfe:
		order = binary.LittleEndian
	case head[0] == 0xfe && head[1] == 0xff:
		order = binary.BigEndian
	default:
		return br
	}
	br.Discard(2)
	return &utf16Reader{r: br, order: order}
}

// utf16Reader decodes UTF-16 (surrogate pairs included; an unpaired
// surrogate or a lone final byte becomes U+FFFD) to UTF-8.
type utf16Reader struct {
	r       *bufio.Reader
	order   binary.ByteOrder
	out     []byte // decoded bytes not yet returned
	err     error
	next    uint16 // a unit read ahead after a high surrogate, when hasNext
	hasNext bool
}

func (u *utf16Reader) unit() (uint16, error) {
	if u.hasNext {
		u.hasNext = false
		return u.next, nil
	}
	var b [2]byte
	n, err := io.ReadFull(u.r, b[:])
	if err == io.ErrUnexpectedEOF && n == 1 {
		return utf8.RuneError, nil // a lone final byte
	}
	if err != nil {
		return 0, err
	}
	return u.order.Uint16(b[:]), nil
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	for len(u.out) < len(p) && u.err == nil {
		c, err := u.unit()
		if err != nil {
			u.err = err
			break
		}
		r := rune(c)
		if utf16.IsSurrogate(r) {
			r = utf8.RuneError
			if c < 0xdc00 { // a high surrogate: its pair should follow
				lo, err := u.unit()
				switch {
				case err != nil:
					u.err = err
				case lo >= 0xdc00 && lo < 0xe000:
					r = utf16.DecodeRune(rune(c), rune(lo))
				default:
					u.next, u.hasNext = lo, true // not its pair: decoded next
				}
			}
		}
		u.out = utf8.AppendRune(u.out, r)
	}
	n := copy(p, u.out)
	u.out = u.out[n:]
	if n == 0 && u.err != nil {
		return 0, u.err
	}
	return n, nil
}

// unzipFiles reads a zip archive and returns its entries with one of exts.
func unzipFiles(r io.Reader, exts []string) (io.Reader, string, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, "", fmt.Errorf("data: read zip input: %w", err)
	}
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, "", fmt.Errorf("data: zip input: %w", err)
	}
	var parts []io.Reader
	var names []string
	ext := ""
	for _, f := range zr.File {
		names = append(names, f.Name)
		e := strings.ToLower(path.Ext(f.Name))
		if f.FileInfo().IsDir() || !slices.Contains(exts, e) {
			continue
		}
		switch {
		case ext == "":
			ext = e
		case e != ext:
			return nil, "", fmt.Errorf("data: zip input mixes %s and %s files (%s); give one kind", ext, e, f.Name)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, "", fmt.Errorf("data: zip entry %s: %w", f.Name, err)
		}
		// Entries are read when the games are: a damaged one fails there,
		// with its name (zipEntry).
		parts = append(parts, &zipEntry{name: f.Name, rc: rc}, strings.NewReader("\n\n"))
	}
	if len(parts) == 0 {
		if len(names) > 5 {
			names = append(names[:5], "…")
		}
		return nil, "", fmt.Errorf("data: zip input holds no %s file (entries: %s)", strings.Join(exts, " or "), strings.Join(names, ", "))
	}
	return io.MultiReader(parts...), ext, nil
}

// zipEntry reads one archive entry, naming it in its errors, and closes it
// at its end.
type zipEntry struct {
	name string
	rc   io.ReadCloser
}

func (z *zipEntry) Read(p []byte) (int, error) {
	n, err := z.rc.Read(p)
	switch {
	case err == io.EOF:
		z.rc.Close()
	case err != nil:
		err = fmt.Errorf("data: zip entry %s: %w", z.name, err)
	}
	return n, err
}
