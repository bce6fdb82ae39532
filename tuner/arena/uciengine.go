package arena

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/engine/board"
)

// UCIOption is a "setoption name Name value Value" sent after the handshake.
type UCIOption struct {
	Name, Value string
}

// UCIConfig describes an external UCI engine process.
type UCIConfig struct {
	Path    string      // executable
	Args    []string    // its arguments
	Dir     string      // working directory ("" = current)
	Name    string      // display name; "" = the engine's "id name"
	Options []UCIOption // sent in order after "uciok"
	// StartTimeout bounds the handshake and every isready (default 10 s).
	StartTimeout time.Duration
	// Stderr receives the engine's standard error (nil discards it).
	Stderr io.Writer
	// Ponder lets the engine think on the opponent's time: "setoption name
	// Ponder value true" is sent after the handshake, and after each move
	// with a predicted reply the engine gets "go ponder" until the opponent
	// moves ("ponderhit" when predicted, else "stop" and a new search).
	Ponder bool
}

// UCIEngine is an external engine process spoken to over UCI. It implements
// Engine. A failed or timed-out command leaves it broken: later calls
// return an error and the process is killed.
type UCIEngine struct {
	cfg   UCIConfig
	name  string
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // stdout lines; closed at EOF
	done  chan struct{}

	stderr   *tailBuffer   // the end of the engine's standard error
	waitOnce sync.Once     // starts the one cmd.Wait
	exited   chan struct{} // closed when cmd.Wait has returned
	exitErr  error         // its result

	mu     sync.Mutex
	broken error

	// The running "go ponder": the moves of its position.
	pondering   bool
	ponderFEN   string
	ponderMoves []board.Move
}

// UCIPlayer returns a Player whose engines are processes started from cfg.
// The display name is cfg.Name, else the executable's base name.
func UCIPlayer(cfg UCIConfig) Player {
	name := cfg.Name
	if name == "" {
		name = filepath.Base(cfg.Path)
	}
	cfg.Name = name
	return Player{Name: name, New: func(ctx context.Context) (Engine, error) { return StartUCI(ctx, cfg) }}
}

// StartUCI starts the process, performs the uci/uciok handshake, sends the
// options and waits for readyok. On failure the process is killed.
func StartUCI(ctx context.Context, cfg UCIConfig) (*UCIEngine, error) {
	if cfg.Path == "" {
		return nil, errors.New("arena: uci engine: empty path")
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 10 * time.Second
	}
	cmd := exec.Command(cfg.Path, cfg.Args...)
	cmd.Dir = cfg.Dir
	// The end of the engine's standard error is kept for the error that
	// says it exited (a wrapper script's "not found", a missing file).
	tail := &tailBuffer{max: 1024}
	cmd.Stderr = tail
	if cfg.Stderr != nil {
		cmd.Stderr = io.MultiWriter(cfg.Stderr, tail)
	}
	// A child the engine left running (a wrapper script's) may hold the
	// pipes open: Wait gives up on them a second after the engine exits.
	cmd.WaitDelay = time.Second
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("arena: uci engine %s: %w", cfg.Path, err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("arena: uci engine %s: %w", cfg.Path, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("arena: uci engine %s: start: %w", cfg.Path, err)
	}
	e := &UCIEngine{cfg: cfg, name: cfg.Name, cmd: cmd, stdin: stdin, lines: make(chan string, 256), done: make(chan struct{}),
		stderr: tail, exited: make(chan struct{})}
	go e.readLoop(stdout)
	if err := e.handshake(ctx); err != nil {
		e.kill()
		e.wait()
		return nil, err
	}
	return e, nil
}

func (e *UCIEngine) readLoop(r io.Reader) {
	defer close(e.lines)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		select {
		case e.lines <- sc.Text():
		case <-e.done:
			return
		}
	}
}

