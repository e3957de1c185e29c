// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RefusedItem } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const keys: RefusedItem = { server: 'notes', kind: 'resource', name: 'notes://keys', listed: false, unlistedSince: 3, refusedAt: 2, description: 'Every key.', canAccept: true };
const old: RefusedItem = { server: 'notes', kind: 'tool', name: 'upload', listed: true, canAccept: false };
const digest = 'd'.repeat(64);
const purge: RefusedItem = { server: 'notes', kind: 'tool', name: 'purge', listed: true, refusedAt: 2, description: 'Deletes all.', canAccept: true, digest, changed: false };
const shifted: RefusedItem = { server: 'notes', kind: 'tool', name: 'shift', listed: true, refusedAt: 2, canAccept: true, digest: 'e'.repeat(64), changed: true };

describe("the service page's refused items", () => {
  it('shows each refused item, listed or no longer, and accepts one after all or forgets one through reviewChanges', async () => {
    let refused = [keys, old, purge];
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }),
      listRefused: () => refused,
      reviewChanges: ({ decisions }) => {
        refused = refused.filter((r) => !(decisions ?? []).some((d) => d.name === r.name));
        return { ok: true };
      },
    });
    renderApp(api, { hash: '#/services/notes' });
    expect(await screen.findByRole('heading', { name: 'Refused (3)' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Refused resource notes://keys' }).textContent).toContain('no longer listed by the service');
    // Refused before its definition was kept: only forgotten; no longer listed: nothing to accept now.
    expect(screen.queryByRole('button', { name: 'Accept tool upload after all' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept resource notes://keys after all' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept tool purge after all' }));
    expect(await screen.findByRole('heading', { name: 'Refused (2)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Forget resource notes://keys' }));
    expect(await screen.findByRole('heading', { name: 'Refused (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Forget tool upload' }));
    // Nothing refused is left: the panel goes.
    await waitFor(() => expect(screen.queryByRole('heading', { name: /^Refused/ })).toBeNull());
    expect(api.callsOf('reviewChanges')).toEqual([
      // The refusal as shown: the core accepts only that definition.
      { name: 'notes', decisions: [{ kind: 'tool', name: 'purge', decision: 'accept', digest }] },
      { name: 'notes', decisions: [{ kind: 'resource', name: 'notes://keys', decision: 'forget' }] },
      { name: 'notes', decisions: [{ kind: 'tool', name: 'upload', decision: 'forget' }] },
    ]);
  });

  it('offers no acceptance of a refusal the service now lists changed, and shows why an acceptance failed', async () => {
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }),
      listRefused: () => [shifted, purge],
      reviewChanges: () => {
        throw new CodedError('invalid_input', '"notes" now lists another definition of the tool "purge" than the one you refused. Nothing was decided.', { hint: 'Run `connected-services servers review notes` to see what it lists.' });
      },
    });
    renderApp(api, { hash: '#/services/notes' });
    const row = await screen.findByRole('listitem', { name: 'Refused tool shift' });
    expect(row.textContent).toContain('now lists another definition');
    expect(screen.queryByRole('button', { name: 'Accept tool shift after all' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept tool purge after all' }));
    expect(await screen.findByText(/now lists another definition of the tool "purge"/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('to see what it lists');
    expect(screen.getByRole('heading', { name: 'Refused (2)' })).toBeTruthy();
  });
});
