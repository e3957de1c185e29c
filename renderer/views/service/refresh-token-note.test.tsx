// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

describe('a program given its refresh token', () => {
  it('says on its page that the refresh token leaves the vault', async () => {
    const api = createFakeApi({
      status: async () => ({
        ...(await createFakeApi().status({})),
        servers: [serverStatus({ name: 'drive', transport: 'stdio', state: 'ready', auth: { connected: true, refreshTokenShared: true } })],
      }),
    });
    renderApp(api, { hash: '#/services/drive' });
    expect(await screen.findByText(/leaves the vault: its credential file/)).toBeTruthy();
  });
});
