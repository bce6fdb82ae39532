package model

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/ui/share"
	"github.com/evochess/evochess/wasm/protocol"
)

// LinkFromPlayerJSON builds a share link from an engine/player file: the
// weights in the scheme's registry order and the search parameters in
// engine/search's order (missing names take the defaults). run, when not nil,
// carries the run's settings (RunSettings) so the link can reproduce it.
func LinkFromPlayerJSON(b []byte, run map[string]string) (share.Link, error) {
	p, err := player.Load(bytes.NewReader(b))
	if err != nil {
		return share.Link{}, err
	}
	s, err := eval.Lookup(p.Scheme)
	if err != nil {
		return share.Link{}, err
	}
	l := share.Link{Name: p.Name, Scheme: p.Scheme, Run: run}
	l.Weights = vector(s.Params(), p.Weights)
	l.Search = vector(search.AllParamSpecs(), p.Search)
	if len(l.Name) > share.MaxName {
		l.Name = l.Name[:share.MaxName]
	}
	return l, nil
}

func vector(specs []param.Spec, m map[string]int) []int32 {
	v := param.Defaults(specs)
	for i, s := range specs {
		if x, ok := m[s.Name]; ok {
			v[i] = int32(x)
		}
	}
	return v
}

// PlayerFromLink rebuilds the player file of a decoded link, checking the
// scheme, the number of weights and every bound. The error names the part.
func PlayerFromLink(l share.Link) ([]byte, error) {
	s, err := eval.Lookup(l.Scheme)
	if err != nil {
		return nil, fmt.Errorf("share link: scheme: %q is not a scheme this page knows (%w)", l.Scheme, err)
	}
	specs := s.Params()
	if len(l.Weights) != len(specs) {
		return nil, fmt.Errorf("share link: weights: scheme %s has %d weights, the link carries %d", l.Scheme, len(specs), len(l.Weights))
	}
	for i, sp := range specs {
		if v := int(l.Weights[i]); v < sp.Min || v > sp.Max {
			return nil, fmt.Errorf("share link: weights: %s = %d is outside its bounds [%d, %d]", sp.Name, v, sp.Min, sp.Max)
		}
	}
	// Search parameters: both groups (search.AllParamSpecs), or Table I's
	// 18 alone (links made before the modern group), which apply on top of
	// the default modern group.
	sp := search.DefaultParams()
	switch len(l.Search) {
	case 0:
	case search.NumParams:
		if sp, err = sp.WithTableI(l.Search); err != nil {
			return nil, fmt.Errorf("share link: search: %w", err)
		}
	case search.NumAllParams, search.NumAllParamsOld: // older links: the later parameters off
		if sp, err = search.ParamsFromVector(l.Search); err != nil {
			return nil, fmt.Errorf("share link: search: %w", err)
		}
	default:
		return nil, fmt.Errorf("share link: search: %d search parameters, want %d, %d or none",
			len(l.Search), search.NumAllParams, search.NumParams)
	}
	p, err := player.FromVector(l.Scheme, l.Weights, sp)
	if err != nil {
		return nil, fmt.Errorf("share link: %w", err)
	}
	p.Name = l.Name
	p.Provenance.Note = "opened from a share link"
	var buf bytes.Buffer
	if err := p.Save(&buf); err != nil {
		return nil, fmt.Errorf("share link: %w", err)
	}
	return buf.Bytes(), nil
}

// MaxPlayerFile is the largest player file the page opens (a modern
// player's file is about 30 KB).
const MaxPlayerFile = 1 << 20

// OpenPlayerFile reads a player file someone brought (evochess tune -out,
// a page's download): it must be an engine/player file of a scheme this
// build knows, with every weight and search parameter within its bounds.
// It returns the file rewritten in canonical form (defaults filled in) and
// its summary; the error says what is wrong.
func OpenPlayerFile(b []byte) ([]byte, Summary, error) {
	if len(b) > MaxPlayerFile {
		return nil, Summary{}, fmt.Errorf("player file: %d bytes; a player file is at most %d", len(b), MaxPlayerFile)
	}
	p, err := player.Load(bytes.NewReader(b))
	if err != nil {
		return nil, Summary{}, err
	}
	if _, err := p.Evaluator(); err != nil {
		return nil, Summary{}, fmt.Errorf("player file: %w", err)
	}
	var buf bytes.Buffer
	if err := p.Save(&buf); err != nil {
		return nil, Summary{}, fmt.Errorf("player file: %w", err)
	}
	sum, err := Summarize(buf.Bytes())
	if err != nil {
		return nil, Summary{}, err
	}
	return buf.Bytes(), sum, nil
}

