package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/evochess/evochess/tuner"
)

// Ready is sent by a worker once its Go runtime has started and its message
// handler is installed.
type Ready struct {
	Role      string `json:"role"`      // "worker"
	GoVersion string `json:"goVersion"` // runtime.Version()
}

// Error reports a failed request. Request is the type of the failed request.
type Error struct {
	Request Type   `json:"request,omitempty"`
	Message string `json:"message"`
}

// LoadData asks a worker to read games. Exactly one source: Source ==
// BundledSource (fetched from BundledPath), a URL, PGN text, or an Archive
// (a zip or gzip file of PGN, which the worker unpacks: tuner/data.Unpack;
// at most MaxArchiveText bytes of PGN). Name is the file name shown in the
// UI and used as `-data` in the rendered command line. Loading replaces any
// previously loaded games.
type LoadData struct {
	Source   string `json:"source,omitempty"`  // BundledSource or ""
	URL      string `json:"url,omitempty"`     // same-origin URL of a .pgn file
	PGN      string `json:"pgn,omitempty"`     // PGN text
	Archive  []byte `json:"archive,omitempty"` // zip or gzip bytes (base64 in JSON)
	Name     string `json:"name,omitempty"`
	MaxGames int    `json:"maxGames,omitempty"` // 0 = all
}

// MaxArchiveText is the most PGN text a LoadData archive may unpack to (the
// page's limit for a plain file too).
const MaxArchiveText = 60 << 20

// LoadProgress reports reading progress (about every 500 games).
type LoadProgress struct {
	Games   int   `json:"games"`   // games read so far
	Skipped int   `json:"skipped"` // games skipped so far
	Bytes   int64 `json:"bytes"`   // bytes consumed so far
	Total   int64 `json:"total"`   // total bytes (0 if unknown)
}

// Loaded reports the totals of a load-data request.
type Loaded struct {
	Name    string   `json:"name"`
	Games   int      `json:"games"`
	Plies   int      `json:"plies"`
	Skipped int      `json:"skipped"`
	Reasons []string `json:"reasons,omitempty"` // the first few skip reasons
	Bytes   int64    `json:"bytes"`
	// Digest is the SHA-256 (lower-case hex) of the PGN text kept (after
	// decompression and MaxGames), so the page can tell two loads of
	// different games under one name apart (a run resumed on other games).
	// Empty from workers that predate it.
	Digest string `json:"digest,omitempty"`
}

// Sample asks for training and held-out positions from the loaded games.
type Sample struct {
	Sample SampleConfig `json:"sample"`
	// Preview asks for the first Preview training positions in the reply.
	Preview int `json:"preview,omitempty"`
}

// SamplePosition is one sampled position with the move played in the game.
type SamplePosition struct {
	FEN  string `json:"fen"`
	Move string `json:"move"` // UCI
}

// Sampled reports a drawn sample: Train and Test positions drawn, of
// TrainAvailable and TestAvailable the protocol finds in the loaded games
// (before the caps), so the page can say when fewer exist than were asked.
type Sampled struct {
	Train          int              `json:"train"`
	Test           int              `json:"test"`
	TrainAvailable int              `json:"trainAvailable,omitempty"`
	TestAvailable  int              `json:"testAvailable,omitempty"`
	Preview        []SamplePosition `json:"preview,omitempty"`
}

// StartRun starts a tuning run; the envelope id names the run in every later
// message about it. A worker needs loaded games first (the run samples them as
// Config.Data.Sample says); Config.Data.Source is only used for the command line.
//
// FitnessWorkers > 0 makes the worker that runs the tuner (the coordinator)
// start that many nested dedicated workers (new Worker("worker.js") inside
// the worker), give each the same games and a fitness-setup, and split every
// generation's candidates among them with eval-batch / eval-result. 0 scores
// candidates in the coordinator itself. Results do not depend on it; where
// nested workers are unavailable the coordinator falls back to 0.
//
// Checkpoint, when set, resumes a run from a checkpoint sent earlier in a
// progress message (the tuner's checkpoint JSON): the run continues with the
// next generation and ends exactly as the uninterrupted run would. Config
// must be the run's config and the same games must be loaded.
type StartRun struct {
	Config         RunConfig       `json:"config"`
	FitnessWorkers int             `json:"fitnessWorkers,omitempty"`
	Checkpoint     json.RawMessage `json:"checkpoint,omitempty"`
}

// MaxCheckpointBytes bounds the checkpoint a progress message carries (a
// larger one is not sent) and a start-run accepts.
const MaxCheckpointBytes = 4 << 20

