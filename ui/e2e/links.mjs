// End-to-end tests of the Share, Play and Compare tabs as a class uses them
// (session 36's QA): shared links, the address bar, several tabs of one
// browser, phones.
//
//   node links.mjs <path to bin/evochess>
//
// Starts `evochess serve` on a free loopback port and checks, in fresh browser
// contexts: another address (#league, the bare page) keeps the opened link as
// the Play tab's player and the Share tab's card; a second link opened during
// a game leaves the Play tab naming the game's player, and the explanation
// follows the player played (not the key it was chosen by); two tabs of one
// browser each save a player and both are kept (and each tab's list shows the
// other's); two links of players that share a name are both kept; a link
// carried with a full stop or a percent-encoded space opens; the Compare tab
// with a long player name fits a 390 px phone. Prints one line per test and
// "N passed, M failed"; exit status 1 on any failure.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FLAGS, T, assert, chromiumPath, finish, runTest, skipped, startServer } from './common.mjs';

const bin = process.argv[2];
if (!bin || !fs.existsSync(bin)) {
  console.error(`usage: node links.mjs <path to bin/evochess>${bin ? ` (${bin} does not exist; run make build)` : ''}`);
  process.exit(2);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'links-e2e-'));
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function newPage(browser, errors, opts = DESKTOP) {
  const ctx = await browser.newContext(opts);
  const page = await watch(await ctx.newPage(), errors);
  return { ctx, page };
}
function watch(page, errors) {
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return page;
}

async function text(page, id) { return (await page.locator(T(id)).first().textContent()).trim(); }
// The Play tab's opponent list: the value and the text of the option shown.
const shownOpponent = (page) => page.evaluate((sel) => {
  const s = document.querySelector(sel);
  return { value: s.value, label: s.options[s.selectedIndex]?.textContent || '' };
}, T('opponent'));
const shownTab = (page) => page.evaluate(() => document.querySelector('[role=tab][aria-selected=true]')?.dataset.testid);
const storedNames = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('evochess.players.v1') || '[]').map((p) => p.name));
const savedRows = (page) => page.$$eval(`${T('saved-players')} tr td:first-child`, (tds) => tds.map((td) => td.textContent.trim()));

// The human's turn with no search running.
async function yourMove(page) {
  await page.waitForFunction((sel) => {
    const b = document.querySelector(sel);
    return b && b.dataset.thinking === 'false' && /^Your move/.test(document.querySelector('[data-testid="game-status"]')?.textContent || '');
  }, T('play-board'), { timeout: 60000 });
}

const results = [];
async function test(name, fn) {
  if (!skipped(name)) await runTest(results, name, fn);
}

