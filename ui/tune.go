//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/opt"
	"github.com/evochess/evochess/ui/chart"
	"github.com/evochess/evochess/ui/model"
	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
)

// TuneState is the Tune tab: the configuration being edited and the run in
// progress (in the tuner worker, or natively on the server over SSE).
type TuneState struct {
	Cfg     protocol.RunConfig
	RunID   string
	State   string // "" (never started), running, paused, stopped, done, failed
	Reason  string
	Command string
	History []protocol.Progress
	Player  json.RawMessage // best player when the run ended
	Err     string
	Native  bool // the run is on the native server
	// Cluster is the work queue of a distributed native run (serve
	// -distributed), nil otherwise.
	Cluster *protocol.Cluster
	Started time.Time
	RunCfg  protocol.RunConfig // the configuration the current run started with
	// RunGames is the digest of the games the current run is tuned on
	// (protocol.Loaded.Digest; "" if unknown), kept with its checkpoint so
	// a resume on other games is refused.
	RunGames string

	// keptAt is when the native run followed was last kept in
	// localStorage (keepNative).
	keptAt time.Time
	// leaving says that the page is going away (pagehide): the browser
	// closes the native run's event stream, which is not the run's end.
	leaving bool

	// ConfirmReset asks whether to discard the run in progress (Reset).
	ConfirmReset bool

	// AllPositions makes a Texel run use every position of the training
	// games, as its preset says (the Data tab's sample sizes otherwise).
	AllPositions bool

	// Queued says that a start is waiting for the games to load (queued
	// runs it then).
	Queued string
	queued func()

	// FitnessWorkers is the number of nested Web Workers the tuner worker
	// splits each generation's scoring across (0 = score in the tuner
	// worker itself). Results do not depend on it.
	FitnessWorkers int

	Compare string // engine/eval preset compared in the weights table
	Group   string // weights table group filter
	Page    int
}

// defaultPreset is the preset the Tune form opens on; the Data tab's
// sample sizes are its own.
const defaultPreset = "vazquez-ep"

func (t *TuneState) init() {
	if hc := js.Global().Get("navigator").Get("hardwareConcurrency"); hc.Type() == js.TypeNumber && hc.Int() > 1 {
		t.FitnessWorkers = min(hc.Int(), 4)
	}
	// The form opens on the preset's own settings, as its description
	// reads; with the "all" protocol on the bundled games this is the
	// README's classroom run.
	t.applyPreset(defaultPreset)
	t.Cfg.Seed = 1
	t.AllPositions = true
}

// applyPreset selects a tuner preset and fills the fields it implies.
func (t *TuneState) applyPreset(name string) {
	t.Cfg.Preset = name
	if name == "" {
		return
	}
	p, err := tuner.LookupPreset(name)
	if err != nil {
		return
	}
	t.Cfg.Algorithm = p.Algorithm
	t.Cfg.Scheme = p.Problem.Scheme
	t.Cfg.Fitness = p.Problem.Fitness
	t.Cfg.Population = p.Config.Pop
	t.Cfg.Generations = p.Config.Generations
	t.Cfg.Params = nil
	t.Cfg.Start, t.Cfg.L2 = "", 0
	t.Compare = ""
	t.Group, t.Page = "", 0
}

// fitness is the run's fitness function (the tuner's default without a preset).
func (t *TuneState) fitness() string {
	if t.Cfg.Fitness != "" {
		return t.Cfg.Fitness
	}
	return "match-qs"
}

// StartUsed is the start vector the run begins from: the one chosen, else
// its preset's, else random.
func (t *TuneState) StartUsed() (start string, fromPreset bool) {
	if t.Cfg.Start != "" {
		return tuner.NormalizeStart(t.Cfg.Start), false
	}
	if p, err := tuner.LookupPreset(t.Cfg.Preset); err == nil && p.Problem.Start != "" {
		return tuner.NormalizeStart(p.Problem.Start), true
	}
	return tuner.StartRandom, true
}

// Active reports a run that is running or paused.
func (t *TuneState) Active() bool {
	return t.State == protocol.StateRunning || t.State == protocol.StatePaused
}

// Last returns the latest progress (nil before the first generation).
func (t *TuneState) Last() *protocol.Progress {
	if len(t.History) == 0 {
		return nil
	}
	return &t.History[len(t.History)-1]
}

// config returns the run configuration with the Data tab's games and sampling.
func (a *App) runConfig() protocol.RunConfig {
	cfg := a.Tune.Cfg
	cfg.Data = protocol.DataConfig{Source: a.Data.Source, Sample: a.Data.Sample}
	if !a.Tune.usesPopulation() {
		cfg.Population = 0 // Hooke-Jeeves, Texel's local search and Adam have none (the tuner refuses one)
	}
	if a.Tune.AllPositions && cfg.Fitness == "texel" {
		// Every position of the training games: the preset's sizes.
		cfg.Data.Sample.Train, cfg.Data.Sample.Test = 0, 0
	}
	if cfg.Data.Source == "" {
		cfg.Data.Source = protocol.BundledSource
	}
	if cfg.Params != nil {
		p := map[string]float64{}
		for k, v := range cfg.Params {
			p[k] = v
		}
		cfg.Params = p
	}
	return cfg
}

// startableConfig returns the run configuration when a run may start: none
// is running and the settings are valid (else the Tune tab says why).
func (a *App) startableConfig() (protocol.RunConfig, bool) {
	t := &a.Tune
	if t.Active() {
		return protocol.RunConfig{}, false
	}
	cfg := a.runConfig()
	if err := cfg.Validate(); err != nil {
		t.Err = "Settings: " + err.Error()
		return protocol.RunConfig{}, false
	}
	return cfg, true
}

