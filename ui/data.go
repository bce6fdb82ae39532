//go:build js && wasm

package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/data"
	"github.com/evochess/evochess/ui/model"
	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
	vjs "github.com/vugu/vugu/js"
)

// DataState is the Data tab: which games are loaded in the tuner worker and
// how positions are sampled from them.
//
// The games loaded (Name, Source, Loaded and their sample) stay until other
// games are read: a load that fails, or reads no game, keeps them and Err
// says so.
type DataState struct {
	Name       string // shown name of the loaded games
	Source     string // RunConfig.Data.Source: "bundled" or the file name
	Loading    bool
	Pending    string // the name of the games being loaded, while Loading
	loadID     string
	Progress   protocol.LoadProgress
	Loaded     *protocol.Loaded
	Err        string
	ErrReasons []string // why the games of a load that read none were skipped (first few)

	Sample      protocol.SampleConfig
	Sampling    bool
	sampleID    string
	Sampled     *protocol.Sampled
	sampledWith protocol.SampleConfig // the settings Sampled was drawn with
	SampleErr   string
	Version     int // incremented for every successful load (a run needs a sample of the current games)

	// The paste panel: open while the user keeps it open, and its draft
	// text (a JavaScript string, never copied into Go) kept across tab
	// switches, which re-create the textarea.
	PasteOpen  bool
	pasteDraft js.Value
	DragOver   bool
	loadSeq    int // counts the loads begun (a file read in the page loads if it is still the latest)
}

func (d *DataState) init() {
	// The default preset's sample sizes (1,000 + 1,000, as every
	// move-match preset's); the Data tab's note says when the loaded games
	// give fewer (SampleNote).
	p, _ := tuner.LookupPreset(defaultPreset) // a registered name
	d.Sample = protocol.SampleConfig{Seed: 1, Train: p.Problem.Positions, Test: p.Problem.TestPositions, MinPly: data.DefaultOpeningPlies}
}

// LoadBundled loads the bundled demo games.
func (d *DataState) LoadBundled(a *App) {
	d.load(a, &protocol.LoadData{Source: protocol.BundledSource}, "gm_demo_1500.pgn (bundled)", protocol.BundledSource)
}

// loadText loads PGN text held by JavaScript (a picked or dropped file's
// text, or the paste box). The text never enters Go: the envelope is built
// with JSON.stringify and posted as is, so a 10 MB file costs the UI thread
// one string copy, not a Go round trip.
func (d *DataState) loadText(a *App, text js.Value, name string) {
	d.load(a, nil, name, name, text)
}

func (d *DataState) load(a *App, req *protocol.LoadData, name, source string, text ...js.Value) {
	if a.Tune.Active() {
		d.Err, d.ErrReasons = "Stop the running tuning run before loading other games.", nil
		return
	}
	if d.loadID != "" {
		a.data.Done(d.loadID)
	}
	id := a.nextID("load")
	d.loadSeq++
	d.loadID, d.Loading, d.Pending, d.Err, d.ErrReasons = id, true, name, "", nil
	d.Progress = protocol.LoadProgress{}
	handler := func(m protocol.Message) {
		switch b := m.Body.(type) {
		case *protocol.LoadProgress:
			d.Progress = *b
		case *protocol.Loaded:
			a.data.Done(id)
			d.Loading, d.loadID, d.Pending = false, "", ""
			if b.Games == 0 {
				// The worker keeps the games it had (runner.Session.loadData).
				why := fmt.Sprintf("No games in %s: it holds no PGN games (tags and moves)", name)
				switch {
				case b.Skipped == 1:
					why = fmt.Sprintf("No usable games in %s: its one game was skipped", name)
				case b.Skipped > 1:
					why = fmt.Sprintf("No usable games in %s: all %s were skipped", name, thousands(b.Skipped))
				}
				d.loadFailed(a, why, b.Reasons)
				return
			}
			if d.sampleID != "" { // a sample of the previous games
				a.data.Done(d.sampleID)
				d.sampleID, d.Sampling = "", false
			}
			d.Loaded, d.Name, d.Source, d.Sampled = b, name, source, nil
			d.Version++
			d.DrawSample(a)
			a.runQueued()
		case *protocol.Error:
			a.data.Done(id)
			d.Loading, d.loadID, d.Pending = false, "", ""
			d.loadFailed(a, fmt.Sprintf("Could not load %s: %s", name, model.LoadErrorText(name, b.Message)), nil)
		}
	}
	var err error
	if req != nil {
		err = a.data.Send(id, req, handler)
	} else {
		env := map[string]any{"v": protocol.Version, "type": string(protocol.TypeLoadData), "id": id,
			"data": map[string]any{"pgn": text[0], "name": name}}
		err = a.data.SendJS(id, js.Global().Get("JSON").Call("stringify", env), handler)
	}
	if err != nil {
		d.Loading, d.loadID, d.Pending = false, "", ""
		d.loadFailed(a, fmt.Sprintf("Could not load %s: %v", name, err), nil)
	}
}

