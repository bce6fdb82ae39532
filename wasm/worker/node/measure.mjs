// Memory and fitness throughput of one worker with the 20,000-game training
// set, against the native CLI on one core.
//
//   node measure.mjs SITE_DIR EVOCHESS_BINARY SHARED_DATA_DIR [GENERATIONS]
//
// The worker (worker.wasm under node) loads the games as PGN text, runs the
// david-ga preset (5,000 training + 5,000 held-out positions, david35) for a
// few generations scoring in-process, and reports its Go heap (the wasm
// linear memory). Throughput = evaluations x training positions / seconds of
// evaluation (the run's own clock), the same formula for `evochess tune
// -workers 1` on the same command line.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { WebWorker, shellSplit } from './harness.mjs';

const [siteDir, bin, sharedData, gens = '3'] = process.argv.slice(2);
const name = 'pgn/gm_train_2000-2018_20000.pgn.gz';
const config = { preset: 'david-ga', generations: Number(gens), population: 20, seed: 1, data: { source: name, sample: { seed: 1 } } };
const MB = (b) => (b / 1048576).toFixed(1) + ' MiB';

const text = zlib.gunzipSync(fs.readFileSync(path.join(sharedData, name))).toString('utf8');
const w = new WebWorker(siteDir);
await w.wait((m) => m.type === 'ready');
const s0 = await w.stats();
let t = Date.now();
const loaded = await w.request('load-data', 'load', { pgn: text, name }, 'loaded');
const loadSecs = (Date.now() - t) / 1000;
const s1 = await w.stats();
t = Date.now();
const done = w.wait((m) => m.id === 'run' && m.type === 'player', 'run');
w.send('start-run', 'run', { config });
await done;
const runSecs = (Date.now() - t) / 1000;
const s2 = await w.stats();
const prog = w.log.filter((m) => m.id === 'run' && m.type === 'progress');
const last = prog[prog.length - 1].data;
const cmd = w.log.find((m) => m.id === 'run' && m.type === 'run-state').data.commandLine;
await w.terminate();
const train = 5000;
const wasmRate = last.evaluations * train / (last.elapsedMs / 1000);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'measure-'));
t = Date.now();
const out = execFileSync(bin, ['tune', ...shellSplit(cmd).slice(2), '-workers', '1', '-json', '-quiet', '-out', path.join(tmp, 'p.json'), '-data-dir', sharedData], { encoding: 'utf8' });
const nativeWall = (Date.now() - t) / 1000;
fs.rmSync(tmp, { recursive: true });
const sum = JSON.parse(out.trim().split('\n').pop());
const nativeRate = sum.evaluations * train / sum.seconds;

console.log(`games: ${loaded.data.games} read, ${loaded.data.skipped} skipped, ${loaded.data.plies} plies, ${MB(loaded.data.bytes)} PGN; load ${loadSecs.toFixed(1)} s`);
console.log(`worker memory (wasm linear memory): start ${MB(s0.wasmBytes)}, games loaded ${MB(s1.wasmBytes)}, after the run (5,000 + 5,000 positions compiled) ${MB(s2.wasmBytes)}`);
console.log(`worker run: ${runSecs.toFixed(1)} s wall (sampling + compiling + ${last.generation} generations), ${last.evaluations} evaluations in ${(last.elapsedMs / 1000).toFixed(2)} s`);
console.log(`fitness throughput: worker ${(wasmRate / 1e6).toFixed(2)} M positions/s, native 1 core ${(nativeRate / 1e6).toFixed(2)} M positions/s (${sum.evaluations} evaluations in ${sum.seconds.toFixed(2)} s; CLI wall ${nativeWall.toFixed(1)} s); ratio ${(nativeRate / wasmRate).toFixed(2)}x`);
console.log(`same result: best ${last.best} vs CLI ${sum.best_fitness}: ${last.best === sum.best_fitness ? 'identical' : 'DIFFERENT'}`);
