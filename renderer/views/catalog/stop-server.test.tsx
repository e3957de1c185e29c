// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

function apiWith(servers: ServerStatus[]) {
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers }),
    stopServer: ({ name }) => serverStatus({ name, state: 'stopped' }),
  });
}

describe('Stop: a running service can be stopped from its row and its page', () => {
  it('offers Stop on the row of a running service only, and stops it there', async () => {
    const api = apiWith([serverStatus({ name: 'files', state: 'ready' }), serverStatus({ name: 'notes', state: 'idle' })]);
    renderApp(api);
    const row = await screen.findByRole('listitem', { name: 'files' });
    expect(within(screen.getByRole('listitem', { name: 'notes' })).queryByRole('button', { name: 'Stop notes' })).toBeNull();
    const stop = within(row).getByRole('button', { name: 'Stop files' });
    stop.focus();
    fireEvent.click(stop);
    await waitFor(() => expect(api.callsOf('stopServer')).toEqual([{ name: 'files' }]));
    // The stopped status it answered replaces the row's: nothing is left to stop.
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'files' })).queryByRole('button', { name: 'Stop files' })).toBeNull());
    // The pressed button is gone: focus stays with the service, not on the page.
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'files' }).contains(document.activeElement)).toBe(true));
  });

  it('offers Stop on the page of a running service', async () => {
    const api = apiWith([serverStatus({ name: 'files', state: 'ready' })]);
    renderApp(api, { hash: '#/services/files' });
    const stop = await screen.findByRole('button', { name: 'Stop files' });
    stop.focus();
    fireEvent.click(stop);
    await waitFor(() => expect(api.callsOf('stopServer')).toEqual([{ name: 'files' }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop files' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.closest('.row-actions')).not.toBeNull());
    expect(document.activeElement?.tagName).toBe('BUTTON');
  });
});
