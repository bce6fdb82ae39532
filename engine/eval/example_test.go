package eval_test

import (
	"fmt"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/eval"
)

// An Evaluator scores positions from the side to move's point of view (here
// Black, a pawn down after 1.e4 d5 2.exd5: +100 pawn, −44 doubled d-pawns,
// +48 central d5, +7.2 queen mobility);
// Features and Dot give the same number from White's.
func Example() {
	preset, err := eval.LookupPreset("vazquez-table2-exploitation")
	if err != nil {
		fmt.Println(err)
		return
	}
	e, err := preset.Evaluator()
	if err != nil {
		fmt.Println(err)
		return
	}
	pos, _ := board.ParseFEN("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2")
	s := e.Scheme()
	fs := s.Features(pos, nil)
	fmt.Println(e.Evaluate(pos), eval.FloorDiv(eval.Dot(preset.Weights, fs), s.Scale()))
	// Output: -111 111
}

func ExampleSchemes() {
	for _, s := range eval.Schemes() {
		fmt.Println(s.Name(), len(s.Params()), s.Scale())
	}
	// Output:
	// material 5 1
	// vazquez29 30 10000
	// david35 35 1
	// prasad38 38 500
	// phoenix640 645 24
	// modern 774 24
}
