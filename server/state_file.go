package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// stateFile is the record of a resumable command (`evochess match -resume`,
// `evochess bench -epd … -resume`): a header line {"format": …, "key": …}
// naming the layout and the work (a digest of everything the results
// depend on), then one JSON line per finished unit of work (a game, a
// position), appended and synced as each ends, so Ctrl-C, a crash or
// kill -9 keeps every finished unit. Opening it again with the same key
// gives those records back; a file of other work (another key) or of
// another layout is refused; a last line cut short is dropped.
type stateFile struct {
	path string
	f    *os.File
	mu   sync.Mutex
	err  error // the first failed write
}

type stateHeader struct {
	Format string `json:"format"`
	Key    string `json:"key"`
}

// stateKind describes the files of one command: the header's format, the
// name of such a file ("an evochess match state file") and what a file of
// other work holds ("the games of another match (other players, …)").
type stateKind struct {
	Format, Name, Other string
}

// openStateFile opens (or creates) path for the work of this kind and key
// and returns its records.
func openStateFile(path string, kind stateKind, key string) (*stateFile, []json.RawMessage, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	st := &stateFile{path: path, f: f}
	recs, good, err := readStateFile(f, path, kind, key)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	// Drop a torn tail, then append after the last complete line.
	if err := f.Truncate(good); err != nil {
		f.Close()
		return nil, nil, err
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	if good == 0 {
		if err := st.writeLine(stateHeader{Format: kind.Format, Key: key}); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return st, recs, nil
}

// readStateFile reads a state file: its records (the lines after the
// header, each a JSON value) and the length of its complete lines.
func readStateFile(r io.Reader, path string, kind stateKind, key string) ([]json.RawMessage, int64, error) {
	br := bufio.NewReader(r)
	var recs []json.RawMessage
	var good int64
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, 0, fmt.Errorf("%s: line %d: %w", path, n, err)
		}
		if !strings.HasSuffix(line, "\n") {
			return recs, good, nil // EOF; a torn last line is dropped
		}
		if n == 1 {
			var h stateHeader
			if json.Unmarshal([]byte(line), &h) != nil || h.Format != kind.Format {
				return nil, 0, fmt.Errorf("%s: not %s (line 1); give another -resume file", path, kind.Name)
			}
			if h.Key != key {
				return nil, 0, fmt.Errorf("%s holds %s; give another -resume file or remove this one", path, kind.Other)
			}
		} else {
			b := []byte(strings.TrimSuffix(line, "\n"))
			if !json.Valid(b) {
				return nil, 0, fmt.Errorf("%s: line %d: not a JSON record", path, n)
			}
			recs = append(recs, b)
		}
		good += int64(len(line))
	}
}

// add appends a record and syncs the file; the first failure is kept (Err)
// and later records are not written.
func (st *stateFile) add(v any) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.err != nil {
		return
	}
	if err := st.writeLine(v); err != nil {
		st.err = fmt.Errorf("%s: %w", st.path, err)
	}
}

func (st *stateFile) writeLine(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := st.f.Write(append(b, '\n')); err != nil {
		return err
	}
	return st.f.Sync()
}

// Err returns the first failed write.
func (st *stateFile) Err() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.err
}

func (st *stateFile) Close() error { return st.f.Close() }

// stateKey is the digest of what a resumable command's results depend on:
// the kind's format and each part, printed with %+v.
func stateKey(kind stateKind, parts ...any) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", kind.Format)
	for _, p := range parts {
		fmt.Fprintf(h, "%+v\n", p)
	}
	return hex.EncodeToString(h.Sum(nil))
}
