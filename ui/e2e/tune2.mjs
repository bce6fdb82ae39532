// End-to-end tests of the Tune tab's native runs ("Run natively on this
// server") and of its command line, in real headless Chromium (session 36).
//
//   node tune2.mjs <path to bin/evochess>
//
// Starts `evochess serve` on a free loopback port (and, for the restart
// test, a server of its own that it kills and starts again on one port) and
// checks: the browser run's command line, run by `evochess tune`, gives the
// same player as the page; a fast native run (hundreds of generations a
// second) leaves the page responsive and is paused, stepped and stopped from
// it, its state reading "stopped natively"; a second native run beyond
// -max-runs is refused with the server's reason in words, not its JSON; a
// native run whose server is killed and started again ends in the page as
// "interrupted" and is kept among the finished runs, while another page's
// run on the new server (with the same run number) is neither shown in nor
// stopped by the old page; a native run outlives a reload of its page,
// which follows it again (its generations go on, Stop works and frees the
// -max-runs slot for the next run); a long run's history is kept without every
// generation's weights (it must fit in localStorage). Prints one line per
// test and "N passed, M failed"; exit status 1 on any failure.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FLAGS, T, assert, chromiumPath, finish, freePort, sleep, startServer } from './common.mjs';
import { bundledLoaded, gen, newPage, pageTest, setNum, settings, text, waitState } from './tunecommon.mjs';