func (e *UCIEngine) handshake(ctx context.Context) error {
	if err := e.send("uci"); err != nil {
		return err
	}
	var idName string
	offered := map[string]bool{} // option names the engine lists, lower case
	var names []string
	err := e.waitFor(ctx, e.cfg.StartTimeout, func(line string) bool {
		if v, ok := strings.CutPrefix(line, "id name "); ok {
			idName = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(line, "option name "); ok {
			name, _, _ := strings.Cut(v, " type ")
			if name = strings.TrimSpace(name); name != "" && !offered[strings.ToLower(name)] {
				offered[strings.ToLower(name)] = true
				names = append(names, name)
			}
		}
		return line == "uciok" || strings.HasPrefix(line, "uciok ")
	})
	if err != nil {
		return fmt.Errorf("arena: uci engine %s: handshake: %w", e.cfg.Path, err)
	}
	if e.name == "" {
		e.name = idName
		if e.name == "" {
			e.name = filepath.Base(e.cfg.Path)
		}
	}
	// An option the engine does not offer would be ignored by it (or
	// answered with a line nobody reads): a misspelt name is refused here.
	for _, o := range e.cfg.Options {
		if !offered[strings.ToLower(o.Name)] {
			return fmt.Errorf("arena: uci engine %s: it offers no option %q (its options: %s)", e.cfg.Path, o.Name, strings.Join(names, ", "))
		}
	}
	opts := e.cfg.Options
	if e.cfg.Ponder {
		opts = append([]UCIOption{{Name: "Ponder", Value: "true"}}, opts...)
	}
	for _, o := range opts {
		line := "setoption name " + o.Name
		if o.Value != "" {
			line += " value " + o.Value
		}
		if err := e.send(line); err != nil {
			return err
		}
	}
	return e.isReady(ctx)
}

// Name returns the display name.
func (e *UCIEngine) Name() string { return e.name }

func (e *UCIEngine) fail(err error) error {
	e.mu.Lock()
	if e.broken == nil {
		e.broken = err
	}
	e.mu.Unlock()
	e.kill()
	return err
}

func (e *UCIEngine) brokenErr() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.broken
}

func (e *UCIEngine) send(line string) error {
	if err := e.brokenErr(); err != nil {
		return err
	}
	if _, err := io.WriteString(e.stdin, line+"\n"); err != nil {
		d, exited := e.exitDetail()
		if exited {
			return e.fail(fmt.Errorf("arena: uci engine %s: write %q: engine exited%s", e.name, line, d))
		}
		return e.fail(fmt.Errorf("arena: uci engine %s: write %q: %w", e.name, line, err))
	}
	return nil
}

// waitFor reads lines until match returns true, the engine exits, ctx ends
// or timeout passes (timeout ≤ 0: no timeout besides ctx).
func (e *UCIEngine) waitFor(ctx context.Context, timeout time.Duration, match func(string) bool) error {
	var tc <-chan struct{}
	if timeout > 0 {
		// Running time, as a move's timeout (activeTimeout): a paused
		// process does not fail its engine's handshake.
		tctx, cancel := activeTimeout(context.Background(), timeout)
		defer cancel(nil)
		tc = tctx.Done()
	}
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return e.fail(e.exitError())
			}
			if match(strings.TrimSpace(line)) {
				return nil
			}
		case <-tc:
			return e.fail(fmt.Errorf("no answer within %v", timeout))
		case <-ctx.Done():
			return e.fail(ctx.Err())
		}
	}
}

func (e *UCIEngine) isReady(ctx context.Context) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	if err := e.waitFor(ctx, e.cfg.StartTimeout, func(l string) bool { return l == "readyok" }); err != nil {
		return fmt.Errorf("arena: uci engine %s: isready: %w", e.name, err)
	}
	return nil
}

// NewGame ends any pondering, sends ucinewgame and waits for readyok.
func (e *UCIEngine) NewGame(ctx context.Context) error {
	if err := e.stopPonder(ctx); err != nil {
		return err
	}
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.isReady(ctx)
}

// goCommand renders the "go" line for req.
func goCommand(req Request) string {
	var b strings.Builder
	b.WriteString("go")
	l := req.Limits
	if l.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", l.Depth)
	}
	if l.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", l.Nodes)
	}
	if l.MoveTime > 0 {
		fmt.Fprintf(&b, " movetime %d", l.MoveTime.Milliseconds())
	}
	if l.Timed() {
		fmt.Fprintf(&b, " wtime %d btime %d winc %d binc %d",
			max(req.WTime.Milliseconds(), 1), max(req.BTime.Milliseconds(), 1), l.Inc.Milliseconds(), l.Inc.Milliseconds())
		if req.MovesToGo > 0 {
			fmt.Fprintf(&b, " movestogo %d", req.MovesToGo)
		}
	}
	return b.String()
}