// Pause pauses the run named by the envelope id.
type Pause struct{}

// Resume resumes the run named by the envelope id.
type Resume struct{}

// Step runs one more generation of the paused run named by the envelope id.
type Step struct{}

// Stop ends the run named by the envelope id.
type Stop struct{}

// Run states carried by RunState.
const (
	StateRunning = "running"
	StatePaused  = "paused"
	StateStopped = "stopped" // stopped by request
	StateDone    = "done"    // finished its generations or met its stop rule
	StateFailed  = "failed"  // ended by an error (Reason says which)
)

// RunState reports a run's state.
type RunState struct {
	State       string `json:"state"`
	Reason      string `json:"reason,omitempty"`
	CommandLine string `json:"commandLine,omitempty"` // set with StateRunning at start
}

// Progress reports one finished generation of a run. Fitness values are those
// of the tuner's fitness function; TestMatch is the held-out match rate in
// [0, 1] of the best candidate (-1 if not measured this generation).
type Progress struct {
	Generation  int     `json:"generation"`
	Generations int     `json:"generations"` // planned (0 if open-ended)
	Best        float64 `json:"best"`
	Mean        float64 `json:"mean"`
	Worst       float64 `json:"worst"`
	TrainMatch  float64 `json:"trainMatch"` // best candidate's training match rate in [0, 1]
	TestMatch   float64 `json:"testMatch"`
	Evaluations int64   `json:"evaluations"` // fitness evaluations so far
	ElapsedMS   int64   `json:"elapsedMs"`
	ETAMS       int64   `json:"etaMs"` // -1 if unknown
	// TrainLoss, TestLoss and ValidLoss are the best candidate's Texel
	// losses on the training, held-out and validation positions (texel
	// fitness; 0 otherwise): the Tune tab's loss chart.
	TrainLoss float64 `json:"trainLoss,omitempty"`
	TestLoss  float64 `json:"testLoss,omitempty"`
	ValidLoss float64 `json:"validLoss,omitempty"`
	// BestWeights are the best candidate's weights by parameter name.
	BestWeights map[string]int `json:"bestWeights,omitempty"`
	// Checkpoint is the run's complete state after this generation (the
	// tuner's checkpoint JSON), sent by a worker every few seconds so a run
	// cut by a page reload can be resumed (start-run's Checkpoint); absent
	// in most progress messages and when larger than MaxCheckpointBytes.
	Checkpoint json.RawMessage `json:"checkpoint,omitempty"`
	// Timing splits the run's clock by what it was spent on (wall clock,
	// like ElapsedMS: never part of a run's result).
	Timing *RunTiming `json:"timing,omitempty"`
}

// RunTiming is where a run's time went since this worker (or server) started
// or resumed it: scoring candidates on the training positions, scoring the
// best on the held-out (and validation) positions, and re-resolving the
// training positions (recompilation); the rest of ElapsedMS is the
// optimizer's own work and the run's bookkeeping. TrainScorings counts
// candidate × training-position scorings, so TrainScorings / TrainMS is the
// fitness path's throughput (`make bench-browser`).
type RunTiming struct {
	TrainMS       int64 `json:"trainMs"`
	TrainScorings int64 `json:"trainScorings"`
	HeldOutMS     int64 `json:"heldOutMs"`
	ResolveMS     int64 `json:"resolveMs"`
	// Workers is the number of nested fitness workers scoring the training
	// positions (0: the run's own worker or goroutines).
	Workers int `json:"workers"`
}

// GetPlayer asks for the best player of the run named by the envelope id.
type GetPlayer struct{}

// PlayerFile carries a player as engine/player JSON.
type PlayerFile struct {
	Player json.RawMessage `json:"player"`
}

// FitnessSetup prepares a nested fitness worker to score candidates of a
// run: Setup is the run's tuner.Setup (JSON). The worker must have received
// the run's games (load-data) first; it then prepares the training evaluator
// exactly as the coordinator does (tuner.Prepare), so its scores are the
// coordinator's. With Shard it prepares only that share of the positions,
// training and held out (tuner.PrepareShard), and answers eval-batches with
// partial scores. Worker-internal: the page never sends it.
type FitnessSetup struct {
	Setup json.RawMessage `json:"setup"`
	Shard *Shard          `json:"shard,omitempty"`
}

// Shard names share Index of Count of a run's positions (tuner.PositionShard).
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// FitnessReady answers a fitness-setup: the training (and, for a shard,
// held-out) positions prepared.
type FitnessReady struct {
	Train  int `json:"train"`
	Test   int `json:"test,omitempty"`
	Params int `json:"params"` // weight vector length
}

