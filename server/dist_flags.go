package main

// Flags shared by the commands that run fitness work on a NATS JetStream
// work queue (tune, experiment, serve: -distributed; worker: its NATS
// connection), and the terminal line that shows the queue.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/tuner/dist"
)

// natsFlags are a NATS client's connection flags.
type natsFlags struct {
	url                 string
	token, nkey, creds  string
	tlsCA, tlsCert, key string
}

func (n *natsFlags) bind(fs *flag.FlagSet, urlDoc string) {
	fs.StringVar(&n.url, "nats", "", urlDoc)
	fs.StringVar(&n.token, "nats-token", "", "NATS token (default $EVOCHESS_NATS_TOKEN)")
	fs.StringVar(&n.nkey, "nats-nkey", "", "NATS nkey seed file (the embedded server admits that key)")
	fs.StringVar(&n.creds, "nats-creds", "", "NATS creds file (JWT and seed; operator-mode clusters)")
	fs.StringVar(&n.tlsCA, "nats-tls-ca", "", "CA file to verify the NATS server (embedded server: to verify client certificates)")
	fs.StringVar(&n.tlsCert, "nats-tls-cert", "", "TLS certificate (client certificate; the embedded server's certificate)")
	fs.StringVar(&n.key, "nats-tls-key", "", "key of -nats-tls-cert")
}

// checkNATSURL refuses a -nats value the NATS client would take for
// something else or never reach: each of its comma-separated servers must
// be nats://, tls://, ws:// or wss:// (or a bare host:port, which the
// client reads as nats://) with a host and, if given, a port in 1–65535.
func checkNATSURL(s string) error {
	for _, one := range strings.Split(s, ",") {
		one = strings.TrimSpace(one)
		raw := one
		if !strings.Contains(one, "://") {
			raw = "nats://" + one
		}
		u, err := url.Parse(raw)
		if err != nil {
			return fmt.Errorf("-nats %q: %v", redactURL(one), err)
		}
		switch u.Scheme {
		case "nats", "tls", "ws", "wss":
		default:
			return fmt.Errorf("-nats %q: scheme %q: want nats://, tls://, ws:// or wss://", redactURL(one), u.Scheme)
		}
		if u.Hostname() == "" {
			return fmt.Errorf("-nats %q: no host (want nats://HOST:4222)", redactURL(one))
		}
		if p := u.Port(); p != "" {
			if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
				return fmt.Errorf("-nats %q: port %s outside 1–65535", redactURL(one), p)
			}
		}
	}
	return nil
}

func (n *natsFlags) auth() dist.Auth {
	tok := n.token
	if tok == "" {
		tok = os.Getenv("EVOCHESS_NATS_TOKEN")
	}
	return dist.Auth{Token: tok, NKeySeedFile: n.nkey, CredsFile: n.creds, TLSCA: n.tlsCA, TLSCert: n.tlsCert, TLSKey: n.key}
}

// distFlags are the coordinator's flags.
type distFlags struct {
	on           bool
	nats         natsFlags
	listen       string
	store        string
	localWorkers int
	ackWait      time.Duration
	maxDeliver   int
	taskTimeout  time.Duration
	minTask      time.Duration
	verbose      bool
	fs           *flag.FlagSet // the flags bound, to name those set without -distributed
}

func (d *distFlags) bind(fs *flag.FlagSet) {
	d.fs = fs
	fs.BoolVar(&d.on, "distributed", false, "score fitness on a NATS JetStream work queue (workers join with \"evochess worker -nats URL\")")
	d.nats.bind(fs, "URL of an existing NATS server or cluster (instead of the embedded server)")
	fs.StringVar(&d.listen, "nats-listen", "", "host:port of the embedded NATS server (default 127.0.0.1:4222; a non-loopback host opens it to the network)")
	fs.StringVar(&d.store, "nats-store", "", "JetStream storage folder of the embedded server (default: beside the checkpoint, else a temporary folder)")
	fs.IntVar(&d.localWorkers, "local-workers", -1, "task slots of this process's own worker (0: none, only remote workers; default all cores)")
	fs.DurationVar(&d.ackWait, "ack-wait", dist.DefaultAckWait, "a task whose worker sends no heartbeat for this long goes to another worker")
	fs.IntVar(&d.maxDeliver, "max-deliver", dist.DefaultMaxDeliver, "deliveries of one task before the run fails")
	fs.DurationVar(&d.taskTimeout, "task-timeout", dist.DefaultTaskTimeout, "longest one delivery of a task may run before it is retried elsewhere")
	fs.DurationVar(&d.minTask, "min-task", time.Duration(dist.DefaultMinTaskSeconds*float64(time.Second)), "shortest task planned once a unit's cost is known (bounds the per-task overhead)")
	fs.BoolVar(&d.verbose, "dist-log", false, "log every task of the local worker and the embedded server's notices")
}