// StartRun starts a run in the tuner worker.
func (a *App) StartRun() {
	t := &a.Tune
	cfg, ok := a.startableConfig()
	if !ok {
		return
	}
	if a.Data.Loading {
		a.queueRun("The run will start when the games are loaded (Data tab).", a.StartRun)
		return
	}
	if a.Data.Loaded == nil || a.Data.Loaded.Games == 0 {
		t.Err = "No games are loaded: load games on the Data tab first."
		return
	}
	if why := a.noTrainingPositions(cfg); why != "" {
		t.Err = why
		return
	}
	id := a.nextID("run")
	t.beginRun(id, false, cfg)
	t.RunGames = a.Data.Loaded.Digest
	if a.Resume != nil {
		_ = a.saveResume(nil) // only the latest run can be resumed
	}
	err := a.data.Send(id, &protocol.StartRun{Config: cfg, FitnessWorkers: t.FitnessWorkers}, func(m protocol.Message) { a.onRunMessage(id, m) })
	if err != nil {
		t.State, t.Err = protocol.StateFailed, err.Error()
	}
}

// noTrainingPositions says why a run of cfg cannot start when the Data
// tab's sample of the loaded games holds no training position (a file of
// game headers without moves, a minimum Elo no game reaches): the run would
// only fail once its workers had prepared. "" when it may start.
func (a *App) noTrainingPositions(cfg protocol.RunConfig) string {
	d := &a.Data
	if d.Sampled == nil || d.Sampling || d.Sampled.Train > 0 {
		return "" // no sample yet (the run checks), or positions to train on
	}
	fit := cfg.Fitness
	if fit == "" {
		if p, err := tuner.LookupPreset(cfg.Preset); err == nil {
			fit = p.Problem.Fitness
		}
	}
	if k, err := tuner.LookupFitness(ifs(fit != "", fit, "match-qs")); err != nil || !k.Needs.Games {
		return "" // scored on games between candidates or a test suite
	}
	why := "the games hold no positions past the opening plies skipped"
	if s := cfg.Data.Sample; s.MinElo > 0 {
		why = fmt.Sprintf("no game past the opening plies skipped has both players rated %d or more (Min Elo)", s.MinElo)
	}
	return fmt.Sprintf("No training positions: the Data tab finds 0 in %s (%s). Load games with moves, or lower Min Elo or the plies skipped on the Data tab, then start.", d.Name, why)
}

// queueRun keeps a start (or resume) asked for while the games are still
// loading: it runs once they are read (runQueued), and text is shown
// meanwhile. A later request replaces it; Stop cancels it.
func (a *App) queueRun(text string, f func()) {
	t := &a.Tune
	t.Queued, t.queued, t.Err = text, f, ""
}

// runQueued starts the queued run, if any (the games were read).
func (a *App) runQueued() {
	t := &a.Tune
	f := t.queued
	t.Queued, t.queued = "", nil
	if f != nil {
		f()
	}
}

// dropQueued gives up the queued run because the games could not be loaded.
func (a *App) dropQueued(why string) {
	t := &a.Tune
	if t.queued != nil {
		t.Queued, t.queued = "", nil
		t.Err = "The run did not start: " + why
	}
}

// Resumable reports the saved run i that was cut by a reload and whose
// checkpoint is kept in this browser.
func (a *App) Resumable(i int) bool {
	if i < 0 || i >= len(a.Runs) || a.Resume == nil {
		return false
	}
	r := a.Runs[i]
	return r.State == "interrupted" && r.ID == a.Resume.ID && r.Config.CommandLine() == a.Resume.Config.CommandLine()
}

// ResumeRun starts the interrupted run i again in the tuner worker from its
// last checkpoint: it continues with the next generation and ends exactly as
// the uninterrupted run would. The run's games must be loaded.
func (a *App) ResumeRun(i int) {
	t := &a.Tune
	if t.Active() {
		return
	}
	if !a.Resumable(i) {
		t.Err = "This run has no checkpoint kept in this browser; it cannot be resumed."
		return
	}
	if a.Data.Loading {
		a.queueRun("The run will resume when the games are loaded (Data tab).", func() { a.ResumeRun(i) })
		return
	}
	rp := *a.Resume
	cfg := rp.Config
	src := cfg.Data.Source
	switch {
	case !protocol.IsBundled(src) && a.Data.Source != src:
		t.Err = fmt.Sprintf("This run's games (%s) were pasted or picked from a file and are no longer loaded: load the same games on the Data tab, then resume.", src)
		return
	case protocol.IsBundled(src) && !protocol.IsBundled(a.Data.Source):
		t.Err = "This run used the bundled games, which are not loaded now: load them on the Data tab, then resume."
		return
	case a.Data.Loaded == nil || a.Data.Loaded.Games == 0:
		t.Err = "No games are loaded: load the run's games on the Data tab, then resume."
		return
	case rp.Games != "" && a.Data.Loaded.Digest != "" && rp.Games != a.Data.Loaded.Digest:
		// The same name does not make the same games (every paste is
		// pasted.pgn): a resume on others would mix two data sets.
		t.Err = fmt.Sprintf("The games loaded now (%s, %s games) are not the ones this run was tuned on, although the name is the same: resuming would mix two sets of games. Load the run's own games on the Data tab, then resume (or start a new run on these).",
			a.Data.Name, thousands(a.Data.Loaded.Games))
		return
	}
	id := a.nextID("run")
	t.Cfg = cfg
	t.Cfg.Data = protocol.DataConfig{}
	t.Compare, t.Group, t.Page = "", "", 0
	t.beginRun(id, false, cfg)
	t.RunGames = ifs(rp.Games != "", rp.Games, a.Data.Loaded.Digest)
	t.History = slices.Clone(rp.History)
	a.Runs = append(a.Runs[:i], a.Runs[i+1:]...) // the finished run replaces it
	a.saveStore()
	rp.ID = id
	if err := a.saveResume(&rp); err != nil {
		t.Err = err.Error()
	}
	err := a.data.Send(id, &protocol.StartRun{Config: cfg, FitnessWorkers: t.FitnessWorkers, Checkpoint: rp.Checkpoint}, func(m protocol.Message) { a.onRunMessage(id, m) })
	if err != nil {
		t.State, t.Err = protocol.StateFailed, err.Error()
	}
}

