package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestDistFlagsNeedDistributed: every flag distFlags binds besides
// -distributed is in distFlagNames, and setting any of them without
// -distributed is refused by name (they did nothing).
func TestDistFlagsNeedDistributed(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var d distFlags
	d.bind(fs)
	var bound []string
	fs.VisitAll(func(fl *flag.Flag) {
		if fl.Name != "distributed" {
			bound = append(bound, fl.Name)
		}
	})
	slices.Sort(bound)
	names := slices.Sorted(slices.Values(distFlagNames))
	if !slices.Equal(bound, names) {
		t.Fatalf("bound %v, distFlagNames %v", bound, names)
	}
	for _, args := range [][]string{
		{"-nats-token", "secret"},
		{"-local-workers", "0", "-dist-log"},
	} {
		all := append([]string{"tune", "-quiet", "-preset", "vazquez-ep", "-pgn", filepath.Join(t.TempDir(), "none.pgn")}, args...)
		err := run(all, nil, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "only with -distributed") || !strings.Contains(err.Error(), args[0]) {
			t.Errorf("%v: error %v", args, err)
		}
	}
}

// TestDistJoinHint checks the command the coordinator prints for workers:
// an embedded server listening on every interface is joined at this
// machine's name (0.0.0.0 on another machine is that machine itself).
func TestDistJoinHint(t *testing.T) {
	host, err := os.Hostname()
	if err != nil || host == "" {
		t.Skip("no host name")
	}
	for _, tc := range []struct {
		listen, want, not string
	}{
		{"0.0.0.0:0", "-nats nats://" + host + ":", "-nats nats://0.0.0.0"},
		{"127.0.0.1:0", "-nats nats://127.0.0.1:", "-nats nats://" + host},
	} {
		t.Run(tc.listen, func(t *testing.T) {
			d := distFlags{on: true, listen: tc.listen, store: t.TempDir(), localWorkers: 0, ackWait: time.Second, maxDeliver: 1,
				taskTimeout: time.Second, minTask: time.Second, nats: natsFlags{token: "t"}}
			var said []string
			_, closeDist, err := d.start(context.Background(), nil, "", func(format string, a ...any) { said = append(said, fmt.Sprintf(format, a...)) })
			if err != nil {
				t.Fatal(err)
			}
			closeDist()
			text := strings.Join(said, "\n")
			if !strings.Contains(text, tc.want) || strings.Contains(text, tc.not) {
				t.Fatalf("printed %q: want %q, not %q", text, tc.want, tc.not)
			}
		})
	}
}

// TestCheckNATSURL: -nats values the client would misread or never reach
// are refused before connecting, with the reason.
func TestCheckNATSURL(t *testing.T) {
	tests := []struct {
		url, want string // want: "" accepted, else part of the error
	}{
		{"nats://127.0.0.1:4222", ""},
		{"localhost:4222", ""},
		{"tls://a.example:4443, nats://b.example:4222", ""},
		{"wss://user:secret@c.example", ""},
		{"nats://127.0.0.1:99999", "port 99999 outside 1–65535"},
		{"nats://127.0.0.1:0", "port 0 outside"},
		{"foo://127.0.0.1:4222", `scheme "foo"`},
		{"http://127.0.0.1:4222", `scheme "http"`},
		{"nats://:4222", "no host"},
		{"nats://a.example:4222,", "no host"},
		{"nats://user:secret@host:99999", "nats://user:xxxxx@host:99999"},
	}
	for _, tc := range tests {
		err := checkNATSURL(tc.url)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%q: error %v, want %q", tc.url, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "secret") {
			t.Errorf("%q: the error shows the password: %v", tc.url, err)
		}
	}
	if _, _, err := runCmd(t, "worker", "-nats", "nats://127.0.0.1:99999"); err == nil || !strings.Contains(err.Error(), "worker: -nats") {
		t.Errorf("worker with port 99999: %v", err)
	}
}

// TestServeFlagsRefused: serve refuses, before listening, the NATS flags
// without -distributed (as tune and experiment do) and a host in -addr
// that -lan would drop.
func TestServeFlagsRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-nats-token", "x"}, "serve: -nats-token only with -distributed"},
		{[]string{"-local-workers", "1", "-ack-wait", "5s"}, "serve: -local-workers, -ack-wait only with -distributed"},
		{[]string{"-lan", "-addr", "127.0.0.1:18801"}, "-lan serves every interface"},
		{[]string{"-lan", "-addr", "10.0.0.5:9000"}, "or -addr 10.0.0.5:9000 alone"},
	} {
		_, _, err := runCmd(t, append([]string{"serve"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("serve %v: error %v, want %q", tc.args, err, tc.want)
		}
	}
}
