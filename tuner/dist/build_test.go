//go:build !js

package dist

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"testing"
)

// TestBuildIdentity checks that only a clean VCS revision or a module
// version names a build by itself: a build without them ("(devel)", as
// -buildvcs=false or a build outside a repository gives) or from
// uncommitted changes adds the executable's sha256, so that two workers
// built from different code are told apart.
func TestBuildIdentity(t *testing.T) {
	sum := strings.Repeat("ab", 32)
	exe := func() string { return sum }
	vcs := func(rev, modified string) *debug.BuildInfo {
		bi := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}
		bi.Settings = []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
		return bi
	}
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		exe  func() string
		want string
	}{
		{"clean revision", vcs("0123456789abcdef0123", "false"), true, exe, "0123456789ab"},
		{"dirty tree", vcs("0123456789abcdef0123", "true"), true, exe, "0123456789ab+dirty+sha256:abababababab"},
		{"no vcs stamp", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, exe, "(devel)+sha256:abababababab"},
		{"module version", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, true, exe, "v1.2.3"},
		{"no build info", nil, false, exe, "unknown+sha256:abababababab"},
		{"unreadable executable", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, func() string { return "" }, "(devel)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := buildIdentity(tc.bi, tc.ok, tc.exe); got != tc.want {
				t.Errorf("build %q, want %q", got, tc.want)
			}
		})
	}
}

// TestBuildNamesTheBinary checks Build on this (test) binary, which Go
// does not stamp with a revision: its identity must name the executable.
func TestBuildNamesTheBinary(t *testing.T) {
	name, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		t.Fatal(err)
	}
	want := hex.EncodeToString(h.Sum(nil))[:12]
	if got := Build(); !strings.Contains(got, want) {
		t.Fatalf("Build() = %q: names neither a clean revision nor this executable (sha256 %s…)", got, want)
	}
}