// MaxBatch bounds the candidates of one eval-batch.
const MaxBatch = 100_000

// EvalBatch asks for the fitness of candidate weight vectors (in the scheme's
// parameter order).
type EvalBatch struct {
	Candidates [][]int32 `json:"candidates"`
	// HeldOut asks a shard for the candidates' partial scores on its
	// held-out positions instead of its training positions.
	HeldOut bool `json:"heldOut,omitempty"`
}

// Score is the fitness of one candidate with what it is made of:
// tuner.Score itself (one definition, its JSON the wire form): Fitness is
// maximised; Matched of Total positions for move-match fitness, Nodes for
// search fitness, Loss for Texel, Points for tournaments.
type Score = tuner.Score

// EvalResult carries one score per candidate of an eval-batch, in order.
type EvalResult struct {
	Scores []Score `json:"scores"`
}

// Search asks for a search of FEN (default: the start position) after Moves
// (UCI). Limits: Depth, MoveTimeMS and Nodes (all 0 = depth 6). Player is an
// engine/player JSON (absent: the default player).
//
// Elo, when not 0, plays at that strength level (engine/strength.ForElo:
// from strength.MinElo, about Stockfish 15.1's UCI_Elo at 100 ms per move;
// at or above strength.MaxElo() the full strength): a node budget and a
// noisy choice among the best moves. Book plays a move of the bundled
// Polyglot book (BookPath) while the position is in it, answered at once
// with BestMove.Book set. Seed seeds both choices (with the position), so
// the same request gives the same move; vary it per game for variety.
//
// MultiPV > 1 asks for that many best lines (engine/search Limits.MultiPV:
// every iteration searches the best line, then the best among the other
// moves, …): Info.MultiPV ranks each line's info and BestMove.Lines holds
// the lines of the last iteration, best first (fewer when the position has
// fewer legal moves). The lines are the full-strength search's: MultiPV > 1
// goes with neither Elo nor Book. The Play tab's "best lines" use it.
type Search struct {
	FEN        string          `json:"fen,omitempty"`
	Moves      []string        `json:"moves,omitempty"`
	Depth      int             `json:"depth,omitempty"`
	MoveTimeMS int             `json:"moveTimeMs,omitempty"`
	Nodes      int             `json:"nodes,omitempty"`
	Player     json.RawMessage `json:"player,omitempty"`
	Elo        int             `json:"elo,omitempty"`
	Book       bool            `json:"book,omitempty"`
	Seed       uint64          `json:"seed,omitempty"`
	MultiPV    int             `json:"multiPv,omitempty"`
}

// MaxMultiPV bounds Search.MultiPV (and so BestMove.Lines).
const MaxMultiPV = 16

// SearchLine is one line of a MultiPV search (BestMove.Lines): its score
// from the side to move's point of view, as BestMove's, and its moves.
type SearchLine struct {
	Score int      `json:"score"` // centipawns, side to move
	Mate  int      `json:"mate"`  // moves to mate (negative: mated), 0 if none
	PV    []string `json:"pv"`    // UCI, the line's move first
}

// StopSearch stops the search named by the envelope id.
type StopSearch struct{}

// Info reports one completed search iteration.
type Info struct {
	Depth    int      `json:"depth"`
	SelDepth int      `json:"selDepth"`
	Score    int      `json:"score"` // centipawns, side to move
	Mate     int      `json:"mate"`  // moves to mate (negative: mated), 0 if none
	Nodes    uint64   `json:"nodes"`
	TimeMS   int64    `json:"timeMs"`
	PV       []string `json:"pv"` // UCI
	// MultiPV is the line's rank (1: the best) in a Search with MultiPV >
	// 1; every iteration then reports each line in order. 0 otherwise.
	MultiPV int `json:"multiPv,omitempty"`
}

// BestMove is the final answer of a search.
type BestMove struct {
	Move   string `json:"move"` // UCI; "0000" if there is no legal move
	Ponder string `json:"ponder,omitempty"`
	Score  int    `json:"score"`
	Mate   int    `json:"mate"`
	Depth  int    `json:"depth"`
	Nodes  uint64 `json:"nodes"`
	// Book is set when Move comes from the opening book (Search.Book).
	Book bool `json:"book,omitempty"`
	// Lines are a MultiPV search's lines (Search.MultiPV > 1), best first;
	// Lines[0] is Move's. Absent otherwise.
	Lines []SearchLine `json:"lines,omitempty"`
}

