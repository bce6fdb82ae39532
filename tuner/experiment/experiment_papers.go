package experiment

// The experiments themselves, one per paper (and the presets' round robin,
// the modern scheme's Texel run and the hybrids): each reruns its paper's
// method at the configured size and writes its report through the helpers
// of experiment.go (evolve, entrants, matches, Elo sections).

import (
	"fmt"
	"slices"
	"strings"

	"github.com/evochess/evochess/engine/eval"
	"github.com/evochess/evochess/engine/param"
	"github.com/evochess/evochess/engine/pgn"
	"github.com/evochess/evochess/engine/search"
	"github.com/evochess/evochess/tuner"
	"github.com/evochess/evochess/tuner/data"
	"github.com/evochess/evochess/tuner/fitness"
	"github.com/evochess/evochess/tuner/opt"
	"github.com/evochess/evochess/tuner/report"
)

func (e *experiment) presets() error {
	e.header("The papers' published weights", "the four papers' published evaluation weights (engine/eval presets)", []string{
		"Players: every paper preset (david-fig3, vazquez-table2-exploration, vazquez-table2-exploitation, prasad-table1, phoenix-default) and material-only, each with the " + e.searchName() + ".",
	})
	if e.cfg.Strongest != "" {
		return fmt.Errorf("-strongest %s: the presets experiment measures it", e.cfg.Strongest)
	}
	if _, err := e.strongest(); err != nil {
		return err
	}
	e.cfg.Cache.mu.Lock()
	sec := *e.cfg.Cache.presets
	winner := e.cfg.Cache.strongest
	e.cfg.Cache.mu.Unlock()
	sec.Text("Strongest paper preset: **%s**.", winner)
	e.doc.Sections = append(e.doc.Sections, sec)
	e.doc.Commands = e.commands("presets")
	return nil
}

