package league

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/tuner/arena"
	"github.com/evochess/evochess/wasm/protocol"
	"golang.org/x/text/unicode/norm"
)

// Errors the HTTP layer maps to statuses (wrapped with details).
var (
	ErrNotFound = errors.New("not found")     // 404
	ErrConflict = errors.New("conflict")      // 409: a name taken
	ErrFull     = errors.New("league full")   // 409 / 429: entry caps
	ErrInvalid  = errors.New("invalid")       // 400: bad name, player or settings
	ErrClosed   = errors.New("league closed") // 503
)

// Config configures a league.
type Config struct {
	// Path is the SQLite file (created if missing).
	Path string
	// Workers is the number of games played at once (0 = GOMAXPROCS).
	Workers int
	// MaxEntries caps the active entries (0 = 64).
	MaxEntries int
	// MaxPerAddress caps the active entries one network address may submit
	// unless it submits as the teacher (0 = 5).
	MaxPerAddress int
	// Openings are the start positions, each played with both colours (nil
	// = arena.DefaultOpenings, 200 balanced three-move positions). Their order
	// is shuffled per epoch.
	Openings []arena.Opening
	// Defaults are the settings of a new league file (zero: depth 3, 10
	// games per pair).
	Defaults protocol.LeagueSettings
	// WorkerStart, if set, runs at the start of each game goroutine (the
	// server locks it to its thread and lowers that thread's priority).
	WorkerStart func()
	// Log, if set, receives one line per submission, removal, reset and
	// storage error.
	Log func(format string, args ...any)
	// Now is the clock (nil = time.Now).
	Now func() time.Time
}

// recentGames is how many finished games the state lists.
const recentGames = 20

// League is a class league: entries, a continuous round robin played by
// worker goroutines, and the SQLite file behind both. Its methods are safe
// for concurrent use.
type League struct {
	cfg Config
	st  *store
	ops []arena.Opening

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	submitMu sync.Mutex // serializes submissions (caps and names checked, then stored)

	mu       sync.Mutex
	entries  map[int64]*entry
	order    []int64 // active entry ids, ascending
	pairs    map[pair]*pairState
	settings protocol.LeagueSettings
	paused   bool
	epoch    int
	games    int
	recent   []protocol.LeagueGameSummary
	playing  map[*slot]struct{}
	errMsg   string
	seq      int64
	changed  chan struct{} // closed and replaced at every change
	snap     []byte        // encoded state at snapSeq
	snapSeq  int64
	started  bool
}

type entry struct {
	row    entryRow
	engine arena.InProcess
}

// pair is two entries, lo < hi.
type pair struct{ lo, hi int64 }

func makePair(a, b int64) pair {
	if a > b {
		a, b = b, a
	}
	return pair{a, b}
}

// pairState is a pair's games in the current epoch: slots k stored (done)
// and being played (busy), and the score from lo's point of view.
type pairState struct {
	done  map[int]bool
	busy  map[int]bool
	score arena.Tally
}

func (ps *pairState) count() int { return len(ps.done) + len(ps.busy) }

// slot is one game of the schedule: pair p's k-th game. Even k: lo plays
// White; odd k: hi. Games 2c and 2c+1 share opening c of the epoch's order.
type slot struct {
	epoch        int
	p            pair
	k            int
	white, black *entry
	opening      arena.Opening
	limits       arena.Limits
	ctx          context.Context
	cancel       context.CancelFunc
}

