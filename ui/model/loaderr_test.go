package model

import (
	"strings"
	"testing"
)

func TestLoadErrorText(t *testing.T) {
	for _, c := range []struct{ name, msg, want string }{
		{"x.zip", "runner: load x.zip: data: zip input: zip: not a valid zip file", "it is not a readable zip archive (damaged, or not a zip file)"},
		{"notes.zip", "runner: load notes.zip: data: zip input holds no .pgn file (entries: notes.txt)", "the zip archive holds no .pgn file (entries: notes.txt)"},
		{"g.gz", "runner: load g.gz: data: gzip input: gzip: invalid header", "it is a damaged gzip file (cut short or corrupt), so it could not be unpacked"},
		{"t.zip", "runner: load t.zip: data: zip entry a/b.pgn: zip: checksum error", "the zip archive's file a/b.pgn is damaged and could not be unpacked"},
		{"l.pgn.zst", "runner: load l.pgn.zst: data: zstd-compressed input: decompress it first (zstd -d FILE) or use .gz/.zip", "zstd-compressed input: decompress it first (zstd -d l.pgn.zst) or use .gz/.zip"},
	} {
		got := LoadErrorText(c.name, c.msg)
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.msg, got, c.want)
		}
		if strings.Contains(got, "runner:") || strings.Contains(got, "data:") {
			t.Errorf("package prefix left in %q", got)
		}
	}
}
