// End-to-end tests of the class league in real headless Chromium.
//
//   node league.mjs <path to bin/evochess>
//
// Starts `evochess serve -class` on a free loopback port with a fresh
// league file (the teacher token is then required as on a class network),
// opens the teacher link in one browser context and two students in two
// others: the teacher's controls (each with an accessible name), submissions,
// live standings over server-sent events, the leaderboard full screen for a
// projector (with the join QR code, without the teacher's buttons), a game replayed move by move (the
// buttons and the arrow keys), the teacher's actions and the refusal of a
// student's, the Share tab's "Submit to class league", and the League tab
// at a phone's viewport with no horizontal overflow. Prints one line per
// test and "N passed, M failed"; exit status 1 on any failure. Screenshots
// go to $E2E_SHOTS (default ./shots).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FLAGS, T, assert, chromiumPath, shotsDir, startServer, unnamedControls } from './common.mjs';

const bin = process.argv[2];
if (!bin || !fs.existsSync(bin)) {
  console.error(`usage: node league.mjs <path to bin/evochess>${bin ? ` (${bin} does not exist; run make build)` : ''}`);
  process.exit(2);
}
const shots = shotsDir();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'league-e2e-'));

// The server of a class: the teacher link it prints is the ready line.
const startClassServer = () => startServer(bin, tmp, {
  args: ['-class', '-league-workers', '2'],
  ready: (log) => { const m = log.match(/teacher link[^:]*: (http:\/\/\S+)/); return m && { teacherLink: m[1] }; },
});



async function newPage(browser, errors, viewport = { width: 1360, height: 900 }, touch = false) {
  const ctx = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error' && !/status of 40[39]/.test(m.text())) errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { ctx, page };
}

async function text(page, id) { return (await page.locator(T(id)).first().textContent()).trim(); }

// standings returns the leaderboard rows as {name, games}.
async function standings(page) {
  return page.$$eval(`${T('league-standings')} tr[data-entry]`, (trs) => trs.map((tr) => ({
    name: tr.dataset.entry, games: Number(tr.querySelector('[data-col="games"]').textContent),
  })));
}

async function waitStandings(page, cond, what, timeout = 120000) {
  const t0 = Date.now();
  for (;;) {
    const rows = await standings(page).catch(() => []);
    if (cond(rows)) return rows;
    if (Date.now() - t0 > timeout) throw new Error(`standings never showed ${what}: ${JSON.stringify(rows)}`);
    await page.waitForTimeout(100);
  }
}

async function openLeague(page, base) {
  await page.goto(base + '#league');
  await page.waitForSelector(T('league-name'), { timeout: 60000 });
}

async function submit(page, name, playerValue) {
  await page.fill(T('league-name'), name);
  await page.selectOption(T('league-player'), playerValue);
  await page.click(T('league-submit'));
  await page.waitForSelector(`${T('league-message')}, ${T('league-error')}`, { timeout: 30000 });
  if (await page.locator(T('league-error')).count()) throw new Error(`submission refused: ${await text(page, 'league-error')}`);
}

