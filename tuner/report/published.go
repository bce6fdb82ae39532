package report

import "fmt"

// Figure is one figure a paper publishes, as the reports quote it.
type Figure struct {
	Value  string // as printed in the paper (units included)
	Source string // where in the paper
}

// published holds the papers' figures by experiment and key.
var published = map[string]map[string]Figure{
	"david": {
		"gen1":      {"≈ 800 avg (16%)", "§V-A, Fig. 1"},
		"train":     {"32.4% (1620)", "§V-A, run 1 of 10"},
		"test":      {"30.4% (1521)", "§V-A, run 1 of 10"},
		"evals":     {"20,000", "100 × 200 generations"},
		"time":      {"≈ 2 h", "§V-A"},
		"crafty":    {"+74 Elo against Crafty in 300 games (with evolved search)", "Table IV"},
		"coevol":    {"EVOL* (after coevolution) beat EVOL₀ (before) and Crafty", "§V-B"},
		"search":    {"the best organism's node count for the 879 ECM positions falls over 50 generations; with Table II EVOL* solved 654 of 879 ECM positions at 5 s each (Crafty 593)", "§V-C, Fig. 4"},
		"positions": {"5000/5000", "§III-B"},
	},
	"vazquez": {
		"gen1":     {"20.8%", "§V, VP⁰"},
		"ep":       {"32.8%", "§V, VP²⁰⁰ exploration"},
		"hj-train": {"48.3%", "§V, VP exploitation"},
		"hj-test":  {"47.9%", "§V, second data set"},
		"games":    {"VP exploitation vs VP²⁰⁰ exploration +142 =25 −32, rated 2425 vs 2205 (+220 Elo, Bayeselo), depth 4, 200 games", "§V, second experiment"},
	},
	"phoenix": {
		"generations": {"1000", "§IV"},
		"games":       {"after 1000 generations Phoenix won 422 and lost 328 games against CuckooChess 1.12, rated at International Master level", "§V"},
	},
	"prasad": {
		"ratings": {"ratings of 2414 (supervised) and 2450 (unsupervised) points for the new feature set; no match rates or game counts", "§V"},
	},
}

// Published returns the paper's figure of an experiment; it panics on an
// unknown key (a programming error the experiment tests catch).
func Published(experiment, key string) Figure {
	f, ok := published[experiment][key]
	if !ok {
		panic(fmt.Sprintf("report: no published figure %s/%s", experiment, key))
	}
	return f
}