func (t *TuneState) beginRun(id string, native bool, cfg protocol.RunConfig) {
	t.RunID, t.State, t.Reason, t.Err, t.Native = id, protocol.StateRunning, "", "", native
	t.RunGames, t.ConfirmReset = "", false
	t.Cluster = nil
	t.History, t.Player = nil, nil
	t.Command = cfg.CommandLine()
	t.Started = time.Now()
	t.RunCfg = cfg
}

// onRunMessage handles every message about the run (from the worker or the server's event stream).
func (a *App) onRunMessage(id string, m protocol.Message) {
	t := &a.Tune
	if t.RunID != id {
		return
	}
	switch b := m.Body.(type) {
	case *protocol.RunState:
		t.State, t.Reason = b.State, b.Reason
		if b.CommandLine != "" {
			t.Command = b.CommandLine
		}
		if b.State == protocol.StateFailed {
			t.Err = "The run failed: " + plainReason(b.Reason)
		}
	case *protocol.Progress:
		if n := len(t.History); t.Native && n > 0 && !model.NewProgress(t.History[n-1].Generation, true, b.Generation) {
			// A native run followed again after a reload: the server
			// replays the generations the kept history already has.
			break
		}
		p := *b
		p.Checkpoint = nil
		if n := len(t.History); n > 0 {
			// Only the latest generation's weights are shown (the table,
			// an interrupted run's player): the earlier ones would make a
			// long run's history, kept in localStorage, too large to keep.
			t.History[n-1].BestWeights = nil
		}
		t.History = append(t.History, p)
		if t.Native && time.Since(t.keptAt) > 5*time.Second {
			a.keepNative()
		}
		if len(b.Checkpoint) > 0 && !t.Native {
			rp := &ResumePoint{ID: id, Config: t.RunCfg, History: slices.Clone(t.History), Checkpoint: b.Checkpoint, Games: t.RunGames}
			if err := a.saveResume(rp); err != nil {
				t.Err = err.Error()
			}
		}
	case *protocol.Cluster:
		c := *b
		t.Cluster = &c
	case *protocol.PlayerFile:
		t.Player = b.Player
		if !t.Active() {
			a.finishRun()
		}
	case *protocol.Error:
		t.Err = b.Message
		if t.State == protocol.StateRunning {
			t.State = protocol.StateFailed
		}
	}
}

// plainReason drops the Go package prefixes of a worker's error
// ("runner: ", "tuner: prepare: "), which say where, not what.
func plainReason(s string) string {
	for _, p := range []string{"runner: ", "tuner: ", "prepare: "} {
		s = strings.TrimPrefix(s, p)
	}
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return s
}

// finishRun saves the finished run and its best player.
func (a *App) finishRun() {
	t := &a.Tune
	if !t.Native {
		a.data.Done(t.RunID)
	}
	if a.Resume != nil && a.Resume.ID == t.RunID {
		_ = a.saveResume(nil) // the run ended: nothing to resume
	}
	if len(t.Player) == 0 || len(t.History) == 0 {
		return
	}
	last := t.Last()
	name := fmt.Sprintf("%s g%d %.0f%%", t.Cfg.Scheme, last.Generation, 100*last.TrainMatch)
	a.savePlayer(SavedPlayer{Name: name, Source: "run " + t.RunID, Player: t.Player, Saved: time.Now().UnixMilli()})
	a.syncStore() // another tab's runs too
	a.addRun(SavedRun{ID: t.RunID, Config: t.RunCfg, History: t.History, Player: t.Player, Ended: time.Now().UnixMilli(), State: t.State})
	if len(a.Runs) > 10 {
		a.Runs = a.Runs[len(a.Runs)-10:]
	}
	a.saveStore()
}

// saveInterrupted keeps a run that is still going when the page is hidden
// for good (reload, close): its history and best weights so far become a
// finished run marked "interrupted", and a saved player. Called on pagehide.
// A native run goes on on the server: it is kept for the next page to
// follow again (keepNative), and only kept as interrupted if the server
// no longer has it then (lostNative).
func (a *App) saveInterrupted() {
	t := &a.Tune
	t.leaving = true
	if t.Native && t.Active() && model.ValidNativeRunID(t.RunID) {
		a.keepNative()
		return
	}
	a.keepInterrupted()
}

// keepInterrupted keeps the run going on as a finished run marked
// "interrupted", with its best player so far.
func (a *App) keepInterrupted() {
	t := &a.Tune
	l := t.Last()
	if !t.Active() || l == nil {
		return
	}
	name := fmt.Sprintf("%s g%d %.0f%% (interrupted)", t.RunCfg.Scheme, l.Generation, 100*l.TrainMatch)
	b := t.Player
	if len(b) == 0 {
		var err error
		if b, err = model.PlayerFromWeights(name, t.RunCfg.Scheme, l.BestWeights); err != nil {
			b = nil
		}
	}
	if len(b) > 0 {
		a.savePlayer(SavedPlayer{Name: name, Source: "run " + t.RunID + " (interrupted)", Player: b, Saved: time.Now().UnixMilli()})
	}
	a.syncStore() // another tab's runs too
	a.addRun(SavedRun{ID: t.RunID, Config: t.RunCfg, History: t.History, Player: b, Ended: time.Now().UnixMilli(), State: "interrupted"})
	if len(a.Runs) > 10 {
		a.Runs = a.Runs[len(a.Runs)-10:]
	}
	a.saveStore()
}

