// Package player reads and writes player files: the JSON description of one
// evochess player, i.e. an evaluation scheme (engine/eval) with its weights
// by parameter name, the selective-search parameters (engine/search, David
// et al. Table I) by name, and the provenance of the values (which
// algorithm, preset, seed, generation, fitness and dataset produced them).
//
// File format (version 1), written by Save with two-space indentation and
// weights and search parameters in registry order:
//
//	{
//	  "version": 1,
//	  "name": "vp-exploitation",
//	  "scheme": "vazquez29",
//	  "weights": { "PawnValue": 100, "KnightValue": 302, … },
//	  "search": { "NullMoveUse": 1, … },
//	  "provenance": { "algorithm": "hooke-jeeves", "preset": "…", "seed": 7,
//	                  "generation": 200, "fitness": 483, "dataset": "sha256:…",
//	                  "date": "2026-11-22T01:00:00Z", "note": "…" }
//	}
//
// Rules (player.go): "version" must be 1; "scheme" must name a registered
// scheme; every weight name must be one of the scheme's parameters and its
// value within the parameter's bounds; weights the file leaves out take the
// scheme's default (its reference preset), so a file may list only the
// weights it changes. "search" is optional: missing search parameters take
// engine/search's "default" preset. Unknown fields are errors (they are
// usually typos). Errors name the field, and malformed JSON reports the byte
// offset, line and column. Load never panics on any input (FuzzLoad).
package player

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"time"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/search"
)

// Version is the player file format version Save writes and Load accepts.
const Version = 1

// MaxFileSize bounds what Load reads (a phoenix640 file is about 20 KB).
const MaxFileSize = 4 << 20

// Player is one player: an evaluation scheme with named weights, search
// parameters and provenance.
type Player struct {
	Version    int            `json:"version"`
	Name       string         `json:"name,omitempty"`
	Scheme     string         `json:"scheme"`
	Weights    map[string]int `json:"weights"`
	Search     map[string]int `json:"search,omitempty"`
	Provenance Provenance     `json:"provenance"`
}

// Provenance records where a player's values come from.
type Provenance struct {
	Algorithm  string  `json:"algorithm,omitempty"`  // e.g. "ep", "ga", "hooke-jeeves", "preset"
	Preset     string  `json:"preset,omitempty"`     // eval preset the run started from
	Seed       uint64  `json:"seed,omitempty"`       // seed of the run
	Generation int     `json:"generation,omitempty"` // generation the player was taken from
	Fitness    float64 `json:"fitness,omitempty"`    // fitness in the run's own unit
	Dataset    string  `json:"dataset,omitempty"`    // digest of the training data, e.g. "sha256:…"
	Date       string  `json:"date,omitempty"`       // RFC 3339 time or YYYY-MM-DD
	Note       string  `json:"note,omitempty"`       // free text
}

// Load reads a player file (see the package documentation for the rules),
// fills in default weights and search parameters, and validates it.
func Load(r io.Reader) (*Player, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("player: read: %w", err)
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("player: file larger than %d bytes", MaxFileSize)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Player
	if err := dec.Decode(&p); err != nil {
		return nil, jsonError(data, err)
	}
	if tok, err := dec.Token(); err != io.EOF {
		off := dec.InputOffset()
		if err != nil {
			return nil, fmt.Errorf("player: malformed JSON after the object at offset %d (%s): %v", off, lineCol(data, off), err)
		}
		return nil, fmt.Errorf("player: unexpected data %v after the object at offset %d (%s)", tok, off, lineCol(data, off))
	}
	if err := p.complete(); err != nil {
		return nil, err
	}
	return &p, nil
}

// jsonError turns a decoding error into one naming the offset or field.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Errorf("player: malformed JSON at offset %d (%s): %v", syn.Offset, lineCol(data, syn.Offset), syn)
	case errors.As(err, &typ):
		return fmt.Errorf("player: field %q: got JSON %s, want %s (offset %d, %s)", typ.Field, typ.Value, typ.Type, typ.Offset, lineCol(data, typ.Offset))
	case errors.Is(err, io.EOF):
		return fmt.Errorf("player: empty file")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("player: malformed JSON: unexpected end of file at offset %d (%s)", len(data), lineCol(data, int64(len(data))))
	}
	return fmt.Errorf("player: %v", err)
}

// lineCol returns "line L, column C" (1-based) of byte offset off in data.
func lineCol(data []byte, off int64) string {
	off = min(max(off, 0), int64(len(data)))
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	col := off - int64(bytes.LastIndexByte(data[:off], '\n'))
	return fmt.Sprintf("line %d, column %d", line, col)
}

// complete validates p and fills in missing weights and search parameters.
func (p *Player) complete() error {
	if err := p.validateHeader(); err != nil {
		return err
	}
	s, _ := eval.Lookup(p.Scheme) // checked by validateHeader
	specs := s.Params()
	if err := checkNames("weights", p.Weights, specs, s.Name()); err != nil {
		return err
	}
	full := make(map[string]int, len(specs))
	for _, sp := range specs {
		v, ok := p.Weights[sp.Name]
		if !ok {
			v = sp.Default
		}
		if v < sp.Min || v > sp.Max {
			return fmt.Errorf("player: weights: %s = %d outside [%d, %d] (scheme %s)", sp.Name, v, sp.Min, sp.Max, s.Name())
		}
		full[sp.Name] = v
	}
	sp, err := search.ParamsFromMap(search.DefaultParams(), p.Search)
	if err != nil {
		return fmt.Errorf("player: search: %w", err)
	}
	p.Weights = full
	p.Search = sp.Map()
	return nil
}

