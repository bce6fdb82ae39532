// End-to-end tests of the Play tab in real headless Chromium.
//
//   node play.mjs <path to bin/evochess>
//
// Starts `evochess serve` on a free loopback port and checks, in fresh browser
// contexts: a promotion by two taps on a phone (touch screen, 390×844) opens
// the chooser and lets the user pick, while a real tap on its backdrop still
// cancels; long unbroken text typed or loaded (a FEN written with
// underscores, an 80-letter move, a long file name on the Data tab) never
// makes the page wider than a 390 px phone, on any tab; a FEN error goes away
// with a new game or a move; the move list numbers the moves as the PGN does
// (from the FEN's move number, "N..." for a first move by Black); a change of
// player or colour mid-game says that it started a new game; the best lines
// (the opponent's top three moves with scores and SAN lines) follow the
// board, name distinct legal moves, score a mate as "#1" and fit a 390 px
// phone; a reload mid-game brings back the moves, the opponent, the colour
// and the level, also after a shared link is opened, and a new game
// replaces the kept one; a garbage or illegal kept game starts a fresh one
// without an error. Prints one line per test and "N passed, M failed"; exit
// status 1 on any failure.
// Screenshots go to $E2E_SHOTS (default ./shots).
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FLAGS, T, assert, chromiumPath, finish, runTest, shotsDir, skipped, sleep, startServer } from './common.mjs';

const bin = process.argv[2];
if (!bin || !fs.existsSync(bin)) {
  console.error(`usage: node play.mjs <path to bin/evochess>${bin ? ` (${bin} does not exist; run make build)` : ''}`);
  process.exit(2);
}
const shots = shotsDir();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'play-e2e-'));


const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1360, height: 900 } };


async function newPage(browser, errors, opts) {
  const ctx = await browser.newContext(opts);
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('worker', (w) => w.on('console', (m) => { if (m.type() === 'error') errors.push(`worker console: ${m.text()}`); }));
  return { ctx, page };
}

async function text(page, id) { return (await page.locator(T(id)).first().textContent()).trim(); }
const fenOf = (page) => page.locator(T('play-board')).getAttribute('data-fen');

// The human's turn with no search running.
async function yourMove(page) {
  await page.waitForFunction((sel) => {
    const b = document.querySelector(sel);
    return b && b.dataset.thinking === 'false' && /^Your move/.test(document.querySelector('[data-testid="game-status"]')?.textContent || '');
  }, T('play-board'), { timeout: 60000 });
}

// openPlay opens the Play tab with the fastest search limit (depth 1).
async function openPlay(page, base, touch) {
  await page.goto(base);
  await page.waitForSelector(T('tab-play'), { timeout: 60000 });
  await (touch ? page.tap(T('tab-play')) : page.click(T('tab-play')));
  await page.waitForSelector(`${T('play-board')} [data-square]`, { timeout: 30000 });
  await page.selectOption(T('strength'), '1');
}

async function setFEN(page, fen, touch) {
  await page.fill(T('fen-input'), fen);
  await (touch ? page.tap(T('fen-setup')) : page.click(T('fen-setup')));
}

async function typeMove(page, mv) {
  await page.fill(T('move-input'), mv);
  await page.press(T('move-input'), 'Enter');
}

// The move list as rows [number, White's move, Black's move].
async function moveRows(page) {
  const cells = await page.$$eval(`${T('move-list')} > span`, (ss) => ss.map((s) => s.textContent.trim()));
  const rows = [];
  for (let i = 0; i < cells.length; i += 3) rows.push(cells.slice(i, i + 3));
  return rows;
}

// waitPlies waits until the move list holds n moves and it is the human's move.
async function waitPlies(page, n) {
  await page.waitForFunction((k) => [...document.querySelectorAll('[data-testid="move-list"] > span')]
    .filter((s) => /^[A-Za-z]/.test(s.textContent.trim())).length >= k, n, { timeout: 60000 });
  await yourMove(page);
}

