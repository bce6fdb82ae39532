package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/internal/qr"
	"github.com/evochess/evochess/ui/model"
	"github.com/evochess/evochess/ui/share"
)

// The share command carries players between the command line and the
// playground: a player file evolved natively (evochess tune -out) becomes a
// share link anyone can open and play, and a link a student shared becomes a
// player file for match, uci or eval. It uses the page's own codec
// (ui/share, ui/model: pure Go), so a link it prints opens in the page and a
// link the page made decodes here.
func init() {
	register(command{
		name:    "share",
		summary: "print a player's share link (#p=…, with a QR code), or write the player file of a share link",
		run:     runShare,
	})
}

// defaultShareBase is the page a printed link opens: the playground as
// `evochess serve` serves it by default.
const defaultShareBase = "http://127.0.0.1:8080/"

func runShare(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("share", flag.ContinueOnError)
	fs.SetOutput(stderr)
	playerFile := fs.String("player", "", "player file (JSON) to make a link of")
	preset := fs.String("preset", "", "evaluation preset to make a link of instead of -player")
	base := fs.String("base", defaultShareBase, "`URL` of the playground the link opens (a class's evochess serve -lan address, or any host of the page)")
	showQR := fs.Bool("qr", false, "also print the link as a QR code (for phones)")
	link := fs.String("link", "", "a share link (the whole URL, or its #p=… part) to write as a player file")
	out := fs.String("out", "", "with -link: the player file to write (default: standard output)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: evochess share -player FILE | -preset NAME [-base URL] [-qr]")
		fmt.Fprintln(stderr, "       evochess share -link URL [-out player.json]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("share: unexpected argument %q", fs.Arg(0))
	}
	if *link != "" {
		if err := onlyFlags(fs, "share", "decoding a link (-link writes a player file)", "link", "out"); err != nil {
			return err
		}
		return writeSharedPlayer(*link, *out, stdout)
	}
	if *out != "" {
		return errors.New("share: -out goes with -link")
	}
	p, err := loadPlayer(*playerFile, *preset)
	if err != nil {
		return fmt.Errorf("share: %w", err)
	}
	u, err := url.Parse(*base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("share: -base %q: want the page's http:// or https:// address", *base)
	}
	var b strings.Builder
	if err := p.Save(&b); err != nil {
		return fmt.Errorf("share: %w", err)
	}
	l, err := model.LinkFromPlayerJSON([]byte(b.String()), nil)
	if err != nil {
		return fmt.Errorf("share: %w", err)
	}
	frag, err := share.Fragment(l)
	if err != nil {
		return fmt.Errorf("share: %w", err)
	}
	u.Fragment, u.RawFragment = "", ""
	full := u.String() + "#" + frag
	fmt.Fprintln(stdout, full)
	if *showQR {
		code, err := qr.Terminal(full)
		if err != nil {
			return fmt.Errorf("share: QR code: %w (the link is %d characters)", err, len(full))
		}
		fmt.Fprint(stdout, code)
	}
	return nil
}

// linkPlayer decodes a share link (the whole URL or its #p=… part) into
// the player file it carries.
func linkPlayer(link string) ([]byte, share.Link, error) {
	l, ok, err := share.ParseLink(link)
	switch {
	case err != nil:
		return nil, l, err
	case !ok:
		return nil, l, fmt.Errorf("%q is not a share link (no #p= part)", truncate(link, 60))
	}
	b, err := model.PlayerFromLink(l)
	return b, l, err
}

// playerOfLink is the player a share link carries, named "shared <scheme>
// player" when the link has no name (match, uci, eval, bench, spsa).
func playerOfLink(link string) (*player.Player, error) {
	b, l, err := linkPlayer(link)
	if err != nil {
		return nil, err
	}
	p, err := player.Load(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	if p.Name == "" {
		p.Name = "shared " + l.Scheme + " player"
	}
	return p, nil
}

// isShareLink reports whether a player spec is a share link (match, uci).
func isShareLink(spec string) bool { return strings.Contains(spec, "#p=") }

// writeSharedPlayer decodes a share link and writes its player file.
func writeSharedPlayer(link, out string, stdout io.Writer) error {
	b, l, err := linkPlayer(link)
	if err != nil {
		return fmt.Errorf("share: %w", err)
	}
	if out == "" {
		_, err = stdout.Write(b)
		return err
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		return fmt.Errorf("share: %w", err)
	}
	fmt.Fprintf(stdout, "%s: %s (%s)\n", out, l.Name, l.Scheme)
	return nil
}

// truncate shortens s to at most n bytes for an error message, cutting
// between characters (never inside one).
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