// davidRuns runs the david-ga preset n times (gens generations; 0: the
// preset's 200) and returns the runs.
func (e *experiment) davidRuns(n, gens int) ([]*runResult, error) {
	var out []*runResult
	for i := 0; i < n; i++ {
		s, err := tuner.Configure(tuner.Options{Preset: "david-ga", PGN: e.cfg.PGN, Seed: e.cfg.Seed + uint64(i), Generations: gens})
		if err != nil {
			return nil, err
		}
		r, err := e.evolve(s, fmt.Sprintf("david-ga run %d", i+1))
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// davidRunTable adds the runs' table and returns the run with the best
// training fitness (never chosen by held-out results).
func (e *experiment) davidRunTable(runs []*runResult) *runResult {
	sec := e.doc.Section("Evolution (1-ply move match with quiescence, fitness = matched²)")
	t := sec.Table("run", "seed", "positions train/test", "gen 1 best train", "final train", "final held out", "evaluations")
	t.Add("paper (run 1 of 10)", "–", report.Published("david", "positions").Value, report.Published("david", "gen1").Value,
		"**"+report.Published("david", "train").Value+"**", "**"+report.Published("david", "test").Value+"**", report.Published("david", "evals").Value)
	var best *runResult
	var sumTr, sumTe float64
	for i, r := range runs {
		t.Add(fmt.Sprint(i+1), fmt.Sprint(r.seed), fmt.Sprintf("%d/%d", r.prep.TrainPositions, r.prep.TestPositions),
			pct(r.first.TrainRate), fmt.Sprintf("%s (%d)", pct(r.train.Rate()), r.train.Matched), fmt.Sprintf("%s (%d)", pct(r.test.Rate()), r.test.Matched),
			fmt.Sprint(r.last.Evaluations))
		sumTr += r.train.Rate()
		sumTe += r.test.Rate()
		if best == nil || r.best.Fitness > best.best.Fitness {
			best = r
		}
	}
	t.Add(fmt.Sprintf("mean of %d", len(runs)), "", "", "", pct(sumTr/float64(len(runs))), pct(sumTe/float64(len(runs))), "")
	sec.Text("The reported player is the run with the best training fitness (run %d); held-out rates are only reported.", slices.Index(runs, best)+1)
	return best
}

func (e *experiment) david() error {
	n := e.runs(3)
	if e.cfg.Full {
		n = e.runs(10)
	}
	e.header("David et al. 2014: GA on grandmaster move matching", "O. David, H. J. van den Herik, M. Koppel, N. Netanyahu, *Genetic Algorithms for Evolving Computer Chess Programs*, IEEE TEC 2014, §III-B and §V-A",
		[]string{
			fmt.Sprintf("david-ga preset, the paper's method from a random population: population 100, 200 generations, Gray-coded 35 parameters (david35), uniform crossover 0.75, mutation 0.005, elitism, roulette selection on matched², %d independent runs (paper: 10).", n),
			"Positions: tuner/data \"david\" protocol, one position per decisive game where the side to move won, from ply 12, forced moves skipped; the 20,000-game file has 9,084 decisive games, so about 4,540 per set instead of 5,000.",
			"Match rate: the compiled 1-ply move match with quiescence (fitness match2-qs): every move's leaf is the quiet position engine/search's quiescence search reaches under the reference weights — the run's own random start, then its best every 20 generations (never the paper's published weights). Held-out rates are exact: the real depth-1 search with quiescence of the vector itself.",
		})
	runs, err := e.davidRuns(n, e.cfg.Generations)
	if err != nil {
		return err
	}
	best := e.davidRunTable(runs)
	if err := e.referenceRates(best, "david35"); err != nil {
		return err
	}
	if err := e.eloSection("Elo", []entrant{e.evolvedEntrant("evolved (david-ga)", "david35", best.best.X)}); err != nil {
		return err
	}
	e.doc.Section("The paper").Text("Paper: %s (%s); that comparison needs Crafty and is not reproduced.", report.Published("david", "crafty").Value, report.Published("david", "crafty").Source)
	e.doc.Commands = e.commands("david")
	return nil
}

// referenceRates adds the training and held-out match rates of the papers'
// presets of scheme and a random player.
func (e *experiment) referenceRates(r *runResult, scheme string) error {
	sec := e.doc.Section("Reference players on the same positions")
	t := sec.Table("player", "train", "held out")
	sc, err := eval.Lookup(scheme)
	if err != nil {
		return err
	}
	refs := e.paperPresets(scheme)
	refs = append(refs, entrant{name: fmt.Sprintf("random-%s-%d", scheme, e.cfg.Seed), scheme: scheme, w: eval.RandomWeights(sc, e.cfg.Seed)})
	for _, rp := range refs {
		tr, te, err := e.rates(r, rp.w)
		if err != nil {
			return err
		}
		t.Add(rp.name, pct(tr.Rate()), pct(te.Rate()))
	}
	sec.Text("The training column of a preset is the compiled match under the run's last reference (an approximation away from it); the held-out column is the real depth-1 search.")
	return nil
}

func (e *experiment) davidCoevolution() error {
	n := e.runs(3)
	gens := 10
	games := 2
	if e.cfg.Full {
		n, gens, games = e.runs(10), 50, 4
	}
	if e.cfg.Generations > 0 {
		gens = e.cfg.Generations
	}
	e.header("David et al. 2014: coevolution of the best evolved organisms", "David et al. 2014, §III-C and §V-B",
		[]string{
			fmt.Sprintf("Population: the bests of %d david-ga runs (paper: 10). Each pair plays %d games per generation (paper: 4) from book openings (each opening with both colours), depth-1 searches instead of 5 s per side; rank selection, crossover 0.75, mutation 0.005, elitism; %d generations (paper: 50).", n, games, gens),
		})
	runs, err := e.davidRuns(n, 0)
	if err != nil {
		return err
	}
	best := e.davidRunTable(runs)
	init := make([][]int32, len(runs))
	for i, r := range runs {
		init[i] = r.best.X
	}
	s, err := tuner.Configure(tuner.Options{Preset: "david-coevolution", PGN: e.cfg.PGN, Seed: e.cfg.Seed, Generations: gens, Population: len(init),
		Games: games, GameDepth: 1, Openings: e.cfg.Openings, TestPositions: 5000, Init: init})
	if err != nil {
		return err
	}
	co, err := e.evolve(s, "coevolution")
	if err != nil {
		return err
	}
	sec := e.doc.Section("Coevolution")
	t := sec.Table("", "held-out match", "generations", "games played")
	t.Add("best evolved organism (before)", pct(best.test.Rate()), "", "")
	t.Add("coevolved best (after)", pct(co.test.Rate()), fmt.Sprint(co.last.Generation), fmt.Sprint(gamesPlayed(co)))
	ev := []entrant{e.evolvedEntrant("coevolved", "david35", co.best.X), e.evolvedEntrant("evolved (before coevolution)", "david35", best.best.X)}
	if err := e.eloSection("Elo", ev); err != nil {
		return err
	}
	e.doc.Section("The paper").Text("Paper: %s (%s).", report.Published("david", "coevol").Value, report.Published("david", "coevol").Source)
	e.doc.Commands = e.commands("david-coevolution")
	return nil
}

// gamesPlayed returns the games a tournament run played: the schedule size
// (Tournament) times the generations.
func gamesPlayed(r *runResult) int {
	s := r.run.Setup()
	n := s.Config.Pop
	per := s.Problem.Games * n * (n - 1) / 2
	if s.Problem.Games == 0 {
		per = n * ((max(1, s.Problem.GamesPerPlayer) + 1) / 2)
	}
	return per * r.last.Generation
}

func (e *experiment) davidSearch() error {
	positions, nodeCap, gens := 100, 20000, 10
	if e.cfg.Full {
		positions, nodeCap, gens = 879, 500000, 50
	}
	if e.cfg.Generations > 0 {
		gens = e.cfg.Generations
	}
	if e.cfg.SuitePositions > 0 {
		positions = e.cfg.SuitePositions
	}
	if e.cfg.NodeCap > 0 {
		nodeCap = e.cfg.NodeCap
	}
	e.header("David et al. 2014: evolving the search parameters", "David et al. 2014, §IV and §V-C (Table I, Table II)",
		[]string{
			fmt.Sprintf("david-search preset, the paper's method from a random population: 18 parameters of Table I as a 70-bit Gray chromosome, population 10, crossover 0.75, mutation 0.05, elitism; %d generations (paper: 50).", gens),
			fmt.Sprintf("Fitness: total nodes to find and keep the best move of the first %d ECM positions (paper: all 879), capped at %d nodes per position (paper: 500,000); fitness = cap·positions − nodes.", positions, nodeCap),
			"Evaluation while searching: the david-fig3 preset (the paper's Fig. 3 values). The modern search group stays off in every row but \"default\".",
		})
	s, err := tuner.Configure(tuner.Options{Preset: "david-search", Seed: e.cfg.Seed, Generations: gens, Positions: positions, NodeCap: nodeCap})
	if err != nil {
		return err
	}
	s.Problem.EvalPreset = "david-fig3"
	r, err := e.evolve(s, "david-search")
	if err != nil {
		return err
	}
	sec := e.doc.Section("Node counts")
	t := sec.Table("search parameters", "ECM train: solved", "ECM train: nodes", "ECM held out: solved", "ECM held out: nodes", "WAC: solved", "WAC: nodes")
	suites := []struct {
		name       string
		from, upto int
	}{{"epd/ecm.epd", 0, positions}, {"epd/ecm.epd", positions, min(879, 2*positions)}, {"epd/wac.epd", 0, positions}}
	type row struct {
		name string
		p    search.Params
	}
	evolved, err := tuner.SearchParams(s.Problem.SearchGroup, r.best.X)
	if err != nil {
		return err
	}
	table2, _ := search.PresetParams(search.PresetDavidTable2)
	plain, _ := search.PresetParams(search.PresetPlain)
	rows := []row{{"evolved", evolved}, {"david-table2 (the paper's Table II)", table2}, {"plain (no selectivity)", plain},
		{e.searchRow(), e.search}}
	pr, err := eval.LookupPreset("david-fig3")
	if err != nil {
		return err
	}
	sc, err := eval.Lookup(pr.Scheme)
	if err != nil {
		return err
	}
	for _, en := range rows {
		cells := []string{en.name}
		for _, su := range suites {
			f, err := e.res.OpenFile(su.name)
			if err != nil {
				return err
			}
			recs, _, err := pgn.ReadEPD(f)
			f.Close()
			if err != nil {
				return err
			}
			recs = recs[min(su.from, len(recs)):min(su.upto, len(recs))]
			ev, err := eval.New(sc, pr.Weights)
			if err != nil {
				return err
			}
			res, err := fitness.SuiteNodes(e.ctx, ev, en.p, recs, fitness.SuiteOptions{Cap: uint64(nodeCap), HashMB: 4}, nil)
			if err != nil {
				return err
			}
			cells = append(cells, fmt.Sprintf("%d/%d", res.Solved, res.Positions), fmt.Sprint(res.Nodes))
		}
		t.Add(cells...)
		e.say("david-search: %s counted", en.name)
	}
	sec.Text("Evolved values: %s.", paramString(s.Config.Specs, r.best.X))
	e.doc.Section("The paper").Text("Paper: %s (%s).", report.Published("david", "search").Value, report.Published("david", "search").Source)
	e.doc.Commands = e.commands("david-search")
	return nil
}

func paramString(specs []param.Spec, x []int32) string {
	parts := make([]string, len(specs))
	for i, s := range specs {
		parts[i] = fmt.Sprintf("%s=%d", s.Name, x[i])
	}
	return strings.Join(parts, ", ")
}

func (e *experiment) vazquez() error {
	n := e.runs(3)
	e.header("Vázquez-Fernández et al. 2012: evolutionary programming + Hooke-Jeeves", "E. Vázquez-Fernández, C. A. Coello Coello, F. D. Sagols Troncoso, *An Evolutionary Algorithm coupled with the Hooke-Jeeves Algorithm for Tuning a Chess Evaluation Function*, CEC 2012",
		[]string{
			fmt.Sprintf("Exploration: vazquez-ep preset from a random population (N = 20, best half survive, Michalewicz non-uniform mutation b = 5, 200 generations, 1,000 training positions, 29 weights of Table I), %d runs (paper: 30); the best run by training match continues.", n),
			"Exploitation: Hooke-Jeeves (Δ = 30, α = 2, ε = 0.5) from the best player, objective = positions matched among M = 20 training positions no player of the final EP population solves.",
			"Positions: the \"david\" protocol (decisive games, side to move won). Held out: 1,000 positions of other games.",
			"Match rate: 1-ply move match with quiescence (fitness match-qs; the paper: \"stabilization of positions through the Quiescence algorithm\"), leaves resolved under the run's own start and re-resolved under its best (EP every 20 generations, Hooke-Jeeves every 200 steps); held-out rates are exact real depth-1 + quiescence searches.",
		})
	var best *runResult
	sec := e.doc.Section("Exploration (EP)")
	t := sec.Table("run", "gen 1 best train", "final train", "final held out")
	t.Add("paper", report.Published("vazquez", "gen1").Value, "**"+report.Published("vazquez", "ep").Value+"**", "–")
	for i := 0; i < n; i++ {
		s, err := tuner.Configure(tuner.Options{Preset: "vazquez-ep", PGN: e.cfg.PGN, Seed: e.cfg.Seed + uint64(i), Generations: e.cfg.Generations})
		if err != nil {
			return err
		}
		r, err := e.evolve(s, fmt.Sprintf("vazquez-ep run %d", i+1))
		if err != nil {
			return err
		}
		t.Add(fmt.Sprint(i+1), pct(r.first.TrainRate), pct(r.train.Rate()), pct(r.test.Rate()))
		if best == nil || r.train.Rate() > best.train.Rate() {
			best = r
		}
	}
	// The final population, best first, seeds Hooke-Jeeves.
	pop := best.run.Optimizer().Ask()
	order := sortedCandidates(pop)
	init := [][]int32{best.best.X}
	for _, c := range order {
		init = append(init, c.X)
	}
	hs, err := tuner.Configure(tuner.Options{Preset: "hooke-jeeves", PGN: e.cfg.PGN, Seed: e.cfg.Seed, Init: init})
	if err != nil {
		return err
	}
	hj, err := e.evolve(hs, "hooke-jeeves")
	if err != nil {
		return err
	}
	fs, err := tuner.Configure(tuner.Options{Preset: "hooke-jeeves", PGN: e.cfg.PGN, Seed: e.cfg.Seed, Init: init[:1], Unsolved: -1})
	if err != nil {
		return err
	}
	hjFull, err := e.evolve(fs, "hooke-jeeves (full training set)")
	if err != nil {
		return err
	}
	trE, teE, err := e.rates(best, best.best.X)
	if err != nil {
		return err
	}
	trX, teX, err := e.rates(best, hj.best.X)
	if err != nil {
		return err
	}
	sec = e.doc.Section("Exploitation (Hooke-Jeeves)")
	t = sec.Table("player", "paper train", "paper held out", "our train (1,000)", "our held out (1,000)", "HJ objective (M = 20)")
	t.Add("VP⁰ (best of generation 1)", report.Published("vazquez", "gen1").Value, "–", pct(best.first.TrainRate), "–", "")
	t.Add("VP²⁰⁰ exploration", report.Published("vazquez", "ep").Value, "–", pct(trE.Rate()), pct(teE.Rate()), "0/20")
	t.Add("VP exploitation", "**"+report.Published("vazquez", "hj-train").Value+"**", "**"+report.Published("vazquez", "hj-test").Value+"**", pct(trX.Rate()), pct(teX.Rate()),
		fmt.Sprintf("%d/%d (%d evaluations)", hj.train.Matched, hj.train.Total, hj.last.Evaluations))
	t.Add("VP exploitation, HJ on all 1,000 training positions", "–", "–", pct(hjFull.train.Rate()), pct(hjFull.test.Rate()), fmt.Sprintf("(%d evaluations)", hjFull.last.Evaluations))
	if slices.Equal(hj.best.X, best.best.X) {
		sec.Text("Hooke-Jeeves found no step that solves one of the M = 20 positions, so VP exploitation is VP²⁰⁰ exploration itself.")
	}
	ev := []entrant{e.evolvedEntrant("VP exploitation", "vazquez29", hj.best.X), e.evolvedEntrant("VP exploitation (HJ, full set)", "vazquez29", hjFull.best.X),
		e.evolvedEntrant("VP200 exploration", "vazquez29", best.best.X)}
	if err := e.eloSection("Elo", ev); err != nil {
		return err
	}
	e.doc.Section("The paper").Text("Paper (%s): %s.", report.Published("vazquez", "games").Source, report.Published("vazquez", "games").Value)
	e.doc.Commands = e.commands("vazquez")
	return nil
}

func sortedCandidates(c []opt.Candidate) []opt.Candidate {
	out := slices.Clone(c)
	slices.SortStableFunc(out, func(a, b opt.Candidate) int { return -cmpFloat(a.Fitness, b.Fitness) })
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (e *experiment) phoenix() error {
	gens, games := 15, 3
	if e.cfg.Full {
		gens = 1000
	}
	if e.cfg.Generations > 0 {
		gens = e.cfg.Generations
	}
	e.header("Phoenix: multi-niche crowding on piece-square tables", "R. Aralikkatte, G. Srinivasaraghavan, *Phoenix: A Self-Optimizing Chess Engine*",
		[]string{
			fmt.Sprintf("mnc preset, the paper's method from a random population: population 20, 640 piece-square values (phoenix640), crowding selection (Cs = 4), worst-among-most-similar replacement (Cf = 4 groups of s = 4), uniform crossover, reset mutation 1/640 per gene; tournament fitness with ≥ %d games per player at depth 1 (paper: CuckooChess games); stop rules of the paper; at most %d generations (paper: up to %s).", games, gens, report.Published("phoenix", "generations").Value),
			"Second run: the same MNC with 1-ply move-match fitness with quiescence (match-qs, re-resolved every 20 generations) on 1,000 positions (mnc-match). Held-out rates of both runs: the real depth-1 search with quiescence of the best vector.",
		})
	s, err := tuner.Configure(tuner.Options{Preset: "mnc", PGN: e.cfg.PGN, Seed: e.cfg.Seed, Generations: gens, GameDepth: 1, Games: games, Openings: e.cfg.Openings, TestPositions: 1000})
	if err != nil {
		return err
	}
	tour, err := e.evolve(s, "mnc tournament")
	if err != nil {
		return err
	}
	ms, err := tuner.Configure(tuner.Options{Preset: "mnc-match", PGN: e.cfg.PGN, Seed: e.cfg.Seed, Generations: max(gens, 200)})
	if err != nil {
		return err
	}
	mm, err := e.evolve(ms, "mnc move match")
	if err != nil {
		return err
	}
	_, why1 := tour.run.Done()
	_, why2 := mm.run.Done()
	sec := e.doc.Section("Evolution")
	t := sec.Table("run", "generations", "stop", "held-out match (1-ply with quiescence)", "evaluations")
	t.Add("paper", report.Published("phoenix", "generations").Value, "–", "–", "–")
	t.Add("mnc, tournament fitness", fmt.Sprint(tour.last.Generation), why1, pct(tour.test.Rate()), fmt.Sprint(tour.last.Evaluations))
	t.Add("mnc, move-match fitness", fmt.Sprint(mm.last.Generation), why2, fmt.Sprintf("%s (train %s)", pct(mm.test.Rate()), pct(mm.train.Rate())), fmt.Sprint(mm.last.Evaluations))
	ev := []entrant{e.evolvedEntrant("mnc (tournament)", "phoenix640", tour.best.X), e.evolvedEntrant("mnc (move match)", "phoenix640", mm.best.X)}
	if err := e.eloSection("Elo", ev); err != nil {
		return err
	}
	e.doc.Section("The paper").Text("Paper (%s): %s; that comparison needs CuckooChess and is not reproduced.", report.Published("phoenix", "games").Source, report.Published("phoenix", "games").Value)
	e.doc.Commands = e.commands("phoenix")
	return nil
}

func (e *experiment) prasad() error {
	n := e.runs(3)
	e.header("Prasad et al.: evolutionary algorithm with a history mechanism", "G. V. S. Prasad et al., *Improvising the performance of a chess engine by fine tuning the evaluation function*",
		[]string{
			fmt.Sprintf("history-ea preset, the paper's method from a random population: N = 20, best half survive, Michalewicz non-uniform mutation, archive of the 10 best players that left the population, Pr = 10%% (the paper leaves Pr to the user), 200 generations, 1,000 positions, 38 weights (prasad38); %d runs, compared with the same EP without history (Pr = 0).", n),
			"Match rate: 1-ply move match with quiescence (fitness match-qs), leaves resolved under the run's own start and re-resolved under its best every 20 generations; held-out rates are exact real depth-1 + quiescence searches. The reported player of each variant is its run with the best training match.",
		})
	sec := e.doc.Section("Evolution")
	t := sec.Table("algorithm", "run", "final train", "final held out")
	var bestH, bestE *runResult
	for _, variant := range []struct {
		name string
		pr   float64
		best **runResult
	}{{"history-ea (Pr = 10%)", 0.1, &bestH}, {"ep (Pr = 0)", 0, &bestE}} {
		for i := 0; i < n; i++ {
			o := tuner.Options{Preset: "history-ea", PGN: e.cfg.PGN, Seed: e.cfg.Seed + uint64(i), Generations: e.cfg.Generations}
			if variant.pr == 0 {
				o.Algorithm = "ep"
			}
			s, err := tuner.Configure(o)
			if err != nil {
				return err
			}
			r, err := e.evolve(s, fmt.Sprintf("%s run %d", variant.name, i+1))
			if err != nil {
				return err
			}
			t.Add(variant.name, fmt.Sprint(i+1), pct(r.train.Rate()), pct(r.test.Rate()))
			if *variant.best == nil || r.best.Fitness > (*variant.best).best.Fitness {
				*variant.best = r
			}
		}
	}
	ev := []entrant{e.evolvedEntrant("history-ea best", "prasad38", bestH.best.X), e.evolvedEntrant("ep best", "prasad38", bestE.best.X)}
	if err := e.eloSection("Elo", ev); err != nil {
		return err
	}
	e.doc.Section("The paper").Text("Paper: claims %s.", report.Published("prasad", "ratings").Value)
	e.doc.Commands = e.commands("prasad")
	return nil
}

// heldOutMatch returns the depth-limited move match of each entrant on
// positions (the real search with the default parameters).
func (e *experiment) heldOutMatch(players []entrant, positions []data.Sample, depth int) ([]fitness.SearchMatch, error) {
	out := make([]fitness.SearchMatch, len(players))
	for i, p := range players {
		sc, err := eval.Lookup(p.scheme)
		if err != nil {
			return nil, err
		}
		if out[i], err = tuner.SearchMatch(e.ctx, e.res, sc, p.w, p.search, depth, positions); err != nil {
			return nil, err
		}
		e.say("held-out match at depth %d: %s %d/%d", depth, p.name, out[i].Matched, out[i].Positions)
	}
	return out, nil
}

func (e *experiment) modern() error {
	n := e.runs(1)
	e.header("The modern scheme, Texel-tuned", "beyond the papers: Texel tuning (Österlund) of a tapered evaluation as engine authors do it today",
		[]string{
			fmt.Sprintf("modern preset, %d run(s): full-batch Adam on the Texel loss of the modern scheme (tapered middlegame/endgame terms: piece-square tables, mobility, pawn structure, king safety, threats, …) from modern-material (piece values only), over every position of the training games from ply 12 not in check, each resolved to its quiet leaf under the run's current best (re-resolved every 100 steps), labelled with the game result; K fitted once on the start; 10%% of the games held out.", n),
			fmt.Sprintf("Held-out move match: the real search at depth 4, with the "+e.searchName()+", on %d positions of the \"david\" protocol's held-out games, for the evolved player and every paper preset.", e.cfg.HeldOutPositions),
		})
	sec := e.doc.Section("Texel runs")
	t := sec.Table("run", "seed", "training positions", "held-out positions", "K", "train loss", "held-out loss", "steps")
	var best *runResult
	for i := 0; i < n; i++ {
		s, err := tuner.Configure(tuner.Options{Preset: "modern", PGN: e.cfg.PGN, Seed: e.cfg.Seed + uint64(i), Generations: e.cfg.Generations})
		if err != nil {
			return err
		}
		r, err := e.evolve(s, fmt.Sprintf("modern run %d", i+1))
		if err != nil {
			return err
		}
		t.Add(fmt.Sprint(i+1), fmt.Sprint(s.Config.Seed), fmt.Sprint(r.prep.TrainPositions), fmt.Sprint(r.prep.TestPositions), fmt.Sprintf("%.5f", r.run.Setup().Problem.K),
			fmt.Sprintf("%.5f", r.train.Loss), fmt.Sprintf("%.5f", r.test.Loss), fmt.Sprint(r.last.Generation))
		if best == nil || r.best.Fitness > best.best.Fitness {
			best = r
		}
	}
	sec.Text("The reported player is the run with the best training loss.")
	// Held-out move match at depth 4.
	p, err := data.LookupProtocol("david")
	if err != nil {
		return err
	}
	_, test, _, err := tuner.Samples(e.ctx, tuner.Problem{Fitness: "match", PGN: e.cfg.PGN, TestPositions: e.cfg.HeldOutPositions, Protocol: p.Name}, e.res, func(string, ...any) {})
	if err != nil {
		return err
	}
	evolved := e.evolvedEntrant("evolved (modern)", "modern", best.best.X)
	mat, err := e.presetEntrant("material")
	if err != nil {
		return err
	}
	players := append([]entrant{evolved, mat}, e.paperPresets("")...)
	mres, err := e.heldOutMatch(players, test, 4)
	if err != nil {
		return err
	}
	ms := e.doc.Section("Held-out grandmaster moves at depth 4")
	mt := ms.Table("player", "matched", "rate")
	for i, pl := range players {
		mt.Add(pl.name, fmt.Sprintf("%d/%d", mres[i].Matched, mres[i].Positions), pct(float64(mres[i].Matched)/float64(max(1, mres[i].Positions))))
	}
	// Elo against material, every paper preset and the strongest.
	names, lims := e.timeControls()
	es := e.doc.Section("Elo")
	if len(lims) == 0 {
		es.Text("No Elo matches (give -nodes or -movetime).")
	} else {
		strong, err := e.strongest()
		if err != nil {
			return err
		}
		es.Text("The evolved modern player against material-only and every paper preset (the strongest: %s), %d games per pairing from `%s`, every player with the %s; Elo of the evolved player with its 95%% pentanomial interval.", strong.name, e.cfg.Games+e.cfg.Games%2, e.cfg.Openings, e.searchName())
		cols := []string{"opponent"}
		for _, n := range names {
			cols = append(cols, n+": +W =D −L", n+": Elo (95%)")
		}
		et := es.Table(cols...)
		for _, op := range players[1:] {
			label := op.name
			if op.name == strong.name {
				label += " (strongest paper preset)"
			}
			row := []string{label}
			for i, lim := range lims {
				e.say("elo: modern vs %s at %s", op.name, names[i])
				sc, st, err := e.match(evolved, op, lim)
				if err != nil {
					return err
				}
				row = append(row, sc.String(), eloCell(st))
			}
			et.Add(row...)
		}
	}
	e.doc.Commands = append(e.commands("modern"),
		"evochess tune -preset modern -pgn ../shared/data/pgn/gm_train_2000-2018_20000.pgn.gz -seed 1 -out modern.json -json")
	return nil
}

// hybrids compares the combinations worth having: move match through a
// real depth-2 search on a small set, Texel then move-match fine-tuning,
// and population optimizers against Adam on the Texel loss (david35).
func (e *experiment) hybrids() error {
	gens := 30
	if e.cfg.Full {
		gens = 100
	}
	if e.cfg.Generations > 0 {
		gens = e.cfg.Generations
	}
	e.header("Hybrids: Texel, move match, and both", "beyond the papers",
		[]string{
			"Scheme david35 for every run, seed " + fmt.Sprint(e.cfg.Seed) + ", all from material values unless stated.",
			fmt.Sprintf("texel-adam: the preset (full-batch Adam, 400 steps, all positions of the training games resolved, 10%% of the games held out). Population optimizers on the same loss: ep (N = 20), cmaes, ga (pop 50) for %d generations each on the same positions.", gens),
			fmt.Sprintf("Texel then move match: hooke-jeeves on match-qs (1,000 positions, full set) from the texel-adam player; ep on search-match (the real depth-2 search's move match on 300 positions, %d generations) from the texel-adam player.", gens),
		})
	type row struct {
		name string
		run  *runResult
	}
	var rows []row
	run := func(name string, o tuner.Options) (*runResult, error) {
		o.PGN, o.Seed = e.cfg.PGN, e.cfg.Seed
		s, err := tuner.Configure(o)
		if err != nil {
			return nil, err
		}
		r, err := e.evolve(s, name)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row{name, r})
		return r, nil
	}
	adam, err := run("texel-adam", tuner.Options{Preset: "texel-adam"})
	if err != nil {
		return err
	}
	for _, algo := range []struct {
		name string
		o    tuner.Options
	}{
		{"ep on the Texel loss", tuner.Options{Algorithm: "ep", Preset: "texel-adam", Generations: gens, Start: tuner.StartMaterial}},
		{"cmaes on the Texel loss", tuner.Options{Algorithm: "cmaes", Preset: "texel-adam", Generations: gens, Start: tuner.StartMaterial}},
		{"ga on the Texel loss", tuner.Options{Algorithm: "ga", Preset: "texel-adam", Generations: gens, Population: 50, Start: tuner.StartMaterial}},
	} {
		if _, err := run(algo.name, algo.o); err != nil {
			return err
		}
	}
	if _, err := run("texel-adam, then hooke-jeeves on match-qs", tuner.Options{Preset: "hooke-jeeves", Scheme: "david35", Unsolved: -1, Init: [][]int32{adam.best.X}}); err != nil {
		return err
	}
	if _, err := run("texel-adam, then ep on the depth-2 search match", tuner.Options{Algorithm: "ep", Scheme: "david35", Fitness: "search-match", Depth: 2, Search: e.cfg.Search,
		Positions: 300, TestPositions: 300, Generations: gens, Init: [][]int32{adam.best.X}}); err != nil {
		return err
	}
	sec := e.doc.Section("Runs")
	t := sec.Table("run", "fitness", "evaluations", "train", "held out")
	score := func(s tuner.Score) string {
		if s.Loss != 0 {
			return fmt.Sprintf("loss %.5f", s.Loss)
		}
		return pct(s.Rate())
	}
	for _, r := range rows {
		t.Add(r.name, r.run.run.Setup().Problem.Fitness, fmt.Sprint(r.run.last.Evaluations), score(r.run.train), score(r.run.test))
	}
	var ev []entrant
	for _, r := range rows {
		ev = append(ev, e.evolvedEntrant(r.name, "david35", r.run.best.X))
	}
	if err := e.eloSection("Elo", ev); err != nil {
		return err
	}
	e.doc.Commands = e.commands("hybrids")
	return nil
}
