//go:build unix

package arena

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPausedMatchKeepsItsEngines: a match process stopped (SIGSTOP) in the
// middle of a move for longer than the move timeout, then continued, goes
// on with its game instead of failing the engine whose move was cut by the
// pause (the timeout counts the time the process ran: activeTimeout). The
// game runs in a child process, which the test stops and continues.
func TestPausedMatchKeepsItsEngines(t *testing.T) {
	if os.Getenv("EVOCHESS_ARENA_PAUSE_CHILD") == "1" {
		w, b := newFake("w", 1), newFake("b", 2)
		w.delay, b.delay = 150*time.Millisecond, 150*time.Millisecond
		g, err := PlayGame(context.Background(), w, b, StartOpening(), GameConfig{Limits: Limits{Depth: 1},
			Adjudication: Adjudication{MaxPlies: 16}, MoveTimeout: time.Second})
		fmt.Printf("termination: %s (%s) err %v\n", g.Termination, g.Detail, err)
		os.Exit(0)
	}
	if testing.Short() {
		t.Skip("stops a child process for 2.5 s")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPausedMatchKeepsItsEngines$")
	cmd.Env = append(os.Environ(), "EVOCHESS_ARENA_PAUSE_CHILD=1")
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(800 * time.Millisecond) // into the game: every move thinks 150 ms
	if err := cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2500 * time.Millisecond) // longer than the 1 s move timeout
	if err := cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "termination: "+string(MaxPliesReached)) {
		t.Fatalf("the paused game did not run to its ply cap:\n%s", out.String())
	}
}
