package pgn

// MagicLen is how many leading bytes of an input Compressed needs to see.
const MagicLen = 6

// CompressedError reports input that is compressed, or an archive, in a
// format that has to be unpacked before its text can be read. ReadEPD
// returns it for every format it knows (it reads text only); the unpacking
// in tuner/data for the ones it does not unpack itself (all but gzip and
// zip).
type CompressedError struct {
	Format  string // "gzip", "zip", "zstd", "bzip2", "xz", "7z" or "RAR"
	Archive bool   // an archive of files (zip, 7z, rar), not one compressed stream
	Command string // the command that unpacks it, with FILE for the file's name
}

func (e *CompressedError) Error() string {
	if e.Archive {
		return e.Format + " archive: extract it first (" + e.Command + ")"
	}
	return e.Format + "-compressed input: decompress it first (" + e.Command + ")"
}

// compressedFormats are the magic bytes of the formats Compressed knows.
var compressedFormats = []struct {
	magic string
	err   CompressedError
}{
	{"\x1f\x8b", CompressedError{Format: "gzip", Command: "gunzip FILE"}},
	{"PK\x03\x04", CompressedError{Format: "zip", Archive: true, Command: "unzip FILE"}},
	{"\x28\xb5\x2f\xfd", CompressedError{Format: "zstd", Command: "zstd -d FILE"}}, // lichess's database files, .pgn.zst
	{"BZh", CompressedError{Format: "bzip2", Command: "bunzip2 FILE"}},             // then the block size, '1'…'9'
	{"\xfd7zXZ\x00", CompressedError{Format: "xz", Command: "xz -d FILE"}},
	{"7z\xbc\xaf\x27\x1c", CompressedError{Format: "7z", Archive: true, Command: "7z x FILE"}},
	{"Rar!\x1a\x07", CompressedError{Format: "RAR", Archive: true, Command: "unrar x FILE"}},
}

// Compressed returns the error for input whose first bytes, head (MagicLen
// of them, fewer for a shorter input), are the magic bytes of a compressed
// format or an archive; nil for anything else, text included (no PGN or EPD
// text starts so).
func Compressed(head []byte) *CompressedError {
	for i := range compressedFormats {
		f := &compressedFormats[i]
		if len(head) < len(f.magic) || string(head[:len(f.magic)]) != f.magic {
			continue
		}
		if f.err.Format == "bzip2" && (len(head) < 4 || head[3] < '1' || head[3] > '9') {
			continue
		}
		e := f.err
		return &e
	}
	return nil
}
