import { describe, expect, it } from 'vitest';
import { staticToken } from '../support/oauth-harness';
import { serverRow, signInInTab, useStackSession, waitForState } from '../support/e2e';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'ui sign-in journeys' };

describe('sign-in journeys in Chromium, where no browser opens by itself', () => {
  // `serve --print-url` opens no browser: it only prints the address, as on a remote session.
  const { ui, stack } = useStackSession(PASSPHRASE);

  it('shows the sign-in address with Open and Copy, keeps Cancel after navigating away, starts again, and signs in through the shown address', async () => {
    const { page } = ui;
    await ui.api('addServer', { name: 'notes', config: { type: 'http', url: stack().mcp.url, auth: { type: 'oauth' } } });
    const row = serverRow(page, 'notes');
    await waitForState(row, 'needs_auth');
    await expect(row.getByRole('button', { name: 'Re-authorize notes' }).count()).resolves.toBe(0);
    await row.getByRole('button', { name: 'Sign in to notes' }).click();

    const address = row.getByLabel('Sign-in address of notes');
    await address.waitFor({ timeout: 15_000 });
    const shown = (await address.textContent()) ?? '';
    expect(shown).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\?/);
    // No browser opened: the address the core printed is the one the row shows.
    const [printed = ''] = await ui.waitForLog(/http:\/\/127\.0\.0\.1:\d+\/auth\?\S+/);
    expect(shown).toBe(printed);
    expect(await row.getByRole('link', { name: 'Open the sign-in page of notes' }).getAttribute('href')).toBe(shown);
    await expect(row.getByRole('timer').textContent()).resolves.toMatch(/waits for the sign-in until \d\d:\d\d \(in [45] min\)/);
    await row.getByRole('button', { name: 'Copy address' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await ui.screenshot('sign-in-waiting-1280');
    await page.setViewportSize({ width: 420, height: 860 });
    await ui.screenshot('sign-in-waiting-420');
    await page.setViewportSize({ width: 1280, height: 860 });

    // Away and back, and a reload: the sign-in is still found, with its Cancel.
    await ui.open('#/agents');
    await expect(page.getByRole('link', { name: 'Show its address' }).count()).resolves.toBe(1);
    await ui.open('#/');
    await row.getByRole('button', { name: 'Cancel sign-in to notes' }).waitFor();
    await ui.reload();
    await row.getByRole('button', { name: 'Cancel sign-in to notes' }).waitFor({ timeout: 15_000 });

    // A second try replaces the first: a new address (a new state), never "already in progress".
    await row.getByRole('button', { name: 'Start again, the sign-in to notes' }).click();
    await expect.poll(async () => (await address.textContent()) ?? '', { timeout: 15_000 }).not.toBe(shown);
    const second = (await address.textContent()) ?? '';
    expect(second).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\?/);
    await expect(row.getByRole('alert').count()).resolves.toBe(0);

    await row.getByRole('button', { name: 'Cancel sign-in to notes' }).click();
    await row.locator('[data-sign-in-state="cancelled"]').waitFor({ timeout: 15_000 });
    await ui.screenshot('sign-in-cancelled');

    // Once more, finished in a browser tab opened on the address the row shows.
    await row.getByRole('button', { name: 'Sign in again to notes' }).click();
    await expect.poll(async () => ((await address.count()) > 0 ? ((await address.textContent()) ?? '') : ''), { timeout: 15_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\?/);
    const href = (await row.getByRole('link', { name: 'Open the sign-in page of notes' }).getAttribute('href')) ?? '';
    await signInInTab(page, href);
    await waitForState(row, 'ready');
    await expect(row.getByRole('group', { name: 'Sign-in to notes' }).count()).resolves.toBe(0);
    // The connects that were cancelled (Start again, Cancel) answer `denied`, which is HTTP 403 by design.
    expect(ui.problems.filter((p) => !p.includes('status of 403'))).toEqual([]);
    ui.problems.length = 0;
  });

  it('takes an API key again in the app after the service refused the stored one', async () => {
    const { page } = ui;
    await ui.open('#/');
    await ui.api('setSecret', { name: 'REMOTE_KEY', value: 'not-the-right-key' });
    await ui.api('addServer', { name: 'search', config: { type: 'http', url: stack().mcp.url, auth: { type: 'api_key', key: '${secret:REMOTE_KEY}' } } });
    // The person approved where its key goes (the catalog's step before this one).
    await ui.api('approveServer', { name: 'search' });
    await ui.api('connect', { name: 'search' }).catch(() => undefined);
    const row = serverRow(page, 'search');
    await waitForState(row, 'needs_auth');
    await expect(row.getByText('needs an API key').count()).resolves.toBe(1);
    await expect(row.getByRole('button', { name: /^Sign in/ }).count()).resolves.toBe(0);
    const opener = row.getByRole('button', { name: 'Enter API key for search' });
    await opener.click();
    const field = page.getByRole('dialog', { name: 'API key for search' }).getByLabel('API key', { exact: true });
    await expect(field.getAttribute('type')).resolves.toBe('password');
    // The dialog opened on its field: typing goes straight in.
    await page.keyboard.type(await staticToken(stack()));
    await ui.screenshot('api-key-dialog');
    await page.getByRole('button', { name: 'Store and connect' }).click();
    await waitForState(row, 'ready');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toBe('search');
    expect(ui.problems).toEqual([]);
  });
});
