package arena

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// ParseTimeControl parses a clock in seconds as "base+inc" ("10+0.1",
// "60", "0.5+0.05"), optionally preceded by a number of moves per period
// ("40/60", "40/60+0.5": 60 s for every 40 moves, cutechess's notation),
// into Limits with Base, Inc and Moves set.
func ParseTimeControl(s string) (Limits, error) {
	spec := strings.TrimSpace(s)
	moves := 0
	if m, rest, ok := strings.Cut(spec, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n <= 0 || n > 1000 {
			return Limits{}, fmt.Errorf("arena: time control %q: moves per period %q, want 1..1000", s, m)
		}
		moves, spec = n, rest
	}
	base, inc, hasInc := strings.Cut(spec, "+")
	b, err := parseSeconds(base)
	if err != nil {
		return Limits{}, fmt.Errorf("arena: time control %q: base: %w", s, err)
	}
	if b <= 0 {
		return Limits{}, fmt.Errorf("arena: time control %q: base must be positive", s)
	}
	var in time.Duration
	if hasInc {
		if in, err = parseSeconds(inc); err != nil {
			return Limits{}, fmt.Errorf("arena: time control %q: increment: %w", s, err)
		}
	}
	return Limits{Base: b, Inc: in, Moves: moves}, nil
}

func parseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	if math.IsNaN(f) || f < 0 || f > 1e6 {
		return 0, fmt.Errorf("%q outside [0, 1e6] seconds", s)
	}
	return time.Duration(math.Round(f*1e3)) * time.Millisecond, nil
}

// TimeControlTag formats the clock as PGN's TimeControl tag ("10+0.1",
// "40/60"; "-" when untimed).
func (l Limits) TimeControlTag() string {
	if !l.Timed() {
		return "-"
	}
	t := strconv.FormatFloat(l.Base.Seconds(), 'f', -1, 64)
	if l.Moves > 0 {
		t = strconv.Itoa(l.Moves) + "/" + t
	}
	if l.Inc > 0 {
		t += "+" + strconv.FormatFloat(l.Inc.Seconds(), 'f', -1, 64)
	}
	return t
}
