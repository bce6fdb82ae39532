// End-to-end tests of the Data tab's loading and sampling (and a few
// fixes beside it) in real headless Chromium.
//
//   node data.mjs <path to bin/evochess>
//
// Starts `evochess serve` on a free loopback port (its own league file in a
// temporary folder) and checks, one fresh browser context per test: counts
// redrawn when a sampling field changes while positions are being drawn;
// failed loads (a damaged .zip, a cut .pgn.gz, a text file without games)
// keeping the games loaded before with a plain message; gzip found by its
// bytes (in a file named .pgn, gzip inside .gz); the paste panel staying
// open, with its draft kept across tab switches; modern's 32-square
// knight/bishop/rook/queen tables drawn as boards on the Tune tab; the
// League tab's teacher settings refused in the form's words; the native run
// button counting the machine's cores. Prints one line per test and
// "N passed, M failed"; exit status 1 on any failure. Screenshots go to
// $E2E_SHOTS (default ./shots); E2E_ONLY=<regexp> runs only the matching tests.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { FLAGS, T, assert, chromiumPath, finish, runTest, shotsDir, skipped, sleep, startServer } from './common.mjs';

const bin = process.argv[2];
if (!bin || !fs.existsSync(bin)) {
  console.error(`usage: node data.mjs <path to bin/evochess>${bin ? ` (${bin} does not exist; run make build)` : ''}`);
  process.exit(2);
}
const shots = shotsDir();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'data-e2e-'));



const num = (s) => Number(String(s).replace(/[^\d]/g, ''));

async function text(page, id) {
  const l = page.locator(T(id)).first();
  return (await l.count()) ? (await l.textContent()).trim() : '';
}

