import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { ROOT, tempHome } from '../cli';
import { startServe, type Served } from '../serve';
import { launchBrowser, type Browser } from './browser';

export const SCREENS_DIR = join(ROOT, 'test-artifacts', 'screens');
const EVENTS_PATH = '/api/events';
/** As Playwright's networkidle: no request for this long. */
const IDLE_MS = 500;

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
  /**
   * Waits until no request of the page has been in flight for 500 ms, the App API event stream
   * aside. Use it instead of `waitForLoadState('networkidle')`, which Playwright reaches only when
   * every request has ended, and the event stream (a streaming fetch) never ends; Playwright made
   * an exception only for EventSource requests.
   */
  idle(timeoutMs?: number): Promise<void>;
  /** Goes to a screen by its hash (`#/settings`) and waits for its title. */
  open(hash: string): Promise<void>;
  /**
   * The page loaded again as a person does after a reload: a reload signs the tab out (its session
   * is in the page's memory only), so a new sign-in address is loaded. `hash`: the screen to go to
   * once the page took the address (by default the one shown before; null: none, and nothing waited
   * for, as when the page's code is held back).
   */
  reload(options?: { waitUntil?: 'commit' | 'load'; hash?: string | null }): Promise<void>;
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
  // Chromium starts while `serve` does: neither waits for the other.
  const launching = launchBrowser();
  // Its failure is read below, once `serve` is up; until then it must not count as unhandled.
  launching.catch(() => undefined);
  let served: Served;
  try {
    served = await startServe(home, ['--bridge-port', '0', ...(options.serveArgs ?? [])], options.env ?? {});
  } catch (error) {
    await launching.then((b) => b.close()).catch(() => undefined);
    throw error;
  }
  let browser: Browser | undefined;
  try {
    browser = await launching;
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    const inFlight = new Set<Request>();
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== EVENTS_PATH) inFlight.add(request);
    });
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
    });
    const log: string[] = [];
    served.child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
    // An unused sign-in address: the page trades its one-time secret for a session secret it keeps in
    // memory and sends as a bearer header.
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
      async idle(timeoutMs = 15_000) {
        const deadline = Date.now() + timeoutMs;
        let quietSince = Date.now();
        for (;;) {
          if (inFlight.size > 0) quietSince = Date.now();
          else if (Date.now() - quietSince >= IDLE_MS) return;
          if (Date.now() > deadline) throw new Error(`the page kept requests in flight: ${[...inFlight].map((r) => r.url()).join(', ')}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      async open(hash) {
        await page.evaluate((h) => (window.location.hash = h), hash);
        await page.locator('main h1').first().waitFor();
      },
      async reload({ waitUntil = 'load', hash = new URL(page.url()).hash } = {}) {
        const link = await served.newLink();
        await page.goto('about:blank');
        await page.goto(link, { waitUntil });
        if (hash === null) return;
        // The page reads its sign-in address first; the screen is chosen after.
        await page.waitForFunction(() => !window.location.hash.startsWith('#token='));
        if (hash !== '' && hash !== '#/') await page.evaluate((h) => (window.location.hash = h), hash);
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
