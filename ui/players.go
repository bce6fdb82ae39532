//go:build js && wasm

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/evochess/evochess/internal/qr"
	"github.com/evochess/evochess/ui/model"
	"github.com/evochess/evochess/ui/share"
	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
)

// Players available to play against, share and compare: the run's best, the
// saved players, an opened share link and the papers' presets.

// playerRef is one selectable player.
type playerRef struct {
	Key    string // "run:<id>", "saved:<n>", "link", "kept", "preset:<name>", "default"
	Label  string
	Name   string
	Player json.RawMessage // nil for "default"
	Preset string          // engine/eval preset name for "preset:"
}

// playerRefs lists every player the page knows.
func (a *App) playerRefs(withDefault bool) []playerRef {
	var out []playerRef
	if withDefault {
		out = append(out, playerRef{Key: "default", Label: "default player (material only, engine defaults)", Name: "default player"})
	}
	if len(a.Tune.Player) > 0 {
		n := "best of " + a.Tune.RunID
		out = append(out, playerRef{Key: "run:" + a.Tune.RunID, Label: "evolved: " + n, Name: n, Player: a.Tune.Player})
	}
	if a.Share.Player != nil {
		from := "shared: "
		if a.Share.OpenedFile != "" {
			from = "opened file: "
		}
		out = append(out, playerRef{Key: "link", Label: from + a.Share.Summary.Name, Name: a.Share.Summary.Name, Player: a.Share.Player})
	}
	for i := len(a.Players) - 1; i >= 0; i-- {
		p := a.Players[i]
		out = append(out, playerRef{Key: "saved:" + strconv.Itoa(i), Label: "saved: " + p.Name, Name: p.Name, Player: p.Player})
	}
	// The player of the Compare tab's kept match, when the page no longer
	// knows it by its key (an evolved player of an earlier visit).
	if k := a.Cmp.match; k != nil && len(k.Req.Player.Player) > 0 && !slices.ContainsFunc(out, func(r playerRef) bool { return r.Key == k.Player }) {
		out = append(out, playerRef{Key: keptKey, Label: "kept match: " + k.Req.Player.Name, Name: k.Req.Player.Name, Player: k.Req.Player.Player})
	}
	for _, p := range evalPresets() {
		out = append(out, playerRef{Key: "preset:" + p.Name, Label: "preset: " + p.Name + " (" + p.Scheme + ")", Name: p.Name, Preset: p.Name})
	}
	return out
}

// keptKey is the key of the kept match's player (playerRefs).
const keptKey = "kept"

func (a *App) findPlayer(key string) (playerRef, bool) {
	for _, r := range a.playerRefs(true) {
		if r.Key == key {
			return r, true
		}
	}
	return playerRef{}, false
}

// playerJSON returns the engine/player file of a reference (nil for the default player).
func (r playerRef) playerJSON() (json.RawMessage, error) {
	if r.Preset != "" {
		b, err := model.PresetPlayerJSON(r.Preset)
		return b, err
	}
	return r.Player, nil
}

// opponentOptions lists the Play tab's players, with the key of the game's
// opponent among them (playOpponentKey).
func (a *App) opponentOptions() (opts []option, current string) {
	refs := a.playerRefs(true)
	current = a.playOpponentKey(refs)
	if current == thisGameKey {
		opts = append(opts, option{Value: thisGameKey, Label: "this game's player: " + a.Game.OppName})
	}
	for _, r := range refs {
		opts = append(opts, option{Value: r.Key, Label: r.Label})
	}
	return opts, current
}

// thisGameKey is the Play tab's choice for the game's opponent when no
// listed player is it any more (playOpponentKey).
const thisGameKey = "this-game"

// playOpponentKey is the key of the player the Play tab's game is against.
// A key can come to name another player while the game goes on: "link" once
// another link is opened, "saved:N" once a saved player before it is
// deleted, another tab's saves. The key chosen is kept while it still names
// the game's player; else the listed player with the same player file; else
// thisGameKey, so the list never shows a player the game is not against.
func (a *App) playOpponentKey(refs []playerRef) string {
	p := &a.Game
	same := func(r playerRef) bool {
		if r.Preset != "" || r.Key == "default" {
			return false // fixed players: known by their key alone
		}
		return bytes.Equal(r.Player, p.oppPlayer)
	}
	for _, r := range refs {
		if r.Key == p.Opponent && (r.Preset != "" || r.Key == "default" || same(r)) {
			return r.Key
		}
	}
	for _, r := range refs {
		if same(r) {
			return r.Key
		}
	}
	return thisGameKey
}

// chooseOpponent sets the Play tab's opponent.
func (a *App) chooseOpponent(key string) error {
	r, ok := a.findPlayer(key)
	if !ok {
		return fmt.Errorf("unknown player %q", key)
	}
	b, err := r.playerJSON()
	if err != nil {
		return fmt.Errorf("player %s: %w", r.Name, err)
	}
	p := &a.Game
	p.Opponent, p.OppName, p.oppPlayer = key, r.Name, b
	return nil
}

