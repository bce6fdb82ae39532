//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/evochess/evochess/internal/qr"
	"github.com/evochess/evochess/ui/model"
	"github.com/evochess/evochess/ui/share"
	"github.com/evochess/evochess/wasm/protocol"
	"github.com/vugu/vugu"
)

// The League tab: the class league of `evochess serve` (server/league,
// API in wasm/protocol/league.go). The page reads GET /api/league once,
// then follows /api/league/events (one LeagueState per change) for as long
// as it is open; submissions, teacher actions and game replays are fetches.

// LeagueUI is the League tab's state.
type LeagueUI struct {
	Probed bool                 // GET /api/league answered (or failed)
	Info   *protocol.LeagueInfo // nil: no league on this server (a static host)
	Live   bool                 // the event stream is connected
	es     js.Value

	Name       string
	Choice     string // a playerRef key, or "paste"
	Submitting bool
	Msg, Err   string
	Mine       map[int64]bool // entries submitted from this page

	Replay    *leagueReplay
	ReplayErr string

	// The teacher's form, filled from the settings when first shown.
	Form         protocol.LeagueSettings
	ByTime       bool
	formLoaded   bool
	ConfirmReset bool
	ResetAll     bool
	TeacherMsg   string
	TeacherErr   string

	qrURL, qrSVG string
}

// leagueReplay is a game shown on the board, stepped through ply by ply.
type leagueReplay struct {
	Game protocol.LeagueGame
	*replay
}

const storeLeagueMineKey = "evochess.league.mine.v1"

// leagueRoute shows the League tab for the #league address.
func (a *App) leagueRoute(hash string) {
	if hash == "#league" {
		a.Tab = "league"
	}
}

// startLeague asks the server for the league and follows its events.
// Called with the lock held.
func (a *App) startLeague() {
	s := &a.League
	s.Mine = map[int64]bool{}
	if ls, ok := storage(); ok {
		if v := ls.Call("getItem", storeLeagueMineKey); v.Type() == js.TypeString {
			var ids []int64
			if json.Unmarshal([]byte(v.String()), &ids) == nil {
				for _, id := range ids {
					s.Mine[id] = true
				}
			}
		}
	}
	go a.refreshLeague()
}

// refreshLeague reads GET /api/league (state, teacher, join address) and
// opens the event stream on the first success.
func (a *App) refreshLeague() {
	status, text, err := fetchText("GET", "api/league", "")
	a.env.Lock()
	defer a.env.UnlockRender()
	s := &a.League
	s.Probed = true
	if err != nil || status != 200 {
		return
	}
	var info protocol.LeagueInfo
	if json.Unmarshal([]byte(text), &info) != nil {
		return
	}
	if s.Info != nil && s.Info.State.Seq > info.State.Seq {
		info.State = s.Info.State // the stream is ahead
	}
	s.Info = &info
	if s.es.IsUndefined() || s.es.IsNull() {
		a.followLeague()
	}
}

// followLeague subscribes to the league's server-sent events. EventSource
// reconnects by itself (a server restart included).
func (a *App) followLeague() {
	s := &a.League
	es := js.Global().Get("EventSource").New("api/league/events")
	s.es = es
	es.Call("addEventListener", "message", js.FuncOf(func(this js.Value, args []js.Value) any {
		var st protocol.LeagueState
		if err := json.Unmarshal([]byte(args[0].Get("data").String()), &st); err != nil {
			return nil
		}
		// Paced like worker messages (App.scheduleRender): a busy league
		// never takes the main thread from a run going on in this page.
		a.env.Lock()
		defer a.env.UnlockOnly()
		s.Live = true
		if s.Info == nil {
			s.Info = &protocol.LeagueInfo{}
		}
		s.Info.State = st
		a.scheduleRender()
		return nil
	}))
	es.Call("addEventListener", "error", js.FuncOf(func(this js.Value, args []js.Value) any {
		a.env.Lock()
		defer a.env.UnlockRender()
		s.Live = false
		return nil
	}))
}

// LeagueTab is the League tab component.
type LeagueTab struct {
	App *App
}

func (c *LeagueTab) s() *LeagueUI { return &c.App.League }

// Available reports whether this server runs a league.
func (c *LeagueTab) Available() bool { return c.s().Info != nil }

func (c *LeagueTab) St() *protocol.LeagueState { return &c.s().Info.State }

func (c *LeagueTab) Teacher() bool { return c.s().Info != nil && c.s().Info.Teacher }

func (c *LeagueTab) JoinURL() string {
	if c.s().Info == nil {
		return ""
	}
	return c.s().Info.JoinURL
}

// QRFull is the same QR code for the full-screen leaderboard (an island
// of its own: an island is drawn in one place).
func (c *LeagueTab) QRFull() string {
	c.QR()
	return c.App.island("league-qr-fs", c.s().qrSVG)
}

