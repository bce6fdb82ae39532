package uci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/engine/board"
	"github.com/evochess/evochess/engine/book"
	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/engine/strength"
)

// Options configure Run.
type Options struct {
	// Name and Author are reported by "id"; defaults "evochess" and
	// "the evochess authors".
	Name, Author string
	// Player is the initial player (evaluation scheme, weights and search
	// parameters). If nil, the player is player.FromPreset(Preset).
	Player *player.Player
	// Preset names the evaluation preset used when Player is nil (default
	// DefaultPreset).
	Preset string
	// HashMB is the initial transposition table size (default 16).
	HashMB int
	// MaxHashMB is the largest Hash option value accepted (default 4096).
	MaxHashMB int
	// Yield, if set, is called by the search every few thousand nodes
	// (search.Searcher.Yield). The default is nil natively and a 1 ms sleep
	// on js/wasm, which has no preemption: without it the protocol loop
	// could not read "stop" while the search thinks.
	Yield func()
	// OpenFile opens a player file for the PlayerFile option and a book for
	// the BookFile option; nil disables both (as in the browser, where there
	// is no file system).
	OpenFile func(name string) (io.ReadCloser, error)
	// DefaultBook is a Polyglot book (the bundled one for `evochess uci`)
	// played by OwnBook while BookFile is empty; nil: none.
	DefaultBook []byte
}

// DefaultPreset is the evaluation preset played when Options.Player is nil.
const DefaultPreset = "david-fig3"

// Bounds of the Hash option in MiB.
const (
	minHashMB        = 1
	defaultMaxHashMB = 4096
	defaultHashMB    = 16
)

// engine is the protocol state of one Run.
type engine struct {
	opts Options
	out  *syncWriter

	// pos is the position to search; posErr is why the last position
	// command was refused (nil: pos is the position the GUI last set): go
	// then answers bestmove 0000 rather than a move for another position.
	pos    *board.Position
	posErr error

	playerName string
	scheme     eval.Scheme
	weights    []int32 // one per scheme.Params()
	params     search.Params
	hashMB     int
	threads    int    // search threads (Threads option; 0 means 1)
	multiPV    int    // lines per search (MultiPV option; 0 means 1)
	presetName string // last evaluation preset chosen ("" after edits)
	playerFile string
	searcher   *search.Searcher // nil: rebuild before the next search
	ponderOpt  bool
	// moveOverhead is kept in reserve per move under clock limits.
	moveOverhead time.Duration
	// Opening book: OwnBook, the BookFile name and the loaded book (nil
	// until first needed).
	ownBook  bool
	bookFile string
	book     *book.Book
	// seed (option Seed) seeds rng, which draws the book moves (and the
	// strength levels' choices): the same seed and commands give the same
	// moves.
	seed uint64
	rng  *rand.Rand
	// Strength limit: UCI_LimitStrength and UCI_Elo (engine/strength).
	limitStrength bool
	elo           int

	// The running search, if any.
	running  bool
	cancel   context.CancelFunc
	results  chan search.Result
	waitStop bool                 // infinite or ponder: hold bestmove until stop/ponderhit
	stopped  bool                 // stop (or quit) received for the running search
	held     *search.Result       // finished while waitStop was set
	ponder   *search.PonderSignal // the running (or held) "go ponder" search's signal
}