// Open opens (or creates) the league file, migrates it and loads the
// entries and the current epoch's games. Call Start to play.
func Open(ctx context.Context, cfg Config) (*League, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxEntries <= 0 {
		cfg.MaxEntries = 64
	}
	if cfg.MaxPerAddress <= 0 {
		cfg.MaxPerAddress = 5
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Defaults == (protocol.LeagueSettings{}) {
		cfg.Defaults = protocol.LeagueSettings{Depth: 3, GamesPerPair: 10}
	}
	if err := cfg.Defaults.Validate(); err != nil {
		return nil, fmt.Errorf("league: default %w", err)
	}
	ops := cfg.Openings
	if ops == nil {
		var err error
		if ops, err = arena.DefaultOpenings(); err != nil {
			return nil, err
		}
	}
	if len(ops) == 0 {
		ops = []arena.Opening{arena.StartOpening()}
	}
	for _, o := range ops {
		if _, err := o.Position(); err != nil {
			return nil, fmt.Errorf("league: %w", err)
		}
	}
	db, err := openDB(ctx, cfg.Path)
	if err != nil {
		return nil, err
	}
	lctx, cancel := context.WithCancel(context.Background())
	l := &League{cfg: cfg, st: &store{db: db}, ops: ops, ctx: lctx, cancel: cancel,
		changed: make(chan struct{}), playing: map[*slot]struct{}{}}
	if err := l.load(ctx); err != nil {
		cancel()
		db.Close()
		return nil, err
	}
	return l, nil
}

// load reads settings, entries and the current epoch's games.
func (l *League) load(ctx context.Context) error {
	l.settings = l.cfg.Defaults
	if v, ok, err := l.st.meta(ctx, "settings"); err != nil {
		return err
	} else if ok {
		var s protocol.LeagueSettings
		if err := json.Unmarshal([]byte(v), &s); err != nil || s.Validate() != nil {
			return fmt.Errorf("league: %s: stored settings %q are damaged", l.cfg.Path, v)
		}
		l.settings = s
	}
	if v, ok, err := l.st.meta(ctx, "paused"); err != nil {
		return err
	} else if ok {
		l.paused = v == "1"
	}
	if v, ok, err := l.st.meta(ctx, "epoch"); err != nil {
		return err
	} else if ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("league: %s: stored epoch %q is damaged", l.cfg.Path, v)
		}
		l.epoch = n
	}
	rows, err := l.st.activeEntries(ctx)
	if err != nil {
		return err
	}
	l.entries = map[int64]*entry{}
	l.pairs = map[pair]*pairState{}
	for _, r := range rows {
		e, err := newEntry(r)
		if err != nil {
			// A stored player this build cannot read (a scheme since
			// removed): keep it in the file, leave it out of play.
			l.logf("league: entry %d %q left out: %v", r.ID, r.Name, err)
			continue
		}
		l.entries[r.ID] = e
		l.order = append(l.order, r.ID)
	}
	games, err := l.st.gameSlots(ctx, l.epoch)
	if err != nil {
		return err
	}
	for _, g := range games {
		if l.entries[g.Lo] == nil || l.entries[g.Hi] == nil {
			continue
		}
		l.record(g)
	}
	return nil
}

// record counts a stored game of the current epoch (lock held or loading).
func (l *League) record(g gameRow) {
	p := pair{g.Lo, g.Hi}
	ps := l.pair(p)
	ps.done[g.K] = true
	var s arena.Tally
	switch {
	case g.Result == "1/2-1/2":
		s.Draws = 1
	case (g.Result == "1-0") == (g.White == g.Lo):
		s.Wins = 1
	default:
		s.Losses = 1
	}
	ps.score = ps.score.Add(s)
	l.games++
	sum := l.summary(g)
	l.recent = append([]protocol.LeagueGameSummary{sum}, l.recent...)
	if len(l.recent) > recentGames {
		l.recent = l.recent[:recentGames]
	}
}

func (l *League) summary(g gameRow) protocol.LeagueGameSummary {
	name := func(id int64) string {
		if e := l.entries[id]; e != nil {
			return e.row.Name
		}
		return "#" + strconv.FormatInt(id, 10)
	}
	return protocol.LeagueGameSummary{ID: g.ID, WhiteID: g.White, BlackID: g.Black, White: name(g.White), Black: name(g.Black),
		Result: g.Result, Termination: g.Termination, Plies: g.Plies, Opening: g.Opening, Finished: g.Finished}
}

func (l *League) pair(p pair) *pairState {
	ps := l.pairs[p]
	if ps == nil {
		ps = &pairState{done: map[int]bool{}, busy: map[int]bool{}}
		l.pairs[p] = ps
	}
	return ps
}

// newEntry checks a stored or submitted player and makes its engine config.
func newEntry(r entryRow) (*entry, error) {
	p, err := player.Load(strings.NewReader(r.Player))
	if err != nil {
		return nil, err
	}
	ev, err := p.Evaluator()
	if err != nil {
		return nil, err
	}
	sp, err := p.SearchParams()
	if err != nil {
		return nil, err
	}
	cfg := arena.InProcess{Name: r.Name, Scheme: ev.Scheme(), Weights: ev.Weights(), Search: sp, HashMB: 1}
	if _, err := cfg.Player(); err != nil {
		return nil, err
	}
	return &entry{row: r, engine: cfg}, nil
}

