import { describe, expect, it } from 'vitest';
import { openVault } from '../../electron/vault';
import { deviceLoginScreen, serverRow, signInInTab, useStackSession, waitForState } from '../support/e2e';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'ui oauth passphrase' };

/** The access token the app holds for a server, read from the vault the way another process would. */
async function storedAccessToken(home: string, server: string): Promise<string> {
  const vault = await openVault({ dataDir: home, env: PASSPHRASE });
  try {
    const key = (await vault.keys({ server })).find((k) => k.kind.startsWith('tokens:'));
    const record = key ? (JSON.parse((await vault.get(key)) ?? '{}') as { accessToken?: string }) : {};
    const token = record.accessToken;
    if (!token) throw new Error(`no access token stored for ${server}: ${JSON.stringify(Object.keys(record))}`);
    return token;
  } finally {
    await vault.close();
  }
}

describe('signing in from the UI against a real authorization server', () => {
  const { ui, stack } = useStackSession(PASSPHRASE);

  it('connects with the browser flow, turns ready, and recovers from a revoked grant by signing in again', async () => {
    await ui.api('addServer', { name: 'notes', config: { type: 'http', url: stack().mcp.url, auth: { type: 'oauth' } } });
    const row = serverRow(ui.page, 'notes');
    await row.getByRole('button', { name: 'Sign in to notes' }).click();
    const [url = ''] = await ui.waitForLog(/http:\/\/127\.0\.0\.1:\d+\/auth\?\S+/);
    await signInInTab(ui.page, url);
    await waitForState(row, 'ready');
    await ui.screenshot('oauth-connected');

    // The grant is revoked at the authorization server: the next call finds out, and the row says so.
    const revoked = await stack().as.revokeGrantOf(await storedAccessToken(ui.home, 'notes'));
    expect(revoked).toBe(true);
    await ui.api('callTool', { server: 'notes', tool: 'echo', arguments: { text: 'x' } }).catch(() => undefined);
    await waitForState(row, 'needs_auth');
    await ui.screenshot('oauth-needs-sign-in');

    await row.getByRole('button', { name: /^Sign in (again )?to notes$/ }).click();
    const addresses = () => ui.log().match(/http:\/\/127\.0\.0\.1:\d+\/auth\?\S+/g) ?? [];
    await expect.poll(() => addresses().length, { timeout: 15_000 }).toBe(2);
    await signInInTab(ui.page, addresses()[1] ?? '');
    await waitForState(row, 'ready');
  });

  it('completes a device login from the login screen', async () => {
    await ui.page.goto(`${ui.served.origin}/#/`);
    await ui.api('addServer', { name: 'tv', config: { type: 'http', url: stack().mcp.url, auth: { type: 'device' } } });
    const row = serverRow(ui.page, 'tv');
    await row.getByRole('button', { name: 'Sign in to tv' }).click();
    const screen = deviceLoginScreen(ui.page);
    await screen.code.waitFor({ timeout: 15_000 });
    const code = (await screen.code.textContent())?.trim() ?? '';
    expect(code).not.toBe('');
    await expect(screen.qr.count()).resolves.toBe(1);
    await ui.screenshot('device-login');

    // The verification address, as a link only because it is loopback http (the core checked it).
    const href = await ui.page.locator('main a[href^="http://127.0.0.1"]').first().getAttribute('href');
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const approver = await ui.page.context().newPage();
    try {
      await approver.goto(href ?? '');
      const input = approver.locator('input[name="user_code"]');
      if ((await input.count()) > 0 && (await input.inputValue()) === '') await input.fill(code);
      await approver.locator('button[type="submit"], input[type="submit"]').first().click();
      await approver.waitForLoadState();
    } finally {
      await approver.close();
    }
    await expect.poll(async () => screen.outcome.getAttribute('data-login-state'), { timeout: 20_000 }).toBe('approved');
    await ui.page.goto(`${ui.served.origin}/#/`);
    await waitForState(serverRow(ui.page, 'tv'), 'ready');
    expect(ui.problems).toEqual([]);
  });
});