// Ponder implements Ponderer: it sends the position with the predicted
// reply and "go ponder" with the limits, and returns at once.
func (e *UCIEngine) Ponder(ctx context.Context, req Request) error {
	if !e.cfg.Ponder {
		return nil
	}
	if err := e.stopPonder(ctx); err != nil {
		return err
	}
	if err := e.send(positionCommand(req)); err != nil {
		return err
	}
	if err := e.send("go ponder" + strings.TrimPrefix(goCommand(req), "go")); err != nil {
		return err
	}
	e.pondering, e.ponderFEN, e.ponderMoves = true, req.StartFEN, append(e.ponderMoves[:0], req.Moves...)
	return nil
}

// stopPonder ends a running ponder search: "stop", then its bestmove is
// read and dropped.
func (e *UCIEngine) stopPonder(ctx context.Context) error {
	if !e.pondering {
		return nil
	}
	e.pondering = false
	if err := e.send("stop"); err != nil {
		return err
	}
	err := e.waitFor(ctx, e.cfg.StartTimeout, func(l string) bool { return l == "bestmove" || strings.HasPrefix(l, "bestmove ") })
	if err != nil {
		return fmt.Errorf("arena: uci engine %s: stop pondering: %w", e.name, err)
	}
	return nil
}

// ponderHit reports whether req is the position the engine ponders on.
func (e *UCIEngine) ponderHit(req Request) bool {
	if !e.pondering || req.StartFEN != e.ponderFEN || len(req.Moves) != len(e.ponderMoves) {
		return false
	}
	for i, m := range req.Moves {
		if m != e.ponderMoves[i] {
			return false
		}
	}
	return true
}

// positionCommand renders the "position" line for req.
func positionCommand(req Request) string {
	var b strings.Builder
	if req.StartFEN == board.StartFEN || req.StartFEN == "" {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + req.StartFEN)
	}
	if len(req.Moves) > 0 {
		b.WriteString(" moves")
		for _, m := range req.Moves {
			b.WriteString(" " + m.UCI())
		}
	}
	return b.String()
}

// Go sends the position and the limits and waits for bestmove, keeping the
// last score, depth and nodes of the info lines. When ctx ends first it
// sends stop and waits one more second for bestmove before killing the
// process. If the engine ponders on exactly this position it gets
// "ponderhit" instead; if it ponders on another one, that search is
// stopped first.
func (e *UCIEngine) Go(ctx context.Context, req Request) (Reply, error) {
	if e.ponderHit(req) {
		e.pondering = false
		if err := e.send("ponderhit"); err != nil {
			return Reply{}, err
		}
	} else {
		if err := e.stopPonder(ctx); err != nil {
			return Reply{}, err
		}
		if err := e.send(positionCommand(req)); err != nil {
			return Reply{}, err
		}
		if err := e.send(goCommand(req)); err != nil {
			return Reply{}, err
		}
	}
	var rep Reply
	var best, ponder string
	match := func(line string) bool {
		f := strings.Fields(line)
		if len(f) == 0 {
			return false
		}
		switch f[0] {
		case "info":
			parseInfo(f[1:], &rep)
		case "bestmove":
			if len(f) > 1 {
				best = f[1]
			}
			if len(f) > 3 && f[2] == "ponder" {
				ponder = f[3]
			}
			return true
		}
		return false
	}
	stop := ctx.Done()
	var grace <-chan time.Time
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return Reply{}, e.fail(fmt.Errorf("arena: uci engine %s: during go: %w", e.name, e.exitError()))
			}
			if !match(strings.TrimSpace(line)) {
				continue
			}
			if stop == nil { // answered after stop: usable, but too late
				return Reply{}, fmt.Errorf("arena: uci engine %s: stopped: %w", e.name, ctx.Err())
			}
			if best == "" {
				return Reply{}, fmt.Errorf("%w: %s sent an empty bestmove", ErrIllegalMove, e.name)
			}
			m, err := req.Position.ParseUCIMove(best)
			if err != nil {
				return Reply{}, fmt.Errorf("%w: %s sent bestmove %q: %v", ErrIllegalMove, e.name, best, err)
			}
			rep.Move = m
			if ponder != "" {
				after := req.Position.Clone()
				after.MakeMove(m)
				if pm, err := after.ParseUCIMove(ponder); err == nil {
					rep.Ponder = pm
				}
			}
			return rep, nil
		case <-stop:
			stop = nil
			if err := e.send("stop"); err != nil {
				return Reply{}, err
			}
			t := time.NewTimer(time.Second)
			defer t.Stop()
			grace = t.C
		case <-grace:
			return Reply{}, e.fail(fmt.Errorf("arena: uci engine %s: no bestmove 1 s after stop (%w); killed", e.name, ctx.Err()))
		}
	}
}