const bin = process.argv[2];
if (!bin || !fs.existsSync(bin)) {
  console.error(`usage: node tune2.mjs <path to bin/evochess>${bin ? ` (${bin} does not exist; run make build)` : ''}`);
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tune2-e2e-'));

// startNative clicks "Run natively on this server" once the page offers it.
async function startNative(page) {
  await page.waitForSelector(`${T('run-native')}:not([disabled])`, { timeout: 30000 });
  await page.click(T('run-native'));
}

// serveOn starts `bin serve` on port with its league file in dir; resolves once it answers.
const serveOn = async (port, dir) => (await startServer(bin, dir, { port })).proc;

const results = [];
let browser, base;
// Refused requests (429, the 404 of a run the restarted server does not
// know) and a killed server's cut stream are what some tests cause: the
// browser logs them as resource errors, which are not the page's.
const test = (name, fn) => pageTest(results, browser, name, fn, { ignoreResources: true });

const started = Date.now();
let server;
try {
  server = await startServer(bin, tmp);
  base = server.base;
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: FLAGS });

  await test('a finished run that the full storage cannot keep is still listed, with a notice (the list used to be emptied)', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    await settings(page, 'vazquez-ep', 40, 4, 5);
    // Fill localStorage until less than 1 KB is left.
    await page.evaluate(() => {
      let chunk = 'x'.repeat(1 << 20);
      let i = 0;
      while (chunk.length >= 512) {
        try { localStorage.setItem(`junk${i++}`, chunk); } catch { chunk = chunk.slice(0, chunk.length >> 1); }
      }
    });
    await page.click(T('start-run'));
    await waitState(page, /done/);
    await page.waitForSelector(T('finished-runs'), { timeout: 30000 });
    const runs = await page.locator(`${T('finished-runs')} .run-item`).count();
    assert(runs === 1, `${runs} finished runs listed, want the one that just ended`);
    const notice = await text(page, 'notice');
    assert(/too large for this browser's storage/.test(notice), `notice ${JSON.stringify(notice)}`);
  });

  await test('the command line shown for a browser run, run by evochess tune, gives the same player as the page', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    await settings(page, 'vazquez-ep', 3, 8, 11);
    await page.click(T('start-run'));
    await waitState(page, /done/);
    const cmd = await text(page, 'command-line');
    assert(/^evochess tune .*-gens 3 -pop 8 -seed 11 /.test(cmd), `command line: ${cmd}`);
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('evochess.runs.v1') || '[]')).length > 0, null, { timeout: 30000 });
    const run = await page.evaluate(() => JSON.parse(localStorage.getItem('evochess.runs.v1')).at(-1));
    const out = path.join(tmp, 'cli.json');
    // The command as shown (no shell quoting is needed for these settings).
    const args = cmd.split(/\s+/).slice(2).concat(['-out', out]);
    assert(args.every((a) => !/['"]/.test(a)), `quoted argument in ${cmd}`);
    execFileSync(path.resolve(bin), ['tune', ...args], { cwd: tmp, stdio: 'pipe' });
    const cli = JSON.parse(fs.readFileSync(out, 'utf8'));
    const mine = typeof run.player === 'string' ? JSON.parse(run.player) : run.player;
    assert(cli.scheme === mine.scheme && JSON.stringify(cli.weights) === JSON.stringify(mine.weights),
      `the CLI's weights differ from the page's:\n cli  ${JSON.stringify(cli.weights).slice(0, 200)}\n page ${JSON.stringify(mine.weights).slice(0, 200)}`);
  });

  await test('a fast native run leaves the page responsive: paused, stepped by one, resumed and stopped from it ("stopped natively")', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    // Natively a vazquez-ep generation of 20 candidates takes a few ms: the
    // page gets hundreds of progress events a second.
    await settings(page, 'vazquez-ep', 200000, 20, 3);
    await startNative(page);
    await waitState(page, /running natively/, 30000);
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent) >= 300, T('generation'), { timeout: 60000 });
    await sleep(2000);
    // The old page rendered every event and stopped answering here.
    await page.click(T('pause-run'), { timeout: 15000 });
    await waitState(page, /paused natively/, 15000);
    await sleep(1000);
    const g = await gen(page);
    await sleep(1000);
    assert(await gen(page) === g, `the paused native run moved on: ${g} -> ${await gen(page)}`);
    await page.click(T('step-run'), { timeout: 15000 });
    await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel)?.textContent) === g + 1, [T('generation'), g], { timeout: 15000 });
    await page.click(T('start-run'), { timeout: 15000 });
    await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel)?.textContent) > g + 50, [T('generation'), g], { timeout: 30000 });
    await page.click(T('stop-run'), { timeout: 15000 });
    await waitState(page, /stopped/, 15000);
    const st = await text(page, 'run-state');
    assert(st === 'stopped natively', `run state after Stop: "${st}"`);
    // Kept among the finished runs, and the chart got the generations.
    await page.waitForSelector(T('finished-runs'), { timeout: 15000 });
    assert(/stopped after \d+ generations/.test(await text(page, 'finished-runs')), `finished runs: ${await text(page, 'finished-runs')}`);
  });

  await test('a long run\'s history is kept with only its last generation\'s weights (a history of every generation\'s weights outgrows localStorage)', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    await settings(page, 'vazquez-ep', 1500, 2, 5);
    await startNative(page);
    await waitState(page, /done natively/, 120000);
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('evochess.runs.v1') || '[]')).some((r) => r.history?.length === 1500), null, { timeout: 30000 });
    const [withWeights, bytes] = await page.evaluate(() => {
      const r = JSON.parse(localStorage.getItem('evochess.runs.v1')).find((r) => r.history?.length === 1500);
      return [r.history.map((h, i) => h.bestWeights ? i : -1).filter((i) => i >= 0), JSON.stringify(r).length];
    });
    assert(withWeights.length === 1 && withWeights[0] === 1499, `generations kept with their weights: ${withWeights.length} (${bytes} characters for 1,500 generations)`);
    // The weights table still shows the run's best weights.
    const cells = await page.$$eval(`${T('weights-table')} tr`, (trs) => trs.slice(1).map((tr) => tr.cells[2]?.textContent.trim()));
    assert(cells.length > 20 && cells.every((c) => /^-?\d+$/.test(c)), `weights table: ${JSON.stringify(cells.slice(0, 5))}`);
  });

  await test('a second native run beyond -max-runs is refused with the server\'s reason in words', async (page, ctx, errors) => {
    await page.goto(base);
    await bundledLoaded(page);
    await settings(page, 'vazquez-ep', 200000, 20, 1);
    await startNative(page);
    await waitState(page, /running natively/, 30000);
    const other = await newPage(browser, errors, { base, ignoreResources: true });
    try {
      await bundledLoaded(other.page);
      await settings(other.page, 'vazquez-ep', 100, 8, 2);
      await startNative(other.page);
      await other.page.waitForSelector(T('tune-error'), { timeout: 15000 });
      const err = await text(other.page, 'tune-error');
      assert(/HTTP 429/.test(err) && /at most 1 native run at once/.test(err) && !/[{}"]/.test(err), `refusal: ${err}`);
      assert(await text(other.page, 'run-state') === 'not started', `the refused run's state: ${await text(other.page, 'run-state')}`);
    } finally {
      await other.ctx.close();
    }
    await page.click(T('stop-run'), { timeout: 15000 });
    await waitState(page, /stopped/, 15000);
  });

  await test('a native run survives a page reload: the page follows it again, its generations go on, Stop works and frees the slot', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    await settings(page, 'vazquez-ep', 200000, 20, 6);
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/runs$/.test(r.url()), { timeout: 30000 });
    await startNative(page);
    const kept = await (await created).json();
    await waitState(page, /running natively/, 30000);
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent) >= 50, T('generation'), { timeout: 60000 });
    const before = await gen(page);
    await page.reload();
    await page.click(T('tab-tune'));
    // The old page kept the run as "interrupted" and showed nothing running,
    // while the server's run went on holding the only -max-runs slot.
    await waitState(page, /running natively/, 30000);
    await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel)?.textContent) > g, [T('generation'), before], { timeout: 30000 });
    const g1 = await gen(page);
    await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel)?.textContent) > g + 20, [T('generation'), g1], { timeout: 30000 });
    const runs = await page.evaluate(() => JSON.parse(localStorage.getItem('evochess.runs.v1') || '[]'));
    assert(!runs.some((r) => r.id === kept.id), `the followed run is among the finished runs: ${JSON.stringify(runs.map((r) => [r.id, r.state]))}`);
    await page.click(T('stop-run'), { timeout: 15000 });
    await waitState(page, /stopped/, 15000);
    assert(await text(page, 'run-state') === 'stopped natively', `run state after Stop: "${await text(page, 'run-state')}"`);
    // Kept once among the finished runs, with the generations of both pages.
    await page.waitForFunction((id) => (JSON.parse(localStorage.getItem('evochess.runs.v1') || '[]')).some((r) => r.id === id), kept.id, { timeout: 15000 });
    const done = await page.evaluate((id) => JSON.parse(localStorage.getItem('evochess.runs.v1')).filter((r) => r.id === id), kept.id);
    assert(done.length === 1 && done[0].state === 'stopped' && done[0].history.length > g1 && done[0].history[0].generation <= 2,
      `finished entries of the run: ${JSON.stringify(done.map((r) => [r.state, r.history.length, r.history[0]?.generation]))}`);
    assert(await page.evaluate(() => localStorage.getItem('evochess.native.v1')) === null, 'the ended run is still kept as the one to follow');
    // The slot is free: a second native run starts.
    await settings(page, 'vazquez-ep', 200000, 20, 7);
    await startNative(page);
    await waitState(page, /running natively/, 30000);
    assert(await text(page, 'tune-error') === '', `error: ${await text(page, 'tune-error')}`);
    await page.click(T('stop-run'), { timeout: 15000 });
    await waitState(page, /stopped/, 15000);
  });

  await test('a native run whose server restarts is kept as interrupted; the old page neither shows nor stops the new server\'s run', async (page, ctx, errors) => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(tmp, 'restart-'));
    const url = `http://127.0.0.1:${port}/`;
    let srv = await serveOn(port, dir);
    let other;
    try {
      await page.goto(url);
      await bundledLoaded(page);
      await settings(page, 'vazquez-ep', 200000, 20, 4);
      await startNative(page);
      await page.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent) >= 50, T('generation'), { timeout: 60000 });
      srv.kill('SIGKILL');
      await new Promise((r) => srv.once('exit', r));
      await sleep(500);
      const cut = await gen(page);
      srv = await serveOn(port, dir);
      // Another page starts the restarted server's first run at once.
      other = await newPage(browser, errors, { base: url, ignoreResources: true });
      await bundledLoaded(other.page);
      await settings(other.page, 'vazquez-ep', 200000, 20, 9);
      await startNative(other.page);
      await waitState(other.page, /running natively/, 30000);
      // The old page learns that its run is gone (EventSource retries every few seconds).
      await waitState(page, /interrupted/, 30000);
      await sleep(2000);
      const err = await text(page, 'tune-error');
      assert(/Lost the native run/.test(err) && /kept among the finished runs/.test(err), `the old page says: ${err}`);
      const g = await gen(page);
      assert(g === cut, `the old page's chart moved on after its server died: ${cut} -> ${g} (another run's events)`);
      await page.waitForSelector(T('finished-runs'), { timeout: 10000 });
      assert(/interrupted after \d+ generations/.test(await text(page, 'finished-runs')), `finished runs: ${await text(page, 'finished-runs')}`);
      assert(await page.locator(`${T('run-native')}:not([disabled])`).count() === 1, 'Run natively stays disabled on the old page');
      assert(await page.locator(`${T('stop-run')}[disabled]`).count() === 1, 'Stop is still offered for the lost run');
      // The old page's run ID reaches nothing on the new server: the other page's run goes on.
      const res = await page.evaluate(async () => {
        const id = JSON.parse(localStorage.getItem('evochess.runs.v1')).at(-1).id;
        const r = await fetch(`api/runs/${id}/stop`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
        return r.status;
      });
      assert(res === 404, `the old page's stop on the new server: HTTP ${res}`);
      const g1 = await gen(other.page);
      await other.page.waitForFunction(([sel, g]) => Number(document.querySelector(sel)?.textContent) > g, [T('generation'), g1], { timeout: 15000 });
      assert(/running natively/.test(await text(other.page, 'run-state')), `the new server's run: ${await text(other.page, 'run-state')}`);
      await other.page.click(T('stop-run'));
      await waitState(other.page, /stopped/, 15000);
    } finally {
      if (other) await other.ctx.close();
      srv.kill();
    }
  });
} catch (e) {
  console.log(`FAIL setup: ${e.message}`);
  results.push({ name: 'setup', ok: false });
} finally {
  if (browser) await browser.close();
  if (server) server.proc.kill();
}

finish(results, started);
