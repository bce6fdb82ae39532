package player_test

import (
	"fmt"
	"strings"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/player"
)

// A player file may list only the weights it changes; the rest take the
// scheme's defaults.
func ExampleLoad() {
	file := `{"version": 1, "name": "cheap-knights", "scheme": "material",
	          "weights": {"KnightValue": 250}}`
	p, err := player.Load(strings.NewReader(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	w, _ := p.Vector()
	e, _ := p.Evaluator()
	fmt.Println(p.Name, w, e.Evaluate(board.NewPosition()))

	_, err = player.Load(strings.NewReader(`{"version": 1, "scheme": "material", "weights": {"KnightValue": 5}}`))
	fmt.Println(err)
	// Output:
	// cheap-knights [100 250 330 500 900] 0
	// player: weights: KnightValue = 5 outside [100, 1000] (scheme material)
}
