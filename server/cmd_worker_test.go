package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/evochess/evochess/internal/shareddata"
)

// proc is a running evochess process whose stderr is watched line by line.
type proc struct {
	cmd    *exec.Cmd
	stdout bytes.Buffer
	mu     sync.Mutex
	lines  []string
	events chan string
	done   chan error
}

func startProc(t *testing.T, bin string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(bin, args...), events: make(chan string, 1024), done: make(chan error, 1)}
	p.cmd.Stdout = &p.stdout
	errPipe, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	scanned := make(chan struct{})
	go func() {
		defer close(scanned)
		sc := bufio.NewScanner(errPipe)
		for sc.Scan() {
			p.mu.Lock()
			p.lines = append(p.lines, sc.Text())
			p.mu.Unlock()
			select {
			case p.events <- sc.Text():
			default:
			}
		}
	}()
	go func() {
		<-scanned
		p.done <- p.cmd.Wait()
	}()
	t.Cleanup(func() {
		_ = p.cmd.Process.Signal(syscall.SIGCONT)
		_ = p.cmd.Process.Kill()
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
		}
	})
	return p
}

func (p *proc) stderr() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.lines, "\n")
}

// waitLine waits for a stderr line containing s.
func (p *proc) waitLine(t *testing.T, s string, d time.Duration) {
	t.Helper()
	deadline := time.After(d)
	for {
		select {
		case l := <-p.events:
			if strings.Contains(l, s) {
				return
			}
		case <-deadline:
			t.Fatalf("no line %q within %s; stderr:\n%s", s, d, p.stderr())
		}
	}
}

// wait waits for the process to end and returns its -json summary.
func (p *proc) wait(t *testing.T, d time.Duration) map[string]any {
	t.Helper()
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("%v: %v\n%s", p.cmd.Args, err, p.stderr())
		}
	case <-time.After(d):
		t.Fatalf("%v did not finish within %s:\n%s", p.cmd.Args, d, p.stderr())
	}
	lines := strings.Split(strings.TrimSpace(p.stdout.String()), "\n")
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &m); err != nil {
		t.Fatalf("summary %q: %v", lines[len(lines)-1], err)
	}
	return m
}

func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// sameRun compares the figures of two -json summaries and the tuned
// parameters of their player files.
func sameRun(t *testing.T, want, got map[string]any) {
	t.Helper()
	for _, k := range []string{"best_fitness", "train_matched", "nodes", "evaluations", "generations", "stop"} {
		if !reflect.DeepEqual(want[k], got[k]) {
			t.Errorf("%s: local %v, distributed %v", k, want[k], got[k])
		}
	}
	pw, pg := tuneLoadPlayer(t, want["out"].(string)), tuneLoadPlayer(t, got["out"].(string))
	if !reflect.DeepEqual(pw.Search, pg.Search) || !reflect.DeepEqual(pw.Weights, pg.Weights) {
		t.Errorf("players differ: %+v / %+v", pw.Search, pg.Search)
	}
}