// Run speaks UCI: it reads commands from in, one per line, and writes
// responses to out until "quit", the end of in, or ctx ends. Searches run in
// a goroutine, so "stop", "isready" and "ponderhit" are answered while
// thinking. Malformed input is answered with "info string ..." and ignored.
// Run returns nil after quit or at the end of input, ctx.Err() when ctx
// ends, and the error of in or out if reading or writing fails. When Run
// returns because of ctx while a Read on in is blocked, the reading goroutine
// ends only when that Read returns.
func Run(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	e, err := newEngine(opts, out)
	if err != nil {
		return err
	}
	lines := make(chan inputLine)
	stopRead := make(chan struct{})
	defer close(stopRead)
	go readLines(in, lines, stopRead)
	for {
		var results chan search.Result
		if e.running {
			results = e.results
		}
		select {
		case <-ctx.Done():
			e.abortSearch()
			return ctx.Err()
		case res := <-results:
			e.searchFinished(res)
		case l := <-lines:
			if l.err != nil {
				e.waitSearch()
				if errors.Is(l.err, io.EOF) {
					return e.writeErr()
				}
				return fmt.Errorf("uci: read: %w", l.err)
			}
			if l.tooLong {
				e.infof("line longer than %d bytes ignored", maxLine)
				continue
			}
			if quit := e.handle(ctx, l.text); quit {
				e.abortSearch()
				return e.writeErr()
			}
		}
		if err := e.writeErr(); err != nil {
			e.abortSearch()
			return err
		}
	}
}

// writeErr returns the first error writing to the output, wrapped.
func (e *engine) writeErr() error {
	if err := e.out.error(); err != nil {
		return fmt.Errorf("uci: write: %w", err)
	}
	return nil
}

func newEngine(opts Options, out io.Writer) (*engine, error) {
	if opts.Name == "" {
		opts.Name = "evochess"
	}
	if opts.Author == "" {
		opts.Author = "the evochess authors"
	}
	if opts.HashMB == 0 {
		opts.HashMB = defaultHashMB
	}
	if opts.Yield == nil {
		opts.Yield = defaultYield()
	}
	if opts.MaxHashMB == 0 {
		opts.MaxHashMB = defaultMaxHashMB
	}
	if opts.MaxHashMB < minHashMB {
		return nil, fmt.Errorf("uci: maximum hash %d MiB below %d", opts.MaxHashMB, minHashMB)
	}
	if opts.HashMB < minHashMB || opts.HashMB > opts.MaxHashMB {
		return nil, fmt.Errorf("uci: hash %d MiB outside [%d, %d]", opts.HashMB, minHashMB, opts.MaxHashMB)
	}
	e := &engine{opts: opts, out: &syncWriter{w: out}, pos: board.NewPosition(), hashMB: opts.HashMB,
		moveOverhead: search.DefaultMoveOverhead}
	e.setSeed(defaultSeed)
	e.elo = min(defaultElo, strength.MaxElo())
	p := opts.Player
	if p == nil {
		if opts.Preset == "" {
			opts.Preset = DefaultPreset
		}
		var err error
		if p, err = player.FromPreset(opts.Preset); err != nil {
			return nil, fmt.Errorf("uci: %w", err)
		}
		e.presetName = opts.Preset
	}
	if err := e.setPlayer(p); err != nil {
		return nil, fmt.Errorf("uci: %w", err)
	}
	return e, nil
}

// setPlayer installs p's scheme, weights and search parameters.
func (e *engine) setPlayer(p *player.Player) error {
	ev, err := p.Evaluator()
	if err != nil {
		return err
	}
	sp, err := p.SearchParams()
	if err != nil {
		return err
	}
	e.scheme, e.weights, e.params = ev.Scheme(), ev.Weights(), sp
	e.playerName = p.Name
	e.searcher = nil
	return nil
}

func (e *engine) infof(format string, args ...any) {
	e.out.line("info string " + strings.ReplaceAll(fmt.Sprintf(format, args...), "\n", " "))
}

// uciCommands are the commands handle knows.
var uciCommands = map[string]bool{"uci": true, "isready": true, "debug": true, "register": true, "ucinewgame": true,
	"position": true, "setoption": true, "go": true, "stop": true, "ponderhit": true, "quit": true}

