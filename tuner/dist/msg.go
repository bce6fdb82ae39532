//go:build !js

package dist

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/tuner"
)

// ProtocolVersion is the version of the task, result and manifest formats.
// A worker refuses tasks of another version.
const ProtocolVersion = 1

// buildOverride, when set with -ldflags "-X …/tuner/dist.buildOverride=NAME",
// replaces the build identity (used to make a worker of "another version").
var buildOverride string

// Build returns this binary's identity: the VCS revision it was built from
// or the module version, so that a worker built from other code, whose
// scores could differ, is refused. A build that names no clean revision
// (built with -buildvcs=false or outside a repository: "(devel)"; built
// from uncommitted changes: "+dirty") says nothing about its code, so the
// sha256 of the executable itself is added: two such builds agree only when
// they are the same binary.
func Build() string {
	if buildOverride != "" {
		return buildOverride
	}
	buildOnce.Do(func() {
		bi, ok := debug.ReadBuildInfo()
		buildID = buildIdentity(bi, ok, executableSum)
	})
	return buildID
}

var (
	buildOnce sync.Once
	buildID   string
)

// buildIdentity is Build's identity of a binary with build info bi (ok:
// present); exe returns the executable's sha256 in hex ("" when it cannot be
// read).
func buildIdentity(bi *debug.BuildInfo, ok bool, exe func() string) string {
	id, exact := "unknown", false
	if ok && bi != nil {
		rev, dirty := "", false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		switch {
		case rev != "":
			if len(rev) > 12 {
				rev = rev[:12]
			}
			id, exact = rev, !dirty
			if dirty {
				id += "+dirty"
			}
		case bi.Main.Version != "" && bi.Main.Version != "(devel)":
			id, exact = bi.Main.Version, true // a module version: its code is fixed
		case bi.Main.Version != "":
			id = bi.Main.Version
		}
	}
	if exact {
		return id
	}
	if sum := exe(); sum != "" {
		id += "+sha256:" + sum[:min(12, len(sum))]
	}
	return id
}

// executableSum returns the sha256 of the running executable ("" when it
// cannot be read).
func executableSum() string {
	name, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Subjects, streams and buckets. Tasks of run R go to taskPrefix+R; the
// result of task T of batch B to resultPrefix+R.B.T; refusals to
// refusePrefix+R; worker heartbeats to heartbeatSubject.
const (
	TasksStream      = "EVOCHESS_TASKS"
	ResultsStream    = "EVOCHESS_RESULTS"
	RunsBucket       = "EVOCHESS_RUNS"
	ConsumerName     = "evochess-workers"
	taskPrefix       = "evochess.task."
	resultPrefix     = "evochess.result."
	refusePrefix     = "evochess.refuse."
	heartbeatSubject = "evochess.workers"
)

func taskSubject(run string) string { return taskPrefix + run }
func resultSubject(run string, batch, task int) string {
	return fmt.Sprintf("%s%s.%d.%d", resultPrefix, run, batch, task)
}

// Limits of a decoded message, so that a damaged or hostile message cannot
// make a worker allocate without bound.
const (
	maxItems      = 1 << 16
	maxCands      = 1 << 14
	maxWeights    = 1 << 14
	maxUnits      = 1 << 30
	maxTextLength = 4096
)

var runIDPattern = regexp.MustCompile(`^[a-z0-9]{1,40}$`)

// Item is one piece of a task: units [Lo, Hi) of candidate Cand (an index
// into Task.Cands), or, for a shared task, units [Lo, Hi) of the batch
// (Cand 0).
type Item struct {
	Cand int `json:"cand"`
	Lo   int `json:"lo"`
	Hi   int `json:"hi"`
}

// Task is one message of the work queue.
type Task struct {
	V      int    `json:"v"`
	Build  string `json:"build"`
	Run    string `json:"run"`
	Setup  string `json:"setup"`  // setup key (Manifest.SetupKey)
	Digest string `json:"digest"` // data digest (Manifest.Digest)
	Batch  int    `json:"batch"`
	Task   int    `json:"task"`
	// Shared: the units are games among all of Cands (relative fitness);
	// each item then yields one partial score per candidate.
	Shared bool      `json:"shared,omitempty"`
	Cands  [][]int32 `json:"cands"`
	Items  []Item    `json:"items"`

	index []int // coordinator only: the batch index of each of Cands
}

// Units returns the number of units the task covers.
func (t *Task) Units() int {
	n := 0
	for _, it := range t.Items {
		n += it.Hi - it.Lo
	}
	return n
}

// Result is a worker's answer to a task, stored in the results stream
// before the task is acknowledged.
type Result struct {
	V      int    `json:"v"`
	Run    string `json:"run"`
	Batch  int    `json:"batch"`
	Task   int    `json:"task"`
	Worker string `json:"worker"`
	// Parts holds, per item, its partial scores (one, or one per candidate
	// of a shared task).
	Parts [][]tuner.Score `json:"parts,omitempty"`
	// Error is set when the task failed for a reason another worker would
	// meet too (a bad candidate); the coordinator stops the run with it.
	Error string `json:"error,omitempty"`
	// Seconds is the compute time; Delivered the delivery count of the task.
	Seconds   float64 `json:"seconds"`
	Delivered int     `json:"delivered,omitempty"`
}

// Refusal is sent by a worker that will not run a run's tasks (another
// version, other data); the coordinator reports it.
type Refusal struct {
	V      int    `json:"v"`
	Run    string `json:"run"`
	Worker string `json:"worker"`
	Reason string `json:"reason"`
}

// Heartbeat announces a worker every few seconds.
type Heartbeat struct {
	Worker  string `json:"worker"`
	Build   string `json:"build"`
	Slots   int    `json:"slots"`
	Busy    int    `json:"busy"`
	Done    int    `json:"done"`
	Leaving bool   `json:"leaving,omitempty"`
}

// FileDigest is the sha256 of one data file a run reads.
type FileDigest struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
}