const results = [];
async function test(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${e.message.split('\n').slice(0, 6).join('\n     ')}`);
  }
}

const started = Date.now();
let server, browser;
try {
  server = await startClassServer();
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: FLAGS });
  const base = server.base;
  const errors = [];
  const teacher = await newPage(browser, errors);
  const ana = await newPage(browser, errors);
  const ben = await newPage(browser, errors);

  await test('the teacher link sets the teacher cookie and shows the teacher controls; QR code of the join address', async () => {
    await teacher.page.goto(server.teacherLink);
    await teacher.page.waitForSelector(T('league-teacher'), { timeout: 60000 });
    assert(!teacher.page.url().includes('teacher='), `the token stays in the address: ${teacher.page.url()}`);
    assert(teacher.page.url().endsWith('#league'), `not on #league: ${teacher.page.url()}`);
    const cookies = await teacher.ctx.cookies();
    const c = cookies.find((x) => x.name.startsWith('evochess_teacher_'));
    assert(c && c.httpOnly && c.sameSite === 'Strict', `teacher cookie ${JSON.stringify(c)}`);
    assert((await text(teacher.page, 'league-join-url')) === base, `join address ${await text(teacher.page, 'league-join-url')}`);
    assert(await teacher.page.locator('[data-testid="league-join"] svg path').count() === 1, 'no QR code drawn');
    const unnamed = await unnamedControls(teacher.page);
    assert(unnamed.length === 0, `teacher's League tab: controls without a name: ${unnamed.join(', ')}`);
    // Fast games for the test: depth 1, two games per pair.
    await teacher.page.fill(T('league-depth'), '1');
    await teacher.page.dispatchEvent(T('league-depth'), 'change');
    await teacher.page.fill(T('league-games-per-pair'), '2');
    await teacher.page.dispatchEvent(T('league-games-per-pair'), 'change');
    await teacher.page.click(T('league-apply'));
    await teacher.page.waitForFunction((sel) => /depth 1, 2 games per pair/.test(document.querySelector(sel)?.textContent || ''), T('league-status'), { timeout: 30000 });
  });

  await test('two students submit from two browsers; the standings update live in both', async () => {
    await openLeague(ana.page, base);
    await openLeague(ben.page, base);
    assert(await ana.page.locator(T('league-teacher')).count() === 0, 'a student sees the teacher controls');
    assert(await ana.page.locator(T('league-student')).count() === 1, 'no note on the teacher controls');
    await submit(ana.page, 'Ana', 'preset:david-fig3');
    await waitStandings(ben.page, (r) => r.length === 1 && r[0].name === 'Ana', 'Ana on Ben\'s page');
    await submit(ben.page, 'Ben', 'preset:vazquez-table2-exploitation');
    // Both pages see the two games of the pair, pushed by the server.
    for (const p of [ana.page, ben.page, teacher.page]) {
      await waitStandings(p, (r) => r.length === 2 && r.every((x) => x.games === 2), 'two games each');
    }
    assert(await ana.page.locator(`${T('league-standings')} tr.mine`).count() === 1, 'Ana\'s own entry is not marked');
    // A taken name is refused with the reason.
    await ben.page.fill(T('league-name'), 'ana');
    await ben.page.click(T('league-submit'));
    await ben.page.waitForSelector(T('league-error'), { timeout: 30000 });
    assert(/taken/.test(await text(ben.page, 'league-error')), `duplicate name: ${await text(ben.page, 'league-error')}`);
    await ana.page.screenshot({ path: path.join(shots, 'league.png'), fullPage: true });
  });

  await test('the leaderboard goes full screen for a projector, with the join QR code, and back', async () => {
    const p = teacher.page;
    assert(await p.locator(`${T('league-join-fs')}`).isHidden(), 'the projector QR code shows outside full screen');
    await p.click(T('league-fullscreen'));
    await p.waitForFunction(() => document.fullscreenElement?.dataset.testid === 'league-leaderboard', null, { timeout: 5000 });
    assert(await p.locator(`${T('league-join-fs')} svg path`).count() === 1 && await p.locator(T('league-join-fs')).isVisible(), 'no join QR code in full screen');
    assert(await p.locator(`${T('league-standings')} tr[data-entry]`).count() === 2, 'the standings are not in full screen');
    assert(await p.locator(`${T('league-leaderboard')} ${T('league-remove')}`).first().isHidden(), 'the teacher\'s remove buttons show on the projector');
    const label = (await p.locator(T('league-fullscreen')).innerText()).trim();
    assert(label === 'Leave full screen', `button: ${label}`);
    await p.screenshot({ path: path.join(shots, 'league-fullscreen.png') });
    await p.click(T('league-fullscreen'));
    await p.waitForFunction(() => !document.fullscreenElement, null, { timeout: 5000 });
  });

  await test('a game opens on the board and steps move by move', async () => {
    const p = ana.page;
    await p.locator(T('league-game')).first().click();
    await p.waitForSelector(T('league-board'), { timeout: 30000 });
    assert(await p.locator(`${T('league-board')} [data-square]`).count() === 64, 'replay board without 64 squares');
    const plyText = await text(p, 'league-ply');
    const m = plyText.match(/ply (\d+) of (\d+)/);
    assert(m && m[1] === m[2] && Number(m[2]) > 0, `replay opens at ${plyText}`);
    const endFen = await p.locator(T('league-board')).getAttribute('data-fen');
    await p.click(T('league-first'));
    await p.waitForFunction((sel) => /^ply 0 of/.test(document.querySelector(sel)?.textContent || ''), T('league-ply'));
    const startFen = await p.locator(T('league-board')).getAttribute('data-fen');
    assert(startFen !== endFen, 'first and last positions are the same');
    await p.click(T('league-next'));
    await p.waitForFunction((sel) => /^ply 1 of .* — \S+/.test(document.querySelector(sel)?.textContent || ''), T('league-ply'));
    const fen1 = await p.locator(T('league-board')).getAttribute('data-fen');
    assert(fen1 !== startFen && fen1.split(' ')[1] !== startFen.split(' ')[1], `one move did not change the side to move: ${startFen} -> ${fen1}`);
    await p.click(T('league-prev'));
    await p.waitForFunction((sel) => /^ply 0 of/.test(document.querySelector(sel)?.textContent || ''), T('league-ply'));
    assert(await p.locator(T('league-board')).getAttribute('data-fen') === startFen, 'previous did not go back');
    // The arrow keys, End and Home step the replay as the buttons do.
    const plyIs = (n) => p.waitForFunction(([sel, want]) => (document.querySelector(sel)?.textContent || '').startsWith(want), [T('league-ply'), `ply ${n} of `], { timeout: 5000 });
    await p.keyboard.press('End');
    await plyIs(m[2]);
    assert(await p.locator(T('league-board')).getAttribute('data-fen') === endFen, 'End did not show the last position');
    await p.keyboard.press('ArrowLeft');
    await plyIs(Number(m[2]) - 1);
    await p.keyboard.press('Home');
    await plyIs(0);
    await p.keyboard.press('ArrowRight');
    await plyIs(1);
    assert(await p.locator(T('league-board')).getAttribute('data-fen') === fen1, 'ArrowRight did not show ply 1');
    await p.keyboard.press('ArrowLeft');
    await plyIs(0);
    // Clicks on the replay board do not move pieces.
    const sq = await p.$$eval(`${T('league-board')} [data-square]`, (els) => els.find((e) => e.querySelector('img'))?.dataset.square);
    await p.click(`${T('league-board')} [data-square="${sq}"]`);
    assert(await p.locator(`${T('league-board')} .hint`).count() === 0, 'the replay board offers moves');
    const pgnURL = await p.locator(T('league-game-pgn')).getAttribute('href');
    const pgn = await p.evaluate(async (u) => (await fetch(u)).text(), pgnURL);
    assert(/\[White "/.test(pgn) && /\[Result "/.test(pgn), `PGN download: ${pgn.slice(0, 200)}`);
    await p.screenshot({ path: path.join(shots, 'league-replay.png'), fullPage: true });
  });

  await test('a student is refused teacher actions; the teacher pauses, removes an entry and resets', async () => {
    const refused = await ana.page.evaluate(async () => {
      const out = [];
      for (const [m, u] of [['POST', 'api/league/pause'], ['POST', 'api/league/reset'], ['DELETE', 'api/league/entries/1'], ['POST', 'api/runs']]) {
        const r = await fetch(u, { method: m, headers: { 'Content-Type': 'application/json' }, body: '{}' });
        out.push({ u, status: r.status, body: await r.json() });
      }
      return out;
    });
    for (const r of refused) {
      assert(r.status === 403 && r.body.status === 403 && /teacher/.test(r.body.error), `student ${r.u}: ${JSON.stringify(r)}`);
    }
    const t = teacher.page;
    await t.click(T('league-pause'));
    await ana.page.waitForFunction((sel) => /paused by the teacher/.test(document.querySelector(sel)?.textContent || ''), T('league-status'), { timeout: 30000 });
    // Remove Ben: gone from every leaderboard.
    await t.locator(`${T('league-standings')} tr[data-entry="Ben"] ${T('league-remove')}`).click();
    await waitStandings(ana.page, (r) => r.length === 1 && r[0].name === 'Ana', 'Ben removed');
    // Reset needs a confirmation.
    await t.click(T('league-reset'));
    await t.click(T('league-reset-confirm'));
    await waitStandings(ben.page, (r) => r.length === 1 && r[0].games === 0, 'the standings reset');
    await t.click(T('league-pause'));
    await ana.page.waitForFunction((sel) => !/paused/.test(document.querySelector(sel)?.textContent || ''), T('league-status'), { timeout: 30000 });
    // Exports are links to the files.
    const csv = await t.evaluate(async (u) => (await fetch(u)).text(), await t.locator(T('league-export-csv')).getAttribute('href'));
    assert(/^rank,name,scheme,games/.test(csv) && /Ana/.test(csv), `standings CSV: ${csv}`);
  });

  await test('the Share tab submits an opened link to the class league', async () => {
    // The teacher makes a link of a paper preset; Ben opens it and submits it.
    const t = teacher.page;
    await t.click(T('tab-share'));
    await t.selectOption(T('share-player'), 'preset:prasad-table1');
    const link = (await t.locator(T('share-link')).inputValue()).trim();
    assert(link.includes('#p='), `no share link: ${link}`);
    await ben.page.goto(link);
    await ben.page.waitForSelector(T('submit-league'), { timeout: 60000 });
    await ben.page.click(T('submit-league'));
    await ben.page.waitForSelector(T('league-name'));
    assert(await ben.page.locator(T('league-player')).inputValue() === 'link', 'the opened link is not preselected');
    await submit(ben.page, 'Ben two', 'link');
    await waitStandings(ana.page, (r) => r.some((x) => x.name === 'Ben two'), 'Ben two');
  });

  await test('at a phone viewport (390×844) the League tab fits the width', async () => {
    const phone = await newPage(browser, errors, { width: 390, height: 844 }, true);
    await openLeague(phone.page, base);
    await waitStandings(phone.page, (r) => r.length === 2, 'two entries');
    await phone.page.locator(T('league-game')).first().tap();
    await phone.page.waitForSelector(T('league-board'), { timeout: 30000 });
    const over = await phone.page.evaluate(() => {
      const tab = document.querySelector('[data-testid="league-tab"]');
      const out = [];
      if (document.documentElement.scrollWidth > innerWidth) out.push(`page ${document.documentElement.scrollWidth} px wide on a ${innerWidth} px screen`);
      if (tab.scrollWidth > tab.clientWidth + 1) out.push(`tab scrollWidth ${tab.scrollWidth} > ${tab.clientWidth}`);
      for (const el of tab.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > window.innerWidth + 1 && !el.closest('.table-wrap')) out.push(`${el.tagName}.${el.className} right ${Math.round(r.right)}`);
      }
      const wrap = tab.querySelector('.table-wrap');
      if (wrap && wrap.scrollWidth > wrap.clientWidth + 1) out.push(`standings table scrolls: ${wrap.scrollWidth} > ${wrap.clientWidth}`);
      return out;
    });
    assert(over.length === 0, `wider than the phone:\n${over.slice(0, 8).join('\n')}`);
    await phone.page.screenshot({ path: path.join(shots, 'league-phone.png'), fullPage: true });
    await phone.ctx.close();
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

console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${shots}`);
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
