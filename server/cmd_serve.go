package main

// `evochess serve`: the playground's site, native runs and the class league
// on one port. Files:
//
//   - serve_site.go: the embedded site (ETags, gzip/brotli variants, safe paths).
//   - serve_headers.go: security headers (CSP with wasm-unsafe-eval), JSON errors.
//   - serve_guard.go: the request guard — Host allow-list (no DNS rebinding),
//     same-origin and JSON content type for changes, body and rate limits, event
//     stream caps, the teacher token (link → HttpOnly SameSite=Strict cookie).
//   - serve_lan.go: served host names, the students' address, its QR code
//     (internal/qr) and the teacher link printed at start.
//   - serve_runs.go, serve_native.go: native runs over server-sent events.
//   - serve_league.go: the class league's API over server/league.
//   - serve_priority_*.go: league game threads at a lower priority (Linux).
//
// On a loopback address everyone is the teacher; -lan (or any other address,
// or -class) requires the teacher link for teacher actions.

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
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/evochess/evochess/server/league"
	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/tuner/dist"
	"github.com/evochess/evochess/wasm/protocol"
)

func init() {
	register(command{
		name:    "serve",
		summary: "serve the playground, native runs and the class league (127.0.0.1:8080; -lan for a class)",
		run:     runServe,
	})
}

// runServe is `evochess serve`: flags, then serve until SIGINT/SIGTERM.
func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "listen address (a non-loopback address serves a class: see -lan)")
	lan := fs.Bool("lan", false, "serve the local network: listen on every interface at -addr's port, print the address and QR code for students and the teacher link")
	class := fs.Bool("class", false, "require the teacher link even on a loopback address (try a class set-up on one computer)")
	hosts := fs.String("host", "", "extra host names the server answers to, comma-separated (e.g. a DNS name for this machine)")
	maxRuns := fs.Int("max-runs", 1, "native runs at once (more get 429)")
	dataDir := fs.String("data-dir", "", "folder of .pgn / .pgn.gz files native runs may name as their data source")
	var df distFlags
	df.bind(fs)
	db := fs.String("db", "evochess-league.db", "SQLite file of the class league (created if missing)")
	workers := fs.Int("league-workers", 0, "league games played at once (0 = all cores)")
	maxEntries := fs.Int("max-entries", 64, "most players in the league")
	leagueOpenings := fs.String("league-openings", "bundled", "the league's openings: \"bundled\" (200 walks of 8 plies through the bundled Polyglot book), a Polyglot book FILE, or \"balanced\" (the 200 balanced three-move positions)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("serve: unexpected arguments %q", fs.Args())
	}
	if !df.on {
		// The NATS flags do nothing without -distributed (distFlags.start
		// names them only when it runs).
		if err := flagsNeed(fs, "distributed", distFlagNames...); err != nil {
			return fmt.Errorf("serve: %w", err)
		}
	}
	if *lan && explicit(fs, "addr") {
		// -lan serves every interface: a host in -addr would be dropped.
		if host, _, err := net.SplitHostPort(*addr); err == nil && host != "" && host != "0.0.0.0" && host != "::" {
			return fmt.Errorf("serve: -lan serves every interface, so -addr %s would not serve only %s: give -addr :PORT with -lan, or -addr %s alone", *addr, host, *addr)
		}
	}
	if *maxRuns < 1 {
		return fmt.Errorf("serve: -max-runs %d: want at least 1", *maxRuns)
	}
	if *workers < 0 || *maxEntries < 2 {
		return fmt.Errorf("serve: -league-workers %d, -max-entries %d: want ≥ 0 and ≥ 2", *workers, *maxEntries)
	}
	ops, err := leagueOpeningSet(*leagueOpenings)
	if err != nil {
		return fmt.Errorf("serve: -league-openings: %w", err)
	}
	listen := *addr
	if *lan {
		_, port, err := net.SplitHostPort(*addr)
		if err != nil {
			return fmt.Errorf("serve: -addr %q: %w", *addr, err)
		}
		listen = net.JoinHostPort("0.0.0.0", port)
	}
	var extra []string
	for _, h := range strings.Split(*hosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			extra = append(extra, h)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return serve(ctx, ln, serveOptions{maxRuns: *maxRuns, dataDir: *dataDir, site: siteRoot(), db: *db,
		leagueWorkers: *workers, maxEntries: *maxEntries, hosts: extra, class: *class, dist: &df, leagueOpenings: ops}, stdout)
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

	db             string          // league file
	leagueOpenings []arena.Opening // nil = arena.DefaultOpenings
	leagueWorkers  int             // 0 = all cores
	maxEntries     int             // 0 = 64
	hosts          []string        // extra Host names
	class          bool            // the teacher token even on loopback
	guard          *guardConfig    // limits (nil = defaultGuard); tests change them
	// For tests: the league's initial settings and a replacement of the
	// native run function.
	leagueDefaults protocol.LeagueSettings
	run            runFunc
}