// Manifest describes a run to its workers (key = run id in RunsBucket).
type Manifest struct {
	V     int    `json:"v"`
	Build string `json:"build"`
	Run   string `json:"run"`
	// Setup is the run's tuner.Setup; SetupKey the sha256 of its JSON.
	Setup    json.RawMessage `json:"setup"`
	SetupKey string          `json:"setup_key"`
	// Digest sums Files, the data files the setup names.
	Digest string       `json:"digest"`
	Files  []FileDigest `json:"files"`
	// AckWaitMs paces the workers' progress heartbeats; TaskTimeoutMs is
	// the longest a worker keeps one task before giving it back.
	AckWaitMs     int64     `json:"ack_wait_ms"`
	TaskTimeoutMs int64     `json:"task_timeout_ms"`
	Updated       time.Time `json:"updated"`
}

// VersionError is a task or manifest of another protocol version or build.
type VersionError struct {
	GotV, WantV         int
	GotBuild, WantBuild string
}

func (e *VersionError) Error() string {
	if e.GotV != e.WantV {
		return fmt.Sprintf("dist: protocol version %d, this worker speaks %d", e.GotV, e.WantV)
	}
	return fmt.Sprintf("dist: coordinator build %q, this worker is build %q (run the same evochess binary everywhere)", e.GotBuild, e.WantBuild)
}

// header is the part of a task every version shares.
type header struct {
	V     int    `json:"v"`
	Build string `json:"build"`
	Run   string `json:"run"`
}

// DecodeTask parses and checks a task message. A task of another protocol
// version or build gives a *VersionError (with the run id, when readable,
// in the returned task so that the refusal can be addressed).
func DecodeTask(data []byte, build string) (*Task, error) {
	var h header
	if err := json.Unmarshal(data, &h); err != nil {
		return nil, fmt.Errorf("dist: task: %w", err)
	}
	if h.V != ProtocolVersion || h.Build != build {
		t := &Task{V: h.V, Build: h.Build}
		if runIDPattern.MatchString(h.Run) {
			t.Run = h.Run
		}
		return t, &VersionError{GotV: h.V, WantV: ProtocolVersion, GotBuild: h.Build, WantBuild: build}
	}
	var t Task
	if err := strictUnmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("dist: task: %w", err)
	}
	if err := t.check(); err != nil {
		return nil, fmt.Errorf("dist: task %s/%d/%d: %w", t.Run, t.Batch, t.Task, err)
	}
	return &t, nil
}

