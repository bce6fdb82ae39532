// Command distbench measures distributed tuning (make bench-dist): the same
// run locally on one core, then as a coordinator (evochess tune
// -distributed -local-workers 0) with 1 and with 2 worker processes of one
// slot each, on a quiet machine with at least 3 free cores (the
// coordinator is mostly idle). It prints the wall times, the speed-up with
// 2 workers, tasks per second per worker, the overhead per task against
// the local run, and a projection to 16 and 64 cores.
//
//	go run ./internal/distbench -bin bin/evochess -data ../shared/data [-workload david-search|mnc] [-args "…"]
//
// Projection model: T(N) = a + b / min(N, P), fitted to the 1- and
// 2-worker times (a: the part no worker shortens — optimizer, held-out
// scoring, per-generation latency; b: the parallel part), with P the most
// tasks a generation can be split into: its units (positions × candidates,
// or games) and, once a unit's cost is known, compute / -min-task.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"net"
	"os"
	"os/exec"
	"strings"
	"time"
)

var workloads = map[string]string{
	// David et al.'s search-parameter GA, reduced: 60 ECM positions, cap
	// 50,000 nodes, population 10, 3 generations (the paper: 879, 500,000, 50).
	"david-search": "-preset david-search -positions 60 -node-cap 50000 -pop 10 -gens 3 -seed 1",
	// Phoenix's MNC with tournament fitness, reduced: 20 players, ≥ 3 games
	// each at depth 2, 4 generations (the paper: up to 1000).
	"mnc": "-preset mnc -gens 4 -games 3 -game-depth 2 -openings openings/noob_3moves_1500.epd -test 0 -seed 1",
}

type summary struct {
	Seconds     float64 `json:"seconds"`
	BestFitness float64 `json:"best_fitness"`
	Evaluations int     `json:"evaluations"`
	Generations int     `json:"generations"`
	Dist        *struct {
		Done           int     `json:"done"`
		Batches        int     `json:"batches"`
		Units          int64   `json:"units"`
		ComputeSeconds float64 `json:"compute_seconds"`
		Redelivered    int     `json:"redelivered"`
	} `json:"dist"`
}

func main() {
	bin := flag.String("bin", "bin/evochess", "the evochess binary")
	data := flag.String("data", "../shared/data", "shared data folder")
	workload := flag.String("workload", "david-search", "david-search or mnc")
	extra := flag.String("args", "", "tune flags replacing the workload's")
	minTask := flag.String("min-task", "100ms", "coordinator -min-task")
	flag.Parse()
	args := workloads[*workload]
	if *extra != "" {
		args = *extra
	}
	if args == "" {
		fail(fmt.Errorf("unknown workload %q", *workload))
	}
	base := append(strings.Fields(args), "-data-dir", *data, "-json", "-quiet")
	dir, err := os.MkdirTemp("", "distbench-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)

	fmt.Printf("workload: evochess tune %s\n\n", args)
	local, lw := tune(*bin, append(base, "-workers", "1", "-out", dir+"/local.json"))
	fmt.Printf("%-28s %9.2f s run, %9.2f s wall  (evochess tune … -workers 1)\n", "local, 1 core", local.Seconds, lw)
	var runs [3]summary
	var walls [3]float64
	for n := 1; n <= 2; n++ {
		runs[n], walls[n] = distributed(*bin, *data, base, dir, n, *minTask)
		if runs[n].BestFitness != local.BestFitness || runs[n].Evaluations != local.Evaluations {
			fail(fmt.Errorf("%d workers: best %g / %d evaluations, local %g / %d: the runs differ", n, runs[n].BestFitness, runs[n].Evaluations, local.BestFitness, local.Evaluations))
		}
		d := runs[n].Dist
		fmt.Printf("%-28s %9.2f s run, %9.2f s wall  (%d tasks, %d redelivered, %.2f s compute)\n",
			fmt.Sprintf("distributed, %d worker(s)", n), runs[n].Seconds, walls[n], d.Done, d.Redelivered, d.ComputeSeconds)
	}
	t1, t2 := runs[1].Seconds, runs[2].Seconds
	d1 := runs[1].Dist
	speedup := t1 / t2
	fmt.Println()
	fmt.Printf("speed-up with 2 workers:      %.2f× (efficiency %.0f%%; goal ≥ 80%%)\n", speedup, 50*speedup)
	for n := 1; n <= 2; n++ {
		fmt.Printf("tasks/s per worker (%d):       %.2f\n", n, float64(runs[n].Dist.Done)/runs[n].Seconds/float64(n))
	}
	over := t1 - local.Seconds
	fmt.Printf("overhead per task:            %.1f ms (%.1f%% of the 1-core run; goal ≤ 5%%), %.0f ms per task of compute\n",
		1000*over/float64(d1.Done), 100*over/local.Seconds, 1000*d1.ComputeSeconds/float64(d1.Done))
	a := 2*t2 - t1
	b := t1 - a
	units := float64(d1.Units) / float64(d1.Batches)
	mt, err := time.ParseDuration(*minTask)
	if err != nil {
		fail(err)
	}
	p := math.Min(units, math.Max(1, d1.ComputeSeconds/float64(d1.Batches)/mt.Seconds()))
	fmt.Printf("model T(N) = %.2f + %.2f / min(N, %.0f) s\n", a, b, p)
	for _, n := range []float64{16, 64} {
		fmt.Printf("projected on %2.0f cores:        %.2f s (speed-up %.1f× over 1 worker)\n", n, a+b/math.Min(n, p), t1/(a+b/math.Min(n, p)))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "distbench:", err)
	os.Exit(1)
}

// tune runs evochess tune and returns its summary and wall time.
func tune(bin string, args []string) (summary, float64) {
	cmd := exec.Command(bin, append([]string{"tune"}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	if err := cmd.Run(); err != nil {
		fail(fmt.Errorf("%v: %v\n%s", cmd.Args, err, errb.String()))
	}
	wall := time.Since(start).Seconds()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var s summary
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil {
		fail(err)
	}
	return s, wall
}

// distributed runs the coordinator with n one-slot worker processes.
func distributed(bin, data string, base []string, dir string, n int, minTask string) (summary, float64) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail(err)
	}
	addr := l.Addr().String()
	l.Close()
	var workers []*exec.Cmd
	for range n {
		w := exec.Command(bin, "worker", "-nats", "nats://"+addr, "-workers", "1", "-data-dir", data, "-quiet")
		w.Stderr = os.Stderr
		if err := w.Start(); err != nil {
			fail(err)
		}
		workers = append(workers, w)
	}
	defer func() {
		for _, w := range workers {
			_ = w.Process.Kill()
			_ = w.Wait()
		}
	}()
	s, wall := tune(bin, append(base, "-distributed", "-nats-listen", addr, "-local-workers", "0", "-min-task", minTask,
		"-out", fmt.Sprintf("%s/dist%d.json", dir, n)))
	if s.Dist == nil {
		fail(errors.New("no dist figures in the summary"))
	}
	return s, wall
}
