// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

describe('Access: forgetting a service’s API key', () => {
  it('says the key was deleted and is revoked where it was issued, after its card is gone', async () => {
    const keyed = serverStatus({ name: 'keyed', transport: 'http', state: 'ready', auth: { connected: true, kind: 'api_key' } });
    let servers = [keyed];
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers }),
      disconnect: () => {
        servers = [{ ...keyed, state: 'stopped', auth: { connected: false, kind: 'api_key' } }];
        return { ...servers[0]!, forgotApiKey: true };
      },
    });
    renderApp(api, { hash: '#/access' });
    fireEvent.click(await screen.findByRole('button', { name: 'Forget the API key of keyed' }));
    const dialog = screen.getByRole('dialog', { name: 'Forget the API key of keyed' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forget the API key' }));
    await waitFor(() => expect(api.callsOf('disconnect')).toEqual([{ name: 'keyed', revoke: true }]));
    const credentials = screen.getByRole('region', { name: 'Credentials' });
    const told = await within(credentials).findByRole('status');
    expect(told.textContent).toContain('Disconnected keyed and deleted its API key from the vault (an API key cannot be revoked here: revoke it where it was issued).');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Forget the API key of keyed' })).toBeNull());
  });
});
