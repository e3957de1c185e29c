import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERSON_USE_HEADER } from '../../shared/api';
import { appFixtureServer } from '../fixtures/servers/config';
import { appFrame, appFixtureHome, callToolWithApp, useUiSession } from '../support/e2e';

const MINUTE = 60_000;
/** settings.uiSessionIdleMs here: its least. */
const IDLE_MS = 5 * MINUTE;
/** The page says a press on its own only when no call said one for a minute (renderer/api/person-input.ts). */
const PAST_STILL_HERE_EVERY = 61_000;

let clockFile = '';
/** How far serve's clock of the UI's sessions runs ahead (CONNECTED_SERVICES_TEST_CLOCK_FILE): it only moves forward. */
let serverAhead = 0;

// Neither clock is waited for: serve's is moved with its test hook, the page's Date.now with an init
// script, and each step waits for the request it is about before the next clock moves.
describe("presses that keep a web UI tab's session, in a real browser against serve", () => {
  const ui = useUiSession(() => {
    const setup = appFixtureHome('cs-idle-presses-');
    clockFile = join(setup.home, 'test-clock');
    writeFileSync(join(setup.home, 'mcp.json'), JSON.stringify({ mcpServers: { fixture: appFixtureServer() }, settings: { uiSessionIdleMs: IDLE_MS } }));
    return { home: setup.home, env: { ...setup.env, CONNECTED_SERVICES_TEST_CLOCK_FILE: clockFile } };
  }, 90_000);

  beforeAll(async () => {
    await ui.api('approveServer', { name: 'fixture' });
    await ui.api('connect', { name: 'fixture' });
    await ui.page.addInitScript(() => {
      const real = Date.now.bind(Date);
      const shifted = window as unknown as { csPageAhead?: number };
      Date.now = () => real() + (shifted.csPageAhead ?? 0);
    });
  }, 90_000);

  const moveServer = (ms: number) => {
    serverAhead += ms;
    writeFileSync(clockFile, String(serverAhead));
  };
  const movePage = (ms: number) => ui.page.evaluate((by) => ((window as unknown as { csPageAhead?: number }).csPageAhead = ((window as unknown as { csPageAhead?: number }).csPageAhead ?? 0) + by), ms);

  /** A fresh sign-in of the page (so its Date.now is the shifted one from its start): its session secret. */
  async function signInAgain(): Promise<string> {
    const traded = ui.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session');
    await ui.reload({ hash: '' });
    const { session } = (await (await traded).json()) as { session: string };
    await ui.page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    return session;
  }

  /** Whether serve still takes `session`: a call with no person's mark, which counts as no use. */
  async function live(session: string): Promise<number> {
    const response = await fetch(`${ui.served.origin}/api/status`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` }, body: '{}' });
    return response.status;
  }

  /** The page's next call that says a person pressed something, and its answer. */
  function nextMarked(): Promise<{ request: Request; status: number; body: unknown }> {
    return ui.page
      .waitForRequest(async (request) => new URL(request.url()).pathname.startsWith('/api/') && (await request.allHeaders())[PERSON_USE_HEADER] === '1', { timeout: 20_000 })
      .then(async (request) => {
        const response = await request.response();
        return { request, status: response?.status() ?? 0, body: (await response?.json()) as unknown };
      });
  }

  it('counts a key press no call took through POST /api/still-here, and a tab idle past the limit ends, saying after how long', async () => {
    const session = await signInAgain();
    await ui.idle();
    moveServer(4 * MINUTE);
    expect(await live(session)).toBe(200);
    await movePage(PAST_STILL_HERE_EVERY);
    const marked = nextMarked();
    await ui.page.keyboard.press('Shift');
    const said = await marked;
    expect([new URL(said.request.url()).pathname, said.status, said.body]).toEqual(['/api/still-here', 200, { result: { stillHere: true, idleMs: IDLE_MS } }]);

    // Eight minutes after sign-in, four after the press: kept only by the press.
    moveServer(4 * MINUTE);
    expect(await live(session)).toBe(200);
    // Past the limit since the press: ended, and the tab's next call says so.
    moveServer(MINUTE + 1000);
    expect(await live(session)).toBe(401);
    await ui.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await ui.page.getByRole('heading', { level: 1, name: 'This tab is signed out' }).waitFor({ timeout: 20_000 });
    expect(await ui.page.getByRole('main').textContent()).toContain('This tab was signed out after 5 minutes without use');
  }, 90_000);

  it('names the limit serve has on the page a reload leaves', async () => {
    await ui.page.reload();
    await ui.page.getByRole('heading', { level: 1, name: 'Open the address that serve printed' }).waitFor();
    expect(await ui.page.getByRole('main').textContent()).toContain('or goes 5 minutes without use (Settings → Web UI sign-in changes that)');
  }, 60_000);

  it("counts a press inside an app's frame, which the page sees only as its user activation", async () => {
    const session = await signInAgain();
    const panel = await callToolWithApp(ui.page, 'fixture', 'panel');
    const app = appFrame(panel);
    await app.locator('[data-key=input]').waitFor({ timeout: 20_000 });
    await ui.idle();
    moveServer(4 * MINUTE);
    expect(await live(session)).toBe(200);
    await movePage(PAST_STILL_HERE_EVERY);
    const marked = nextMarked();
    // The panel's heading: no control, so the app sends nothing; the page sees the focus leave for the frame.
    await app.getByRole('heading', { name: 'Fixture panel' }).click();
    const said = await marked;
    expect([said.status, new URL(said.request.url()).pathname]).toEqual([200, '/api/still-here']);

    moveServer(4 * MINUTE);
    expect(await live(session)).toBe(200);
    moveServer(MINUTE + 1000);
    expect(await live(session)).toBe(401);
    expect(ui.problems.filter((problem) => !/401/.test(problem))).toEqual([]);
  }, 90_000);
});
