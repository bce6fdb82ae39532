package arena

import (
	"context"
	"testing"
)

func TestZZMeasure(t *testing.T) {
	book, _ := DefaultOpenings()
	for _, d := range []int{2, 3, 4} {
		players := []Player{inProcessPlayer(t, "fig3", "david-fig3"), inProcessPlayer(t, "material", "material")}
		n := map[int]int{2: 400, 3: 400, 4: 200}[d]
		res, err := RoundRobin(context.Background(), players, n, Config{Game: GameConfig{Limits: Limits{Depth: d}, Adjudication: DefaultAdjudication()}, Openings: book, Seed: 1, Concurrency: 2})
		if err != nil {
			t.Fatal(err)
		}
		s := res.Pair[0][1]
		t.Logf("depth %d: fig3 vs material %v Elo %v", d, s, Elo(s))
	}
}
