//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"
	"time"

	"github.com/evochess/evochess/ui/model"
	"github.com/evochess/evochess/wasm/protocol"
	"honnef.co/go/js/dom/v2"
)

// SavedPlayer is a player kept in localStorage: an engine/player JSON file
// with the name shown in lists.
type SavedPlayer struct {
	Name   string          `json:"name"`
	Source string          `json:"source"` // "run r-3", "share link", …
	Player json.RawMessage `json:"player"`
	Saved  int64           `json:"saved"` // Unix ms
}

// SavedRun is a finished run: its settings, per-generation history and best player.
type SavedRun struct {
	ID      string              `json:"id"`
	Config  protocol.RunConfig  `json:"config"`
	History []protocol.Progress `json:"history"`
	Player  json.RawMessage     `json:"player"`
	Ended   int64               `json:"ended"`
	State   string              `json:"state"`
}

// ResumePoint is the latest checkpoint of the active run (kept in
// localStorage as it arrives), with the chart history up to it. After a
// reload, the run saved as "interrupted" with the same ID can be resumed.
type ResumePoint struct {
	ID         string              `json:"id"`
	Config     protocol.RunConfig  `json:"config"`
	History    []protocol.Progress `json:"history"`
	Checkpoint json.RawMessage     `json:"checkpoint"`
	// Games is the digest of the games the run was tuned on
	// (protocol.Loaded.Digest; "" when kept by an earlier page).
	Games string `json:"games,omitempty"`
}

const (
	storePlayersKey = "evochess.players.v1"
	storeRunsKey    = "evochess.runs.v1"
	storeResumeKey  = "evochess.resume.v1"
	// The Compare tab's match and round robin (SavedMatch, SavedRoundRobin).
	storeMatchKey      = "evochess.match.v1"
	storeRoundRobinKey = "evochess.roundrobin.v1"
	// The Play tab's game in progress (model.KeptGame, playkeep.go).
	storePlayKey = "evochess.play.v1"
	// The native run this page follows (model.NativeKeep), so that a reload
	// or another tab follows it again.
	storeNativeKey  = "evochess.native.v1"
	maxSavedPlayers = 50
)

func storage() (js.Value, bool) {
	ls := js.Global().Get("localStorage")
	return ls, !(ls.IsUndefined() || ls.IsNull())
}

// loadStore reads saved players and runs. Corrupt entries are reported, not fatal.
func (a *App) loadStore() {
	ls, ok := storage()
	if !ok {
		return
	}
	if v := ls.Call("getItem", storePlayersKey); v.Type() == js.TypeString {
		if err := json.Unmarshal([]byte(v.String()), &a.Players); err != nil {
			a.Notice = "Saved players could not be read (" + err.Error() + "); they were left untouched."
			a.Players = nil
		}
	}
	if v := ls.Call("getItem", storeRunsKey); v.Type() == js.TypeString {
		if err := json.Unmarshal([]byte(v.String()), &a.Runs); err != nil {
			a.Runs = nil
		}
	}
	var sm *SavedMatch
	var sr *SavedRoundRobin
	if v := ls.Call("getItem", storeMatchKey); v.Type() == js.TypeString {
		var m SavedMatch
		if err := json.Unmarshal([]byte(v.String()), &m); err == nil && m.Req.Validate() == nil && m.Total > 0 {
			sm = &m
		}
	}
	if v := ls.Call("getItem", storeRoundRobinKey); v.Type() == js.TypeString {
		var r SavedRoundRobin
		if err := json.Unmarshal([]byte(v.String()), &r); err == nil && r.Req.Validate() == nil && r.Total > 0 {
			sr = &r
		}
	}
	a.Cmp.restoreKept(sm, sr)
	if v := ls.Call("getItem", storeResumeKey); v.Type() == js.TypeString {
		var rp ResumePoint
		if err := json.Unmarshal([]byte(v.String()), &rp); err == nil && len(rp.Checkpoint) > 0 {
			a.Resume = &rp
		}
	}
}

// setItem writes one localStorage entry, turning a thrown exception (a full
// quota) into an error.
func setItem(ls js.Value, key, value string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	ls.Call("setItem", key, value)
	return nil
}

