package model

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/evochess/evochess/wasm/protocol"
)

func keptJSON(t *testing.T, k NativeKeep) string {
	t.Helper()
	b, err := json.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func goodKeep() NativeKeep {
	return NativeKeep{V: NativeKeepVersion, ID: "r1-66799891", Config: protocol.RunConfig{Preset: "vazquez-ep", Data: protocol.DataConfig{Source: protocol.BundledSource}, Generations: 100, Population: 8},
		Command: "evochess tune -gens 100", Started: 1700000000000,
		History: []protocol.Progress{{Generation: 1}, {Generation: 2, BestWeights: map[string]int{"a": 1}}}}
}

func TestParseNativeKeepRoundTrip(t *testing.T) {
	k, err := ParseNativeKeep(keptJSON(t, goodKeep()))
	if err != nil {
		t.Fatal(err)
	}
	if k.ID != "r1-66799891" || len(k.History) != 2 || k.History[1].BestWeights["a"] != 1 || k.Config.Generations != 100 || k.Started != 1700000000000 {
		t.Fatalf("parsed %+v", k)
	}
	// No history yet (kept when the run starts).
	g := goodKeep()
	g.History = nil
	if _, err := ParseNativeKeep(keptJSON(t, g)); err != nil {
		t.Fatal(err)
	}
}

func TestParseNativeKeepRejects(t *testing.T) {
	good := keptJSON(t, goodKeep())
	bad := map[string]string{
		"empty":         "",
		"not JSON":      "{",
		"array":         "[]",
		"trailing":      good + " {}",
		"unknown field": strings.Replace(good, `"v":1`, `"v":1,"extra":2`, 1),
	}
	mod := func(name string, f func(*NativeKeep)) {
		k := goodKeep()
		f(&k)
		bad[name] = keptJSON(t, k)
	}
	mod("version 0", func(k *NativeKeep) { k.V = 0 })
	mod("version 2", func(k *NativeKeep) { k.V = 2 })
	mod("no id", func(k *NativeKeep) { k.ID = "" })
	mod("worker id", func(k *NativeKeep) { k.ID = "run-3" })
	mod("path in id", func(k *NativeKeep) { k.ID = "r1-66799891/stop" })
	mod("r0", func(k *NativeKeep) { k.ID = "r0-66799891" })
	mod("bad config", func(k *NativeKeep) { k.Config.Generations = -1 })
	mod("negative start", func(k *NativeKeep) { k.Started = -1 })
	mod("history out of order", func(k *NativeKeep) { k.History[1].Generation = 1 })
	mod("negative generation", func(k *NativeKeep) { k.History[0].Generation = -1 })
	for name, s := range bad {
		if k, err := ParseNativeKeep(s); err == nil {
			t.Errorf("%s: parsed %+v, want an error", name, k)
		}
	}
}

func TestNewProgress(t *testing.T) {
	for _, c := range []struct {
		last    int
		hasLast bool
		gen     int
		want    bool
	}{{0, false, 0, true}, {0, false, 5, true}, {5, true, 5, false}, {5, true, 4, false}, {5, true, 6, true}} {
		if got := NewProgress(c.last, c.hasLast, c.gen); got != c.want {
			t.Errorf("NewProgress(%d, %v, %d) = %v", c.last, c.hasLast, c.gen, got)
		}
	}
}
