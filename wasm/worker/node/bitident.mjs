// Bit-identity test: the same run (config, seed) in the real worker.wasm under
// node (with nested fitness workers) and natively must give identical
// results.
//
//   node bitident.mjs SITE_DIR EVOCHESS_BINARY SHARED_DATA_DIR [FITNESS_WORKERS]
//
// 1. worker: load-data {source: bundled}, start-run {config, fitnessWorkers}.
// 2. native server: `evochess serve`, POST /api/runs with the same config,
//    its server-sent events. Every message (run-state, progress, player) must
//    be byte-identical once the wall-clock fields (elapsedMs, etaMs) are dropped.
// 3. native CLI: the command line the worker reported (`evochess tune …`)
//    with -json: best fitness, match rates, evaluations and the player's
//    weights must equal the worker's.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebWorker, normalize, shellSplit } from './harness.mjs';

const [siteDir, bin, sharedData, nfit = '2'] = process.argv.slice(2);
if (!siteDir || !bin || !sharedData) {
  console.error('usage: node bitident.mjs SITE_DIR EVOCHESS_BINARY SHARED_DATA_DIR [FITNESS_WORKERS]');
  process.exit(2);
}
const config = {
  preset: 'vazquez-ep', generations: 4, population: 10, seed: 42,
  data: { source: 'bundled', sample: { seed: 3, train: 300, test: 200 } },
};

function fail(msg) { console.error('bitident: FAIL: ' + msg); process.exit(1); }

async function workerRun() {
  const w = new WebWorker(siteDir);
  await w.wait((m) => m.type === 'ready');
  const t0 = Date.now();
  await w.request('load-data', 'load', { source: 'bundled' }, 'loaded');
  const done = w.wait((m) => m.id === 'run' && m.type === 'player', 'run');
  w.send('start-run', 'run', { config, fitnessWorkers: Number(nfit) });
  await done;
  const secs = (Date.now() - t0) / 1000;
  await w.terminate();
  return { msgs: w.log.filter((m) => m.id === 'run'), secs };
}

async function serverRun() {
  const srv = spawn(bin, ['serve', '-addr', '127.0.0.1:0', '-db', path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'evochess-')), 'league.db')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const addr = await new Promise((resolve, reject) => {
    let out = '';
    srv.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[^/\s]+)/);
      if (m) resolve(m[1]);
    });
    srv.on('exit', (c) => reject(new Error('server exited ' + c)));
  });
  try {
    const r = await fetch(addr + '/api/runs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(config) });
    if (r.status !== 201) fail('POST /api/runs: ' + r.status + ' ' + await r.text());
    const created = await r.json();
    const ev = await fetch(addr + created.events);
    const text = await ev.text(); // the stream ends with the run
    return text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)));
  } finally {
    srv.kill('SIGTERM');
  }
}

function cliRun(commandLine) {
  const args = shellSplit(commandLine).slice(2); // drop "evochess tune"
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bitident-'));
  const out = path.join(tmp, 'player.json');
  const stdout = execFileSync(bin, ['tune', ...args, '-json', '-quiet', '-out', out, '-data-dir', sharedData], { encoding: 'utf8' });
  const lines = stdout.trim().split('\n');
  const summary = JSON.parse(lines[lines.length - 1]);
  const player = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(tmp, { recursive: true });
  return { summary, player };
}

const wk = await workerRun();
const wn = normalize(wk.msgs);
const start = wk.msgs[0];
if (start.type !== 'run-state' || !start.data.commandLine) fail('no run-state with the command line first');
const progress = wk.msgs.filter((m) => m.type === 'progress');
const playerMsg = wk.msgs.find((m) => m.type === 'player');
if (progress.length !== config.generations || !playerMsg) fail(`worker sent ${progress.length} progress messages`);

const sv = normalize(await serverRun());
if (sv.length !== wn.length) fail(`server sent ${sv.length} messages, worker ${wn.length}`);
for (let i = 0; i < sv.length; i++) {
  // Message ids differ (the server names its runs); compare the rest.
  const a = JSON.parse(sv[i]); const b = JSON.parse(wn[i]);
  delete a.id; delete b.id;
  if (JSON.stringify(a) !== JSON.stringify(b)) fail(`message ${i} differs:\nserver ${JSON.stringify(a)}\nworker ${JSON.stringify(b)}`);
}

const cli = cliRun(start.data.commandLine);
const last = progress[progress.length - 1].data;
const checks = [
  ['best fitness', cli.summary.best_fitness, last.best],
  ['train rate', cli.summary.train_rate, last.trainMatch],
  ['test rate', cli.summary.test_rate, last.testMatch],
  ['evaluations', cli.summary.evaluations, last.evaluations],
  ['generations', cli.summary.generations, last.generation],
  ['weights', JSON.stringify(cli.player.weights), JSON.stringify(playerMsg.data.player.weights)],
];
for (const [name, a, b] of checks) if (a !== b) fail(`CLI ${name} ${a} != worker ${b}`);
console.log(`bitident: OK: ${wn.length} messages identical (worker.wasm with ${nfit} nested fitness workers vs evochess serve), ` +
  `CLI agrees (best ${last.best}, train ${last.trainMatch}, test ${last.testMatch}); worker run ${wk.secs.toFixed(1)} s`);
