package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/player"
)

// TestShareCommand: a player file becomes a link the page opens (the page's
// codec), and the link becomes the same player again; the refusals name
// what is wrong.
func TestShareCommand(t *testing.T) {
	dir := t.TempDir()
	for _, preset := range []string{"david-fig3", "modern-material"} {
		orig, err := player.FromPreset(preset)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, preset+".json")
		if err := os.WriteFile(file, presetPlayer(t, preset), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _, err := runCmd(t, "share", "-player", file, "-base", "http://10.0.0.7:8080/")
		if err != nil {
			t.Fatal(err)
		}
		link := strings.TrimSpace(out)
		if !strings.HasPrefix(link, "http://10.0.0.7:8080/#p=") || strings.Contains(link, "\n") {
			t.Fatalf("%s: link %q", preset, link)
		}
		back := filepath.Join(dir, preset+"-back.json")
		if _, _, err := runCmd(t, "share", "-link", link, "-out", back); err != nil {
			t.Fatal(err)
		}
		fb, err := os.Open(back)
		if err != nil {
			t.Fatal(err)
		}
		got, err := player.Load(fb)
		fb.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got.Name != orig.Name || got.Scheme != orig.Scheme || !reflect.DeepEqual(got.Weights, orig.Weights) || !reflect.DeepEqual(got.Search, orig.Search) {
			t.Errorf("%s: the link's player differs:\n got %+v\nwant %+v", preset, got, orig)
		}
		// Only the fragment works too, and a preset needs no file.
		frag := link[strings.IndexByte(link, '#'):]
		if o2, _, err := runCmd(t, "share", "-link", frag); err != nil || !strings.Contains(o2, `"scheme"`) {
			t.Errorf("%s: -link with the fragment alone: %v\n%s", preset, err, o2)
		}
		// As a mail program passes it on: wrapped, bracketed, with a full stop.
		if o4, _, err := runCmd(t, "share", "-link", "<"+link[:40]+"\n "+link[40:]+">."); err != nil || !strings.Contains(o4, `"scheme"`) {
			t.Errorf("%s: -link wrapped across lines: %v\n%s", preset, err, o4)
		}
		if o3, _, err := runCmd(t, "share", "-preset", preset, "-base", "http://10.0.0.7:8080/"); err != nil || strings.TrimSpace(o3) != link {
			t.Errorf("%s: -preset gives %q, want the file's link (%v)", preset, o3, err)
		}
	}
	// A link is a player wherever a player file is: match, eval, uci.
	link, _, err := runCmd(t, "share", "-preset", "david-fig3")
	if err != nil {
		t.Fatal(err)
	}
	link = strings.TrimSpace(link)
	if out, _, err := runCmd(t, "match", "-a", link+",elo=1500", "-b", "preset:material", "-games", "2", "-depth", "1"); err != nil ||
		!strings.Contains(out, "david-fig3 @1500 vs material: 2 games") {
		t.Errorf("match with a link: %v\n%s", err, out)
	}
	// -resume keys a link by itself (it is the whole player).
	state := filepath.Join(dir, "m.jsonl")
	for i := 0; i < 2; i++ {
		if out, stderr, err := runCmd(t, "match", "-a", link, "-b", "preset:material", "-games", "2", "-depth", "1", "-resume", state); err != nil ||
			!strings.Contains(out, "2 games") || (i == 1 && !strings.Contains(stderr, "2 finished games kept")) {
			t.Errorf("match -resume with a link (run %d): %v\n%s\n%s", i+1, err, out, stderr)
		}
	}
	viaLink, _, err1 := runCmd(t, "eval", "-player", link, "-fen", board.StartFEN)
	viaPreset, _, err2 := runCmd(t, "eval", "-preset", "david-fig3", "-fen", board.StartFEN)
	if err1 != nil || err2 != nil || viaLink != viaPreset {
		t.Errorf("eval with a link: %v %v\n%s\n---\n%s", err1, err2, viaLink, viaPreset)
	}
	var uciOut bytes.Buffer
	if err := run([]string{"uci", "-player", link}, strings.NewReader("uci\nposition startpos\ngo depth 2\nquit\n"), &uciOut, io.Discard); err != nil ||
		!strings.Contains(uciOut.String(), "info depth 1 ") {
		t.Errorf("uci with a link: %v\n%s", err, uciOut.String())
	}
	if _, _, err := runCmd(t, "match", "-a", "http://x/#p=AAAA", "-b", "preset:material", "-games", "2", "-depth", "1"); err == nil ||
		!strings.Contains(err.Error(), "truncated") {
		t.Errorf("match with a damaged link: %v", err)
	}

	out, _, err := runCmd(t, "share", "-preset", "material", "-qr")
	if err != nil || !strings.HasPrefix(out, defaultShareBase+"#p=") || !strings.Contains(out, "█") {
		t.Errorf("-qr: %v\n%s", err, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "need -player FILE or -preset NAME"},
		{[]string{"-preset", "material", "-base", "ftp://x"}, "want the page's http:// or https:// address"},
		{[]string{"-link", "http://x/"}, "is not a share link"},
		{[]string{"-link", "http://x/#p=AAAA"}, "truncated"},
		{[]string{"-link", "http://x/#p=AAAA", "-preset", "material"}, "-preset does nothing in decoding a link"},
		{[]string{"-link", "http://x/#p=AAAA", "-base", "http://y/", "-qr"}, "-base, -qr do nothing in decoding a link"},
		{[]string{"-preset", "material", "-out", "x.json"}, "-out goes with -link"},
		{[]string{"-player", "material"}, "for the preset write -preset material"},
	} {
		if _, _, err := runCmd(t, append([]string{"share"}, c.args...)...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("share %v: error %v, want %q", c.args, err, c.want)
		}
	}
}

// TestShareTruncate: an error's quoted link is cut between characters,
// never inside one (the message stays valid UTF-8).
func TestShareTruncate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 60, "short"},
		{"abcdef", 3, "abc…"},
		{"ab♘cd", 3, "ab…"}, // ♘ is 3 bytes: bytes 2..4
		{"ab♘cd", 4, "ab…"},
		{"ab♘cd", 5, "ab♘…"},
		{"♘♘", 1, "…"},
	} {
		if got := truncate(tc.in, tc.n); got != tc.want || !utf8.ValidString(got) {
			t.Errorf("truncate(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
	// As the command quotes it.
	_, _, err := runCmd(t, "share", "-link", strings.Repeat("x", 58)+"♘♘ not a link")
	if err == nil || !utf8.ValidString(err.Error()) {
		t.Errorf("error %q is not valid UTF-8", err)
	}
}

// TestShareUsage: -h names -base's value as a URL (not a phrase of its
// help text).
func TestShareUsage(t *testing.T) {
	_, stderr, _ := runCmd(t, "share", "-h")
	if !strings.Contains(stderr, "-base URL\n") {
		t.Errorf("usage:\n%s", stderr)
	}
}