func (t *Task) check() error {
	switch {
	case !runIDPattern.MatchString(t.Run):
		return fmt.Errorf("bad run id %q", truncate(t.Run))
	case t.Batch < 0 || t.Task < 0:
		return errors.New("negative batch or task number")
	case len(t.Setup) != 64 || len(t.Digest) != 64:
		return errors.New("setup key and data digest must be sha256 hex")
	case len(t.Items) == 0 || len(t.Items) > maxItems:
		return fmt.Errorf("%d items (want 1 to %d)", len(t.Items), maxItems)
	case len(t.Cands) == 0 || len(t.Cands) > maxCands:
		return fmt.Errorf("%d candidates (want 1 to %d)", len(t.Cands), maxCands)
	case t.Shared && len(t.Cands) < 2:
		return errors.New("a shared task needs at least 2 candidates")
	}
	for i, c := range t.Cands {
		if len(c) == 0 || len(c) > maxWeights || len(c) != len(t.Cands[0]) {
			return fmt.Errorf("candidate %d has %d weights (candidate 0: %d)", i, len(c), len(t.Cands[0]))
		}
	}
	for i, it := range t.Items {
		switch {
		case it.Lo < 0 || it.Hi <= it.Lo || it.Hi > maxUnits:
			return fmt.Errorf("item %d: bad units [%d, %d)", i, it.Lo, it.Hi)
		case t.Shared && it.Cand != 0:
			return fmt.Errorf("item %d: a shared task's items name candidate 0, not %d", i, it.Cand)
		case it.Cand < 0 || it.Cand >= len(t.Cands):
			return fmt.Errorf("item %d: candidate %d of %d", i, it.Cand, len(t.Cands))
		}
	}
	return nil
}

// DecodeResult parses and checks a result message against its task.
func DecodeResult(data []byte) (*Result, error) {
	var r Result
	if err := strictUnmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("dist: result: %w", err)
	}
	switch {
	case r.V != ProtocolVersion:
		return nil, fmt.Errorf("dist: result: protocol version %d, want %d", r.V, ProtocolVersion)
	case !runIDPattern.MatchString(r.Run):
		return nil, fmt.Errorf("dist: result: bad run id %q", truncate(r.Run))
	case r.Batch < 0 || r.Task < 0:
		return nil, errors.New("dist: result: negative batch or task number")
	case len(r.Worker) > maxTextLength || len(r.Error) > maxTextLength:
		return nil, errors.New("dist: result: worker name or error too long")
	case r.Error == "" && len(r.Parts) == 0:
		return nil, errors.New("dist: result: neither scores nor an error")
	case len(r.Parts) > maxItems:
		return nil, fmt.Errorf("dist: result: %d parts", len(r.Parts))
	case r.Seconds < 0 || r.Seconds != r.Seconds:
		return nil, fmt.Errorf("dist: result: compute time %v", r.Seconds)
	}
	return &r, nil
}

// fits reports whether r's parts have the shape task t asks for.
func (r *Result) fits(t *Task) error {
	if len(r.Parts) != len(t.Items) {
		return fmt.Errorf("%d parts for %d items", len(r.Parts), len(t.Items))
	}
	for i, p := range r.Parts {
		want := 1
		if t.Shared {
			want = len(t.Cands)
		}
		if len(p) != want {
			return fmt.Errorf("item %d: %d partial scores, want %d", i, len(p), want)
		}
	}
	return nil
}

// DecodeManifest parses a run manifest.
func DecodeManifest(data []byte) (*Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("dist: manifest: %w", err)
	}
	if !runIDPattern.MatchString(m.Run) || len(m.SetupKey) != 64 || len(m.Setup) == 0 {
		return nil, errors.New("dist: manifest: bad run id, setup key or setup")
	}
	return &m, nil
}

func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data")
	}
	return nil
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return strings.ToValidUTF8(s, "?")
}