// addRun adds a finished run to the list. A native run's entry replaces
// one of the same id: two tabs of the browser may follow the same server
// run to its end (browser runs' ids are the page's own, and not unique
// between tabs).
func (a *App) addRun(r SavedRun) {
	if a.Tune.Native && model.ValidNativeRunID(r.ID) {
		for i := range a.Runs {
			if a.Runs[i].ID == r.ID {
				a.Runs[i] = r
				return
			}
		}
	}
	a.Runs = append(a.Runs, r)
}

// control sends pause/resume/step/stop for the current run.
func (a *App) control(body protocol.Body, action string) {
	t := &a.Tune
	if t.RunID == "" {
		return
	}
	if t.Native {
		a.nativeControl(t.RunID, action)
		return
	}
	if err := a.data.Send(t.RunID, body, nil); err != nil {
		t.Err = err.Error()
	}
}

// TuneTab is the Tune tab component.
type TuneTab struct {
	App *App

	rows  []model.Row // this render's page of the weights table
	total int         // rows in the selected group
	all   []model.Row // every row (for the distance summary)
	heat  string      // the selected group as 8×8 boards, when it is a piece-square table
}

// BeforeBuild computes the weights table once per render.
func (c *TuneTab) BeforeBuild() {
	t := c.t()
	var cur map[string]int
	if l := t.Last(); l != nil {
		cur = l.BestWeights
	}
	c.all = model.Rows(schemeSpecs(t.tableScheme()), cur, c.compareWeights())
	c.rows, c.total = model.Filter(c.all, t.Group, t.Page*rowsPerPage, rowsPerPage)
	c.heat = ""
	if t.Group != "" {
		group, _ := model.Filter(c.all, t.Group, 0, 0)
		if h, ok := model.HeatmapHTML(group); ok {
			c.heat = h
		}
	}
}

// tableScheme is the evaluation scheme of the weights table: the shown
// run's (going on or finished), whose values it holds, else the form's.
func (t *TuneState) tableScheme() string {
	if t.RunID != "" {
		if s := runScheme(t.RunCfg); s != "" {
			return s
		}
	}
	return t.Cfg.Scheme
}

// runScheme is the scheme a run configuration evaluates with.
func runScheme(cfg protocol.RunConfig) string {
	if cfg.Scheme != "" {
		return cfg.Scheme
	}
	if p, err := tuner.LookupPreset(cfg.Preset); err == nil {
		return p.Problem.Scheme
	}
	return ""
}

// runFitness is the fitness a run configuration scores with.
func runFitness(cfg protocol.RunConfig) string {
	if cfg.Fitness != "" {
		return cfg.Fitness
	}
	if p, err := tuner.LookupPreset(cfg.Preset); err == nil && p.Problem.Fitness != "" {
		return p.Problem.Fitness
	}
	return "match-qs"
}

// WeightsNote says whose weights the table shows when they are not of the
// scheme in the form (a run shown, then another preset or scheme chosen).
func (c *TuneTab) WeightsNote() string {
	t := c.t()
	s := t.tableScheme()
	if t.RunID == "" || t.Cfg.Scheme == "" || s == t.Cfg.Scheme {
		return ""
	}
	if t.Active() {
		return fmt.Sprintf("The run going on (%s) is of the %s scheme: the table shows its weights; the %s scheme chosen in the form is for the next run.", t.RunID, s, t.Cfg.Scheme)
	}
	return fmt.Sprintf("The run shown (%s) is of the %s scheme: the table shows its weights, not the %s scheme chosen in the form (Reset shows those).", t.RunID, s, t.Cfg.Scheme)
}

// Tournament reports a run (or, before one, a configuration) scored by
// games between the candidates: its "training match" is the best
// candidate's share of the tournament points, not a rate of moves matched.
func (c *TuneTab) Tournament() bool {
	t := c.t()
	if t.RunID != "" {
		return runFitness(t.RunCfg) == "tournament"
	}
	return runFitness(t.Cfg) == "tournament"
}

// HasHeatmap reports a piece-square table to draw as boards.
func (c *TuneTab) HasHeatmap() bool { return c.heat != "" }

// HeatmapHTML is the selected piece-square table as boards.
func (c *TuneTab) HeatmapHTML() string { return c.heat }

// BoardHint suggests picking a group when the scheme has piece-square tables.
func (c *TuneTab) BoardHint() bool {
	return c.t().Group == "" && c.total > 100
}

func (c *TuneTab) t() *TuneState { return &c.App.Tune }

func (c *TuneTab) Start(e vugu.DOMEvent) {
	switch c.t().State {
	case protocol.StatePaused:
		c.App.control(&protocol.Resume{}, "resume")
	default:
		c.App.StartRun()
	}
}

func (c *TuneTab) Pause(e vugu.DOMEvent) { c.App.control(&protocol.Pause{}, "pause") }

func (c *TuneTab) Step(e vugu.DOMEvent) {
	if !c.t().Active() {
		a := c.App
		step := func() {
			a.StartRun()
			if a.Tune.Active() {
				// A step granted before the first generation: the worker
				// runs exactly one, then pauses (runner.Control.Step).
				a.control(&protocol.Step{}, "step")
			}
		}
		if a.Data.Loading {
			a.queueRun("One generation will run when the games are loaded (Data tab).", step)
			return
		}
		step()
		return
	}
	c.App.control(&protocol.Step{}, "step")
}

