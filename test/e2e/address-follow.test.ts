import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type Served } from '../support/serve';
import { serverRow, useUiSession, stateOf, waitForState } from '../support/e2e';

let second: Served | undefined;

const ui = useUiSession();

beforeAll(async () => {
  await ui.api('addServer', { name: 'kept', config: { command: 'node', args: ['--version'] } });
}, 45_000);

afterAll(async () => {
  await second?.stop();
});

describe('the open tab follows the address serve prints', () => {
  it('says the app stopped, then that the address is out of date, and works again once the new #token= is pasted, without a reload', async () => {
    const { page } = ui;
    const row = serverRow(page, 'kept');
    await row.waitFor({ timeout: 15_000 });
    // Added from outside, its command waits for approval.
    const before = await stateOf(row).getAttribute('data-state');
    expect(before).toBe('pending_approval');
    const toggle = row.getByRole('button', { name: 'Disable kept' });
    expect(await toggle.isEnabled()).toBe(true);
    // A marker that a reload would wipe.
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));

    const port = new URL(ui.served.origin).port;
    await ui.served.stop();
    const banner = page.getByRole('alert');
    await banner.getByText('The app stopped').waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain('start it again, then open the address it prints');
    await waitForState(row, 'unknown');
    expect(await toggle.isDisabled()).toBe(true);

    // Started again on the same port, with a new secret: the stream retries, and is refused.
    second = await startServe(ui.home, ['--port', port]);
    expect(second.origin).toBe(ui.served.origin);
    expect(second.secret).not.toBe(ui.served.secret);
    await banner.getByText('This tab is signed out').waitFor({ timeout: 40_000 });
    expect(await banner.textContent()).toContain('connected-services serve --ui-link');
    expect(await toggle.isDisabled()).toBe(true);

    // Pasting the new address changes only the fragment.
    await page.evaluate((hash) => (window.location.hash = hash), new URL(second.ui).hash);
    await waitForState(row, 'pending_approval', 15_000);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Disable kept' }).isEnabled()).toBe(true);
    expect(page.url()).toBe(`${second.origin}/`);
    expect(await page.getByRole('heading', { level: 1, name: 'Services' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    // The session lives in the page's memory only: nothing of it where the browser writes to disk.
    expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);

    // The new session is live: a change made elsewhere arrives over its event stream.
    await second.api('addServer', { name: 'added-after', config: { command: 'node', args: ['--version'] } });
    await serverRow(page, 'added-after').waitFor({ timeout: 10_000 });
  }, 120_000);
});
