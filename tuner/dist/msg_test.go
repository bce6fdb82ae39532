//go:build !js

package dist

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/evochess/evochess/tuner"
)

const hex64 = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

func goodTask() Task {
	return Task{V: ProtocolVersion, Build: "b1", Run: "r0123", Setup: hex64, Digest: hex64, Batch: 2, Task: 1,
		Cands: [][]int32{{1, 2, 3}, {4, 5, 6}}, Items: []Item{{Cand: 0, Lo: 0, Hi: 5}, {Cand: 1, Lo: 0, Hi: 2}}}
}

func TestDecodeTask(t *testing.T) {
	for _, tc := range []struct {
		name    string
		edit    func(*Task)
		raw     string
		build   string
		version bool   // a *VersionError
		want    string // error substring ("" = valid)
	}{
		{name: "valid", edit: func(*Task) {}},
		{name: "shared", edit: func(t *Task) { t.Shared, t.Items = true, []Item{{Lo: 3, Hi: 9}} }},
		{name: "other version", edit: func(t *Task) { t.V = 2 }, version: true, want: "protocol version 2"},
		{name: "other build", edit: func(*Task) {}, build: "b2", version: true, want: `coordinator build "b1"`},
		{name: "bad run id", edit: func(t *Task) { t.Run = "R/../x" }, want: "bad run id"},
		{name: "no items", edit: func(t *Task) { t.Items = nil }, want: "0 items"},
		{name: "empty range", edit: func(t *Task) { t.Items[0].Hi = 0 }, want: "bad units"},
		{name: "candidate out of range", edit: func(t *Task) { t.Items[1].Cand = 2 }, want: "candidate 2 of 2"},
		{name: "ragged candidates", edit: func(t *Task) { t.Cands[1] = []int32{1} }, want: "candidate 1 has 1 weights"},
		{name: "shared item names a candidate", edit: func(t *Task) { t.Shared = true }, want: "shared task's items"},
		{name: "short setup key", edit: func(t *Task) { t.Setup = "abc" }, want: "sha256"},
		{name: "negative batch", edit: func(t *Task) { t.Batch = -1 }, want: "negative"},
		{name: "not json", raw: "{", want: "dist: task"},
		{name: "unknown field", raw: `{"v":1,"build":"b1","run":"r1","extra":1}`, want: "unknown field"},
		{name: "trailing data", raw: `{"v":1,"build":"b1","run":"r1"} {}`, want: "dist: task"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte(tc.raw)
			if tc.raw == "" {
				task := goodTask()
				tc.edit(&task)
				var err error
				if data, err = json.Marshal(task); err != nil {
					t.Fatal(err)
				}
			}
			build := tc.build
			if build == "" {
				build = "b1"
			}
			got, err := DecodeTask(data, build)
			var ve *VersionError
			if tc.version != errors.As(err, &ve) {
				t.Fatalf("version error %v: %v", tc.version, err)
			}
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got.Units() == 0 {
					t.Fatal("no units")
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if tc.version && got.Run != "r0123" {
				t.Fatalf("version error without the run id: %+v", got)
			}
		})
	}
}

func TestDecodeResult(t *testing.T) {
	task := goodTask()
	good := Result{V: ProtocolVersion, Run: "r0123", Batch: 2, Task: 1, Worker: "w", Seconds: 0.5,
		Parts: [][]tuner.Score{{{Matched: 3}}, {{Matched: 1}}}}
	for _, tc := range []struct {
		name string
		edit func(*Result)
		want string // decode error
		fits string // shape error
	}{
		{name: "valid", edit: func(*Result) {}},
		{name: "error only", edit: func(r *Result) { r.Parts, r.Error = nil, "bad weights" }},
		{name: "nothing", edit: func(r *Result) { r.Parts = nil }, want: "neither"},
		{name: "version", edit: func(r *Result) { r.V = 9 }, want: "protocol version 9"},
		{name: "negative time", edit: func(r *Result) { r.Seconds = -1 }, want: "compute time"},
		{name: "bad run", edit: func(r *Result) { r.Run = "" }, want: "bad run id"},
		{name: "too few parts", edit: func(r *Result) { r.Parts = r.Parts[:1] }, fits: "1 parts for 2 items"},
		{name: "too many partials", edit: func(r *Result) { r.Parts[0] = append(r.Parts[0], tuner.Score{}) }, fits: "item 0: 2 partial scores, want 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := good
			r.Parts = [][]tuner.Score{{{Matched: 3}}, {{Matched: 1}}}
			tc.edit(&r)
			data, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			got, err := DecodeResult(data)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("error %v, want %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ferr := got.fits(&task)
			if got.Error != "" {
				return
			}
			if (tc.fits == "") != (ferr == nil) || (ferr != nil && !strings.Contains(ferr.Error(), tc.fits)) {
				t.Fatalf("fits: %v, want %q", ferr, tc.fits)
			}
		})
	}
}

// FuzzDecodeTask: any bytes give a valid task or an error, never a panic,
// and a task that decodes re-encodes to one that decodes the same.
func FuzzDecodeTask(f *testing.F) {
	for _, t := range []Task{goodTask()} {
		b, _ := json.Marshal(t)
		f.Add(b)
	}
	f.Add([]byte(`{"v":1,"build":"b1","run":"r1","setup":"` + hex64 + `","digest":"` + hex64 + `","batch":0,"task":0,"shared":true,"cands":[[1],[2]],"items":[{"cand":0,"lo":0,"hi":1}]}`))
	f.Add([]byte(`{"v":1,"build":"b1","run":"r1","items":[{"cand":-1,"lo":5,"hi":2}]}`))
	f.Add([]byte(`{"v":7}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		task, err := DecodeTask(data, "b1")
		if err != nil {
			return
		}
		for _, it := range task.Items {
			if it.Cand < 0 || it.Cand >= len(task.Cands) || it.Lo < 0 || it.Hi <= it.Lo {
				t.Fatalf("accepted a bad item %+v", it)
			}
		}
		b, err := json.Marshal(task)
		if err != nil {
			t.Fatal(err)
		}
		again, err := DecodeTask(b, "b1")
		if err != nil {
			t.Fatalf("re-encoded task rejected: %v", err)
		}
		if again.Units() != task.Units() {
			t.Fatal("units changed")
		}
	})
}

// FuzzDecodeResult: any bytes give a result or an error, never a panic.
func FuzzDecodeResult(f *testing.F) {
	b, _ := json.Marshal(Result{V: 1, Run: "r1", Worker: "w", Parts: [][]tuner.Score{{{Fitness: 1, Grad: []float64{0.5}}}}})
	f.Add(b)
	f.Add([]byte(`{"v":1,"run":"r1","error":"x"}`))
	f.Add([]byte(`{"v":1,"run":"r1","parts":[[{"fitness":-0}]],"seconds":1e308}`))
	task := goodTask()
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := DecodeResult(data)
		if err != nil {
			return
		}
		if r.Error == "" && len(r.Parts) == 0 {
			t.Fatal("accepted an empty result")
		}
		_ = r.fits(&task)
	})
}

// FuzzDecodeManifest: any bytes give a manifest or an error.
func FuzzDecodeManifest(f *testing.F) {
	b, _ := json.Marshal(Manifest{V: 1, Run: "r1", Setup: json.RawMessage(`{}`), SetupKey: hex64})
	f.Add(b)
	f.Add([]byte(`{"run":"r1","setup":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if m, err := DecodeManifest(data); err == nil && (len(m.SetupKey) != 64 || len(m.Setup) == 0) {
			t.Fatalf("accepted %+v", m)
		}
	})
}
