// Package protocol is the one typed, versioned message protocol spoken between
// the playground UI, its Web Workers (wasm/worker) and the native server
// (`evochess serve`). It is pure Go with no build tags, so it is tested natively.
//
// # Wire format
//
// Every message is one JSON object (the envelope):
//
//	{"v": 1, "type": "start-run", "id": "run-1", "data": { … }}
//
// v is Version; type names the payload (the Type constants); id correlates a
// request with its replies (a reply carries the id of the request it answers;
// a run's progress events carry the run's id); data is the payload struct for
// that type. Encode builds an envelope from a Body; Decode parses and validates
// one, returning a clear error (never a panic) for malformed input: bad JSON,
// a wrong version, an unknown type, unknown fields or out-of-range values.
// Messages cross postMessage as JSON strings; the server's server-sent events
// carry the same JSON, one envelope per event. The fitness messages a split
// run sends every generation (eval-batch, eval-result) take a fast path
// (fast.go): written by append functions and read by a parser of exactly
// that form, with the same bytes and the same decisions as encoding/json,
// which the parser falls back to for anything else.
//
// # Conversations
//
// Page → worker requests and the replies they get (id echoed):
//
//	load-data    → load-progress…, loaded            (PGN text, a URL or the bundled set)
//	sample       → sampled                           (training / held-out positions)
//	start-run    → run-state(running), progress…, run-state(done|stopped), player
//	pause, resume, step, stop (id = the run's id) → run-state
//	get-player   → player                            (best player so far)
//	search       → info…, bestmove                   (play: FEN + moves, depth/time, player; multiPv: the best lines)
//	stop-search  → bestmove of the running search
//	tournament   → game…, tournament-result          (Compare tab)
//	explain      → explanation                       (Play tab: evaluation term by term, per player)
//	match        → game…, match-result…              (Compare tab: one player against each opponent; Elo, pentanomial, SPRT)
//
// Any request may instead get an error message with the same id. A worker
// announces itself with ready once its Go runtime runs.
//
// Split fitness (worker-internal): a start-run with fitnessWorkers = n makes
// the worker start n nested workers and send each load-data (its games) and
// fitness-setup (the run's tuner.Setup) → fitness-ready, then per generation
// eval-batch (a slice of the candidates) → eval-result. The page only chooses
// n (navigator.hardwareConcurrency is a good default; 0 scores in-process).
//
// Native runs (`evochess serve`): GET /api/capabilities → Capabilities;
// POST /api/runs with a RunConfig → RunCreated; the events URL streams the
// run's run-state, progress and player messages as unnamed server-sent
// events (data = one envelope); POST /api/runs/{id}/stop|pause|resume|step;
// GET /api/runs/{id}/player.
//
// # Files
//
//   - protocol.go: envelope, Type constants, Encode/Decode, validation helpers.
//   - messages.go: the payload structs and their Validate methods.
//   - league.go: the class league's HTTP API types (plain JSON, not
//     envelopes): state, standings, games, submissions, settings.
//   - config.go: RunConfig, the run configuration shared by the worker, the
//     server's native runs and the CLI (`evochess tune`), its flags and the
//     rendering of the equivalent command line (RunConfig.CommandLine).
package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
)

// Version is the protocol version carried in every envelope's v field. It is
// raised on any incompatible change; Decode rejects other versions.
const Version = 1

// MaxMessageBytes bounds one encoded message (a PGN text for load-data is the
// largest: the 20,000-game training set is 13.9 MB).
const MaxMessageBytes = 64 << 20

// Type names a message payload.
type Type string

