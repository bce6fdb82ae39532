package protocol

import (
	"errors"
	"fmt"
	"math"
)

// The Compare tab's match: one player against each of several opponents
// (a gauntlet), with Elo and its 95% interval per opponent, the pentanomial
// counts of the game pairs (each opening played once with each colour), and
// optionally a sequential probability ratio test that stops the games
// against an opponent as soon as it decides (tuner/arena's SPRT and
// statistics).
//
//	match → game…, match-result(done=false)…, match-result(done=true)

// BookPath is the site-relative path of the bundled Polyglot opening book.
const BookPath = "data/book.bin"

// MaxMatchGames bounds the games against one opponent.
const MaxMatchGames = 1000

// SPRTConfig is an SPRT of H0: Elo = Elo0 against H1: Elo = Elo1 at error
// rates Alpha and Beta (tuner/arena.SPRT with its normalized-Elo model).
type SPRTConfig struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
}

// Validate checks the bounds and error rates.
func (c *SPRTConfig) Validate() error {
	for _, f := range []struct {
		n string
		v float64
	}{{"sprt.elo0", c.Elo0}, {"sprt.elo1", c.Elo1}, {"sprt.alpha", c.Alpha}, {"sprt.beta", c.Beta}} {
		if err := checkFinite(f.n, f.v); err != nil {
			return err
		}
	}
	switch {
	case c.Elo0 >= c.Elo1:
		return fmt.Errorf("sprt: elo0 %g must be below elo1 %g", c.Elo0, c.Elo1)
	case math.Abs(c.Elo0) > 1000 || math.Abs(c.Elo1) > 1000:
		return errors.New("sprt: elo bounds outside ±1000")
	case c.Alpha <= 0 || c.Alpha >= 0.5 || c.Beta <= 0 || c.Beta >= 0.5:
		return fmt.Errorf("sprt: alpha %g and beta %g must lie in (0, 0.5)", c.Alpha, c.Beta)
	}
	return nil
}

// Match asks for Player to play Games games against each of Opponents in
// turn, every move searched to Depth or Nodes, from openings drawn with
// Seed: the bundled Polyglot book (Book, BookPath) or the embedded 200
// balanced positions. Games come in pairs on the same opening with colours
// swapped, so Games is even.
//
// Played resumes a stopped match: the games an earlier run of the same
// request posted (its Game messages: round, players, result, reason,
// plies), which are counted as played and not played again. The match then
// ends with the same games and figures as one never stopped.
type Match struct {
	Player    TournamentPlayer   `json:"player"`
	Opponents []TournamentPlayer `json:"opponents"`
	Games     int                `json:"games"`
	Depth     int                `json:"depth,omitempty"`
	Nodes     int                `json:"nodes,omitempty"`
	MaxPlies  int                `json:"maxPlies,omitempty"`
	Seed      uint64             `json:"seed"`
	Book      bool               `json:"book,omitempty"`
	SPRT      *SPRTConfig        `json:"sprt,omitempty"`
	Played    []Game             `json:"played,omitempty"`
}

// EloUnbounded is the value an Elo figure takes when it is infinite (a 0%
// or 100% score, or an interval that reaches one): ±EloUnbounded.
const EloUnbounded = 9999

// MatchRow is the player's record against one opponent, from the player's
// point of view. Elo figures are logistic Elo with 95% intervals, clamped to
// ±EloUnbounded.
type MatchRow struct {
	Opponent string `json:"opponent"`
	Planned  int    `json:"planned"` // games scheduled
	Games    int    `json:"games"`
	Wins     int    `json:"wins"`
	Draws    int    `json:"draws"`
	Losses   int    `json:"losses"`
	// Elo, EloLow, EloHigh: from the W/D/L score (trinomial).
	Elo     float64 `json:"elo"`
	EloLow  float64 `json:"eloLow"`
	EloHigh float64 `json:"eloHigh"`
	// Penta counts the finished game pairs scoring 0, ½, 1, 1½ and 2 points;
	// PentaElo, PentaLow, PentaHigh are the Elo from those pairs, whose
	// interval accounts for the openings' bias.
	Penta     [5]int  `json:"penta"`
	PentaElo  float64 `json:"pentaElo"`
	PentaLow  float64 `json:"pentaLow"`
	PentaHigh float64 `json:"pentaHigh"`
	// LOS is the likelihood of superiority, in [0, 1] (from the pairs).
	LOS  float64    `json:"los"`
	SPRT *SPRTState `json:"sprt,omitempty"`
}

// SPRTState is an SPRT after the pairs counted so far: the log-likelihood
// ratio, its bounds, and the decision ("continue", "H0", "H1").
type SPRTState struct {
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision"`
}

// MatchResult is the state of a match: one row per opponent started, sent
// after every game (Done false) and at the end (Done true).
type MatchResult struct {
	Player string     `json:"player"`
	Done   bool       `json:"done"`
	Rows   []MatchRow `json:"rows"`
}

func (*Match) Type() Type       { return TypeMatch }
func (*MatchResult) Type() Type { return TypeMatchResult }

// Validate implements Body.
func (m *Match) Validate() error {
	if len(m.Opponents) < 1 || len(m.Opponents) > 15 {
		return fmt.Errorf("%d opponents, want 1..15", len(m.Opponents))
	}
	all := append([]TournamentPlayer{m.Player}, m.Opponents...)
	if err := (&Tournament{Players: all, GamesPerPair: 2, Depth: m.Depth, Nodes: m.Nodes, MaxPlies: m.MaxPlies}).Validate(); err != nil {
		return err
	}
	if m.Games < 2 || m.Games > MaxMatchGames || m.Games%2 != 0 {
		return fmt.Errorf("games %d: want an even number in 2..%d (pairs of games on one opening)", m.Games, MaxMatchGames)
	}
	if m.SPRT != nil {
		if err := m.SPRT.Validate(); err != nil {
			return err
		}
	}
	return checkPlayed(m.Played, len(m.Opponents)*m.Games, m.Games)
}

// Validate implements Body.
func (m *MatchResult) Validate() error {
	for i, r := range m.Rows {
		for _, f := range []struct {
			n string
			v float64
		}{{"elo", r.Elo}, {"eloLow", r.EloLow}, {"eloHigh", r.EloHigh}, {"pentaElo", r.PentaElo}, {"pentaLow", r.PentaLow}, {"pentaHigh", r.PentaHigh}, {"los", r.LOS}} {
			if !finite(f.v) {
				return fmt.Errorf("rows[%d].%s is not finite", i, f.n)
			}
		}
		if r.Games < 0 || r.Wins < 0 || r.Draws < 0 || r.Losses < 0 || r.Wins+r.Draws+r.Losses != r.Games {
			return fmt.Errorf("rows[%d]: games %d ≠ %d+%d+%d", i, r.Games, r.Wins, r.Draws, r.Losses)
		}
		if r.SPRT != nil {
			if !finite(r.SPRT.LLR) {
				return fmt.Errorf("rows[%d].sprt.llr is not finite", i)
			}
		}
	}
	return nil
}

// ClampElo makes an Elo figure finite for the wire (±EloUnbounded).
func ClampElo(v float64) float64 {
	switch {
	case math.IsNaN(v):
		return 0
	case v > EloUnbounded:
		return EloUnbounded
	case v < -EloUnbounded:
		return -EloUnbounded
	}
	return v
}
