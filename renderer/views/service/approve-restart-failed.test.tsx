// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const REMOTE = { type: 'http' as const, url: 'https://api.example.com/mcp', auth: { type: 'api_key' as const } };
const LINE = 'https://api.example.org/mcp  # sends ${secret:remote_key} in header Authorization';

// Edit → the new address waits for approval → Approve and restart: the approval is given even when
// the start then fails. The dialog said the service "waits for your approval again" beside the start's
// error, offering to approve once more what was already approved.
describe('approving a changed service whose restart then fails', () => {
  it('closes the approval (it was given) and shows why the service did not start on its page', async () => {
    const remote = serverStatus({ name: 'remote', transport: 'http' });
    const pending = serverStatus({ name: 'remote', transport: 'http', approval: 'pending', commandLine: LINE });
    const failed = serverStatus({ name: 'remote', transport: 'http', state: 'error', lastError: { code: 'server_unavailable', message: 'could not reach "remote" at https://api.example.org/mcp (ECONNREFUSED): nothing answers there' } });
    let current = remote;
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [current] }),
      serverConfig: () => ({ name: 'remote', config: REMOTE }),
      updateServer: () => (current = pending),
      approveServer: () => ({ ok: true }),
      restartServer: () => {
        current = failed;
        throw Object.assign(new Error('could not reach "remote" at https://api.example.org/mcp (ECONNREFUSED): nothing answers there'), { code: 'server_unavailable' });
      },
    });
    renderApp(api, { hash: '#/services/remote' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit remote' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit remote' });
    await within(edit).findByRole('group', { name: 'Settings of remote' });
    fireEvent.change(within(edit).getByLabelText(/^URL/), { target: { value: 'https://api.example.org/mcp' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
    await within(edit).findByRole('heading', { name: 'Changes to remote' });
    fireEvent.click(within(edit).getByRole('button', { name: /^Save/ }));
    const approval = await screen.findByRole('dialog', { name: 'Approve where remote sends its secrets' });
    fireEvent.click(within(approval).getByRole('button', { name: 'Approve and restart' }));
    await waitFor(() => expect(api.callsOf('restartServer')).toEqual([{ name: 'remote' }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve where remote sends its secrets' })).toBeNull());
    expect(api.callsOf('approveServer')).toEqual([{ name: 'remote', commandLine: LINE }]);
    expect((await screen.findAllByText(/nothing answers there/)).length).toBeGreaterThan(0);
  });
});