// TournamentPlayer is an entrant: an engine/player JSON or the name of an
// engine/eval preset (FromPreset).
type TournamentPlayer struct {
	Name   string          `json:"name"`
	Preset string          `json:"preset,omitempty"`
	Player json.RawMessage `json:"player,omitempty"`
}

// Tournament asks for a round robin: every pair plays GamesPerPair games
// (colours alternate) from openings drawn with Seed, each move searched to
// Depth or Nodes (one of them > 0). MaxPlies adjudicates long games as draws.
// Played resumes a stopped round robin with the games an earlier run of the
// same request posted (as Match.Played).
type Tournament struct {
	Players      []TournamentPlayer `json:"players"`
	GamesPerPair int                `json:"gamesPerPair"`
	Depth        int                `json:"depth,omitempty"`
	Nodes        int                `json:"nodes,omitempty"`
	MaxPlies     int                `json:"maxPlies,omitempty"`
	Seed         uint64             `json:"seed"`
	Played       []Game             `json:"played,omitempty"`
}

// Game reports one finished tournament game.
type Game struct {
	Round  int    `json:"round"`
	White  string `json:"white"`
	Black  string `json:"black"`
	Result string `json:"result"` // "1-0", "0-1", "1/2-1/2"
	Reason string `json:"reason,omitempty"`
	Plies  int    `json:"plies"`
	PGN    string `json:"pgn,omitempty"`
	// FEN and Moves are the game itself, for a replay and its PGN: the
	// start position ("" = the initial one) and every move from it in UCI,
	// opening moves included.
	FEN   string   `json:"fen,omitempty"`
	Moves []string `json:"moves,omitempty"`
}

