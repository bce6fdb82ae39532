// End-to-end tests of the evochess playground in real headless Chromium.
//
//   node run.mjs <path to bin/evochess>
//
// Starts `evochess serve -addr 127.0.0.1:<free port>`, drives Debian's
// Chromium (no browser download: executablePath, $CHROMIUM overrides) with
// playwright-core, runs the tests in order, prints one line per test, the
// measured figures (first-load bytes, time until usable, longest main-thread
// task during a run) and finally "N passed, M failed". Exit status 1 on any
// failure. Screenshots of every tab go to $E2E_SHOTS (default ./shots).
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { FLAGS, T, assert, chromiumPath, shotsDir, startServer as startServerAt, unnamedControls } from './common.mjs';

const bin = process.argv[2];
// E2E_BASE_URL runs the tests against an already running server (debugging).
if (!process.env.E2E_BASE_URL && (!bin || !fs.existsSync(bin))) {
  console.error(`usage: node run.mjs <path to bin/evochess>${bin ? ` (${bin} does not exist; run make build)` : ''}`);
  process.exit(2);
}
const shots = shotsDir();

async function startServer() {
  if (process.env.E2E_BASE_URL) return { proc: { kill() {} }, base: process.env.E2E_BASE_URL, log: () => '' };
  // The class league's database in a temporary folder, not the working directory.
  return startServerAt(bin, fs.mkdtempSync(path.join(os.tmpdir(), 'evochess-e2e-')));
}


// Installed before any page script: records long tasks on the main thread
// (a figure the runs print, not a pass/fail: no timed assertions) and
// counts the messages the page receives from its workers.
const LONGTASK_OBSERVER = `
  window.__longtasks = [];
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longtasks.push({ start: e.startTime, dur: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
  } catch (e) { window.__longtasks = null; }
  window.__fromWorkers = 0;
  if (window.Worker) {
    const W = window.Worker;
    window.Worker = class extends W {
      constructor(...args) { super(...args); this.addEventListener('message', () => { window.__fromWorkers++; }); }
    };
  }
`;

// E2E_VERBOSE=1 prints the time of each step.
let stepT = Date.now();
function step(label) {
  if (process.env.E2E_VERBOSE) console.log(`     ${((Date.now() - stepT) / 1000).toFixed(1)} s  ${label}`);
  stepT = Date.now();
}



async function newPage(browser, errors, opts = { viewport: { width: 1360, height: 900 } }) {
  const ctx = await browser.newContext(opts);
  await ctx.addInitScript(LONGTASK_OBSERVER);
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('worker', (w) => w.on('console', (m) => { if (m.type() === 'error') errors.push(`worker console: ${m.text()}`); }));
  return { ctx, page };
}

// storedZip builds a zip archive of [name, text] entries, stored (not
// compressed), with its own CRC-32 so that any node version will do.
function storedZip(entries) {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc32 = (b) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const locals = [], centrals = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const nb = Buffer.from(name), data = Buffer.from(text), crc = crc32(data);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0); lh.writeUInt16LE(20, 4); lh.writeUInt32LE(crc, 14);
    lh.writeUInt32LE(data.length, 18); lh.writeUInt32LE(data.length, 22); lh.writeUInt16LE(nb.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0); ch.writeUInt16LE(20, 4); ch.writeUInt16LE(20, 6); ch.writeUInt32LE(crc, 16);
    ch.writeUInt32LE(data.length, 20); ch.writeUInt32LE(data.length, 24); ch.writeUInt16LE(nb.length, 28); ch.writeUInt32LE(offset, 42);
    locals.push(lh, nb, data);
    centrals.push(ch, nb);
    offset += lh.length + nb.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(entries.length, 8); end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

