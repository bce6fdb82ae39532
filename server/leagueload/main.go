// Command leagueload simulates a class using the league of `evochess
// serve` at once: each of N students opens the page (index, scripts, style,
// pieces, main.wasm, the bundled games — the files a browser fetches),
// reads the capabilities and the league, opens the leaderboard's event
// stream, submits a player under its own name, watches the stream until
// its entry shows, keeps watching while the server plays games on all
// cores, then opens a game and its PGN. It reports errors and p50/p95/max
// latency per request kind, and exits with status 1 on any error.
//
//	go run ./server/leagueload -bin bin/evochess -students 40   # starts a server on a free port with a fresh league file
//	go run ./server/leagueload -url http://127.0.0.1:8080/ -students 40
//
// Against a loopback server each student connects from its own address
// (127.0.0.10, 127.0.0.11, … — Linux routes all of 127/8 to the loopback
// interface), so the server's per-address limits see 40 clients, as on a
// class network. Requests go only to the given server.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/wasm/protocol"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "leagueload:", err)
		os.Exit(1)
	}
}

type options struct {
	base     string
	students int
	hold     time.Duration
	skipPage bool
	timeout  time.Duration
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("leagueload", flag.ContinueOnError)
	bin := fs.String("bin", "", "evochess binary: start `serve` on a free loopback port with a fresh league file, stop it at the end")
	base := fs.String("url", "", "the server to load (instead of -bin)")
	students := fs.Int("students", 40, "students at once")
	hold := fs.Duration("hold", 20*time.Second, "how long every student watches the leaderboard after submitting")
	skipPage := fs.Bool("skip-page", false, "skip the page's files (a server without the built site)")
	depth := fs.Int("depth", 3, "with -bin: the league's search depth per move")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if (*bin == "") == (*base == "") {
		return errors.New("give exactly one of -bin and -url")
	}
	if *students < 1 || *students > 200 {
		return fmt.Errorf("-students %d: want 1..200", *students)
	}
	opt := options{base: *base, students: *students, hold: *hold, skipPage: *skipPage, timeout: 2 * time.Minute}
	if *bin != "" {
		srv, err := startServer(*bin, *depth)
		if err != nil {
			return err
		}
		defer srv.stop()
		opt.base = srv.base
		fmt.Fprintf(out, "leagueload: started %s serve on %s (fresh league file, depth %d, all cores)\n", *bin, srv.base, *depth)
	}
	u, err := url.Parse(opt.base)
	if err != nil || u.Host == "" {
		return fmt.Errorf("-url %q: not an http address", opt.base)
	}
	opt.base = strings.TrimSuffix(u.String(), "/") + "/"
	rep, err := load(opt)
	if err != nil {
		return err
	}
	rep.print(out)
	if rep.errors > 0 {
		return fmt.Errorf("%d errors", rep.errors)
	}
	return nil
}

// server is a started `evochess serve`.
type server struct {
	cmd  *exec.Cmd
	base string
	dir  string
}

func startServer(bin string, depth int) (*server, error) {
	dir, err := os.MkdirTemp("", "leagueload-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(dir, "league.db"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &server{cmd: cmd, dir: dir}
	found := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`listening on (http://[^/\s]+)`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1] + "/":
				default:
				}
			}
		}
	}()
	select {
	case s.base = <-found:
	case <-time.After(30 * time.Second):
		s.stop()
		return nil, errors.New("the server did not print its address within 30 s")
	}
	// The teacher's settings: on a loopback server everyone is the teacher.
	body := fmt.Sprintf(`{"depth":%d,"gamesPerPair":10}`, depth)
	resp, err := http.Post(s.base+"api/league/settings", "application/json", strings.NewReader(body))
	if err != nil {
		s.stop()
		return nil, err
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		s.stop()
		return nil, fmt.Errorf("league settings: HTTP %d", resp.StatusCode)
	}
	return s, nil
}

func (s *server) stop() {
	s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
	os.RemoveAll(s.dir)
}

// sample is one request's outcome.
type sample struct {
	kind string
	dur  time.Duration
	err  error
}

type report struct {
	students    int
	base        string
	samples     map[string][]time.Duration
	errs        map[string][]string // a few messages per kind
	errCount    map[string]int
	errors      int
	events      []int
	gamesBefore int
	gamesAfter  int
	wall        time.Duration
	sourceAddrs bool
}

// kinds in report order.
var kinds = []string{"index", "static", "wasm", "games-data", "api", "sse-first-event", "submit", "submit-to-leaderboard", "game", "pgn"}

