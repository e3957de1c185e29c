import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, tempHome } from '../../helpers/cli';
import { startServe, type Served } from '../../helpers/serve';
import { launchBrowser, type Browser } from './browser';

export const SCREENS_DIR = join(ROOT, 'test-artifacts', 'screens');

export interface UiSession {
  page: Page;
  browser: Browser;
  served: Served;
  home: string;
  /** Console errors, uncaught exceptions and CSP violations seen by the page. */
  problems: string[];
  /** What `serve` wrote to stderr since the session started (sign-in addresses, background failures). */
  log(): string;
  /** Waits for a stderr line of `serve` matching `pattern` (e.g. the printed sign-in address) and returns the match. */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Goes to a screen by its hash (`#/settings`) and waits for its title. */
  open(hash: string): Promise<void>;
  /** Saves a full-page screenshot as test-artifacts/screens/<name>.png. */
  screenshot(name: string): Promise<void>;
  /** The App API over HTTP, as the page uses it (for arranging state the test is not about). */
  api<T = unknown>(method: string, input?: unknown): Promise<T>;
  close(): Promise<void>;
}

export interface UiSessionOptions {
  home?: string;
  serveArgs?: string[];
  env?: Record<string, string>;
}

/**
 * The real core in web mode (`serve` with a temp --home, its own ports) and one Chromium page
 * signed in through the printed address. Close it in afterAll.
 */
export async function startUiSession(options: UiSessionOptions = {}): Promise<UiSession> {
  const home = options.home ?? tempHome('cs-e2e-');
  const served = await startServe(home, ['--bridge-port', '0', ...(options.serveArgs ?? [])], options.env ?? {});
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
    });
    const log: string[] = [];
    served.child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
    // The printed address carries the per-run secret; the server trades it for a cookie.
    await page.goto(served.ui);
    try {
      await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor({ timeout: 20_000 });
    } catch (error) {
      const body = await page.locator('body').innerText().catch(() => '(no body)');
      throw new Error(`the UI did not show its first screen: ${String(error)}\npage: ${body.slice(0, 500)}\nproblems: ${problems.join('; ')}\nserve: ${log.join('').slice(-2000)}`);
    }
    const session: UiSession = {
      page,
      browser,
      served,
      home,
      problems,
      log: () => log.join(''),
      async waitForLog(pattern, timeoutMs = 15_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const match = log.join('').match(pattern);
          if (match) return match;
          if (Date.now() > deadline) throw new Error(`serve never logged ${String(pattern)}; it logged:\n${log.join('').slice(-2000)}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      async open(hash) {
        await page.evaluate((h) => (window.location.hash = h), hash);
        await page.locator('main h1').first().waitFor();
      },
      async screenshot(name) {
        mkdirSync(SCREENS_DIR, { recursive: true });
        await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), fullPage: true });
      },
      async api<T>(method: string, input: unknown = {}) {
        const { status, body } = await served.api(method, input);
        if (status !== 200 || body.error) throw new Error(`${method} failed: ${JSON.stringify(body.error)}`);
        return body.result as T;
      },
      async close() {
        await browser?.close();
        await served.stop();
      },
    };
    return session;
  } catch (error) {
    await browser?.close();
    await served.stop();
    throw error;
  }
}
