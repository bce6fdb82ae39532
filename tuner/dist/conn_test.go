//go:build !js

package dist

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"
)

// TestWorkerRefusedCredentials checks that a worker whose credentials the
// server refuses stops with that reason instead of waiting for ever: the
// connection, which otherwise reconnects for ever, is closed by the client
// library after the server refused it.
func TestWorkerRefusedCredentials(t *testing.T) {
	auth := Auth{Token: "right"}
	c := startCoordinator(t, Options{Server: ServerConfig{Listen: "127.0.0.1:0", Auth: auth}, Auth: auth})
	for _, tc := range []struct {
		name string
		auth Auth
	}{
		{"wrong token", Auth{Token: "wrong"}},
		{"no token", Auth{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nc, err := Connect(c.ClientURL(), tc.auth, "test worker", true)
			if err != nil {
				t.Fatal(err)
			}
			defer nc.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			defer cancel()
			start := time.Now()
			err = (&Worker{Conn: nc, Slots: 1}).Run(ctx)
			if err == nil || !strings.Contains(err.Error(), "refused this worker's credentials") || !strings.Contains(strings.ToLower(err.Error()), "authorization") {
				t.Fatalf("worker ended after %s with %v, want a refusal of its credentials", time.Since(start).Round(time.Millisecond), err)
			}
		})
	}
}

// TestStartServerCannotListen checks that an embedded server that cannot
// listen (the port is taken, the address is not this machine's) fails at
// once with the reason, not after waiting for a server that never starts.
func TestStartServerCannotListen(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, tc := range []struct {
		name, listen, want string
	}{
		{"port taken", taken.Addr().String(), "address already in use"},
		{"another machine's address", "192.0.2.1:4222", "cannot listen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			srv, err := StartServer(ServerConfig{Listen: tc.listen, StoreDir: t.TempDir()})
			if err == nil {
				srv.Shutdown()
				t.Fatal("the server started")
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.listen) || time.Since(start) > 5*time.Second {
				t.Fatalf("after %s: %v; want the reason %q and the address", time.Since(start).Round(time.Millisecond), err, tc.want)
			}
		})
	}
}

// TestDialErrorsNamesTheReason: a connection waiting for its server
// records why each attempt failed (the worker's waiting notice said only
// "context deadline exceeded").
func TestDialErrorsNamesTheReason(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // a port nobody listens on
	var dial DialErrors
	nc, err := Connect("nats://"+addr, Auth{}, "test", true, dial.Option())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	deadline := time.Now().Add(20 * time.Second)
	for (dial.Last() == nil || !strings.Contains(dial.Last().Error(), "refused")) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if err := dial.Last(); err == nil || !strings.Contains(err.Error(), "refused") {
		t.Errorf("last dial error %v, want connection refused", err)
	}
	var none *DialErrors
	if none.Last() != nil {
		t.Error("a nil DialErrors has an error")
	}
}