// FullScreen shows the leaderboard alone on the whole screen (the
// Fullscreen API; a projector's view, with the join QR code), or leaves
// full screen.
func (c *LeagueTab) FullScreen(e vugu.DOMEvent) {
	doc := js.Global().Get("document")
	if fs := doc.Get("fullscreenElement"); fs.Truthy() {
		doc.Call("exitFullscreen")
		return
	}
	el := doc.Call("querySelector", `[data-testid="league-leaderboard"]`)
	if el.IsNull() || el.Get("requestFullscreen").IsUndefined() {
		c.s().Err = "This browser cannot show the leaderboard full screen."
		return
	}
	var failed js.Func
	failed = js.FuncOf(func(this js.Value, args []js.Value) any {
		failed.Release()
		c.App.env.Lock()
		c.s().Err = "This browser refused to show the leaderboard full screen."
		c.App.env.UnlockRender()
		return nil
	})
	el.Call("requestFullscreen").Call("catch", failed)
}

// QR returns the island id of the join address's QR code.
func (c *LeagueTab) QR() string {
	s := c.s()
	if u := c.JoinURL(); u != s.qrURL {
		s.qrURL, s.qrSVG = u, ""
		if svg, err := qr.SVG(u); err == nil {
			s.qrSVG = svg
		}
	}
	return c.App.island("league-qr", s.qrSVG)
}

// Choices lists the players a student may submit, and pasting a link.
func (c *LeagueTab) Choices() []option {
	var out []option
	for _, r := range c.App.playerRefs(false) {
		out = append(out, option{Value: r.Key, Label: r.Label})
	}
	return append(out, option{Value: "paste", Label: "a share link (paste it below)"})
}

// Choice is the selected player key (the newest evolved or opened player by default).
func (c *LeagueTab) Choice() string {
	opts := c.Choices()
	for _, o := range opts {
		if o.Value == c.s().Choice {
			return o.Value
		}
	}
	return opts[0].Value
}

func (c *LeagueTab) SetChoice(e vugu.DOMEvent) { c.s().Choice = e.PropString("target", "value") }

func (c *LeagueTab) SetName(e vugu.DOMEvent) { c.s().Name = e.PropString("target", "value") }

// chooseForLeague preselects a player (the Share tab's "Submit to class league").
func (a *App) chooseForLeague(key string) {
	a.League.Choice, a.League.Msg, a.League.Err = key, "", ""
	a.Show("league")
}

// Submit posts the chosen player under the typed name.
func (c *LeagueTab) Submit(e vugu.DOMEvent) {
	a, s := c.App, c.s()
	name, err := protocol.CleanLeagueName(s.Name)
	if err != nil {
		s.Err, s.Msg = "Your "+err.Error(), ""
		return
	}
	var player json.RawMessage
	if c.Choice() == "paste" {
		text := strings.TrimSpace(js.Global().Get("document").Call("getElementById", "league-link").Get("value").String())
		if player, err = playerFromLinkText(text); err != nil {
			s.Err, s.Msg = err.Error(), ""
			return
		}
	} else {
		r, ok := a.findPlayer(c.Choice())
		if !ok {
			s.Err = "Choose a player first."
			return
		}
		if player, err = r.playerJSON(); err != nil || len(player) == 0 {
			s.Err = fmt.Sprintf("This player cannot be submitted: %v", err)
			return
		}
	}
	body, _ := json.Marshal(protocol.LeagueSubmit{Name: name, Player: player})
	s.Submitting, s.Err, s.Msg = true, "", ""
	go func() {
		status, text, err := fetchText("POST", "api/league/entries", string(body))
		a.env.Lock()
		defer a.env.UnlockRender()
		s.Submitting = false
		if err != nil {
			s.Err = "Submit: " + err.Error()
			return
		}
		if status != 201 {
			s.Err = apiErrorText(status, text)
			return
		}
		var res protocol.LeagueSubmitted
		json.Unmarshal([]byte(text), &res)
		s.Mine[res.ID] = true
		a.saveLeagueMine()
		s.Msg = fmt.Sprintf("%s is in the league: its games start at once (new players play first).", res.Name)
	}()
}

// playerFromLinkText decodes a pasted share link (the whole address or its #p=… part).
func playerFromLinkText(text string) (json.RawMessage, error) {
	if text == "" {
		return nil, fmt.Errorf("Paste a share link (…#p=…) first.")
	}
	l, ok, err := share.ParseLink(text)
	if !ok {
		return nil, fmt.Errorf("That is not a share link: it has no #p= part.")
	}
	if err != nil {
		return nil, err
	}
	return model.PlayerFromLink(l)
}

