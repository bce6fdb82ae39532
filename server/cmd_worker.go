package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/evochess/evochess/tuner/dist"
)

func init() {
	register(command{
		name:    "worker",
		summary: "score fitness tasks of distributed runs (evochess tune -distributed) from a NATS JetStream queue",
		run:     runWorker,
	})
}

// redactURL hides a password in a URL.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return s
	}
	return u.Redacted()
}

func runWorker(args []string, _ io.Reader, _, stderr io.Writer) error {
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var n natsFlags
	n.bind(fs, "URL of the NATS server (the coordinator's -nats-listen address, or your cluster)")
	workers := fs.Int("workers", 0, "tasks run at once (0 = all cores)")
	dataDir := fs.String("data-dir", defaultDataDir(), "folder the runs' data files (pgn/…, epd/…, openings/…) are looked up in")
	verbose := fs.Bool("v", false, "log every task")
	quiet := fs.Bool("quiet", false, "no notices")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: evochess worker -nats nats://HOST:4222 [-workers N] [-data-dir DIR] [credentials]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("worker: unexpected argument %q", fs.Arg(0))
	}
	if n.url == "" {
		return errors.New("worker: give the NATS server with -nats nats://HOST:4222")
	}
	if err := checkNATSURL(n.url); err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	if *workers < 0 {
		return fmt.Errorf("worker: -workers %d < 0", *workers)
	}
	if *workers == 0 {
		*workers = runtime.NumCPU()
	}
	say := func(s string) {
		if !*quiet {
			fmt.Fprintf(stderr, "%s worker: %s\n", time.Now().Format("15:04:05"), s)
		}
	}
	var dial dist.DialErrors
	nc, err := dist.Connect(n.url, n.auth(), "evochess worker", true, dial.Option())
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	defer nc.Close()
	abs, err := filepath.Abs(*dataDir)
	if err != nil {
		abs = *dataDir
	}
	host, _ := os.Hostname()
	w := &dist.Worker{Conn: nc, Slots: *workers, Open: dataOpener(*dataDir), Where: "-data-dir " + abs,
		Name: fmt.Sprintf("%s/%d", host, os.Getpid()), Log: say, Verbose: *verbose, Dial: &dial}
	say(fmt.Sprintf("%s with %d slots for %s, data in %s (build %s)", w.Name, *workers, redactURL(n.url), abs, dist.Build()))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := w.Run(ctx); err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	say("stopped")
	return nil
}