// handle executes one command line; it reports whether to quit.
func (e *engine) handle(ctx context.Context, line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	// UCI: an unknown token before the command is skipped ("joho debug on"
	// is "debug on"); a line with no command is reported.
	k := 0
	for k < len(f) && !uciCommands[f[k]] {
		k++
	}
	if k > 0 {
		e.infof("error: unknown command %q", f[0])
		if k == len(f) {
			return false
		}
	}
	cmd, args := f[k], f[k+1:]
	switch cmd {
	case "uci":
		e.out.line("id name " + e.opts.Name)
		e.out.line("id author " + e.opts.Author)
		for _, o := range e.options() {
			e.out.line(o.declaration())
		}
		e.out.line("uciok")
	case "isready":
		// A GUI sends isready after new settings or a new game and waits
		// for readyok before it starts a clock: the searcher is built and
		// its table mapped here, not in the first go. While thinking,
		// isready is answered at once (the searcher is in use). A setting
		// that cannot build a searcher is reported by the next go.
		if !e.running && e.ensureSearcher() == nil {
			e.searcher.Prefault()
		}
		e.out.line("readyok")
	case "debug", "register":
		// Accepted and ignored: there is no debug output and no registration.
	case "ucinewgame":
		e.waitSearch()
		if e.searcher != nil {
			e.searcher.Clear()
		}
		e.pos, e.posErr = board.NewPosition(), nil
	case "position":
		e.waitSearch()
		e.posErr = e.position(args)
		if e.posErr != nil {
			e.infof("error: %v", e.posErr)
		}
	case "setoption":
		e.waitSearch()
		if err := e.setOption(args); err != nil {
			e.infof("error: %v", err)
		}
	case "go":
		e.waitSearch()
		g, warn := parseGo(args)
		for _, err := range warn {
			e.infof("error: %v (ignored)", err)
		}
		e.startSearch(ctx, g)
	case "stop":
		e.stop()
	case "ponderhit":
		e.ponderHit()
	case "quit":
		return true
	default:
		e.infof("error: unknown command %q", cmd)
	}
	return false
}

// position handles "position": the new position replaces the old one only
// if the FEN and every move are valid. A FEN is read loosely
// (board.ParseFENLoose: a stale castling right or a misplaced en-passant
// square is repaired, with a warning).
func (e *engine) position(args []string) error {
	pc, err := parsePosition(args)
	if err != nil {
		return err
	}
	fen := pc.FEN
	if fen == "" {
		fen = board.StartFEN
	}
	pos, warn, err := board.ParseFENLoose(fen)
	if err != nil {
		return fmt.Errorf("position: %w", err)
	}
	for _, w := range warn {
		e.infof("warning: position: %s (repaired)", w)
	}
	for i, s := range pc.Moves {
		if s == "0000" {
			// The null move ends the list, as Stockfish reads it: the
			// position is the one before it.
			if rest := len(pc.Moves) - i - 1; rest > 0 {
				e.infof("warning: position: move %d is the null move 0000: the %d moves after it are not played", i+1, rest)
			}
			break
		}
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			return fmt.Errorf("position: move %d %q: %w", i+1, s, err)
		}
		pos.MakeMove(m)
	}
	e.pos = pos
	return nil
}

// ensureSearcher builds the searcher for the current settings.
func (e *engine) ensureSearcher() error {
	if e.searcher != nil {
		return nil
	}
	ev, err := eval.New(e.scheme, e.weights)
	if err != nil {
		return fmt.Errorf("evaluator: %w", err)
	}
	if err := e.params.Validate(); err != nil {
		return fmt.Errorf("search parameters: %w", err)
	}
	e.searcher = search.NewSearcher(ev, e.params, e.hashMB)
	e.searcher.SetThreads(e.threads)
	e.searcher.Yield = e.opts.Yield
	return nil
}

