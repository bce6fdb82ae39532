package uci

import (
	"bufio"
	"errors"
	"io"
	"runtime"
	"sync"
)

// maxLine bounds one input line; longer lines are dropped with a warning
// (a position command of a 5,000-ply game is about 25 KB).
const maxLine = 1 << 20

// inputLine is one line read from the GUI, or the read error that ended
// the input (io.EOF at the end).
type inputLine struct {
	text    string
	tooLong bool
	err     error
}

// readLines sends the lines of r to ch until r ends or stop is closed; the
// last message carries the error (io.EOF at the end of input). CR LF line
// ends are accepted.
func readLines(r io.Reader, ch chan<- inputLine, stop <-chan struct{}) {
	br := bufio.NewReaderSize(r, 64<<10)
	send := func(l inputLine) bool {
		select {
		case ch <- l:
			return true
		case <-stop:
			return false
		}
	}
	var buf []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > maxLine {
			tooLong = true
			buf = buf[:0]
		} else if !tooLong {
			buf = append(buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if len(buf) > 0 || tooLong || err == nil {
			text := string(trimEOL(buf))
			if !send(inputLine{text: text, tooLong: tooLong}) {
				return
			}
			if br.Buffered() == 0 {
				// Let the protocol loop, which the send just made runnable
				// on this goroutine's P, handle the line before the next
				// Read blocks in a system call holding that P: while a
				// search keeps the other P busy, the loop would otherwise
				// wait for the runtime's monitor to take the P back (up to
				// 10 ms), and "stop" or "ponderhit" — whose clock runs on
				// the GUI's side — would be answered that much later.
				runtime.Gosched()
			}
		}
		buf, tooLong = buf[:0], false
		if err != nil {
			send(inputLine{err: err})
			return
		}
	}
}

func trimEOL(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// syncWriter serializes whole lines from the protocol loop and the search
// goroutine, and remembers the first write error.
type syncWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// line writes s plus a newline as one Write call.
func (w *syncWriter) line(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return
	}
	_, w.err = io.WriteString(w.w, s+"\n")
}

func (w *syncWriter) error() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}