func (a *App) saveLeagueMine() {
	ls, ok := storage()
	if !ok {
		return
	}
	ids := make([]int64, 0, len(a.League.Mine))
	for id := range a.League.Mine {
		ids = append(ids, id)
	}
	b, _ := json.Marshal(ids)
	setItem(ls, storeLeagueMineKey, string(b))
}

// apiErrorText turns a refusal {"error": …, "status": N} into a sentence.
func apiErrorText(status int, text string) string {
	var e struct {
		Error string `json:"error"`
	}
	if json.Unmarshal([]byte(text), &e) == nil && e.Error != "" {
		msg := e.Error
		for _, p := range []string{"league: ", "serve: "} {
			msg = strings.TrimPrefix(msg, p)
		}
		if status < 500 && msg != "" {
			// The server's sentence says what to do; the status adds nothing for a student.
			return strings.ToUpper(msg[:1]) + msg[1:]
		}
		return fmt.Sprintf("Refused (HTTP %d): %s", status, msg)
	}
	return fmt.Sprintf("Refused (HTTP %d)", status)
}

// Standings rows.

func (c *LeagueTab) RowClass(st protocol.LeagueStanding) string {
	if c.s().Mine[st.ID] {
		return "mine"
	}
	return ""
}

func leagueElo(st protocol.LeagueStanding) string {
	if !st.Rated {
		return "—"
	}
	return signedElo(st.Elo) + fmt.Sprintf(" ± %.0f", st.EloMargin)
}

// Status is the line under the leaderboard's title.
func (c *LeagueTab) Status() string {
	st := c.St()
	parts := []string{fmt.Sprintf("%d of %d games played", st.Games, st.Scheduled)}
	if st.Paused {
		parts = append(parts, "paused by the teacher")
	} else if n := len(st.Playing); n > 0 {
		parts = append(parts, fmt.Sprintf("%d playing now", n))
	} else if st.Games >= st.Scheduled && len(st.Standings) >= 2 {
		parts = append(parts, "waiting for new players")
	}
	parts = append(parts, st.Settings.Describe())
	return strings.Join(parts, " · ")
}

func (c *LeagueTab) Percent() int {
	st := c.St()
	if st.Scheduled == 0 {
		return 0
	}
	return min(100, 100*st.Games/st.Scheduled)
}

func (c *LeagueTab) Playing() string {
	var out []string
	for _, p := range c.St().Playing {
		out = append(out, p.White+" – "+p.Black)
	}
	return strings.Join(out, ", ")
}

func gameLine(g protocol.LeagueGameSummary) string {
	return fmt.Sprintf("%s %s %s", g.White, resultText(g.Result), g.Black)
}

func resultText(r string) string {
	if r == "1/2-1/2" {
		return "½–½"
	}
	return strings.ReplaceAll(r, "-", "–")
}

func gameIDText(id int64) string { return strconv.FormatInt(id, 10) }

// Replay.

// Open loads a game for the replay board.
func (c *LeagueTab) Open(id int64, e vugu.DOMEvent) {
	a, s := c.App, c.s()
	s.ReplayErr = ""
	go func() {
		status, text, err := fetchText("GET", "api/league/games/"+strconv.FormatInt(id, 10), "")
		a.env.Lock()
		defer a.env.UnlockRender()
		if err != nil || status != 200 {
			s.ReplayErr = "Game " + strconv.FormatInt(id, 10) + ": " + apiErrorText(status, text)
			return
		}
		var g protocol.LeagueGame
		if err := json.Unmarshal([]byte(text), &g); err != nil {
			s.ReplayErr = "Game: " + err.Error()
			return
		}
		r, _, err := newReplay(fmt.Sprintf("Game %d", g.ID), g.StartFEN, g.Moves)
		if err != nil {
			s.ReplayErr = err.Error()
			return
		}
		s.Replay = &leagueReplay{Game: g, replay: r}
	}()
}

func (c *LeagueTab) First(e vugu.DOMEvent) { c.s().Replay.first() }
func (c *LeagueTab) Prev(e vugu.DOMEvent)  { c.s().Replay.prev() }
func (c *LeagueTab) Next(e vugu.DOMEvent)  { c.s().Replay.next() }
func (c *LeagueTab) Last(e vugu.DOMEvent)  { c.s().Replay.last() }
func (c *LeagueTab) Flip(e vugu.DOMEvent)  { c.s().Replay.flip() }
func (c *LeagueTab) Close(e vugu.DOMEvent) { c.s().Replay = nil }

func (c *LeagueTab) View() *PlayState { return &c.s().Replay.view }

// PlyText describes the replay position: "ply 12 of 87 — 6… Nf6".
func (c *LeagueTab) PlyText() string { return c.s().Replay.plyText() }