// serve serves the embedded site, the API and the league on ln until ctx
// ends, then shuts down gracefully (runs and games stopped, streams closed,
// 10 s grace).
func serve(ctx context.Context, ln net.Listener, opt serveOptions, log io.Writer) error {
	st, err := loadSite(opt.site)
	if err != nil {
		return err
	}
	tcp, _ := ln.Addr().(*net.TCPAddr)
	host, port := "", 0
	if tcp != nil {
		port = tcp.Port
		if !tcp.IP.IsUnspecified() {
			host = tcp.IP.String()
		}
	}
	ca := newClassAccess(host, port, opt.hosts)
	if opt.class && ca.loopback {
		ca.loopback, ca.joinURL = false, hostURL(host, port)
	}

	// League games run on all cores on threads of lower priority, with one
	// more Go processor than game workers so request handling always finds
	// one free (serve_priority_*.go).
	cores := runtime.NumCPU()
	workers := opt.leagueWorkers
	if workers <= 0 {
		workers = cores
	}
	if runtime.GOMAXPROCS(0) <= workers {
		runtime.GOMAXPROCS(workers + 1)
	}
	dbf, err := openLeagueFile(opt.db)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer dbf.Close() // after the league's own Close: releases the lock
	lg, err := league.Open(ctx, league.Config{Path: opt.db, Workers: workers, MaxEntries: opt.maxEntries, WorkerStart: lowerThreadPriority,
		Openings: opt.leagueOpenings,
		Defaults: opt.leagueDefaults,
		Log:      func(format string, args ...any) { fmt.Fprintf(log, "evochess serve: "+format+"\n", args...) }})
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	token := ""
	if !ca.loopback {
		if token, err = lg.TeacherToken(ctx); err != nil {
			lg.Close()
			return fmt.Errorf("serve: %w", err)
		}
	}
	gcfg := defaultGuard()
	if opt.guard != nil {
		gcfg = *opt.guard
	}
	gcfg.hosts, gcfg.token = ca.hosts, token

	runCtx, cancelRuns := context.WithCancel(context.Background())
	defer cancelRuns()
	if opt.dist != nil && opt.dist.on && opt.coord == nil {
		coord, closeDist, err := startServeDist(ctx, opt.dist, st, opt.dataDir, log)
		if err != nil {
			lg.Close()
			return err
		}
		defer closeDist()
		opt.coord = coord
	}
	h, runs := newHandler(runCtx, st, opt, gcfg, lg, ca.joinURL)
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	if !st.built {
		fmt.Fprintln(log, "evochess serve: the site was not built into this binary (run `make build`); serving the API only")
	} else {
		plain, sent := st.sizes(st.firstLoad()...)
		fmt.Fprintf(log, "evochess serve: %d files; first load %.2f MB (%.2f MB uncompressed)\n", len(st.assets), float64(sent)/1e6, float64(plain)/1e6)
	}
	ls := lg.State()
	fmt.Fprintf(log, "evochess serve: league %s: %d entries, %d games (%s), %d games at once%s\n", opt.db, len(ls.Standings), ls.Games,
		ls.Settings.Describe(), workers, map[bool]string{true: ", paused", false: ""}[ls.Paused])
	fmt.Fprintf(log, "evochess serve: listening on http://%s/\n", ln.Addr())
	printClass(log, ca, token)
	lg.Start()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err = <-errc:
		err = fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
		err = nil
	}
	fmt.Fprintln(log, "evochess serve: shutting down")
	cancelRuns()
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	serr := srv.Shutdown(sctx)
	runs.wait()
	if cerr := lg.Close(); cerr != nil && err == nil {
		err = fmt.Errorf("serve: close league: %w", cerr)
	}
	if err == nil && serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		err = fmt.Errorf("serve: shutdown: %w", serr)
	}
	return err
}

// newHandler builds the whole HTTP handler: /api/ (native runs, the
// league) and the site, behind the guard and the security headers.
func newHandler(ctx context.Context, st *site, opt serveOptions, gcfg guardConfig, lg *league.League, joinURL string) (http.Handler, *runManager) {
	return newHandlerGuard(ctx, st, opt, newGuard(gcfg), lg, joinURL)
}

func newHandlerGuard(ctx context.Context, st *site, opt serveOptions, g *guard, lg *league.League, joinURL string) (http.Handler, *runManager) {
	src := &sources{site: st, dataDir: opt.dataDir, coord: opt.coord}
	run := opt.run
	if run == nil {
		run = src.run
	}
	runs := newRunManager(ctx, run, src.check, opt.maxRuns)
	runs.guard = g
	mux := http.NewServeMux()
	if lg != nil {
		(&leagueAPI{l: lg, g: g, joinURL: joinURL, done: ctx.Done()}).routes(mux)
	}
	runs.routes(mux)
	mux.Handle("/", st)
	return withSecurityHeaders(st.csp, g.wrap(mux)), runs
}

// leagueBookOpenings, leagueBookPlies and leagueBookSeed fix the league's
// openings drawn from a Polyglot book: the same book gives every class the
// same 200 openings.
const (
	leagueBookOpenings = 200
	leagueBookPlies    = 8
	leagueBookSeed     = 1
)

// leagueOpeningSet resolves -league-openings: "balanced" is arena's 200
// balanced positions (nil), anything else a Polyglot book ("bundled" or a
// file) walked by arena.BookOpenings.
func leagueOpeningSet(spec string) ([]arena.Opening, error) {
	if spec == "balanced" {
		return nil, nil
	}
	if spec == "" {
		return nil, errors.New("empty: want bundled, balanced or a Polyglot book file")
	}
	return matchBookOpenings(spec, leagueBookOpenings, leagueBookPlies, leagueBookSeed)
}
