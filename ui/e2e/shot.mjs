// Dev helper: screenshots of every tab at a viewport, and the overflow of each.
//   node shot.mjs http://127.0.0.1:8311/ 390x844 outdir
import { chromium } from 'playwright-core';
const [base, vp = '390x844', out = '/tmp/uishots'] = process.argv.slice(2);
const [w, h] = vp.split('x').map(Number);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: w, height: h }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
await page.goto(base + (process.env.HASH || ''));
await page.waitForSelector('[data-testid="tab-data"]');
await page.waitForTimeout(2500);
for (const tab of (process.env.TABS || 'data,tune,play,share,compare').split(',')) {
  await page.click(`[data-testid="tab-${tab}"]`);
  await page.waitForTimeout(Number(process.env.WAIT || 600));
  const sw = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth, [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1).slice(0, 6).map(e => e.tagName + '.' + e.className + '#' + (e.dataset.testid || '') + ' r=' + Math.round(e.getBoundingClientRect().right))]);
  console.log(tab, JSON.stringify(sw));
  if (process.env.SEL) await page.locator(process.env.SEL).first().screenshot({ path: `${out}/${tab}-${vp}-sel.png` });
  else await page.screenshot({ path: `${out}/${tab}-${vp}.png`, fullPage: !process.env.VIEWPORT_ONLY });
}
await browser.close();