func (c *TuneTab) Stop(e vugu.DOMEvent) {
	if c.t().Queued != "" {
		c.t().Queued, c.t().queued = "", nil
		return
	}
	c.App.control(&protocol.Stop{}, "stop")
}

// Reset clears the chart and the run shown, and cancels a queued start. A
// run in progress is only discarded once confirmed (ConfirmReset): Stop
// keeps it among the finished runs, Reset does not.
func (c *TuneTab) Reset(e vugu.DOMEvent) {
	t := c.t()
	if t.Active() && !t.ConfirmReset {
		t.ConfirmReset = true
		return
	}
	c.App.resetRun()
}

// CancelReset keeps the run going.
func (c *TuneTab) CancelReset(e vugu.DOMEvent) { c.t().ConfirmReset = false }

// AskingReset reports the confirmation of a Reset during a run.
func (c *TuneTab) AskingReset() bool { return c.t().ConfirmReset && c.t().Active() }

// ResetQuestion asks whether to discard the run in progress.
func (c *TuneTab) ResetQuestion() string {
	l := c.t().Last()
	at := "before its first generation"
	if l != nil {
		at = fmt.Sprintf("at generation %d of %d", l.Generation, c.Planned())
	}
	return fmt.Sprintf("Discard the run in progress (%s)? Its chart and weights are lost and it is not kept among the finished runs; Stop ends it and keeps it.", at)
}

// resetRun stops and forgets the run (and any queued start).
func (a *App) resetRun() {
	t := &a.Tune
	t.Queued, t.queued, t.ConfirmReset = "", nil, false
	if t.Active() {
		a.control(&protocol.Stop{}, "stop")
		if !t.Native {
			a.data.Done(t.RunID)
		} else {
			clearNativeKeep(t.RunID)
		}
		if a.Resume != nil && a.Resume.ID == t.RunID {
			_ = a.saveResume(nil) // the discarded run cannot be resumed
		}
	}
	t.RunID, t.State, t.Reason, t.Err, t.History, t.Player, t.Command = "", "", "", "", nil, nil, ""
	t.RunGames = ""
}

func (c *TuneTab) RunNative(e vugu.DOMEvent) { c.App.startNative() }

// SetField updates a configuration field from an input.
func (c *TuneTab) SetField(field string, e vugu.DOMEvent) {
	v := strings.TrimSpace(e.PropString("target", "value"))
	t := c.t()
	t.Err = ""
	if !t.Active() && field != "compare" && field != "group" {
		t.Command = "" // the command line follows the settings being edited again
	}
	num := func() (int, bool) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			var in int
			switch field {
			case "population":
				in = t.Cfg.Population
			case "generations":
				in = t.Cfg.Generations
			case "workers":
				in = t.FitnessWorkers
			}
			t.Err = fmt.Sprintf("%s: %q is not a whole number ≥ 0", field, v) + refuseInput(e, itoa(in))
			return 0, false
		}
		return n, true
	}
	switch field {
	case "preset":
		t.applyPreset(v)
	case "algorithm":
		t.Cfg.Algorithm, t.Cfg.Preset, t.Cfg.Params = v, "", nil
	case "scheme":
		t.Cfg.Scheme, t.Compare, t.Group, t.Page = v, "", "", 0
		if !slices.Contains(tuner.StartChoices(v, t.fitness()), tuner.NormalizeStart(t.Cfg.Start)) {
			t.Cfg.Start = "" // a preset of another scheme
		}
	case "start":
		t.Cfg.Start = v
	case "compare":
		t.Compare = v
	case "group":
		t.Group, t.Page = v, 0
	case "population":
		if n, ok := num(); ok {
			t.Cfg.Population = n
		}
	case "generations":
		if n, ok := num(); ok {
			t.Cfg.Generations = n
		}
	case "allPositions":
		t.AllPositions = e.PropBool("target", "checked")
	case "workers":
		if n, ok := num(); ok {
			t.FitnessWorkers = min(n, 16)
		}
	case "l2":
		if v == "" {
			t.Cfg.L2 = 0
			return
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || (f < 0 && f != -1) {
			t.Err = fmt.Sprintf("L2 pull: %q is not a number ≥ 0 (or -1 for none)", v) + refuseInput(e, c.L2Value())
			return
		}
		t.Cfg.L2 = f
	case "seed":
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Err = fmt.Sprintf("seed: %q is not a whole number ≥ 0", v) + refuseInput(e, utoa(t.Cfg.Seed))
			return
		}
		t.Cfg.Seed = n
	}
}

// SetParam updates an algorithm parameter; an empty field means the default.
func (c *TuneTab) SetParam(key string, e vugu.DOMEvent) {
	t := c.t()
	v := strings.TrimSpace(e.PropString("target", "value"))
	if !t.Active() {
		t.Command = ""
	}
	if v == "" {
		delete(t.Cfg.Params, key)
		return
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		t.Err = fmt.Sprintf("%s: %q is not a number", key, v) + refuseInput(e, c.ParamValue(key))
		return
	}
	if t.Cfg.Params == nil {
		t.Cfg.Params = map[string]float64{}
	}
	t.Cfg.Params[key] = f
}

