package runner

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
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

// TestLoadFailedKeepsGames: a load that fails (a damaged zip or gzip) or
// reads no game (a text file without PGN) leaves the games loaded before in
// place: a sample after it draws from them.
func TestLoadFailedKeepsGames(t *testing.T) {
	rec := newRecorder()
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched})
	send(t, s, "load", &protocol.LoadData{PGN: games200(t), Name: "games200.pgn"})
	rec.until(t, "load", protocol.TypeLoaded)
	sample := func(id string) *protocol.Sampled {
		t.Helper()
		send(t, s, id, &protocol.Sample{Sample: protocol.SampleConfig{Seed: 1, Train: 50, Test: 10}})
		return rec.until(t, id, protocol.TypeSampled).Body.(*protocol.Sampled)
	}
	before := sample("s0")
	var gbuf bytes.Buffer
	gw := gzip.NewWriter(&gbuf)
	gw.Write([]byte(games200(t)))
	gw.Close()
	for i, m := range []*protocol.LoadData{
		{Archive: []byte("PK\x03\x04garbage"), Name: "x.zip"},
		{Archive: gbuf.Bytes()[:gbuf.Len()/2], Name: "cut.pgn.gz"},
	} {
		id := "bad" + string(rune('0'+i))
		send(t, s, id, m)
		rec.until(t, id, protocol.TypeError)
	}
	send(t, s, "notes", &protocol.LoadData{PGN: "shopping list: eggs, milk\n", Name: "notes.txt"})
	if ld := rec.until(t, "notes", protocol.TypeLoaded).Body.(*protocol.Loaded); ld.Games != 0 {
		t.Fatalf("notes.txt: %+v", ld)
	}
	after := sample("s1")
	if after.TrainAvailable != before.TrainAvailable || after.Train != before.Train || after.Train == 0 {
		t.Errorf("after the failed loads the sample is %+v, before %+v", after, before)
	}
	s.Wait()
}

// TestLoadOvertaken: a load overtaken by a later request (the bundled games
// still being fetched when the user picks a file) does not replace the
// later one's games when it ends last.
func TestLoadOvertaken(t *testing.T) {
	rec := newRecorder()
	release := make(chan struct{})
	games := games200(t)
	fetch := func(ctx context.Context, url string) (io.ReadCloser, int64, error) {
		<-release
		return io.NopCloser(strings.NewReader(games)), int64(len(games)), nil
	}
	s := NewSession(Host{Workers: 1, Post: rec.post(t), Yield: runtime.Gosched, Fetch: fetch})
	send(t, s, "bundled", &protocol.LoadData{Source: protocol.BundledSource})
	three := "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
	send(t, s, "file", &protocol.LoadData{PGN: three, Name: "one.pgn"})
	rec.until(t, "file", protocol.TypeLoaded)
	close(release)
	rec.until(t, "bundled", protocol.TypeLoaded)
	send(t, s, "s", &protocol.Sample{Sample: protocol.SampleConfig{Seed: 1, Protocol: "all"}})
	got := rec.until(t, "s", protocol.TypeSampled).Body.(*protocol.Sampled)
	if got.TrainAvailable+got.TestAvailable > 10 {
		t.Errorf("the overtaken load replaced the later one's games: sample %+v", got)
	}
	s.Wait()
}
