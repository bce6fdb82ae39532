package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// msFlag is a time flag that reads a Go duration ("100ms", "1.5s") or a bare
// whole number, taken as milliseconds ("100", as match, calibrate and
// experiment always read it), so every command's -movetime (and match's
// -time-margin) reads both ways: `bench -movetime 1s` and `match -movetime
// 100` are both valid, and so are `match -movetime 100ms` and
// `bench -movetime 1000`.
type msFlag struct{ d *time.Duration }

// maxFlagMillis is the most milliseconds a time.Duration holds.
const maxFlagMillis = math.MaxInt64 / int64(time.Millisecond)

// msVar defines an msFlag named name with default value def.
func msVar(fs *flag.FlagSet, name string, def time.Duration, usage string) *time.Duration {
	d := new(time.Duration)
	*d = def
	fs.Var(msFlag{d}, name, usage)
	return d
}

func (f msFlag) String() string {
	if f.d == nil {
		return "0s"
	}
	return f.d.String()
}

func (f msFlag) Set(s string) error {
	s = strings.TrimSpace(s)
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n > maxFlagMillis || n < -maxFlagMillis {
			return errors.New("out of range")
		}
		*f.d = time.Duration(n) * time.Millisecond
		return nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("want a time such as 100ms or 1.5s, or a whole number of milliseconds")
	}
	*f.d = d
	return nil
}

// wholeMillis returns d in milliseconds, or an error naming flag if d is not
// a whole number of them.
func wholeMillis(flag string, d time.Duration) (int, error) {
	if d%time.Millisecond != 0 {
		return 0, errors.New("-" + flag + " " + d.String() + ": want whole milliseconds")
	}
	return int(d / time.Millisecond), nil
}

// maxHashMB bounds every -hash flag (bench, eval, match, uci): the ceiling of
// the UCI Hash option. A table larger than the machine's memory would end
// the process in the Go runtime's out-of-memory crash, which no error
// return can catch, so the bound is checked before anything is allocated.
const maxHashMB = 4096

// checkHash returns a clear error when a -hash flag of cmd lies outside
// [1, maxHashMB]; zeroOK admits 0 for flags where it means "the default".
func checkHash(cmd string, mb int, zeroOK bool) error {
	if (mb == 0 && zeroOK) || (mb >= 1 && mb <= maxHashMB) {
		return nil
	}
	return fmt.Errorf("%s: -hash %d MiB outside [1, %d]", cmd, mb, maxHashMB)
}