// limits converts a parsed go command to search limits; a searchmoves move
// that is not legal here is reported and left out.
func (e *engine) limits(g goCommand) search.Limits {
	lim := search.Limits{
		Depth: g.Depth, Nodes: uint64(g.Nodes), MoveTime: g.MoveTime,
		WTime: g.WTime, BTime: g.BTime, WInc: g.WInc, BInc: g.BInc, MovesToGo: g.MovesToGo,
		Infinite: g.Infinite, MoveOverhead: e.moveOverhead, MultiPV: e.multiPV,
	}
	if g.Ponder {
		lim.Ponder = search.NewPonderSignal()
	}
	if g.Mate > 0 && (lim.Depth == 0 || lim.Depth > 2*g.Mate-1) {
		lim.Depth = 2*g.Mate - 1 // a mate in n moves is found by a (2n−1)-ply search
	}
	for _, s := range g.SearchMoves {
		m, err := e.pos.ParseUCIMove(s)
		if err != nil {
			// Left out, as a malformed limit is: the search still answers
			// (with none legal, among all moves).
			e.infof("error: go searchmoves %q: %v (ignored)", s, err)
			continue
		}
		lim.SearchMoves = append(lim.SearchMoves, m)
	}
	if g.hasClock {
		side := g.WTime
		if e.pos.Side == board.Black {
			side = g.BTime
		}
		// Flagging: answer at once (from the ponderhit, for go ponder; all
		// clocks at zero would otherwise read as an untimed search, which a
		// ponderhit never ends).
		if side <= 0 && g.MoveTime == 0 && g.Depth == 0 && g.Nodes == 0 && !g.Infinite {
			lim.MoveTime = time.Millisecond
		}
	}
	return lim
}

// defaultSeed is the Seed option's default.
const defaultSeed = 1

// defaultElo is the UCI_Elo option's default.
const defaultElo = 1500

// level returns the strength level of the next search.
func (e *engine) level() strength.Level {
	if !e.limitStrength {
		return strength.Full
	}
	return strength.ForElo(e.elo)
}

// setSeed restarts the random choices from seed.
func (e *engine) setSeed(seed uint64) {
	e.seed = seed
	e.rng = rand.New(rand.NewPCG(seed, rngStream))
}

// rngStream is the PCG stream of the protocol's random choices.
const rngStream = 0x75636920 // "uci "

// loadBook returns the book OwnBook plays: BookFile, or Options.DefaultBook.
func (e *engine) loadBook() (*book.Book, error) {
	if e.book != nil {
		return e.book, nil
	}
	var b *book.Book
	var err error
	switch {
	case e.bookFile != "":
		if e.opts.OpenFile == nil {
			return nil, errors.New("no file system for BookFile")
		}
		f, ferr := e.opts.OpenFile(e.bookFile)
		if ferr != nil {
			return nil, ferr
		}
		b, err = book.Open(f)
		f.Close()
	case e.opts.DefaultBook != nil:
		b, err = book.Parse(e.opts.DefaultBook)
	default:
		return nil, errors.New("no book: set BookFile")
	}
	if err != nil {
		return nil, err
	}
	e.book = b
	return b, nil
}

// bookMove returns a book move for a plain "go" when OwnBook is on.
func (e *engine) bookMove(g goCommand) (board.Move, bool) {
	if !e.ownBook || g.Infinite || g.Ponder || len(g.SearchMoves) > 0 || g.Mate > 0 {
		return board.NoMove, false
	}
	b, err := e.loadBook()
	if err != nil {
		e.infof("error: OwnBook: %v", err)
		return board.NoMove, false
	}
	return b.Probe(e.pos, e.rng)
}

// startSearch starts a search of the current position in a goroutine, or
// answers at once with a book move.
func (e *engine) startSearch(ctx context.Context, g goCommand) {
	// A GUI waits for a bestmove: every go gets one, 0000 when there is
	// nothing to search.
	if e.posErr != nil {
		e.infof("error: go: no position to search: the last position command was refused (%v)", e.posErr)
		e.out.line("bestmove 0000")
		return
	}
	// No legal move: say why, as Stockfish does (analysis GUIs show the
	// mate or the stalemate from it); the bestmove is 0000.
	if len(e.pos.LegalMoves()) == 0 {
		if e.pos.InCheck() {
			e.out.line("info depth 0 score mate 0")
		} else {
			e.out.line("info depth 0 score cp 0")
		}
	}
	lim := e.limits(g)
	if m, ok := e.bookMove(g); ok {
		e.infof("book move %s", m.UCI())
		e.out.line("bestmove " + m.UCI())
		return
	}
	if err := e.ensureSearcher(); err != nil {
		e.infof("error: %v", err)
		e.out.line("bestmove 0000")
		return
	}
	sctx, cancel := context.WithCancel(ctx)
	e.running, e.cancel, e.stopped, e.held = true, cancel, false, nil
	e.waitStop = g.Infinite || g.Ponder
	e.ponder = lim.Ponder
	e.results = make(chan search.Result, 1)
	s, pos, out, results := e.searcher, e.pos.Clone(), e.out, e.results
	level, seed := e.level(), e.rng.Uint64()
	go func() {
		res := strength.Search(sctx, s, pos, lim, level, seed, func(info search.Info) { out.line(formatInfo(info)) })
		results <- res
	}()
}

