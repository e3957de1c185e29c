// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ForgottenRemovals } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

describe("the service page's forgotten removals", () => {
  it('says why new tools wait under acceptNewTools, and resets it only on the click', async () => {
    let forgotten: ForgottenRemovals[] = [{ server: 'notes', since: Date.UTC(2026, 0, 2), kinds: ['tool'] }];
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }),
      listForgottenRemovals: () => forgotten,
      reviewChanges: () => {
        forgotten = [];
        return { ok: true };
      },
    });
    renderApp(api, { hash: '#/services/notes' });
    expect(await screen.findByRole('heading', { name: 'Removed tools forgotten' })).toBeTruthy();
    expect(screen.getByText(/forgotten on 2026-01-02T00:00:00.000Z/).textContent).toContain('wait for your review even with');
    expect(api.callsOf('reviewChanges')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Approve new tools automatically again' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Removed tools forgotten' })).toBeNull());
    expect(api.callsOf('reviewChanges')).toEqual([{ name: 'notes', resetForgotten: true }]);
  });
});
