import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/e2e';
import { check, spread, type Row } from './report';
import { benchAnswer, benchData } from './ui-fake-api';

/**
 * Search responsiveness of the real production bundle (dist/renderer) in Chromium, with 1,000
 * services and 5,000 tools. The App API is answered by Playwright's request interception from
 * generated data, so the bundle carries no test-only code and no core is needed; the page runs
 * under the same CSP web mode sends.
 */
export const RENDERER = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
export const ORIGIN = 'http://bench.invalid';
const TARGET_MS = 50;
const SERVERS = 1000;
const TOOLS_EACH = 5;
export const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
// 20 keystrokes: narrowing, widening back to everything (the costliest), a tool-name search.
const KEYS = [...'svc-09', ...Array<string>(6).fill('Backspace'), ...'echo_7'.replace('echo', 'list'), 'Backspace', 'Backspace'];
export const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

export interface Sample {
  /** Keystroke to the next painted frame. */
  paint: number;
  /** Keystroke to the frame that showed the last change it caused (every matching row rendered). */
  settled: number;
}

/**
 * Installed in the page for each keystroke: the time to the next paint, and to the paint after the
 * list settled. A string, not a function: tsx's name helpers would not exist inside the page.
 */
const PROBE = `(() => {
  const input = document.querySelector(SELECTOR);
  if (!input) throw new Error('no search input');
  window.__samples = [];
  window.__pending = 0;
  let lastMutation = 0;
  // Attributes too: a row the search hides or shows again changes only its hidden attribute.
  new MutationObserver(() => { lastMutation = performance.now(); })
    .observe(document.querySelector('main') || document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  // A task posted from a rAF callback runs after that frame is painted.
  function afterPaint(done) {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });
  }
  input.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    window.__pending += 1;
    let paint = 0;
    afterPaint((at) => { paint = at - start; });
    // Every frame painted until the DOM has been quiet for 150 ms; "settled" is the first paint
    // after the last change this keystroke caused.
    const frames = [];
    let quiet = false;
    function record() { afterPaint((at) => { frames.push(at); if (!quiet) record(); }); }
    record();
    function settle() {
      if (performance.now() - Math.max(lastMutation, start) < 150) { setTimeout(settle, 20); return; }
      quiet = true;
      const last = Math.max(lastMutation, start);
      const settled = frames.find((at) => at >= last) ?? performance.now();
      window.__samples.push({ paint, settled: settled - start });
      window.__pending -= 1;
    }
    setTimeout(settle, 20);
  });
})()`;

export async function measure(page: Page, selector: string, keys: readonly string[] = KEYS): Promise<Sample[]> {
  await page.evaluate(PROBE.replace('SELECTOR', JSON.stringify(selector)));
  for (const key of keys) {
    await page.press(selector, key);
    await page.waitForFunction(() => (window as unknown as { __pending: number }).__pending === 0);
  }
  return page.evaluate(() => (window as unknown as { __samples: Sample[] }).__samples);
}

export function stats(values: number[]): { avg: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const avg = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return { avg, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN, max: sorted.at(-1) ?? NaN };
}

export async function benchUi(): Promise<Row[]> {
  if (!existsSync(join(RENDERER, 'index.html'))) throw new Error('dist/renderer is missing: run `npm run build` first');
  const data = benchData(SERVERS, TOOLS_EACH);
  const browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await browser.context.newPage();
    await page.route(`${ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      // Left open, as a live event stream (as in ui-registry.ts): an answered one makes the page say the app stopped, re-mounting the view and its search input.
      if (url.pathname === '/api/events') return;
      // The sign-in trade of the printed link (electron/web/ui-sign-in.ts).
      if (url.pathname === '/api/session') return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ session: 'bench-ui-session' }) });
      if (url.pathname.startsWith('/api/')) {
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ result: benchAnswer(url.pathname.slice(5), data) }) });
      }
      if (url.pathname === '/baseline') {
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><main><input id="plain" aria-label="plain"></main>' });
      }
      const file = normalize(join(RENDERER, url.pathname === '/' ? 'index.html' : url.pathname));
      if (!file.startsWith(RENDERER) || !existsSync(file)) return route.fulfill({ status: 404 });
      return route.fulfill({ status: 200, headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP }, body: readFileSync(file) });
    });

    await page.goto(`${ORIGIN}/baseline`);
    const baseline = await measure(page, '#plain');

    // The one-time sign-in link rides in the fragment (the App API here is answered by the route above).
    await page.goto(`${ORIGIN}/#token=bench-ui`);
    await page.waitForFunction((count) => document.querySelectorAll('li[data-server]').length === count, SERVERS, { timeout: 60_000 });
    const samples = await measure(page, 'input[type="search"]');
    if (process.env["UI_BENCH_DETAIL"]) console.log(KEYS.map((k, i) => `${k}:${samples[i]?.paint.toFixed(0)}/${samples[i]?.settled.toFixed(0)}`).join(" "));

    const paint = stats(samples.map((s) => s.paint));
    const settled = stats(samples.map((s) => s.settled));
    const base = stats(baseline.map((s) => s.paint));
    const f = (n: number): string => n.toFixed(1);
    return [
      {
        key: 'ui-search',
        what: `UI search, ${SERVERS.toLocaleString('en')} services and ${(SERVERS * TOOLS_EACH).toLocaleString('en')} tools, ${samples.length} keystrokes to the next paint (production build, headless Chromium)`,
        unit: 'ms',
        ours: spread(samples.map((s) => s.paint)),
        baseline: spread(baseline.map((s) => s.paint)),
        baselineLabel: 'a bare <input> in the same browser',
        figure: spread(samples.map((s) => s.paint)),
        figureUnit: 'ms',
        target: `average <= ${TARGET_MS} ms`,
        status: check(paint.avg, '<=', TARGET_MS),
        note: `average ${f(paint.avg)} ms (bare input ${f(base.avg)} ms, ${(paint.avg / base.avg).toFixed(2)}x), p95 ${f(paint.p95)} ms; to the list settled (every matching row in the DOM): average ${f(settled.avg)} ms, p95 ${f(settled.p95)} ms`,
      },
    ];
  } finally {
    await browser.close();
  }
}
