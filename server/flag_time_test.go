package main

import (
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

func TestMsFlag(t *testing.T) {
	tests := []struct {
		in      string
		want    time.Duration
		wantErr string
	}{
		{in: "100", want: 100 * time.Millisecond},
		{in: "0", want: 0},
		{in: "-1", want: -time.Millisecond},
		{in: "100ms", want: 100 * time.Millisecond},
		{in: "1.5s", want: 1500 * time.Millisecond},
		{in: " 2s ", want: 2 * time.Second},
		{in: "250us", want: 250 * time.Microsecond},
		{in: "", wantErr: "want a time such as 100ms"},
		{in: "fast", wantErr: "want a time such as 100ms"},
		{in: "100 ms", wantErr: "want a time such as 100ms"},
		{in: "1e3", wantErr: "want a time such as 100ms"},
		{in: "99999999999999999", wantErr: "out of range"},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		d := msVar(fs, "movetime", 7*time.Millisecond, "`time`")
		err := fs.Parse([]string{"-movetime", tt.in})
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), "-movetime") {
				t.Errorf("-movetime %q: error %v, want one naming the flag and containing %q", tt.in, err, tt.wantErr)
			}
		case err != nil:
			t.Errorf("-movetime %q: %v", tt.in, err)
		case *d != tt.want:
			t.Errorf("-movetime %q = %v, want %v", tt.in, *d, tt.want)
		}
	}
}

func TestMsFlagDefaultAndUsage(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var usage strings.Builder
	fs.SetOutput(&usage)
	d := msVar(fs, "movetime", 100*time.Millisecond, "`time` per move")
	msVar(fs, "margin", 0, "`time` below zero")
	if err := fs.Parse(nil); err != nil || *d != 100*time.Millisecond {
		t.Fatalf("default: %v, %v", *d, err)
	}
	fs.PrintDefaults()
	if u := usage.String(); !strings.Contains(u, "-movetime time") || !strings.Contains(u, "(default 100ms)") || strings.Contains(u, "(default 0s)") {
		t.Errorf("usage:\n%s", u)
	}
}

func TestWholeMillis(t *testing.T) {
	if ms, err := wholeMillis("movetime", 250*time.Millisecond); err != nil || ms != 250 {
		t.Errorf("250ms: %d, %v", ms, err)
	}
	if _, err := wholeMillis("time-margin", 1500*time.Microsecond); err == nil || !strings.Contains(err.Error(), "-time-margin 1.5ms: want whole milliseconds") {
		t.Errorf("1.5ms: %v", err)
	}
}