// TestDistributedProcesses runs real evochess processes on localhost: a
// coordinator (tune -distributed with its embedded NATS server and no local
// worker) and worker processes. A worker killed with SIGKILL mid-task, or
// stopped (SIGSTOP) so that its task's AckWait runs out, has its task
// redelivered; a coordinator killed with SIGKILL and restarted with -resume
// continues; every run ends exactly like the same run without
// -distributed.
func TestDistributedProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs processes")
	}
	root := shareddata.Root()
	if root == "" {
		t.Skip("shared data folder not found")
	}
	shareddata.Path(t, "epd/ecm.epd")
	dir := t.TempDir()
	bin := filepath.Join(dir, "evochess")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// The worker of "another version": the same code built with another
	// identity, linked while the other scenarios run.
	other := filepath.Join(dir, "evochess-other")
	otherBuild := exec.Command("go", "build", "-ldflags", "-X github.com/evochess/evochess/tuner/dist.buildOverride=other-build", "-o", other, ".")
	var otherOut bytes.Buffer
	otherBuild.Stdout, otherBuild.Stderr = &otherOut, &otherOut
	if err := otherBuild.Start(); err != nil {
		t.Fatal(err)
	}
	problem := []string{"-preset", "david-search", "-positions", "8", "-node-cap", "30000", "-pop", "6", "-gens", "3", "-seed", "5",
		"-data-dir", root, "-json", "-quiet"}
	local := startProc(t, bin, append([]string{"tune", "-out", filepath.Join(dir, "local.json"), "-workers", "2"}, problem...)...)
	want := local.wait(t, 2*time.Minute)

	coordinator := func(name, addr string, extra ...string) *proc {
		args := append([]string{"tune", "-out", filepath.Join(dir, name+".json"), "-distributed", "-nats-listen", addr,
			"-local-workers", "0", "-ack-wait", "1s", "-checkpoint", filepath.Join(dir, name+".ckpt")}, problem...)
		return startProc(t, bin, append(args, extra...)...)
	}
	worker := func(addr string) *proc {
		return startProc(t, bin, "worker", "-nats", "nats://"+addr, "-workers", "1", "-data-dir", root, "-v")
	}

	t.Run("worker killed mid-task", func(t *testing.T) {
		addr := freePort(t)
		c := coordinator("kill", addr)
		victim, other := worker(addr), worker(addr)
		victim.waitLine(t, "started", time.Minute)
		if err := victim.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		got := c.wait(t, 2*time.Minute)
		sameRun(t, want, got)
		if d := got["dist"].(map[string]any); d["redelivered"].(float64) < 1 {
			t.Errorf("no redelivered task: %v\nworker:\n%s", d, other.stderr())
		}
		// The summary is the run's own: its tasks done, never the queue's
		// live counts (a last heartbeat's busy slots after the end).
		d := got["dist"].(map[string]any)
		if done, _ := d["done"].(float64); done < 1 {
			t.Errorf("dist summary: done %v", d["done"])
		}
		for _, live := range []string{"busy", "queued", "in_flight", "batch_tasks", "batch_done", "tasks_per_second"} {
			if _, ok := d[live]; ok {
				t.Errorf("dist summary has the live count %q: %v", live, d)
			}
		}
	})

	t.Run("worker stuck", func(t *testing.T) {
		addr := freePort(t)
		c := coordinator("stuck", addr)
		victim, _ := worker(addr), worker(addr)
		victim.waitLine(t, "started", time.Minute)
		if err := victim.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
			t.Fatal(err)
		}
		got := c.wait(t, 2*time.Minute)
		_ = victim.cmd.Process.Signal(syscall.SIGCONT)
		sameRun(t, want, got)
		if d := got["dist"].(map[string]any); d["redelivered"].(float64) < 1 {
			t.Errorf("no redelivered task: %v", d)
		}
	})

	t.Run("coordinator restarted", func(t *testing.T) {
		addr := freePort(t)
		w := worker(addr)
		c := coordinator("restart", addr)
		ckpt := filepath.Join(dir, "restart.ckpt")
		deadline := time.Now().Add(time.Minute)
		for {
			if _, err := os.Stat(ckpt); err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no checkpoint; coordinator:\n%s", c.stderr())
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := c.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		<-c.done
		args := []string{"tune", "-resume", ckpt, "-out", filepath.Join(dir, "restart.json"), "-distributed", "-nats-listen", addr,
			"-local-workers", "0", "-ack-wait", "1s", "-data-dir", root, "-json", "-quiet"}
		got := startProc(t, bin, args...).wait(t, 2*time.Minute)
		sameRun(t, want, got)
		if !strings.Contains(w.stderr(), "done") {
			t.Errorf("the worker did no task:\n%s", w.stderr())
		}
	})

	t.Run("worker of another build", func(t *testing.T) {
		if err := otherBuild.Wait(); err != nil {
			t.Fatalf("go build: %v\n%s", err, otherOut.String())
		}
		addr := freePort(t)
		args := append([]string{"tune", "-out", filepath.Join(dir, "other.json"), "-distributed", "-nats-listen", addr,
			"-local-workers", "0", "-ack-wait", "1s"}, problem...)
		args = args[:len(args)-1] // keep -json, drop -quiet: the refusal is a notice
		c := startProc(t, bin, args...)
		old := startProc(t, other, "worker", "-nats", "nats://"+addr, "-workers", "1", "-data-dir", root)
		select {
		case err := <-old.done:
			if err == nil || !strings.Contains(old.stderr(), `build "other-build"`) {
				t.Fatalf("worker of another build: %v\n%s", err, old.stderr())
			}
		case <-time.After(time.Minute):
			t.Fatalf("the worker of another build kept running:\n%s", old.stderr())
		}
		c.waitLine(t, "refused run", 30*time.Second)
		if !strings.Contains(c.stderr(), "other-build") {
			t.Fatalf("coordinator's report lacks the build:\n%s", c.stderr())
		}
		worker(addr)
		sameRun(t, want, c.wait(t, 2*time.Minute))
	})
}
