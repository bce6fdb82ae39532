package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"

	"github.com/evochess/evochess/tuner/dist"
)

// evochess version: the build a bug report or a distributed run names (the
// VCS revision, "+dirty" when built from uncommitted changes, and the
// binary's sha256 when no clean revision names the code: what tuner/dist
// compares before a worker may score a run), the Go toolchain and
// platform, and the distributed protocol version.
func init() {
	register(command{name: "version", summary: "print this build's revision, Go version and platform", run: runVersion})
}

func runVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("version: unexpected argument %q", fs.Arg(0))
	}
	fmt.Fprintf(stdout, "evochess %s (%s %s/%s; distributed protocol %d)\n", dist.Build(), runtime.Version(), runtime.GOOS, runtime.GOARCH, dist.ProtocolVersion)
	return nil
}