// loadFailed reports a load that failed or read no game (why, without a
// final stop; reasons: why its games were skipped): the games loaded before
// stay, and the message says which. A queued run does not start (it was
// asked for with the new games).
func (d *DataState) loadFailed(a *App, why string, reasons []string) {
	d.Err, d.ErrReasons = why+". "+d.keptNote(), reasons
	if d.loadID != "" {
		return // a file refused while other games load: they go on loading
	}
	d.Loading, d.Pending = false, ""
	a.dropQueued(why + ".")
	d.redraw(a) // settings changed while the load ran
}

// keptNote says which games stay loaded after a failed load.
func (d *DataState) keptNote() string {
	if d.Loaded == nil || d.Loaded.Games == 0 {
		return "No games are loaded."
	}
	n := "games"
	if d.Loaded.Games == 1 {
		n = "game"
	}
	return fmt.Sprintf("The previous games are kept: %s, %s %s.", d.Name, thousands(d.Loaded.Games), n)
}

// failBeforeLoad reports a file refused or unreadable in the page, before
// it reaches the worker.
func (d *DataState) failBeforeLoad(a *App, why string) {
	d.loadFailed(a, why, nil)
}

// Heading is the Data summary's heading: the loaded games, or those being read.
func (d *DataState) Heading() string {
	switch {
	case d.Loading && d.Pending != "":
		return "Reading " + d.Pending + "…"
	case d.Name != "":
		return d.Name
	}
	return "No games loaded"
}

// Stale reports a sample drawn with other settings than the fields show
// (a new one is being drawn, or the settings are refused).
func (d *DataState) Stale() bool { return d.Sampled != nil && d.sampledWith != d.Sample }

// redraw draws the sample again if the settings changed since the last one,
// when the worker is free for it: not while games load, a sample is drawn
// (its callback redraws) or a run uses the worker.
func (d *DataState) redraw(a *App) {
	if d.Loaded == nil || d.Loaded.Games == 0 || d.Loading || d.Sampling || a.Tune.Active() {
		return
	}
	if d.Sampled == nil || d.Stale() {
		d.DrawSample(a)
	}
}

// DrawSample asks the worker for training and held-out positions.
func (d *DataState) DrawSample(a *App) {
	if d.Loaded == nil || d.Loaded.Games == 0 {
		d.SampleErr = "Load games first."
		return
	}
	if err := d.Sample.Validate(); err != nil {
		d.SampleErr = "Sampling settings: " + err.Error()
		return
	}
	id := a.nextID("sample")
	d.sampleID, d.Sampling, d.SampleErr = id, true, ""
	with := d.Sample
	err := a.data.Send(id, &protocol.Sample{Sample: with, Preview: 5}, func(m protocol.Message) {
		a.data.Done(id)
		d.Sampling, d.sampleID = false, ""
		switch b := m.Body.(type) {
		case *protocol.Sampled:
			d.Sampled, d.sampledWith = b, with
		case *protocol.Error:
			d.SampleErr = b.Message
		}
		// A field changed while these positions were drawn: draw again
		// with the latest settings.
		if d.Sample != with {
			d.redraw(a)
		}
	})
	if err != nil {
		d.Sampling, d.sampleID, d.SampleErr = false, "", err.Error()
	}
}

// Percent is the load progress in percent (-1 if unknown).
func (d *DataState) Percent() int {
	if d.Progress.Total <= 0 {
		return -1
	}
	return int(100 * d.Progress.Bytes / d.Progress.Total)
}

// DataTab is the Data tab component.
type DataTab struct {
	App *App
}

func (c *DataTab) d() *DataState { return &c.App.Data }

// PickFile handles the file input (data-testid load-pgn).
func (c *DataTab) PickFile(e vugu.DOMEvent) {
	files := js.Value(e.JSEventTarget()).Get("files")
	if files.Length() == 0 {
		return
	}
	c.loadFile(files.Index(0))
	js.Value(e.JSEventTarget()).Set("value", "")
}

// maxPGNBytes is the most PGN text the browser reads (the native CLI has no
// such limit).
const maxPGNBytes = 60 << 20

