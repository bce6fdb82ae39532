package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"

	"github.com/evochess/evochess/wasm/protocol"
)

// NativeKeepVersion is the version of the kept native run (NativeKeep.V);
// a value of another version is ignored.
const NativeKeepVersion = 1

// NativeKeep is the native run a page is following, kept in localStorage so
// that a reload (or another tab of the browser) can follow it again: the
// server's run id, the configuration it started with, its command line,
// when it started (Unix ms) and its history so far (only the last
// generation with its weights, as the Tune tab keeps it).
type NativeKeep struct {
	V       int                 `json:"v"`
	ID      string              `json:"id"`
	Config  protocol.RunConfig  `json:"config"`
	Command string              `json:"command,omitempty"`
	Started int64               `json:"started"`
	History []protocol.Progress `json:"history"`
}

// nativeRunID is the form of a server's run id (server/serve_runs.go:
// "r<N>-<instance>").
var nativeRunID = regexp.MustCompile(`^r[1-9][0-9]{0,17}-[0-9a-f]{1,32}$`)

// ValidNativeRunID reports whether id has the form of a native run's id.
func ValidNativeRunID(id string) bool { return nativeRunID.MatchString(id) }

// ParseNativeKeep reads a kept native run strictly: unknown fields, another
// version, an id not of the server's form, an invalid configuration or a
// history whose generations do not increase make it an error (the page then
// ignores the value).
func ParseNativeKeep(s string) (*NativeKeep, error) {
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.DisallowUnknownFields()
	var k NativeKeep
	if err := dec.Decode(&k); err != nil {
		return nil, fmt.Errorf("kept native run: %w", err)
	}
	if dec.More() {
		return nil, errors.New("kept native run: trailing data")
	}
	if k.V != NativeKeepVersion {
		return nil, fmt.Errorf("kept native run: version %d, want %d", k.V, NativeKeepVersion)
	}
	if !ValidNativeRunID(k.ID) {
		return nil, fmt.Errorf("kept native run: bad run id %q", k.ID)
	}
	if err := k.Config.Validate(); err != nil {
		return nil, fmt.Errorf("kept native run: %w", err)
	}
	if k.Started < 0 {
		return nil, errors.New("kept native run: negative start time")
	}
	for i := range k.History {
		if k.History[i].Generation < 0 || (i > 0 && k.History[i].Generation <= k.History[i-1].Generation) {
			return nil, fmt.Errorf("kept native run: history generation %d out of order", k.History[i].Generation)
		}
	}
	return &k, nil
}

// NewProgress reports whether a progress event of generation gen, received
// while following a run again, is new to a history whose last generation is
// last (the server replays its events from the first it still has; those
// already in the kept history are skipped). hasLast is false for an empty
// history.
func NewProgress(last int, hasLast bool, gen int) bool { return !hasLast || gen > last }