// ShareState is the Share tab: the link being built and an opened link.
type ShareState struct {
	Which   string // player key being shared
	WithRun bool
	URL     string
	Err     string
	Copied  bool

	qrFor, qrSVG, qrErr string // the QR code of the last link drawn (drawing costs tens of ms)

	// An opened link (#p=…) or player file.
	Opened     bool
	OpenedFile string // the player file's name; "" for a link
	Player     json.RawMessage
	Summary    model.Summary
	Run        *protocol.RunConfig
	LinkErr    string
	FileErr    string // why a player file was not opened
}

// openHash handles a #p=… fragment: decode, check against the registries, show the card.
func (a *App) openHash(hash string) {
	l, ok, err := share.ParseHash(hash)
	if !ok {
		return
	}
	s := &a.Share
	s.Opened, s.OpenedFile, s.Player, s.Run = true, "", nil, nil
	a.Tab = "share"
	if err != nil {
		s.LinkErr = err.Error()
		return
	}
	b, err := model.PlayerFromLink(l)
	if err != nil {
		s.LinkErr = err.Error()
		return
	}
	sum, err := model.Summarize(b)
	if err != nil {
		s.LinkErr = "share link: " + err.Error()
		return
	}
	if sum.Name == "" {
		sum.Name = "shared " + l.Scheme + " player"
	}
	s.Player, s.Summary, s.LinkErr = b, sum, ""
	if l.Run != nil {
		cfg, err := model.ConfigFromSettings(l.Run)
		if err != nil {
			s.LinkErr = err.Error()
			return
		}
		s.Run = &cfg
	}
	a.savePlayer(SavedPlayer{Name: sum.Name, Source: "share link", Player: b, Saved: time.Now().UnixMilli()})
}

// ShareTab is the Share tab component.
type ShareTab struct {
	App *App

	link string // this build's link (building one parses the player file)
}

// BeforeBuild builds the link once per render.
func (c *ShareTab) BeforeBuild() { c.link = c.buildLink() }

func (c *ShareTab) s() *ShareState { return &c.App.Share }

func (c *ShareTab) Options() []option {
	var out []option
	for _, r := range c.App.playerRefs(false) {
		out = append(out, option{Value: r.Key, Label: r.Label})
	}
	return out
}

// Current is the selected player key (the newest evolved player by default).
func (c *ShareTab) Current() string {
	opts := c.Options()
	for _, o := range opts {
		if o.Value == c.s().Which {
			return o.Value
		}
	}
	if len(opts) > 0 {
		return opts[0].Value
	}
	return ""
}

// Link is the URL for the current selection.
func (c *ShareTab) Link() string { return c.link }

// buildLink builds the URL for the current selection.
func (c *ShareTab) buildLink() string {
	s := c.s()
	r, ok := c.App.findPlayer(c.Current())
	if !ok {
		return ""
	}
	b, err := r.playerJSON()
	if err != nil || len(b) == 0 {
		s.Err = "This player cannot be shared: " + fmt.Sprint(err)
		return ""
	}
	var run map[string]string
	if s.WithRun && strings.HasPrefix(r.Key, "run:") {
		run = model.RunSettings(c.App.Tune.RunCfg)
	}
	l, err := model.LinkFromPlayerJSON(b, run)
	if err != nil {
		s.Err = err.Error()
		return ""
	}
	frag, err := share.Fragment(l)
	if err != nil {
		s.Err = err.Error()
		return ""
	}
	s.Err = ""
	loc := js.Global().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String() + "#" + frag
}

// QR returns the SVG of the link's QR code (internal/qr), drawn again only
// when the link changes, or why there is none.
func (c *ShareTab) QR(link string) (svg, why string) {
	s := c.s()
	if link == "" {
		return "", ""
	}
	if s.qrFor != link {
		s.qrFor = link
		s.qrSVG, s.qrErr = "", ""
		svg, err := qr.SVG(link)
		if err != nil {
			s.qrErr = fmt.Sprintf("No QR code: %v. Share the link as text.", err)
		} else {
			s.qrSVG = svg
		}
	}
	return s.qrSVG, s.qrErr
}

func (c *ShareTab) QRSVG() string { svg, _ := c.QR(c.Link()); return svg }
func (c *ShareTab) QRErr() string { _, why := c.QR(c.Link()); return why }

func (c *ShareTab) Select(e vugu.DOMEvent) {
	c.s().Which, c.s().Copied = e.PropString("target", "value"), false
}

func (c *ShareTab) ToggleRun(e vugu.DOMEvent) { c.s().WithRun = e.PropBool("target", "checked") }