func (c *LeagueTab) ReplayTitle() string {
	g := c.s().Replay.Game
	return fmt.Sprintf("%s – %s  %s", g.White, g.Black, resultText(g.Result))
}

func (c *LeagueTab) ReplayDetail() string {
	g := c.s().Replay.Game
	parts := []string{g.Termination}
	if g.Opening != "" {
		parts = append(parts, "opening "+g.Opening)
	}
	if g.Limits != "" {
		parts = append(parts, g.Limits)
	}
	return strings.Join(parts, " · ")
}

func (c *LeagueTab) PGNURL() string {
	return "api/league/games/" + strconv.FormatInt(c.s().Replay.Game.ID, 10) + "/pgn"
}

// Teacher actions.

// FormSettings returns the teacher form, filled from the league's settings once.
func (c *LeagueTab) FormSettings() *protocol.LeagueSettings {
	s := c.s()
	if !s.formLoaded && s.Info != nil {
		s.Form, s.formLoaded = s.Info.State.Settings, true
		s.ByTime = s.Form.MoveTimeMs > 0
		if s.Form.Depth == 0 {
			s.Form.Depth = 3
		}
		if s.Form.MoveTimeMs == 0 {
			s.Form.MoveTimeMs = 100
		}
	}
	return &s.Form
}

func (c *LeagueTab) SetForm(field string, e vugu.DOMEvent) {
	s := c.s()
	f := c.FormSettings()
	if field == "mode" {
		s.ByTime = e.PropString("target", "value") == "time"
		return
	}
	v := strings.TrimSpace(e.PropString("target", "value"))
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		var in int
		switch field {
		case "depth":
			in = f.Depth
		case "movetime":
			in = f.MoveTimeMs
		case "games":
			in = f.GamesPerPair
		}
		s.TeacherErr, s.TeacherMsg = fmt.Sprintf("%s: %q is not a whole number ≥ 0", model.LeagueFieldName(field), v)+refuseInput(e, itoa(in)), ""
		return
	}
	s.TeacherErr = ""
	switch field {
	case "depth":
		f.Depth = n
	case "movetime":
		f.MoveTimeMs = n
	case "games":
		f.GamesPerPair = n
	}
}

// teacherPost posts a teacher action and reports the outcome.
func (c *LeagueTab) teacherPost(method, path, body, done string) {
	a, s := c.App, c.s()
	s.TeacherErr, s.TeacherMsg = "", ""
	go func() {
		status, text, err := fetchText(method, path, body)
		a.env.Lock()
		defer a.env.UnlockRender()
		switch {
		case err != nil:
			s.TeacherErr = err.Error()
		case status >= 300:
			s.TeacherErr = apiErrorText(status, text)
		default:
			s.TeacherMsg = done
		}
	}()
}

func (c *LeagueTab) ApplySettings(e vugu.DOMEvent) {
	f := *c.FormSettings()
	if c.s().ByTime {
		f.Depth = 0
	} else {
		f.MoveTimeMs = 0
	}
	if why := model.LeagueSettingsText(f); why != "" {
		c.s().TeacherErr, c.s().TeacherMsg = why, ""
		return
	}
	b, _ := json.Marshal(f)
	c.teacherPost("POST", "api/league/settings", string(b), "Settings applied to the next games: "+f.Describe()+".")
}

func (c *LeagueTab) TogglePause(e vugu.DOMEvent) {
	if c.St().Paused {
		c.teacherPost("POST", "api/league/resume", "{}", "Resumed.")
	} else {
		c.teacherPost("POST", "api/league/pause", "{}", "Paused: the games in progress stop and are replayed on resume.")
	}
}

func (c *LeagueTab) Remove(id int64, e vugu.DOMEvent) {
	c.teacherPost("DELETE", "api/league/entries/"+strconv.FormatInt(id, 10), "{}", "Entry removed.")
}

func (c *LeagueTab) AskReset(e vugu.DOMEvent)    { c.s().ConfirmReset = true }
func (c *LeagueTab) CancelReset(e vugu.DOMEvent) { c.s().ConfirmReset = false }
func (c *LeagueTab) ToggleResetAll(e vugu.DOMEvent) {
	c.s().ResetAll = e.PropBool("target", "checked")
}

func (c *LeagueTab) Reset(e vugu.DOMEvent) {
	s := c.s()
	s.ConfirmReset = false
	b, _ := json.Marshal(protocol.LeagueReset{Entries: s.ResetAll})
	msg := "Standings reset: every pair plays again."
	if s.ResetAll {
		msg = "League emptied: every entry withdrawn."
	}
	s.Replay = nil
	c.teacherPost("POST", "api/league/reset", string(b), msg)
}

func (c *LeagueTab) Updated() string {
	if !c.s().Live {
		return "reconnecting…"
	}
	return "live"
}