// distFlagNames are the flags bind defines besides -distributed: they do
// nothing without it.
var distFlagNames = []string{"nats", "nats-token", "nats-nkey", "nats-creds", "nats-tls-ca", "nats-tls-cert", "nats-tls-key",
	"nats-listen", "nats-store", "local-workers", "ack-wait", "max-deliver", "task-timeout", "min-task", "dist-log"}

// start starts the coordinator when -distributed is set (nil otherwise).
// storeBeside names the file the JetStream folder goes beside ("" = a
// temporary folder). The returned function closes everything.
func (d *distFlags) start(ctx context.Context, open func(string) (io.ReadCloser, error), storeBeside string, say func(string, ...any)) (*dist.Coordinator, func(), error) {
	if !d.on {
		if d.fs != nil {
			if err := flagsNeed(d.fs, "distributed", distFlagNames...); err != nil {
				return nil, nil, err
			}
		}
		return nil, func() {}, nil
	}
	if d.nats.url != "" && d.listen != "" {
		return nil, nil, errors.New("give -nats (an existing server) or -nats-listen (the embedded one), not both")
	}
	if d.nats.url != "" {
		if err := checkNATSURL(d.nats.url); err != nil {
			return nil, nil, err
		}
	}
	if d.maxDeliver < 1 {
		return nil, nil, fmt.Errorf("-max-deliver %d: want at least 1", d.maxDeliver)
	}
	if d.ackWait <= 0 || d.taskTimeout <= 0 || d.minTask <= 0 {
		return nil, nil, errors.New("-ack-wait, -task-timeout and -min-task must be positive")
	}
	opts := dist.Options{URL: d.nats.url, Auth: d.nats.auth(), Open: open, LocalWorkers: d.localWorkers, AckWait: d.ackWait,
		MaxDeliver: d.maxDeliver, TaskTimeout: d.taskTimeout, MinTaskSeconds: d.minTask.Seconds(), Verbose: d.verbose,
		Log: func(s string) { say("%s", s) }}
	cleanup := func() {}
	if d.nats.url == "" {
		listen := d.listen
		if listen == "" {
			listen = "127.0.0.1:4222"
		}
		host, _, err := dist.ListenAddr(listen)
		if err != nil {
			return nil, nil, err
		}
		store := d.store
		switch {
		case store != "":
		case storeBeside != "":
			store = storeBeside + ".nats"
		default:
			tmp, err := os.MkdirTemp("", "evochess-nats-")
			if err != nil {
				return nil, nil, err
			}
			store = tmp
			cleanup = func() { os.RemoveAll(tmp) }
		}
		opts.Server = dist.ServerConfig{Listen: listen, StoreDir: store, Auth: opts.Auth, Log: d.verbose}
		if !dist.Loopback(host) && opts.Auth.Token == "" && opts.Auth.NKeySeedFile == "" {
			say("warning: the NATS server listens on %s without a token or nkey: anyone who reaches it can submit tasks", listen)
		}
	}
	c, err := dist.Start(ctx, opts)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	if u := c.ClientURL(); u != "" {
		host, _ := os.Hostname()
		say("NATS JetStream on %s: workers join with `evochess worker -nats %s`", u, joinURL(u, host))
	} else if d.nats.url != "" {
		say("NATS JetStream at %s", d.nats.url)
	}
	return c, func() { c.Close(); cleanup() }, nil
}

// joinURL is the URL workers on other machines join the embedded server
// at: a server listening on every interface (0.0.0.0, ::) is named by this
// machine's host name, which they can reach, not by an address that means
// their own machine there.
func joinURL(u, host string) string {
	pu, err := url.Parse(u)
	if err != nil || host == "" {
		return u
	}
	if ip := net.ParseIP(pu.Hostname()); ip == nil || !ip.IsUnspecified() {
		return u
	}
	pu.Host = net.JoinHostPort(host, pu.Port())
	return pu.String()
}

// distLine renders the queue for progress output.
func distLine(s dist.Stats) string {
	return fmt.Sprintf("%d workers (%d slots, %d busy) · tasks %d queued, %d in flight, %d done · %.1f tasks/s",
		s.Workers, s.Slots, s.Busy, s.Queued, s.InFlight, s.Done, s.TasksPerSecond)
}
