import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/e2e';
import { benchAnswer, type benchData } from './ui-fake-api';
import { measure, type Sample } from './ui-probe';

/**
 * The page the UI benches type into: the real production bundle (dist/renderer) in Chromium, under
 * the same CSP web mode sends, its App API answered by Playwright's request interception from
 * generated data, so the bundle carries no test-only code and no core is needed. `/baseline` is a
 * bare input in the same browser, measured beside it.
 */
const RENDERER = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
const ORIGIN = 'http://bench.invalid';
const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

export const BASELINE_LABEL = 'a bare <input> in the same browser';

/**
 * `run` with a page of a fresh browser, routed as above; the browser is closed after. `fixed`: App
 * API methods answered with that body instead of from `data`.
 */
export async function withBenchPage<T>(data: ReturnType<typeof benchData>, fixed: Record<string, string>, run: (page: Page) => Promise<T>): Promise<T> {
  if (!existsSync(join(RENDERER, 'index.html'))) throw new Error('dist/renderer is missing: run `npm run build` first');
  const browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await browser.context.newPage();
    await page.route(`${ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      // Left open, as a live event stream: an answered one makes the page say the app stopped, and
      // that banner re-mounts the view (and its search input) mid-typing.
      if (url.pathname === '/api/events') return;
      // The sign-in trade of the printed link (electron/web/ui-sign-in.ts).
      if (url.pathname === '/api/session') return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ session: 'bench-ui-session' }) });
      if (url.pathname.startsWith('/api/')) {
        const method = url.pathname.slice(5);
        const body = (Object.hasOwn(fixed, method) ? fixed[method] : undefined) ?? JSON.stringify({ result: benchAnswer(method, data) });
        return route.fulfill({ status: 200, contentType: 'application/json', body });
      }
      if (url.pathname === '/baseline') {
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><main><input id="plain" aria-label="plain"></main>' });
      }
      const file = normalize(join(RENDERER, url.pathname === '/' ? 'index.html' : url.pathname));
      if (!file.startsWith(RENDERER) || !existsSync(file)) return route.fulfill({ status: 404 });
      return route.fulfill({ status: 200, headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP }, body: readFileSync(file) });
    });
    return await run(page);
  } finally {
    await browser.close();
  }
}

/** The keystrokes typed into the bare input. */
export async function measureBaseline(page: Page, keys: readonly string[]): Promise<Sample[]> {
  await page.goto(`${ORIGIN}/baseline`);
  return measure(page, '#plain', keys);
}

/** The app, signed in: the one-time sign-in link rides in the fragment (answered by the route above). */
export async function openSignedIn(page: Page): Promise<void> {
  await page.goto(`${ORIGIN}/#token=bench-ui`);
}
