// The browser Texel run: a worker (worker.wasm under node, the code a
// browser's Web Worker runs) loads the bundled 1,500 games and runs a Texel
// preset (default "modern") on every position, reporting its wall time from
// start-run to the player (resolving, K, every Adam step, held-out losses),
// its memory, and the losses; then the same command natively must give the
// same player and losses bit for bit.
//
//   node texel.mjs SITE_DIR EVOCHESS_BINARY SHARED_DATA_DIR [PRESET] [GENERATIONS]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebWorker, shellSplit } from './harness.mjs';

const [siteDir, bin, sharedData, preset = 'modern', gens = '0'] = process.argv.slice(2);
const name = 'pgn/gm_demo_1500.pgn';
const config = { preset, seed: 1, data: { source: 'bundled', sample: { seed: 1 } } };
if (Number(gens) > 0) config.generations = Number(gens);
const MB = (b) => (b / 1048576).toFixed(1) + ' MiB';

const text = fs.readFileSync(path.join(sharedData, name), 'utf8');
const w = new WebWorker(siteDir);
await w.wait((m) => m.type === 'ready');
let t = Date.now();
const loaded = await w.request('load-data', 'load', { pgn: text, name: 'bundled' }, 'loaded');
const loadSecs = (Date.now() - t) / 1000;
t = Date.now();
let firstProgress = 0;
w.wait((m) => m.id === 'run' && m.type === 'progress').then(() => { firstProgress = (Date.now() - t) / 1000; });
const done = w.wait((m) => m.id === 'run' && m.type === 'player', 'run');
w.send('start-run', 'run', { config });
await done;
const runSecs = (Date.now() - t) / 1000;
const mem = await w.stats();
const prog = w.log.filter((m) => m.id === 'run' && m.type === 'progress').map((m) => m.data);
const state = w.log.filter((m) => m.id === 'run' && m.type === 'run-state').map((m) => m.data);
const cmd = state[0].commandLine;
await w.terminate();
if (state.some((s) => s.state === 'failed')) {
  console.error('run failed:', state.find((s) => s.state === 'failed').reason);
  process.exit(1);
}
const last = prog[prog.length - 1];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'texel-'));
t = Date.now();
const out = execFileSync(bin, ['tune', ...shellSplit(cmd).slice(2), '-json', '-quiet', '-out', path.join(tmp, 'p.json'), '-data-dir', sharedData], { encoding: 'utf8' });
const nativeWall = (Date.now() - t) / 1000;
const nativePlayer = JSON.parse(fs.readFileSync(path.join(tmp, 'p.json'), 'utf8'));
fs.rmSync(tmp, { recursive: true });
const sum = JSON.parse(out.trim().split('\n').pop());

console.log(`command: ${cmd}`);
console.log(`games: ${loaded.data.games} read; load ${loadSecs.toFixed(1)} s`);
console.log(`worker run: ${runSecs.toFixed(1)} s wall from start-run to the player (first generation after ${firstProgress.toFixed(1)} s: reading, resolving, K), ${last.generation} generations; worker memory ${MB(mem.wasmBytes)}`);
console.log(`losses: first generation train ${prog[0].trainLoss.toFixed(5)} held out ${prog[0].testLoss.toFixed(5)}; last train ${last.trainLoss.toFixed(5)} held out ${last.testLoss.toFixed(5)}`);
console.log(`native CLI: ${nativeWall.toFixed(1)} s wall, train loss ${sum.train_loss.toFixed(5)} held out ${sum.test_loss.toFixed(5)}`);
// The player's weights and its plain Texel losses (the fitness also carries the run's L2 pull, if any).
const workerPlayer = (await done).data.player;
const weights = (p) => JSON.stringify(Object.keys(p.weights).sort().map((k) => [k, p.weights[k]]));
const same = weights(workerPlayer) === weights(nativePlayer) && last.trainLoss === sum.train_loss && last.testLoss === sum.test_loss;
console.log(`same result: ${Object.keys(workerPlayer.weights).length} weights ${weights(workerPlayer) === weights(nativePlayer) ? "equal" : "differ"}, train loss ${last.trainLoss} vs CLI ${sum.train_loss}, held out ${last.testLoss} vs ${sum.test_loss}: ${same ? "identical" : "DIFFERENT"}`);
if (!same) process.exit(1);