// maxZipBytes is the largest .zip the page sends its worker: base64 in the
// JSON message makes it a third larger, within protocol.MaxMessageBytes.
const maxZipBytes = 45 << 20

// maxUnpackDepth bounds gzip inside gzip (a .pgn.gz gzipped again).
const maxUnpackDepth = 4

// loadFile loads a picked or dropped file. What it holds decides how it is
// read, whatever its name: gzip (by its magic bytes; unpacked by the
// browser's DecompressionStream, again if it holds gzip), a zip archive (sent
// to the worker, which unpacks its .pgn files), another compressed format
// (refused with the command that unpacks it), or text. A name that promises
// gzip or zip for content that is not is refused: the file is damaged or
// misnamed.
func (c *DataTab) loadFile(f js.Value) {
	a, d := c.App, c.d()
	name := f.Get("name").String()
	lower := strings.ToLower(name)
	gzName, zipName := strings.HasSuffix(lower, ".gz"), strings.HasSuffix(lower, ".zip")
	if a.Tune.Active() {
		d.Err, d.ErrReasons = "Stop the running tuning run before loading other games.", nil
		return
	}
	if size := f.Get("size").Int(); size > maxPGNBytes {
		d.failBeforeLoad(a, fmt.Sprintf("%s is %.1f MB; the browser reads at most 60 MB (use the native `evochess tune -data %s`)", name, float64(size)/(1<<20), name))
		return
	} else if size == 0 {
		d.failBeforeLoad(a, fmt.Sprintf("%s is empty", name))
		return
	}
	// The newest request wins: a load in the worker (the bundled games at
	// start) is no longer waited for.
	if d.loadID != "" {
		a.data.Done(d.loadID)
		d.loadID = ""
	}
	d.loadSeq++
	seq := d.loadSeq
	d.Loading, d.Pending, d.Err, d.ErrReasons = true, name, "", nil
	d.Progress = protocol.LoadProgress{}
	go func() {
		why := ""
		var text js.Value
		var archive []byte
		blob := f
		for depth := 0; ; depth++ {
			head, err := readHead(blob, pgn.MagicLen)
			if err != nil {
				why = fmt.Sprintf("Could not read %s: the browser could not read the file", name)
				break
			}
			if len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b {
				unpack := js.Global().Get("DecompressionStream")
				switch {
				case unpack.Type() != js.TypeFunction:
					why = fmt.Sprintf("Could not load %s: it is gzip, which this browser cannot unpack; gunzip it and load the .pgn", name)
				case depth >= maxUnpackDepth:
					why = fmt.Sprintf("Could not load %s: it is gzip inside gzip %d times over; unpack it first", name, depth)
				}
				if why != "" {
					break
				}
				// The browser's own gzip unpacks the file as it streams; a
				// damaged or cut file fails here.
				stream := blob.Call("stream").Call("pipeThrough", unpack.New("gzip"))
				out, err := await(js.Global().Get("Response").New(stream).Call("blob"))
				if err != nil {
					why = fmt.Sprintf("Could not load %s: it is a damaged gzip file (cut short or corrupt), so it could not be unpacked", name)
					break
				}
				if size := out.Get("size").Int(); size > maxPGNBytes {
					why = fmt.Sprintf("%s unpacks to %.1f MB; the browser reads at most 60 MB (use the native `evochess tune -data %s`)", name, float64(size)/(1<<20), name)
					break
				}
				blob = out
				continue
			}
			if bytes.HasPrefix(head, []byte("PK\x03\x04")) {
				// The worker unpacks a zip (tuner/data.Unpack): the page
				// sends the archive's bytes.
				if size := blob.Get("size").Int(); size > maxZipBytes {
					why = fmt.Sprintf("%s is %.1f MB; the browser reads .zip files of at most %d MB (unzip it, or use the native `evochess tune -data %s`)", name, float64(size)/(1<<20), maxZipBytes>>20, name)
					break
				}
				buf, err := await(blob.Call("arrayBuffer"))
				if err != nil {
					why = fmt.Sprintf("Could not read %s: the browser could not read the file", name)
					break
				}
				archive = make([]byte, buf.Get("byteLength").Int())
				js.CopyBytesToGo(archive, js.Global().Get("Uint8Array").New(buf))
				break
			}
			if ce := pgn.Compressed(head); ce != nil {
				why = fmt.Sprintf("Could not load %s: %s", name, strings.ReplaceAll(ce.Error(), "FILE", name))
				break
			}
			if depth == 0 && (gzName || zipName) {
				kind := map[bool]string{true: "gzip", false: "zip"}[gzName]
				why = fmt.Sprintf("Could not unpack %s: it is not %s data (a damaged file, or plain text named .%s — rename it .pgn if it is PGN)", name, kind, map[bool]string{true: "gz", false: "zip"}[gzName])
				break
			}
			text, err = readText(blob)
			if err != nil {
				why = fmt.Sprintf("Could not read %s: the browser could not read the file", name)
			} else if size := js.Global().Get("String").New(text).Get("length").Int(); size > maxPGNBytes {
				// UTF-16 units, about bytes (a string has no properties from Go: wrap it)
				why = fmt.Sprintf("%s unpacks to %.1f MB; the browser reads at most 60 MB (use the native `evochess tune -data %s`)", name, float64(size)/(1<<20), name)
			}
			break
		}
		a.env.Lock()
		defer a.env.UnlockRender()
		if d.loadSeq != seq {
			return // another load began meanwhile
		}
		switch {
		case why != "":
			d.failBeforeLoad(a, why)
		case archive != nil:
			d.load(a, &protocol.LoadData{Archive: archive, Name: name}, name, name)
		default:
			d.loadText(a, text, name)
		}
	}()
}

