package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/evochess/evochess/assets"
	"github.com/evochess/evochess/engine/uci"
)

func init() {
	register(command{
		name:    "uci",
		summary: "speak the UCI protocol on stdin/stdout (for chess GUIs and match runners)",
		run:     runUCI,
	})
}

// runUCI implements `evochess uci [-player FILE] [-preset NAME] [-hash MB]`.
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	fs.SetOutput(stderr)
	playerFile := fs.String("player", "", "player file (JSON), or a share link (…#p=…), to play with")
	preset := fs.String("preset", "", "evaluation preset to play with (default "+uci.DefaultPreset+")")
	hash := fs.Int("hash", 16, "initial transposition table size in MiB")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("uci: unexpected arguments %q", fs.Args())
	}
	if err := checkHash("uci", *hash, false); err != nil {
		return err
	}
	if *playerFile != "" && *preset != "" {
		return fmt.Errorf("uci: give -player or -preset, not both")
	}
	opts := uci.Options{HashMB: *hash, OpenFile: func(name string) (io.ReadCloser, error) { return os.Open(name) },
		DefaultBook: assets.Book}
	switch {
	case *playerFile != "":
		p, err := loadPlayer(*playerFile, "")
		if err != nil {
			return fmt.Errorf("uci: %w", err)
		}
		opts.Player = p
	case *preset != "":
		opts.Preset = *preset
	}
	return uci.Run(context.Background(), stdin, stdout, opts)
}