// ParamValue shows a set parameter, or "" for the default.
func (c *TuneTab) ParamValue(key string) string {
	if v, ok := c.t().Cfg.Params[key]; ok {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return ""
}

// PresetDefault is the preset's value of an algorithm parameter, shown as placeholder.
func (c *TuneTab) PresetDefault(key string) string {
	p, err := tuner.LookupPreset(c.t().Cfg.Preset)
	if err != nil {
		return "default"
	}
	b, _ := json.Marshal(p.Config)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	if v, ok := m[key]; ok {
		if f, ok := v.(float64); ok && f != 0 {
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
	}
	return "default"
}

// StartOptions lists the start vectors the scheme and fitness accept.
func (c *TuneTab) StartOptions() []option {
	t := c.t()
	def, _ := t.StartUsed()
	if t.Cfg.Start != "" {
		if p, err := tuner.LookupPreset(t.Cfg.Preset); err == nil && p.Problem.Start != "" {
			def = tuner.NormalizeStart(p.Problem.Start)
		} else {
			def = tuner.StartRandom
		}
	}
	out := []option{{Value: "", Label: "the preset's (" + def + ")"}}
	for _, s := range tuner.StartChoices(t.Cfg.Scheme, t.fitness()) {
		out = append(out, option{Value: s, Label: startLabel(s)})
	}
	return out
}

func startLabel(s string) string {
	switch {
	case s == tuner.StartRandom:
		return "random — uniform within the bounds, from the seed"
	case s == tuner.StartMaterial:
		return "material — piece values only, every other weight 0"
	case strings.HasPrefix(s, tuner.StartPreset):
		return strings.TrimPrefix(s, tuner.StartPreset) + " — a paper's published weights"
	}
	return s
}

// StartNote says which start vector the run uses and what that means for
// the comparison with the papers.
func (c *TuneTab) StartNote() string {
	s, fromPreset := c.t().StartUsed()
	src := "chosen"
	if fromPreset {
		src = "the preset's"
		if c.t().Cfg.Preset == "" {
			src = "the default"
		}
	}
	note := "The run starts from " + s + " (" + src + ")"
	if strings.HasPrefix(s, tuner.StartPreset) {
		return note + ": it sees the published weights it is compared with, so it is no longer an independent rediscovery."
	}
	return note + ": it never sees the papers' published weights."
}

func (c *TuneTab) Presets() []option    { return presetOptions() }
func (c *TuneTab) Algorithms() []option { return algorithmOptions() }
func (c *TuneTab) Schemes() []option    { return schemeOptions() }
func (c *TuneTab) Params() []rateParam  { return algorithmParams(c.t().Cfg.Algorithm) }

// UsesPopulation reports whether the Population field applies: not to
// Hooke-Jeeves, Texel's local search or Adam, which move one point.
func (c *TuneTab) UsesPopulation() bool { return c.t().usesPopulation() }

func (t *TuneState) usesPopulation() bool {
	return t.Cfg.Algorithm == "" || opt.ReadsField(t.Cfg.Algorithm, "pop")
}
func (c *TuneTab) AlgoDoc() string { return algorithmDoc(c.t().Cfg.Algorithm) }

func (c *TuneTab) PresetDoc() string {
	p, err := tuner.LookupPreset(c.t().Cfg.Preset)
	if err != nil {
		return ""
	}
	return p.Paper + ": " + p.Doc
}

// CommandLine is the exact equivalent native command.
func (c *TuneTab) CommandLine() string {
	if c.t().Command != "" {
		return c.t().Command
	}
	cfg := c.App.runConfig()
	return cfg.CommandLine()
}

// Generation is the generation counter text.
func (c *TuneTab) Generation() string {
	l := c.t().Last()
	if l == nil {
		return "0"
	}
	return itoa(l.Generation)
}

func (c *TuneTab) Planned() int {
	if l := c.t().Last(); l != nil && l.Generations > 0 {
		return l.Generations
	}
	return c.t().Cfg.Generations
}

// Percent is run progress in percent.
func (c *TuneTab) Percent() int {
	l, n := c.t().Last(), c.Planned()
	if l == nil || n <= 0 {
		return 0
	}
	return min(100, 100*l.Generation/n)
}

func (c *TuneTab) ETA() string {
	l := c.t().Last()
	if l == nil {
		return "–"
	}
	return model.Duration(l.ETAMS)
}

func (c *TuneTab) Elapsed() string {
	l := c.t().Last()
	if l == nil {
		return "–"
	}
	return model.Duration(l.ElapsedMS)
}

func (c *TuneTab) StateText() string {
	t := c.t()
	if t.Queued != "" {
		return "queued"
	}
	switch t.State {
	case "":
		return "not started"
	case protocol.StateFailed:
		return "failed"
	}
	s := t.State
	if t.Native {
		s += " natively"
	}
	if t.Reason != "" && t.State != protocol.StateRunning && t.Reason != t.State {
		s += " (" + t.Reason + ")"
	}
	return s
}

// FitnessSeries and MatchSeries feed the two charts.
func (c *TuneTab) FitnessSeries() []chart.Series {
	h := c.t().History
	best := chart.Series{Name: "best", Class: "best"}
	mean := chart.Series{Name: "mean", Class: "mean"}
	for _, p := range h {
		g := float64(p.Generation)
		best.X, best.Y = append(best.X, g), append(best.Y, p.Best)
		mean.X, mean.Y = append(mean.X, g), append(mean.Y, p.Mean)
	}
	return []chart.Series{mean, best}
}

// IsTexel reports a run (or, before one, a configuration) whose fitness is
// the Texel loss: its chart shows the loss per generation.
func (c *TuneTab) IsTexel() bool {
	t := c.t()
	if t.RunID != "" && t.RunCfg.Fitness != "" {
		return t.RunCfg.Fitness == "texel"
	}
	return t.fitness() == "texel"
}

// ConfigTexel reports a configuration (the one being edited) whose fitness
// is the Texel loss.
func (c *TuneTab) ConfigTexel() bool { return c.t().fitness() == "texel" }

// L2Value shows the run's L2 pull toward the start vector ("" = the
// preset's).
func (c *TuneTab) L2Value() string {
	if c.t().Cfg.L2 == 0 {
		return ""
	}
	return strconv.FormatFloat(c.t().Cfg.L2, 'g', -1, 64)
}

// PresetL2 is the preset's L2 pull, shown as the field's placeholder.
func (c *TuneTab) PresetL2() string {
	p, err := tuner.LookupPreset(c.t().Cfg.Preset)
	if err != nil {
		return "none"
	}
	if p.Problem.L2 == 0 {
		if p.Problem.L2Auto {
			return "auto (sized to the data)"
		}
		return "none"
	}
	return strconv.FormatFloat(p.Problem.L2, 'g', -1, 64)
}

// LossSeries feeds the Texel loss chart: the best candidate's loss on the
// training positions, on the held-out positions and (when the run keeps
// one) on the validation split, per generation.
func (c *TuneTab) LossSeries() []chart.Series {
	train := chart.Series{Name: "training loss", Class: "train"}
	test := chart.Series{Name: "held-out loss", Class: "test"}
	valid := chart.Series{Name: "validation loss", Class: "mean"}
	for _, p := range c.t().History {
		g := float64(p.Generation)
		nan := func(v float64) float64 {
			if v == 0 {
				return math.NaN()
			}
			return v
		}
		train.X, train.Y = append(train.X, g), append(train.Y, nan(p.TrainLoss))
		test.X, test.Y = append(test.X, g), append(test.Y, nan(p.TestLoss))
		valid.X, valid.Y = append(valid.X, g), append(valid.Y, nan(p.ValidLoss))
	}
	out := []chart.Series{train, test}
	if slices.ContainsFunc(valid.Y, func(v float64) bool { return !math.IsNaN(v) }) {
		out = append(out, valid)
	}
	return out
}

// HasValidation reports a validation loss in the run's history.
func (c *TuneTab) HasValidation() bool {
	return slices.ContainsFunc(c.t().History, func(p protocol.Progress) bool { return p.ValidLoss != 0 })
}

// HasMatch reports move-match rates in the history (a Texel run may not measure them).
func (c *TuneTab) HasMatch() bool {
	return !c.IsTexel() || slices.ContainsFunc(c.t().History, func(p protocol.Progress) bool { return p.TrainMatch > 0 || p.TestMatch > 0 })
}

func lossText(v float64) string {
	if v == 0 {
		return "–"
	}
	return strconv.FormatFloat(v, 'f', 5, 64)
}

func (c *TuneTab) MatchSeries() []chart.Series {
	h := c.t().History
	train := chart.Series{Name: ifs(c.Tournament(), "tournament score %", "training match %"), Class: "train"}
	test := chart.Series{Name: "held-out match %", Class: "test"}
	for _, p := range h {
		g := float64(p.Generation)
		train.X, train.Y = append(train.X, g), append(train.Y, 100*p.TrainMatch)
		tv := math.NaN()
		if p.TestMatch >= 0 {
			tv = 100 * p.TestMatch
		}
		test.X, test.Y = append(test.X, g), append(test.Y, tv)
	}
	// Carry the last measured held-out rate forward so the line is continuous.
	last := math.NaN()
	for i, v := range test.Y {
		if math.IsNaN(v) {
			test.Y[i] = last
		} else {
			last = v
		}
	}
	return []chart.Series{train, test}
}

// ComparePresets lists the paper presets of the scheme for the weights table.
func (c *TuneTab) ComparePresets() []option {
	var out []option
	for _, p := range paperPresets(c.t().tableScheme()) {
		out = append(out, option{Value: p.Name, Label: p.Name})
	}
	return out
}

func (c *TuneTab) compareWeights() []int32 {
	ps := paperPresets(c.t().tableScheme())
	if len(ps) == 0 {
		return nil
	}
	for _, p := range ps {
		if p.Name == c.t().Compare {
			return p.Weights
		}
	}
	return ps[len(ps)-1].Weights
}

func (c *TuneTab) CompareName() string {
	ps := paperPresets(c.t().tableScheme())
	if len(ps) == 0 {
		return ""
	}
	for _, p := range ps {
		if p.Name == c.t().Compare {
			return p.Name
		}
	}
	return ps[len(ps)-1].Name
}

const rowsPerPage = 40

// Rows is the visible page of the weights table.
func (c *TuneTab) Rows() []model.Row {
	rows, _ := c.pageRows()
	return rows
}

func (c *TuneTab) pageRows() ([]model.Row, int) { return c.rows, c.total }

// GroupOptions lists the parameter groups of the scheme for the filter.
func (c *TuneTab) GroupOptions() []option {
	out := []option{{Value: "", Label: "all"}}
	for _, g := range modelGroups(c.t().tableScheme()) {
		out = append(out, option{Value: g, Label: g})
	}
	return out
}

// WeightsHTML is the weights table (one innerHTML write per render).
func (c *TuneTab) WeightsHTML() string { return model.WeightsHTML(c.Rows()) }

func (c *TuneTab) PageInfo() string {
	_, total := c.pageRows()
	if total <= rowsPerPage {
		return fmt.Sprintf("%d parameters", total)
	}
	from := c.t().Page*rowsPerPage + 1
	return fmt.Sprintf("%d–%d of %d parameters", from, min(total, from+rowsPerPage-1), total)
}

func (c *TuneTab) HasPages() bool { _, total := c.pageRows(); return total > rowsPerPage }

func (c *TuneTab) PrevPage(e vugu.DOMEvent) {
	if c.t().Page > 0 {
		c.t().Page--
	}
}

func (c *TuneTab) NextPage(e vugu.DOMEvent) {
	_, total := c.pageRows()
	if (c.t().Page+1)*rowsPerPage < total {
		c.t().Page++
	}
}

// Distance is the mean distance of the evolved weights to the compared preset.
func (c *TuneTab) Distance() string {
	d, ok := model.MatchDistance(c.all)
	if !ok {
		return ""
	}
	return fmt.Sprintf("mean distance to %s: %.1f%% of each range", c.CompareName(), d)
}

func pct(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) + "%" }

func fnum(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return groupDigits(strconv.FormatFloat(f, 'f', 0, 64))
	}
	return strconv.FormatFloat(f, 'f', 2, 64)
}

