// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const REFUSED = { code: 'auth_required' as const, message: 'The client ID or client secret of "ci" was refused: The authorization server answered invalid_client.' };

async function page(server: ServerStatus): Promise<void> {
  const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [server] }) });
  renderApp(api, { hash: `#/services/${server.name}` });
  await screen.findByRole('heading', { name: 'Sign-in' });
}

describe('the Sign-in panel of a client-credentials service', () => {
  it('offers no browser or code sign-in, and a refused secret names Replace and Edit', async () => {
    await page(serverStatus({ name: 'ci', transport: 'http', url: 'https://ci.example/mcp', approval: 'not_needed', state: 'needs_auth', lastError: REFUSED, auth: { connected: false, kind: 'client_credentials' } }));
    const panel = screen.getByRole('region', { name: 'Sign-in' });
    expect(within(panel).queryByRole('button', { name: 'Sign in with the browser' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Sign in with a code' })).toBeNull();
    const lastError = screen.getByRole('region', { name: 'Last error' });
    expect(within(lastError).getByText(/Replace its client secret with “Replace” under Access, or correct the client ID with “Edit”\./)).toBeTruthy();
    expect(within(lastError).queryByText(/Sign in with the browser/)).toBeNull();
    // The header's next step: Restart (after the secret is replaced), beside Edit; never a sign-in.
    expect(screen.queryByRole('button', { name: 'Sign in to ci' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in again to ci' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restart ci' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit ci' })).toBeTruthy();
  });

  it('still offers both sign-ins to a service a person signs in to', async () => {
    await page(serverStatus({ name: 'notes', transport: 'http', url: 'https://notes.example/mcp', approval: 'not_needed', state: 'needs_auth', lastError: { code: 'auth_required', message: 'needs a sign-in' }, auth: { connected: false, kind: 'oauth' } }));
    const panel = screen.getByRole('region', { name: 'Sign-in' });
    expect(within(panel).getByRole('button', { name: 'Sign in with the browser' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Sign in with a code' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Last error' })).getByText(/Sign in with “Sign in with the browser” or “Sign in with a code” under Sign-in\./)).toBeTruthy();
  });
});
