package runner

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/tuner/data"
	"github.com/evochess/evochess/wasm/protocol"
)

// MaxReasons is how many skip reasons Loaded keeps.
const MaxReasons = 5

// Games is a loaded PGN text (decompressed), checked once by LoadPGN. It is
// read-only after loading and may be shared by runs.
type Games struct {
	name   string
	text   []byte
	loaded protocol.Loaded
}

// Name returns the name the games were loaded under.
func (g *Games) Name() string { return g.name }

// Loaded returns the totals of the load.
func (g *Games) Loaded() protocol.Loaded { return g.loaded }

// Reader returns a new reader over the PGN text. yield, if not nil, is called
// between small reads (see YieldReader).
func (g *Games) Reader(yield func()) io.Reader {
	return YieldReader(bytes.NewReader(g.text), yield)
}

// Bytes returns the size of the PGN text.
func (g *Games) Bytes() int { return len(g.text) }

// LoadPGN reads PGN text (plain or gzip) from r, checks every game with
// engine/pgn, and keeps the text of the first maxGames games (0 = all).
// progress, if not nil, gets a report every 500 games; total is the input
// size if known (0 otherwise). yield, if not nil, is called between small
// reads so a WebAssembly worker can serve its event loop.
func LoadPGN(ctx context.Context, r io.Reader, name string, total int64, maxGames int, yield func(), progress func(protocol.LoadProgress)) (*Games, error) {
	zr, err := data.Unpack(r)
	if err != nil {
		return nil, fmt.Errorf("runner: load %s: %w", name, err)
	}
	var buf bytes.Buffer
	if total > 0 && total < 1<<30 {
		buf.Grow(int(total) + bytes.MinRead) // exact for plain text, a start for gzip
	}
	_, err = buf.ReadFrom(zr)
	text := buf.Bytes()
	if err != nil {
		return nil, fmt.Errorf("runner: load %s: %w", name, err)
	}
	cr := &countingReader{r: bytes.NewReader(text)}
	pr := pgn.NewReader(YieldReader(cr, yield))
	g := &Games{name: name}
	ld := &g.loaded
	ld.Name = name
	cut := -1 // line of the first game beyond maxGames
	for {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("runner: load %s: %w", name, err)
		}
		game, err := pr.Next()
		if err == io.EOF {
			break
		}
		var ge *pgn.GameError
		if errors.As(err, &ge) {
			if maxGames > 0 && ld.Games+ld.Skipped >= maxGames {
				cut = ge.Line
				break
			}
			ld.Skipped++
			if len(ld.Reasons) < MaxReasons {
				ld.Reasons = append(ld.Reasons, ge.Error())
			}
		} else if err != nil {
			return nil, fmt.Errorf("runner: load %s: %w", name, err)
		} else {
			if maxGames > 0 && ld.Games+ld.Skipped >= maxGames {
				cut = game.Line
				break
			}
			ld.Games++
			ld.Plies += len(game.Moves)
		}
		if progress != nil && (ld.Games+ld.Skipped)%500 == 0 {
			progress(protocol.LoadProgress{Games: ld.Games, Skipped: ld.Skipped, Bytes: cr.n, Total: total})
		}
	}
	if cut > 0 {
		text = text[:lineOffset(text, cut)]
	}
	g.text = text
	ld.Bytes = int64(len(text))
	sum := sha256.Sum256(text)
	ld.Digest = hex.EncodeToString(sum[:])
	if progress != nil {
		progress(protocol.LoadProgress{Games: ld.Games, Skipped: ld.Skipped, Bytes: int64(len(text)), Total: total})
	}
	return g, nil
}

// lineOffset returns the byte offset where 1-based line starts.
func lineOffset(b []byte, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(b[off:], '\n')
		if i < 0 {
			return len(b)
		}
		off += i + 1
	}
	return off
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// yieldChunk bounds one Read of a YieldReader.
const yieldChunk = 4 << 10

// YieldReader wraps r so that each Read returns at most 4 KiB and calls yield
// first (when yield is not nil). In a WebAssembly worker yield sleeps for a
// millisecond now and then (see Yielder), which lets the JS event loop deliver
// messages such as stop while a long read runs.
func YieldReader(r io.Reader, yield func()) io.Reader {
	if yield == nil {
		return r
	}
	return &yieldReader{r: r, yield: yield}
}

type yieldReader struct {
	r     io.Reader
	yield func()
}

func (y *yieldReader) Read(p []byte) (int, error) {
	y.yield()
	if len(p) > yieldChunk {
		p = p[:yieldChunk]
	}
	return y.r.Read(p)
}

// Yielder returns a yield function that sleeps for sleep whenever at least
// every has passed since it last slept. With sleep = time.Millisecond this is
// what a Go WebAssembly worker needs: runtime.Gosched does not return to the
// JS event loop, time.Sleep does. now is the clock (time.Now).
// The returned function is safe for concurrent use.
func Yielder(every, sleep time.Duration, now func() time.Time) func() {
	var mu sync.Mutex
	last := now()
	return func() {
		mu.Lock()
		due := now().Sub(last) >= every
		if due {
			last = now() // claim this slot before sleeping
		}
		mu.Unlock()
		if due {
			time.Sleep(sleep)
		}
	}
}
