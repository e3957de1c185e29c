import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { appFrame, callToolWithApp, useUiSession } from '../support/e2e';

// The extension's reference app asks the host to open an address (SEP-1865 ui/open-link): the web
// UI never opens it on the app's word, and then only after the core's look-up of its host name.
describe('an MCP App asking to open an address', () => {
  const ui = useUiSession(() => {
    const home = tempHome('cs-app-link-');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { basic: appServer('basic-vanillajs') } }));
    return { home, env: { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' } };
  }, 90_000);

  beforeAll(async () => {
    await ui.api('approveServer', { name: 'basic' });
    await ui.api('connect', { name: 'basic' });
  }, 90_000);

  it('an address on this computer is refused at once; another waits for Open, then the core refuses one that does not resolve; no tab opens', async () => {
    const tabs = () => ui.page.context().pages().length;
    const before = tabs();
    const panel = await callToolWithApp(ui.page, 'basic', 'get-time');
    const app = appFrame(panel);
    const said = panel.getByRole('list', { name: 'What the app said' });

    await app.locator('#link-url').fill('http://127.0.0.1:9/admin');
    await app.locator('#open-link-btn').click();
    await said.getByText('The app asked to open http://127.0.0.1:9/admin. It was not opened: an app may open only https addresses with a public host name; if you need that page, open it in your browser yourself.').waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('button', { name: 'Open in browser' }).count()).toBe(0);

    // RFC 6761 §6.4: a name under .invalid never resolves, with or without a network.
    await app.locator('#link-url').fill('https://no-such-host.invalid/docs');
    await app.locator('#open-link-btn').click();
    const card = panel.getByRole('group', { name: 'The app asks to open this address in your browser:' });
    await card.getByText('https://no-such-host.invalid/docs').waitFor({ timeout: 20_000 });
    expect(tabs()).toBe(before);
    await card.getByRole('button', { name: 'Open in browser' }).click();
    await card.getByRole('alert').getByText(/This link was not opened: Could not resolve no-such-host\.invalid/).waitFor({ timeout: 20_000 });
    expect(tabs()).toBe(before);
    await ui.screenshot('app-open-link-refused');
    await card.getByRole('button', { name: 'Dismiss' }).click();
    expect(await card.count()).toBe(0);
  }, 90_000);
});