func modelGroups(scheme string) []string { return model.Groups(schemeSpecs(scheme)) }

// PlayBest opens the Play tab against the run's best player.
func (c *TuneTab) PlayBest(e vugu.DOMEvent) {
	a := c.App
	if len(a.Tune.Player) > 0 {
		a.Game.Opponent = "run:" + a.Tune.RunID
		a.Game.oppPlayer = a.Tune.Player
		a.Game.OppName = "best of " + a.Tune.RunID
	}
	a.Show("play")
}

// FetchBest asks for the best player so far (to play it while the run goes on).
func (c *TuneTab) FetchBest(e vugu.DOMEvent) {
	a := c.App
	t := &a.Tune
	if t.RunID == "" || t.Native {
		return
	}
	if err := a.data.Send(t.RunID, &protocol.GetPlayer{}, func(m protocol.Message) { a.onRunMessage(t.RunID, m) }); err != nil {
		t.Err = err.Error()
	}
}

// runRow is one finished run in the Tune tab's list.
type runRow struct {
	Index     int
	Title     string
	Info      string
	When      string
	Resumable bool // cut by a reload, with its checkpoint kept
}

// FinishedRuns lists the saved runs, newest first.
func (c *TuneTab) FinishedRuns() []runRow {
	var out []runRow
	for i := len(c.App.Runs) - 1; i >= 0; i-- {
		r := c.App.Runs[i]
		row := runRow{Index: i, Title: r.Config.Scheme + " · " + ifs(r.Config.Preset != "", r.Config.Preset, r.Config.Algorithm), When: savedWhen(r.Ended), Resumable: c.App.Resumable(i)}
		if n := len(r.History); n > 0 {
			l := r.History[n-1]
			st, _ := (&TuneState{Cfg: r.Config}).StartUsed()
			held := ifs(l.TestMatch >= 0, fmt.Sprintf("%.1f%%", 100*l.TestMatch), "–")
			if runFitness(r.Config) == "tournament" {
				// The tuner counts tournament half-points as "matched".
				row.Info = fmt.Sprintf("%s after %d generations, seed %d, start %s, tournament score %.1f%% (held-out moves matched %s)", r.State, l.Generation, r.Config.Seed, st, 100*l.TrainMatch, held)
			} else {
				row.Info = fmt.Sprintf("%s after %d generations, seed %d, start %s, %.1f%% matched (held-out %s)", r.State, l.Generation, r.Config.Seed, st, 100*l.TrainMatch, held)
			}
		}
		out = append(out, row)
	}
	return out
}