// ErrIllegalMove marks an engine answer that is not a legal move.
var ErrIllegalMove = errors.New("arena: illegal move")

// parseInfo reads depth, score and nodes from an info line's fields. The
// lines after the first of a MultiPV search ("multipv 2" …, an engine
// given MultiPV in its spec) are skipped: their scores are other moves'.
func parseInfo(f []string, rep *Reply) {
	for i := 0; i+1 < len(f) && f[i] != "string"; i++ {
		if f[i] == "multipv" && f[i+1] != "1" {
			return
		}
	}
	for i := 0; i < len(f); i++ {
		next := func() (int64, bool) {
			if i+1 >= len(f) {
				return 0, false
			}
			v, err := strconv.ParseInt(f[i+1], 10, 64)
			if err != nil {
				return 0, false
			}
			i++
			return v, true
		}
		switch f[i] {
		case "string":
			return // the rest is free text
		case "depth":
			if v, ok := next(); ok {
				rep.Depth = int(v)
			}
		case "nodes":
			if v, ok := next(); ok && v >= 0 {
				rep.Nodes = uint64(v)
			}
		case "score":
			if i+1 < len(f) {
				kind := f[i+1]
				i++
				if v, ok := next(); ok {
					rep.HasScore = true
					if kind == "mate" {
						rep.Mate = int(v)
						rep.Score = mateToScore(int(v))
					} else {
						rep.Mate = 0
						rep.Score = int(v)
					}
				}
			}
		}
	}
}

// Close sends quit and waits briefly for the process to exit, then kills it.
func (e *UCIEngine) Close() error {
	if e.brokenErr() == nil {
		_, _ = io.WriteString(e.stdin, "quit\n")
	}
	_ = e.stdin.Close()
	exited := e.wait()
	select {
	case <-exited:
	case <-time.After(2 * time.Second):
		_ = e.cmd.Process.Kill()
		<-exited
	}
	e.closeDone()
	return nil
}

// wait starts the one cmd.Wait (once) and returns the channel closed when
// it has returned.
func (e *UCIEngine) wait() <-chan struct{} {
	e.waitOnce.Do(func() {
		go func() {
			e.exitErr = e.cmd.Wait()
			close(e.exited)
		}()
	})
	return e.exited
}

// exitError says that the engine closed its output, with its exit status
// and the end of its standard error when it has exited within a moment.
func (e *UCIEngine) exitError() error {
	if d, ok := e.exitDetail(); ok {
		return errors.New("engine exited" + d)
	}
	return errors.New("engine closed its output")
}

// exitDetail waits a moment for the engine to exit and returns its exit
// status and the end of its standard error (false if it has not exited).
func (e *UCIEngine) exitDetail() (string, bool) {
	select {
	case <-e.wait():
	case <-time.After(time.Second):
		return "", false
	}
	var d string
	if e.exitErr != nil {
		d = " (" + e.exitErr.Error() + ")"
	}
	if t := strings.TrimSpace(e.stderr.String()); t != "" {
		d += "; its standard error ends: " + strconv.Quote(t)
	}
	return d, true
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if over := len(t.b) - t.max; over > 0 {
		t.b = append(t.b[:0], t.b[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

func (e *UCIEngine) closeDone() {
	e.mu.Lock()
	defer e.mu.Unlock()
	select {
	case <-e.done:
	default:
		close(e.done)
	}
}

// kill ends the process without waiting for it to quit.
func (e *UCIEngine) kill() {
	if e.cmd.Process != nil {
		_ = e.cmd.Process.Kill()
	}
}