// Message types. Requests flow page → worker (or page → server); the others
// flow back.
const (
	// TypeReady is sent by a worker once its Go runtime has started.
	TypeReady Type = "ready"
	// TypeError reports a failed request (id echoed) or an unsolicited failure.
	TypeError Type = "error"

	// TypeLoadData asks a worker to read games (PGN text, a URL or the bundled set).
	TypeLoadData Type = "load-data"
	// TypeLoadProgress reports reading progress.
	TypeLoadProgress Type = "load-progress"
	// TypeLoaded reports the totals once all games are read.
	TypeLoaded Type = "loaded"

	// TypeSample asks for training and held-out positions to be drawn from the loaded games.
	TypeSample Type = "sample"
	// TypeSampled reports the drawn sample.
	TypeSampled Type = "sampled"

	// TypeStartRun starts a tuning run; the message id becomes the run's id.
	TypeStartRun Type = "start-run"
	// TypePause pauses the run named by id after the current evaluation.
	TypePause Type = "pause"
	// TypeResume resumes a paused run.
	TypeResume Type = "resume"
	// TypeStep runs one generation of a paused run, then pauses again.
	TypeStep Type = "step"
	// TypeStop ends the run; its best player stays available.
	TypeStop Type = "stop"
	// TypeRunState reports a run's state changes.
	TypeRunState Type = "run-state"
	// TypeProgress reports one finished generation.
	TypeProgress Type = "progress"
	// TypeCluster reports the work queue of a distributed native run
	// (evochess serve -distributed): workers, tasks, throughput.
	TypeCluster Type = "cluster"
	// TypeGetPlayer asks for the best player of the run named by id.
	TypeGetPlayer Type = "get-player"
	// TypePlayer carries a player file (engine/player JSON).
	TypePlayer Type = "player"

	// TypeFitnessSetup prepares a fitness worker: scheme, fitness and the
	// sample to compile (it must have loaded the same games).
	TypeFitnessSetup Type = "fitness-setup"
	// TypeFitnessReady reports a compiled fitness sample.
	TypeFitnessReady Type = "fitness-ready"
	// TypeEvalBatch asks a fitness worker to score candidate weight vectors.
	TypeEvalBatch Type = "eval-batch"
	// TypeEvalResult carries the scores of an eval-batch.
	TypeEvalResult Type = "eval-result"

	// TypeSearch asks for a search of a position (play).
	TypeSearch Type = "search"
	// TypeStopSearch stops the running search; it still answers with bestmove.
	TypeStopSearch Type = "stop-search"
	// TypeInfo reports search progress (one completed iteration).
	TypeInfo Type = "info"
	// TypeBestMove is the final answer of a search.
	TypeBestMove Type = "bestmove"

	// TypeTournament asks for a small round-robin tournament between players.
	TypeTournament Type = "tournament"
	// TypeGame reports one finished tournament game.
	TypeGame Type = "game"
	// TypeTournamentResult reports the final standings.
	TypeTournamentResult Type = "tournament-result"

	// TypeExplain asks for a position's static evaluation term by term, for
	// one or more players (the Play tab's explanation; `evochess eval -trace`).
	TypeExplain Type = "explain"
	// TypeExplanation answers explain.
	TypeExplanation Type = "explanation"

	// TypeMatch asks for one player to play each of several opponents (Compare tab).
	TypeMatch Type = "match"
	// TypeMatchResult reports a match's standing per opponent (after every game, and at the end).
	TypeMatchResult Type = "match-result"
)

// Types lists every message type, in the order above.
func Types() []Type {
	return []Type{
		TypeReady, TypeError,
		TypeLoadData, TypeLoadProgress, TypeLoaded,
		TypeSample, TypeSampled,
		TypeStartRun, TypePause, TypeResume, TypeStep, TypeStop, TypeRunState, TypeProgress, TypeCluster,
		TypeGetPlayer, TypePlayer,
		TypeFitnessSetup, TypeFitnessReady, TypeEvalBatch, TypeEvalResult,
		TypeSearch, TypeStopSearch, TypeInfo, TypeBestMove,
		TypeTournament, TypeGame, TypeTournamentResult,
		TypeExplain, TypeExplanation,
		TypeMatch, TypeMatchResult,
	}
}

// newBody returns a new zero payload for t, or nil if t is unknown.
func newBody(t Type) Body {
	switch t {
	case TypeReady:
		return &Ready{}
	case TypeError:
		return &Error{}
	case TypeLoadData:
		return &LoadData{}
	case TypeLoadProgress:
		return &LoadProgress{}
	case TypeLoaded:
		return &Loaded{}
	case TypeSample:
		return &Sample{}
	case TypeSampled:
		return &Sampled{}
	case TypeStartRun:
		return &StartRun{}
	case TypePause:
		return &Pause{}
	case TypeResume:
		return &Resume{}
	case TypeStep:
		return &Step{}
	case TypeStop:
		return &Stop{}
	case TypeRunState:
		return &RunState{}
	case TypeProgress:
		return &Progress{}
	case TypeCluster:
		return &Cluster{}
	case TypeGetPlayer:
		return &GetPlayer{}
	case TypePlayer:
		return &PlayerFile{}
	case TypeFitnessSetup:
		return &FitnessSetup{}
	case TypeFitnessReady:
		return &FitnessReady{}
	case TypeEvalBatch:
		return &EvalBatch{}
	case TypeEvalResult:
		return &EvalResult{}
	case TypeSearch:
		return &Search{}
	case TypeStopSearch:
		return &StopSearch{}
	case TypeInfo:
		return &Info{}
	case TypeBestMove:
		return &BestMove{}
	case TypeTournament:
		return &Tournament{}
	case TypeGame:
		return &Game{}
	case TypeTournamentResult:
		return &TournamentResult{}
	case TypeExplain:
		return &Explain{}
	case TypeExplanation:
		return &Explanation{}
	case TypeMatch:
		return &Match{}
	case TypeMatchResult:
		return &MatchResult{}
	}
	return nil
}

// Body is a message payload: one of the structs in messages.go.
type Body interface {
	// Type returns the message type this payload travels under.
	Type() Type
	// Validate reports the first invalid field, if any.
	Validate() error
}

// Message is a decoded envelope.
type Message struct {
	V    int    // protocol version (always Version after a successful Decode)
	Type Type   // payload type
	ID   string // correlation id ("" allowed for unsolicited messages)
	Body Body   // the payload; its concrete type matches Type
}

// envelope is the JSON shape of a message.
type envelope struct {
	V    int             `json:"v"`
	Type Type            `json:"type"`
	ID   string          `json:"id,omitempty"`
	Data json.RawMessage `json:"data,omitempty"`
}

