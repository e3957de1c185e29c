import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { declaredSources, withinSources } from '../../electron/mcp-apps';
import { appServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { appFrame, callToolWithApp, useUiSession, until } from '../support/e2e';

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** What the map app's resource declares (@modelcontextprotocol/server-map). */
const MAP_CSP = {
  connectDomains: ['https://*.openstreetmap.org', 'https://cesium.com', 'https://*.cesium.com'],
  resourceDomains: ['https://*.openstreetmap.org', 'https://cesium.com', 'https://*.cesium.com'],
};

// Issue 36 item 1 with the extension's reference apps from npm: each renders in its sandbox beside its tool's result.
describe('the reference MCP Apps in the tool browser', () => {
  const servers = { basic: appServer('basic-vanillajs'), monitor: appServer('system-monitor'), map: appServer('map') };
  const ui = useUiSession(() => {
    const home = tempHome('cs-app-ref-');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: servers }));
    return { home, env: { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' } };
  }, 90_000);

  beforeAll(async () => {
    for (const name of Object.keys(servers)) {
      await ui.api('approveServer', { name });
      await ui.api('connect', { name });
    }
  }, 90_000);

  it('basic: the app shows the tool’s result, and its button’s read call runs through the host', async () => {
    const panel = await callToolWithApp(ui.page, 'basic', 'get-time');
    const app = appFrame(panel);
    const time = app.locator('#server-time');
    await until(async () => ISO_TIME.test((await time.textContent()) ?? ''), 'the app to show the result’s time');
    const first = await time.textContent();
    const ran = panel.getByRole('list', { name: 'What the app said' }).getByText('ran get-time');
    expect(await ran.count()).toBe(0);
    await app.locator('#get-time-btn').click();
    await ran.waitFor({ timeout: 20_000 });
    await until(async () => ISO_TIME.test((await time.textContent()) ?? '') && (await time.textContent()) !== first, 'the app to show the time its own call got');
    await ui.screenshot('app-host-basic');
  }, 60_000);

  it('basic: a message the app sends is shown on screen only', async () => {
    const panel = ui.page.getByRole('region', { name: 'App of get-time' });
    const app = appFrame(panel);
    await app.locator('#message-text').fill('a note for the person');
    await app.locator('#send-message-btn').click();
    await panel.getByRole('list', { name: 'What the app said' }).getByText('a note for the person').waitFor({ timeout: 20_000 });
  }, 60_000);

  it('system monitor: the app polls its app-only read tool and draws what it gets', async () => {
    const panel = await callToolWithApp(ui.page, 'monitor', 'get-system-info');
    const app = appFrame(panel);
    await until(async () => ((await app.locator('#info-hostname').textContent()) ?? '').trim().length > 0, 'the hostname from get-system-info');
    const said = panel.getByRole('list', { name: 'What the app said' });
    await app.locator('#poll-toggle-btn').click();
    await said.getByText('ran poll-system-stats').first().waitFor({ timeout: 30_000 });
    await until(async () => /\d/.test((await app.locator('#memory-percent').textContent()) ?? ''), 'the memory use from poll-system-stats');
    await ui.screenshot('app-host-system-monitor');
  }, 90_000);

  it('map: offline, the app runs in its sandbox, reaches only the origins its resource declared, and the host says it did not start', async () => {
    // The map app loads CesiumJS from cesium.com before it even connects to its host (SEP-1865
    // ui/initialize); this machine reaches no CDN, so it never starts and shows its own error.
    // Every request with its frame, sorted out once the app's address is known: the app may ask for
    // its library before the test has read its frame's address (a loaded machine).
    const seen: { frame: string; url: string; failed: boolean }[] = [];
    const record = (request: Request, failed: boolean): void => void seen.push({ frame: request.frame().url(), url: request.url(), failed });
    ui.page.on('request', (request) => record(request, false));
    ui.page.on('requestfailed', (request) => record(request, true));
    const panel = await callToolWithApp(ui.page, 'map', 'show-map');
    const frame = panel.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    const address = (await frame.getAttribute('src')) ?? '';
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/app\//);
    const origins = declaredSources(MAP_CSP);
    // Its own script ran inside the sandbox and reported what it could not load.
    const loading = appFrame(panel).locator('#loading');
    await until(async () => /Failed to load CesiumJS/.test((await loading.textContent()) ?? ''), 'the app’s own error about its CDN', 30_000);
    const fromApp = seen.filter((r) => r.frame === address && r.url !== address);
    const requested = fromApp.filter((r) => !r.failed).map((r) => r.url);
    const failed = fromApp.filter((r) => r.failed).map((r) => r.url);
    // It asked for its library at a declared origin (unreachable here), and for nothing outside them.
    expect(requested.some((url) => url.startsWith('https://cesium.com/'))).toBe(true);
    expect(failed.some((url) => url.startsWith('https://cesium.com/'))).toBe(true);
    expect(requested.filter((url) => !withinSources(url, origins))).toEqual([]);
    // It never answered the handshake, so the host says so, naming where the app loads from.
    const note = panel.getByRole('status').filter({ hasText: 'This app did not start' });
    await note.waitFor({ timeout: 40_000 });
    expect(await note.textContent()).toContain('https://cesium.com');
    expect(await panel.getByRole('list', { name: 'What the app said' }).count()).toBe(0);
    await ui.screenshot('app-host-map');
  }, 90_000);
});
