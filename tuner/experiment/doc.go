// Package experiment reruns the papers' experiments and the project's own
// on the shared data and returns each as a tuner/report Doc (rendered to
// docs/experiments/NAME.md by `evochess experiment NAME`), with the papers'
// published figures (report.Published) beside ours.
//
// It uses only the tuner's exported API (Configure, Prepare, runs, held-out
// scoring) and tuner/arena; the tuner does not know it exists.
//
// Files:
//   - experiment.go: Names, Config, Run and the common machinery: evolving
//     a configured run (the reported player is always chosen by training
//     fitness, or a validation split of the training games, never by the
//     held-out set), entrants (evolved players, material, the paper
//     presets, the strongest paper preset), Elo matches at fixed nodes and
//     per-move time (pentanomial 95% intervals) and their report sections.
//   - experiment_papers.go: the experiments themselves: "presets" (the
//     published weights' round robin), "david", "david-search",
//     "david-coevolution", "vazquez", "phoenix", "prasad", "modern" (the
//     modern scheme's Texel run) and "hybrids".
//   - matchlog.go: MatchLog, the JSON-lines record of finished matches and
//     games that lets a long experiment stop and resume match by match.
//
// Nothing here prints, keeps package-level mutable state or touches
// syscall/js; progress goes through Config.Progress.
package experiment