// readHead returns the first n bytes of a Blob (fewer if it is shorter).
func readHead(blob js.Value, n int) ([]byte, error) {
	buf, err := await(blob.Call("slice", 0, n).Call("arrayBuffer"))
	if err != nil {
		return nil, err
	}
	b := make([]byte, buf.Get("byteLength").Int())
	js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(buf))
	return b, nil
}

// readText reads a text file: UTF-8, or UTF-16 when it starts with a
// byte-order mark (Windows PowerShell 5 writes files so: Get-Content *.pgn
// > all.pgn), decoded by the browser's TextDecoder.
func readText(f js.Value) (js.Value, error) {
	b, err := readHead(f, 2)
	if err != nil {
		return js.Value{}, err
	}
	enc := ""
	switch {
	case len(b) == 2 && b[0] == 0xff && b[1] == 0xfe:
		enc = "utf-16le"
	case len(b) == 2 && b[0] == 0xfe && b[1] == 0xff:
		enc = "utf-16be"
	default:
		return await(f.Call("text"))
	}
	buf, err := await(f.Call("arrayBuffer"))
	if err != nil {
		return js.Value{}, err
	}
	return js.Global().Get("TextDecoder").New(enc).Call("decode", buf), nil
}

// DragOver/DragLeave/Drop implement drag and drop of a PGN file.
func (c *DataTab) DragOver(e vugu.DOMEvent) {
	e.PreventDefault()
	c.d().DragOver = true
}

func (c *DataTab) DragLeave(e vugu.DOMEvent) { c.d().DragOver = false }

func (c *DataTab) Drop(e vugu.DOMEvent) {
	e.PreventDefault()
	c.d().DragOver = false
	dt := js.Value(e.JSEvent()).Get("dataTransfer")
	if dt.IsUndefined() || dt.IsNull() || dt.Get("files").Length() == 0 {
		c.d().Err = "Nothing to load: drop a .pgn file."
		return
	}
	c.loadFile(dt.Get("files").Index(0))
}

// LoadPaste loads the text of the paste box. The text stays in JavaScript:
// the envelope is built around it there (loadText). The panel stays open.
func (c *DataTab) LoadPaste(e vugu.DOMEvent) {
	ta := js.Global().Get("document").Call("getElementById", "pgn-paste")
	if ta.IsNull() {
		return
	}
	text := ta.Get("value")
	if strings.TrimSpace(text.String()) == "" {
		c.d().Err, c.d().ErrReasons = "The paste box is empty: paste PGN text (tags and moves) first.", nil
		return
	}
	c.d().loadText(c.App, text, "pasted.pgn")
}

// TogglePaste opens or closes the paste panel (its summary's click; the
// open state lives here, so a render never closes the panel by itself).
func (c *DataTab) TogglePaste(e vugu.DOMEvent) {
	e.PreventDefault()
	c.d().PasteOpen = !c.d().PasteOpen
}

// PasteInput keeps the draft of the paste box (the JavaScript string).
func (c *DataTab) PasteInput(e vugu.DOMEvent) {
	c.d().pasteDraft = js.Value(e.JSEventTarget()).Get("value")
}

// PasteCreated puts the kept draft back into a re-created paste box (after
// a tab switch).
func (c *DataTab) PasteCreated(v vjs.Value) {
	if el, d := js.Value(v), c.d(); d.pasteDraft.Type() == js.TypeString && el.Truthy() {
		el.Set("value", d.pasteDraft)
	}
}

func (c *DataTab) Bundled(e vugu.DOMEvent) { c.d().LoadBundled(c.App) }