// PresetPlayerJSON returns the player file of an engine/eval preset.
func PresetPlayerJSON(name string) ([]byte, error) {
	p, err := player.FromPreset(name)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := p.Save(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Summary describes a player file for a card.
type Summary struct {
	Name, Scheme, Title string
	Weights             int
	Search              int
	Top                 []string // a few weights "Name=value"
}

// Summarize reads a player file.
func Summarize(b []byte) (Summary, error) {
	p, err := player.Load(bytes.NewReader(b))
	if err != nil {
		return Summary{}, err
	}
	sum := Summary{Name: p.Name, Scheme: p.Scheme, Weights: len(p.Weights), Search: len(p.Search)}
	if s, err := eval.Lookup(p.Scheme); err == nil {
		sum.Title = s.Title()
		for _, sp := range s.Params() {
			if v, ok := p.Weights[sp.Name]; ok && len(sum.Top) < 8 {
				sum.Top = append(sum.Top, sp.Name+"="+strconv.Itoa(v))
			}
		}
	}
	return sum, nil
}

// RunSettings flattens a run configuration into the share link's run
// section (the `evochess tune` flag names without the dash), and back.
func RunSettings(cfg protocol.RunConfig) map[string]string {
	out := map[string]string{}
	args := cfg.Args()
	for i := 0; i+1 < len(args); i += 2 {
		k := args[i][1:]
		if k == "param" {
			if name, val, ok := cutEq(args[i+1]); ok {
				out["param."+name] = val
			}
			continue
		}
		out[k] = args[i+1]
	}
	return out
}

func cutEq(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '=' {
			return s[:i], s[i+1:], true
		}
	}
	return "", "", false
}

// ConfigFromSettings rebuilds a run configuration from a link's run section.
func ConfigFromSettings(m map[string]string) (protocol.RunConfig, error) {
	var args []string
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if len(k) > 6 && k[:6] == "param." {
			args = append(args, "-param", k[6:]+"="+m[k])
			continue
		}
		args = append(args, "-"+k, m[k])
	}
	var cfg protocol.RunConfig
	fs := flag.NewFlagSet("share link run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.BindFlags(fs)
	if err := fs.Parse(args); err != nil {
		return protocol.RunConfig{}, fmt.Errorf("share link: run: %w", err)
	}
	if fs.NArg() != 0 {
		return protocol.RunConfig{}, fmt.Errorf("share link: run: unexpected %q", fs.Args())
	}
	if err := cfg.Validate(); err != nil {
		return protocol.RunConfig{}, fmt.Errorf("share link: run: %w", err)
	}
	if protocol.IsBundled(cfg.Data.Source) {
		cfg.Data.Source = protocol.BundledSource // the command line's name for it
	}
	return cfg, nil
}

// MarshalIndent pretty-prints a player file for display.
func MarshalIndent(b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return string(b)
	}
	out, _ := json.MarshalIndent(v, "", "  ")
	return string(out)
}

// PlayerFromWeights builds a player file from a run's best weights by name
// (a progress message's BestWeights), for a run that ended before it sent
// its player (the page was closed). Missing weights take the defaults.
func PlayerFromWeights(name, scheme string, weights map[string]int) ([]byte, error) {
	p := &player.Player{Version: player.Version, Name: name, Scheme: scheme, Weights: weights}
	p.Provenance.Note = "best weights of an interrupted run"
	var buf bytes.Buffer
	if err := p.Save(&buf); err != nil {
		return nil, err
	}
	// Load fills in defaults and validates bounds.
	q, err := player.Load(bytes.NewReader(buf.Bytes()))
	if err != nil {
		return nil, err
	}
	buf.Reset()
	if err := q.Save(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
