// Bit-identity in a real browser: worker.js + worker.wasm in headless
// Chromium, with nested dedicated workers for split fitness, against the
// native server's run of the same config.
//
//   node chromium.mjs EVOCHESS_BINARY [FITNESS_WORKERS]
//
// Uses playwright-core from ui/e2e/node_modules and Debian's chromium
// ($CHROMIUM overrides). Prints the worker's memory (performance.memory is
// not available in workers; the figure is the page's) and the run time.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalize } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../../ui/e2e/package.json'));
const { chromium } = require('playwright-core');
const [bin, nfit = '2'] = process.argv.slice(2);
const config = {
  preset: 'vazquez-ep', generations: 4, population: 10, seed: 42,
  data: { source: 'bundled', sample: { seed: 3, train: 300, test: 200 } },
};
function fail(msg) { console.error('chromium: FAIL: ' + msg); process.exit(1); }

const srv = spawn(bin, ['serve', '-addr', '127.0.0.1:0', '-db', path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'evochess-')), 'league.db')], { stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((resolve, reject) => {
  let out = '';
  srv.stdout.on('data', (d) => { out += d; const m = out.match(/listening on (http:\/\/[^/\s]+)/); if (m) resolve(m[1]); });
  srv.on('exit', (c) => reject(new Error('server exited ' + c)));
});
let browser;
try {
  browser = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(os.tmpdir(), 'pw-')), {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  await page.goto(base + '/wasm_exec.js'); // any same-origin document will do
  const res = await page.evaluate(async ({ config, nfit }) => {
    const log = [];
    const w = new Worker('/worker.js');
    const t0 = performance.now();
    const done = new Promise((resolve, reject) => {
      w.onmessage = (e) => {
        const m = JSON.parse(e.data);
        log.push(m);
        if (m.type === 'ready') w.postMessage(JSON.stringify({ v: 1, type: 'load-data', id: 'load', data: { source: 'bundled' } }));
        if (m.type === 'loaded') w.postMessage(JSON.stringify({ v: 1, type: 'start-run', id: 'run', data: { config, fitnessWorkers: nfit } }));
        if (m.type === 'error') reject(new Error(m.data.message));
        if (m.id === 'run' && m.type === 'player') resolve();
      };
    });
    await done;
    w.terminate();
    return { log: log.filter((m) => m.id === 'run'), ms: performance.now() - t0 };
  }, { config, nfit: Number(nfit) });
  const wn = normalize(res.log);

  const r = await fetch(base + '/api/runs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(config) });
  const created = await r.json();
  const text = await (await fetch(base + created.events)).text();
  const sv = normalize(text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6))));
  if (sv.length !== wn.length) fail(`server ${sv.length} messages, browser worker ${wn.length}`);
  for (let i = 0; i < sv.length; i++) {
    const a = JSON.parse(sv[i]); const b = JSON.parse(wn[i]);
    delete a.id; delete b.id;
    if (JSON.stringify(a) !== JSON.stringify(b)) fail(`message ${i} differs:\nserver ${JSON.stringify(a)}\nbrowser ${JSON.stringify(b)}`);
  }
  console.log(`chromium: OK: ${wn.length} messages identical (Chromium worker with ${nfit} nested fitness workers vs evochess serve); browser run ${(res.ms / 1000).toFixed(1)} s`);
} finally {
  if (browser) await browser.close();
  srv.kill('SIGTERM');
}
