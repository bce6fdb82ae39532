// Helpers shared by the end-to-end suites (run.mjs, league.mjs): finding
// Debian's Chromium, a free local port for the server under test, and the
// screenshot folder.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

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
