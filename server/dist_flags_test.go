package main

import (
	"flag"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
