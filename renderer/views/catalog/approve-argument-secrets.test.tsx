// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const LINE = "notes-mcp --api-key '${secret:NOTES_KEY}'  # ${secret:NOTES_KEY} in its arguments, which every account on this computer can read";

function withServer(status: ServerStatus) {
  return createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [status] }), approveServer: () => ({ ok: true }) });
}

describe('approving a command that puts a vault secret in its arguments', () => {
  it('says, where the person decides, that every account can read it and what to do instead, then approves exactly the line shown', async () => {
    const api = withServer(serverStatus({ name: 'notes', transport: 'stdio', state: 'idle', approval: 'pending', commandLine: LINE, argumentSecrets: ['${secret:NOTES_KEY}'] }));
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve command for notes' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the command of notes' });
    const warning = within(dialog).getByRole('note', { name: 'Secrets in the command line' });
    expect(warning.textContent).toContain('${secret:NOTES_KEY} goes into this command line, which every account on this computer can read');
    expect(warning.textContent).toContain('edit notes to pass it there instead');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and allow it to run' }));
    await waitFor(() => expect(api.callsOf('approveServer')).toEqual([{ name: 'notes', commandLine: LINE }]));
  });

  it('says nothing of the kind for a command whose secrets stay in its environment', async () => {
    renderApp(withServer(serverStatus({ name: 'notes', transport: 'stdio', state: 'idle', approval: 'pending', commandLine: "NOTES_KEY='${secret:NOTES_KEY}' notes-mcp" })));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve command for notes' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the command of notes' });
    expect(within(dialog).queryByRole('note', { name: 'Secrets in the command line' })).toBeNull();
  });
});