func (c *ShareTab) Copy(e vugu.DOMEvent) {
	link := c.Link()
	nav := js.Global().Get("navigator")
	if cb := nav.Get("clipboard"); !cb.IsUndefined() {
		cb.Call("writeText", link)
	}
	c.s().Copied = true
}

func (c *ShareTab) CanRun() bool { return strings.HasPrefix(c.Current(), "run:") }

// PlayShared opens the Play tab against the opened link's player.
func (c *ShareTab) PlayShared(e vugu.DOMEvent) {
	if err := c.App.chooseOpponent("link"); err != nil {
		c.s().LinkErr = err.Error()
		return
	}
	c.App.NewGame()
	c.App.Show("play")
}

// ContinueTuning loads the link's run settings (or its scheme) into the Tune tab.
func (c *ShareTab) ContinueTuning(e vugu.DOMEvent) {
	a := c.App
	s := c.s()
	if a.Tune.Active() {
		s.LinkErr = "A run is going on; stop it first."
		return
	}
	if s.Run != nil {
		cfg := *s.Run
		a.Tune.Cfg = cfg
		a.Tune.Cfg.Data = protocol.DataConfig{}
		a.Data.Sample = cfg.Data.Sample
		switch {
		case protocol.IsBundled(cfg.Data.Source) && !protocol.IsBundled(a.Data.Source):
			a.Data.LoadBundled(a) // the teacher's run used the bundled games
		case !protocol.IsBundled(cfg.Data.Source) && cfg.Data.Source != a.Data.Source:
			a.Notice = "The link's run used " + cfg.Data.Source + ": load that file in the Data tab to reproduce it exactly."
		}
	} else {
		a.Tune.Cfg.Scheme = s.Summary.Scheme
		a.Tune.Cfg.Preset = ""
	}
	a.Tune.Compare = ""
	a.Show("tune")
}

func (c *ShareTab) Saved() []SavedPlayer { return c.App.Players }

func (c *ShareTab) Delete(i int, e vugu.DOMEvent) { c.App.deletePlayer(i) }

// Download saves a saved player as a player file (engine/player JSON), for
// `evochess match`, `uci -player`, `eval` and the rest of the command line.
func (c *ShareTab) Download(i int, e vugu.DOMEvent) {
	if i < 0 || i >= len(c.App.Players) {
		return
	}
	p := c.App.Players[i]
	downloadText(fileName(p.Name)+".json", "application/json", model.MarshalIndent(p.Player)+"\n")
}

// fileName turns a player's name into a file name.
func fileName(name string) string {
	f := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '-'
	}, name)
	if f = strings.Trim(f, "-."); f == "" {
		f = "player"
	}
	return f
}

// PickPlayerFile opens a player file (data-testid open-player-file): a
// player evolved natively (evochess tune -out) or downloaded from a page.
func (c *ShareTab) PickPlayerFile(e vugu.DOMEvent) {
	files := js.Value(e.JSEventTarget()).Get("files")
	if files.Length() == 0 {
		return
	}
	f := files.Index(0)
	js.Value(e.JSEventTarget()).Set("value", "")
	name := f.Get("name").String()
	s := c.s()
	if size := f.Get("size").Int(); size > model.MaxPlayerFile {
		s.FileErr = fmt.Sprintf("%s is %d KB: not a player file (at most %d KB).", name, size>>10, model.MaxPlayerFile>>10)
		return
	}
	a := c.App
	go func() {
		text, err := await(f.Call("text"))
		a.env.Lock()
		defer a.env.UnlockRender()
		if err != nil {
			s.FileErr = fmt.Sprintf("Could not read %s: %v", name, err)
			return
		}
		a.openPlayerFile(name, []byte(text.String()))
	}()
}

// openPlayerFile shows a player file like an opened link (play it, share
// it, submit it to the class league) and keeps it among the saved players.
func (a *App) openPlayerFile(name string, b []byte) {
	s := &a.Share
	p, sum, err := model.OpenPlayerFile(b)
	if err != nil {
		s.FileErr = fmt.Sprintf("%s: %v", name, err)
		return
	}
	if sum.Name == "" {
		sum.Name = strings.TrimSuffix(name, ".json")
	}
	s.Opened, s.OpenedFile, s.Player, s.Summary, s.Run, s.LinkErr, s.FileErr = true, name, p, sum, nil, "", ""
	a.savePlayer(SavedPlayer{Name: sum.Name, Source: "file " + name, Player: p, Saved: time.Now().UnixMilli()})
}

// OpenedTitle heads the opened player's panel.
func (c *ShareTab) OpenedTitle() string {
	if f := c.s().OpenedFile; f != "" {
		return "Opened player file " + f
	}
	return "Opened link"
}

func savedWhen(ms int64) string { return time.UnixMilli(ms).Format("2006-01-02 15:04") }

func joinTop(s []string) string { return strings.Join(s, "  ") }
