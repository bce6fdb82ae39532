// End-to-end tests of the Tune tab's run controls in real headless Chromium.
//
//   node tune.mjs <path to bin/evochess>
//
// Starts `evochess serve` on a free loopback port and drives the Tune tab:
// Step on a run not yet started runs exactly one generation (also when queued
// while the games load); Reset cancels a queued start and asks before it
// discards a run in progress; the run-state label after Stop; a run cut by a
// reload is not resumed on other games loaded under the same file name, and
// is on its own; the weights table keeps the run's scheme when the form's
// changes; a tournament-scored run labels its training figure a tournament
// score; Start with no training position is refused with a plain message;
// Continue tuning from a shared run on the teacher's own games says which
// games the original used. Prints one line per test and "N passed, M
// failed"; exit status 1 on any failure.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FLAGS, T, assert, chromiumPath, finish, startServer } from './common.mjs';
import { bundledLoaded, gen, newPage, pageTest, setNum, settings, text, waitState } from './tunecommon.mjs';

const bin = process.argv[2];
if (!bin || !fs.existsSync(bin)) {
  console.error(`usage: node tune.mjs <path to bin/evochess>${bin ? ` (${bin} does not exist; run make build)` : ''}`);
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tune-e2e-'));

// Two sets of different games cut from the bundled ones: A (the first 600)
// and B (the next 500), each loaded below under one file name.
const bundled = fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), '../../assets/data/gm_demo_1500.pgn'), 'utf8');
const games = bundled.split(/\n(?=\[Event )/);
const setA = games.slice(0, 600).join('\n') + '\n';
const setB = games.slice(600, 1100).join('\n') + '\n';

// Load PGN text as a picked file called name; wait until count games are read and sampled.
async function loadFile(page, name, pgn, count) {
  await page.click(T('tab-data'));
  await page.setInputFiles(T('load-pgn'), { name, mimeType: 'application/x-chess-pgn', buffer: Buffer.from(pgn) });
  await page.waitForFunction(([sel, n]) => document.querySelector(sel)?.textContent.trim() === n, [T('games-read'), String(count)], { timeout: 60000 });
  await page.waitForFunction((sel) => /\d/.test(document.querySelector(sel)?.textContent || ''), T('positions-sampled'), { timeout: 60000 });
}

const results = [];
let browser, base;
const test = (name, fn) => pageTest(results, browser, name, fn);

const started = Date.now();
let server;
try {
  server = await startServer(bin, tmp);
  base = server.base;
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: FLAGS });

  await test('Step on a run not started runs exactly one generation and pauses; a second Step one more; Stop reads "stopped"', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    await settings(page, 'vazquez-ep', 50, 8);
    await page.click(T('step-run'));
    await waitState(page, /paused/);
    assert(await gen(page) === 1, `after one Step from idle: generation ${await gen(page)}, want 1`);
    await page.waitForTimeout(1500);
    assert(await gen(page) === 1 && /paused/.test(await text(page, 'run-state')), `the stepped run moved on: generation ${await gen(page)}, "${await text(page, 'run-state')}"`);
    await page.click(T('step-run'));
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent) === 2, T('generation'), { timeout: 60000 });
    await waitState(page, /paused/);
    await page.waitForTimeout(800);
    assert(await gen(page) === 2, `a second Step: generation ${await gen(page)}, want 2`);
    await page.click(T('stop-run'));
    await waitState(page, /stopped/);
    const st = await text(page, 'run-state');
    assert(st === 'stopped', `run state after Stop: "${st}"`);
  });

  await test('Step while the games load is queued and runs exactly one generation; Reset cancels a queued start', async (page, ctx) => {
    // Hold the bundled games back so the clicks come first.
    await ctx.route('**/data/*.pgn', async (route) => { await new Promise((r) => setTimeout(r, 3000)); await route.continue(); });
    await page.goto(base);
    await settings(page, 'vazquez-ep', 20, 6);
    await setNum(page, 'fitness-workers', 0);
    // Start, then Reset while it is queued: nothing runs.
    await page.click(T('start-run'));
    assert(/queued/.test(await text(page, 'run-state')), `state after Start while loading: "${await text(page, 'run-state')}"`);
    await page.click(T('reset-run'));
    assert(await page.locator(T('run-queued')).count() === 0, 'the queued start is still announced after Reset');
    await page.click(T('tab-data'));
    await bundledLoaded(page);
    await page.click(T('tab-tune'));
    await page.waitForTimeout(4000);
    const st = await text(page, 'run-state');
    assert(st === 'not started' && await gen(page) === 0, `Reset did not cancel the queued start: "${st}", generation ${await gen(page)}`);
    // Step while loading: one generation once the games are read.
    await page.reload();
    await page.click(T('tab-tune'));
    await setNum(page, 'generations', 20);
    await setNum(page, 'population', 6);
    await page.click(T('step-run'));
    const msg = await text(page, 'run-queued');
    assert(/One generation will run when the games are loaded/.test(msg), `queued message: ${msg}`);
    await waitState(page, /paused/);
    await page.waitForTimeout(1000);
    assert(await gen(page) === 1, `the queued Step ran ${await gen(page)} generations, want 1`);
  });

  await test('Reset during a run asks first; Keep it going keeps it; Discard clears it', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    await settings(page, 'vazquez-ep', 5000, 8);
    await page.click(T('start-run'));
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent) >= 1, T('generation'), { timeout: 120000 });
    await page.click(T('reset-run'));
    await page.waitForSelector(T('reset-confirm-box'), { timeout: 5000 });
    assert(/Discard the run in progress/.test(await text(page, 'reset-confirm-box')), `question: ${await text(page, 'reset-confirm-box')}`);
    const g = await gen(page);
    await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel)?.textContent) > g, [T('generation'), g], { timeout: 60000 });
    assert(/running/.test(await text(page, 'run-state')), `the run stopped while asking: "${await text(page, 'run-state')}"`);
    await page.click(T('reset-cancel'));
    assert(await page.locator(T('reset-confirm-box')).count() === 0, 'the question stays after Keep it going');
    assert(/running/.test(await text(page, 'run-state')), `Keep it going: "${await text(page, 'run-state')}"`);
    await page.click(T('reset-run'));
    await page.click(T('reset-confirm'));
    await page.waitForTimeout(500);
    const st = await text(page, 'run-state');
    assert(st === 'not started' && await gen(page) === 0, `after Discard: "${st}", generation ${await gen(page)}`);
  });

  await test('the weights table keeps the run\'s scheme and values when another preset is chosen, and says so', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    await settings(page, 'vazquez-ep', 2, 6);
    await page.click(T('start-run'));
    await waitState(page, /done/);
    const rows = async () => page.locator(`${T('weights-table')} tr`).count();
    const names = async () => page.$$eval(`${T('weights-table')} tr`, (trs) => trs.slice(1).map((tr) => tr.cells[0].textContent.trim()).join(','));
    const n1 = await rows(), names1 = await names();
    await page.selectOption(T('preset'), 'david-ga');
    await page.waitForTimeout(300);
    const n2 = await rows(), names2 = await names();
    assert(n2 === n1 && names2 === names1, `the table changed rows with the form's preset: ${n1} -> ${n2} rows`);
    const note = await text(page, 'weights-note');
    assert(/vazquez29/.test(note) && /david35/.test(note), `weights note: "${note}"`);
    const dist = await page.evaluate(() => [...document.querySelectorAll('p')].map((e) => e.textContent).find((t) => /mean distance/.test(t)) || '');
    assert(!/david/.test(dist), `distance of a vazquez29 run to a david35 preset: "${dist}"`);
    // Reset: the form's scheme (its own rows, no note).
    await page.click(T('reset-run'));
    await page.waitForTimeout(300);
    assert(await rows() !== n1, 'after Reset the table still has the run\'s rows');
    assert(await page.locator(T('weights-note')).count() === 0, 'the note stays after Reset');
  });

  await test('a tournament-scored run (david-coevolution) labels its training figure a tournament score', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    await settings(page, 'david-coevolution', 1, 4);
    await page.click(T('start-run'));
    await waitState(page, /done/, 240000);
    const stats = await page.evaluate(() => document.querySelector('.stats')?.textContent.replace(/\s+/g, ' ') || '');
    assert(/tournament score \(best\)/.test(stats) && !/training moves matched/.test(stats), `progress line: ${stats}`);
    assert(/Tournament score/.test(await text(page, 'match-title')), `chart title: ${await text(page, 'match-title')}`);
    assert(/tournament score/.test(await text(page, 'match-legend')), `chart legend: ${await text(page, 'match-legend')}`);
    await page.waitForSelector(T('finished-runs'), { timeout: 10000 });
    const list = await text(page, 'finished-runs');
    assert(/tournament score \d/.test(list) && !/% matched \(held-out/.test(list), `finished run: ${list}`);
  });

  await test('Start with no training position is refused at once with a plain message', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    await page.click(T('tab-data'));
    const elo = page.locator('label:has-text("Min Elo") input');
    await elo.fill('3000');
    await elo.dispatchEvent('change');
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '0', T('positions-sampled'), { timeout: 60000 });
    await settings(page, 'vazquez-ep', 3, 6);
    await page.click(T('start-run'));
    await page.waitForTimeout(500);
    const err = await text(page, 'tune-error');
    assert(/No training positions/.test(err) && /Min Elo/.test(err) && !/runner:|fitness-setup/.test(err), `message: "${err}"`);
    assert(await text(page, 'run-state') === 'not started', `run state: "${await text(page, 'run-state')}"`);
  });

  await test('a run cut by a reload is not resumed on other games under the same file name; on its own games it is', async (page) => {
    await page.goto(base);
    await bundledLoaded(page);
    await loadFile(page, 'class.pgn', setA, 600);
    await settings(page, 'vazquez-ep', 300, 8);
    await page.click(T('start-run'));
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.textContent) >= 2, T('generation'), { timeout: 120000 });
    await page.waitForFunction(() => !!localStorage.getItem('evochess.resume.v1'), null, { timeout: 30000 });
    await page.reload();
    await bundledLoaded(page);
    await loadFile(page, 'class.pgn', setB, 500);
    await page.click(T('tab-tune'));
    await page.click(T('resume-run'));
    await page.waitForTimeout(1500);
    const err = await text(page, 'tune-error');
    assert(/not the ones this run was tuned on/.test(err), `resume on other games: state "${await text(page, 'run-state')}", message "${err}"`);
    assert(!/running|paused/.test(await text(page, 'run-state')), `the run resumed on other games: "${await text(page, 'run-state')}"`);
    // The run's own games, under the same name: it resumes.
    await loadFile(page, 'class.pgn', setA, 600);
    await page.click(T('tab-tune'));
    await page.click(T('resume-run'));
    await waitState(page, /running|done/, 60000);
    assert(await text(page, 'tune-error') === '', `resume on its own games: ${await text(page, 'tune-error')}`);
    await page.click(T('stop-run'));
    await waitState(page, /stopped|done/);
  });

  await test('Continue tuning a shared run tuned on other games says which games it used and that the loaded ones are used', async (page, ctx, errors) => {
    await page.goto(base);
    await bundledLoaded(page);
    await loadFile(page, 'half.pgn', setA, 600);
    await settings(page, 'vazquez-ep', 2, 6);
    await page.click(T('start-run'));
    await waitState(page, /done/);
    await page.waitForSelector(`${T('play-best')}:not([disabled])`, { timeout: 30000 });
    await page.click(T('tab-share'));
    await page.check(T('share-with-run'));
    const link = (await page.locator(T('share-link')).inputValue()).trim();
    assert(link.includes('#p='), `no share link: ${link}`);
    const student = await newPage(browser, errors);
    try {
      await student.page.goto(link);
      await student.page.waitForSelector(T('player-card'), { timeout: 30000 });
      await student.page.click(T('continue-tuning'));
      await student.page.waitForSelector(T('command-line'));
      await student.page.click(T('tab-data'));
      await bundledLoaded(student.page);
      await student.page.click(T('tab-tune'));
      const note = await text(student.page, 'continued-note');
      assert(/half\.pgn/.test(note) && /gm_demo_1500/.test(note) && /will use/.test(note), `note: "${note}"`);
      const cmd = await text(student.page, 'command-line');
      assert(!/-data half\.pgn/.test(cmd), `command line: ${cmd}`);
    } finally {
      await student.ctx.close();
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