func (l *League) logf(format string, args ...any) {
	if l.cfg.Log != nil {
		l.cfg.Log(format, args...)
	}
}

// changedLocked marks a change: a new sequence number, and every waiting
// worker and event stream wakes up.
func (l *League) changedLocked() {
	l.seq++
	close(l.changed)
	l.changed = make(chan struct{})
}

// Start launches the game workers. Games stop at Close.
func (l *League) Start() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.started {
		return
	}
	l.started = true
	for i := 0; i < l.cfg.Workers; i++ {
		l.wg.Add(1)
		go l.worker()
	}
}

// Close stops the games (an interrupted game is replayed at the next
// start) and closes the file.
func (l *League) Close() error {
	l.cancel()
	l.wg.Wait()
	l.mu.Lock()
	l.changedLocked() // wake event streams so they see the end
	l.mu.Unlock()
	return l.st.db.Close()
}

// Done is closed when the league closes.
func (l *League) Done() <-chan struct{} { return l.ctx.Done() }

func (l *League) worker() {
	defer l.wg.Done()
	if l.cfg.WorkerStart != nil {
		l.cfg.WorkerStart()
	}
	for {
		s := l.claim()
		if s == nil {
			return
		}
		g, err := l.play(s)
		l.finish(s, g, err)
	}
}

// claim waits for the next game to play; nil once the league closes.
func (l *League) claim() *slot {
	for {
		l.mu.Lock()
		if l.ctx.Err() != nil {
			l.mu.Unlock()
			return nil
		}
		if !l.paused {
			if s := l.nextSlotLocked(); s != nil {
				l.pairs[s.p].busy[s.k] = true
				l.playing[s] = struct{}{}
				l.changedLocked()
				l.mu.Unlock()
				return s
			}
		}
		wake := l.changed
		l.mu.Unlock()
		select {
		case <-wake:
		case <-l.ctx.Done():
		}
	}
}

// nextSlotLocked picks the pair with the fewest games (stored or being
// played) below GamesPerPair; among those the one with the newest entry, so
// a new entry plays first. Its k is the smallest slot not yet taken (a game
// cut by a crash or a pause is replayed).
func (l *League) nextSlotLocked() *slot {
	var best pair
	bestN := -1
	limit := l.settings.GamesPerPair
	for j := len(l.order) - 1; j >= 0; j-- {
		hi := l.order[j]
		for i := j - 1; i >= 0; i-- {
			p := pair{l.order[i], hi}
			n := 0
			if ps := l.pairs[p]; ps != nil {
				n = ps.count()
			}
			if n < limit && (bestN < 0 || n < bestN) {
				best, bestN = p, n
			}
		}
	}
	if bestN < 0 {
		return nil
	}
	ps := l.pair(best)
	k := 0
	for ps.done[k] || ps.busy[k] {
		k++
	}
	s := &slot{epoch: l.epoch, p: best, k: k, limits: l.limits()}
	lo, hi := l.entries[best.lo], l.entries[best.hi]
	s.white, s.black = lo, hi
	if k%2 == 1 {
		s.white, s.black = hi, lo
	}
	s.opening = l.opening(k / 2)
	s.ctx, s.cancel = context.WithCancel(l.ctx)
	return s
}

// opening returns opening c of the epoch's order: every pair plays the same
// sequence, each opening with both colours.
func (l *League) opening(c int) arena.Opening {
	n := len(l.ops)
	r := rand.New(rand.NewPCG(uint64(l.epoch), 0x6c65616775)) // "league"
	perm := r.Perm(n)
	return l.ops[perm[c%n]]
}

func (l *League) limits() arena.Limits {
	if l.settings.MoveTimeMs > 0 {
		return arena.Limits{MoveTime: time.Duration(l.settings.MoveTimeMs) * time.Millisecond}
	}
	return arena.Limits{Depth: l.settings.Depth}
}

