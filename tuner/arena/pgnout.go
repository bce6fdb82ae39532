package arena

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/evochess/evochess/engine/board"
)

// PGNTags are the event tags written with every game.
type PGNTags struct {
	Event, Site, Date string // "?" / "????.??.??" when empty
}

// WritePGN writes g as a PGN game: the seven-tag roster, FEN and SetUp when
// the start is not the initial position, TimeControl, PlyCount,
// Termination (the PGN standard's value, Termination.PGNTag), Opening; book
// moves plain, engine moves with a "{score/depth[ time]}" comment (score in
// pawns from the mover's view, time only when timed), the last one followed
// by why the game ended in its own words ("checkmate", "Black resigns: both
// engines scored it …"); lines wrapped at 80 columns.
func WritePGN(w io.Writer, g *Game, tags PGNTags) error {
	bw := bufio.NewWriter(w)
	tag := func(name, value string) {
		fmt.Fprintf(bw, "[%s \"%s\"]\n", name, pgnEscape(value))
	}
	tag("Event", orDefault(tags.Event, "?"))
	tag("Site", orDefault(tags.Site, "?"))
	tag("Date", orDefault(tags.Date, "????.??.??"))
	tag("Round", strconv.Itoa(g.Index+1))
	tag("White", g.White)
	tag("Black", g.Black)
	tag("Result", g.Result.String())
	if g.Opening.FEN != board.StartFEN {
		tag("FEN", g.Opening.FEN)
		tag("SetUp", "1")
	}
	tag("TimeControl", g.Limits.TimeControlTag())
	tag("PlyCount", strconv.Itoa(len(g.Opening.Moves)+len(g.Plies)))
	if g.Termination != "" {
		tag("Termination", g.Termination.PGNTag())
	}
	if g.Opening.Name != "" {
		tag("Opening", g.Opening.Name)
	}
	bw.WriteByte('\n')

	pos, err := board.ParseFEN(g.Opening.FEN)
	if err != nil {
		return fmt.Errorf("arena: write PGN game %d: %w", g.Index+1, err)
	}
	lw := lineWriter{w: bw}
	first := true
	play := func(m board.Move, comment string) error {
		if !pos.IsLegal(m) {
			return fmt.Errorf("arena: write PGN game %d: illegal move %s in %s", g.Index+1, m.UCI(), pos.FEN())
		}
		if pos.Side == board.White {
			lw.word(strconv.Itoa(pos.FullmoveNumber) + ".")
		} else if first {
			lw.word(strconv.Itoa(pos.FullmoveNumber) + "...")
		}
		first = false
		lw.word(pos.SAN(m))
		if comment != "" {
			lw.word("{" + comment + "}")
		}
		pos.MakeMove(m)
		return nil
	}
	for _, m := range g.Opening.Moves {
		if err := play(m, ""); err != nil {
			return err
		}
	}
	// Why the game ended, in its own words (the tag has the standard's
	// coarser value), in the last move's comment.
	// (An adjudication's detail names its rule already.)
	reason := string(g.Termination)
	switch {
	case g.Detail == "":
	case g.Termination.PGNTag() == "adjudication" || reason == "":
		reason = g.Detail
	default:
		reason += ": " + g.Detail
	}
	reason = CommentText(reason)
	for i, r := range g.Plies {
		c := moveComment(r)
		if i == len(g.Plies)-1 && reason != "" {
			c = strings.TrimPrefix(c+", "+reason, ", ")
		}
		if err := play(r.Move, c); err != nil {
			return err
		}
	}
	if len(g.Plies) == 0 && reason != "" {
		lw.word("{" + reason + "}")
	}
	lw.word(g.Result.String())
	bw.WriteString("\n\n")
	return bw.Flush()
}

// CommentText makes s safe inside a PGN brace comment: its braces become
// parentheses (an engine's error text must not end the comment).
func CommentText(s string) string { return commentBraces.Replace(s) }

var commentBraces = strings.NewReplacer("{", "(", "}", ")")

func moveComment(r MoveRecord) string {
	if !r.HasScore {
		return ""
	}
	var s string
	if r.Mate != 0 {
		s = "M" + strconv.Itoa(r.Mate)
		if r.Mate < 0 {
			s = "-M" + strconv.Itoa(-r.Mate)
		}
	} else {
		s = fmt.Sprintf("%+.2f", float64(r.Score)/100)
	}
	s += "/" + strconv.Itoa(r.Depth)
	if r.Time > 0 {
		s += fmt.Sprintf(" %.3fs", r.Time.Seconds())
	}
	return s
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// pgnEscape escapes a tag value (backslash and quote) and drops newlines.
func pgnEscape(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

// lineWriter writes space-separated words wrapped at 80 columns.
type lineWriter struct {
	w   *bufio.Writer
	col int
}

func (l *lineWriter) word(s string) {
	if strings.HasPrefix(s, "{") {
		s = "{" + strings.ReplaceAll(strings.TrimSuffix(s[1:], "}"), "}", ")") + "}"
	}
	if l.col > 0 && l.col+1+len(s) > 80 {
		l.w.WriteByte('\n')
		l.col = 0
	} else if l.col > 0 {
		l.w.WriteByte(' ')
		l.col++
	}
	l.w.WriteString(s)
	l.col += len(s)
}
