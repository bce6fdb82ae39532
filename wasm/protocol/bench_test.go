package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// benchBatch is an eval-batch of a paper-size generation: 10 candidates of
// vazquez29's 29 weights.
func benchBatch() *EvalBatch {
	r := rand.New(rand.NewPCG(1, 1))
	b := &EvalBatch{}
	for range 10 {
		c := make([]int32, 29)
		for j := range c {
			c[j] = int32(r.IntN(2000) - 1000)
		}
		b.Candidates = append(b.Candidates, c)
	}
	return b
}

// benchResult is the move-match reply to benchBatch.
func benchResult() *EvalResult {
	r := &EvalResult{}
	for i := range 10 {
		r.Scores = append(r.Scores, Score{Fitness: float64(200 + i), Matched: 200 + i, Total: 500})
	}
	return r
}

// BenchmarkEvalBatch encodes and decodes one eval-batch (the coordinator's
// message to each nested fitness worker every generation), in messages/s.
func BenchmarkEvalBatch(b *testing.B) { benchmarkRoundTrip(b, benchBatch()) }

// BenchmarkEvalResult encodes and decodes one eval-result (each nested
// worker's reply), in messages/s.
func BenchmarkEvalResult(b *testing.B) { benchmarkRoundTrip(b, benchResult()) }

func benchmarkRoundTrip(b *testing.B, body Body) {
	n := 0
	for b.Loop() {
		out, err := Encode("fit-12", body)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Decode(out); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "messages/s")
}

// legacyEncode is Encode as json.Marshal wrote it (body, then envelope).
func legacyEncode(t testing.TB, id string, body Body) []byte {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(envelope{V: Version, Type: body.Type(), ID: id, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// fastBodies are eval-batches and eval-results with the edges of their
// encoding: extreme integers, floats in both of encoding/json's number
// forms, -0, omitted fields, gradients, empty lists.
func fastBodies() []Body {
	return []Body{
		benchBatch(), benchResult(),
		&EvalBatch{Candidates: [][]int32{{math.MinInt32, math.MaxInt32, 0, -1}}, HeldOut: true},
		&EvalBatch{Candidates: [][]int32{{7}, {-7}}},
		&EvalResult{},
		&EvalResult{Scores: []Score{}},
		&EvalResult{Scores: []Score{
			{Fitness: math.Copysign(0, -1), Loss: math.Copysign(0, -1)},
			{Fitness: 1e-7, Loss: 0.0123456789, Points: 2.5, Grad: []float64{1e21, -1e-9, 123456789.125, 0}},
			{Fitness: -1e300, Nodes: math.MaxInt64, Matched: -3, Total: 1 << 40},
			{Fitness: 5e-324, Grad: []float64{}},
			{Fitness: 0.000001, Points: -999999999999999999999.0},
		}},
	}
}

// TestEncodeFastSameBytes checks that Encode writes, for every valid
// fixture and the fitness messages' edge cases, the bytes json.Marshal
// wrote, and that Decode reads them back to the same message (through the
// fast path for the fitness messages).
func TestEncodeFastSameBytes(t *testing.T) {
	var bodies []Body
	var ids []string
	for _, line := range readLines(t, "valid.jsonl") {
		m, err := DecodeString(line)
		if err != nil {
			t.Fatal(err)
		}
		bodies, ids = append(bodies, m.Body), append(ids, m.ID)
	}
	for i, b := range fastBodies() {
		bodies = append(bodies, b)
		ids = append(ids, []string{"fit-1", "", "a<b>&\"c\"\\", "é"}[i%4])
	}
	for i, body := range bodies {
		if body.Validate() != nil {
			continue
		}
		got, err := Encode(ids[i], body)
		if err != nil {
			t.Fatalf("Encode(%T): %v", body, err)
		}
		if want := legacyEncode(t, ids[i], body); !bytes.Equal(got, want) {
			t.Errorf("Encode(%T):\n got %s\nwant %s", body, got, want)
		}
		m, err := Decode(got)
		if err != nil {
			t.Fatalf("Decode(%s): %v", got, err)
		}
		if m.ID != ids[i] || !reflect.DeepEqual(m.Body, body) && !emptyEqual(m.Body, body) {
			t.Errorf("Decode(%s) = %q %#v", got, m.ID, m.Body)
		}
	}
	// The messages of a split run take the fast path.
	for _, body := range []Body{benchBatch(), benchResult()} {
		b := MustEncode("fit-1", body)
		if m, ok := decodeFast(b); !ok || !reflect.DeepEqual(m.Body, body) {
			t.Errorf("decodeFast(%s) = %v, %v", b, m, ok)
		}
	}
}

// emptyEqual compares bodies whose only difference may be a nil against an
// empty list (JSON null against []).
func emptyEqual(a, b Body) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// FuzzDecodeFast checks that the fast path decides like the strict one:
// whatever decodeFast accepts, decodeStrict accepts or rejects the same
// way, with the same message or the same error.
func FuzzDecodeFast(f *testing.F) {
	for i, b := range fastBodies() {
		f.Add(legacyEncode(f, []string{"fit-1", "", "r"}[i%3], b))
	}
	f.Add([]byte(`{"v":1,"type":"eval-batch","id":"f","data":{"candidates":[[1,2],[3,-0]],"heldOut":false}}`))
	f.Add([]byte(`{"v":1,"type":"eval-result","id":"f","data":{"scores":[{"fitness":1E+2,"grad":[]}]}}`))
	f.Add([]byte(`{"v":2,"type":"eval-result","data":{"scores":[]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		fm, ok := decodeFast(b)
		if !ok {
			return
		}
		var fastErr error
		if err := checkID(fm.ID); err != nil {
			fastErr = fmt.Errorf("protocol: decode %q: %w", fm.Type, err)
		} else if err := fm.Body.Validate(); err != nil {
			fastErr = fmt.Errorf("protocol: decode %s: %w", fm.Type, err)
		}
		sm, strictErr := decodeStrict(b)
		switch {
		case (fastErr == nil) != (strictErr == nil):
			t.Fatalf("%s: fast error %v, strict error %v", b, fastErr, strictErr)
		case fastErr != nil && fastErr.Error() != strictErr.Error():
			t.Fatalf("%s: fast error %v, strict error %v", b, fastErr, strictErr)
		case fastErr == nil && !reflect.DeepEqual(fm, sm):
			t.Fatalf("%s: fast %#v, strict %#v", b, fm, sm)
		}
	})
}
