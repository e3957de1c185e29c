import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { appFrame, callToolWithApp, startUiSession, until, type UiSession } from '../support/e2e';

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

// Issue 36 item 1 with the extension's reference apps from npm: each renders in its sandbox beside its tool's result.
describe('the reference MCP Apps in the tool browser', () => {
  let ui: UiSession;

  beforeAll(async () => {
    const home = tempHome('cs-app-ref-');
    mkdirSync(home, { recursive: true });
    const servers = { basic: appServer('basic-vanillajs'), monitor: appServer('system-monitor'), map: appServer('map') };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: servers }));
    ui = await startUiSession({ home, env: { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' } });
    for (const name of Object.keys(servers)) {
      await ui.api('approveServer', { name });
      await ui.api('connect', { name });
    }
  }, 90_000);

  afterAll(async () => {
    await ui?.close();
  });

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

  it('map: the app renders in its sandbox (its map tiles are not reachable offline)', async () => {
    const panel = await callToolWithApp(ui.page, 'map', 'show-map');
    const frame = panel.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    await appFrame(panel).locator('body').waitFor();
    expect(await appFrame(panel).locator('#loading, #fullscreen-btn').count()).toBeGreaterThan(0);
    await ui.screenshot('app-host-map');
  }, 60_000);
});
