package uci

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestIsReadyBuildsTheSearcher: isready builds the searcher for the
// current settings (and maps its table) so that the first go, which a GUI
// times, does not; a setting that replaces the searcher gets a new one at
// the next isready, and go uses the one isready built.
func TestIsReadyBuildsTheSearcher(t *testing.T) {
	var out bytes.Buffer
	e, err := newEngine(Options{}, &out)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if e.searcher != nil {
		t.Fatal("a searcher before isready")
	}
	e.handle(ctx, "isready")
	if e.searcher == nil || !strings.Contains(out.String(), "readyok") {
		t.Fatalf("after isready: searcher %v, output %q", e.searcher != nil, out.String())
	}
	e.handle(ctx, "setoption name Preset value phoenix-default")
	if e.searcher != nil {
		t.Fatal("the old searcher kept after a new preset")
	}
	e.handle(ctx, "isready")
	s := e.searcher
	if s == nil {
		t.Fatal("no searcher after the second isready")
	}
	if got := s.Evaluator(); got == nil {
		t.Fatal("searcher without evaluator")
	}
	e.handle(ctx, "position startpos")
	e.handle(ctx, "go depth 2")
	e.waitSearch()
	if e.searcher != s {
		t.Error("go built another searcher than isready's")
	}
	if !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("no bestmove in %q", out.String())
	}
}
