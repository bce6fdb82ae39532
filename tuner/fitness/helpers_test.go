package fitness

import (
	"bytes"
	"context"
	"os"
	"sync"
	"testing"

	"github.com/evochess/evochess/internal/shareddata"
	"github.com/evochess/evochess/tuner/data"
)

var (
	demoOnce sync.Once
	demoDS   map[string]*data.Dataset
	demoErr  error
)

// demo returns the demo file sampled with the named protocol (seed 1, no cap).
func demo(t testing.TB, protocol string) *data.Dataset {
	t.Helper()
	path := shareddata.Path(t, "pgn/gm_demo_1500.pgn")
	demoOnce.Do(func() {
		demoDS = map[string]*data.Dataset{}
		in, err := os.ReadFile(path)
		if err != nil {
			demoErr = err
			return
		}
		for _, name := range []string{"david", "all"} {
			p, err := data.LookupProtocol(name)
			if err != nil {
				demoErr = err
				return
			}
			p.Positions = 0
			ds, err := data.Build(context.Background(), bytes.NewReader(in), p, nil)
			if err != nil {
				demoErr = err
				return
			}
			demoDS[name] = ds
		}
	})
	if demoErr != nil {
		t.Fatal(demoErr)
	}
	return demoDS[protocol]
}

// spread returns n samples spread evenly over s.
func spread(s []data.Sample, n int) []data.Sample {
	if n >= len(s) {
		return s
	}
	out := make([]data.Sample, n)
	for i := range out {
		out[i] = s[i*len(s)/n]
	}
	return out
}
