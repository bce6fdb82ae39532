package runner

import (
	"os"
	"path"
	"testing"

	"github.com/evochess/evochess/tuner"
)

// TestPresetFilesServed: every file a tuner preset reads besides the games
// (its test suite, its openings) is in assets/data, which `make site`
// serves as data/ and fetchOpen fetches in the browser. david-search and
// modern-search once failed there: data/epd/ecm.epd was not served.
func TestPresetFilesServed(t *testing.T) {
	for _, p := range tuner.Presets() {
		for _, f := range []string{p.Problem.EPD, p.Problem.Openings} {
			if f == "" {
				continue
			}
			if _, err := os.Stat(path.Join("../../assets/data", f)); err != nil {
				t.Errorf("preset %s reads %s, which the playground does not serve (assets/data): %v", p.Name, f, err)
			}
		}
	}
}
