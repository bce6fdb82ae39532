// Helpers shared by the end-to-end suites (run.mjs, league.mjs, play.mjs,
// tune.mjs, data.mjs): finding Debian's Chromium, a free local port for the
// server under test, starting that server, the browser flags, and the
// screenshot folder.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// FLAGS are the Chromium flags of every suite (no GPU, no sandbox, nothing
// fetched in the background).
export const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function assert(cond, msg) { if (!cond) throw new Error(msg); }
export const T = (id) => `[data-testid="${id}"]`;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// skipped reports whether $E2E_ONLY (a regexp) leaves the test named name out.
export function skipped(name) {
  return Boolean(process.env.E2E_ONLY) && !new RegExp(process.env.E2E_ONLY).test(name);
}

// runTest runs fn, prints "ok NAME (T s)" or "FAIL NAME (T s): why", and adds
// the outcome to results.
export async function runTest(results, name, fn) {
  const t0 = Date.now();
  const took = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${took()})`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name} (${took()}): ${String(e && e.message || e).split('\n').slice(0, 8).join('\n     ')}`);
  }
}

// finish prints "N passed, M failed (T s)" and exits, with status 1 on any failure.
export function finish(results, started) {
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  process.exit(failed ? 1 : 0);
}

// startServer starts `bin serve` on a loopback port (a free one unless
// port is given) with its league file in dir and extra flags args, and
// resolves, once it is ready, to { proc, base, log } and what ready gave.
// Ready is when ready(log) returns an object (a line the server printed),
// or without ready when the page answers.
export async function startServer(bin, dir, { port, args = [], ready } = {}) {
  port ??= await freePort();
  const proc = spawn(path.resolve(bin), ['serve', '-addr', `127.0.0.1:${port}`, '-db', path.join(dir, 'league.db'), ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stdout.on('data', (d) => { log += d; });
  proc.stderr.on('data', (d) => { log += d; });
  const base = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 20000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`evochess serve exited (${proc.exitCode}):\n${log}`);
    if (ready) {
      const got = ready(log);
      if (got) return { proc, base, log: () => log, ...got };
    } else {
      try { const r = await fetch(base); if (r.ok) return { proc, base, log: () => log }; } catch { }
    }
    if (Date.now() > deadline) throw new Error(`evochess serve ${ready ? 'printed no ready line' : `did not answer on ${base}`} within 20 s:\n${log}`);
    await sleep(100);
  }
}

// chromiumPath is $CHROMIUM or the first Chromium on the usual paths.
export function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (fs.existsSync(p)) return p;
  try { return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim(); } catch { }
  throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM');
}

// freePort resolves to a TCP port free on 127.0.0.1 just now.
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// shotsDir is $E2E_SHOTS or ui/e2e/shots, created.
export function shotsDir() {
  const dir = process.env.E2E_SHOTS || path.join(path.dirname(new URL(import.meta.url).pathname), 'shots');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

// The visible controls of the page that have no accessible name (an
// aria-label, a label with text, their own text, a title or aria-labelledby),
// as tag[data-testid=…] strings. File inputs count although browsers hide them.
export async function unnamedControls(page) {
  return page.evaluate(() => [...document.querySelectorAll('input, select, textarea, button, a[href], [role=button]')]
    .filter((el) => el.getClientRects().length > 0 || el.type === 'file')
    .filter((el) => !(el.getAttribute('aria-label') || (el.labels && [...el.labels].some((l) => l.textContent.trim())) ||
      (!['SELECT', 'TEXTAREA', 'INPUT'].includes(el.tagName) && el.textContent.trim()) || el.title || el.getAttribute('aria-labelledby')))
    .map((el) => `${el.tagName.toLowerCase()}[data-testid=${el.dataset.testid || ''}]`));
}
