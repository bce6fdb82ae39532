package runner

import (
	"bytes"
	"compress/gzip"
	"runtime"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/ziptest"
	"github.com/evochess/evochess/wasm/protocol"
)

// TestLoadArchive: the page's .zip (and .gz) files reach the worker as
// bytes; it unpacks them to the same games as the PGN text, and refuses an
// archive without PGN with the file's name and the reason.
func TestLoadArchive(t *testing.T) {
	pgnText := games200(t)
	zipped := ziptest.Zip(t, ziptest.Entry{"readme.txt", "TWIC"}, ziptest.Entry{"twic.pgn", pgnText})
	var gbuf bytes.Buffer
	gw := gzip.NewWriter(&gbuf)
	gw.Write([]byte(pgnText))
	gw.Close()
	nopgn := ziptest.Zip(t, ziptest.Entry{"notes.txt", "no games"})

	rec := newRecorder()
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched})
	for _, c := range []struct {
		id, name string
		b        []byte
	}{{"zip", "twic1500.zip", zipped}, {"gz", "games.pgn.gz", gbuf.Bytes()}} {
		send(t, s, c.id, &protocol.LoadData{Archive: c.b, Name: c.name})
		ld := rec.until(t, c.id, protocol.TypeLoaded).Body.(*protocol.Loaded)
		if ld.Games != 200 || ld.Skipped != 0 || ld.Name != c.name {
			t.Errorf("%s: loaded %+v", c.name, ld)
		}
	}
	send(t, s, "bad", &protocol.LoadData{Archive: nopgn, Name: "notes.zip"})
	e := rec.until(t, "bad", protocol.TypeError).Body.(*protocol.Error)
	if !strings.Contains(e.Message, "notes.zip") || !strings.Contains(e.Message, "no .pgn file") {
		t.Errorf("zip without PGN: %q", e.Message)
	}
	s.Wait()

	for _, m := range []*protocol.LoadData{{Archive: []byte("x"), PGN: "y"}, {Archive: []byte("x"), Source: protocol.BundledSource}} {
		if err := m.Validate(); err == nil {
			t.Errorf("%+v: two sources accepted", m)
		}
	}
}
