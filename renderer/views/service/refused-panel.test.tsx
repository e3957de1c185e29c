// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RefusedItem } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const keys: RefusedItem = { server: 'notes', kind: 'resource', name: 'notes://keys', listed: false, unlistedSince: 3, refusedAt: 2, description: 'Every key.', canAccept: true };
const old: RefusedItem = { server: 'notes', kind: 'tool', name: 'upload', listed: true, canAccept: false };

describe("the service page's refused items", () => {
  it('shows each refused item, listed or no longer, and accepts one after all or forgets one through reviewChanges', async () => {
    let refused = [keys, old];
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }),
      listRefused: () => refused,
      reviewChanges: ({ decisions }) => {
        refused = refused.filter((r) => !(decisions ?? []).some((d) => d.name === r.name));
        return { ok: true };
      },
    });
    renderApp(api, { hash: '#/services/notes' });
    expect(await screen.findByRole('heading', { name: 'Refused (2)' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Refused resource notes://keys' }).textContent).toContain('no longer listed by the service');
    // Refused before its definition was kept: only forgotten.
    expect(screen.queryByRole('button', { name: 'Accept tool upload after all' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept resource notes://keys after all' }));
    expect(await screen.findByRole('heading', { name: 'Refused (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Forget tool upload' }));
    // Nothing refused is left: the panel goes.
    await waitFor(() => expect(screen.queryByRole('heading', { name: /^Refused/ })).toBeNull());
    expect(api.callsOf('reviewChanges')).toEqual([
      { name: 'notes', decisions: [{ kind: 'resource', name: 'notes://keys', decision: 'accept' }] },
      { name: 'notes', decisions: [{ kind: 'tool', name: 'upload', decision: 'forget' }] },
    ]);
  });
});
