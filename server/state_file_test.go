package main

import (
	"bytes"
	"testing"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/search"
)

// FuzzReadBenchState: any `bench -epd -resume` file gives kept positions
// or an error, never a panic; the kept positions are the suite's first, in
// order, with legal moves.
func FuzzReadBenchState(f *testing.F) {
	head := `{"format":"evochess-bench-state-1","key":"k"}` + "\n"
	f.Add([]byte(head + `{"index":0,"id":"a","best":"e2e4","score":20,"depth":5,"nodes":100,"time_ns":5,"solved":true,"solved_nodes":40}` + "\n"))
	f.Add([]byte(head + `{"index":0,"id":"a","best":"e2e5"}` + "\n"))
	f.Add([]byte(head + `{"index":1,"id":"b"}` + "\n"))
	f.Add([]byte(head + `{"index":0,"id":"a"}` + "\n" + `{"ind`))
	f.Add([]byte(`{"format":"evochess-match-state-1","key":"k"}` + "\n"))
	start, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		f.Fatal(err)
	}
	items := []search.SuiteItem{{ID: "a", Pos: start}, {ID: "b", Pos: start}}
	f.Fuzz(func(t *testing.T, b []byte) {
		raw, good, err := readStateFile(bytes.NewReader(b), "fuzz", benchStateKind, "k")
		if err != nil {
			return
		}
		if good > int64(len(b)) {
			t.Fatalf("kept %d of %d bytes", good, len(b))
		}
		kept, err := benchKept(raw, items, "fuzz")
		if err != nil {
			return
		}
		for i, sr := range kept {
			if sr.Index != i || sr.ID != items[i].ID {
				t.Fatalf("kept position %d is %d (%s)", i, sr.Index, sr.ID)
			}
			if sr.Result.Best != board.NoMove && !start.IsLegal(sr.Result.Best) {
				t.Fatalf("kept move %v is not legal", sr.Result.Best)
			}
		}
	})
}

// FuzzReadEvalSuiteState: any `eval -epd -resume` file gives kept
// positions or an error, never a panic; the kept ones are the suite's first.
func FuzzReadEvalSuiteState(f *testing.F) {
	head := `{"format":"evochess-eval-suite-state-1","key":"k"}` + "\n"
	f.Add([]byte(head + `{"index":0,"id":"a","solved":true,"nodes":40,"depth":5,"searched":100,"best":"e2e4"}` + "\n"))
	f.Add([]byte(head + `{"index":1,"id":"b"}` + "\n"))
	f.Add([]byte(head + `{"index":0,"id":"a"}` + "\n" + `{"ind`))
	suite := []*pgn.EPD{{ID: "a"}, {ID: "b"}}
	f.Fuzz(func(t *testing.T, b []byte) {
		raw, _, err := readStateFile(bytes.NewReader(b), "fuzz", evalSuiteStateKind, "k")
		if err != nil {
			return
		}
		kept, err := suiteKept(raw, suite, "fuzz")
		if err != nil {
			return
		}
		for i, r := range kept {
			if r.Index != i || r.ID != suite[i].ID {
				t.Fatalf("kept position %d is %d (%s)", i, r.Index, r.ID)
			}
		}
	})
}