// Centre of a board square in page coordinates.
async function squareCenter(page, sq) {
  const b = await page.locator(`[data-square="${sq}"]`).boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

// A mouse drag on the board, in small steps as a hand would.
async function dragMouse(page, from, to) {
  const a = await squareCenter(page, from), b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

// A one-finger drag on a touch screen (CDP touch events, which Chromium turns into pointer events).
async function dragTouch(ctx, page, from, to) {
  const a = await squareCenter(page, from), b = await squareCenter(page, to);
  const cdp = await ctx.newCDPSession(page);
  const at = (p) => [{ x: p.x, y: p.y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(a) });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at({ x: a.x + (b.x - a.x) * i / 8, y: a.y + (b.y - a.y) * i / 8 }) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function text(page, id) { return (await page.locator(T(id)).first().textContent()).trim(); }
const num = (s) => Number(String(s).replace(/[^0-9.-]/g, ''));

const results = [];
const metrics = {};
const state = {};

// E2E_ONLY=regexp runs only the tests whose names match (debugging; later tests may need earlier ones).
const only = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY) : null;

async function test(name, fn) {
  if (only && !only.test(name)) return;
  const t0 = Date.now();
  stepT = t0;
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${e.message.split('\n').slice(0, 6).join('\n     ')}`);
    if (state.errors && state.errors.length) console.log(`     page console errors so far:\n     ${state.errors.slice(0, 5).join('\n     ')}`);
  }
}

const started = Date.now();
let server, browser;
try {
  server = await startServer();
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: FLAGS });
  const base = server.base;

  // Warm-up load (V8/disk cold start) so the timed load below is representative; separate context, own cache.
  {
    const { ctx, page } = await newPage(browser, []);
    await page.goto(base);
    await page.waitForSelector(T('games-read'), { timeout: 60000 }).catch(() => {});
    await ctx.close();
  }

  const errors = [];
  const { ctx, page } = await newPage(browser, errors);
  state.ctx = ctx; state.page = page; state.errors = errors;
  if (only) await page.goto(base); // the first test, which loads the page, may be skipped

  await test('page loads with no console errors; first-load bytes and time to usable', async () => {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
    const t0 = Date.now();
    await page.goto(base);
    await page.waitForSelector(T('tab-data'), { timeout: 30000 });
    metrics.uiMs = Date.now() - t0;
    await page.waitForFunction((sel) => { const e = document.querySelector(sel); return e && Number(e.textContent.replace(/\D/g, '')) > 0; },
      T('games-read'), { timeout: 60000 });
    metrics.usableMs = Date.now() - t0;
    // Page requests (CDP) plus the worker's own fetches (its resource timing).
    let workerBytes = 0;
    const workerWasm = [];
    for (const w of page.workers()) {
      workerBytes += await w.evaluate(() => performance.getEntriesByType('resource').reduce((s, e) => s + (e.transferSize || 0), 0));
      workerWasm.push(...await w.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\.wasm(\?|$)/.test(n))));
    }
    // The workers instantiate the page's compiled main.wasm (wasm/workerjs.NewWorker): none fetches a binary.
    assert(page.workers().length >= 1, 'no worker started');
    assert(workerWasm.length === 0, `workers fetched ${workerWasm.join(', ')}`);
    metrics.pageBytes = bytes;
    metrics.workerBytes = workerBytes;
    for (const id of ['tab-data', 'tab-tune', 'tab-play', 'tab-share', 'tab-compare']) {
      assert(await page.locator(T(id)).count() === 1, `missing ${id}`);
    }
    await page.waitForTimeout(300);
    assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
  });

  await test('bundled games load: counts of games and sampled positions shown', async () => {
    const games = num(await text(page, 'games-read'));
    assert(games >= 1000, `games read ${games}, want the ~1500 bundled games`);
    await page.waitForFunction((sel) => { const e = document.querySelector(sel); return e && /\d/.test(e.textContent); }, T('positions-sampled'), { timeout: 60000 });
    const pos = num(await text(page, 'positions-sampled'));
    assert(pos > 0, `positions sampled ${pos}`);
    state.games = games;
    await page.screenshot({ path: path.join(shots, 'data.png') });
  });

  await test('a number a form refuses goes back to the value in force, with the reason', async () => {
    await page.click(T('tab-tune'));
    const before = await page.locator(T('population')).inputValue();
    await page.fill(T('population'), '-3');
    await page.dispatchEvent(T('population'), 'change');
    const msg = await text(page, 'tune-error');
    assert(msg === `population: "-3" is not a whole number ≥ 0; it stays ${before}`, `message: ${msg}`);
    assert(await page.locator(T('population')).inputValue() === before, 'the refused number is still shown');
    assert(new RegExp(` -pop ${before} `).test(await text(page, 'command-line')) || !/-pop/.test(await text(page, 'command-line')), 'the command line does not show the value in force');
    await page.click(T('tab-compare'));
    await page.fill(T('match-games'), '-4');
    await page.dispatchEvent(T('match-games'), 'change');
    assert(/match-?games: "-4" is not a whole number ≥ 0; it stays 20/i.test(await text(page, 'compare-error')), `compare: ${await text(page, 'compare-error')}`);
    assert(await page.locator(T('match-games')).inputValue() === '20', 'the refused games count is still shown');
    // A valid entry clears the message.
    await page.fill(T('match-games'), '20');
    await page.dispatchEvent(T('match-games'), 'change');
    assert(await page.locator(T('compare-error')).count() === 0, 'the message stays after a valid entry');
    await page.click(T('tab-tune'));
    await page.fill(T('population'), before);
    await page.dispatchEvent(T('population'), 'change');
    assert(await page.locator(T('tune-error')).count() === 0, 'the Tune message stays after a valid entry');
  });

  await test('a 3-generation run updates the chart and generation counter from its worker', async () => {
    await page.click(T('tab-tune'));
    // The page opens on the preset's own run: vazquez-ep's 200 generations over 1,000 + 1,000 positions.
    const gens0 = await page.locator(T('generations')).inputValue();
    assert(gens0 === '200' && /-gens 200\b.*-train 1000 -test 1000\b/.test(await text(page, 'command-line')), `the form does not open on the preset's 200 generations over 1,000 + 1,000 positions: ${await text(page, 'command-line')}`);
    await page.selectOption(T('preset'), 'vazquez-ep');
    await page.fill(T('generations'), '3');
    await page.dispatchEvent(T('generations'), 'change');
    await page.fill(T('population'), '8');
    await page.dispatchEvent(T('population'), 'change');
    await page.fill(T('seed'), '7');
    await page.dispatchEvent(T('seed'), 'change');
    assert((await text(page, 'generation')) === '0', 'generation counter not 0 before the run');
    // The start vector: the preset's (random) unless chosen; material is chosen here.
    assert(/starts from random \(the preset's\)/.test(await text(page, 'start-note')), `start note: ${await text(page, 'start-note')}`);
    await page.selectOption(T('start-vector'), 'material');
    assert(/starts from material \(chosen\)/.test(await text(page, 'start-note')), `start note: ${await text(page, 'start-note')}`);
    const cmd = await text(page, 'command-line');
    assert(/^evochess tune .*-start material.*-gens 3.*-pop 8.*-seed 7/.test(cmd), `command line: ${cmd}`);
    const p0 = await page.locator(`${T('fitness-chart')} path.best`).count();
    assert(p0 === 0, `chart not empty before the run (${p0} paths)`);
    // Record every value the generation counter shows.
    await page.evaluate((sel) => {
      window.__gens = [];
      const el = document.querySelector(sel);
      new MutationObserver(() => window.__gens.push(el.textContent.trim())).observe(el, { childList: true, characterData: true, subtree: true });
      if (window.__longtasks) window.__longtasks.length = 0;
      window.__fromWorkers = 0;
    }, T('generation'));
    // Requests made while the run starts its nested fitness workers.
    const reqs = [];
    const onReq = (r) => reqs.push(r.url());
    ctx.on('request', onReq);
    const t0 = Date.now();
    await page.click(T('start-run'));
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '3', T('generation'), { timeout: 180000 });
    await page.waitForFunction((sel) => /done|stopped/.test(document.querySelector(sel)?.textContent || ''), T('run-state'), { timeout: 60000 });
    metrics.runMs = Date.now() - t0;
    ctx.off('request', onReq);
    // The nested workers instantiate the tuner worker's compiled module
    // (worker.js?…&module=parent): none fetches or compiles the binary again.
    const nested = reqs.filter((u) => /worker\.js\?.*module=parent/.test(u)).length;
    const binaries = reqs.filter((u) => /\.wasm(\?|$)/.test(u));
    assert(nested >= 1, `no nested worker started from the shared module; requests: ${reqs.join(' ')}`);
    assert(binaries.length === 0, `nested workers fetched ${binaries.join(', ')}`);
    const d3 = await page.locator(`${T('fitness-chart')} path.best`).getAttribute('d');
    const gens = await page.evaluate(() => window.__gens);
    assert(gens.length >= 1 && gens[gens.length - 1] === '3', `generation counter showed ${JSON.stringify(gens)}`);
    const pts = (d3.match(/[ML]/g) || []).length;
    assert(pts === 3, `best-fitness path has ${pts} points, want 3 (d=${d3})`);
    const lt = await page.evaluate(() => window.__longtasks);
    assert(lt !== null, 'PerformanceObserver longtask unsupported');
    metrics.longTasks = lt.length;
    metrics.maxLongTaskMs = lt.reduce((m, e) => Math.max(m, e.dur), 0);
    // The run computes in a worker: every generation's progress reached the
    // page as a worker message (the main thread only draws it).
    const fromWorkers = await page.evaluate(() => window.__fromWorkers);
    assert(fromWorkers >= 3, `${fromWorkers} messages from workers during a 3-generation run`);
    // The weights table shows evolved values beside the paper's.
    const rows = await page.locator(`${T('weights-table')} tr`).count();
    assert(rows >= 29, `weights table has ${rows - 1} rows, want 29`);
    await page.waitForSelector(`${T('play-best')}:not([disabled])`, { timeout: 30000 });
    await page.screenshot({ path: path.join(shots, 'tune.png'), fullPage: true });
  });

  await test('a long run can be paused, stepped, resumed and stopped', async () => {
    // Long enough that it is still running when stopped (about 12 generations/s here).
    await page.fill(T('generations'), '5000');
    await page.dispatchEvent(T('generations'), 'change');
    await page.fill(T('population'), '40');
    await page.dispatchEvent(T('population'), 'change');
    await page.evaluate(() => { if (window.__longtasks) window.__longtasks.length = 0; });
    await page.click(T('start-run'));
    const gen = async () => Number(await text(page, 'generation'));
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent) >= 1, T('generation'), { timeout: 120000 });
    step('generation 1 reached');
    await page.click(T('pause-run'));
    await page.waitForFunction((sel) => /paused/.test(document.querySelector(sel)?.textContent || ''), T('run-state'), { timeout: 60000 });
    const g1 = await gen();
    step(`paused at ${g1}`);
    await page.waitForTimeout(1500);
    assert(await gen() === g1, `generation moved while paused: ${g1} -> ${await gen()}`);
    await page.click(T('step-run'));
    await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel)?.textContent) === g + 1, [T('generation'), g1], { timeout: 60000 });
    step('stepped');
    await page.waitForTimeout(800);
    assert(await gen() === g1 + 1, `step ran more than one generation: ${g1} -> ${await gen()}`);
    await page.click(T('start-run')); // Resume
    await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel)?.textContent) > g + 1, [T('generation'), g1], { timeout: 120000 });
    step('resumed');
    await page.click(T('stop-run'));
    await page.waitForFunction((sel) => /stopped/.test(document.querySelector(sel)?.textContent || ''), T('run-state'), { timeout: 60000 });
    await page.waitForSelector(`${T('play-best')}:not([disabled])`, { timeout: 30000 });
    const lt = await page.evaluate(() => window.__longtasks);
    metrics.longRunMaxMs = lt.reduce((m, e) => Math.max(m, e.dur), 0); // printed at the end
  });

  await test('a move on the board gets a legal reply from the engine worker', async () => {
    await page.click(T('tab-play'));
    const board = page.locator(T('play-board'));
    await board.waitFor();
    assert(await page.locator(`${T('play-board')} [data-square]`).count() === 64, 'board does not have 64 squares');
    step('board shown');
    const first = await page.inputValue(T('opponent'));
    assert(first === 'preset:david-fig3', `the first opponent is ${first}, not the strongest paper preset`);
    await page.selectOption(T('opponent'), { index: 1 }); // the evolved player
    await page.selectOption(T('strength'), '2');
    // Strength levels by Elo for every player, from 800; the book varies the openings (on by default).
    const levels = await page.$$eval(`${T('level')} option`, (os) => os.map((o) => o.textContent));
    assert(levels[0] === 'full strength' && levels[1] === 'about 800 Elo' && levels.length >= 3, `levels ${levels}`);
    await page.selectOption(T('level'), '800');
    assert(await page.locator(T('vary-openings')).isChecked(), 'vary openings is not on by default');
    step('opponent chosen');
    await page.click('[data-square="e2"]');
    assert(await page.locator('[data-square="e4"].hint').count() === 1, 'no legal-move hint on e4 after selecting e2');
    await page.click('[data-square="e4"]');
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.turn === 'white' &&
      document.querySelector(sel)?.dataset.thinking === 'false' && / w /.test(document.querySelector(sel)?.dataset.fen || '') &&
      document.querySelector(sel).dataset.fen !== 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', T('play-board'), { timeout: 60000 });
    step('engine replied');
    assert(await text(page, 'engine-eval') === 'book move', `the reply to 1.e4 is not from the book: ${await text(page, 'engine-eval')}`);
    const moves = (await text(page, 'move-list')).split(/\s+/).filter((s) => s && !/^\d+\.$/.test(s));
    assert(moves.length === 2 && moves[0] === 'e4', `move list ${JSON.stringify(moves)}`);
    if (await page.locator(T('play-error')).count() > 0) throw new Error(`play error: ${await text(page, 'play-error')}`);
    // Drag a knight with the mouse (pointer events: press, move, release), then the engine answers again.
    await dragMouse(page, 'g1', 'f3');
    step('dragged');
    await page.waitForFunction((sel) => (document.querySelector(sel)?.textContent.match(/[A-Za-z][\w+#=-]*/g) || []).length >= 4, T('move-list'), { timeout: 60000 });
    step('engine replied again');
    const moves2 = (await text(page, 'move-list')).split(/\s+/).filter((s) => s && !/^\d+\.$/.test(s));
    assert(moves2[2] === 'Nf3', `drag move not played: ${JSON.stringify(moves2)}`);
    await page.screenshot({ path: path.join(shots, 'play.png') });
  });

  await test('Play: a FEN set-up (bad FEN refused with the reason), explained term by term beside a paper preset as `evochess eval -trace` scores it', async () => {
    await page.click(T('tab-play'));
    await page.selectOption(T('opponent'), 'preset:david-fig3');
    const before = await page.locator(T('play-board')).getAttribute('data-fen');
    await page.fill(T('fen-input'), 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPP/R3K2R w KQkq - 0 1');
    await page.click(T('fen-setup'));
    await page.waitForSelector(T('fen-error'));
    const why = await text(page, 'fen-error');
    assert(/field 1.*rank 2 has 7 files/.test(why), `bad FEN error does not say where and why: ${why}`);
    assert(await page.locator(T('play-board')).getAttribute('data-fen') === before, 'a refused FEN changed the board');
    // A FEN with a castling right its rook does not back (a board editor that kept "KQkq") is repaired, and the page says so.
    await page.fill(T('fen-input'), 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/4K2R w KQkq - 0 1');
    await page.click(T('fen-setup'));
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.fen.startsWith('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/4K2R w Kkq '), T('play-board'), { timeout: 10000 });
    const note = await text(page, 'fen-note');
    assert(/'Q' dropped: it needs the white king on e1 and rook on a1/.test(note), `no note of the repair: ${note}`);
    const fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    await page.fill(T('fen-input'), fen);
    await page.click(T('fen-setup'));
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.fen.startsWith('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w'), T('play-board'), { timeout: 10000 });
    assert(await page.locator(T('fen-error')).count() === 0 && await page.locator(T('fen-note')).count() === 0, 'the error or the note stayed after a good FEN');
    await page.selectOption(T('explain-ref'), 'phoenix-default');
    await page.waitForFunction(([sel, f]) => document.querySelector(sel)?.dataset.fen === f && /phoenix-default/.test(document.querySelector('[data-testid="explain-summary"]')?.textContent || ''),
      [T('explain-table'), fen], { timeout: 30000 });
    const cp = (s) => Number(s.replace('−', '-').replace(/[^0-9.+-]/g, ''));
    const a = cp(await text(page, 'explain-total-a')), b = cp(await text(page, 'explain-total-b'));
    for (const [preset, got] of [['david-fig3', a], ['phoenix-default', b]]) {
      const out = execFileSync(path.resolve(bin), ['eval', '-preset', preset, '-fen', fen, '-trace', '-json'], { encoding: 'utf8' }).trim().split('\n').pop();
      const want = JSON.parse(out).white;
      assert(got === want, `${preset}: the page explains ${got} cp, evochess eval -trace says ${want}`);
    }
    const cats = await page.$$eval(`${T('explain-table')} tr.cat`, (trs) => trs.map((tr) => tr.dataset.category));
    for (const c of ['material', 'mobility', 'pawn structure']) assert(cats.includes(c), `no ${c} group in ${cats}`);
    const terms = await page.locator(`${T('explain-table')} tr.term`).count();
    await page.check(T('explain-all'));
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length > n, [`${T('explain-table')} tr.term`, terms], { timeout: 5000 });
    await page.locator(T('explain')).screenshot({ path: path.join(shots, 'explain.png') });
    // Moving on the board explains the new position.
    await page.click('[data-square="e5"]');
    await page.click('[data-square="f7"]');
    await page.waitForFunction((sel) => / w /.test(document.querySelector(sel)?.dataset.fen || '') && document.querySelector(sel)?.dataset.thinking === 'false', T('play-board'), { timeout: 60000 });
    const now = await page.locator(T('play-board')).getAttribute('data-fen');
    await page.waitForFunction(([sel, f]) => document.querySelector(sel)?.dataset.fen === f, [T('explain-table'), now], { timeout: 30000 });
    await page.uncheck(T('explain-all'));
  });

  await test('Play by keyboard: the arrow keys and Enter on the board, typed moves (SAN and UCI; an illegal one refused with the reason), a hint, castling onto the rook', async () => {
    await page.click(T('tab-play'));
    await page.selectOption(T('strength'), '2');
    await page.click(T('new-game'));
    const board = T('play-board');
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.fen.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w'), board, { timeout: 10000 });
    const replied = (plies) => page.waitForFunction(([sel, n]) => {
      const b = document.querySelector(sel);
      return b?.dataset.thinking === 'false' && b.dataset.turn === 'white' &&
        (document.querySelector('[data-testid="move-list"]')?.textContent.match(/[A-Za-z][\w+#=-]*/g) || []).length === n;
    }, [board, plies], { timeout: 60000 });
    const moves = async () => (await text(page, 'move-list')).split(/\s+/).filter((s) => s && !/^\d+\.$/.test(s));
    // An illegal typed move: refused with the reason, the board and the box unchanged.
    await page.fill(T('move-input'), 'Ke5');
    await page.press(T('move-input'), 'Enter');
    await page.waitForSelector(T('move-error'));
    const why = await text(page, 'move-error');
    assert(/"Ke5" is not a legal move here: no white king can move to e5/.test(why), `illegal move error: ${why}`);
    assert((await page.locator(board).getAttribute('data-fen')).startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w'), 'an illegal typed move changed the board');
    assert(await page.inputValue(T('move-input')) === 'Ke5', 'the refused move was cleared from the box');
    // The keyboard: one square in the tab order; arrows move it as shown, Enter picks the piece and its target.
    assert(await page.locator(`${board} [tabindex="0"]`).count() === 1, 'not exactly one board square in the tab order');
    assert(/e1, white king/.test(await page.locator(`${board} [data-square="e1"]`).getAttribute('aria-label')), 'e1 is not labelled as the white king');
    const goTo = async (to) => {
      const from = await page.locator(`${board} [tabindex="0"]`).getAttribute('data-square');
      await page.focus(`${board} [data-square="${from}"]`);
      const df = to.charCodeAt(0) - from.charCodeAt(0), dr = Number(to[1]) - Number(from[1]);
      for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
      for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
      const at = await page.evaluate(() => document.activeElement?.dataset.square);
      assert(at === to, `the arrow keys reached ${at}, not ${to}`);
    };
    await goTo('e2');
    await page.keyboard.press('Enter');
    assert(/selected/.test(await page.locator(`${board} [data-square="e2"]`).getAttribute('aria-label')), 'e2 not selected by Enter');
    assert(/legal move/.test(await page.locator(`${board} [data-square="e4"]`).getAttribute('aria-label')), 'e4 not labelled as a legal move');
    await goTo('e4');
    await page.keyboard.press(' ');
    await replied(2);
    assert((await moves())[0] === 'e4', `keyboard move not played: ${await moves()}`);
    assert(/^Black played /.test(await page.locator(T('last-move')).textContent()), 'the live region does not say the reply');
    // Typed: SAN with a lower-case piece letter and Enter, then UCI and the button.
    await page.fill(T('move-input'), 'nf3');
    await page.press(T('move-input'), 'Enter');
    await replied(4);
    assert((await moves())[2] === 'Nf3', `typed SAN not played: ${await moves()}`);
    assert(await page.inputValue(T('move-input')) === '', 'the box kept a played move');
    assert(await page.locator(T('move-error')).count() === 0, 'the error stayed after a legal move');
    await page.fill(T('move-input'), 'd2d3');
    await page.click(T('move-submit'));
    await replied(6);
    assert((await moves())[4] === 'd3', `typed UCI not played: ${await moves()}`);
    // A hint: the move the opponent's player would make in my place, on the board and in words; playing it clears it.
    await page.click(T('hint'));
    await page.waitForSelector(T('hint-text'), { timeout: 60000 });
    const hint = await text(page, 'hint-text');
    const hm = hint.match(/would play (\S+) here \(.* for you at depth \d+\)/);
    assert(hm, `hint text: ${hint}`);
    assert(await page.locator(`${board} .hinted`).count() === 2, 'the hint is not shown on two squares');
    await page.fill(T('move-input'), hm[1]);
    await page.press(T('move-input'), 'Enter');
    await replied(8);
    assert((await moves())[6] === hm[1], `the hinted move ${hm[1]} was not played: ${await moves()}`);
    assert(await page.locator(T('hint-text')).count() === 0 && await page.locator(`${board} .hinted`).count() === 0, 'the hint stayed after the move');
    // A promotion by keyboard: the chooser takes the focus; Escape leaves the pawn where it was, Enter picks the queen.
    await page.fill(T('fen-input'), '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1');
    await page.click(T('fen-setup'));
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.fen.startsWith('8/4P1k1/'), board, { timeout: 10000 });
    const promoteByKeys = async () => {
      await goTo('e7');
      await page.keyboard.press('Enter');
      await goTo('e8');
      await page.keyboard.press('Enter');
      await page.waitForSelector(T('promotion'));
      await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="promotion"]'), null, { timeout: 5000 });
    };
    await promoteByKeys();
    await page.keyboard.press('Escape');
    await page.waitForSelector(T('promotion'), { state: 'detached', timeout: 5000 });
    assert((await page.locator(board).getAttribute('data-fen')).startsWith('8/4P1k1/'), 'Escape did not leave the pawn on e7');
    await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="play-board"]'), null, { timeout: 5000 });
    await promoteByKeys();
    await page.keyboard.press('Enter');
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.turn === 'white' && document.querySelector(sel)?.dataset.thinking === 'false' &&
      !document.querySelector(sel).dataset.fen.startsWith('8/4P1k1/'), board, { timeout: 60000 });
    assert(/^e8=Q/.test((await moves())[0]), `keyboard promotion: ${await moves()}`);
    // Castling by dropping the king on its own rook: a tap on the king then on the rook, and a drag.
    // With the king selected, dragging that rook elsewhere still moves the rook.
    for (const [rook, want, how] of [['h1', 'O-O', 'tap'], ['a1', 'O-O-O', 'drag'], ['h1', 'Rg1', 'king selected, rook dragged to g1']]) {
      await page.fill(T('fen-input'), 'r3k2r/pppq1ppp/2n1b3/8/8/2N1B3/PPPQ1PPP/R3K2R w KQkq - 0 1');
      await page.click(T('fen-setup'));
      await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.fen.startsWith('r3k2r/pppq1ppp/2n1b3/8/8/2N1B3/PPPQ1PPP/R3K2R w'), board, { timeout: 10000 });
      if (how === 'tap') {
        await page.click(`${board} [data-square="e1"]`);
        assert(await page.locator(`${board} [data-square="${rook}"].hint`).count() === 1, `the rook on ${rook} is not offered as a castling target`);
        await page.click(`${board} [data-square="${rook}"]`);
      } else if (how === 'drag') {
        await dragMouse(page, 'e1', rook);
      } else {
        await page.click(`${board} [data-square="e1"]`);
        await dragMouse(page, rook, 'g1');
      }
      await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.turn === 'white' && document.querySelector(sel)?.dataset.thinking === 'false' &&
        !document.querySelector(sel).dataset.fen.startsWith('r3k2r/pppq1ppp/2n1b3/8/8/2N1B3/PPPQ1PPP/R3K2R w'), board, { timeout: 60000 });
      assert((await moves())[0] === want, `king on the ${rook} rook (${how}): ${await moves()}`);
    }
    if (await page.locator(T('play-error')).count() > 0) throw new Error(`play error: ${await text(page, 'play-error')}`);
  });

  await test('a share link opened in a fresh page shows the same player', async () => {
    await page.click(T('tab-share'));
    await page.waitForSelector(T('share-link'));
    const link = (await page.locator(T('share-link')).inputValue()).trim();
    assert(link.includes('#p='), `no share link: ${link}`);
    state.link = link;
    // A QR code of the link (internal/qr): a square of 17+4·version modules plus the 4-module quiet zone.
    await page.waitForSelector(`${T('share-qr')} svg`);
    const vb = (await page.locator(`${T('share-qr')} svg`).getAttribute('viewBox')).split(' ').map(Number);
    const side = vb[2] - 8;
    assert(vb[2] === vb[3] && side >= 21 && (side - 17) % 4 === 0, `QR viewBox ${vb}`);
    assert(Number(await page.locator(T('share-qr')).getAttribute('data-link-length')) === link.length, 'the QR code is not of the link shown');
    await page.screenshot({ path: path.join(shots, 'share.png') });
    // The evolved weights as the Tune tab shows them.
    await page.click(T('tab-tune'));
    const evolved = await page.$$eval(`${T('weights-table')} tr`, (trs) => trs.slice(1, 9).map((tr) => `${tr.cells[0].textContent.trim()}=${tr.cells[2].textContent.trim()}`));
    const errs2 = [];
    const fresh = await newPage(browser, errs2);
    await fresh.page.goto(link);
    await fresh.page.waitForSelector(T('player-card'), { timeout: 30000 });
    const scheme = await text(fresh.page, 'player-scheme');
    assert(scheme === 'vazquez29', `scheme ${scheme}`);
    const shown = (await text(fresh.page, 'player-weights')).split(/\s+/);
    assert(JSON.stringify(shown) === JSON.stringify(evolved), `weights differ:\n shared ${shown}\n evolved ${evolved}`);
    // Play the shared player.
    await fresh.page.click(T('play-shared'));
    await fresh.page.waitForSelector(T('play-board'));
    const opp = await fresh.page.locator(T('opponent')).inputValue();
    assert(opp === 'link', `opponent after Play is ${opp}`);
    assert(errs2.length === 0, `console errors:\n${errs2.join('\n')}`);
    await fresh.ctx.close();
  });

  await test('a share link with the run settings reproduces the run configuration (Continue tuning)', async () => {
    await page.click(T('tab-tune'));
    const cmd = await text(page, 'command-line');
    await page.click(T('tab-share'));
    await page.check(T('share-with-run'));
    const link = (await page.locator(T('share-link')).inputValue()).trim();
    assert(link.length > state.link.length, 'the run settings did not lengthen the link');
    const errs = [];
    const fresh = await newPage(browser, errs);
    await fresh.page.goto(link);
    await fresh.page.waitForSelector(T('player-card'), { timeout: 30000 });
    await fresh.page.click(T('continue-tuning'));
    await fresh.page.waitForSelector(T('command-line'));
    const cmd2 = await text(fresh.page, 'command-line');
    for (const flag of ['-gens 5000', '-pop 40', '-seed 7', '-preset vazquez-ep', '-start material']) {
      assert(cmd.includes(flag) && cmd2.includes(flag), `${flag} not carried over:\n run  ${cmd}\n link ${cmd2}`);
    }
    assert(errs.length === 0, `console errors:\n${errs.join('\n')}`);
    await fresh.ctx.close();
  });

  await test('a damaged share link shows which part is wrong', async () => {
    const link = state.link;
    assert(link, 'no link from the previous test');
    const i = link.indexOf('#p=') + 3 + 20;
    const bad = link.slice(0, i) + (link[i] === 'A' ? 'B' : 'A') + link.slice(i + 1);
    const cut = link.slice(0, link.length - 7);
    for (const [url, want] of [[bad, /checksum/i], [cut, /truncated/i]]) {
      const errs = [];
      const fresh = await newPage(browser, errs);
      await fresh.page.goto(url);
      await fresh.page.waitForSelector(T('share-error'), { timeout: 30000 });
      const msg = await text(fresh.page, 'share-error');
      assert(want.test(msg), `error does not say why: ${msg}`);
      assert(await fresh.page.locator(T('player-card')).count() === 0, 'a damaged link still shows a player');
      if (want.source === 'checksum') await fresh.page.screenshot({ path: path.join(shots, 'damaged.png') });
      await fresh.ctx.close();
    }
  });

  await test('players cross between the command line and the page: evochess share links open, player files open and download', async () => {
    const errs = [];
    const fresh = await newPage(browser, errs, { viewport: { width: 1360, height: 900 }, acceptDownloads: true });
    const p = fresh.page;
    // A link printed by `evochess share` opens in the page as the same player.
    const link = execFileSync(path.resolve(bin), ['share', '-preset', 'david-fig3', '-base', base], { encoding: 'utf8' }).trim();
    await p.goto(link);
    await p.waitForSelector(T('player-card'), { timeout: 30000 });
    assert(await text(p, 'player-name') === 'david-fig3' && await text(p, 'player-scheme') === 'david35', 'the CLI link opened another player');
    // A player file (as `evochess tune -out` writes one; here `evochess share -link` makes it) opens like a link.
    const file = execFileSync(path.resolve(bin), ['share', '-link', execFileSync(path.resolve(bin), ['share', '-preset', 'vazquez-table2-exploitation'], { encoding: 'utf8' }).trim()], { encoding: 'utf8' });
    await p.setInputFiles(T('open-player-file'), { name: 'evolved.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await p.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === 'vazquez-table2-exploitation', T('player-name'), { timeout: 30000 });
    assert(/Opened player file evolved\.json/.test(await p.locator('h2').filter({ hasText: 'Opened' }).first().textContent()), 'the panel does not name the file');
    assert(await p.locator(`${T('saved-players')} td`).filter({ hasText: 'file evolved.json' }).count() === 1, 'the file is not among the saved players');
    // Playable: the Play tab's opponent is the opened file.
    await p.click(T('play-shared'));
    await p.waitForFunction(() => [...document.querySelectorAll('select option:checked')].some((o) => /opened file: vazquez-table2-exploitation/.test(o.textContent)), null, { timeout: 10000 });
    // A saved player downloads as the same player file.
    await p.click(T('tab-share'));
    const rows = await p.locator(`${T('saved-players')} tr`).count();
    const [dl] = await Promise.all([p.waitForEvent('download'), p.click(T(`download-player-${rows - 2}`))]);
    const got = JSON.parse(fs.readFileSync(await dl.path(), 'utf8'));
    const want = JSON.parse(file).weights;
    const same = Object.keys(want).length === Object.keys(got.weights || {}).length && Object.keys(want).every((k) => got.weights[k] === want[k]);
    assert(dl.suggestedFilename() === 'vazquez-table2-exploitation.json' && got.scheme === 'vazquez29' && same,
      `download ${dl.suggestedFilename()}: ${JSON.stringify(got).slice(0, 80)}`);
    // Not a player file: refused with its name and the reason.
    await p.setInputFiles(T('open-player-file'), { name: 'games.json', mimeType: 'application/json', buffer: Buffer.from('{"games": []}') });
    await p.waitForSelector(T('player-file-error'), { timeout: 10000 });
    assert(/games\.json/.test(await text(p, 'player-file-error')), 'the refusal does not name the file');
    assert(errs.length === 0, `console errors:\n${errs.join('\n')}`);
    await fresh.ctx.close();
  });

  await test('Compare: a match of the evolved player against two paper presets gives Elo with 95% intervals, pairs and SPRT', async () => {
    await page.click(T('tab-compare'));
    assert(await page.locator(`${T('mode-match')}[aria-checked="true"]`).count() === 1, 'the Compare tab does not open on the match');
    const me = await page.locator(T('match-player')).inputValue();
    assert(me.startsWith('run:'), `the match is not about the evolved player by default: ${me}`);
    for (const k of ['preset:material', 'preset:david-fig3']) await page.check(`${T('match-opponents')} [data-key="${k}"]`);
    await page.fill(T('match-games'), '4');
    await page.dispatchEvent(T('match-games'), 'change');
    await page.fill(T('match-depth'), '1');
    await page.dispatchEvent(T('match-depth'), 'change');
    await page.check(T('match-sprt'));
    assert(await page.locator(T('match-book')).isChecked(), 'book openings are not the default');
    await page.click(T('run-match'));
    await page.waitForSelector(`${T('match-table')}[data-done="true"]`, { timeout: 120000 });
    const rows = await page.$$eval(`${T('match-table')} tr[data-opponent]`, (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.trim())));
    assert(rows.length === 2 && rows[0][0] === 'material' && rows[1][0] === 'david-fig3', `rows ${JSON.stringify(rows)}`);
    for (const r of rows) {
      assert(r[1] === '4 / 4', `${r[0]}: games ${r[1]}`);
      const [w, d, l] = r[2].match(/\d+/g).map(Number);
      assert(w + d + l === 4, `${r[0]}: record ${r[2]}`);
      assert(/^[+−]?(\d+|∞) \[[+−]?(\d+|∞), [+−]?(\d+|∞)\]$/.test(r[4]), `${r[0]}: Elo ${r[4]}`);
      assert(r[5].split('·').map(Number).reduce((a, b) => a + b, 0) === 2, `${r[0]}: pairs ${r[5]}`);
    }
    const sprt = await text(page, 'match-sprt-lines');
    assert(/material: SPRT LLR -?\d/.test(sprt) && /david-fig3: SPRT LLR/.test(sprt), `SPRT lines: ${sprt}`);
    assert(await page.locator('[data-testid="compare-error"]').count() === 0, 'compare error');
    await page.screenshot({ path: path.join(shots, 'match.png'), fullPage: true });
  });

  await test('Compare: a match stopped and cut by a reload resumes from its kept games to the result of a match never stopped', async () => {
    await page.click(T('tab-compare'));
    const matchRows = () => page.$$eval(`${T('match-table')} tr[data-opponent]`, (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.trim())));
    await page.fill(T('match-games'), '16');
    await page.dispatchEvent(T('match-games'), 'change');
    await page.fill(T('match-depth'), '2');
    await page.dispatchEvent(T('match-depth'), 'change');
    await page.uncheck(T('match-sprt'));
    await page.click(T('run-match'));
    await page.waitForSelector(`${T('match-table')}[data-done="true"]`, { timeout: 240000 });
    const whole = await matchRows();
    assert(whole.length === 2 && whole.every((r) => r[1] === '16 / 16'), `whole match: ${JSON.stringify(whole)}`);
    // The same match again, stopped after a few games.
    await page.click(T('run-match'));
    await page.waitForFunction(() => /^([3-9]|1\d) of 32 games/.test(document.querySelector('.progress-line')?.textContent.trim() || ''), null, { timeout: 120000 });
    await page.click('button.btn.danger:not([disabled])');
    const stopped = await text(page, 'compare-error');
    assert(/Stopped after \d+ of 32 games.*kept/.test(stopped), `stop message: ${stopped}`);
    const kept = Number(stopped.match(/after (\d+)/)[1]);
    assert(kept < 32, `the match ended before Stop: ${stopped}`);
    await page.reload();
    await page.click(T('tab-compare'));
    await page.waitForSelector(T('match-interrupted'), { timeout: 30000 });
    const note = await text(page, 'match-interrupted');
    assert(new RegExp(`after ${kept} of 32 games`).test(note), `after the reload: ${note}`);
    assert(await page.locator(T('match-games')).inputValue() === '16', 'the form does not show the kept match\'s settings');
    const chosen = await page.$eval(T('match-player'), (sel) => sel.options[sel.selectedIndex]?.textContent || '');
    assert(/^kept match: best of run-\d+$/.test(chosen), `the form's player after the reload: ${chosen}`);
    await page.screenshot({ path: path.join(shots, 'match-resume.png') });
    await page.click(T('match-resume'));
    await page.waitForSelector(`${T('match-table')}[data-done="true"]`, { timeout: 240000 });
    const resumed = await matchRows();
    assert(JSON.stringify(resumed) === JSON.stringify(whole), `resumed ${JSON.stringify(resumed)} ≠ whole ${JSON.stringify(whole)}`);
    assert(await page.locator(T('match-interrupted')).count() === 0, 'a finished match still offers resume');
    // A finished match is shown again after a reload.
    await page.reload();
    await page.click(T('tab-compare'));
    await page.waitForSelector(`${T('match-table')}[data-done="true"]`, { timeout: 30000 });
    assert(JSON.stringify(await matchRows()) === JSON.stringify(whole), 'the finished match is not shown after a reload');
  });

  await test('Compare: a round robin stopped and cut by a reload resumes to the standings of one never stopped', async () => {
    await page.click(T('tab-compare'));
    await page.click(T('mode-round-robin'));
    const standings = () => page.$$eval(`${T('standings')} tr`, (trs) => trs.slice(1).map((tr) => [...tr.cells].map((c) => c.textContent.trim()).join(' ')));
    for (const k of ['preset:material', 'preset:phoenix-default', 'preset:david-fig3']) await page.check(`${T('compare-players')} [data-key="${k}"]`);
    await page.fill(T('games-per-pair'), '6');
    await page.dispatchEvent(T('games-per-pair'), 'change');
    await page.fill(T('compare-depth'), '2');
    await page.dispatchEvent(T('compare-depth'), 'change');
    await page.click(T('run-tournament'));
    await page.waitForSelector(T('standings'), { timeout: 240000 });
    const whole = await standings();
    assert(whole.length === 3, `standings: ${JSON.stringify(whole)}`);
    await page.click(T('run-tournament'));
    await page.waitForFunction(() => /^([3-9]|1[0-7]) of 18 games/.test(document.querySelector('.progress-line')?.textContent.trim() || ''), null, { timeout: 120000 });
    await page.click('button.btn.danger:not([disabled])');
    const stopped = await text(page, 'compare-error');
    assert(/Stopped after \d+ of 18 games.*kept/.test(stopped), `stop message: ${stopped}`);
    const kept = Number(stopped.match(/after (\d+)/)[1]);
    await page.reload();
    await page.click(T('tab-compare'));
    await page.waitForSelector(T('rr-interrupted'), { timeout: 30000 });
    const note = await text(page, 'rr-interrupted');
    assert(new RegExp(`round robin of 3 players stopped after ${kept} of 18 games`).test(note), `after the reload: ${note}`);
    await page.click(T('rr-resume'));
    await page.waitForSelector(T('standings'), { timeout: 240000 });
    const resumed = await standings();
    assert(JSON.stringify(resumed) === JSON.stringify(whole), `resumed ${JSON.stringify(resumed)} ≠ whole ${JSON.stringify(whole)}`);
    // The match kept before is still there in its mode.
    await page.click(T('mode-match'));
    assert(await page.locator(`${T('match-table')}[data-done="true"]`).count() === 1, 'the kept match is gone');
  });

  await test('Compare: a match at a fixed node count per move', async () => {
    await page.click(T('tab-compare'));
    await page.click(T('mode-match'));
    await page.fill(T('match-games'), '2');
    await page.dispatchEvent(T('match-games'), 'change');
    await page.fill(T('match-nodes'), '3000');
    await page.dispatchEvent(T('match-nodes'), 'change');
    assert(await page.locator(T('match-depth')).isDisabled(), 'the depth is still editable with a node count set');
    await page.click(T('run-match'));
    await page.waitForSelector(`${T('match-table')}[data-done="true"]`, { timeout: 120000 });
    const rows = await page.$$eval(`${T('match-table')} tr[data-opponent]`, (trs) => trs.map((tr) => tr.cells[1].textContent.trim()));
    assert(rows.length >= 1 && rows.every((r) => r === '2 / 2'), `rows ${JSON.stringify(rows)}`);
    const chosen = await page.$eval(T('match-player'), (sel) => sel.options[sel.selectedIndex]?.textContent || '');
    const title = (await page.locator('h2', { hasText: 'against each opponent' }).first().textContent()).replace(' against each opponent', '').trim();
    assert(chosen.endsWith(title), `the form shows ${chosen}, the match was ${title}`);
    assert(await page.locator(T('compare-error')).count() === 0, `compare error: ${await page.locator(T('compare-error')).count() ? await text(page, 'compare-error') : ''}`);
    await page.fill(T('match-nodes'), '0');
    await page.dispatchEvent(T('match-nodes'), 'change');
    assert(!(await page.locator(T('match-depth')).isDisabled()), 'the depth stays disabled');
    // A game of the match on the replay board, stepped; the match's games as PGN.
    await page.locator(T('compare-game')).first().click();
    await page.waitForSelector(T('compare-board'), { timeout: 10000 });
    assert(await page.locator(`${T('compare-board')} [data-square]`).count() === 64, 'the replay board has not 64 squares');
    const end = await text(page, 'compare-ply');
    const m = end.match(/^ply (\d+) of (\d+)/);
    assert(m && m[1] === m[2] && Number(m[2]) > 0, `replay opens at ${end}`);
    const endFen = await page.locator(T('compare-board')).getAttribute('data-fen');
    await page.click(T('compare-first'));
    assert(/^ply 0 of /.test(await text(page, 'compare-ply')), `after |◀: ${await text(page, 'compare-ply')}`);
    assert(await page.locator(T('compare-board')).getAttribute('data-fen') !== endFen, 'the board did not go back to the start');
    await page.click(T('compare-next'));
    assert(/^ply 1 of .* — \S+/.test(await text(page, 'compare-ply')), `after ▶: ${await text(page, 'compare-ply')}`);
    // The keyboard steps the replay too (the focus on a button, not in a field): →, End, ←, Home.
    const plyIs = (n) => page.waitForFunction(([sel, want]) => (document.querySelector(sel)?.textContent || '').startsWith(want), [T('compare-ply'), `ply ${n} of `], { timeout: 5000 });
    const total = Number(m[2]);
    await page.keyboard.press('ArrowRight');
    await plyIs(Math.min(2, total));
    await page.keyboard.press('End');
    await plyIs(total);
    assert(await page.locator(T('compare-board')).getAttribute('data-fen') === endFen, 'End did not show the last position');
    await page.keyboard.press('ArrowLeft');
    await plyIs(total - 1);
    await page.keyboard.press('Home');
    await plyIs(0);
    await page.keyboard.press('ArrowRight');
    await plyIs(1);
    await page.screenshot({ path: path.join(shots, 'compare-replay.png'), fullPage: true });
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 10000 }), page.click(T('compare-pgn'))]);
    const pgn = fs.readFileSync(await dl.path(), 'utf8');
    const games = await page.locator(`${T('compare-games')} tr`).count() - 1;
    assert((pgn.match(/\[Event "evochess Compare match"\]/g) || []).length === games, `PGN holds ${(pgn.match(/\[Event /g) || []).length} games, the table ${games}:\n${pgn.slice(0, 400)}`);
    assert(/\[Result "(1-0|0-1|1\/2-1\/2)"\]/.test(pgn) && /\[Termination "/.test(pgn), `PGN tags:\n${pgn.slice(0, 400)}`);
  });

  await test('saved players and finished runs survive a reload; a run cut by the reload is kept and resumed', async () => {
    await page.click(T('tab-tune'));
    await page.fill(T('generations'), '30'); // the long-run test's settings, 30 generations
    await page.dispatchEvent(T('generations'), 'change');
    await page.click(T('start-run'));
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent) >= 2, T('generation'), { timeout: 120000 });
    await page.waitForFunction(() => !!localStorage.getItem('evochess.resume.v1'), null, { timeout: 30000 });
    await page.reload();
    await page.click(T('tab-share'));
    await page.waitForSelector(T('saved-players'), { timeout: 30000 });
    const rows = await page.locator(`${T('saved-players')} tr`).count();
    assert(rows >= 2, `saved players after reload: ${rows - 1}`);
    await page.click(T('tab-tune'));
    await page.waitForSelector(T('finished-runs'), { timeout: 30000 });
    const runs = await page.locator(`${T('finished-runs')} .run-item`).count();
    assert(runs >= 3, `finished runs after reload: ${runs}, want the 3 runs of this session`);
    const list = await text(page, 'finished-runs');
    assert(/interrupted/.test(list), `the interrupted run was not kept: ${list}`);
    await page.locator(`${T('finished-runs')} button.link`).first().click();
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent) > 0, T('generation'), { timeout: 10000 });
    assert(await page.locator(`${T('fitness-chart')} path.best`).count() === 1, 'a shown run does not draw its chart');
    // Resume the interrupted run from its checkpoint: it continues to its generation limit.
    // One click: if the bundled games are still loading, the resume is queued until they are read.
    await page.click(T('resume-run'));
    await page.waitForFunction((sel) => /running|done/.test(document.querySelector(sel)?.textContent || ''), T('run-state'), { timeout: 60000 });
    await page.waitForFunction((sel) => /done/.test(document.querySelector(sel)?.textContent || ''), T('run-state'), { timeout: 240000 });
    const gen = num(await text(page, 'generation'));
    assert(gen === 30, `resumed run ended at generation ${gen}, want 30`);
    // The finished-runs list is stored and re-rendered after the run state changes: wait for it.
    await page.waitForFunction((sel) => /done after 30 generations/.test(document.querySelector(sel)?.textContent || ''), T('finished-runs'), { timeout: 10000 }).catch(() => {});
    const after = await text(page, 'finished-runs');
    assert(/done after 30 generations/.test(after), `the resumed run is not listed as done: ${after}`);
    assert(await page.locator(T('resume-run')).count() === 0, 'a finished run still offers resume');
  });

  await test('Tune: a Texel run of the modern scheme draws its training and held-out loss per generation', async () => {
    await page.click(T('tab-tune'));
    await page.selectOption(T('preset'), 'modern');
    assert(/starts from material \(the preset's\)/.test(await text(page, 'start-note')), `start note: ${await text(page, 'start-note')}`);
    // Adam moves one point: no Population field (the tuner refuses one), and none in the command line.
    assert(await page.locator(T('population')).count() === 0, 'a Population field for Adam');
    assert(await page.locator(T('all-positions')).isChecked(), 'a Texel preset does not use every position by default');
    assert(!/-train /.test(await text(page, 'command-line')), `every position, yet: ${await text(page, 'command-line')}`);
    await page.uncheck(T('all-positions')); // the Data tab's 1,000 positions keep the test short
    const cmd = await text(page, 'command-line');
    assert(/-preset modern -scheme modern -fitness texel .*-train 1000/.test(cmd), `command line: ${cmd}`);
    // The L2 pull toward the start: the preset's is sized to the data; a value typed in reaches the command line.
    assert(/auto/.test(await page.getAttribute(T('l2'), 'placeholder')), 'the L2 field does not show the preset\'s automatic pull');
    await page.fill(T('l2'), '2e-7');
    await page.dispatchEvent(T('l2'), 'change');
    assert(/ -l2 2e-07 /.test(await text(page, 'command-line')), `L2 not in the command line: ${await text(page, 'command-line')}`);
    await page.fill(T('l2'), '');
    await page.dispatchEvent(T('l2'), 'change');
    assert(!/-l2/.test(await text(page, 'command-line')), `L2 still in the command line: ${await text(page, 'command-line')}`);
    await page.fill(T('generations'), '3');
    await page.dispatchEvent(T('generations'), 'change');
    await page.click(T('start-run'));
    await page.waitForFunction((sel) => /done/.test(document.querySelector(sel)?.textContent || ''), T('run-state'), { timeout: 120000 });
    for (const cls of ['train', 'test']) {
      const d = await page.locator(`${T('loss-chart')} path.${cls}`).getAttribute('d');
      assert((d.match(/[ML]/g) || []).length === 3, `${cls} loss line: ${d}`);
    }
    const tl = Number(await text(page, 'train-loss')), hl = Number(await text(page, 'test-loss'));
    assert(tl > 0 && tl < 0.25 && hl > 0 && hl < 0.25, `losses ${tl} ${hl}`);
    assert(await page.locator(T('fitness-chart')).count() === 0, 'a Texel run still shows the fitness chart');
    await page.screenshot({ path: path.join(shots, 'texel.png') });
    await page.check(T('all-positions'));
  });

  await test('a bad PGN paste reports skipped games with reasons', async () => {
    await page.click(T('tab-data'));
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent.replace(/\D/g, '')) > 0, T('games-read'), { timeout: 60000 });
    await page.click('summary');
    const pgn = '[Event "ok"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event "bad"]\n[Result "0-1"]\n\n1. e4 e5 2. Ke3 Ke7 0-1\n\n';
    await page.fill(T('pgn-paste'), pgn);
    await page.click(T('load-paste'));
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '1', T('games-skipped'), { timeout: 30000 });
    assert(num(await text(page, 'games-read')) === 1, 'want 1 game read');
    const why = await text(page, 'skip-reasons');
    assert(/Ke3|illegal|game 2/i.test(why), `skip reason does not say where/why: ${why}`);
    await page.click(T('tab-compare'));
    await page.screenshot({ path: path.join(shots, 'compare.png') });
    assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
  });
  await test('a gzipped PGN (.pgn.gz), a UTF-16 PGN and a .zip of PGN files load by the file picker; a .gz that is not gzip and a zip without PGN are refused with the reason', async () => {
    await page.click(T('tab-data'));
    const pgn = '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n' +
      '[Event "b"]\n[Result "1/2-1/2"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n\n[Event "c"]\n[Result "1-0"]\n\n1. e4 c5 1-0\n\n';
    await page.setInputFiles(T('load-pgn'), { name: 'three.pgn.gz', mimeType: 'application/gzip', buffer: zlib.gzipSync(Buffer.from(pgn)) });
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '3', T('games-read'), { timeout: 30000 });
    assert(await page.locator(T('data-error')).count() === 0, 'an error after a good .pgn.gz');
    await page.setInputFiles(T('load-pgn'), { name: 'plain.pgn.gz', mimeType: 'application/gzip', buffer: Buffer.from(pgn) });
    await page.waitForSelector(T('data-error'), { timeout: 30000 });
    const err = await text(page, 'data-error');
    assert(/plain\.pgn\.gz/.test(err) && /unpack/i.test(err), `error for a .gz that is not gzip: ${err}`);
    assert(num(await text(page, 'games-read')) === 3, 'the refused file replaced the loaded games');
    // UTF-16 with a byte-order mark (Windows PowerShell 5's `Get-Content *.pgn > all.pgn`) reads as its text.
    const u16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[Event "ü"]\n[White "Ян"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n', 'utf16le')]);
    await page.setInputFiles(T('load-pgn'), { name: 'all.pgn', mimeType: 'application/x-chess-pgn', buffer: u16 });
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '1', T('games-read'), { timeout: 30000 });
    assert(num(await text(page, 'games-skipped')) === 0, 'the UTF-16 game was skipped');
    // A .zip of PGN files (as TWIC and most PGN sites serve them): the worker unpacks its .pgn entries.
    const games = pgn + '[Event "d"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n';
    await page.setInputFiles(T('load-pgn'), { name: 'twic.zip', mimeType: 'application/zip',
      buffer: storedZip([['readme.txt', 'The Week in Chess'], ['twic/games.pgn', games]]) });
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '4', T('games-read'), { timeout: 30000 });
    await page.setInputFiles(T('load-pgn'), { name: 'notes.zip', mimeType: 'application/zip', buffer: storedZip([['notes.txt', 'no games']]) });
    await page.waitForFunction((sel) => /notes\.zip.*no \.pgn file/.test(document.querySelector(sel)?.textContent || ''), T('data-error'), { timeout: 30000 });
  });
  await test('every visible control of every tab has an accessible name', async () => {
    await page.waitForSelector('[role=tab]');
    const tabs = await page.$$eval('[role=tab]', (ts) => ts.map((t) => t.dataset.testid));
    assert(tabs.length >= 5, `tabs ${tabs}`);
    for (const tab of tabs) {
      await page.click(T(tab));
      await page.waitForTimeout(200);
      const unnamed = await unnamedControls(page);
      assert(unnamed.length === 0, `${tab}: controls without a name: ${unnamed.slice(0, 8).join(', ')}`);
    }
  });

  await test('if the UI program ever exits, the page says so and how to go on instead of freezing silently', async () => {
    // The program's exit is simulated: go.run's promise (wasm_exec.js) is
    // made to resolve at once while the program runs on.
    const errs = [];
    const { ctx: c2, page: p2 } = await newPage(browser, errs);
    await c2.addInitScript(() => {
      let G;
      Object.defineProperty(globalThis, 'Go', { configurable: true, get: () => G, set: (v) => {
        G = v;
        const run = v.prototype.run;
        v.prototype.run = function (inst) { run.call(this, inst); return Promise.resolve(); };
      } });
    });
    await p2.goto(base);
    await p2.waitForSelector(T('ui-stopped'), { timeout: 30000 });
    const msg = await text(p2, 'ui-stopped');
    assert(/stopped/.test(msg) && /Reload the page/.test(msg), `banner: ${msg}`);
    assert(await page.locator(T('ui-stopped')).count() === 0, 'the banner shows on a page whose program runs');
    await c2.close();
  });
  await test('a run started while the bundled games load is queued and starts; the Data tab says fewer positions exist than asked', async () => {
    const errs = [];
    const { ctx: qctx, page: q } = await newPage(browser, errs);
    try {
      // Hold the bundled games back (the worker's fetch) so the start surely comes first.
      await qctx.route('**/data/*.pgn', async (route) => { await new Promise((r) => setTimeout(r, 2500)); await route.continue(); });
      await q.goto(base);
      await q.click(T('tab-tune'));
      await q.fill(T('generations'), '2');
      await q.dispatchEvent(T('generations'), 'change');
      await q.fill(T('population'), '4');
      await q.dispatchEvent(T('population'), 'change');
      await q.fill(T('fitness-workers'), '0'); // score in the tuner worker: no nested workers to start
      await q.dispatchEvent(T('fitness-workers'), 'change');
      await q.click(T('start-run'));
      step('start clicked');
      const msg = await text(q, 'run-queued');
      assert(/will start when the games are loaded/.test(msg), `queued message: ${msg}`);
      assert(/queued/.test(await text(q, 'run-state')), 'run state is not "queued"');
      if (await q.locator(T('tune-error')).count() > 0) throw new Error(`an error instead of a queued start: ${await text(q, 'tune-error')}`);
      await q.waitForFunction((sel) => /done/.test(document.querySelector(sel)?.textContent || ''), T('run-state'), { timeout: 120000 });
      step('run done');
      assert(num(await text(q, 'generation')) === 2, 'the queued run did not run its 2 generations');
      await q.click(T('tab-data'));
      await q.waitForSelector(T('sample-note'));
      const note = await text(q, 'sample-note');
      assert(/Training positions: 1,000 asked, only 312 in these games — the run uses 312/.test(note), `sample note: ${note}`);
      step('note shown');
      // Asking for fewer than exist: the run uses the number asked.
      await q.fill(T('sample-train'), '200');
      await q.dispatchEvent(T('sample-train'), 'change');
      await q.waitForFunction((sel) => /312 available, the run uses 200 as asked/.test(document.querySelector(sel)?.textContent || ''), T('sample-note'), { timeout: 30000 });
      assert(num(await text(q, 'positions-sampled')) === 200, 'the training count shown is not 200');
      assert(errs.length === 0, `console errors:\n${errs.join('\n')}`);
    } finally {
      await qctx.close();
    }
  });

  // Phones and tablets: a fresh touch-screen context per viewport.
  for (const [w, h] of [[390, 844], [768, 1024]]) {
    await test(`${w}×${h} touch screen: every tab fits the width; a tap move and a touch drag move`, async () => {
      const errs = [];
      const { ctx: mctx, page: m } = await newPage(browser, errs, { viewport: { width: w, height: h }, hasTouch: true, isMobile: true });
      try {
        await m.goto(base);
        await m.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent.replace(/\D/g, '')) > 0, T('games-read'), { timeout: 60000 });
        const tabs = await m.$$eval('[role="tab"]', (bs) => bs.map((b) => b.dataset.testid));
        assert(tabs.length >= 5, `tabs: ${tabs}`);
        const fits = async (where) => {
          const [sw, iw] = await m.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
          assert(iw === w && sw <= iw, `${where}: the page is ${sw} px wide on a ${iw} px screen (viewport ${w})`);
        };
        for (const id of tabs) {
          await m.tap(T(id));
          await m.waitForSelector(`${T(id)}[aria-selected="true"]`);
          await m.waitForTimeout(150);
          await fits(`tab ${id}`);
          await m.screenshot({ path: path.join(shots, `${id.replace('tab-', '')}-${w}.png`), fullPage: true });
        }
        // The board fills the width available to it.
        await m.tap(T('tab-play'));
        const bw = (await m.locator(T('play-board')).boundingBox()).width;
        assert(bw >= Math.min(w - 24, 560), `board ${bw.toFixed(0)} px wide on a ${w} px screen`);
        await m.selectOption(T('strength'), '1');
        const reply = (plies) => m.waitForFunction(([sel, n]) => {
          const b = document.querySelector(sel);
          const moves = document.querySelector('[data-testid="move-list"]')?.textContent.match(/[A-Za-z][\w+#=-]*/g) || [];
          return b && b.dataset.thinking === 'false' && b.dataset.turn === 'white' && moves.length >= n;
        }, [T('play-board'), plies], { timeout: 60000 });
        // Tap the pawn, then its target square.
        await m.tap('[data-square="e2"]');
        assert(await m.locator('[data-square="e4"].hint').count() === 1, 'no legal-move hint on e4 after a tap on e2');
        await m.tap('[data-square="e4"]');
        await reply(2);
        // Drag the knight with one finger.
        await dragTouch(mctx, m, 'g1', 'f3');
        await reply(4);
        const moves = (await text(m, 'move-list')).split(/\s+/).filter((x) => x && !/^\d+\.$/.test(x));
        assert(moves[0] === 'e4' && moves[2] === 'Nf3', `moves ${JSON.stringify(moves)}`);
        await fits('play after moves');
        await m.screenshot({ path: path.join(shots, `play-moves-${w}.png`) });
        assert(errs.length === 0, `console errors:\n${errs.join('\n')}`);
      } finally {
        await mctx.close();
      }
    });
  }
} catch (e) {
  results.push({ name: 'setup', ok: false });
  console.log(`FAIL setup: ${e.stack || e}`);
} finally {
  if (browser) await browser.close().catch(() => {});
  if (server) server.proc.kill('SIGTERM');
}

const kb = (b) => (b / 1024).toFixed(0) + ' KB';
if (metrics.uiMs !== undefined) {
  console.log(`metric first-load transferred: page ${kb(metrics.pageBytes)} + worker ${kb(metrics.workerBytes)} = ${kb(metrics.pageBytes + metrics.workerBytes)}`);
  console.log(`metric time to UI rendered: ${metrics.uiMs} ms; to usable (bundled games read in the worker): ${metrics.usableMs} ms`);
}
if (metrics.maxLongTaskMs !== undefined) console.log(`metric 3-generation run (pop 8): ${(metrics.runMs / 1000).toFixed(1)} s; long tasks ${metrics.longTasks}, longest ${metrics.maxLongTaskMs.toFixed(0)} ms`);
if (metrics.longRunMaxMs !== undefined) console.log(`metric longest main-thread task during the paused/stepped/resumed run: ${metrics.longRunMaxMs.toFixed(0)} ms`);
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${shots}`);
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
