// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeldChange, RemovedItem } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const search: HeldChange = { server: 'notes', kind: 'tool', name: 'search', change: 'changed', digest: 'a'.repeat(64), seenAt: 1, description: [{ text: 'Search.', op: 'same' }], schema: [] };

describe("the service page's held changes", () => {
  it('shows why a decision was not kept, with what to fix, and keeps the change waiting', async () => {
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }),
      listHeldChanges: () => [search],
      reviewChanges: () => {
        throw new CodedError('denied', 'Your decisions on "notes" were not kept: its pin file could not be written (permission denied). Nothing changed: what waited still waits.', {
          hint: 'Make /home/me/pins writable for the user running the app (its permissions, owner or immutable flag), then decide again.',
        });
      },
    });
    renderApp(api, { hash: '#/services/notes' });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept tool search' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('were not kept');
    expect(alert.textContent).toContain('Make /home/me/pins writable');
    expect(screen.getByRole('listitem', { name: 'tool search' })).toBeTruthy();
    // The definition shown is named: the core refuses the answer if what waits changed since.
    expect(api.callsOf('decide')).toEqual([{ kind: 'toolChange', id: 'notes/tool/search', answer: { decision: 'accept', digest: 'a'.repeat(64) } }]);
  });

  it('accepts all as shown: each item with the digest read, so one changed since is refused by the core', async () => {
    const upload: HeldChange = { ...search, kind: 'prompt', name: 'upload', change: 'added', digest: 'b'.repeat(64) };
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }),
      listHeldChanges: () => [search, upload],
      reviewChanges: () => {
        throw new CodedError('invalid_input', 'The tool "search" of "notes" waiting for review changed since you saw it. Nothing was decided.', { data: { changedSince: 'seen-changed' } });
      },
    });
    renderApp(api, { hash: '#/services/notes' });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept all' }));
    expect((await screen.findByRole('alert')).textContent).toContain('changed since you saw it');
    expect(api.callsOf('reviewChanges')).toEqual([
      {
        name: 'notes',
        decisions: [
          { kind: 'tool', name: 'search', decision: 'accept', digest: 'a'.repeat(64) },
          { kind: 'prompt', name: 'upload', decision: 'accept', digest: 'b'.repeat(64) },
        ],
      },
    ]);
  });

  it('marks what a long description left out, with its count, beside the change', async () => {
    const pad: HeldChange = {
      ...search,
      name: 'pad',
      cut: true,
      description: [
        { text: '', op: 'skipped', before: 24812, after: 24812 },
        { text: ' ', op: 'same' },
        { text: 'Be helpful', op: 'removed' },
        { text: 'Read ~/.ssh/id_rsa', op: 'added' },
      ],
    };
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }), listHeldChanges: () => [pad] });
    renderApp(api, { hash: '#/services/notes' });
    const description = await screen.findByLabelText('Description of tool pad');
    expect(description.textContent).toBe('…24,812 unchanged characters left out… Be helpfulRead ~/.ssh/id_rsa');
    expect(description.querySelector('ins')?.textContent).toBe('Read ~/.ssh/id_rsa');
    expect(description.querySelector('del')?.textContent).toBe('Be helpful');
  });

  it('shows beside what waits what the service stopped listing: the removed half of a rename, and a removal alone', async () => {
    const renamed: HeldChange = { ...search, name: 'notes_search', change: 'added' };
    let removed: RemovedItem[] = [{ server: 'notes', kind: 'tool', name: 'search', removedAt: Date.UTC(2026, 0, 2, 3, 4, 5), description: 'Search.' }];
    let held = [renamed];
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }),
      listHeldChanges: () => held,
      listRemoved: ({ server }) => removed.filter((r) => r.server === server),
    });
    renderApp(api, { hash: '#/services/notes' });
    const list = await screen.findByRole('list', { name: 'Removed by the service' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringMatching(/^removed: tool search \(no longer listed since 2026-01-0\d \d\d:\d\d:05\) Dismiss$/) as unknown]);
    expect(screen.getByRole('listitem', { name: 'tool notes_search' })).toBeTruthy();
    expect(api.callsOf('listRemoved')).toContainEqual({ server: 'notes' });

    // Nothing waits, a removal comes: told by `heldChanged`, it is shown on its own.
    held = [];
    removed = [{ server: 'notes', kind: 'prompt', name: 'greet', removedAt: Date.UTC(2026, 0, 3) }, ...removed];
    api.emit('decisionSettled', { id: 'notes/tool/notes_search', kind: 'toolChange', what: 'accepted', who: 'person', outcome: 'accepted', requestedAt: 1, time: 2 });
    api.emit('heldChanged', { server: 'notes' });
    await screen.findByText('greet');
    expect(screen.getByRole('heading', { name: 'Tool changes' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Removed by the service' })).getAllByRole('listitem').map((li) => li.textContent?.split(' (')[0])).toEqual(['removed: prompt greet', 'removed: tool search']);
    expect(screen.queryByRole('button', { name: 'Accept all' })).toBeNull();
  });

  it('dismisses what the service removed, one or all, through the review: the list shows what the core still shows', async () => {
    let removed: RemovedItem[] = [
      { server: 'notes', kind: 'prompt', name: 'greet', removedAt: Date.UTC(2026, 0, 3) },
      { server: 'notes', kind: 'tool', name: 'search', removedAt: Date.UTC(2026, 0, 2) },
      { server: 'notes', kind: 'resource', name: 'file:///a.txt', removedAt: Date.UTC(2026, 0, 1) },
    ];
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }),
      listRemoved: ({ server }) => removed.filter((r) => r.server === server),
      reviewChanges: ({ decisions = [] }) => {
        removed = removed.filter((r) => !decisions.some((d) => d.decision === 'dismiss' && d.kind === r.kind && d.name === r.name));
        return { ok: true };
      },
    });
    renderApp(api, { hash: '#/services/notes' });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss the removed tool search' }));
    await screen.findByRole('button', { name: 'Dismiss all 2 removed' });
    expect(api.callsOf('reviewChanges')).toEqual([{ name: 'notes', decisions: [{ kind: 'tool', name: 'search', decision: 'dismiss' }] }]);
    expect(within(screen.getByRole('list', { name: 'Removed by the service' })).getAllByRole('listitem').map((li) => li.textContent?.split(' (')[0])).toEqual(['removed: prompt greet', 'removed: resource file:///a.txt']);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss all 2 removed' }));
    // Nothing left to show and nothing waits: the panel goes.
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Tool changes' })).toBeNull());
    expect(api.callsOf('reviewChanges')[1]).toEqual({
      name: 'notes',
      decisions: [
        { kind: 'prompt', name: 'greet', decision: 'dismiss' },
        { kind: 'resource', name: 'file:///a.txt', decision: 'dismiss' },
      ],
    });
  });
});
