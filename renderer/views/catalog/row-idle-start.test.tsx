// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

function apiWith(server: ServerStatus) {
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [server] }),
    connect: ({ name }) => serverStatus({ name, state: 'ready', toolCount: 3 }),
  });
}

describe('a Services row of a service the pool stopped for being unused', () => {
  it('offers Start, not only Disable, and Start starts it through connect', async () => {
    const api = apiWith(serverStatus({ name: 'rested', state: 'idle', toolCount: 3, inventoryUpdatedAt: Date.now() - 60_000 }));
    renderApp(api);
    const row = await screen.findByRole('listitem', { name: 'rested' });
    const start = await within(row).findByRole('button', { name: 'Start rested' });
    // Nothing is wrong with it: Start is there, but does not lead.
    expect(start.classList.contains('primary')).toBe(false);
    fireEvent.click(start);
    await waitFor(() => expect(api.callsOf('connect')).toEqual([expect.objectContaining({ name: 'rested' })]));
  });
});