func load(opt options) (*report, error) {
	target, err := url.Parse(opt.base)
	if err != nil {
		return nil, err
	}
	loopback := false
	if ip := net.ParseIP(target.Hostname()); ip != nil && ip.IsLoopback() {
		loopback = true
	}
	rep := &report{students: opt.students, base: opt.base, samples: map[string][]time.Duration{}, errs: map[string][]string{}, errCount: map[string]int{}, sourceAddrs: loopback}
	before, err := leagueState(http.DefaultClient, opt.base)
	if err != nil {
		return nil, fmt.Errorf("the server does not answer GET /api/league: %w", err)
	}
	rep.gamesBefore = before.Games

	var (
		mu      sync.Mutex
		wg      sync.WaitGroup
		start   = make(chan struct{})
		samples []sample
		events  = make([]int, opt.students)
	)
	record := func(s sample) {
		mu.Lock()
		samples = append(samples, s)
		mu.Unlock()
	}
	for i := 0; i < opt.students; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c := clientFor(i, loopback)
			<-start
			events[i] = student(c, opt, i, record)
		}(i)
	}
	t0 := time.Now()
	close(start)
	wg.Wait()
	rep.wall = time.Since(t0)
	after, err := leagueState(http.DefaultClient, opt.base)
	if err == nil {
		rep.gamesAfter = after.Games
	}
	for _, s := range samples {
		if s.err != nil {
			rep.errors++
			rep.errCount[s.kind]++
			if len(rep.errs[s.kind]) < 3 {
				rep.errs[s.kind] = append(rep.errs[s.kind], s.err.Error())
			}
			continue
		}
		rep.samples[s.kind] = append(rep.samples[s.kind], s.dur)
	}
	rep.events = events
	return rep, nil
}

// clientFor returns student i's HTTP client: against a loopback server it
// connects from 127.0.0.(10+i) so that each student has its own address.
func clientFor(i int, loopback bool) *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second}
	if loopback {
		d.LocalAddr = &net.TCPAddr{IP: net.IPv4(127, 0, byte((10+i)/250), byte(1+(10+i)%250))}
	}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 8, DisableCompression: true, IdleConnTimeout: time.Minute}
	return &http.Client{Transport: tr, Timeout: 2 * time.Minute}
}

// get fetches path and discards the body; the time is until the last byte.
func get(c *http.Client, base, path, kind string, record func(sample)) ([]byte, error) {
	t0 := time.Now()
	req, _ := http.NewRequest("GET", base+path, nil)
	req.Header.Set("Accept-Encoding", "br, gzip") // as a browser does
	resp, err := c.Do(req)
	if err != nil {
		record(sample{kind: kind, err: fmt.Errorf("GET %s: %w", path, err)})
		return nil, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err == nil && resp.StatusCode != 200 {
		err = fmt.Errorf("GET %s: HTTP %d %s", path, resp.StatusCode, bytes.TrimSpace(body[:min(len(body), 200)]))
	}
	record(sample{kind: kind, dur: time.Since(t0), err: err})
	return body, err
}

// pageFiles are the files a browser fetches for the page and its first worker.
var pageFiles = []struct{ path, kind string }{
	{"wasm_exec.js", "static"}, {"vugu-render.js", "static"}, {"style.css", "static"}, {"league.css", "static"},
	{"main.wasm", "wasm"}, {"worker.js", "static"}, {"data/gm_demo_1500.pgn", "games-data"},
}

var pieces = []string{"wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"}

// student runs one simulated student and returns the events it received.
func student(c *http.Client, opt options, i int, record func(sample)) int {
	base := opt.base
	if !opt.skipPage {
		if _, err := get(c, base, "", "index", record); err == nil {
			for _, f := range pageFiles {
				get(c, base, f.path, f.kind, record)
			}
			for _, p := range pieces {
				get(c, base, "pieces/"+p+".svg", "static", record)
			}
		}
	}
	get(c, base, "api/capabilities", "api", record)
	get(c, base, "api/league", "api", record)

	// The leaderboard stream, read until the end of the hold.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	name := fmt.Sprintf("Student %02d", i+1)
	seen := make(chan struct{})
	var seenOnce sync.Once
	evCount := make(chan int, 1)
	t0 := time.Now()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"api/league/events", nil)
	resp, err := c.Do(req)
	if err != nil || resp.StatusCode != 200 {
		if err == nil {
			err = fmt.Errorf("HTTP %d", resp.StatusCode)
			resp.Body.Close()
		}
		record(sample{kind: "sse-first-event", err: fmt.Errorf("GET api/league/events: %w", err)})
		close(seen)
		evCount <- 0
	} else {
		go func() {
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(nil, 4<<20)
			n := 0
			// An event is dispatched at the blank line that ends it (as
			// EventSource does): an event cut by the end of the stream —
			// the hold's end cancels it mid-event — is discarded, not
			// read as a malformed state.
			var data string
			pending := false
			for sc.Scan() {
				line := sc.Text()
				if d, ok := strings.CutPrefix(line, "data: "); ok {
					data, pending = d, true
					continue
				}
				if line != "" || !pending {
					continue
				}
				pending = false
				if n == 0 {
					record(sample{kind: "sse-first-event", dur: time.Since(t0)})
				}
				n++
				var st protocol.LeagueState
				if json.Unmarshal([]byte(data), &st) != nil {
					record(sample{kind: "sse-first-event", err: errors.New("an event that is not a league state")})
					continue
				}
				for _, s := range st.Standings {
					if s.Name == name {
						seenOnce.Do(func() { close(seen) })
					}
				}
			}
			if err := sc.Err(); err != nil && ctx.Err() == nil {
				record(sample{kind: "sse-first-event", err: fmt.Errorf("event stream: %w", err)})
			}
			evCount <- n
		}()
	}

	body, err := json.Marshal(protocol.LeagueSubmit{Name: name, Player: studentPlayer(i)})
	if err != nil {
		record(sample{kind: "submit", err: err})
		return 0
	}
	ts := time.Now()
	sreq, _ := http.NewRequest("POST", base+"api/league/entries", bytes.NewReader(body))
	sreq.Header.Set("Content-Type", "application/json")
	sreq.Header.Set("Origin", strings.TrimSuffix(base, "/"))
	sreq.Header.Set("Sec-Fetch-Site", "same-origin")
	sresp, err := c.Do(sreq)
	if err == nil {
		b, _ := io.ReadAll(sresp.Body)
		sresp.Body.Close()
		if sresp.StatusCode != http.StatusCreated {
			err = fmt.Errorf("HTTP %d %s", sresp.StatusCode, bytes.TrimSpace(b))
		}
	}
	record(sample{kind: "submit", dur: time.Since(ts), err: err})
	if err == nil {
		select {
		case <-seen:
			record(sample{kind: "submit-to-leaderboard", dur: time.Since(ts)})
		case <-time.After(opt.timeout):
			record(sample{kind: "submit-to-leaderboard", err: fmt.Errorf("%s never appeared on the leaderboard stream", name)})
		}
	}
	time.Sleep(opt.hold)

	// Open the latest game on the board and download its PGN.
	if b, err := get(c, base, "api/league/games?limit=5", "api", record); err == nil {
		var list []protocol.LeagueGameSummary
		if json.Unmarshal(b, &list) == nil && len(list) > 0 {
			id := list[i%len(list)].ID
			get(c, base, fmt.Sprintf("api/league/games/%d", id), "game", record)
			get(c, base, fmt.Sprintf("api/league/games/%d/pgn", id), "pgn", record)
		}
	}
	cancel()
	return <-evCount
}