func limitsText(lim arena.Limits) string {
	if lim.MoveTime > 0 {
		return fmt.Sprintf("%d ms per move", lim.MoveTime.Milliseconds())
	}
	return fmt.Sprintf("depth %d", lim.Depth)
}

// play plays s's game.
func (l *League) play(s *slot) (*arena.Game, error) {
	we, err := s.white.engine.NewEngine()
	if err != nil {
		return nil, err
	}
	defer we.Close()
	be, err := s.black.engine.NewEngine()
	if err != nil {
		return nil, err
	}
	defer be.Close()
	g, err := arena.PlayGame(s.ctx, we, be, s.opening, arena.GameConfig{Limits: s.limits, Adjudication: arena.DefaultAdjudication()})
	var engineErr *arena.EngineError
	if errors.As(err, &engineErr) && g != nil && g.Result != arena.NoResult {
		err = nil // the failing side lost: a finished game
	}
	return g, err
}

// finish stores s's game (when it ended, in the current epoch, between
// entries still in) and frees the slot.
func (l *League) finish(s *slot, g *arena.Game, err error) {
	defer s.cancel()
	var row gameRow
	stored := false
	if err == nil && g != nil && g.Result != arena.NoResult && s.ctx.Err() == nil {
		row, err = l.gameRow(s, g)
		if err == nil {
			row.ID, err = l.st.addGame(l.ctx, row)
			stored = err == nil || errors.Is(err, ErrConflict)
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.playing, s)
	if ps := l.pairs[s.p]; ps != nil && s.epoch == l.epoch {
		delete(ps.busy, s.k)
		switch {
		case stored && err == nil && l.entries[s.p.lo] != nil && l.entries[s.p.hi] != nil:
			l.record(row)
		case stored:
			ps.done[s.k] = true // already in the file: never replay it
		}
	}
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, ErrConflict) && l.ctx.Err() == nil {
		l.errMsg = err.Error()
		l.logf("league: game %s vs %s: %v", s.white.row.Name, s.black.row.Name, err)
		if !stored {
			// Storage is failing: pause rather than spin; the teacher resumes.
			l.paused = true
		}
	}
	l.changedLocked()
}

func (l *League) gameRow(s *slot, g *arena.Game) (gameRow, error) {
	g.Index = s.k
	var pgn bytes.Buffer
	now := l.cfg.Now()
	tags := arena.PGNTags{Event: "evochess class league", Site: "evochess serve", Date: now.Format("2006.01.02")}
	if err := arena.WritePGN(&pgn, g, tags); err != nil {
		return gameRow{}, err
	}
	moves := g.Moves()
	ucis := make([]string, len(moves))
	for i, m := range moves {
		ucis[i] = m.UCI()
	}
	return gameRow{Epoch: s.epoch, Lo: s.p.lo, Hi: s.p.hi, K: s.k, White: s.white.row.ID, Black: s.black.row.ID,
		Result: g.Result.String(), Termination: string(g.Termination), StartFEN: s.opening.FEN, Moves: strings.Join(ucis, " "),
		Book: len(s.opening.Moves), PGN: pgn.String(), Opening: s.opening.Name, Limits: limitsText(s.limits),
		Finished: now.UnixMilli(), Plies: len(moves)}, nil
}

