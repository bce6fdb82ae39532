package uci

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lineSink collects the output of Run line by line.
type lineSink struct {
	mu      sync.Mutex
	partial []byte
	lines   []string
	notify  chan struct{}
}

func newLineSink() *lineSink { return &lineSink{notify: make(chan struct{}, 1)} }

func (s *lineSink) Write(p []byte) (int, error) {
	s.mu.Lock()
	s.partial = append(s.partial, p...)
	for {
		i := bytes.IndexByte(s.partial, '\n')
		if i < 0 {
			break
		}
		s.lines = append(s.lines, string(s.partial[:i]))
		s.partial = s.partial[i+1:]
	}
	s.mu.Unlock()
	select {
	case s.notify <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (s *lineSink) snapshot() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.lines...)
}

// session drives Run over pipes.
type session struct {
	t      *testing.T
	in     *io.PipeWriter
	out    *lineSink
	next   int // first output line not yet consumed by expect
	done   chan error
	cancel context.CancelFunc
	ctx    context.Context
}

// sessionDeadline is a generous bound so that a hung engine fails the test
// instead of blocking it; no test asserts on timing.
const sessionDeadline = 2 * time.Minute

func startSession(t *testing.T, opts Options) *session {
	t.Helper()
	pr, pw := io.Pipe()
	ctx, cancel := context.WithTimeout(context.Background(), sessionDeadline)
	s := &session{t: t, in: pw, out: newLineSink(), done: make(chan error, 1), cancel: cancel, ctx: ctx}
	go func() { s.done <- Run(ctx, pr, s.out, opts) }()
	t.Cleanup(func() {
		pw.Close()
		cancel()
	})
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

// expect waits for an output line matching re, skipping others.
func (s *session) expect(re string) string {
	s.t.Helper()
	rx := regexp.MustCompile(re)
	for {
		lines := s.out.snapshot()
		for ; s.next < len(lines); s.next++ {
			if rx.MatchString(lines[s.next]) {
				s.next++
				return lines[s.next-1]
			}
		}
		select {
		case <-s.out.notify:
		case err := <-s.done:
			s.done <- err
			// Drain what was written before Run returned.
			lines = s.out.snapshot()
			for ; s.next < len(lines); s.next++ {
				if rx.MatchString(lines[s.next]) {
					s.next++
					return lines[s.next-1]
				}
			}
			s.t.Fatalf("Run returned (%v) before a line matching %q; output:\n%s", err, re, strings.Join(lines, "\n"))
		case <-s.ctx.Done():
			s.t.Fatalf("no line matching %q before the deadline; output:\n%s", re, strings.Join(s.out.snapshot(), "\n"))
		}
	}
}

// finish closes the input and returns Run's error.
func (s *session) finish() error {
	s.t.Helper()
	s.in.Close()
	select {
	case err := <-s.done:
		return err
	case <-s.ctx.Done():
		s.t.Fatal("Run did not return after the end of input")
	}
	return nil
}

// wellFormed reports output lines that are not UCI engine-to-GUI messages.
var wellFormedLine = regexp.MustCompile(`^(id (name|author) \S.*|option name \S.* type (spin|check|combo|string|button).*|uciok|readyok|info (string .*|depth \d+ .*)|bestmove ([a-h][1-8][a-h][1-8][qrbn]?|0000)( ponder [a-h][1-8][a-h][1-8][qrbn]?)?)$`)

func checkWellFormed(t *testing.T, lines []string) {
	t.Helper()
	for _, l := range lines {
		if !wellFormedLine.MatchString(l) {
			t.Errorf("malformed output line %q", l)
		}
	}
}
