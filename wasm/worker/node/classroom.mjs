// Browser throughput benchmark (make bench-browser): the paper-size
// classroom run — vazquez-ep, population 20, 1,000 training positions (and
// 1,000 held out) × 200 generations — natively on one core, in worker.wasm
// under node, and in headless Chromium with the playground's workers
// (worker.js?wasm=main.wasm, nested fitness workers as the Tune tab starts
// them). It prints each run's time (the run's own clock: the generations,
// without loading and the first compilation), its wall time from start-run
// to the player, where the run time went (training, held-out, re-resolving)
// and the fitness path's throughput: training positions scored per second,
// per worker, against native per core on the same run. Every run must end
// with the same result (best fitness, held-out rate, weights).
//
//   node classroom.mjs EVOCHESS_BINARY SITE_DIR [FITNESS_WORKERS] [GENERATIONS]
//
// FITNESS_WORKERS: the nested workers of the split runs (default: the
// playground's choice, min(hardware threads, 4)). The positions come from
// the bundled games (assets/data/gm_demo_1500.pgn) with the "all" protocol
// (every position from ply 12): the default "david" protocol gives only 312
// positions there. CHROMIUM=0 skips the browser; NODE=0 skips node; NATIVE=0
// skips the native run (the ratios are then against the first run);
// CHROMIUM_RUNS=0,2,0,2 chooses the browser runs (nested workers per run, 0:
// in process), for alternating comparisons in one browser; NODE_RUNS does
// the same for the node runs (worker.wasm from SITE_DIR, so two sites can
// be compared); JSFLAGS passes
// V8 flags (--js-flags). Figures depend on the machine's load: run it on a
// quiet machine.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebWorker, normalize } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const [bin, siteDir, nfitArg, gensArg] = process.argv.slice(2);
if (!bin || !siteDir) {
  console.error('usage: node classroom.mjs EVOCHESS_BINARY SITE_DIR [FITNESS_WORKERS] [GENERATIONS]');
  process.exit(2);
}
const nfit = Number(nfitArg || Math.min(os.availableParallelism ? os.availableParallelism() : os.cpus().length, 4));
const config = {
  preset: 'vazquez-ep', seed: 1,
  data: { source: 'bundled', sample: { protocol: 'all', seed: 1, train: 1000, test: 1000 } },
};
if (gensArg) config.generations = Number(gensArg);

function fail(msg) { console.error('classroom: FAIL: ' + msg); process.exit(1); }

// summary reduces a run's messages to its figures and its comparable result.
function summary(name, msgs, wallMs, workers) {
  const prog = msgs.filter((m) => m.type === 'progress');
  const player = msgs.find((m) => m.type === 'player');
  const failed = msgs.find((m) => m.type === 'run-state' && m.data.state === 'failed');
  if (failed) fail(`${name}: run failed: ${failed.data.reason}`);
  if (!prog.length || !player) fail(`${name}: no progress or no player`);
  const last = prog[prog.length - 1].data;
  const t = last.timing;
  if (!t) fail(`${name}: progress has no timing (an old build?)`);
  // Ids differ, and the native run's command line names its one worker.
  const norm = normalize(msgs).map((s) => {
    const m = JSON.parse(s);
    delete m.id;
    if (m.type === 'run-state') delete m.data.commandLine;
    return JSON.stringify(m);
  });
  return { name, workers, runMs: last.elapsedMs, wallMs, t, last, result: norm.join('\n') };
}

async function serverRun(base) {
  const r = await fetch(base + '/api/runs', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...config, workers: 1 }) });
  if (r.status !== 201) fail('POST /api/runs: ' + r.status + ' ' + await r.text());
  const created = await r.json();
  const t0 = Date.now();
  const text = await (await fetch(base + created.events)).text(); // the stream ends with the run
  const wall = Date.now() - t0;
  const msgs = text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)));
  return summary('native, 1 core (evochess serve)', msgs, wall, 1);
}

async function nodeRun(n) {
  const w = new WebWorker(siteDir);
  await w.wait((m) => m.type === 'ready');
  await w.request('load-data', 'load', { source: 'bundled' }, 'loaded');
  const t0 = Date.now();
  const done = w.wait((m) => m.id === 'run' && (m.type === 'player'), 'run');
  w.send('start-run', 'run', { config, fitnessWorkers: n });
  await done;
  const wall = Date.now() - t0;
  await w.terminate();
  return summary(n ? `node, worker.wasm + ${n} nested workers` : 'node, worker.wasm in-process', w.log.filter((m) => m.id === 'run'), wall, n || 1);
}

