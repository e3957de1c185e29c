import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { startWebServer, type WebServer } from '../../electron/web';
import { appFixtureServer } from '../fixtures/servers/config';
import { ROOT, tempHome } from '../support/cli';
import { callToolWithApp, launchBrowser, until, type Browser } from '../support/e2e';

const MINUTE = 60_000;
const served = (address: string) => fetch(address, { headers: { 'sec-fetch-dest': 'iframe' } }).then((r) => r.status);

// An open panel keeps its app however long it is open (keepApp each minute); the core's clock and
// the page's are moved instead of waited for.
describe('an app kept past ten minutes by its open panel', () => {
  let core: Core;
  let web: WebServer;
  let browser: Browser;
  let page: Page;
  let shift = 0;
  const keeps: number[] = [];

  beforeAll(async () => {
    const home = tempHome('cs-app-kept-');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { fixture: appFixtureServer() } }));
    core = await createCore({
      dataDir: home,
      demo: false,
      env: { ...process.env, CONNECTED_SERVICES_REGISTRY_REFRESH: 'off', CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' },
      vaultProvider: 'passphrase',
      now: () => Date.now() + shift,
    });
    await core.api.approveServer({ name: 'fixture' });
    await core.api.connect({ name: 'fixture' });
    web = await startWebServer({ api: core.api, door: core.door, port: 0, staticDir: join(ROOT, 'dist', 'renderer'), apps: core.apps });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/keepApp') keeps.push(response.status());
    });
    await page.clock.install();
    await page.goto(web.url);
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor({ timeout: 20_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await core?.close();
  });

  it('is still served 12 minutes on, while an app no panel keeps expired; once the page is gone for over ten minutes the panel says so', async () => {
    const panel = await callToolWithApp(page, 'fixture', 'panel', { action: 'read' });
    const address = (await panel.locator('iframe').getAttribute('src')) ?? '';
    const unkept = (await core.api.openApp({ server: 'fixture', tool: 'panel' })).address;
    expect(await served(address)).toBe(200);

    shift = 9 * MINUTE;
    await page.clock.fastForward(MINUTE);
    await until(() => keeps.length >= 1, 'the panel keeping its app');
    shift = 12 * MINUTE;
    expect(await served(unkept)).toBe(404);
    expect(await served(address)).toBe(200);
    await page.clock.fastForward(MINUTE);
    await until(() => keeps.length >= 2, 'the panel keeping its app again');
    expect(keeps).toEqual([200, 200]);
    expect(await panel.getByText(/This app expired/).count()).toBe(0);

    // Nothing kept it for 11 minutes (a page asleep): the core dropped it, and the panel says so.
    shift = 23 * MINUTE + 30_000;
    expect(await served(address)).toBe(404);
    await page.clock.fastForward(MINUTE);
    await panel.getByText(/This app expired and was closed/).waitFor({ timeout: 20_000 });
  }, 90_000);
});