// saveResume keeps rp as the resume point (nil removes it). A full quota is
// reported: the run goes on but cannot be resumed after a reload.
func (a *App) saveResume(rp *ResumePoint) error {
	a.Resume = rp
	ls, ok := storage()
	if !ok {
		return nil
	}
	if rp == nil {
		ls.Call("removeItem", storeResumeKey)
		return nil
	}
	b, err := json.Marshal(rp)
	if err != nil {
		return err
	}
	if err := setItem(ls, storeResumeKey, string(b)); err != nil {
		ls.Call("removeItem", storeResumeKey)
		a.Resume = nil
		return fmt.Errorf("the run's checkpoint (%d KB) does not fit in this browser's storage (%v); the run cannot be resumed after a reload", len(b)/1024, err)
	}
	return nil
}

// loadNativeKeep reads the kept native run; a missing, corrupted or
// other-version value is nil (and left for the next write to replace).
func loadNativeKeep() *model.NativeKeep {
	ls, ok := storage()
	if !ok {
		return nil
	}
	v := ls.Call("getItem", storeNativeKey)
	if v.Type() != js.TypeString {
		return nil
	}
	k, err := model.ParseNativeKeep(v.String())
	if err != nil {
		return nil
	}
	return k
}

// keepNative keeps the native run the Tune tab follows (its id, settings
// and history so far) in localStorage. A full quota keeps it without its
// history: the server's replay of its events fills in what it still has.
func (a *App) keepNative() {
	t := &a.Tune
	if !t.Native || !t.Active() || !model.ValidNativeRunID(t.RunID) {
		return
	}
	ls, ok := storage()
	if !ok {
		return
	}
	t.keptAt = time.Now()
	k := model.NativeKeep{V: model.NativeKeepVersion, ID: t.RunID, Config: t.RunCfg, Command: t.Command, Started: t.Started.UnixMilli(), History: t.History}
	b, err := json.Marshal(k)
	if err == nil {
		if err = setItem(ls, storeNativeKey, string(b)); err == nil {
			return
		}
	}
	k.History = nil
	if b, err = json.Marshal(k); err == nil && setItem(ls, storeNativeKey, string(b)) == nil {
		return
	}
	ls.Call("removeItem", storeNativeKey)
}

// clearNativeKeep forgets the kept native run id (it ended, or the server
// no longer has it); another run kept since (another tab's) stays.
func clearNativeKeep(id string) {
	ls, ok := storage()
	if !ok {
		return
	}
	if k := loadNativeKeep(); k != nil && k.ID != id {
		return
	}
	if v := ls.Call("getItem", storeNativeKey); v.Type() == js.TypeString {
		ls.Call("removeItem", storeNativeKey)
	}
}

// keeper is a kept match or round robin (compare_keep.go).
type keeper interface {
	stamp()
	stored() any // what goes to localStorage
}

// saveKept keeps the Compare tab's match or round robin under key (nil
// removes it). A full quota is reported once: the games go on but cannot
// be resumed after a reload.
func (a *App) saveKept(key string, v keeper) {
	ls, ok := storage()
	if !ok {
		return
	}
	if v == nil {
		ls.Call("removeItem", key)
		return
	}
	v.stamp()
	b, err := json.Marshal(v.stored())
	if err == nil {
		err = setItem(ls, key, string(b))
	}
	if err != nil {
		ls.Call("removeItem", key)
		if a.Cmp.saveErr == "" {
			a.Cmp.saveErr = fmt.Sprintf("These games (%d KB) do not fit in this browser's storage (%v): they go on but cannot be resumed after a reload.", len(b)/1024, err)
		}
	}
}

