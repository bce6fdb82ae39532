package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/evochess/evochess/tuner/dist"
)

func init() {
	register(command{
		name:    "serve",
		summary: "serve the playground (embedded site) and native runs on 127.0.0.1:8080",
		run:     runServe,
	})
}

// runServe is `evochess serve`: flags, then serve until SIGINT/SIGTERM.
func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "listen address")
	maxRuns := fs.Int("max-runs", 1, "native runs at once (more get 429)")
	dataDir := fs.String("data-dir", "", "folder of .pgn / .pgn.gz files native runs may name as their data source")
	var df distFlags
	df.bind(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("serve: unexpected arguments %q", fs.Args())
	}
	if *maxRuns < 1 {
		return fmt.Errorf("serve: -max-runs %d: want at least 1", *maxRuns)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return serve(ctx, ln, serveOptions{maxRuns: *maxRuns, dataDir: *dataDir, site: siteRoot(), dist: &df}, stdout)
}

// serveOptions configures the server.
type serveOptions struct {
	maxRuns int
	dataDir string
	site    fs.FS // the site's files (the embedded server/site)
	// dist, with -distributed, runs native runs' fitness on a NATS
	// JetStream work queue (serve_dist.go); coord is the started coordinator.
	dist  *distFlags
	coord *dist.Coordinator
}

// serve serves the embedded site and the API on ln until ctx ends, then shuts
// down gracefully (runs stopped, streams closed, 10 s grace).
func serve(ctx context.Context, ln net.Listener, opt serveOptions, log io.Writer) error {
	st, err := loadSite(opt.site)
	if err != nil {
		return err
	}
	runCtx, cancelRuns := context.WithCancel(context.Background())
	defer cancelRuns()
	if opt.dist != nil && opt.dist.on && opt.coord == nil {
		coord, closeDist, err := startServeDist(ctx, opt.dist, st, opt.dataDir, log)
		if err != nil {
			return err
		}
		defer closeDist()
		opt.coord = coord
	}
	h, runs := newHandler(runCtx, st, opt)
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	if !st.built {
		fmt.Fprintln(log, "evochess serve: the site was not built into this binary (run `make build`); serving the API only")
	} else {
		plain, sent := st.sizes(st.firstLoad()...)
		fmt.Fprintf(log, "evochess serve: %d files; first load %.2f MB (%.2f MB uncompressed)\n", len(st.assets), float64(sent)/1e6, float64(plain)/1e6)
	}
	fmt.Fprintf(log, "evochess serve: listening on http://%s/\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	fmt.Fprintln(log, "evochess serve: shutting down")
	cancelRuns()
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = srv.Shutdown(sctx)
	runs.wait()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	return nil
}

// newHandler builds the whole HTTP handler: /api/ (native runs) and the site,
// behind the security headers.
func newHandler(ctx context.Context, st *site, opt serveOptions) (http.Handler, *runManager) {
	src := &sources{site: st, dataDir: opt.dataDir, coord: opt.coord}
	runs := newRunManager(ctx, src.run, src.check, opt.maxRuns)
	mux := http.NewServeMux()
	runs.routes(mux)
	mux.Handle("/", st)
	return withSecurityHeaders(st.csp, mux), runs
}