// Why the page is wider than the screen (empty: it is not).
// (A mobile browser widens its layout viewport to a page wider than the screen: innerWidth grows too.)
async function overflow(page) {
  return page.evaluate((w) => {
    const out = [];
    if (document.documentElement.scrollWidth > w || innerWidth !== w) out.push(`page ${document.documentElement.scrollWidth} px wide (innerWidth ${innerWidth}) on a ${w} px screen`);
    // Inside a box that scrolls or clips (a wide table's own scroller, the tab strip) is fine.
    const clipped = (el) => { for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true; return false; };
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > w + 1 && !clipped(el)) {
        out.push(`${el.tagName.toLowerCase()}.${el.className}[${el.dataset.testid || ''}] right ${Math.round(r.right)}`);
      }
    }
    return out;
  }, PHONE.viewport.width);
}
async function fits(page, where) {
  const over = await overflow(page);
  assert(over.length === 0, `${where}: wider than the phone:\n${over.slice(0, 6).join('\n')}`);
}

// The best lines panel: wait until it shows lines for the board's position,
// and read them as [{ move, score, line }].
async function linesReady(page) {
  await page.waitForFunction(() => {
    const box = document.querySelector('[data-testid="play-lines"]');
    const board = document.querySelector('[data-testid="play-board"]');
    return box && board && box.dataset.fen === board.dataset.fen && box.querySelectorAll('[data-testid="play-line"]').length > 0;
  }, null, { timeout: 60000 });
  return page.$$eval(`${T('play-lines')} ${T('play-line')}`, (lis) => lis.map((li) => ({
    move: li.dataset.move, score: li.querySelector('.score')?.textContent.trim(), line: li.querySelector('.line')?.textContent.trim(),
  })));
}
const SCORE = /^([+-]\d+\.\d\d|0\.00|#-?\d+)$/;

// The Play tab's game as kept in localStorage.
const KEPT = 'evochess.play.v1';
const kept = (page) => page.evaluate((k) => localStorage.getItem(k), KEPT);

// The shown opponent: the list's value and label.
const shownOpponent = (page) => page.evaluate((sel) => {
  const s = document.querySelector(sel);
  return { value: s.value, label: s.options[s.selectedIndex]?.textContent.trim() || '' };
}, T('opponent'));

// The Play tab after a reload (the page opens on the Data tab).
async function backToPlay(page) {
  await page.waitForSelector(T('tab-play'), { timeout: 60000 });
  await page.click(T('tab-play'));
  await page.waitForSelector(`${T('play-board')} [data-square]`, { timeout: 30000 });
}

const results = [];
async function test(name, fn) {
  if (!skipped(name)) await runTest(results, name, fn);
}

const PROMO_FEN = '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1';
const started = Date.now();
let server, browser;
try {
  server = await startServer(bin, tmp);
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: FLAGS });
  const base = server.base;
  const errors = [];

  await test('phone (touch, 390×844): a promotion by two taps opens the chooser and plays the piece tapped; a tap on the backdrop cancels', async () => {
    const { ctx, page } = await newPage(browser, errors, PHONE);
    try {
      await openPlay(page, base, true);
      const promote = async () => {
        await setFEN(page, PROMO_FEN, true);
        await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.fen === '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1', T('play-board'), { timeout: 10000 });
        await yourMove(page);
        await page.tap('[data-square="e7"]');
        assert(await page.locator('[data-square="e8"].hint').count() === 1, 'no legal-move hint on e8 after a tap on e7');
        await page.tap('[data-square="e8"]');
        await sleep(500); // the tap's own click comes within a few milliseconds
        assert(await page.locator(T('promotion')).count() === 1, `no promotion chooser after the tap on e8 (status "${await text(page, 'game-status')}", fen ${await fenOf(page)})`);
        assert(await text(page, 'game-status') === 'Choose the promotion piece', `status "${await text(page, 'game-status')}"`);
      };
      await promote();
      await page.screenshot({ path: path.join(shots, 'play-promotion-390.png') });
      // A tap on the backdrop (outside the pieces) cancels: the pawn stays on e7.
      const box = await page.locator(T('promotion')).boundingBox();
      await page.tap(T('promotion'), { position: { x: 6, y: box.height - 6 } });
      await page.waitForSelector(T('promotion'), { state: 'detached', timeout: 5000 });
      assert((await fenOf(page)) === PROMO_FEN, `the backdrop tap changed the position: ${await fenOf(page)}`);
      await yourMove(page);
      // Again, and pick the rook this time.
      await promote();
      await page.tap(`${T('promotion')} button[data-piece="rook"]`);
      await page.waitForFunction((sel) => /e8=R/.test(document.querySelector(sel)?.textContent || ''), T('move-list'), { timeout: 10000 });
      assert(/^4R3\//.test(await fenOf(page)), `no rook on e8: ${await fenOf(page)}`);
      await yourMove(page); // the engine answered
    } finally {
      await ctx.close();
    }
  });

  await test('phone (390 px): long unbroken text (underscore FEN, an 80-letter move, a long file name) never widens the page, on any tab', async () => {
    const { ctx, page } = await newPage(browser, errors, PHONE);
    try {
      await openPlay(page, base, true);
      await yourMove(page);
      await setFEN(page, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_-_0_1', true);
      await page.waitForSelector(T('fen-error'), { timeout: 10000 });
      await fits(page, 'the FEN error');
      const long = 'Nf3'.repeat(26) + 'xy'; // 80 letters, no space
      await typeMove(page, long);
      await page.waitForSelector(T('move-error'), { timeout: 10000 });
      assert((await text(page, 'move-error')).includes(long), `move error: ${await text(page, 'move-error')}`);
      await fits(page, 'the move error');
      await page.screenshot({ path: path.join(shots, 'play-long-text-390.png'), fullPage: true });
      const name = 'lichess_pgn_2024.01.15_DrNykterstein_vs_Hikaru.AbCdEfGh.pgn';
      await page.tap(T('tab-data'));
      await page.setInputFiles(T('load-pgn'), { name, mimeType: 'text/plain',
        buffer: Buffer.from('[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n') });
      await page.waitForFunction((n) => document.querySelector('[data-testid="data-summary"] h2')?.textContent.includes(n), name, { timeout: 30000 });
      await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '1', T('games-read'), { timeout: 30000 });
      await fits(page, 'the Data tab with a long file name');
      await page.screenshot({ path: path.join(shots, 'data-long-name-390.png'), fullPage: true });
      for (const id of await page.$$eval('[role="tab"]', (bs) => bs.map((b) => b.dataset.testid))) {
        await page.tap(T(id));
        await page.waitForSelector(`${T(id)}[aria-selected="true"]`);
        await sleep(150);
        await fits(page, `tab ${id}`);
      }
    } finally {
      await ctx.close();
    }
  });


  await test('best lines: three distinct legal moves of the opponent with scores and SAN lines, for the position on the board; updated after a move; a mate scores #1', async () => {
    const { ctx, page } = await newPage(browser, errors, DESKTOP);
    try {
      await openPlay(page, base, false);
      await yourMove(page);
      let lines = await linesReady(page);
      const fen0 = await fenOf(page);
      assert(lines.length === 3, `${lines.length} lines: ${JSON.stringify(lines)}`);
      assert(new Set(lines.map((l) => l.move)).size === 3, `lines repeat a move: ${JSON.stringify(lines)}`);
      for (const l of lines) {
        assert(/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(l.move) && SCORE.test(l.score), `line ${JSON.stringify(l)}`);
        assert(/^1\. \S+/.test(l.line) && l.line.split(' ').length >= 3, `line text ${JSON.stringify(l)}`);
      }
      // Only White's first moves from the initial position.
      assert(lines.every((l) => /^[a-h][12]/.test(l.move)), `not White's moves: ${JSON.stringify(lines)}`);
      const note = await text(page, 'play-lines-note');
      assert(/depth 6/.test(note) && /nodes/.test(note), `note: ${note}`);
      assert(/White's point of view/.test(await page.locator(T('play-lines')).textContent()), 'no point of view said');
      // After a move and the engine's answer: lines of the new position.
      await typeMove(page, 'e4');
      await waitPlies(page, 2);
      lines = await linesReady(page);
      const fen1 = await fenOf(page);
      assert(fen1 !== fen0 && lines.length === 3 && new Set(lines.map((l) => l.move)).size === 3, `after a move: ${JSON.stringify(lines)}`);
      assert(lines.every((l) => /^2\. \S+/.test(l.line)), `after a move, lines from move 2: ${JSON.stringify(lines)}`);
      assert(await page.$eval(T('play-lines'), (el) => el.dataset.fen) === fen1, 'lines of another position');
      // A mate in one: the first line mates, scored #1 (White's view).
      await setFEN(page, '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', false);
      await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.fen === '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', T('play-board'), { timeout: 10000 });
      await yourMove(page);
      lines = await linesReady(page);
      assert(lines[0].move === 'a1a8' && lines[0].score === '#1' && /^1\. Ra8#/.test(lines[0].line), `mate line ${JSON.stringify(lines[0])}`);
      await page.screenshot({ path: path.join(shots, 'play-lines.png'), fullPage: true });
    } finally {
      await ctx.close();
    }
  });

  await test('phone (390 px): the best lines fit the screen', async () => {
    const { ctx, page } = await newPage(browser, errors, PHONE);
    try {
      await openPlay(page, base, true);
      await yourMove(page);
      await typeMove(page, 'e4');
      await waitPlies(page, 2);
      const lines = await linesReady(page);
      assert(lines.length === 3, `${lines.length} lines`);
      await page.locator(T('play-lines')).scrollIntoViewIfNeeded();
      await fits(page, 'the best lines');
      const box = await page.locator(T('play-lines')).boundingBox();
      assert(box.x >= 0 && box.x + box.width <= PHONE.viewport.width + 1, `lines box ${JSON.stringify(box)}`);
      await page.screenshot({ path: path.join(shots, 'play-lines-390.png'), fullPage: true });
    } finally {
      await ctx.close();
    }
  });

  await test('a reload mid-game brings back the moves, the opponent, the colour and the level; a shared link leaves it; a new game replaces it', async () => {
    const { ctx, page } = await newPage(browser, errors, DESKTOP);
    try {
      await openPlay(page, base, false);
      await yourMove(page);
      await page.selectOption(T('opponent'), 'preset:vazquez-table2-exploitation');
      await page.selectOption(T('color'), 'black');
      await yourMove(page); // the engine opened as White
      await page.selectOption(T('level'), { index: 2 });
      const level = await page.$eval(T('level'), (s) => s.value);
      await typeMove(page, 'e5');
      await waitPlies(page, 3);
      const rows = await moveRows(page);
      const fen = await fenOf(page);
      const opp = await shownOpponent(page);
      assert(opp.value === 'preset:vazquez-table2-exploitation', `opponent ${JSON.stringify(opp)}`);
      await page.reload();
      await backToPlay(page);
      await yourMove(page);
      assert(JSON.stringify(await moveRows(page)) === JSON.stringify(rows), `moves after the reload ${JSON.stringify(await moveRows(page))}, before ${JSON.stringify(rows)}`);
      assert(await fenOf(page) === fen, `position after the reload ${await fenOf(page)}, before ${fen}`);
      assert(JSON.stringify(await shownOpponent(page)) === JSON.stringify(opp), `opponent after the reload ${JSON.stringify(await shownOpponent(page))}, before ${JSON.stringify(opp)}`);
      assert(await page.$eval(T('color'), (s) => s.value) === 'black', 'colour lost');
      assert(await page.$eval(T('level'), (s) => s.value) === level, `level ${await page.$eval(T('level'), (s) => s.value)}, before ${level}`);
      assert(await page.$eval(T('play-board'), (b) => b.dataset.flip) === 'true', 'board no longer flipped for Black');
      // The game goes on after the reload.
      await typeMove(page, 'Nc6');
      await waitPlies(page, 5);
      const rows2 = await moveRows(page);
      // A shared link opened in the address bar shows its player; the game stays on the Play tab.
      const link = execFileSync(path.resolve(bin), ['share', '-preset', 'david-fig3', '-base', base], { encoding: 'utf8' }).trim();
      await page.goto('about:blank');
      await page.goto(link);
      await page.waitForSelector(T('player-card'), { timeout: 30000 });
      assert(/david-fig3/.test(await text(page, 'player-name')), `link shows ${await text(page, 'player-name')}`);
      await page.click(T('tab-play'));
      await yourMove(page);
      assert(JSON.stringify(await moveRows(page)) === JSON.stringify(rows2), `moves after the link ${JSON.stringify(await moveRows(page))}, before ${JSON.stringify(rows2)}`);
      assert((await shownOpponent(page)).value === 'preset:vazquez-table2-exploitation', `opponent after the link ${JSON.stringify(await shownOpponent(page))}`);
      // A new game replaces the kept one.
      await page.click(T('new-game'));
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="move-list"] > span')]
        .filter((s) => /^[A-Za-z]/.test(s.textContent.trim())).length === 1, null, { timeout: 60000 }); // Black: the engine opens
      await yourMove(page);
      await page.reload();
      await backToPlay(page);
      await yourMove(page);
      const after = await moveRows(page);
      assert(after.length === 1 && after[0][2] === '', `after a new game and a reload: ${JSON.stringify(after)}`);
    } finally {
      await ctx.close();
    }
  });

  await test('a garbage or illegal kept game starts a fresh game, with no error', async () => {
    const { ctx, page } = await newPage(browser, errors, DESKTOP);
    try {
      await page.goto(base);
      await page.waitForSelector(T('tab-play'), { timeout: 60000 });
      for (const bad of ['{"v":1,"fen":"rnbq', 'null', JSON.stringify({ v: 1, fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', moves: ['e2e4', 'e2e4'],
        human: 'white', opponent: 'preset:david-fig3', oppName: 'david-fig3', depth: 3 })]) {
        await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEPT, bad]);
        await page.reload();
        await backToPlay(page);
        await yourMove(page);
        assert(await fenOf(page) === 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', `kept ${bad}: position ${await fenOf(page)}`);
        assert(await page.locator(T('move-list')).count() === 0, `kept ${bad}: a move list`);
        for (const id of ['play-error', 'notice', 'fen-error']) {
          assert(await page.locator(T(id)).count() === 0, `kept ${bad}: ${id} shown: ${await page.locator(T(id)).count() && await text(page, id)}`);
        }
        // The fresh game is kept in its place.
        const raw = await kept(page);
        let k = null;
        try { k = JSON.parse(raw); } catch { }
        assert(k && Array.isArray(k.moves) && k.moves.length === 0 && k.fen === 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
          `kept after ${bad}: ${raw}`);
      }
    } finally {
      await ctx.close();
    }
  });

  const { ctx, page } = await newPage(browser, errors, DESKTOP);
  await openPlay(page, base, false);

  await test('a FEN error goes away with a new game, a move, or a good FEN', async () => {
    await yourMove(page);
    await setFEN(page, 'not a fen', false);
    await page.waitForSelector(T('fen-error'), { timeout: 10000 });
    await page.click(T('new-game'));
    await page.waitForSelector(T('fen-error'), { state: 'detached', timeout: 5000 });
    await yourMove(page);
    await setFEN(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1', false);
    await page.waitForSelector(T('fen-error'), { timeout: 10000 });
    await typeMove(page, 'e4');
    await page.waitForSelector(T('fen-error'), { state: 'detached', timeout: 5000 });
    await yourMove(page);
    await setFEN(page, 'x', false);
    await page.waitForSelector(T('fen-error'), { timeout: 10000 });
    await setFEN(page, '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', false);
    await page.waitForSelector(T('fen-error'), { state: 'detached', timeout: 5000 });
  });

  await test('the move list is numbered as the PGN: from the FEN\'s move number, "N..." for a first move by Black', async () => {
    await yourMove(page);
    // Black to move: the engine moves first.
    await setFEN(page, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', false);
    await waitPlies(page, 1);
    await typeMove(page, 'd4');
    await waitPlies(page, 3);
    let rows = await moveRows(page);
    assert(rows[0][0] === '1...' && rows[0][1] === '' && /^[A-Za-z]/.test(rows[0][2]), `first row ${JSON.stringify(rows[0])} (rows ${JSON.stringify(rows)})`);
    assert(rows[1][0] === '2.' && rows[1][1] === 'd4' && rows[1][2] !== '', `second row ${JSON.stringify(rows[1])}`);
    await page.click(T('export-pgn'));
    let pgn = await page.locator(T('pgn-text')).inputValue();
    assert(pgn.includes(`1... ${rows[0][2]} 2. d4 ${rows[1][2]}`), `PGN and list differ: list ${JSON.stringify(rows)}\n${pgn}`);
    // Fullmove 30, White to move.
    await setFEN(page, '4k3/8/8/8/8/8/4P3/4K3 w - - 0 30', false);
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.fen === '4k3/8/8/8/8/8/4P3/4K3 w - - 0 30', T('play-board'), { timeout: 10000 });
    await yourMove(page);
    await typeMove(page, 'e4');
    await waitPlies(page, 2);
    rows = await moveRows(page);
    assert(rows.length === 1 && rows[0][0] === '30.' && rows[0][1] === 'e4', `rows ${JSON.stringify(rows)}`);
    await page.click(T('export-pgn'));
    pgn = await page.locator(T('pgn-text')).inputValue();
    assert(pgn.includes(`30. e4 ${rows[0][2]}`), `PGN and list differ: list ${JSON.stringify(rows)}\n${pgn}`);
  });

  await test('a change of player or colour mid-game says it started a new game', async () => {
    assert(/starts a new game/.test(await text(page, 'opponent-change-note')), 'no note on what a change of player does');
    await page.click(T('new-game'));
    await yourMove(page);
    // No game in progress: no note.
    await page.selectOption(T('opponent'), { index: 2 });
    await yourMove(page);
    assert(await page.locator(T('play-note')).count() === 0, `a note without a game in progress: ${await page.locator(T('play-note')).count() && await text(page, 'play-note')}`);
    await typeMove(page, 'e4');
    await waitPlies(page, 2);
    await page.selectOption(T('opponent'), { index: 3 });
    const opp = (await page.locator(`${T('opponent')} option:checked`).textContent()).trim();
    await page.waitForSelector(T('play-note'), { timeout: 5000 });
    const note = await text(page, 'play-note');
    assert(/New game/.test(note) && /you play White/.test(note) && /game in progress was left/.test(note), `note: ${note}`);
    assert((await fenOf(page)) === 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', `no new game: ${await fenOf(page)}`);
    assert(opp && note.length > 0, `opponent ${opp}`);
    // The note goes with the next move.
    await typeMove(page, 'd4');
    await page.waitForSelector(T('play-note'), { state: 'detached', timeout: 5000 });
    await yourMove(page);
    // The colour: the engine opens as White.
    await page.selectOption(T('color'), 'black');
    await page.waitForSelector(T('play-note'), { timeout: 5000 });
    assert(/you play Black/.test(await text(page, 'play-note')), `note: ${await text(page, 'play-note')}`);
    await yourMove(page);
    await page.screenshot({ path: path.join(shots, 'play-new-game-note.png') });
    await page.selectOption(T('color'), 'white');
    await yourMove(page);
  });
  await ctx.close();

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

console.log(`screenshots in ${shots}`);
finish(results, started);
