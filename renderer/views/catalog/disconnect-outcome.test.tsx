// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

type Answer = ServerStatus & { revoked?: boolean; revokeError?: string; forgotApiKey?: boolean };

async function disconnectRow(server: ServerStatus, answer: Answer, revoke: string | null) {
  const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [server] }), disconnect: () => answer });
  renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: `Disconnect ${server.name}` }));
  const dialog = screen.getByRole('dialog', { name: `Disconnect ${server.name}` });
  if (revoke !== null) fireEvent.click(within(dialog).getByRole('checkbox', { name: revoke }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return within(screen.getByRole('listitem', { name: server.name })).findByRole('status');
}

describe("a service row's Disconnect says what it did", () => {
  it('a key deleted from the vault, to be revoked where it was issued; the choice named for a key', async () => {
    const keyed = serverStatus({ name: 'keyed', transport: 'http', state: 'ready', auth: { connected: true, kind: 'api_key' } });
    const told = await disconnectRow(keyed, { ...keyed, state: 'stopped', forgotApiKey: true }, 'Also delete its API key from the vault (revoke it where it was issued)');
    expect(told.textContent).toContain('Disconnected keyed and deleted its API key from the vault (an API key cannot be revoked here: revoke it where it was issued).');
  });

  it('tokens deleted but not revoked, with why, as a warning', async () => {
    const signed = serverStatus({ name: 'notes', transport: 'http', state: 'ready', auth: { connected: true, kind: 'oauth', issuer: 'https://as.example' } });
    const answer = { ...signed, state: 'stopped' as const, revoked: false, revokeError: 'no revocation endpoint; the grant may still be live at https://as.example' };
    const told = await disconnectRow(signed, answer, 'Also revoke it at the issuer (https://as.example)');
    expect(told.textContent).toContain('Disconnected notes: the tokens were deleted here but not revoked: no revocation endpoint; the grant may still be live at https://as.example.');
    expect(told.className).toContain('note-warn');
  });

  it('a plain disconnect says it plainly', async () => {
    const signed = serverStatus({ name: 'notes', transport: 'http', state: 'ready', auth: { connected: true, kind: 'oauth' } });
    const told = await disconnectRow(signed, { ...signed, state: 'stopped' }, null);
    expect(told.textContent).toContain('Disconnected notes.');
  });
});
