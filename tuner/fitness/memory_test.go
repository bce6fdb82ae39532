package fitness

import (
	"bytes"
	"context"
	"os"
	"runtime"
	"testing"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/internal/shareddata"
	"github.com/evochess/evochess/tuner/data"
)

// TestMoveMatchMemory: a compiled 5,000-position david sample stays under
// 50 MB for david35 and phoenix640. With -short the demo file's sample is
// compiled and the size scaled to 5,000 positions; otherwise the 20,000-game
// file's david test set (4,542 positions) is compiled and the live heap is
// measured too.
func TestMoveMatchMemory(t *testing.T) {
	const limit = 50 << 20
	samples := demo(t, "david").Train
	if !testing.Short() {
		in, err := os.ReadFile(shareddata.Path(t, "pgn/gm_train_2000-2018_20000.pgn.gz"))
		if err != nil {
			t.Fatal(err)
		}
		r, err := data.Unpack(bytes.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		p, _ := data.LookupProtocol("david")
		ds, err := data.Build(context.Background(), r, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		samples = ds.Test
	}
	for _, name := range []string{"david35", "phoenix640", "vazquez29", "prasad38"} {
		s, err := eval.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		mm, err := CompileMoveMatch(s, samples)
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		st := mm.Stats()
		per5000 := st.Bytes * 5000 / st.Positions
		heap := int64(after.HeapAlloc) - int64(before.HeapAlloc)
		t.Logf("%-10s %d positions: %d bytes (%.0f per position, %.1f MB per 5,000), heap +%d; %.1f legal, %.1f kept moves, %.1f entries per position, %d unmatchable",
			name, st.Positions, st.Bytes, float64(st.Bytes)/float64(st.Positions), float64(per5000)/(1<<20), heap,
			float64(st.LegalMoves)/float64(st.Positions), float64(st.KeptMoves)/float64(st.Positions),
			float64(st.Entries)/float64(st.Positions), st.Unmatchable)
		if per5000 > limit {
			t.Errorf("%s: %d bytes per 5,000 positions, limit %d", name, per5000, limit)
		}
		if !testing.Short() && heap > int64(2*st.Bytes)+(1<<20) {
			t.Errorf("%s: heap grew %d bytes for %d compiled bytes", name, heap, st.Bytes)
		}
		runtime.KeepAlive(mm)
	}
}