// checkNames reports the first (in sorted order) name of m that specs lack.
func checkNames(field string, m map[string]int, specs []param.Spec, scheme string) error {
	names := make([]string, 0, len(m))
	for n := range m {
		if param.Index(specs, n) < 0 {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil
	}
	sort.Strings(names)
	return fmt.Errorf("player: %s: unknown weight %q for scheme %s", field, names[0], scheme)
}

func (p *Player) validateHeader() error {
	switch {
	case p.Version == 0:
		return fmt.Errorf("player: version: missing (want %d)", Version)
	case p.Version != Version:
		return fmt.Errorf("player: version: %d not supported (want %d)", p.Version, Version)
	case p.Scheme == "":
		return fmt.Errorf("player: scheme: missing")
	}
	if _, err := eval.Lookup(p.Scheme); err != nil {
		return fmt.Errorf("player: scheme: %w", err)
	}
	if d := p.Provenance.Date; d != "" {
		if _, err := time.Parse(time.RFC3339, d); err != nil {
			if _, err2 := time.Parse(time.DateOnly, d); err2 != nil {
				return fmt.Errorf("player: provenance.date: %q is neither RFC 3339 nor YYYY-MM-DD", d)
			}
		}
	}
	return nil
}

// Validate checks p as Load would, without changing it: version, scheme,
// weight names and bounds (missing weights allowed), search parameters.
func (p *Player) Validate() error {
	q := *p
	return q.complete()
}

// Save writes p as an indented JSON player file with weights and search
// parameters in registry order (missing ones written with their defaults).
// The output is stable: the same player always gives the same bytes.
func (p *Player) Save(w io.Writer) error {
	q := *p
	if err := q.complete(); err != nil {
		return err
	}
	s, _ := eval.Lookup(q.Scheme)
	var b bytes.Buffer
	b.WriteString("{\n")
	fmt.Fprintf(&b, "  \"version\": %d,\n", q.Version)
	if q.Name != "" {
		fmt.Fprintf(&b, "  \"name\": %s,\n", quote(q.Name))
	}
	fmt.Fprintf(&b, "  \"scheme\": %s,\n", quote(q.Scheme))
	writeOrdered(&b, "weights", s.Params(), q.Weights)
	b.WriteString(",\n")
	writeOrdered(&b, "search", search.AllParamSpecs(), q.Search)
	b.WriteString(",\n")
	prov, err := json.MarshalIndent(q.Provenance, "  ", "  ")
	if err != nil {
		return fmt.Errorf("player: encode provenance: %w", err)
	}
	fmt.Fprintf(&b, "  \"provenance\": %s\n}\n", prov)
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("player: write: %w", err)
	}
	return nil
}

func quote(s string) string {
	j, _ := json.Marshal(s) // strings always marshal
	return string(j)
}

func writeOrdered(b *bytes.Buffer, field string, specs []param.Spec, m map[string]int) {
	fmt.Fprintf(b, "  %q: {", field)
	for i, sp := range specs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, "\n    %s: %s", quote(sp.Name), strconv.Itoa(m[sp.Name]))
	}
	b.WriteString("\n  }")
}

// FromPreset returns a player with the weights of the eval preset called
// name (eval.LookupPreset) and engine/search's default parameters.
func FromPreset(name string) (*Player, error) {
	pr, err := eval.LookupPreset(name)
	if err != nil {
		return nil, fmt.Errorf("player: %w", err)
	}
	p, err := FromVector(pr.Scheme, pr.Weights, search.DefaultParams())
	if err != nil {
		return nil, err
	}
	p.Name = name
	p.Provenance = Provenance{Algorithm: "preset", Preset: name, Note: pr.Doc}
	return p, nil
}

// FromVector returns a player of scheme with weight vector w (in the
// scheme's parameter order) and search parameters sp. It checks the length
// and bounds of w and sp.
func FromVector(scheme string, w []int32, sp search.Params) (*Player, error) {
	s, err := eval.Lookup(scheme)
	if err != nil {
		return nil, fmt.Errorf("player: %w", err)
	}
	if err := eval.Validate(s, w); err != nil {
		return nil, fmt.Errorf("player: %w", err)
	}
	if err := sp.Validate(); err != nil {
		return nil, fmt.Errorf("player: %w", err)
	}
	weights := make(map[string]int, len(w))
	for i, spec := range s.Params() {
		weights[spec.Name] = int(w[i])
	}
	return &Player{Version: Version, Scheme: scheme, Weights: weights, Search: sp.Map()}, nil
}

// Vector returns the weight vector in the scheme's parameter order, with
// defaults for missing weights.
func (p *Player) Vector() ([]int32, error) {
	q := *p
	if err := q.complete(); err != nil {
		return nil, err
	}
	s, _ := eval.Lookup(q.Scheme)
	specs := s.Params()
	w := make([]int32, len(specs))
	for i, sp := range specs {
		w[i] = int32(q.Weights[sp.Name])
	}
	return w, nil
}

// Evaluator returns an evaluator for the player's scheme and weights.
func (p *Player) Evaluator() (*eval.Evaluator, error) {
	w, err := p.Vector()
	if err != nil {
		return nil, err
	}
	s, _ := eval.Lookup(p.Scheme)
	return eval.New(s, w)
}

// SearchParams returns the player's search parameters (defaults for the
// missing ones).
func (p *Player) SearchParams() (search.Params, error) {
	sp, err := search.ParamsFromMap(search.DefaultParams(), p.Search)
	if err != nil {
		return search.Params{}, fmt.Errorf("player: search: %w", err)
	}
	return sp, nil
}