// The Data summary as the page shows it.
async function summary(page) {
  return page.evaluate(() => {
    const q = (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent.trim() ?? null;
    return { heading: document.querySelector('[data-testid="data-summary"] h2')?.textContent.trim(), read: q('games-read'),
      sampled: q('positions-sampled'), note: q('sample-note'), err: q('data-error') };
  });
}

const results = [];
async function test(name, fn) {
  if (!skipped(name)) await runTest(results, name, fn);
}

const started = Date.now();
let server, browser;
const errors = [];

// fresh opens the page in a new browser context and runs fn(page).
// holdBundled delays the bundled games' fetch by that many ms.
async function fresh(fn, { waitGames = true, holdBundled = 0 } = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  if (holdBundled) await ctx.route('**/data/*.pgn', async (route) => { await sleep(holdBundled); await route.continue(); });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  try {
    await page.goto(server.base);
    await page.waitForSelector(T('tab-data'), { timeout: 60000 });
    if (waitGames) await bundledRead(page);
    await fn(page);
  } finally {
    await ctx.close();
  }
}

// bundledRead waits until the bundled games are read and sampled.
async function bundledRead(page) {
  await page.waitForFunction(() => {
    const q = (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent || '';
    return Number(q('games-read').replace(/\D/g, '')) > 0 && /\d/.test(q('positions-sampled'));
  }, null, { timeout: 60000 });
}

// setField sets a Sampling field by its label and fires change.
async function setField(page, label, value) {
  const l = page.locator(`label:has-text("${label}") input`);
  await l.fill(String(value));
  await l.dispatchEvent('change');
}

// settled waits until the positions shown are a number that stays 1.5 s.
async function settled(page) {
  let last = '';
  for (let i = 0; i < 60; i++) {
    const s = await summary(page);
    const now = `${s.sampled}|${s.note}`;
    if (/^\d/.test(s.sampled || '') && now === last) return s;
    last = now;
    await sleep(1500);
  }
  throw new Error('the sample never settled');
}

// cut returns the first half of b (a gzip stream cut short).
const cut = (b) => b.subarray(0, b.length >> 1);

const PGN3 = '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n' +
  '[Event "b"]\n[Result "1/2-1/2"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n\n[Event "c"]\n[Result "1-0"]\n\n1. e4 c5 1-0\n\n';

try {
  server = await startServer(bin, tmp);
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: FLAGS });

  await test('a sampling field changed while positions are drawn redraws them: Min Elo 3000 right after the games are read shows 0 positions', async () => {
    await fresh(async (page) => {
      // Right after the games are read (their sample being drawn).
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="games-read"]')?.textContent.replace(/\D/g, '')) > 0, null, { timeout: 60000 });
      await setField(page, 'Min Elo', 3000);
      await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '0', T('positions-sampled'), { timeout: 30000 })
        .catch(async () => { throw new Error(`Min Elo 3000: the page says ${JSON.stringify(await summary(page))}`); });
    }, { waitGames: false });
  });

  await test('two sampling fields changed 30 ms apart: the counts shown are those of the last settings (as a fresh draw gives)', async () => {
    await fresh(async (page) => {
      await page.evaluate(async () => {
        const set = (label, v) => {
          const inp = [...document.querySelectorAll('label')].find((l) => l.textContent.includes(label)).querySelector('input');
          inp.value = String(v);
          inp.dispatchEvent(new Event('change', { bubbles: true }));
        };
        set('Training positions', 100);
        await new Promise((r) => setTimeout(r, 30));
        set('Skip first plies', 100);
      });
      const s = await settled(page);
      await page.click(T('resample'));
      await sleep(300);
      const again = await settled(page);
      assert(s.note === again.note && s.sampled === again.sampled,
        `shown ${s.sampled} "${s.note}", a fresh draw with the same fields ${again.sampled} "${again.note}"`);
      assert(/the run uses 100 as asked/.test(s.note) && !/312 available/.test(s.note), `note ${s.note}`);
    });
  });

  await test('a load that fails keeps the previous games and says so plainly: a damaged .zip, a cut .pgn.gz, a text file without games', async () => {
    await fresh(async (page) => {
      const before = await settled(page);
      assert(num(before.read) >= 1000, `bundled games ${before.read}`);
      const cases = [
        ['x.zip', { name: 'x.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\x03\x04garbage') }, /x\.zip.*not a readable zip archive/],
        ['g.pgn.gz', { name: 'g.pgn.gz', mimeType: 'application/gzip', buffer: cut(zlib.gzipSync(Buffer.from(PGN3.repeat(400)))) }, /g\.pgn\.gz.*damaged gzip/],
        ['notes.txt', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Shopping: eggs, milk, bread.\n') }, /No (usable )?games in notes\.txt/],
      ];
      for (const [name, file, want] of cases) {
        await page.setInputFiles(T('load-pgn'), file);
        await page.waitForSelector(T('data-error'), { timeout: 30000 });
        await page.waitForFunction(() => !/^Reading/.test(document.querySelector('[data-testid="data-summary"] h2')?.textContent || ''), null, { timeout: 30000 });
        const s = await summary(page);
        assert(want.test(s.err), `${name}: error ${s.err}`);
        assert(/previous games are kept/.test(s.err) && s.err.includes(before.heading), `${name}: the error does not say the previous games are kept: ${s.err}`);
        assert(!/TypeError|Failed to fetch|runner:|data:/.test(s.err), `${name}: error not plain: ${s.err}`);
        assert(s.heading === before.heading, `${name}: heading ${s.heading}, want ${before.heading}`);
        assert(s.read === before.read && s.sampled === before.sampled, `${name}: games ${s.read}, positions ${s.sampled}; before ${before.read}, ${before.sampled}`);
        if (name === 'x.zip') await page.screenshot({ path: path.join(shots, 'data-failed-load.png') });
      }
      // The kept games are those of the worker too: a fresh draw gives the same positions.
      await page.click(T('resample'));
      await sleep(300);
      const again = await settled(page);
      assert(again.sampled === before.sampled, `after the failed loads a fresh draw gives ${again.sampled}, before ${before.sampled}`);
    });
  });

  await test('gzip is found by its bytes: gzip in a file named .pgn (picked while the bundled games still load) and gzip inside a .gz load as their games', async () => {
    await fresh(async (page) => {
      await page.waitForSelector(T('load-pgn'), { state: 'attached', timeout: 30000 });
      for (const [name, buf] of [['games.pgn', zlib.gzipSync(Buffer.from(PGN3))], ['twice.pgn.gz', zlib.gzipSync(zlib.gzipSync(Buffer.from(PGN3)))]]) {
        await page.setInputFiles(T('load-pgn'), { name, mimeType: 'application/octet-stream', buffer: buf });
        await page.waitForFunction(([sel, n]) => document.querySelector('[data-testid="data-summary"] h2')?.textContent.trim() === n &&
          document.querySelector(sel)?.textContent.trim() === '3', [T('games-read'), name], { timeout: 30000 })
          .catch(async () => { throw new Error(`${name}: ${JSON.stringify(await summary(page))}`); });
        assert((await text(page, 'games-skipped')) === '0', `${name}: skipped ${await text(page, 'games-skipped')}`);
      }
      await sleep(2500); // the held-back bundled games arrive: they do not replace the picked ones
      assert((await summary(page)).heading === 'twice.pgn.gz' && (await text(page, 'games-read')) === '3', `after the bundled games arrived: ${JSON.stringify(await summary(page))}`);
      // The worker's games are the picked ones too: a fresh draw finds only their few positions.
      await setField(page, 'Training positions', 0);
      await page.selectOption(T('sample-protocol'), 'all');
      const s = await settled(page);
      assert(num(s.sampled) < 50, `a fresh draw after the bundled games arrived: ${JSON.stringify(s)}`);
    }, { waitGames: false, holdBundled: 2500 });
  });

  await test('the paste panel stays open while the games load and after a refused paste; its draft survives a tab switch', async () => {
    await fresh(async (page) => {
      const draft = '[Event "mine"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';
      await page.click('summary');
      await page.fill(T('pgn-paste'), draft);
      await bundledRead(page);
      await sleep(500);
      const open = () => page.evaluate(() => document.querySelector('[data-testid="paste-panel"]')?.open);
      assert(await open(), 'the panel closed when the bundled games were read');
      await page.click(T('tab-tune'));
      await page.click(T('tab-data'));
      await page.waitForSelector(T('pgn-paste'), { state: 'visible', timeout: 10000 });
      assert(await open(), 'the panel closed after a tab switch');
      assert((await page.locator(T('pgn-paste')).inputValue()) === draft, `draft after Data → Tune → Data: ${JSON.stringify(await page.locator(T('pgn-paste')).inputValue())}`);
      await page.fill(T('pgn-paste'), '   ');
      await page.click(T('load-paste'));
      await page.waitForSelector(T('data-error'), { timeout: 10000 });
      assert(/paste box is empty/.test(await text(page, 'data-error')), `error ${await text(page, 'data-error')}`);
      assert(await open(), 'the panel closed after a refused paste');
      await page.fill(T('pgn-paste'), draft);
      await page.click(T('load-paste'));
      await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '1', T('games-read'), { timeout: 30000 });
      assert(await open(), 'the panel closed after a load');
      await page.click('summary');
      assert(!(await open()), 'the summary does not close the panel');
    }, { waitGames: false });
  });

  await test('modern\'s knight, bishop, rook and queen tables (32 squares, files e–h) are drawn as whole boards on the Tune tab', async () => {
    await fresh(async (page) => {
      await page.click(T('tab-tune'));
      await page.selectOption(T('preset'), 'modern');
      const group = page.locator('select:has(option[value="pst.knight"])');
      for (const g of ['pst.knight', 'pst.bishop', 'pst.rook', 'pst.queen']) {
        await group.selectOption(g);
        await page.waitForSelector(`${T('pst-boards')} .pst-grid`, { timeout: 10000 })
          .catch(() => { throw new Error(`${g}: no boards drawn`); });
        const squares = await page.$$eval(`${T('pst-boards')} .pst-grid`, (gs) => gs.map((g) => g.children.length));
        assert(squares.length >= 2 && squares.every((n) => n === 64), `${g}: boards of ${squares} squares`);
        const caption = await page.$$eval(`${T('pst-boards')} figcaption`, (c) => c.map((x) => x.textContent).join(' | '));
        assert(caption.includes(`mg.${g}`) && caption.includes(`eg.${g}`), `${g}: captions ${caption}`);
        // b1 reads g1's value, as the evaluation reads it (on every board: the evolved one has dashes before a run).
        const boards = await page.$$eval(`${T('pst-boards')} .pst-grid`, (gs) => gs.map((g) => [...g.children].map((x) => x.title)));
        for (const titles of boards) {
          const b1 = titles.find((t) => t.startsWith('b1')), g1 = titles.find((t) => t.startsWith('g1'));
          assert(b1 && g1 && b1.split(': ')[1] === g1.split(': ')[1] && /as g1/.test(b1), `${g}: b1 "${b1}", g1 "${g1}"`);
        }
        assert(boards.some((titles) => /\d$/.test(titles.find((t) => t.startsWith('b1')))), `${g}: no board has values`);
      }
      await page.locator(T('pst-boards')).screenshot({ path: path.join(shots, 'tune-pst-knight.png') });
    }, { waitGames: false });
  });

  await test('League teacher settings are refused in the form\'s words and the old "Settings applied" goes', async () => {
    await fresh(async (page) => {
      await page.click(T('tab-league'));
      await page.waitForSelector(T('league-apply'), { timeout: 30000 });
      await page.fill(T('league-depth'), '1');
      await page.dispatchEvent(T('league-depth'), 'change');
      await page.fill(T('league-games-per-pair'), '2');
      await page.dispatchEvent(T('league-games-per-pair'), 'change');
      await page.click(T('league-apply'));
      await page.waitForSelector(T('league-teacher-message'), { timeout: 10000 });
      await page.fill(T('league-games-per-pair'), '3');
      await page.dispatchEvent(T('league-games-per-pair'), 'change');
      await page.click(T('league-apply'));
      await page.waitForSelector(T('league-teacher-error'), { timeout: 10000 });
      const err = await text(page, 'league-teacher-error');
      assert(/Games per pair: give an even number/.test(err) && !/gamesPerPair|moveTimeMs|league settings/.test(err), `error ${err}`);
      assert(await page.locator(T('league-teacher-message')).count() === 0, `the old message stays beside the error: ${await text(page, 'league-teacher-message')}`);
      await page.fill(T('league-games-per-pair'), '2');
      await page.dispatchEvent(T('league-games-per-pair'), 'change');
      await page.fill(T('league-depth'), '0');
      await page.dispatchEvent(T('league-depth'), 'change');
      await page.click(T('league-apply'));
      await page.waitForFunction((sel) => /Give a depth/.test(document.querySelector(sel)?.textContent || ''), T('league-teacher-error'), { timeout: 10000 })
        .catch(async () => { throw new Error(`depth 0: ${await text(page, 'league-teacher-error')}`); });
    }, { waitGames: false });
  });

  await test('the Tune tab\'s native run button counts the machine\'s cores, not the server\'s threads', async () => {
    await fresh(async (page) => {
      await page.click(T('tab-tune'));
      await page.waitForSelector(T('run-native'), { timeout: 30000 });
      const label = await text(page, 'run-native');
      const cores = os.availableParallelism ? os.availableParallelism() : os.cpus().length;
      assert(label.includes(`(${cores} cores)`), `"${label}" on a machine of ${cores} cores`);
    }, { waitGames: false });
  });

  assert(errors.length === 0, `page errors:\n${errors.join('\n')}`);
} catch (e) {
  results.push({ name: 'setup', ok: false });
  console.log(`FAIL setup: ${e.message}`);
} finally {
  await browser?.close();
  server?.proc.kill();
  fs.rmSync(tmp, { recursive: true, force: true });
}
finish(results, started);
