// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const NOTES = serverStatus({
  name: 'notes',
  transport: 'http',
  url: 'https://notes.example/mcp',
  approval: 'not_needed',
  state: 'idle',
  auth: { connected: true, scopes: ['mcp:read'], pendingScopes: ['mcp:read', 'mcp:admin'] },
});

function api() {
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [NOTES] }),
    connect: () => ({ ...NOTES, auth: { connected: true, scopes: ['mcp:read', 'mcp:admin'] } }),
  });
}

describe('a service that needs more access (step-up)', () => {
  it('says so in its row, and Grant more access runs the sign-in', async () => {
    const fake = api();
    renderApp(fake);
    await screen.findByRole('link', { name: 'notes' });
    const row = screen.getByRole('listitem', { name: 'notes' });
    const badge = within(row).getByText('needs more access');
    expect(badge.closest('[title]')?.getAttribute('title')).toBe('Grant more access to add mcp:admin.');
    fireEvent.click(within(row).getByRole('button', { name: 'Grant more access to notes' }));
    await waitFor(() => expect(fake.callsOf('connect')).toEqual([{ name: 'notes' }]));
  });

  it('says which scopes on the service page, with a Grant more access button', async () => {
    const fake = api();
    renderApp(fake, { hash: '#/services/notes' });
    const note = await screen.findByText('Needs more access:');
    const box = note.closest('[role="status"]') as HTMLElement;
    expect(box.textContent).toContain('mcp:admin');
    expect(box.textContent).not.toContain('mcp:read');
    fireEvent.click(within(box).getByRole('button', { name: 'Grant more access' }));
    await waitFor(() => expect(fake.callsOf('connect')).toHaveLength(1));
  });

  it('keeps keyboard focus on a control of the row while it connects, then on the row', async () => {
    let release: (status: ServerStatus) => void = () => undefined;
    const fake = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [NOTES] }),
      connect: () => new Promise<ServerStatus>((resolve) => { release = resolve; }),
    });
    renderApp(fake);
    await screen.findByRole('link', { name: 'notes' });
    const row = screen.getByRole('listitem', { name: 'notes' });
    const button = within(row).getByRole('button', { name: 'Grant more access to notes' });
    button.focus();
    fireEvent.click(button);
    const status = await within(row).findByRole('status');
    expect(status.textContent).toBe('Connecting…');
    await waitFor(() => expect(document.activeElement).toBe(within(row).getByRole('link', { name: 'notes' })));
    act(() => release({ ...NOTES, state: 'ready', auth: { connected: true, scopes: ['mcp:read', 'mcp:admin'] } }));
    await waitFor(() => expect(within(row).queryByRole('status')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(row).getByRole('link', { name: 'notes' })));
  });
});
