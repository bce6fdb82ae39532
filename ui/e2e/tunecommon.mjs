// Helpers of the Tune-tab suites (tune.mjs, tune2.mjs): pages, the run
// settings form and the run's state.
import { T, assert, runTest, skipped } from './common.mjs';

// newPage opens a desktop-sized page in a fresh context, collecting console
// errors and page errors into errors. With ignoreResources, the browser's
// "Failed to load resource" lines are not collected (the refused requests
// and cut streams some tests cause on purpose); with base, it opens base.
export async function newPage(browser, errors, { base, ignoreResources = false } = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && !(ignoreResources && /Failed to load resource/.test(m.text()))) errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  if (base) await page.goto(base);
  return { ctx, page };
}

// pageTest runs fn(page, ctx, errors) in a fresh context as test name, and
// fails it on any console error.
export async function pageTest(results, browser, name, fn, opts = {}) {
  if (skipped(name)) return;
  const errors = [];
  const { ctx, page } = await newPage(browser, errors, opts);
  await runTest(results, name, async () => {
    await fn(page, ctx, errors);
    assert(errors.length === 0, `console errors:\n${errors.slice(0, 5).join('\n')}`);
  });
  await ctx.close();
}

// text is the trimmed text of the first element with test id id ('' if none).
export async function text(page, id, timeout = 30000) {
  const l = page.locator(T(id)).first();
  return (await l.count()) ? (await l.textContent({ timeout })).trim() : '';
}

// gen is the generation the Tune tab shows.
export const gen = async (page) => Number(await text(page, 'generation'));

// bundledLoaded waits for the bundled games to be read (the page loads them at start).
export async function bundledLoaded(page) {
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '1,500', T('games-read'), { timeout: 60000 });
}

export async function setNum(page, id, v) {
  await page.fill(T(id), String(v));
  await page.dispatchEvent(T(id), 'change');
}

// settings sets the Tune form: a preset, generations, population and (if given) the seed.
export async function settings(page, preset, gens, pop, seed) {
  await page.click(T('tab-tune'));
  await page.selectOption(T('preset'), preset);
  await setNum(page, 'generations', gens);
  await setNum(page, 'population', pop);
  if (seed !== undefined) await setNum(page, 'seed', seed);
}

// waitState waits until the run state matches re.
export async function waitState(page, re, timeout = 120000) {
  await page.waitForFunction(([sel, src]) => new RegExp(src).test(document.querySelector(sel)?.textContent || ''), [T('run-state'), re.source], { timeout });
}