// studentPlayer is student i's player: random weights within vazquez29's
// bounds (seed i) and the default search parameters.
func studentPlayer(i int) json.RawMessage {
	p, err := eval.RandomPreset("vazquez29", uint64(i+1))
	if err != nil {
		panic(err) // a registered scheme: cannot fail
	}
	sp, err := search.PresetParams("default")
	if err != nil {
		panic(err)
	}
	pl, err := player.FromVector(p.Scheme, p.Weights, sp)
	if err != nil {
		panic(err)
	}
	pl.Name = fmt.Sprintf("student %d", i+1)
	var b bytes.Buffer
	if err := pl.Save(&b); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func leagueState(c *http.Client, base string) (protocol.LeagueState, error) {
	resp, err := c.Get(base + "api/league")
	if err != nil {
		return protocol.LeagueState{}, err
	}
	defer resp.Body.Close()
	var info protocol.LeagueInfo
	if resp.StatusCode != 200 {
		return protocol.LeagueState{}, fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	err = json.NewDecoder(resp.Body).Decode(&info)
	return info.State, err
}

// percentile returns the p-quantile of sorted durations (nearest rank).
func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	i := int(p*float64(len(d))+0.999999) - 1
	return d[max(0, min(i, len(d)-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

func (r *report) print(w io.Writer) {
	addrs := "one source address"
	if r.sourceAddrs {
		addrs = "one source address each (127.0.0.x)"
	}
	fmt.Fprintf(w, "leagueload: %d students at once against %s, %s; %.1f s in all\n", r.students, r.base, addrs, r.wall.Seconds())
	fmt.Fprintf(w, "%-22s %6s %6s %9s %9s %9s\n", "request", "n", "errors", "p50 ms", "p95 ms", "max ms")
	for _, k := range kinds {
		d := r.samples[k]
		errs := r.errCount[k]
		if len(d) == 0 && errs == 0 {
			continue
		}
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		fmt.Fprintf(w, "%-22s %6d %6d %9s %9s %9s\n", k, len(d)+errs, errs, ms(percentile(d, 0.5)), ms(percentile(d, 0.95)), ms(percentile(d, 1)))
	}
	ev := append([]int(nil), r.events...)
	sort.Ints(ev)
	if len(ev) > 0 {
		fmt.Fprintf(w, "leaderboard events per student: min %d, median %d, max %d\n", ev[0], ev[len(ev)/2], ev[len(ev)-1])
	}
	fmt.Fprintf(w, "league games finished during the load: %d\n", r.gamesAfter-r.gamesBefore)
	if r.errors == 0 {
		fmt.Fprintln(w, "no errors")
		return
	}
	fmt.Fprintf(w, "%d errors, for example:\n", r.errors)
	for _, k := range kinds {
		for _, e := range r.errs[k] {
			fmt.Fprintf(w, "  %s: %s\n", k, e)
		}
	}
}