async function chromiumRuns(base, ns) {
  const require = createRequire(path.join(here, '../../../ui/e2e/package.json'));
  const { chromium } = require('playwright-core');
  const browser = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(os.tmpdir(), 'pw-')), {
    executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium', headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ...(process.env.JSFLAGS ? ['--js-flags=' + process.env.JSFLAGS] : [])],
  });
  try {
    const page = await browser.newPage();
    await page.goto(base + '/wasm_exec.js'); // a same-origin document
    const out = [];
    // A short warm-up run first: the first wasm instances of a fresh
    // browser compile and tier up (toolchain.md §2).
    for (const [n, gens, keep] of [[ns[0], 3, false], ...ns.map((n) => [n, config.generations, true])]) {
      const cfg = gens ? { ...config, generations: gens } : config;
      const res = await page.evaluate(async ({ cfg, n }) => {
        const log = [];
        const w = new Worker('/worker.js?wasm=main.wasm'); // the playground's worker (ui/worker.go)
        let t0 = 0;
        const done = new Promise((resolve, reject) => {
          w.onmessage = (e) => {
            const m = JSON.parse(e.data);
            if (m.type === 'ready') w.postMessage(JSON.stringify({ v: 1, type: 'load-data', id: 'load', data: { source: 'bundled' } }));
            if (m.type === 'loaded') {
              t0 = performance.now();
              w.postMessage(JSON.stringify({ v: 1, type: 'start-run', id: 'run', data: { config: cfg, fitnessWorkers: n } }));
            }
            if (m.type === 'error') reject(new Error(m.data.message));
            if (m.id === 'run') log.push(m);
            if (m.id === 'run' && m.type === 'player') resolve();
          };
        });
        await done;
        const wall = performance.now() - t0;
        w.terminate();
        return { log, wall, threads: navigator.hardwareConcurrency };
      }, { cfg, n });
      if (keep) out.push(summary(n ? `chromium, playground worker + ${n} nested workers` : 'chromium, playground worker in-process', res.log, res.wall, n || 1));
    }
    return out;
  } finally {
    await browser.close();
  }
}

const srv = spawn(bin, ['serve', '-addr', '127.0.0.1:0', '-db', path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'evochess-')), 'league.db')], { stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((resolve, reject) => {
  let out = '';
  srv.stdout.on('data', (d) => { out += d; const m = out.match(/listening on (http:\/\/[^/\s]+)/); if (m) resolve(m[1]); });
  srv.on('exit', (c) => reject(new Error('server exited ' + c)));
});
const runs = [];
try {
  if (process.env.NATIVE !== '0') runs.push(await serverRun(base));
  if (process.env.NODE !== '0') {
    const ns = process.env.NODE_RUNS ? process.env.NODE_RUNS.split(',').map(Number) : nfit > 0 ? [0, nfit] : [0];
    for (const n of ns) runs.push(await nodeRun(n));
  }
  if (process.env.CHROMIUM !== '0') runs.push(...await chromiumRuns(base, process.env.CHROMIUM_RUNS ? process.env.CHROMIUM_RUNS.split(',').map(Number) : nfit > 0 ? [0, nfit] : [0]));
} finally {
  srv.kill('SIGTERM');
}

const s = (ms) => (ms / 1000).toFixed(2) + ' s';
const M = (x) => (x / 1e6).toFixed(2) + ' M';
const native = runs[0];
const nativeRate = native.t.trainScorings / (native.t.trainMs / 1000);
const l = native.last;
if (process.env.NATIVE === '0') console.log(`no native run: the last column compares with "${native.name}"`);
console.log(`classroom run: ${config.preset}, population 20, ${l.generation} generations, 1,000 training + 1,000 held-out positions`);
console.log(`  ("all" protocol on the bundled games, seed 1); best ${l.best}, training match ${l.trainMatch}, held-out ${l.testMatch}, ${l.evaluations} evaluations`);
console.log('');
console.log('run                                            run time   wall      training   held-out   re-resolve  other     positions/s per worker  vs native/core');
for (const r of runs) {
  const t = r.t;
  const other = r.runMs - t.trainMs - t.heldOutMs - t.resolveMs;
  const rate = t.trainScorings / (t.trainMs / 1000) / r.workers;
  console.log(`${r.name.padEnd(46)} ${s(r.runMs).padStart(8)}  ${s(r.wallMs).padStart(8)}  ${s(t.trainMs).padStart(8)}  ${s(t.heldOutMs).padStart(8)}  ${s(t.resolveMs).padStart(9)}  ${s(other).padStart(8)}  ${M(rate).padStart(14)}          ${(nativeRate / rate).toFixed(2)}×`);
}
console.log('');
console.log('run time: the run\'s own clock (progress elapsedMs: the generations, without reading the games and the first compilation);');
console.log('wall: start-run to the player; positions/s: training scorings / training time / scoring workers (through messages and yields).');
for (const r of runs.slice(1)) {
  if (r.result !== native.result) fail(`${r.name}: the run's messages differ from the native run's`);
}
console.log(`same result: all ${runs.length} runs sent identical run-state, progress and player messages (wall-clock fields aside)`);
