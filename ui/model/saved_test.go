package model

import "testing"

func TestSavedSlot(t *testing.T) {
	players := func(ps ...string) (names []string, same func(string) func(int) bool) {
		var bodies []string
		for _, p := range ps {
			n, b, _ := cutEq(p)
			names, bodies = append(names, n), append(bodies, b)
		}
		return names, func(body string) func(int) bool { return func(i int) bool { return bodies[i] == body } }
	}
	for _, c := range []struct {
		saved      []string // name=body
		name, body string
		replace    int
		as         string
	}{
		{nil, "ep-seed7-gen3", "A", -1, "ep-seed7-gen3"},
		{[]string{"ep-seed7-gen3=A"}, "ep-seed7-gen3", "A", 0, "ep-seed7-gen3"},      // the same link again
		{[]string{"ep-seed7-gen3=A"}, "ep-seed7-gen3", "B", -1, "ep-seed7-gen3 (2)"}, // another student's player
		{[]string{"x=A", "x (2)=B"}, "x", "B", 1, "x (2)"},                           // opened again: its own entry
		{[]string{"x=A", "x (2)=B"}, "x", "C", -1, "x (3)"},                          // a third
		{[]string{"x=A", "x (3)=C"}, "x", "B", -1, "x (2)"},                          // the first free number
		{[]string{"y=A", "x=B"}, "x", "B", 1, "x"},
	} {
		names, same := players(c.saved...)
		replace, as := SavedSlot(names, same(c.body), c.name)
		if replace != c.replace || as != c.as {
			t.Errorf("saved %v, %s=%s: got (%d, %q), want (%d, %q)", c.saved, c.name, c.body, replace, as, c.replace, c.as)
		}
	}
}

func TestSamePlayer(t *testing.T) {
	a := []byte(`{"version":1,"name":"x","scheme":"material","weights":{"pawn":100}}`)
	b := []byte("{\n  \"version\": 1,\n  \"name\": \"x\",\n  \"scheme\": \"material\",\n  \"weights\": {\"pawn\": 100}\n}\n")
	c := []byte(`{"version":1,"name":"x","scheme":"material","weights":{"pawn":101}}`)
	if !SamePlayer(a, b) || SamePlayer(a, c) || SamePlayer(a, []byte("{")) {
		t.Fatal("SamePlayer: indented copies are the same player, other weights are not")
	}
}
