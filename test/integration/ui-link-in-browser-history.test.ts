import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/e2e/browser';
import { serverRow } from '../support/e2e';
import { eventually, startServe, type Served } from '../support/serve';

/** Every file of the browser profile, as any process of the user can read them. */
function profileFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return profileFiles(path);
    return entry.isFile() && statSync(path).size < 64 * 1024 * 1024 ? [path] : [];
  });
}

/** The addresses in the profile's History database (a copy: the browser holds the file open). */
function historyUrls(profile: string): string[] {
  const db = join(profile, 'Default', 'History');
  if (!existsSync(db)) return [];
  const copy = `${profile}-History-copy`;
  copyFileSync(db, copy);
  const rows = execFileSync('python3', ['-c', 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print("\\n".join(r[0] for r in c.execute("select url from urls")))', copy]).toString();
  return rows.split('\n').filter((line) => line !== '');
}

describe('the sign-in address the browser writes to its profile', () => {
  let served: Served;
  let profile: string;
  let context: BrowserContext;

  beforeAll(async () => {
    served = await startServe(tempHome());
    profile = mkdtempSync(join(tmpdir(), 'cs-history-profile-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await served?.stop();
    rmSync(profile, { recursive: true, force: true });
    rmSync(`${profile}-History-copy`, { force: true });
  });

  it('is refused once the tab signed in with it, while the tab keeps working; the session secret is nowhere in the profile', async () => {
    const page = await context.newPage();
    const bearers = new Set<string>();
    page.on('request', (request) => {
      const authorization = request.headers()['authorization'];
      if (authorization !== undefined) bearers.add(authorization.slice('Bearer '.length));
    });
    await page.goto(served.ui);
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${served.origin}/`);

    // The browser recorded the address it opened, fragment included, before the page cleared it.
    const recorded = await eventually(async () => Promise.resolve(historyUrls(profile).find((url) => url.includes('#token='))), 40_000);
    const stolen = new URL(recorded).hash.slice('#token='.length);
    expect(stolen).toBe(served.link);

    // What a process of the user gets from it: nothing.
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${served.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post('/api/listSecrets', {}, { authorization: `Bearer ${stolen}` })).status).toBe(401);
    expect((await post('/api/addAgent', { name: 'stolen', servers: '*', policy: { read: 'allow', write: 'allow', destructive: 'allow' } }, { authorization: `Bearer ${stolen}` })).status).toBe(401);
    const traded = await post('/api/session', { link: stolen });
    expect(traded.status).toBe(401);
    expect(JSON.stringify(await traded.json())).toContain('connected-services serve --ui-link');

    // The tab is still signed in: a change made elsewhere arrives over its event stream.
    await served.api('addServer', { name: 'after-the-theft', config: { command: 'node', args: ['--version'] } });
    await serverRow(page, 'after-the-theft').waitFor({ timeout: 15_000 });

    // The session the page traded the link for is in its memory only.
    expect(bearers.size).toBe(1);
    const [session] = [...bearers];
    expect(session).toMatch(/^[\w-]{43}$/);
    expect(session).not.toBe(stolen);
    expect(profileFiles(profile).filter((file) => readFileSync(file).includes(session ?? ''))).toEqual([]);
  }, 90_000);
});