// saveStore writes players and runs; a full quota drops the oldest runs first.
func (a *App) saveStore() {
	ls, ok := storage()
	if !ok {
		return
	}
	set := func(key string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		return setItem(ls, key, string(b))
	}
	if err := set(storePlayersKey, a.Players); err != nil {
		a.Notice = "Could not save players: " + err.Error()
	}
	// When the runs do not fit, the oldest are dropped; the newest is kept
	// in any case: stored with a thinner history if it does not fit alone,
	// else shown until the page is reloaded, with a notice.
	for len(a.Runs) > 1 {
		if err := set(storeRunsKey, a.Runs); err == nil {
			return
		}
		a.Runs = a.Runs[1:]
	}
	if len(a.Runs) == 0 {
		_ = set(storeRunsKey, a.Runs)
		return
	}
	if set(storeRunsKey, a.Runs) == nil {
		return
	}
	r := a.Runs[0]
	if idx := model.ThinIndices(len(r.History), maxStoredHistory); len(idx) < len(r.History) {
		thin := r
		thin.History = make([]protocol.Progress, len(idx))
		for i, k := range idx {
			thin.History[i] = r.History[k]
		}
		if set(storeRunsKey, []SavedRun{thin}) == nil {
			a.Runs[0] = thin
			return
		}
	}
	a.Notice = "The finished run is too large for this browser's storage: it is shown until the page is reloaded " +
		"(share its player's link to keep it)."
}

// maxStoredHistory is the number of generations a finished run keeps when
// it does not fit the browser's storage with all of them (evenly spread,
// the first and the last kept: the charts stay drawn).
const maxStoredHistory = 256

// syncStore reads again the saved players and runs, which another tab of
// this browser may have changed since (they share localStorage): a list
// written from this tab's copy would otherwise drop what the other tab
// added. Called before every change of the lists, and when another tab
// writes them (the storage event, listenStore).
func (a *App) syncStore() {
	ls, ok := storage()
	if !ok {
		return
	}
	if v := ls.Call("getItem", storePlayersKey); v.Type() == js.TypeString {
		var ps []SavedPlayer
		if json.Unmarshal([]byte(v.String()), &ps) == nil {
			a.Players = ps
		}
	}
	if v := ls.Call("getItem", storeRunsKey); v.Type() == js.TypeString {
		var rs []SavedRun
		if json.Unmarshal([]byte(v.String()), &rs) == nil {
			a.Runs = rs
		}
	}
}

// listenStore follows the other tabs' changes of the saved players and
// runs, and of the resume point (a run cut in another tab; this tab's own
// run keeps its own).
func (a *App) listenStore() {
	dom.GetWindow().AddEventListener("storage", false, func(ev dom.Event) {
		key := "" // null: the storage was cleared
		if k := ev.Underlying().Get("key"); k.Type() == js.TypeString {
			key = k.String()
		}
		a.env.Lock()
		defer a.env.UnlockRender()
		switch key {
		case storePlayersKey, storeRunsKey, "": // "": the storage was cleared
			a.syncStore()
		}
		if (key == storeResumeKey || key == "") && !a.Tune.Active() {
			a.Resume = nil
			if ls, ok := storage(); ok {
				if v := ls.Call("getItem", storeResumeKey); v.Type() == js.TypeString {
					var rp ResumePoint
					if json.Unmarshal([]byte(v.String()), &rp) == nil && len(rp.Checkpoint) > 0 {
						a.Resume = &rp
					}
				}
			}
		}
	})
}

// savePlayer adds a saved player, or replaces its entry when the same
// player is saved again; another player of the same name is kept beside
// it under a numbered name, "name (2)" (model.SavedSlot).
func (a *App) savePlayer(p SavedPlayer) {
	a.syncStore()
	names := make([]string, len(a.Players))
	for i := range a.Players {
		names[i] = a.Players[i].Name
	}
	i, name := model.SavedSlot(names, func(i int) bool { return model.SamePlayer(a.Players[i].Player, p.Player) }, p.Name)
	p.Name = name
	if i >= 0 {
		a.Players[i] = p
		a.saveStore()
		return
	}
	a.Players = append(a.Players, p)
	if len(a.Players) > maxSavedPlayers {
		a.Players = a.Players[len(a.Players)-maxSavedPlayers:]
	}
	a.saveStore()
}

func (a *App) deletePlayer(i int) {
	if i < 0 || i >= len(a.Players) {
		return
	}
	a.Players = append(a.Players[:i], a.Players[i+1:]...)
	a.saveStore()
}