// Standing is one row of a tournament table.
type Standing struct {
	Name   string  `json:"name"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Points float64 `json:"points"`
	// Elo is the performance relative to the field average, with its 95% margin.
	Elo       float64 `json:"elo"`
	EloMargin float64 `json:"eloMargin"`
}

// TournamentResult reports the final standings, best first.
type TournamentResult struct {
	Standings []Standing `json:"standings"`
}

// MaxExplainPlayers bounds the players of one explain request.
const MaxExplainPlayers = 4

// Explain asks for the static evaluation of FEN (default: the start
// position) after Moves (UCI), term by term, for each of Players: an
// engine/player JSON, the name of an engine/eval preset, or neither (the
// default player).
type Explain struct {
	FEN     string          `json:"fen,omitempty"`
	Moves   []string        `json:"moves,omitempty"`
	Players []ExplainPlayer `json:"players"`
}

// ExplainPlayer is one player to explain; Name labels it in the answer.
type ExplainPlayer struct {
	Name   string          `json:"name"`
	Preset string          `json:"preset,omitempty"`
	Player json.RawMessage `json:"player,omitempty"`
}

// Explanation answers explain: the position (FEN after the moves) and one
// trace per requested player, in order.
type Explanation struct {
	FEN     string        `json:"fen"`
	Players []PlayerTrace `json:"players"`
}

// PlayerTrace is one player's evaluation of the position, from White's
// point of view: White = floorDiv(Σ Terms[i].Raw, Scale) centipawns.
type PlayerTrace struct {
	Name   string `json:"name"`
	Scheme string `json:"scheme"`
	Scale  int32  `json:"scale"`
	White  int    `json:"white"`
	// Phase is the game phase of a tapered scheme in [0, MaxPhase]
	// (MaxPhase = middlegame); both 0 for other schemes.
	Phase    int         `json:"phase,omitempty"`
	MaxPhase int         `json:"maxPhase,omitempty"`
	Terms    []TraceTerm `json:"terms"`
}

// TraceTerm is one parameter with a non-zero count (engine/eval.TermValue):
// its weight, White's and Black's counts, and its share Raw =
// Weight·(White−Black)·unit in 1/Scale centipawns.
type TraceTerm struct {
	Name   string `json:"name"`
	Group  string `json:"group,omitempty"`
	Weight int32  `json:"weight"`
	White  int32  `json:"white"`
	Black  int32  `json:"black"`
	Raw    int64  `json:"raw"`
}

// Type methods.

func (*Ready) Type() Type            { return TypeReady }
func (*Error) Type() Type            { return TypeError }
func (*LoadData) Type() Type         { return TypeLoadData }
func (*LoadProgress) Type() Type     { return TypeLoadProgress }
func (*Loaded) Type() Type           { return TypeLoaded }
func (*Sample) Type() Type           { return TypeSample }
func (*Sampled) Type() Type          { return TypeSampled }
func (*StartRun) Type() Type         { return TypeStartRun }
func (*Pause) Type() Type            { return TypePause }
func (*Resume) Type() Type           { return TypeResume }
func (*Step) Type() Type             { return TypeStep }
func (*Stop) Type() Type             { return TypeStop }
func (*RunState) Type() Type         { return TypeRunState }
func (*Progress) Type() Type         { return TypeProgress }
func (*Cluster) Type() Type          { return TypeCluster }
func (*GetPlayer) Type() Type        { return TypeGetPlayer }
func (*PlayerFile) Type() Type       { return TypePlayer }
func (*FitnessSetup) Type() Type     { return TypeFitnessSetup }
func (*FitnessReady) Type() Type     { return TypeFitnessReady }
func (*EvalBatch) Type() Type        { return TypeEvalBatch }
func (*EvalResult) Type() Type       { return TypeEvalResult }
func (*Search) Type() Type           { return TypeSearch }
func (*StopSearch) Type() Type       { return TypeStopSearch }
func (*Info) Type() Type             { return TypeInfo }
func (*BestMove) Type() Type         { return TypeBestMove }
func (*Tournament) Type() Type       { return TypeTournament }
func (*Game) Type() Type             { return TypeGame }
func (*TournamentResult) Type() Type { return TypeTournamentResult }
func (*Explain) Type() Type          { return TypeExplain }
func (*Explanation) Type() Type      { return TypeExplanation }

// Validate methods.

// Validate implements Body.
func (m *Ready) Validate() error { return nil }

// Validate implements Body.
func (m *Error) Validate() error {
	if m.Message == "" {
		return errors.New("error message is empty")
	}
	return nil
}

// Validate implements Body.
func (m *LoadData) Validate() error {
	n := 0
	if m.Source != "" {
		if m.Source != BundledSource {
			return fmt.Errorf("source %q: want %q or a url / pgn", m.Source, BundledSource)
		}
		n++
	}
	if m.URL != "" {
		n++
		if len(m.URL) > 2048 {
			return errors.New("url longer than 2048 bytes")
		}
	}
	if m.PGN != "" {
		n++
	}
	if len(m.Archive) > 0 {
		n++
	}
	if n != 1 {
		return fmt.Errorf("want exactly one of source, url, pgn, archive; got %d", n)
	}
	if len(m.Name) > 256 {
		return errors.New("name longer than 256 bytes")
	}
	return checkRange("maxGames", int64(m.MaxGames), 0, MaxGames)
}

// Validate implements Body.
func (m *LoadProgress) Validate() error {
	if m.Games < 0 || m.Skipped < 0 || m.Bytes < 0 || m.Total < 0 {
		return errors.New("negative count")
	}
	return nil
}

// Validate implements Body.
func (m *Loaded) Validate() error {
	if m.Games < 0 || m.Plies < 0 || m.Skipped < 0 || m.Bytes < 0 {
		return errors.New("negative count")
	}
	if !validDigest(m.Digest) {
		return errors.New("digest: not 64 lower-case hex digits")
	}
	return nil
}

// validDigest reports an empty digest or a SHA-256 in lower-case hex.
func validDigest(d string) bool {
	if d == "" {
		return true
	}
	if len(d) != 64 {
		return false
	}
	for _, c := range d {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Validate implements Body.
func (m *Sample) Validate() error {
	if err := m.Sample.Validate(); err != nil {
		return fmt.Errorf("sample: %w", err)
	}
	return checkRange("preview", int64(m.Preview), 0, 1000)
}

// Validate implements Body.
func (m *Sampled) Validate() error {
	if m.Train < 0 || m.Test < 0 || m.TrainAvailable < 0 || m.TestAvailable < 0 {
		return errors.New("negative count")
	}
	return nil
}

// Validate implements Body.
func (m *StartRun) Validate() error {
	if err := m.Config.Validate(); err != nil {
		return err
	}
	if len(m.Checkpoint) > MaxCheckpointBytes {
		return fmt.Errorf("checkpoint of %d bytes exceeds %d", len(m.Checkpoint), MaxCheckpointBytes)
	}
	return checkRange("fitnessWorkers", int64(m.FitnessWorkers), 0, MaxWorkers)
}

// Validate implements Body.
func (m *Pause) Validate() error { return nil }

// Validate implements Body.
func (m *Resume) Validate() error { return nil }

// Validate implements Body.
func (m *Step) Validate() error { return nil }

// Validate implements Body.
func (m *Stop) Validate() error { return nil }

// Validate implements Body.
func (m *RunState) Validate() error {
	switch m.State {
	case StateRunning, StatePaused, StateStopped, StateDone, StateFailed:
		return nil
	}
	return fmt.Errorf("unknown state %q", m.State)
}

// Validate implements Body.
func (m *Progress) Validate() error {
	if m.Generation < 0 || m.Generations < 0 || m.Evaluations < 0 {
		return errors.New("negative count")
	}
	for _, f := range []struct {
		n string
		v float64
	}{{"best", m.Best}, {"mean", m.Mean}, {"worst", m.Worst}, {"trainMatch", m.TrainMatch}, {"testMatch", m.TestMatch}} {
		if err := checkFinite(f.n, f.v); err != nil {
			return err
		}
	}
	if t := m.Timing; t != nil && (t.TrainMS < 0 || t.TrainScorings < 0 || t.HeldOutMS < 0 || t.ResolveMS < 0 || t.Workers < 0) {
		return errors.New("timing: negative value")
	}
	return nil
}

// Validate implements Body.
func (m *GetPlayer) Validate() error { return nil }

// Validate implements Body.
func (m *PlayerFile) Validate() error {
	if len(m.Player) == 0 || !json.Valid(m.Player) {
		return errors.New("player is not a JSON value")
	}
	return nil
}

// Validate implements Body.
func (m *FitnessSetup) Validate() error {
	if len(m.Setup) == 0 || !json.Valid(m.Setup) {
		return errors.New("setup is not a JSON value")
	}
	if sh := m.Shard; sh != nil && (sh.Count < 1 || sh.Count > MaxWorkers || sh.Index < 0 || sh.Index >= sh.Count) {
		return fmt.Errorf("shard %d of %d", sh.Index, sh.Count)
	}
	return nil
}

// Validate implements Body.
func (m *FitnessReady) Validate() error {
	if m.Train < 0 || m.Test < 0 || m.Params < 0 {
		return errors.New("negative count")
	}
	return nil
}

// Validate implements Body.
func (m *EvalBatch) Validate() error {
	if len(m.Candidates) == 0 {
		return errors.New("no candidates")
	}
	if len(m.Candidates) > MaxBatch {
		return fmt.Errorf("%d candidates exceed %d", len(m.Candidates), MaxBatch)
	}
	n := len(m.Candidates[0])
	for i, c := range m.Candidates {
		if len(c) == 0 || len(c) != n {
			return fmt.Errorf("candidate %d has %d weights, want %d (non-zero)", i, len(c), n)
		}
	}
	return nil
}

// Validate implements Body.
func (m *EvalResult) Validate() error {
	for i, s := range m.Scores {
		if !finite(s.Fitness) {
			return fmt.Errorf("scores[%d].fitness is not finite", i)
		}
		if !finite(s.Loss) {
			return fmt.Errorf("scores[%d].loss is not finite", i)
		}
		if !finite(s.Points) {
			return fmt.Errorf("scores[%d].points is not finite", i)
		}
		for j, g := range s.Grad {
			if !finite(g) {
				return fmt.Errorf("scores[%d].grad[%d] is not finite", i, j)
			}
		}
	}
	return nil
}

// Validate implements Body.
func (m *Search) Validate() error {
	if err := checkPosition(m.FEN, m.Moves); err != nil {
		return err
	}
	if err := checkRange("depth", int64(m.Depth), 0, 64); err != nil {
		return err
	}
	if err := checkRange("moveTimeMs", int64(m.MoveTimeMS), 0, 3_600_000); err != nil {
		return err
	}
	if err := checkRange("nodes", int64(m.Nodes), 0, 1<<40); err != nil {
		return err
	}
	if err := checkRange("elo", int64(m.Elo), 0, 5000); err != nil {
		return err
	}
	if len(m.Player) > 0 && !json.Valid(m.Player) {
		return errors.New("player is not a JSON value")
	}
	if err := checkRange("multiPv", int64(m.MultiPV), 0, MaxMultiPV); err != nil {
		return err
	}
	if m.MultiPV > 1 && (m.Elo != 0 || m.Book) {
		return errors.New("multiPv > 1 goes with neither elo nor book")
	}
	return nil
}

// Validate implements Body.
func (m *StopSearch) Validate() error { return nil }

// Validate implements Body.
func (m *Info) Validate() error {
	if m.Depth < 0 || m.SelDepth < 0 || m.TimeMS < 0 {
		return errors.New("negative count")
	}
	return checkRange("multiPv", int64(m.MultiPV), 0, MaxMultiPV)
}

// Validate implements Body.
func (m *BestMove) Validate() error {
	if len(m.Move) < 4 || len(m.Move) > 5 {
		return fmt.Errorf("move %q is not UCI", m.Move)
	}
	if len(m.Lines) > MaxMultiPV {
		return fmt.Errorf("lines: %d, want at most %d", len(m.Lines), MaxMultiPV)
	}
	for i, l := range m.Lines {
		if len(l.PV) == 0 || len(l.PV) > 256 {
			return fmt.Errorf("lines[%d]: %d moves, want 1..256", i, len(l.PV))
		}
		for j, u := range l.PV {
			if len(u) < 4 || len(u) > 5 {
				return fmt.Errorf("lines[%d].pv[%d]: %q is not UCI", i, j, u)
			}
		}
	}
	if len(m.Lines) > 0 && m.Lines[0].PV[0] != m.Move {
		return fmt.Errorf("lines[0] starts with %s, not the move %s", m.Lines[0].PV[0], m.Move)
	}
	return nil
}

// Validate implements Body.
func (m *Tournament) Validate() error {
	if len(m.Players) < 2 || len(m.Players) > 16 {
		return fmt.Errorf("%d players, want 2..16", len(m.Players))
	}
	seen := map[string]bool{}
	for i, p := range m.Players {
		if p.Name == "" || len(p.Name) > 64 {
			return fmt.Errorf("player %d: name empty or longer than 64 bytes", i)
		}
		if seen[p.Name] {
			return fmt.Errorf("player %d: duplicate name %q", i, p.Name)
		}
		seen[p.Name] = true
		hasPlayer := len(p.Player) > 0
		if hasPlayer == (p.Preset != "") {
			return fmt.Errorf("player %q: want exactly one of preset, player", p.Name)
		}
		if hasPlayer && !json.Valid(p.Player) {
			return fmt.Errorf("player %q: not a JSON value", p.Name)
		}
		if err := checkName("preset", p.Preset, true); err != nil {
			return fmt.Errorf("player %q: %w", p.Name, err)
		}
	}
	if err := checkRange("gamesPerPair", int64(m.GamesPerPair), 1, 100); err != nil {
		return err
	}
	if err := checkRange("depth", int64(m.Depth), 0, 20); err != nil {
		return err
	}
	if err := checkRange("nodes", int64(m.Nodes), 0, 10_000_000); err != nil {
		return err
	}
	if m.Depth == 0 && m.Nodes == 0 {
		return errors.New("want depth or nodes > 0")
	}
	if err := checkRange("maxPlies", int64(m.MaxPlies), 0, 1000); err != nil {
		return err
	}
	n := len(m.Players) * (len(m.Players) - 1) / 2 * m.GamesPerPair
	return checkPlayed(m.Played, n, n)
}

// checkPlayed checks the games of a resumed match or round robin: at most
// max of them, each with a result and a round in 1..rounds.
func checkPlayed(played []Game, max, rounds int) error {
	if len(played) > max {
		return fmt.Errorf("played: %d games for %d", len(played), max)
	}
	for i := range played {
		g := &played[i]
		if err := g.Validate(); err != nil {
			return fmt.Errorf("played[%d]: %w", i, err)
		}
		if g.Round < 1 || g.Round > rounds {
			return fmt.Errorf("played[%d]: round %d outside 1..%d", i, g.Round, rounds)
		}
	}
	return nil
}

// Validate implements Body.
func (m *Game) Validate() error {
	switch m.Result {
	case "1-0", "0-1", "1/2-1/2":
	default:
		return fmt.Errorf("result %q: want 1-0, 0-1 or 1/2-1/2", m.Result)
	}
	if len(m.Moves) > MaxGameMoves {
		return fmt.Errorf("moves: %d, want at most %d", len(m.Moves), MaxGameMoves)
	}
	for i, u := range m.Moves {
		if len(u) < 4 || len(u) > 5 {
			return fmt.Errorf("moves[%d]: %q is not a UCI move", i, u)
		}
	}
	return nil
}

// MaxGameMoves bounds a game message's moves.
const MaxGameMoves = 4096

// Validate implements Body.
func (m *TournamentResult) Validate() error {
	for i, s := range m.Standings {
		if !finite(s.Points) {
			return fmt.Errorf("standings[%d].points is not finite", i)
		}
		if !finite(s.Elo) {
			return fmt.Errorf("standings[%d].elo is not finite", i)
		}
		if !finite(s.EloMargin) {
			return fmt.Errorf("standings[%d].eloMargin is not finite", i)
		}
	}
	return nil
}

// Validate implements Body.
func (m *Explain) Validate() error {
	if err := checkPosition(m.FEN, m.Moves); err != nil {
		return err
	}
	if len(m.Players) < 1 || len(m.Players) > MaxExplainPlayers {
		return fmt.Errorf("%d players, want 1..%d", len(m.Players), MaxExplainPlayers)
	}
	for i, p := range m.Players {
		if len(p.Name) > 64 {
			return fmt.Errorf("player %d: name longer than 64 bytes", i)
		}
		if len(p.Player) > 0 && p.Preset != "" {
			return fmt.Errorf("player %d: want at most one of preset, player", i)
		}
		if len(p.Player) > 0 && !json.Valid(p.Player) {
			return fmt.Errorf("player %d: not a JSON value", i)
		}
		if err := checkName("preset", p.Preset, true); err != nil {
			return fmt.Errorf("player %d: %w", i, err)
		}
	}
	return nil
}

// Validate implements Body.
func (m *Explanation) Validate() error {
	if len(m.Players) > MaxExplainPlayers {
		return fmt.Errorf("%d players exceed %d", len(m.Players), MaxExplainPlayers)
	}
	for i, p := range m.Players {
		if p.Scale <= 0 {
			return fmt.Errorf("players[%d]: scale %d, want > 0", i, p.Scale)
		}
		if p.Phase < 0 || p.MaxPhase < 0 || p.Phase > p.MaxPhase {
			return fmt.Errorf("players[%d]: phase %d outside [0, %d]", i, p.Phase, p.MaxPhase)
		}
	}
	return nil
}

// checkPosition checks the FEN length and the UCI form of moves (the
// parser checks the rest where the position is built).
func checkPosition(fen string, moves []string) error {
	if len(fen) > 128 {
		return errors.New("fen longer than 128 bytes")
	}
	if len(moves) > 2048 {
		return fmt.Errorf("%d moves exceed 2048", len(moves))
	}
	for i, mv := range moves {
		if len(mv) < 4 || len(mv) > 5 {
			return fmt.Errorf("move %d %q is not UCI", i, mv)
		}
	}
	return nil
}

// Capabilities is the answer of the native server's GET /api/capabilities:
// its presence tells the UI that runs can go native (POST /api/runs with a
// RunConfig; events at /api/runs/{id}/events carry this protocol's progress,
// run-state and player messages as server-sent events).
type Capabilities struct {
	V          int      `json:"v"`
	Native     bool     `json:"native"`
	Cores      int      `json:"cores"`
	MaxRuns    int      `json:"maxRuns"`
	Running    int      `json:"running"`
	Algorithms []string `json:"algorithms,omitempty"`
	Schemes    []string `json:"schemes,omitempty"`
	Version    string   `json:"version,omitempty"` // build version
	// League is true when the server runs the class league (/api/league).
	League bool `json:"league,omitempty"`
	// Teacher is true when this client may take teacher actions (native
	// runs, league settings); Native is then true as well.
	Teacher bool `json:"teacher,omitempty"`
}

// RunCreated is the answer of POST /api/runs.
type RunCreated struct {
	ID          string `json:"id"`
	Events      string `json:"events"` // URL of the event stream
	CommandLine string `json:"commandLine"`
}

// Cluster is the work queue of a distributed native run (NATS JetStream,
// tuner/dist): worker processes heard from and their task slots, tasks
// waiting, running and done, and throughput.
type Cluster struct {
	Workers        int     `json:"workers"`
	Slots          int     `json:"slots"`
	Busy           int     `json:"busy"`
	Queued         int     `json:"queued"`
	InFlight       int     `json:"inFlight"`
	Done           int     `json:"done"`
	Redelivered    int     `json:"redelivered"`
	Refusals       int     `json:"refusals"`
	TasksPerSecond float64 `json:"tasksPerSecond"`
	// BatchTasks and BatchDone: the generation being scored.
	BatchTasks int `json:"batchTasks"`
	BatchDone  int `json:"batchDone"`
}

// Validate implements Body.
func (m *Cluster) Validate() error {
	for _, n := range []int{m.Workers, m.Slots, m.Busy, m.Queued, m.InFlight, m.Done, m.Redelivered, m.Refusals, m.BatchTasks, m.BatchDone} {
		if n < 0 {
			return errors.New("negative count")
		}
	}
	if !(m.TasksPerSecond >= 0) || math.IsInf(m.TasksPerSecond, 0) {
		return fmt.Errorf("tasksPerSecond %v", m.TasksPerSecond)
	}
	return nil
}