// searchFinished handles a search result from the goroutine.
func (e *engine) searchFinished(res search.Result) {
	e.running = false
	e.cancel()
	if e.waitStop && !e.stopped {
		e.held = &res // UCI: no bestmove before stop in infinite/ponder mode
		return
	}
	e.bestMove(res)
}

func (e *engine) bestMove(res search.Result) {
	e.held, e.ponder, e.waitStop = nil, nil, false
	if res.Best == board.NoMove {
		e.out.line("bestmove 0000")
		return
	}
	s := "bestmove " + res.Best.UCI()
	if res.Ponder != board.NoMove {
		s += " ponder " + res.Ponder.UCI()
	}
	e.out.line(s)
}

// stop ends the running search; its bestmove follows when it returns.
func (e *engine) stop() {
	switch {
	case e.running:
		e.stopped = true
		e.cancel()
	case e.held != nil:
		e.bestMove(*e.held)
	}
}

// ponderHit turns the ponder search into a normal one: the same search
// goes on (its tree, hash table and iteration state kept) and its clock
// starts now (search.PonderSignal); a ponder search that already finished
// answers at once.
func (e *engine) ponderHit() {
	if e.ponder == nil {
		e.infof("error: ponderhit without go ponder")
		return
	}
	e.ponder.Hit()
	e.ponder, e.waitStop = nil, false
	if e.held != nil {
		e.bestMove(*e.held)
	}
}

// waitSearch finishes a running or held search before a command that
// changes the state: it stops it and prints its bestmove.
func (e *engine) waitSearch() {
	if e.running {
		e.stopped = true
		e.cancel()
		e.searchFinished(<-e.results)
	}
	if e.held != nil {
		e.bestMove(*e.held)
	}
}

// abortSearch stops a running search without printing anything.
func (e *engine) abortSearch() {
	if e.running {
		e.cancel()
		<-e.results
		e.running = false
	}
}

// formatInfo renders a search iteration as a UCI info line.
func formatInfo(in search.Info) string {
	var b strings.Builder
	b.WriteString("info depth ")
	b.WriteString(strconv.Itoa(in.Depth))
	if in.SelDepth > 0 {
		b.WriteString(" seldepth " + strconv.Itoa(in.SelDepth))
	}
	if in.MultiPV > 0 {
		b.WriteString(" multipv " + strconv.Itoa(in.MultiPV))
	}
	if in.Mate != 0 {
		b.WriteString(" score mate " + strconv.Itoa(in.Mate))
	} else {
		b.WriteString(" score cp " + strconv.Itoa(in.Score))
	}
	ms := in.Time.Milliseconds()
	b.WriteString(" nodes " + strconv.FormatUint(in.Nodes, 10))
	if ms > 0 {
		b.WriteString(" nps " + strconv.FormatUint(in.Nodes*1000/uint64(ms), 10))
	}
	b.WriteString(" time " + strconv.FormatInt(ms, 10))
	if in.Hashfull > 0 {
		b.WriteString(" hashfull " + strconv.Itoa(in.Hashfull))
	}
	if len(in.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range in.PV {
			b.WriteString(" " + m.UCI())
		}
	}
	return b.String()
}
