package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evochess/evochess/server/league"
	"github.com/evochess/evochess/wasm/protocol"
)

// buildBinary builds the evochess binary into dir.
func buildBinary(t *testing.T, dir string) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not on PATH")
	}
	bin := filepath.Join(dir, "evochess")
	cmd := exec.Command(goBin, "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// serverProc is a running `evochess serve`.
type serverProc struct {
	cmd  *exec.Cmd
	base string
	out  chan string
}

// startServe runs bin serve with args on a free loopback port and waits
// for its "listening on" line.
func startServe(t *testing.T, bin string, args ...string) *serverProc {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serverProc{cmd: cmd, out: make(chan string, 1000)}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			select {
			case p.out <- sc.Text():
			default:
			}
		}
		close(p.out)
	}()
	re := regexp.MustCompile(`listening on (http://[^/\s]+)`)
	timeout := time.After(60 * time.Second)
	var log []string
	for p.base == "" {
		select {
		case line, ok := <-p.out:
			if !ok {
				t.Fatalf("serve exited:\n%s", strings.Join(log, "\n"))
			}
			log = append(log, line)
			if m := re.FindStringSubmatch(line); m != nil {
				p.base = m[1]
			}
		case <-timeout:
			t.Fatalf("serve did not start:\n%s", strings.Join(log, "\n"))
		}
	}
	return p
}

func (p *serverProc) state(t *testing.T) protocol.LeagueState {
	t.Helper()
	resp, err := http.Get(p.base + "/api/league")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var info protocol.LeagueInfo
	if err := json.NewDecoder(resp.Body).Decode(&info); err != nil {
		t.Fatal(err)
	}
	return info.State
}

func (p *serverProc) post(t *testing.T, path, body string) {
	t.Helper()
	resp, err := http.Post(p.base+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		t.Fatalf("POST %s: %d", path, resp.StatusCode)
	}
}

func (p *serverProc) waitState(t *testing.T, what string, cond func(protocol.LeagueState) bool) protocol.LeagueState {
	t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for {
		st := p.state(t)
		if cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s: %+v", what, st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestKill9KeepsLeague kills a real server with SIGKILL in the middle of a
// game, restarts it on the same file and checks that every submission and
// every finished game is still there and that the round robin continues to
// its end, the interrupted game replayed.
func TestKill9KeepsLeague(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays games")
	}
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	db := filepath.Join(dir, "class.db")

	p := startServe(t, bin, "-db", db, "-league-workers", "2")
	p.post(t, "/api/league/settings", `{"depth":3,"gamesPerPair":4}`)
	names := []string{"Ana", "Ben", "Cy"}
	for i, preset := range []string{"david-fig3", "vazquez-table2-exploitation", "prasad-table1"} {
		p.post(t, "/api/league/entries", submitBody(t, names[i], preset))
	}
	before := p.waitState(t, "a game finished and others in progress", func(s protocol.LeagueState) bool {
		return s.Games >= 1 && len(s.Playing) > 0 && s.Games < s.Scheduled-2
	})
	t.Logf("killing the server with %d games stored and %d in progress", before.Games, len(before.Playing))
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.cmd.Wait()
	if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("server did not die by SIGKILL: %v", p.cmd.ProcessState)
	}

	q := startServe(t, bin, "-db", db, "-league-workers", "2")
	after := q.state(t)
	if len(after.Standings) != 3 || after.Games < before.Games {
		t.Fatalf("after the restart: %d entries, %d games; before the kill: %d games", len(after.Standings), after.Games, before.Games)
	}
	end := q.waitState(t, "the round robin's end", func(s protocol.LeagueState) bool { return s.Games == s.Scheduled && len(s.Playing) == 0 })
	if end.Scheduled != 12 {
		t.Fatalf("scheduled %d, want 12", end.Scheduled)
	}
	if err := q.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := q.cmd.Wait(); err != nil {
		t.Fatalf("serve after SIGTERM: %v", err)
	}

	// In the file: every pair has exactly its slots 0..3, once each, and
	// the file is sound.
	l, err := league.Open(context.Background(), league.Config{Path: db, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	st := l.State()
	got := map[string]int{}
	for _, s := range st.Standings {
		got[s.Name] = s.Games
	}
	for _, n := range names {
		if got[n] != 8 {
			t.Errorf("%s played %d games, want 8 (%v)", n, got[n], got)
		}
	}
	games, err := l.Games(context.Background(), 0, 0, 100)
	if err != nil || len(games) != 12 {
		t.Fatalf("%d games listed (%v)", len(games), err)
	}
	seen := map[string]bool{}
	for _, g := range games {
		key := fmt.Sprintf("%d-%d", min(g.WhiteID, g.BlackID), max(g.WhiteID, g.BlackID))
		full, _, err := l.Game(context.Background(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		// An opening is its start position and its book moves (the
		// server draws them from the bundled Polyglot book).
		ucis := full.Moves
		opening := full.StartFEN + " " + strings.Join(ucis[:min(full.Book, len(ucis))], " ")
		k := key + "/" + opening + "/" + g.White
		if seen[k] {
			t.Errorf("pair %s played opening %s with the same colours twice", key, opening)
		}
		seen[k] = true
	}
	sdb, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	var check string
	if err := sdb.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity check: %q %v", check, err)
	}
}