const started = Date.now();
let server, browser;
try {
  server = await startServer(bin, tmp);
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: FLAGS });
  const base = server.base;
  const errors = [];
  // A paper preset's share link, as `evochess share` prints it.
  const link = (preset) => execFileSync(path.resolve(bin), ['share', '-preset', preset, '-base', base], { encoding: 'utf8' }).trim();
  // The link of a player file: preset's weights, one of them changed by delta, under the name given.
  const linkOf = (preset, name, delta) => {
    const p = JSON.parse(execFileSync(path.resolve(bin), ['share', '-link', link(preset)], { encoding: 'utf8' }));
    p.name = name;
    const k = Object.keys(p.weights).find((w) => p.weights[w] >= 50 && !/^pawn/i.test(w));
    p.weights[k] += delta;
    const f = path.join(tmp, `${name.replace(/\W/g, '_')}-${delta}.json`);
    fs.writeFileSync(f, JSON.stringify(p));
    return execFileSync(path.resolve(bin), ['share', '-player', f, '-base', base], { encoding: 'utf8' }).trim();
  };

  await test('another address (#league, the bare page) keeps the opened link: the Play tab still names the game\'s player, the Share tab its card; Back opens the link again', async () => {
    const { ctx, page } = await newPage(browser, errors);
    try {
      await page.goto(link('vazquez-table2-exploitation'));
      await page.waitForSelector(T('player-card'), { timeout: 30000 });
      await page.click(T('play-shared'));
      await page.waitForSelector(`${T('play-board')} [data-square]`);
      await page.selectOption(T('strength'), '1');
      await page.click('[data-square="e2"]');
      await page.click('[data-square="e4"]');
      await page.waitForFunction((sel) => / w /.test(document.querySelector(sel)?.dataset.fen || ''), T('play-board'), { timeout: 60000 });
      await yourMove(page);
      const before = await shownOpponent(page);
      assert(before.value === 'link' && /vazquez-table2-exploitation/.test(before.label), `opponent before: ${JSON.stringify(before)}`);
      for (const hash of ['#league', '']) {
        await page.evaluate((h) => { location.hash = h; }, hash);
        await page.waitForFunction((h) => location.hash === h, hash);
        await page.waitForTimeout(300); // the hashchange's render
        if (hash === '#league') assert(await shownTab(page) === 'tab-league', `#league shows ${await shownTab(page)}`);
        await page.click(T('tab-play'));
        const now = await shownOpponent(page);
        assert(now.value === 'link' && /shared: vazquez-table2-exploitation/.test(now.label),
          `after the address ${hash || '(none)'}, the Play tab shows the opponent ${JSON.stringify(now)} while the game is against vazquez-table2-exploitation`);
        assert(/e4/.test(await text(page, 'move-list')), 'the game was lost');
        await page.click(T('tab-share'));
        assert(await page.locator(T('player-card')).count() === 1, `after the address ${hash || '(none)'}, the Share tab lost the opened link's card`);
      }
      // Back to #league, back to the link: the link's card again.
      await page.goBack();
      await page.goBack();
      await page.waitForFunction(() => location.hash.startsWith('#p='));
      await page.waitForFunction(() => document.querySelector('[role=tab][aria-selected=true]')?.dataset.testid === 'tab-share');
      assert(await text(page, 'player-name') === 'vazquez-table2-exploitation', 'Back did not show the link again');
    } finally { await ctx.close(); }
  });

  await test('a second link opened during a game: the Play tab names the game\'s player, not the new link; the explanation follows the player played', async () => {
    const { ctx, page } = await newPage(browser, errors);
    try {
      await page.goto(link('vazquez-table2-exploitation'));
      await page.waitForSelector(T('player-card'), { timeout: 30000 });
      await page.click(T('play-shared'));
      await page.waitForFunction((sel) => /^vazquez-table2-exploitation \(vazquez29\)/.test(document.querySelector(sel)?.textContent || ''), T('explain-summary'), { timeout: 30000 });
      // Another link of the same scheme, pasted into the address bar.
      await page.evaluate((h) => { location.hash = h; }, link('vazquez-table2-exploration').split('#')[1]);
      await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === 'vazquez-table2-exploration', T('player-name'), { timeout: 10000 });
      await page.click(T('tab-play'));
      const wrong = []; // both checks run: each is a bug of its own
      const shown = await shownOpponent(page);
      if (!/vazquez-table2-exploitation/.test(shown.label)) wrong.push(`the game is against vazquez-table2-exploitation, the Play tab shows ${JSON.stringify(shown)}`);
      // Play the new link: the explanation is the new player's, at the same start position.
      await page.click(T('tab-share'));
      await page.click(T('play-shared'));
      await page.waitForSelector(T('explain-summary'));
      await page.waitForFunction((sel) => /^vazquez-table2-exploration \(vazquez29\)/.test(document.querySelector(sel)?.textContent || ''), T('explain-summary'), { timeout: 15000 })
        .catch(async () => { wrong.push(`the explanation is still of the first link's player: ${await text(page, 'explain-summary')}`); });
      const now = await shownOpponent(page);
      if (!(now.value === 'link' && /shared: vazquez-table2-exploration/.test(now.label))) wrong.push(`opponent ${JSON.stringify(now)}`);
      assert(wrong.length === 0, wrong.join('\n'));
    } finally { await ctx.close(); }
  });

  await test('two tabs of one browser (shared localStorage): each saves a player and both are kept; each tab\'s list shows the other\'s', async () => {
    const { ctx, page } = await newPage(browser, errors);
    try {
      await page.goto(base);
      await page.waitForSelector(T('tab-share'));
      const other = watch(await ctx.newPage(), errors);
      await other.goto(base);
      await other.waitForSelector(T('tab-share'));
      await page.evaluate((h) => { location.hash = h; }, link('david-fig3').split('#')[1]);
      await page.waitForSelector(T('player-card'), { timeout: 30000 });
      await other.evaluate((h) => { location.hash = h; }, link('prasad-table1').split('#')[1]);
      await other.waitForSelector(T('player-card'), { timeout: 30000 });
      const names = await storedNames(page);
      assert(names.includes('david-fig3') && names.includes('prasad-table1'), `the second tab's save dropped the first tab's player: stored ${JSON.stringify(names)}`);
      await page.waitForFunction((sel) => [...document.querySelectorAll(`${sel} td`)].some((td) => td.textContent.trim() === 'prasad-table1'), T('saved-players'), { timeout: 5000 })
        .catch(async () => { throw new Error(`the first tab's list does not show the other tab's player: ${await savedRows(page)}`); });
      // A delete in one tab is seen in the other, and does not bring the player back there.
      const rows = await savedRows(other);
      await other.locator(`${T('saved-players')} tr`).nth(1 + rows.indexOf('david-fig3')).getByRole('button', { name: 'delete' }).click();
      await page.waitForFunction((sel) => ![...document.querySelectorAll(`${sel} td`)].some((td) => td.textContent.trim() === 'david-fig3'), T('saved-players'), { timeout: 5000 });
      assert(JSON.stringify(await storedNames(page)) === JSON.stringify(['prasad-table1']), `stored ${await storedNames(page)}`);
    } finally { await ctx.close(); }
  });

  await test('two links of different players with the same name (two students, the same preset and seed) are both kept', async () => {
    const { ctx, page } = await newPage(browser, errors);
    try {
      const a = linkOf('vazquez-table2-exploitation', 'ep-seed7-gen3', 3), b = linkOf('vazquez-table2-exploitation', 'ep-seed7-gen3', 9);
      for (const l of [a, b, a]) { // the first again: no third entry
        await page.goto('about:blank');
        await page.goto(l);
        await page.waitForSelector(T('player-card'), { timeout: 30000 });
      }
      const names = await storedNames(page);
      assert(JSON.stringify(names) === JSON.stringify(['ep-seed7-gen3', 'ep-seed7-gen3 (2)']), `saved players ${JSON.stringify(names)}`);
    } finally { await ctx.close(); }
  });

  await test('a link carried with a sentence\'s full stop or a percent-encoded space opens; an altered one is still refused', async () => {
    const { ctx, page } = await newPage(browser, errors);
    try {
      const l = link('david-fig3');
      for (const u of [l + '.', l + '%20', l + ')']) {
        await page.goto('about:blank');
        await page.goto(u);
        await page.waitForSelector(`${T('player-card')}, ${T('share-error')}`, { timeout: 30000 });
        assert(await page.locator(T('player-card')).count() === 1, `${u.slice(-12)}: ${await page.locator(T('share-error')).count() ? await text(page, 'share-error') : 'no card'}`);
      }
      await page.goto('about:blank');
      await page.goto(l.slice(0, -3) + 'x.');
      await page.waitForSelector(T('share-error'), { timeout: 30000 });
      assert(await page.locator(T('player-card')).count() === 0, 'an altered link shows a player');
    } finally { await ctx.close(); }
  });

  await test('phone (390×844): the Compare tab with a long player name fits the screen', async () => {
    const { ctx, page } = await newPage(browser, errors, PHONE);
    try {
      await page.goto(linkOf('modern-material', 'Supercalifragilisticexpialidocious_player_of_class_3B_evolved_on_tuesday', 0));
      await page.waitForSelector(T('player-card'), { timeout: 30000 });
      for (const tab of ['compare', 'share', 'play']) {
        await page.tap(T(`tab-${tab}`));
        await page.waitForTimeout(300);
        const wide = await page.evaluate(() => {
          const w = 390, out = [];
          if (document.documentElement.scrollWidth > w || innerWidth !== w) out.push(`page ${document.documentElement.scrollWidth} px (innerWidth ${innerWidth})`);
          const clipped = (el) => { for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true; return false; };
          for (const el of document.querySelectorAll('body *')) {
            const r = el.getBoundingClientRect();
            if (r.width > 0 && r.right > w + 1 && !clipped(el)) out.push(`${el.tagName.toLowerCase()}[${el.dataset.testid || ''}] right ${Math.round(r.right)}`);
          }
          return out;
        });
        assert(wide.length === 0, `${tab} tab wider than the phone:\n${wide.slice(0, 5).join('\n')}`);
      }
    } finally { await ctx.close(); }
  });

  await test('no console errors', async () => {
    assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
  });
} catch (e) {
  results.push({ name: 'setup', ok: false });
  console.log(`FAIL setup: ${e.stack || e}`);
} finally {
  if (browser) await browser.close().catch(() => {});
  if (server) server.proc.kill('SIGTERM');
  fs.rmSync(tmp, { recursive: true, force: true });
}
finish(results, started);