// MaxIDLen bounds the id field.
const MaxIDLen = 128

// Encode validates body and returns the JSON envelope {v, type, id, data}.
func Encode(id string, body Body) ([]byte, error) {
	if body == nil {
		return nil, errors.New("protocol: encode: nil body")
	}
	if err := checkID(id); err != nil {
		return nil, fmt.Errorf("protocol: encode %s: %w", body.Type(), err)
	}
	if err := body.Validate(); err != nil {
		return nil, fmt.Errorf("protocol: encode %s: %w", body.Type(), err)
	}
	data, ok := appendBody(nil, body) // the fitness messages (fast.go)
	if !ok {
		var err error
		if data, err = json.Marshal(body); err != nil {
			return nil, fmt.Errorf("protocol: encode %s: %w", body.Type(), err)
		}
	}
	out := appendEnvelope(make([]byte, 0, len(data)+64+len(id)), body.Type(), id, data)
	if len(out) > MaxMessageBytes {
		return nil, fmt.Errorf("protocol: encode %s: message of %d bytes exceeds %d", body.Type(), len(out), MaxMessageBytes)
	}
	return out, nil
}

// MustEncode is Encode for bodies built by the program itself (not from
// input); it panics on error, which is a programming mistake.
func MustEncode(id string, body Body) []byte {
	b, err := Encode(id, body)
	if err != nil {
		panic(err)
	}
	return b
}

// Decode parses and validates one message. Unknown fields, a wrong version,
// an unknown type and invalid values are errors.
func Decode(b []byte) (Message, error) {
	if len(b) > MaxMessageBytes {
		return Message{}, fmt.Errorf("protocol: decode: message of %d bytes exceeds %d", len(b), MaxMessageBytes)
	}
	if m, ok := decodeFast(b); ok { // the fitness messages in Encode's form (fast.go)
		if err := checkID(m.ID); err != nil {
			return Message{}, fmt.Errorf("protocol: decode %q: %w", m.Type, err)
		}
		if err := m.Body.Validate(); err != nil {
			return Message{}, fmt.Errorf("protocol: decode %s: %w", m.Type, err)
		}
		return m, nil
	}
	return decodeStrict(b)
}

// decodeStrict is Decode through encoding/json, for every form of every
// message.
func decodeStrict(b []byte) (Message, error) {
	var env envelope
	if err := strictUnmarshal(b, &env); err != nil {
		return Message{}, fmt.Errorf("protocol: decode envelope: %w", err)
	}
	if env.V != Version {
		return Message{}, fmt.Errorf("protocol: decode: version %d, want %d", env.V, Version)
	}
	if err := checkID(env.ID); err != nil {
		return Message{}, fmt.Errorf("protocol: decode %q: %w", env.Type, err)
	}
	body := newBody(env.Type)
	if body == nil {
		return Message{}, fmt.Errorf("protocol: decode: unknown message type %q", env.Type)
	}
	data := env.Data
	if len(bytes.TrimSpace(data)) == 0 || string(bytes.TrimSpace(data)) == "null" {
		data = []byte("{}")
	}
	if err := strictUnmarshal(data, body); err != nil {
		return Message{}, fmt.Errorf("protocol: decode %s data: %w", env.Type, err)
	}
	if err := body.Validate(); err != nil {
		return Message{}, fmt.Errorf("protocol: decode %s: %w", env.Type, err)
	}
	return Message{V: env.V, Type: env.Type, ID: env.ID, Body: body}, nil
}

// DecodeString is Decode for a string (what postMessage delivers).
func DecodeString(s string) (Message, error) { return Decode([]byte(s)) }

// strictUnmarshal decodes exactly one JSON value into v, rejecting unknown
// fields and trailing data.
func strictUnmarshal(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("trailing data after JSON value")
	}
	return nil
}

func checkID(id string) error {
	if len(id) > MaxIDLen {
		return fmt.Errorf("id of %d bytes exceeds %d", len(id), MaxIDLen)
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; c < 0x20 || c == 0x7f {
			return fmt.Errorf("id has control character at byte %d", i)
		}
	}
	return nil
}

// checkRange reports an error naming field when v is outside [lo, hi].
func checkRange(field string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return fmt.Errorf("%s = %d outside [%d, %d]", field, v, lo, hi)
	}
	return nil
}

// checkFinite reports an error naming field when v is NaN or infinite.
// finite reports whether v is neither NaN nor infinite (validation of
// repeated fields tests it first and formats the field's name only for the
// error: formatting every name of every score cost more than the decoding
// in WebAssembly).
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func checkFinite(field string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%s is not finite", field)
	}
	return nil
}

// checkName reports an error when s is not a short identifier of letters,
// digits and -_.+ (algorithm, scheme, preset, fitness and protocol names).
func checkName(field, s string, optional bool) error {
	if s == "" {
		if optional {
			return nil
		}
		return fmt.Errorf("%s is empty", field)
	}
	if len(s) > 64 {
		return fmt.Errorf("%s %q longer than 64 bytes", field, s[:64])
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '+') {
			return fmt.Errorf("%s %q: character %q not allowed", field, s, c)
		}
	}
	return nil
}
