package eval

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/internal/shareddata"
)

// epdPositions reads the positions (first four EPD fields) of a shared EPD
// file; it skips the test when the shared data is absent.
func epdPositions(tb testing.TB, rel string) []*board.Position {
	tb.Helper()
	f, err := os.Open(shareddata.Path(tb, rel))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []*board.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 {
			continue
		}
		pos, err := board.ParseFEN(strings.Join(fields[:4], " ") + " 0 1")
		if err != nil {
			tb.Fatalf("%s: %v", rel, err)
		}
		out = append(out, pos)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestSharedPositions runs the one-source-of-truth and mirror checks on
// real positions: 1,500 UHO opening positions and Win at Chess.
func TestSharedPositions(t *testing.T) {
	positions := epdPositions(t, "openings/UHO_4060_v4_1500.epd")
	positions = append(positions, epdPositions(t, "epd/wac.epd")...)
	if testing.Short() {
		positions = positions[:200]
	}
	for _, s := range Schemes() {
		for _, w := range [][]int32{param.Defaults(s.Params()), RandomWeights(s, 9)} {
			for _, pos := range positions {
				checkPosition(t, s, w, pos)
			}
		}
	}
}

// BenchmarkEvaluateUHO measures Evaluate on 1,500 real opening positions.
func BenchmarkEvaluateUHO(b *testing.B) {
	positions := epdPositions(b, "openings/UHO_4060_v4_1500.epd")
	for _, s := range Schemes() {
		b.Run(s.Name(), func(b *testing.B) {
			e, _ := NewDefault(s)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e.Evaluate(positions[i%len(positions)])
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
		})
	}
}
