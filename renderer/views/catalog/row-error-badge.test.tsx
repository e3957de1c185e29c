// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const MESSAGE = 'could not start "broken": definitely-not-a-command-with-a-long-name-that-goes-on was not found. Run `connected-services doctor`.';

describe("a failed service's error on its row", () => {
  it('shows its short reason, and its whole text behind "more" that a keyboard reaches', async () => {
    const broken = serverStatus({ name: 'broken', state: 'error', lastError: { code: 'server_unavailable', message: MESSAGE } });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [broken] }) }));
    const row = await screen.findByRole('listitem', { name: 'broken' });
    const state = () => row.querySelector('[data-state="error"]')?.textContent;
    expect(state()).toMatch(/^error: could not start "broken": .*…$/);
    const more = within(row).getByRole('button', { name: 'More of the error of broken' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(state()).toBe('error: could not start "broken": definitely-not-a-command-with-a-long-name-that-goes-on was not found. Run connected-services doctor.');
    fireEvent.click(within(row).getByRole('button', { name: 'Less of the error of broken' }));
    expect(state()).toMatch(/…$/);
  });

  it('offers no "more" when the badge already says it all', async () => {
    const short = serverStatus({ name: 'short', state: 'error', lastError: { code: 'server_unavailable', message: 'exited' } });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [short] }) }));
    const row = await screen.findByRole('listitem', { name: 'short' });
    expect(row.querySelector('[data-state="error"]')?.textContent).toBe('error: exited');
    expect(within(row).queryByRole('button', { name: /of the error of short/ })).toBeNull();
  });
});
