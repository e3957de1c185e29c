import { describe, expect, it } from 'vitest';
import { seriousAxeProblems, serverRow, signInInTab, useStackSession, waitForState, type UiSession } from '../support/e2e';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'ui grant account passphrase' };

/** Follows an authorization server page to its end in a second tab (the fixture signs the test user in). */
async function signIn(ui: UiSession, server: string, index: number): Promise<void> {
  await serverRow(ui.page, server).getByRole('button', { name: `Sign in to ${server}` }).click();
  const addresses = () => ui.log().match(/http:\/\/127\.0\.0\.1:\d+\/auth\?\S+/g) ?? [];
  await expect.poll(() => addresses().length, { timeout: 15_000 }).toBe(index + 1);
  await signInInTab(ui.page, addresses()[index] ?? '');
  await waitForState(serverRow(ui.page, server), 'ready');
}

describe('the account of a sign-in on the Access page', () => {
  const { ui, stack } = useStackSession(PASSPHRASE);

  it('names the account from the ID Token beside scopes, issuer and expiry, and says "account unknown" without one', async () => {
    // With openid the authorization server sends an ID Token naming the test user; without it, none.
    await ui.api('addServer', { name: 'notes', config: { type: 'http', url: stack().mcp.url, auth: { type: 'oauth', scopes: ['openid', 'offline_access', 'mcp:read'] } } });
    await ui.api('addServer', { name: 'plain', config: { type: 'http', url: stack().mcp.url, auth: { type: 'oauth', scopes: ['offline_access', 'mcp:read'] } } });
    await signIn(ui, 'notes', 0);
    await signIn(ui, 'plain', 1);

    await ui.open('#/access');
    const notes = ui.page.getByRole('listitem', { name: 'Sign-in to notes' });
    await notes.waitFor();
    const text = (await notes.textContent()) ?? '';
    expect(text).toContain('account test-user');
    expect(text).toContain('issuer http://127.0.0.1');
    expect(text).toContain('scopes mcp:read');
    expect(text).toContain('token expires in');
    expect(text).toContain('Last used');
    expect(await ui.page.getByRole('listitem', { name: 'Sign-in to plain' }).textContent()).toContain('account unknown');
    for (const width of [1280, 420]) {
      await ui.page.setViewportSize({ width, height: 900 });
      await notes.scrollIntoViewIfNeeded();
      await ui.screenshot(`access-grant-account-${width}`);
      expect(await seriousAxeProblems(ui.page)).toEqual([]);
    }
    expect(ui.problems).toEqual([]);
  });
});
