// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const REFUSED = { code: 'auth_required' as const, message: '"notes" needs authorization (the authorization server no longer accepts its refresh token (invalid_client)).' };

async function page(server: ServerStatus): Promise<void> {
  const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [server] }) });
  renderApp(api, { hash: `#/services/${server.name}` });
  await screen.findByRole('heading', { name: 'Details' });
}

const NOTES = { name: 'notes', transport: 'http' as const, url: 'https://notes.example/mcp', approval: 'not_needed' as const, lastError: REFUSED, auth: { connected: true, kind: 'oauth' as const, refreshable: true } };

describe('the Last error card', () => {
  it('is gone once the service is signed in again and ready', async () => {
    await page(serverStatus({ ...NOTES, state: 'ready' }));
    expect(screen.queryByRole('heading', { name: 'Last error' })).toBeNull();
    expect(screen.queryByText(/no longer accepts its refresh token/)).toBeNull();
  });

  it('shows while the service waits for the sign-in', async () => {
    await page(serverStatus({ ...NOTES, state: 'needs_auth' }));
    expect(screen.getByRole('heading', { name: 'Last error' })).toBeTruthy();
    expect(screen.getByText(/no longer accepts its refresh token/)).toBeTruthy();
  });
});