// Submit adds an entry: a display name and an engine/player JSON file.
// address is the submitter's network address; teacher lifts the
// per-address cap.
func (l *League) Submit(ctx context.Context, name string, playerJSON []byte, address string, teacher bool) (protocol.LeagueSubmitted, error) {
	name, err := protocol.CleanLeagueName(name)
	if err != nil {
		return protocol.LeagueSubmitted{}, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	// Shown composed (NFC): "José" typed with a combining accent and with
	// the precomposed letter is one name on the leaderboard.
	name = norm.NFC.String(name)
	p, err := player.Load(bytes.NewReader(playerJSON))
	if err != nil {
		return protocol.LeagueSubmitted{}, invalidPlayer(err)
	}
	var canon bytes.Buffer
	if err := p.Save(&canon); err != nil {
		return protocol.LeagueSubmitted{}, invalidPlayer(err)
	}
	row := entryRow{Name: name, Scheme: p.Scheme, Player: canon.String(), Address: address, Submitted: l.cfg.Now().UnixMilli()}
	e, err := newEntry(row)
	if err != nil {
		return protocol.LeagueSubmitted{}, invalidPlayer(err)
	}

	l.submitMu.Lock()
	defer l.submitMu.Unlock()
	l.mu.Lock()
	if l.ctx.Err() != nil {
		l.mu.Unlock()
		return protocol.LeagueSubmitted{}, ErrClosed
	}
	n, mine := len(l.order), 0
	for _, id := range l.order {
		o := l.entries[id]
		if sameName(o.row.Name, name) {
			l.mu.Unlock()
			return protocol.LeagueSubmitted{}, fmt.Errorf("%w: the name %q is taken; choose another", ErrConflict, name)
		}
		if o.row.Address == address {
			mine++
		}
	}
	l.mu.Unlock()
	if n >= l.cfg.MaxEntries {
		return protocol.LeagueSubmitted{}, fmt.Errorf("%w: %d entries, the most this league takes", ErrFull, l.cfg.MaxEntries)
	}
	if !teacher && mine >= l.cfg.MaxPerAddress {
		return protocol.LeagueSubmitted{}, fmt.Errorf("%w: this device already has %d entries in the league (at most %d)", ErrFull, mine, l.cfg.MaxPerAddress)
	}
	id, err := l.st.addEntry(ctx, row)
	if err != nil {
		return protocol.LeagueSubmitted{}, err
	}
	e.row.ID = id
	l.mu.Lock()
	l.entries[id] = e
	l.order = append(l.order, id)
	l.changedLocked()
	l.mu.Unlock()
	l.logf("league: entry %d %q (%s) from %s", id, name, p.Scheme, address)
	return protocol.LeagueSubmitted{ID: id, Name: name}, nil
}

// sameName reports whether two display names read as one: equal once
// compatibility forms are folded (NFKC: full-width letters, ligatures,
// superscripts) and case is ignored. Such a name is taken.
func sameName(a, b string) bool {
	return strings.EqualFold(norm.NFKC.String(a), norm.NFKC.String(b))
}

// invalidPlayer marks a submitted player's error as ErrInvalid, saying
// "player: " once: engine/player's own errors already start with it.
func invalidPlayer(err error) error {
	if strings.HasPrefix(err.Error(), "player: ") {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return fmt.Errorf("%w: player: %w", ErrInvalid, err)
}

// Remove withdraws an entry: its games in progress stop and its games leave
// the standings (they stay in the file).
func (l *League) Remove(ctx context.Context, id int64) error {
	l.submitMu.Lock()
	defer l.submitMu.Unlock()
	l.mu.Lock()
	e := l.entries[id]
	l.mu.Unlock()
	if e == nil {
		return fmt.Errorf("%w: no entry %d in the league", ErrNotFound, id)
	}
	if err := l.st.removeEntry(ctx, id, l.cfg.Now().UnixMilli()); err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.entries, id)
	for i, o := range l.order {
		if o == id {
			l.order = append(l.order[:i:i], l.order[i+1:]...)
			break
		}
	}
	for p, ps := range l.pairs {
		if p.lo == id || p.hi == id {
			l.games -= ps.score.Games() // what record counted (done also holds slots stored but not counted)
			delete(l.pairs, p)
		}
	}
	for s := range l.playing {
		if s.white == e || s.black == e {
			s.cancel()
		}
	}
	kept := l.recent[:0:0]
	for _, r := range l.recent {
		if r.WhiteID != id && r.BlackID != id {
			kept = append(kept, r)
		}
	}
	l.recent = kept
	l.changedLocked()
	l.logf("league: entry %d %q removed", id, e.row.Name)
	return nil
}

// SetSettings changes how the next games are played.
func (l *League) SetSettings(ctx context.Context, s protocol.LeagueSettings) error {
	if err := s.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	b, _ := json.Marshal(s)
	if err := l.st.setMeta(ctx, nil, "settings", string(b)); err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.settings = s
	l.changedLocked()
	return nil
}

// SetPaused pauses (games in progress stop and are replayed later) or
// resumes the round robin.
func (l *League) SetPaused(ctx context.Context, paused bool) error {
	v := "0"
	if paused {
		v = "1"
	}
	if err := l.st.setMeta(ctx, nil, "paused", v); err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.paused = paused
	if paused {
		for s := range l.playing {
			s.cancel()
		}
	} else {
		l.errMsg = ""
	}
	l.changedLocked()
	return nil
}

// Reset starts a new epoch: the standings start again from zero (the games
// stay in the file). With entries, every entry is withdrawn too.
func (l *League) Reset(ctx context.Context, entries bool) error {
	l.submitMu.Lock()
	defer l.submitMu.Unlock()
	l.mu.Lock()
	epoch := l.epoch + 1
	l.mu.Unlock()
	tx, err := l.st.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("league: reset: %w", err)
	}
	defer tx.Rollback()
	if err := l.st.setMeta(ctx, tx, "epoch", strconv.Itoa(epoch)); err != nil {
		return err
	}
	if entries {
		if _, err := tx.ExecContext(ctx, "UPDATE entries SET removed = ? WHERE removed = 0", l.cfg.Now().UnixMilli()); err != nil {
			return fmt.Errorf("league: reset: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("league: reset: %w", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.epoch = epoch
	l.pairs = map[pair]*pairState{}
	l.games, l.recent, l.errMsg = 0, nil, ""
	for s := range l.playing {
		s.cancel()
	}
	if entries {
		l.entries, l.order = map[int64]*entry{}, nil
	}
	l.changedLocked()
	l.logf("league: reset to epoch %d (entries withdrawn: %v)", epoch, entries)
	return nil
}

// Changed returns a channel closed at the next change.
func (l *League) Changed() <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.changed
}

// State returns the current state.
func (l *League) State() protocol.LeagueState {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stateLocked()
}

// Snapshot returns the current state encoded as JSON and its sequence
// number; the encoding is shared by every caller until the next change.
func (l *League) Snapshot() (int64, []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.snap == nil || l.snapSeq != l.seq {
		b, err := json.Marshal(l.stateLocked())
		if err != nil { // cannot happen: plain structs, finite floats
			b = []byte(`{}`)
		}
		l.snap, l.snapSeq = b, l.seq
	}
	return l.snapSeq, l.snap
}

func (l *League) stateLocked() protocol.LeagueState {
	st := protocol.LeagueState{Seq: l.seq, Epoch: l.epoch, Paused: l.paused, Settings: l.settings, MaxEntries: l.cfg.MaxEntries,
		Games: l.games, Workers: l.cfg.Workers, Err: l.errMsg,
		Recent: append([]protocol.LeagueGameSummary{}, l.recent...), Playing: []protocol.LeagueLive{}}
	st.Scheduled = l.scheduledLocked()
	st.Standings = l.standingsLocked()
	for s := range l.playing {
		st.Playing = append(st.Playing, protocol.LeagueLive{White: s.white.row.Name, Black: s.black.row.Name})
	}
	sort.Slice(st.Playing, func(i, j int) bool {
		a, b := st.Playing[i], st.Playing[j]
		return a.White+"\x00"+a.Black < b.White+"\x00"+b.Black
	})
	return st
}

// scheduledLocked counts the games of the round robin at the current
// entries: GamesPerPair per pair, or the games a pair has already played
// when more (the teacher lowered GamesPerPair after they were played), so
// that Games never exceeds Scheduled.
func (l *League) scheduledLocked() int {
	n := len(l.order)
	total := n * (n - 1) / 2 * l.settings.GamesPerPair
	for p, ps := range l.pairs {
		if l.entries[p.lo] == nil || l.entries[p.hi] == nil {
			continue
		}
		if played := ps.score.Games(); played > l.settings.GamesPerPair {
			total += played - l.settings.GamesPerPair
		}
	}
	return total
}

// Entry returns an active entry's line of the standings (the shape
// LeagueState.Standings lists it in).
func (l *League) Entry(id int64) (protocol.LeagueStanding, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.entries[id] == nil {
		return protocol.LeagueStanding{}, fmt.Errorf("%w: no entry %d in the league", ErrNotFound, id)
	}
	for _, s := range l.standingsLocked() {
		if s.ID == id {
			return s, nil
		}
	}
	return protocol.LeagueStanding{}, fmt.Errorf("%w: no entry %d in the league", ErrNotFound, id)
}

// standingsLocked rates the active entries: W/D/L and points against
// everyone, Bradley-Terry pool ratings (arena.PoolRatings, one virtual draw
// per pair that met, mean 0) with 95% margins. Best first.
func (l *League) standingsLocked() []protocol.LeagueStanding {
	n := len(l.order)
	idx := make(map[int64]int, n)
	out := make([]protocol.LeagueStanding, n)
	for i, id := range l.order {
		idx[id] = i
		e := l.entries[id]
		out[i] = protocol.LeagueStanding{ID: id, Name: e.row.Name, Scheme: e.row.Scheme, Submitted: e.row.Submitted}
	}
	var tallies []arena.PairTally
	for p, ps := range l.pairs {
		i, ok1 := idx[p.lo]
		j, ok2 := idx[p.hi]
		if !ok1 || !ok2 || ps.score.Games() == 0 {
			continue
		}
		tallies = append(tallies, arena.PairTally{I: i, J: j, Score: ps.score})
		add := func(s *protocol.LeagueStanding, sc arena.Tally) {
			s.Wins += sc.Wins
			s.Draws += sc.Draws
			s.Losses += sc.Losses
		}
		add(&out[i], ps.score)
		add(&out[j], ps.score.Flip())
	}
	// Map iteration order varies: sort the tallies so the ratings are
	// reproducible to the last bit.
	sort.Slice(tallies, func(a, b int) bool {
		if tallies[a].I != tallies[b].I {
			return tallies[a].I < tallies[b].I
		}
		return tallies[a].J < tallies[b].J
	})
	ratings, err := arena.PoolRatings(n, tallies, 1)
	for i := range out {
		s := &out[i]
		s.Games = s.Wins + s.Draws + s.Losses
		s.Points = float64(s.Wins) + float64(s.Draws)/2
		if err == nil && s.Games > 0 && !math.IsInf(ratings[i].Margin, 0) && !math.IsNaN(ratings[i].Elo) {
			s.Elo, s.EloMargin, s.Rated = ratings[i].Elo, ratings[i].Margin, true
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.Rated != y.Rated {
			return x.Rated
		}
		if x.Elo != y.Elo {
			return x.Elo > y.Elo
		}
		if x.Points != y.Points {
			return x.Points > y.Points
		}
		return x.ID < y.ID
	})
	return out
}

// Games lists finished games of the standings, newest first: of entry (0 =
// all), with ids below before (0 = from the newest), at most limit.
func (l *League) Games(ctx context.Context, entry, before int64, limit int) ([]protocol.LeagueGameSummary, error) {
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	l.mu.Lock()
	epoch := l.epoch
	l.mu.Unlock()
	q := activeGamesQuery + " AND (? = 0 OR g.white = ? OR g.black = ?) AND (? = 0 OR g.id < ?) ORDER BY g.id DESC LIMIT ?"
	rows, err := l.st.listGames(ctx, q, epoch, entry, entry, entry, before, before, limit)
	if err != nil {
		return nil, err
	}
	names, err := l.st.names(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]protocol.LeagueGameSummary, len(rows))
	for i, g := range rows {
		out[i] = summaryNamed(g, names)
	}
	return out, nil
}

func summaryNamed(g gameRow, names map[int64]string) protocol.LeagueGameSummary {
	return protocol.LeagueGameSummary{ID: g.ID, WhiteID: g.White, BlackID: g.Black, White: names[g.White], Black: names[g.Black],
		Result: g.Result, Termination: g.Termination, Plies: g.Plies, Opening: g.Opening, Finished: g.Finished}
}

// Game returns a stored game with its moves.
func (l *League) Game(ctx context.Context, id int64) (protocol.LeagueGame, string, error) {
	g, err := l.st.game(ctx, id)
	if err != nil {
		return protocol.LeagueGame{}, "", err
	}
	names, err := l.st.names(ctx)
	if err != nil {
		return protocol.LeagueGame{}, "", err
	}
	out := protocol.LeagueGame{LeagueGameSummary: summaryNamed(g, names), StartFEN: g.StartFEN, Moves: strings.Fields(g.Moves), Book: g.Book, Limits: g.Limits}
	if out.Moves == nil {
		out.Moves = []string{}
	}
	return out, g.PGN, nil
}
