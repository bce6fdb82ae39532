package league

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"
)

// WriteStandingsCSV writes the standings: rank, name, scheme, games, wins,
// draws, losses, points, Elo and its 95% margin (empty before the first
// game), submission time.
func (l *League) WriteStandingsCSV(w io.Writer) error {
	st := l.State()
	cw := csv.NewWriter(w)
	cw.Write([]string{"rank", "name", "scheme", "games", "wins", "draws", "losses", "points", "elo", "elo_margin_95", "submitted"})
	for i, s := range st.Standings {
		elo, margin := "", ""
		if s.Rated {
			elo, margin = strconv.FormatFloat(s.Elo, 'f', 1, 64), strconv.FormatFloat(s.EloMargin, 'f', 1, 64)
		}
		cw.Write([]string{strconv.Itoa(i + 1), csvSafe(s.Name), s.Scheme, strconv.Itoa(s.Games), strconv.Itoa(s.Wins), strconv.Itoa(s.Draws),
			strconv.Itoa(s.Losses), strconv.FormatFloat(s.Points, 'f', -1, 64), elo, margin, time.UnixMilli(s.Submitted).UTC().Format(time.RFC3339)})
	}
	cw.Flush()
	return cw.Error()
}

// csvSafe keeps a spreadsheet from reading a display name as a formula.
func csvSafe(s string) string {
	if s != "" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@') {
		return "'" + s
	}
	return s
}

// WriteGamesCSV writes the games of the standings, oldest first.
func (l *League) WriteGamesCSV(ctx context.Context, w io.Writer) error {
	l.mu.Lock()
	epoch := l.epoch
	l.mu.Unlock()
	rows, err := l.st.listGames(ctx, activeGamesQuery+" ORDER BY g.id", epoch)
	if err != nil {
		return err
	}
	names, err := l.st.names(ctx)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Write([]string{"game", "white", "black", "result", "termination", "plies", "opening", "finished"})
	for _, g := range rows {
		cw.Write([]string{strconv.FormatInt(g.ID, 10), csvSafe(names[g.White]), csvSafe(names[g.Black]), g.Result, g.Termination,
			strconv.Itoa(g.Plies), g.Opening, time.UnixMilli(g.Finished).UTC().Format(time.RFC3339)})
	}
	cw.Flush()
	return cw.Error()
}

// WriteGamesPGN writes the games of the standings as one PGN file, oldest
// first, streaming from the file.
func (l *League) WriteGamesPGN(ctx context.Context, w io.Writer) error {
	l.mu.Lock()
	epoch := l.epoch
	l.mu.Unlock()
	rows, err := l.st.db.QueryContext(ctx, `SELECT g.pgn FROM games g JOIN entries a ON a.id = g.lo JOIN entries b ON b.id = g.hi
		WHERE g.epoch = ? AND a.removed = 0 AND b.removed = 0 ORDER BY g.id`, epoch)
	if err != nil {
		return fmt.Errorf("league: export PGN: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var pgn string
		if err := rows.Scan(&pgn); err != nil {
			return fmt.Errorf("league: export PGN: %w", err)
		}
		if _, err := io.WriteString(w, pgn); err != nil {
			return err
		}
	}
	return rows.Err()
}

// TeacherToken returns the token of teacher actions, created once per
// league file so that the teacher's link and cookie survive a restart.
func (l *League) TeacherToken(ctx context.Context) (string, error) { return l.st.token(ctx) }
