// Command ui is the evochess playground: a Vugu (github.com/vugu/vugu v0.4.0)
// single-page UI compiled to WebAssembly (main.wasm) that drives Web Workers
// running worker.wasm (wasm/worker) through the wasm/protocol messages.
//
// Files:
//   - main_wasm.go: the Vugu render loop; app.go: the shared page state and the
//     render scheduling of worker messages (coalesced, paced by the last render's cost).
//   - worker.go: a Web Worker wrapper (postMessage of protocol envelopes, replies routed by id).
//   - islands.go: display-only fragments (charts, weights table, option lists) written
//     as HTML only when they change, outside Vugu's every-render DOM sync.
//   - catalog.go: schemes, presets, algorithms and sampling protocols from the registries.
//   - root.vugu/.go: top bar and tabs; datatab, tunetab, playtab, sharetab, comparetab (.vugu + .go): the five tabs;
//     league-tab.vugu + league.go: the class league (served by `evochess serve`; board.go shows its replays read-only).
//   - board.vugu/.go: the chess board (hints, promotion, flip); boardinput.go: tap-tap and drag
//     moves by pointer events (mouse, pen and touch alike).
//   - chart.vugu/.go: the SVG charts (fitness, match rate, Texel loss; geometry in ui/chart),
//     laid out for the viewport's width so phones keep readable labels.
//   - data.go, tune.go, play.go, players.go (Share), compare.go: the tabs' state and handlers;
//     explain.go: the Play tab's evaluation explained term by term (explain request) and FEN set-up;
//     playlines.go: the Play tab's best lines (a MultiPV search request); playkeep.go: the game in
//     progress kept in localStorage and restored after a reload (model.KeptGame);
//     match.go: the Compare tab's match (one player against chosen opponents: Elo, pairs, SPRT);
//     compare_keep.go: the match and round robin kept in localStorage as they go, and resumed, their
//     games replayed and saved as PGN; replay.go: a finished game stepped on a read-only board (League, Compare).
//   - store.go: saved players and finished runs in localStorage; native.go: runs on the native server over SSE.
//   - Pure-Go helpers with native tests: ui/share (share-link codec), ui/chart (chart geometry),
//     ui/game (game model on engine/board), ui/model (players, weights table, piece-square boards,
//     share-link conversion, the explanation's grouping into material, mobility, pawn structure,
//     king safety, …); the Share tab's QR codes come from internal/qr.
//   - ui/e2e: end-to-end tests in headless Chromium (node run.mjs bin/evochess), desktop,
//     phone (390 × 844) and tablet (768 × 1024) viewports.
//   - Layout for phones and tablets lives in assets/web/style.css (media queries at 900,
//     720, 600 and 430 px): wrapped top bar, full-width board, scrolling or card tables.
//
// Everything that touches syscall/js or Vugu is build-tagged js && wasm; main_native.go
// only explains that the UI runs in a browser, so native go build/vet/test stay green.
// The .vugu files are compiled by ./internal/vugugen (go generate ./ui): Vugu's
// generator with its static-HTML optimisation off (see there why), output
// tagged js && wasm.
package main

//go:generate go run ./internal/vugugen .
