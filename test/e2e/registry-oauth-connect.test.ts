import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passphraseHome } from '../support/passphrase-home';
import { startStack, type Stack } from '../support/oauth-harness';
import { dialog, focusedName, seriousAxeProblems, serverRow, useUiSession, waitForState } from '../support/e2e';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'ui registry oauth connect' };
const SIGN_IN_PAGE = /^http:\/\/127\.0\.0\.1:\d+\/auth\?/;

// Issue 34 item 1 with issue 35 item 2: a registry remote behind OAuth (oidc-provider), connected in one step from the catalog.
let stack: Stack;
let registry: FixtureRegistry;

afterAll(async () => {
  await registry?.close();
  await stack?.close();
});

const ui = useUiSession(async () => {
  stack = await startStack();
  registry = await startFixtureRegistry(5);
  registry.add({ name: 'io.example/remote-notes', title: 'Remote Notes', description: 'Notes behind a sign-in', version: '1.0.0', remotes: [{ type: 'streamable-http', url: stack.mcp.url }] });
  const home = await passphraseHome(PASSPHRASE, 'cs-e2e-registry-oauth-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
  // `--print-url`: no browser opens by itself; the sheet's address is the way to the sign-in page.
  return { home, serveArgs: ['--print-url'], env: PASSPHRASE };
}, 60_000);

beforeAll(async () => {
  await ui.api('refreshRegistries', {});
  await ui.reload();
}, 60_000);

/** Both widths, each checked by axe: the sheet must work on a narrow window too. */
async function shotsAndAxe(name: string): Promise<void> {
  const { page } = ui;
  for (const width of [1280, 420]) {
    await page.setViewportSize({ width, height: 860 });
    await ui.screenshot(`${name}-${width}`);
    expect(await seriousAxeProblems(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

describe('one-click connect of a registry entry that signs in with OAuth', () => {
  it('from the catalog: Connect, the sign-in page (started again once), back to the app, the row ready with its tools', async () => {
    const { page } = ui;
    await page.getByRole('searchbox').fill('remote notes');
    const install = page.getByRole('listitem', { name: 'Remote Notes', exact: true }).getByRole('button', { name: 'Install Remote Notes' });
    await install.click({ timeout: 15_000 });
    const form = dialog(page, 'Install Remote Notes');
    await form.getByText('Next you see where it sends its secrets, and connect it with one approval.').waitFor();
    await form.getByRole('button', { name: 'Review and connect' }).click();

    // Sends no secret, runs nothing here: nothing to approve, one Connect.
    const sheet = dialog(page, 'Connect remote-notes');
    const connect = sheet.getByRole('button', { name: 'Connect', exact: true });
    await expect.poll(() => connect.isEnabled(), { timeout: 15_000 }).toBe(true);
    await expect(sheet.getByRole('group', { name: 'What you approve' }).count()).resolves.toBe(0);
    await shotsAndAxe('registry-oauth-sheet');
    await connect.click();

    // The sign-in step: its address shown, with Open, Copy and Start again.
    const address = sheet.getByLabel('Sign-in address of remote-notes');
    await address.waitFor({ timeout: 20_000 });
    const first = (await address.textContent()) ?? '';
    expect(first).toMatch(SIGN_IN_PAGE);
    await expect(sheet.locator('[data-step="add"]').getAttribute('data-state')).resolves.toBe('done');
    await expect(sheet.locator('[data-step="sign-in"]').getAttribute('data-state')).resolves.toBe('active');
    await shotsAndAxe('registry-oauth-signing-in');

    // Start again: a new sign-in (a new address), and the same transaction waits on: nothing undone.
    await sheet.getByRole('button', { name: 'Start again, the sign-in to remote-notes' }).click();
    await expect.poll(async () => (await address.textContent()) ?? '', { timeout: 15_000 }).not.toBe(first);
    const second = (await address.textContent()) ?? '';
    expect(second).toMatch(SIGN_IN_PAGE);
    await expect(sheet.getByRole('alert').count()).resolves.toBe(0);

    // The person signs in on the authorization server's pages in a tab of their own.
    const href = (await sheet.getByRole('link', { name: 'Open the sign-in page of remote-notes' }).getAttribute('href')) ?? '';
    expect(href).toBe(second);
    const tab = await page.context().newPage();
    try {
      await tab.goto(href);
      // oidc-provider's login and consent interactions answer for the test user, then send the tab back to the app's callback.
      await tab.waitForURL(/127\.0\.0\.1:\d+\/callback/, { timeout: 20_000 });
      await tab.getByText(/signed in|you can close/i).first().waitFor({ timeout: 10_000 });
    } finally {
      await tab.close();
    }

    // Back in the app: connected, its tools listed, in the sheet and on the row.
    await sheet.getByText(/remote-notes is connected with \d+ tools?\./).waitFor({ timeout: 30_000 });
    await expect(sheet.locator('[data-step="start"]').getAttribute('data-state')).resolves.toBe('done');
    await shotsAndAxe('registry-oauth-connected');
    await sheet.getByRole('button', { name: 'Done' }).click();
    await sheet.waitFor({ state: 'detached' });
    // Focus went to the new row (its name, as a ready row has no next step), not to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-server') ?? ''), { timeout: 5_000 }).toBe('remote-notes');
    expect(await focusedName(page)).toBe('remote-notes');

    await page.getByRole('searchbox').fill('remote-notes');
    const row = serverRow(page, 'remote-notes');
    await waitForState(row, 'ready');
    const status = await ui.api<{ servers: Array<{ name: string; state: string; toolCount: number; auth?: { connected: boolean } }> }>('status');
    const server = status.servers.find((s) => s.name === 'remote-notes');
    expect(server).toMatchObject({ state: 'ready', auth: { connected: true } });
    expect(server?.toolCount).toBeGreaterThan(0);
    const tools = await ui.api<Array<{ name: string }>>('listTools', { server: 'remote-notes' });
    expect(tools.length).toBe(server?.toolCount);
    await shotsAndAxe('registry-oauth-row-ready');
    // The connect replaced by Start again answers `denied` (HTTP 403, by design); nothing else went wrong.
    expect(ui.problems.filter((p) => !p.includes('status of 403'))).toEqual([]);
  }, 180_000);
});
