//go:build !js

package dist

import (
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// Auth holds NATS credentials and TLS files, as NATS users give them: a
// token, an nkey seed file, a creds file (JWT + seed, for operator-mode
// clusters), a CA to verify the server, and a client certificate and key
// (for the embedded server, the certificate and key it serves with).
type Auth struct {
	Token        string
	NKeySeedFile string
	CredsFile    string
	TLSCA        string
	TLSCert      string
	TLSKey       string
}

// options returns the client options of a.
func (a Auth) options() ([]nats.Option, error) {
	var o []nats.Option
	if a.Token != "" {
		o = append(o, nats.Token(a.Token))
	}
	if a.NKeySeedFile != "" {
		opt, err := nats.NkeyOptionFromSeed(a.NKeySeedFile)
		if err != nil {
			return nil, fmt.Errorf("dist: nkey seed %s: %w", a.NKeySeedFile, err)
		}
		o = append(o, opt)
	}
	if a.CredsFile != "" {
		if _, err := os.Stat(a.CredsFile); err != nil {
			return nil, fmt.Errorf("dist: creds file: %w", err)
		}
		o = append(o, nats.UserCredentials(a.CredsFile))
	}
	if a.TLSCA != "" {
		o = append(o, nats.RootCAs(a.TLSCA))
	}
	if (a.TLSCert == "") != (a.TLSKey == "") {
		return nil, errors.New("dist: give both a TLS certificate and its key")
	}
	if a.TLSCert != "" {
		o = append(o, nats.ClientCert(a.TLSCert, a.TLSKey))
	}
	return o, nil
}

// Connect connects to the NATS server at url with a's credentials. The
// connection reconnects for ever (a restarted coordinator's embedded server
// comes back at the same address); with wait, a server that is not up yet
// is waited for too (a worker started before its coordinator).
func Connect(url string, a Auth, name string, wait bool, extra ...nats.Option) (*nats.Conn, error) {
	o, err := a.options()
	if err != nil {
		return nil, err
	}
	o = append(o, nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond),
		nats.RetryOnFailedConnect(wait))
	o = append(o, extra...)
	nc, err := nats.Connect(url, o...)
	if err != nil {
		return nil, fmt.Errorf("dist: connect to %s: %w", url, err)
	}
	return nc, nil
}

// DialErrors keeps the reason of the last failed connection attempt of a
// connection that waits for its server (Connect with wait): the client's
// own error then only says that no connection exists yet.
type DialErrors struct {
	mu  sync.Mutex
	err error
}

// Option is the nats.Option that records the attempts' errors; pass it to
// Connect.
func (d *DialErrors) Option() nats.Option {
	return nats.ReconnectErrHandler(func(_ *nats.Conn, err error) {
		d.mu.Lock()
		defer d.mu.Unlock()
		// "no servers available" says nothing a dial error did not.
		if d.err == nil || !errors.Is(err, nats.ErrNoServers) {
			d.err = err
		}
	})
}

// Last returns the last attempt's error, or nil.
func (d *DialErrors) Last() error {
	if d == nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.err
}

// ServerConfig configures the embedded NATS server.
type ServerConfig struct {
	// Listen is host:port; an empty host means 127.0.0.1 (the server never
	// listens beyond loopback unless a host says so), port 0 a free port.
	// Empty Listen: no network listener at all (in-process clients only).
	Listen string
	// StoreDir holds JetStream's files (a "jetstream" folder is made in it).
	StoreDir string
	// Auth: Token or NKeySeedFile (the server admits that key) protect the
	// server; TLSCert and TLSKey make it serve TLS, TLSCA makes it verify
	// client certificates.
	Auth Auth
	// Log, when set, receives the server's notices and errors.
	Log bool
}

// StartServer starts an embedded NATS server with JetStream.
func StartServer(cfg ServerConfig) (*server.Server, error) {
	o := &server.Options{ServerName: "evochess", JetStream: true, StoreDir: cfg.StoreDir, NoSigs: true, NoLog: !cfg.Log,
		JetStreamMaxMemory: 256 << 20, JetStreamMaxStore: 8 << 30, MaxPayload: 8 << 20}
	if cfg.StoreDir == "" {
		return nil, errors.New("dist: embedded server: no JetStream store folder")
	}
	if cfg.Listen == "" {
		o.DontListen = true
	} else {
		host, port, err := ListenAddr(cfg.Listen)
		if err != nil {
			return nil, err
		}
		if port != server.RANDOM_PORT {
			// The server does not say why it cannot listen (it only never
			// becomes ready): a taken port or an address of another machine
			// is told at once, with the reason.
			l, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
			if err != nil {
				return nil, fmt.Errorf("dist: embedded server: cannot listen on %s (another run's server? give -nats-listen another port, or -nats URL to use that server): %w", cfg.Listen, err)
			}
			l.Close()
		}
		o.Host, o.Port = host, port
	}
	a := cfg.Auth
	if a.CredsFile != "" {
		return nil, errors.New("dist: embedded server: creds files need an operator-mode NATS cluster (use -nats URL)")
	}
	if a.Token != "" && a.NKeySeedFile != "" {
		return nil, errors.New("dist: embedded server: give a token or an nkey, not both")
	}
	if a.Token != "" {
		o.Authorization = a.Token
	}
	if a.NKeySeedFile != "" {
		seed, err := os.ReadFile(a.NKeySeedFile)
		if err != nil {
			return nil, fmt.Errorf("dist: nkey seed: %w", err)
		}
		kp, err := nkeys.FromSeed([]byte(strings.TrimSpace(string(seed))))
		if err != nil {
			return nil, fmt.Errorf("dist: nkey seed %s: %w", a.NKeySeedFile, err)
		}
		pub, err := kp.PublicKey()
		if err != nil {
			return nil, fmt.Errorf("dist: nkey seed %s: %w", a.NKeySeedFile, err)
		}
		o.Nkeys = []*server.NkeyUser{{Nkey: pub}}
	}
	if (a.TLSCert == "") != (a.TLSKey == "") {
		return nil, errors.New("dist: embedded server: give both a TLS certificate and its key")
	}
	if a.TLSCert != "" {
		tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: a.TLSCert, KeyFile: a.TLSKey, CaFile: a.TLSCA, Verify: a.TLSCA != ""})
		if err != nil {
			return nil, fmt.Errorf("dist: embedded server TLS: %w", err)
		}
		o.TLS, o.TLSConfig, o.TLSVerify = true, tc, a.TLSCA != ""
	}
	ns, err := server.NewServer(o)
	if err != nil {
		return nil, fmt.Errorf("dist: embedded server: %w", err)
	}
	if cfg.Log {
		ns.ConfigureLogger()
	}
	ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("dist: embedded server did not start on %s", cfg.Listen)
	}
	return ns, nil
}

// ListenAddr parses host:port for the embedded server: an empty host is
// 127.0.0.1, port 0 a free port.
func ListenAddr(addr string) (string, int, error) {
	host, ps, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, fmt.Errorf("dist: listen address %q: %w", addr, err)
	}
	port, err := strconv.Atoi(ps)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("dist: listen address %q: bad port", addr)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	return host, port, nil
}

// Loopback reports whether host is a loopback name or address.
func Loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
