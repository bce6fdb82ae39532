package main

// Native runs: where their games come from (the bundled demo games embedded
// with the site, or files in -data-dir) and the call into wasm/runner, the
// same run code the Web Worker uses.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/evochess/evochess/tuner/dist"
	"github.com/evochess/evochess/wasm/protocol"
	"github.com/evochess/evochess/wasm/runner"
)

// sources resolves RunConfig.Data.Source for native runs.
type sources struct {
	site    *site
	dataDir string // "" = only the bundled games
	// coord, when set, runs the fitness work on its queue (serve_dist.go).
	coord *dist.Coordinator
}

// open returns the PGN bytes source names. Only "bundled" and plain file
// names inside dataDir are accepted: an HTTP client cannot name other files.
func (s *sources) open(src string) (io.ReadCloser, int64, error) {
	if protocol.IsBundled(src) {
		a, ok := s.site.assets[protocol.BundledPath]
		if !ok {
			return nil, 0, fmt.Errorf("serve: the bundled games (%s) are not in this binary (run `make build`)", protocol.BundledPath)
		}
		return io.NopCloser(bytes.NewReader(a.plain)), int64(len(a.plain)), nil
	}
	if s.dataDir == "" {
		return nil, 0, fmt.Errorf("serve: data source %q: only %q (start the server with -data-dir to allow files)", src, protocol.BundledSource)
	}
	if !fs.ValidPath(src) || strings.Contains(src, "/") || !(strings.HasSuffix(src, ".pgn") || strings.HasSuffix(src, ".pgn.gz")) {
		return nil, 0, fmt.Errorf("serve: data source %q: want a .pgn or .pgn.gz file name in the data folder", src)
	}
	f, err := os.DirFS(s.dataDir).Open(src)
	if err != nil {
		return nil, 0, fmt.Errorf("serve: data source %q: %w", path.Base(src), err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("serve: data source %q: %w", src, err)
	}
	return f, st.Size(), nil
}

// openData opens another data file a run names (an opening book, an EPD
// suite): the site's data folder first, then -data-dir.
func (s *sources) openData(name string) (io.ReadCloser, error) {
	if !fs.ValidPath(name) {
		return nil, fmt.Errorf("serve: data file %q: not a plain relative path", name)
	}
	if a, ok := s.site.assets[path.Join("data", name)]; ok {
		return io.NopCloser(bytes.NewReader(a.plain)), nil
	}
	if s.dataDir == "" {
		return nil, fmt.Errorf("serve: data file %q: not in the site's data folder (start the server with -data-dir)", name)
	}
	f, err := os.DirFS(s.dataDir).Open(name)
	if err != nil {
		return nil, fmt.Errorf("serve: data file: %w", err)
	}
	return f, nil
}

// check validates cfg's names and that its source can be opened.
func (s *sources) check(cfg protocol.RunConfig) error {
	if err := runner.CheckConfig(cfg); err != nil {
		return err
	}
	rc, _, err := s.open(cfg.Data.Source)
	if err != nil {
		return err
	}
	return rc.Close()
}

// run loads cfg's games and runs cfg on all cores.
func (s *sources) run(ctx context.Context, cfg protocol.RunConfig, ctl *runner.Control, emit func(protocol.Body)) ([]byte, error) {
	rc, size, err := s.open(cfg.Data.Source)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	name := cfg.Data.Source
	if s.coord != nil && protocol.IsBundled(name) {
		name = protocol.BundledDataName // the name workers find in their -data-dir
	}
	games, err := runner.LoadPGN(ctx, rc, name, size, cfg.Data.Sample.MaxGames, nil, nil)
	if err != nil {
		return nil, err
	}
	opts := runner.Options{Control: ctl, Emit: emit, Open: s.openData, Workers: cfg.Workers}
	if s.coord != nil {
		opts.Distribute = s.coord.Distribute
		defer s.reportCluster(emit)()
	}
	return runner.Run(ctx, games, cfg, opts)
}