// ShowRun puts a finished run back on the chart and the weights table.
func (c *TuneTab) ShowRun(i int, e vugu.DOMEvent) {
	t := c.t()
	if t.Active() || i < 0 || i >= len(c.App.Runs) {
		return
	}
	r := c.App.Runs[i]
	t.Cfg = r.Config
	t.Cfg.Data = protocol.DataConfig{}
	t.RunID, t.State, t.Reason, t.Err, t.Native = r.ID, r.State, "saved run", "", false
	t.RunCfg = r.Config
	t.History, t.Player = r.History, r.Player
	t.Command = r.Config.CommandLine()
	t.Compare, t.Group, t.Page = "", "", 0
}

// ContinuedNote says, while the form holds a shared run's settings (Share
// tab, Continue tuning) whose games are not the ones loaded, which games
// the original run used and that this run uses the loaded ones ("" otherwise).
func (c *TuneTab) ContinuedNote() string {
	a := c.App
	lr := a.Share.Run
	if lr == nil || lr.Data.Source == "" {
		return ""
	}
	src := lr.Data.Source
	d := &a.Data
	if protocol.IsBundled(src) && (protocol.IsBundled(d.Source) || d.Loading) || src == d.Source && !d.Loading {
		return "" // the same games (the bundled ones are loaded by Continue tuning)
	}
	link, form := *lr, a.Tune.Cfg
	link.Data, form.Data = protocol.DataConfig{}, protocol.DataConfig{}
	if link.CommandLine() != form.CommandLine() {
		return "" // other settings in the form now
	}
	orig := src
	if protocol.IsBundled(src) {
		orig = "the bundled games (" + protocol.BundledDataName + ")"
	}
	loaded := "the games loaded on the Data tab"
	switch {
	case d.Loading:
		loaded += " (loading now)"
	case d.Name != "":
		loaded += " (" + d.Name + ")"
	}
	how := "load " + src + " on the Data tab before you start"
	if protocol.IsBundled(src) {
		how = "load the bundled games on the Data tab before you start"
	}
	return fmt.Sprintf("These are the settings of a shared run tuned on %s, which are not loaded here: this run will use %s instead, so its generations will differ from the original's. To reproduce it, %s.", orig, loaded, how)
}

// ResumeRun resumes an interrupted run from its checkpoint.
func (c *TuneTab) ResumeRun(i int, e vugu.DOMEvent) { c.App.ResumeRun(i) }

func (c *TuneTab) DeleteRun(i int, e vugu.DOMEvent) {
	if i < 0 || i >= len(c.App.Runs) {
		return
	}
	c.App.Runs = append(c.App.Runs[:i], c.App.Runs[i+1:]...)
	c.App.saveStore()
}
