//go:build js && wasm

package main

import (
	"fmt"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
)

// DataState is the Data tab: which games are loaded in the tuner worker and
// how positions are sampled from them.
type DataState struct {
	Name     string // shown name of the loaded games
	Source   string // RunConfig.Data.Source: "bundled" or the file name
	Loading  bool
	loadID   string
	Progress protocol.LoadProgress
	Loaded   *protocol.Loaded
	Err      string

	Sample      protocol.SampleConfig
	Sampling    bool
	Sampled     *protocol.Sampled
	sampledWith protocol.SampleConfig // the settings Sampled was drawn with
	SampleErr   string
	Version     int // incremented for every successful load (a run needs a sample of the current games)

	Paste    string
	DragOver bool
}

func (d *DataState) init() {
	d.Sample = protocol.SampleConfig{Seed: 1, Train: 1000, Test: 500, MinPly: 12}
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
		d.Err = "Stop the running tuning run before loading other games."
		return
	}
	if d.loadID != "" {
		a.data.Done(d.loadID)
	}
	id := a.nextID("load")
	d.loadID, d.Loading, d.Err, d.Name, d.Loaded, d.Sampled = id, true, "", name, nil, nil
	d.Progress = protocol.LoadProgress{}
	handler := func(m protocol.Message) {
		switch b := m.Body.(type) {
		case *protocol.LoadProgress:
			d.Progress = *b
		case *protocol.Loaded:
			a.data.Done(id)
			d.Loading, d.loadID = false, ""
			d.Loaded = b
			d.Source = source
			d.Version++
			if b.Games == 0 {
				d.Err = fmt.Sprintf("No usable games in %s: every game was skipped.", name)
				a.dropQueued(d.Err)
				return
			}
			d.DrawSample(a)
			a.runQueued()
		case *protocol.Error:
			a.data.Done(id)
			d.Loading, d.loadID = false, ""
			d.Err = fmt.Sprintf("Could not load %s: %s", name, b.Message)
			a.dropQueued(d.Err)
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
		d.Loading, d.Err = false, err.Error()
		a.dropQueued(d.Err)
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
	d.Sampling, d.SampleErr = true, ""
	with := d.Sample
	err := a.data.Send(id, &protocol.Sample{Sample: with, Preview: 5}, func(m protocol.Message) {
		a.data.Done(id)
		d.Sampling = false
		switch b := m.Body.(type) {
		case *protocol.Sampled:
			d.Sampled, d.sampledWith = b, with
		case *protocol.Error:
			d.SampleErr = b.Message
		}
	})
	if err != nil {
		d.Sampling, d.SampleErr = false, err.Error()
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

func (c *DataTab) loadFile(f js.Value) {
	name := f.Get("name").String()
	lower := strings.ToLower(name)
	gz, zipped := strings.HasSuffix(lower, ".gz"), strings.HasSuffix(lower, ".zip")
	if !gz && !zipped && !strings.HasSuffix(lower, ".pgn") && !strings.HasSuffix(lower, ".txt") {
		c.d().Err = fmt.Sprintf("%s: expected a PGN file (.pgn, gzipped .pgn.gz, or a .zip of .pgn files).", name)
		return
	}
	unpack := js.Global().Get("DecompressionStream")
	if gz && unpack.Type() != js.TypeFunction {
		c.d().Err = fmt.Sprintf("%s: this browser cannot unpack gzip; gunzip it and load the .pgn.", name)
		return
	}
	if size := f.Get("size").Int(); size > maxPGNBytes {
		c.d().Err = fmt.Sprintf("%s is %.1f MB; the browser reads at most 60 MB (use the native `evochess tune -data %s`).", name, float64(size)/(1<<20), name)
		return
	} else if size == 0 {
		c.d().Err = fmt.Sprintf("%s is empty.", name)
		return
	} else if zipped && size > maxZipBytes {
		c.d().Err = fmt.Sprintf("%s is %.1f MB; the browser reads .zip files of at most %d MB (unzip it, or use the native `evochess tune -data %s`).", name, float64(size)/(1<<20), maxZipBytes>>20, name)
		return
	}
	a, d := c.App, c.d()
	d.Loading, d.Err, d.Name = true, "", name
	if zipped {
		// The worker unpacks a zip (tuner/data.Unpack): the page sends
		// the archive's bytes.
		go func() {
			buf, err := await(f.Call("arrayBuffer"))
			a.env.Lock()
			defer a.env.UnlockRender()
			d.Loading = false
			if err != nil {
				d.Err = fmt.Sprintf("Could not read %s: %v", name, err)
				a.dropQueued(d.Err)
				return
			}
			b := make([]byte, buf.Get("byteLength").Int())
			js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(buf))
			d.load(a, &protocol.LoadData{Archive: b, Name: name}, name, name)
		}()
		return
	}
	go func() {
		var text js.Value
		var err error
		if gz {
			// The browser's own gzip (DecompressionStream) unpacks the file
			// as it streams; a file that is not gzip fails here.
			stream := f.Call("stream").Call("pipeThrough", unpack.New("gzip"))
			text, err = await(js.Global().Get("Response").New(stream).Call("text"))
		} else {
			text, err = readText(f)
		}
		a.env.Lock()
		defer a.env.UnlockRender()
		d.Loading = false
		size := 0 // UTF-16 units, about bytes (a string has no properties from Go: wrap it)
		if err == nil {
			size = js.Global().Get("String").New(text).Get("length").Int()
		}
		switch {
		case err != nil && gz:
			d.Err = fmt.Sprintf("Could not unpack %s (is it gzip?): %v", name, err)
		case err != nil:
			d.Err = fmt.Sprintf("Could not read %s: %v", name, err)
		case size > maxPGNBytes:
			d.Err = fmt.Sprintf("%s unpacks to %.1f MB; the browser reads at most 60 MB (use the native `evochess tune -data %s`).", name, float64(size)/(1<<20), name)
		}
		if d.Err != "" {
			a.dropQueued(d.Err)
			return
		}
		d.loadText(a, text, name)
	}()
}

// readText reads a text file: UTF-8, or UTF-16 when it starts with a
// byte-order mark (Windows PowerShell 5 writes files so: Get-Content *.pgn
// > all.pgn), decoded by the browser's TextDecoder.
func readText(f js.Value) (js.Value, error) {
	head, err := await(f.Call("slice", 0, 2).Call("arrayBuffer"))
	if err != nil {
		return js.Value{}, err
	}
	b := make([]byte, head.Get("byteLength").Int())
	js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(head))
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
// it becomes a Blob URL the worker fetches.
func (c *DataTab) LoadPaste(e vugu.DOMEvent) {
	ta := js.Global().Get("document").Call("getElementById", "pgn-paste")
	if ta.IsNull() {
		return
	}
	text := ta.Get("value")
	if strings.TrimSpace(text.String()) == "" {
		c.d().Err = "The paste box is empty: paste PGN text (tags and moves) first."
		return
	}
	c.d().loadText(c.App, text, "pasted.pgn")
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
	c.redraw()
}

// redraw draws the sample again after a setting changed, so the counts shown
// are those a run with these settings gets (not while a run uses the worker).
func (c *DataTab) redraw() {
	d := c.d()
	if d.Loaded != nil && !d.Loading && !d.Sampling && !c.App.Tune.Active() {
		d.DrawSample(c.App)
	}
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

// sampledTrain and sampledTest tolerate nil: template arguments are evaluated eagerly.
func sampledTrain(s *protocol.Sampled) int {
	if s == nil {
		return 0
	}
	return s.Train
}

func sampledTest(s *protocol.Sampled) int {
	if s == nil {
		return 0
	}
	return s.Test
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
