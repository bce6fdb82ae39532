# evochess — build, run, test, bench.
#   make run     build the playground and serve it on http://127.0.0.1:8080 (bundled grandmaster games)
#   make test    every test: native, WASM under node, end-to-end in headless Chromium
#   make build   bin/evochess (native CLI + server with the site embedded) and the WASM builds
#   make bench   benchmarks (native and WASM) with their units

GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
WASMLIB  := $(GOROOT)/lib/wasm
BIN      := bin/evochess
SITE     := server/site
ADDR     ?= 127.0.0.1:8080
WASMEXEC := $(WASMLIB)/go_js_wasm_exec

SHARED   ?= $(abspath ../shared/data)
# Files a browser fetches to show the playground and start one worker (make size).
FIRSTLOAD := index.html wasm_exec.js vugu-render.js style.css league.css main.wasm worker.js $(notdir $(wildcard assets/web/pieces/*.svg))

.PHONY: league-load all build site native run test test-native test-short test-wasm test-bitident test-e2e size measure measure-texel bench bench-wasm bench-browser clean reproduce sf-clock sf-movetime book calibrate openbench bench-dist search-elo modern-elo reports-timed

# OpenBench builds engines with `make EXE=name` in the repository root: with
# EXE set, the default target writes the UCI engine there (the evochess binary
# whose bare start speaks UCI; `EXE bench` prints "<nodes> nodes <nps> nps").
ifdef EXE
all: openbench
else
all: build
endif

openbench:
	$(GO) build -trimpath -ldflags "-X main.defaultCommand=uci" -o $(EXE) ./server

build: site native

# The site embedded into the server: Vugu UI (main.wasm, which also runs as every Web Worker through
# worker.js?wasm=main.wasm), the worker-only build (worker.wasm, used by the node bit-identity tests),
# wasm_exec.js, static assets.
site:
	$(GO) generate ./ui
	mkdir -p $(SITE)
	cp -r assets/web/. $(SITE)/
	mkdir -p $(SITE)/data && cp -r assets/data/. $(SITE)/data/
	cp $(WASMLIB)/wasm_exec.js $(SITE)/wasm_exec.js
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $(SITE)/main.wasm ./ui
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $(SITE)/worker.wasm ./wasm/worker
	# Precompress once at build time (the server uses x.gz as x's gzip variant,
	# and x.br when x.br.sha256 matches x; brotli is optional: apt-get install brotli).
	find $(SITE) -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.html' -o -name '*.css' -o -name '*.svg' -o -name '*.pgn' -o -name '*.epd' \) \
		-exec gzip -9 -n -k -f {} \;
	rm -f $(SITE)/*.br $(SITE)/*.br.sha256 $(SITE)/data/*.br $(SITE)/data/*.br.sha256
	if command -v brotli >/dev/null; then for f in $(SITE)/main.wasm $(SITE)/worker.wasm $(SITE)/data/gm_demo_1500.pgn; do \
		t=$$(mktemp) && cp $$f $$t && brotli -q 11 -c $$t > $$f.br && sha256sum $$t | cut -d' ' -f1 > $$f.br.sha256; \
		rm -f $$t; done; \
	else echo "brotli not installed: serving gzip only"; fi

native:
	$(GO) build -trimpath -o $(BIN) ./server

run: build
	./$(BIN) serve -addr $(ADDR)

test: test-native test-wasm test-bitident test-e2e

# The full native suite: deep perft, all 20,000 games against notnil/chess, WAC, UCI games against stockfish.
test-native:
	$(GO) vet ./...
	$(GO) test ./...

# Quick native run for development (deep and slow tests skipped).
test-short:
	$(GO) test -short ./...

# wasm/runner's TestRunGolden compares the WebAssembly run with a native run
# made just before (bit-identity of the Go code).
test-wasm:
	golden=$$(mktemp) && EVOCHESS_RUN_GOLDEN=$$golden $(GO) test -count=1 -run '^TestRunGolden$$' ./wasm/runner -args -update && \
	PATH="$(WASMLIB):$$PATH" EVOCHESS_RUN_GOLDEN=$$golden GOOS=js GOARCH=wasm $(GO) test -short -exec "$(WASMEXEC)" ./engine/... ./tuner/... ./wasm/...; \
	status=$$?; rm -f $$golden; exit $$status

# The same run in worker.wasm (2 nested fitness workers) under node and in
# headless Chromium, in the native server and in the CLI must give identical
# results.
test-bitident: build
	node wasm/worker/node/bitident.mjs $(SITE) $(BIN) $(SHARED) 2
	cd ui/e2e && npm ci --no-audit --no-fund
	node wasm/worker/node/chromium.mjs $(BIN) 2

# Memory of one worker with the 20,000-game set and its fitness throughput
# against the native CLI on one core.
measure: build
	node wasm/worker/node/measure.mjs $(SITE) $(BIN) $(SHARED) 3

# Browser throughput: the paper-size classroom run (vazquez-ep, 20 x 1,000 positions x 200 generations on the
# bundled games, "all" protocol) natively on one core, in worker.wasm under node and in headless Chromium with the
# playground's workers (in-process and split over FITNESS_WORKERS nested workers; default min(threads, 4)): run time,
# where it went, and training positions/s per worker against native per core. Run it on a quiet machine.
FITNESS_WORKERS ?=
bench-browser: build
	cd ui/e2e && npm ci --no-audit --no-fund
	node wasm/worker/node/classroom.mjs $(BIN) $(SITE) $(FITNESS_WORKERS)

# The browser Texel run: the modern preset on the bundled games in one
# worker (worker.wasm under node), its wall time, memory and losses, and the
# same result as the native CLI.
measure-texel: build
	node wasm/worker/node/texel.mjs $(SITE) $(BIN) $(SHARED) modern

# Bytes a first visit transfers (gzip), from the built site.
size: site
	@total=0; for f in $(FIRSTLOAD); do p=$(SITE)/$$f; [ -f $$p ] || p=$(SITE)/pieces/$$f; \
		if [ -f $$p.br ]; then n=$$(wc -c < $$p.br); elif [ -f $$p.gz ]; then n=$$(wc -c < $$p.gz); else n=$$(wc -c < $$p); fi; \
		total=$$((total + n)); printf '%-16s %9d\n' $$f $$n; done; \
		printf 'first load       %9d bytes (brotli for the wasm where built, gzip otherwise)\n' $$total

test-e2e: build
	cd ui/e2e && npm ci --no-audit --no-fund && node run.mjs $(abspath $(BIN)) && node league.mjs $(abspath $(BIN)) && node play.mjs $(abspath $(BIN)) && node tune.mjs $(abspath $(BIN)) && node data.mjs $(abspath $(BIN)) && node links.mjs $(abspath $(BIN)) && node tune2.mjs $(abspath $(BIN))

# 40 students opening the page, submitting players and watching the league's
# leaderboard at once against a fresh `evochess serve` (games on all cores):
# errors and p50/p95 latency per request kind.
STUDENTS ?= 40
league-load: build
	$(GO) run ./server/leagueload -bin $(BIN) -students $(STUDENTS)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/... ./tuner/... ./wasm/runner

bench-wasm:
	PATH="$(WASMLIB):$$PATH" GOOS=js GOARCH=wasm $(GO) test -run '^$$' -bench . -exec "$(WASMEXEC)" ./engine/... ./tuner/... ./wasm/runner

# Elo of each technique of the modern search group: the default search against it with that technique off,
# at fixed nodes with an SPRT (scripts/search-elo.sh; TECHS="lmr lmp ..." picks some; NODES, GAMES, CONC, ...).
search-elo: native
	scripts/search-elo.sh $(TECHS)

# Clock games against Debian's stockfish through the UCI protocol (evochess as a subprocess, like a GUI runs it):
# SFGAMES games at 10+0.1 and at 1+0.01, one game at a time; prints score, Elo and each engine's time forfeits,
# illegal moves and engine failures. SFPONDER=-ponder makes both engines ponder.
SFGAMES  ?= 200
SFELO    ?= 2000
SFPLAYER ?= -preset phoenix-default
SFPONDER ?=
# The bundled Polyglot opening book (assets/data/book.bin, see assets/data/PROVENANCE.md): the first 12 plies of the
# shared 20,000 grandmaster games, moves played in at least 3 games.
BOOKPLIES ?= 12
BOOKMIN   ?= 3
book: native
	./$(BIN) book -pgn $(SHARED)/pgn/gm_train_2000-2018_20000.pgn.gz -out assets/data/book.bin -plies $(BOOKPLIES) -min-games $(BOOKMIN)
	sha256sum assets/data/book.bin

# Strength levels (UCI_Elo): CALGAMES games per level against stockfish's UCI_Elo levels at 100 ms per move (chained
# below its range); writes docs/calibration.md and the table engine/strength/calibration.go. calibrate-state.json
# records each finished match, and calibrate-state.json.*.jsonl the games of the match in progress: an interrupted
# run resumes from its last finished game; delete them to measure afresh (a state file of other
# settings, or written before session 36, is refused with both settings named).
CALGAMES ?= 100
calibrate: native
	./$(BIN) calibrate -games $(CALGAMES) -movetime 100 -state calibrate-state.json -pgn calibrate.pgn \
		-md docs/calibration.md -go engine/strength/calibration.go

sf-clock: native
	for tc in 10+0.1 1+0.01; do echo "== $$tc"; ./$(BIN) match -a "uci:$(abspath $(BIN)) uci $(SFPLAYER)" \
		-b "uci:/usr/games/stockfish,Threads=1,Hash=16,UCI_LimitStrength=true,UCI_Elo=$(SFELO)" \
		-tc $$tc -games $(SFGAMES) -concurrency 1 $(SFPONDER) -pgn sf-clock-$$tc.pgn || exit 1; done

# Distributed tuning on this machine: the same run locally on one core and as a
# coordinator with 1 and 2 worker processes (one slot each); wall times,
# speed-up, tasks/s per worker, overhead per task, projection to 16 and 64
# cores. Needs 3 free cores; WORKLOAD=mnc for tournament fitness.
WORKLOAD ?= david-search
bench-dist: native
	$(GO) run ./internal/distbench -bin $(BIN) -data $(SHARED) -workload $(WORKLOAD)

# 100 ms per move against stockfish at UCI_Elo SFELO (issue 10's target table): SFGAMES games, in-process player
# SFSPEC (default phoenix-default), one game at a time.
# OpenBench-style adjudication (both engines must agree), SFADJ= turns it off.
SFSPEC ?= preset:phoenix-default
SFADJ  ?= -resign movecount=3,score=600 -draw movenumber=40,movecount=8,score=10
sf-movetime: native
	./$(BIN) match -a "$(SFSPEC)" -b "uci:/usr/games/stockfish,Threads=1,Hash=16,UCI_LimitStrength=true,UCI_Elo=$(SFELO)" \
		-movetime 100 -games $(SFGAMES) -concurrency 1 $(SFADJ) -pgn sf-movetime.pgn

# Issue 9's games: the modern preset's player (modern.json, tuned first if missing) against the strongest paper
# preset at 100 ms per move, 400 games from the shared openings, two at a time, adjudicated like sf-movetime.
# ELOSEARCH=classic plays both with that search preset (the README's figure) instead of the default search.
comma := ,
ELOSEARCH ?=
ELOSPEC := $(if $(ELOSEARCH),$(comma)search=$(ELOSEARCH))
modern-elo: native
	test -f modern.json || ./$(BIN) tune -preset modern -pgn $(SHARED)/pgn/gm_train_2000-2018_20000.pgn.gz -seed 1 -out modern.json -json
	./$(BIN) match -a modern.json$(ELOSPEC) -b preset:david-fig3$(ELOSPEC) -movetime 100 -games 400 -concurrency 2 $(SFADJ) \
		-openings $(SHARED)/openings/noob_3moves_1500.epd -pgn modern-elo.pgn

reproduce: native
	./$(BIN) experiment all

# The evolved players' Elo tables at 10,000 nodes and at 100 ms per move, 400 games per pairing, for every report
# but modern, which has them (issue 9): about 40 pairings, roughly a day on 2 cores. Every finished match and game
# is recorded in MATCHES, so the target can be stopped (Ctrl-C) and run again to go on where it stopped.
MATCHES ?= docs/experiments/matches.jsonl
TIMED   := -games 400 -nodes 10000 -movetime 100 -strongest david-fig3 -matches $(MATCHES) -data-dir $(SHARED)
reports-timed: native
	./$(BIN) experiment -runs 2 $(TIMED) david david-coevolution vazquez prasad
	./$(BIN) experiment $(TIMED) phoenix
	./$(BIN) experiment -gens 20 $(TIMED) hybrids

clean:
	rm -rf bin $(SITE)/*.wasm $(SITE)/*.js $(SITE)/*.html $(SITE)/*.css $(SITE)/*.gz $(SITE)/*.br $(SITE)/*.sha256 $(SITE)/data $(SITE)/pieces
