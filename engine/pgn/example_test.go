package pgn_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/evochess/evochess/engine/pgn"
)

// Reading games: skipped games come back as *pgn.GameError and reading goes on.
func ExampleReader() {
	const text = `[Event "ok"]

1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6) 1-0

[Event "broken"]

1. e4 e5 2. Ke3 *
`
	r := pgn.NewReader(strings.NewReader(text))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var ge *pgn.GameError
		if errors.As(err, &ge) {
			fmt.Println(err)
			continue
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(g.Tag("Event"), g.Result, len(g.Moves), "moves, last", g.Moves[len(g.Moves)-1].UCI())
	}
	fmt.Println("read", r.Read(), "skipped", r.Skipped())
	// Output:
	// ok 1-0 4 moves, last b8c6
	// pgn: game 2 (line 7): move 2. Ke3: illegal in position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
	// read 1 skipped 1
}
