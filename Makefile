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

.PHONY: all build site native run test test-native test-wasm test-e2e bench bench-wasm clean reproduce

all: build

build: site native

# The site embedded into the server: Vugu UI (main.wasm), worker (worker.wasm), wasm_exec.js, static assets.
site:
	$(GO) generate ./ui
	mkdir -p $(SITE)
	cp -r assets/web/. $(SITE)/
	mkdir -p $(SITE)/data && cp -r assets/data/. $(SITE)/data/
	cp $(WASMLIB)/wasm_exec.js $(SITE)/wasm_exec.js
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $(SITE)/main.wasm ./ui
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $(SITE)/worker.wasm ./wasm/worker

native:
	$(GO) build -trimpath -o $(BIN) ./server

run: build
	./$(BIN) serve -addr $(ADDR)

test: test-native test-wasm test-e2e

test-native:
	$(GO) vet ./...
	$(GO) test -short ./...

test-wasm:
	PATH="$(WASMLIB):$$PATH" GOOS=js GOARCH=wasm $(GO) test -short -exec "$(WASMEXEC)" ./engine/... ./tuner/... ./wasm/...

test-e2e: build
	cd ui/e2e && npm ci --no-audit --no-fund && node run.mjs ../../$(BIN)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/... ./tuner/...

bench-wasm:
	PATH="$(WASMLIB):$$PATH" GOOS=js GOARCH=wasm $(GO) test -run '^$$' -bench . -exec "$(WASMEXEC)" ./engine/... ./tuner/...

reproduce: native
	./$(BIN) experiment all

clean:
	rm -rf bin $(SITE)/*.wasm $(SITE)/*.js $(SITE)/*.html $(SITE)/*.css $(SITE)/data $(SITE)/pieces
