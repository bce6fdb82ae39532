package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/player"
	"github.com/evochess/evochess/engine/search"
)

func init() {
	register(command{
		name:    "spsa",
		summary: "print a player's parameters as OpenBench SPSA input lines (name, int, value, min, max, c_end, r_end)",
		run:     runSPSA,
	})
}

// spsaLine is one parameter of OpenBench's SPSA form.
type spsaLine struct {
	name            string // the UCI spin option
	value, min, max int
	cEnd, rEnd      float64
}

func (l spsaLine) String() string {
	return fmt.Sprintf("%s, int, %d, %d, %d, %s, %s", l.name, l.value, l.min, l.max,
		strconv.FormatFloat(l.cEnd, 'f', -1, 64), strconv.FormatFloat(l.rEnd, 'f', -1, 64))
}

// spsaCEnd is the rule for C_end, the perturbation at the end of the run:
// a twentieth (1/frac) of the parameter's range, rounded, at least 1 (an
// integer parameter must move to be measured).
func spsaCEnd(min, max int, frac float64) float64 {
	return math.Max(1, math.Round(float64(max-min)/frac))
}

// runSPSA implements `evochess spsa -player FILE [-params a,b,c]`.
func runSPSA(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("spsa", flag.ContinueOnError)
	fs.SetOutput(stderr)
	playerFile := fs.String("player", "", "player file (JSON) whose values start the tuning")
	preset := fs.String("preset", "", "evaluation preset instead of -player (e.g. david-fig3)")
	names := fs.String("params", "", "comma-separated parameters to tune: UCI option names (Eval_X, Search_Y) or bare names (default: every tunable one)")
	group := fs.String("group", "all", "parameters to list without -params: eval, search or all")
	frac := fs.Float64("c-frac", 20, "C_end = (max − min) / c-frac, rounded, at least 1")
	rEnd := fs.Float64("r-end", 0.002, "R_end of every line")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: evochess spsa -player FILE | -preset NAME [-params a,b,c | -group eval|search|all]")
		fmt.Fprintln(stderr, "Prints one OpenBench SPSA line per parameter: name, int, value, min, max, C_end, R_end.")
		fmt.Fprintln(stderr, "C_end is a twentieth of the parameter's range (at least 1), R_end 0.002; the names are evochess's UCI spin options.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("spsa: unexpected argument %q", fs.Arg(0))
	}
	if (*playerFile == "") == (*preset == "") {
		return errors.New("spsa: give -player FILE or -preset NAME")
	}
	if !(*frac > 0) || !(*rEnd > 0) || math.IsInf(*frac, 0) || math.IsInf(*rEnd, 0) {
		return errors.New("spsa: -c-frac and -r-end must be positive")
	}
	if *group != "all" && *group != "eval" && *group != "search" {
		return fmt.Errorf("spsa: -group %q: want eval, search or all", *group)
	}
	if *names != "" && explicit(fs, "group") {
		return errors.New("spsa: -group does nothing with -params (which names the parameters); leave it out")
	}
	p, err := loadPlayer(*playerFile, *preset)
	if err != nil {
		return fmt.Errorf("spsa: %w", err)
	}
	lines, err := spsaLines(p, *frac, *rEnd)
	if err != nil {
		return fmt.Errorf("spsa: %w", err)
	}
	var out []spsaLine
	if *names != "" {
		byName := map[string]spsaLine{}
		for _, l := range lines {
			byName[strings.ToLower(l.name)] = l
		}
		for _, n := range strings.Split(*names, ",") {
			n = strings.TrimSpace(n)
			if n == "" {
				continue
			}
			l, ok := byName[strings.ToLower(n)]
			if !ok {
				l, ok = byName[strings.ToLower("Eval_"+n)]
			}
			if !ok {
				l, ok = byName[strings.ToLower("Search_"+n)]
			}
			if !ok {
				return fmt.Errorf("spsa: no tunable parameter %q (evochess uci lists the spin options; fixed parameters cannot be tuned)", n)
			}
			out = append(out, l)
		}
	} else {
		for _, l := range lines {
			if *group == "all" || (*group == "eval") == strings.HasPrefix(l.name, "Eval_") {
				out = append(out, l)
			}
		}
	}
	for _, l := range out {
		if _, err := fmt.Fprintln(stdout, l); err != nil {
			return err
		}
	}
	return nil
}

// spsaLines returns every tunable parameter of p: the evaluation weights
// (Eval_…, in registry order) and the search parameters (Search_…), with
// p's values. Parameters with Min == Max are fixed and left out.
func spsaLines(p *player.Player, frac, rEnd float64) ([]spsaLine, error) {
	sc, err := eval.Lookup(p.Scheme)
	if err != nil {
		return nil, err
	}
	w, err := p.Vector()
	if err != nil {
		return nil, err
	}
	sp, err := p.SearchParams()
	if err != nil {
		return nil, err
	}
	var out []spsaLine
	add := func(prefix string, specs []param.Spec, v []int32) {
		for i, s := range specs {
			if s.Min == s.Max {
				continue
			}
			out = append(out, spsaLine{name: prefix + s.Name, value: int(v[i]), min: s.Min, max: s.Max,
				cEnd: spsaCEnd(s.Min, s.Max, frac), rEnd: rEnd})
		}
	}
	add("Eval_", sc.Params(), w)
	add("Search_", search.AllParamSpecs(), sp.AllVector())
	return out, nil
}
