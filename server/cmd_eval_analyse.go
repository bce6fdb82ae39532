package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner/fitness"
)

// analysing reports whether an eval -fen command asks for a search: a
// limit or a line count given.
func analysing(fs *flag.FlagSet) bool {
	return explicit(fs, "depth") || explicit(fs, "nodes") || explicit(fs, "movetime") || explicit(fs, "multipv")
}

// evalSearchParams returns the search parameters of eval's searches: the
// player's own, or the search preset named by -search.
func evalSearchParams(pl *player.Player, preset string) (search.Params, error) {
	if preset == "" {
		return pl.SearchParams()
	}
	sp, err := search.PresetParams(preset)
	if err != nil {
		return search.Params{}, fmt.Errorf("-search: %w", err)
	}
	return sp, nil
}

// analysisLine is one line of an analysis (-json).
type analysisLine struct {
	Rank  int      `json:"rank"`
	Move  string   `json:"move"` // UCI
	SAN   string   `json:"san"`
	Score int      `json:"score"` // centipawns, side to move's view
	Mate  int      `json:"mate,omitempty"`
	PV    []string `json:"pv"` // UCI moves, from Move on
}

// analysisReport is the -json output of an analysis.
type analysisReport struct {
	FEN    string         `json:"fen"`
	Player string         `json:"player"`
	Scheme string         `json:"scheme"`
	Depth  int            `json:"depth"`
	Nodes  uint64         `json:"nodes"`
	TimeMs int64          `json:"time_ms"`
	Lines  []analysisLine `json:"lines"`
}

// evalAnalyse traces -fen's evaluation, then searches it with the player's
// evaluation and search parameters within the limits given, printing
// MultiPV lines: each iteration's best line on stderr as progress, the
// final lines on stdout. A node limit applies only when given (or when no
// other limit is: the suite's default cap); Ctrl-C stops the search and
// prints the lines of the last iteration.
func evalAnalyse(ctx context.Context, pl *player.Player, f evalFlags, nodesGiven bool, stdout, stderr io.Writer) error {
	if f.depth < 0 || f.depth > search.MaxDepth {
		return fmt.Errorf("eval: -depth %d: outside [0, %d]", f.depth, search.MaxDepth)
	}
	if f.movetime < 0 {
		return fmt.Errorf("eval: -movetime %v: must not be negative", f.movetime)
	}
	if f.multiPV < 1 || f.multiPV > search.MaxMultiPV {
		return fmt.Errorf("eval: -multipv %d: outside [1, %d]", f.multiPV, search.MaxMultiPV)
	}
	if nodesGiven && f.nodes == 0 {
		return fmt.Errorf("eval: -nodes must be positive")
	}
	trace := f
	trace.jsonOut = false
	if err := evalTrace(pl, trace, stdout, stderr); err != nil {
		return err
	}
	pos, _, err := board.ParseFENLoose(f.fen) // evalTrace reported the repairs
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	ev, err := pl.Evaluator()
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	sp, err := evalSearchParams(pl, f.search)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	lim := search.Limits{Depth: f.depth, MoveTime: f.movetime, MultiPV: f.multiPV}
	if nodesGiven || f.depth == 0 && f.movetime == 0 {
		lim.Nodes = f.nodes
		if lim.Nodes == 0 {
			lim.Nodes = fitness.DefaultSuiteCap
		}
	}
	hash := f.hashMB
	if hash == 0 {
		hash = 16
	}
	s := search.NewSearcher(ev, sp, hash)
	res := s.Search(ctx, pos, lim, func(in search.Info) {
		if in.MultiPV <= 1 {
			fmt.Fprintf(stderr, "eval: depth %d: %s %s (%d nodes, %v)\n", in.Depth, pos.SAN(in.PV[0]), scoreText(in.Score, in.Mate),
				in.Nodes, in.Time.Round(time.Millisecond))
		}
	})
	rep := analysisReport{FEN: pos.FEN(), Player: pl.Name, Scheme: pl.Scheme, Depth: res.Depth, Nodes: res.Nodes,
		TimeMs: res.Time.Milliseconds()}
	lines := res.Lines
	if lines == nil && res.Best != board.NoMove {
		lines = []search.Line{{Score: res.Score, Mate: res.Mate, PV: res.PV}}
	}
	for k, l := range lines {
		al := analysisLine{Rank: k + 1, Move: l.PV[0].UCI(), SAN: pos.SAN(l.PV[0]), Score: l.Score, Mate: l.Mate}
		for _, m := range l.PV {
			al.PV = append(al.PV, m.UCI())
		}
		rep.Lines = append(rep.Lines, al)
	}
	if len(rep.Lines) == 0 {
		fmt.Fprintf(stdout, "analysis: no legal move (%s)\n", map[bool]string{true: "checkmate", false: "stalemate"}[pos.InCheck()])
	} else {
		fmt.Fprintf(stdout, "analysis: depth %d, %d nodes, %v (%s, %s to move)\n", res.Depth, res.Nodes, res.Time.Round(time.Millisecond),
			pl.Name, pos.Side)
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		for _, al := range rep.Lines {
			fmt.Fprintf(tw, "%d.\t%s\t%s\t%s\n", al.Rank, al.SAN, scoreText(al.Score, al.Mate), sanLine(pos, lines[al.Rank-1].PV))
		}
		if err := tw.Flush(); err != nil {
			return fmt.Errorf("eval: %w", err)
		}
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "eval: stopped: the lines are the last iteration's")
	}
	if f.jsonOut {
		return emitJSON(stdout, rep)
	}
	return nil
}

// scoreText is a score as analysis GUIs show it: +0.35, -1.20, #3, #-2.
func scoreText(cp, mate int) string {
	if mate != 0 {
		return fmt.Sprintf("#%d", mate)
	}
	return fmt.Sprintf("%+.2f", float64(cp)/100)
}

// sanLine is pv in SAN from pos (pos is left unchanged).
func sanLine(pos *board.Position, pv []board.Move) string {
	p := pos.Clone()
	var b strings.Builder
	for i, m := range pv {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.SAN(m))
		p.MakeMove(m)
	}
	return b.String()
}