// SetSample updates one sampling field from an input.
func (c *DataTab) SetSample(field string, e vugu.DOMEvent) {
	v := strings.TrimSpace(e.PropString("target", "value"))
	s := &c.d().Sample
	if field == "protocol" {
		s.Protocol = v
		c.redraw()
		return
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		var in string
		switch field {
		case "seed":
			in = utoa(s.Seed)
		case "train":
			in = itoa(s.Train)
		case "test":
			in = itoa(s.Test)
		case "minElo":
			in = itoa(s.MinElo)
		case "minPly":
			in = itoa(s.MinPly)
		}
		c.d().SampleErr = fmt.Sprintf("%s: %q is not a whole number ≥ 0", field, v) + refuseInput(e, in)
		return
	}
	c.d().SampleErr = ""
	prev := *s
	switch field {
	case "seed":
		s.Seed = n
	case "train":
		s.Train = int(n)
	case "test":
		s.Test = int(n)
	case "minElo":
		s.MinElo = int(n)
	case "minPly":
		s.MinPly = int(n)
	}
	if *s != prev {
		c.redraw()
	}
}

// redraw draws the sample again after a setting changed, so the counts shown
// are those a run with these settings gets: now if the worker is free, else
// when the sample being drawn is in (DrawSample), the games are read (load)
// or the Data tab is next shown (BeforeBuild).
func (c *DataTab) redraw() { c.d().redraw(c.App) }

// BeforeBuild draws the sample again when the settings changed while the
// worker was busy with a run (or a link set them): the counts shown are
// always those of the fields shown.
func (c *DataTab) BeforeBuild() {
	if d := c.d(); d.Stale() && d.SampleErr == "" {
		d.redraw(c.App)
	}
}

// SampledCount is a count of the sample for the stats (training or
// held-out), "…" while none or one of other settings is shown.
func (c *DataTab) SampledCount(train bool) string {
	d := c.d()
	if d.Sampled == nil || d.Stale() {
		return "…"
	}
	if train {
		return thousands(d.Sampled.Train)
	}
	return thousands(d.Sampled.Test)
}

func (c *DataTab) Resample(e vugu.DOMEvent) { c.d().DrawSample(c.App) }

// Protocols lists the sampling protocols offered.
func (c *DataTab) Protocols() []option { return samplingProtocols() }

func itoa(n int) string      { return strconv.Itoa(n) }
func utoa(n uint64) string   { return strconv.FormatUint(n, 10) }
func kb(n int64) string      { return fmt.Sprintf("%.0f KB", float64(n)/1024) }
func thousands(n int) string { return groupDigits(strconv.Itoa(n)) }

func groupDigits(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// SampleNote says how many positions the sampling protocol finds in the
// loaded games and how many a run will use, for each split: when fewer
// exist than asked for (the bundled games give 312 David-protocol training
// positions, not 1,000), the run uses what there is.
func (c *DataTab) SampleNote() string {
	d := c.d()
	s := d.Sampled
	if s == nil || d.Loaded == nil {
		return ""
	}
	part := func(what string, asked, used, avail int) string {
		switch {
		case asked > 0 && avail < asked:
			return fmt.Sprintf("%s: %s asked, only %s in these games — the run uses %s", what, thousands(asked), thousands(avail), thousands(used))
		case asked > 0:
			return fmt.Sprintf("%s: %s available, the run uses %s as asked", what, thousands(avail), thousands(used))
		}
		return fmt.Sprintf("%s: %s available, the run uses all %s", what, thousands(avail), thousands(used))
	}
	note := part("Training positions", d.sampledWith.Train, s.Train, s.TrainAvailable) + ". " +
		part("Held-out positions", d.sampledWith.Test, s.Test, s.TestAvailable) + "."
	if t := &c.App.Tune; t.AllPositions && t.fitness() == "texel" {
		note += " The Tune tab's Texel run does not sample: it uses every position of the training games after the opening."
	}
	return note
}

// Fewer reports a sample smaller than asked for (the protocol's filters and
// the number of games limit it).
func (c *DataTab) Fewer() bool {
	d := c.d()
	s := d.Sampled
	return s != nil && (d.sampledWith.Train > 0 && s.Train < d.sampledWith.Train || d.sampledWith.Test > 0 && s.Test < d.sampledWith.Test)
}

// FewerHint suggests how to get more positions.
func (c *DataTab) FewerHint() string {
	if c.d().sampledWith.Protocol == "all" {
		return "Load more games (or lower the filters) for more."
	}
	return "Load more games, or choose the \"all\" protocol (every position after the opening), for more."
}
