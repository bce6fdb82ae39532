package board

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/shareddata"
)

// perftCase is one EPD line: a FEN and its published perft counts by depth.
type perftCase struct {
	line   int
	fen    string
	counts map[int]uint64
}

// readPerftEPD reads "FEN ;D1 n ;D2 n" or "FEN; D1 n; D2 n" lines; "#" starts a comment line.
func readPerftEPD(tb testing.TB, path string) []perftCase {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		parts := strings.Split(text, ";")
		pc := perftCase{line: ln, fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, part := range parts[1:] {
			fs := strings.Fields(part)
			if len(fs) == 0 {
				continue
			}
			if len(fs) != 2 || len(fs[0]) < 2 || fs[0][0] != 'D' {
				tb.Fatalf("%s:%d: bad field %q", path, ln, part)
			}
			d, err1 := strconv.Atoi(fs[0][1:])
			n, err2 := strconv.ParseUint(fs[1], 10, 64)
			if err1 != nil || err2 != nil {
				tb.Fatalf("%s:%d: bad field %q", path, ln, part)
			}
			pc.counts[d] = n
		}
		out = append(out, pc)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no positions", path)
	}
	return out
}

// perftLimit is the largest published count checked per entry: small in
// -short mode (the default test budget), larger otherwise (a few minutes).
// Suites with many positions (Marcel's 3,376) get much lower limits.
func perftLimit(many bool) uint64 {
	switch {
	case testing.Short() && many:
		return 200_000 // D3: 68 M nodes in all
	case testing.Short():
		return 2_000_000
	case many:
		return 2_000_000 // most D4s: about 1.5 G nodes
	default:
		return 120_000_000 // up to start-position D6
	}
}

// checkPerft runs every depth of c whose count is at most limit, and checks
// the position is unchanged afterwards.
func checkPerft(t *testing.T, name string, c perftCase, limit uint64) int {
	t.Helper()
	p, err := ParseFEN(c.fen)
	if err != nil {
		t.Errorf("%s:%d: %v", name, c.line, err)
		return 0
	}
	fen0, hash0 := p.FEN(), p.Hash
	ran := 0
	for d := 1; d <= 10; d++ {
		want, ok := c.counts[d]
		if !ok || want > limit {
			continue
		}
		if got := p.Perft(d); got != want {
			t.Errorf("%s:%d: %s perft(%d) = %d, want %d", name, c.line, c.fen, d, got, want)
		}
		ran++
		if p.FEN() != fen0 || p.Hash != hash0 || p.Ply() != 0 {
			t.Fatalf("%s:%d: position changed by perft(%d): %s hash %x", name, c.line, d, p.FEN(), p.Hash)
		}
	}
	return ran
}

func TestPerftFixtures(t *testing.T) {
	cases := readPerftEPD(t, "testdata/perft_tricky.epd")
	limit := perftLimit(false)
	for _, c := range cases {
		checkPerft(t, "perft_tricky.epd", c, max(limit, 4_000_000))
	}
}

func TestPerftSharedSuites(t *testing.T) {
	for _, file := range []string{"epd/perft_standard.epd", "epd/perftsuite_shared_half.epd", "epd/perft_marcel_shared_half.epd"} {
		t.Run(strings.TrimPrefix(file, "epd/"), func(t *testing.T) {
			cases := readPerftEPD(t, shareddata.Path(t, file))
			limit := perftLimit(len(cases) > 100)
			// Split across subtests so both cores work natively.
			const chunks = 4
			for k := 0; k < chunks; k++ {
				t.Run(fmt.Sprint("part", k), func(t *testing.T) {
					t.Parallel()
					runs := 0
					for i := k; i < len(cases); i += chunks {
						runs += checkPerft(t, file, cases[i], limit)
					}
					if runs == 0 && len(cases) > k {
						t.Errorf("no depth of %s checked", file)
					}
				})
			}
		})
	}
}

// perftVerify is perft that runs Verify at every node and checks that
// UnmakeMove restores the FEN and hash exactly.
func perftVerify(t *testing.T, p *Position, depth int) uint64 {
	if err := p.Verify(); err != nil {
		t.Fatalf("%s: %v", p.FEN(), err)
	}
	if depth == 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	var n uint64
	for _, m := range ml.Slice() {
		fen, hash := p.FEN(), p.Hash
		p.MakeMove(m)
		n += perftVerify(t, p, depth-1)
		p.UnmakeMove()
		if p.FEN() != fen || p.Hash != hash {
			t.Fatalf("unmake %s: got %s %x, want %s %x", m, p.FEN(), p.Hash, fen, hash)
		}
	}
	return n
}

func TestPerftVerifyShallow(t *testing.T) {
	type suite struct {
		cases []perftCase
		depth int
	}
	deep := 2
	if !testing.Short() {
		deep = 3
	}
	suites := []suite{{readPerftEPD(t, "testdata/perft_tricky.epd"), deep}}
	if root := shareddata.Root(); root != "" {
		for _, s := range []struct {
			file  string
			depth int
		}{{"epd/perftsuite_shared_half.epd", deep}, {"epd/perft_marcel_shared_half.epd", deep - 1}} {
			if _, err := os.Stat(root + "/" + s.file); err == nil {
				suites = append(suites, suite{readPerftEPD(t, root+"/"+s.file), s.depth})
			}
		}
	}
	for _, s := range suites {
		for _, c := range s.cases {
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			want, ok := c.counts[s.depth]
			got := perftVerify(t, p, s.depth)
			if ok && got != want {
				t.Errorf("%s: perftVerify(%d) = %d, want %d", c.fen, s.depth, got, want)
			}
			if bulk := p.PerftBulk(s.depth); bulk != got {
				t.Errorf("%s: PerftBulk(%d) = %d, Perft %d", c.fen, s.depth, bulk, got)
			}
		}
	}
}

func TestDivide(t *testing.T) {
	p := NewPosition()
	div := p.Divide(3)
	if len(div) != 20 {
		t.Fatalf("Divide(3) has %d moves, want 20", len(div))
	}
	var sum uint64
	for _, e := range div {
		sum += e.Nodes
		if e.Move.UCI() == "e2e4" && e.Nodes != 600 {
			t.Errorf("e2e4: %d, want 600", e.Nodes)
		}
	}
	if sum != 8902 {
		t.Errorf("sum of Divide(3) = %d, want 8902", sum)
	}
	if p.Divide(0) != nil {
		t.Error("Divide(0) should be nil")
	}
}
