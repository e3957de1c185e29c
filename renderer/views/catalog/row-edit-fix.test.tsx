// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { FIX_IN_ENTRY } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const UNRESOLVED = {
  code: 'server_unavailable' as const,
  message: 'Could not resolve notes.example.com for https://notes.example.com/mcp (ENOTFOUND): its host name does not resolve.',
  hint: 'Check the host name in the URL, and the network, then try again.',
  data: { ...FIX_IN_ENTRY },
};
const failed = (lastError: ServerStatus['lastError']) => serverStatus({ name: 'notes', transport: 'http', url: 'https://notes.example.com/mcp', state: 'error', lastError });

function apiWith(servers: () => ServerStatus[]) {
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: servers() }),
    serverConfig: () => ({ name: 'notes', config: { type: 'http' as const, url: 'https://notes.example.com/mcp' } }),
  });
}

const row = async (name: string) => {
  const link = await screen.findByRole('link', { name });
  return link.closest('li') as HTMLElement;
};

describe("a Services row whose error is about the service's own entry", () => {
  it('offers Edit, which opens the same edit form as the service page', async () => {
    renderApp(apiWith(() => [failed(UNRESOLVED)]));
    fireEvent.click(within(await row('notes')).getByRole('button', { name: 'Edit notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit notes' });
    await waitFor(() => expect(within(dialog).getByDisplayValue('https://notes.example.com/mcp')).toBeTruthy());
  });

  it('makes Edit the primary action, before Restart, and opens the form on the URL', async () => {
    renderApp(apiWith(() => [failed(UNRESOLVED)]));
    const shown = await row('notes');
    const edit = within(shown).getByRole<HTMLButtonElement>('button', { name: 'Edit notes' });
    const restart = within(shown).getByRole<HTMLButtonElement>('button', { name: 'Restart notes' });
    expect(edit.classList.contains('primary')).toBe(true);
    expect(restart.classList.contains('primary')).toBe(false);
    expect(edit.compareDocumentPosition(restart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit notes' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^URL/)));
  });

  it("opens the form on the Command when a program's command was not found", async () => {
    const missing = { code: 'server_unavailable' as const, message: 'could not start "notes": `notes-mcp` was not found', hint: 'check the command', data: { ...FIX_IN_ENTRY } };
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes', transport: 'stdio', state: 'error', lastError: missing })] }),
      serverConfig: () => ({ name: 'notes', config: { command: 'notes-mcp', args: ['--stdio'] } }),
    });
    renderApp(api);
    fireEvent.click(within(await row('notes')).getByRole('button', { name: 'Edit notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit notes' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Command/)));
  });

  it('opens the form on the Folder when the working folder is missing, and on the argument a refused one names', async () => {
    const stdio = (lastError: ServerStatus['lastError']) =>
      createFakeApi({
        status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes', transport: 'stdio', state: 'error', lastError })] }),
        serverConfig: () => ({ name: 'notes', config: { command: 'notes-mcp', args: ['--stdio', '--home=%HOME%'], cwd: '/gone' } }),
      });
    const noFolder = { code: 'server_unavailable' as const, message: 'could not start "notes": its working directory /gone does not exist', data: { ...FIX_IN_ENTRY, field: 'cwd' } };
    renderApp(stdio(noFolder));
    fireEvent.click(within(await row('notes')).getByRole('button', { name: 'Edit notes' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit notes' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Folder/)));
    cleanup();

    const percent = { code: 'server_unavailable' as const, message: 'could not start "notes": its args[1] holds "%"', data: { ...FIX_IN_ENTRY, field: 'args', index: 1 } };
    renderApp(stdio(percent));
    fireEvent.click(within(await row('notes')).getByRole('button', { name: 'Edit notes' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit notes' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByDisplayValue('--home=%HOME%')));
  });

  it('offers no Edit when the error is not about the entry', async () => {
    renderApp(apiWith(() => [failed({ code: 'server_unavailable', message: '"notes" answered HTTP 502', hint: 'is the server running at https://notes.example.com/mcp?' })]));
    const shown = await row('notes');
    expect(within(shown).getByRole('button', { name: 'Restart notes' })).toBeTruthy();
    expect(within(shown).queryByRole('button', { name: 'Edit notes' })).toBeNull();
  });
});

describe('the "Added" note of a new custom service', () => {
  it('goes once its first start fails', async () => {
    let servers: ServerStatus[] = [];
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers }),
      addServer: (input) => {
        servers = [serverStatus({ name: input.name, transport: 'http', url: 'https://notes.example.com/mcp', state: 'idle' })];
        return { ok: true };
      },
    });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'notes' } });
    fireEvent.click(within(dialog).getByLabelText('A remote service at a URL (Streamable HTTP)'));
    fireEvent.change(await within(dialog).findByLabelText(/^URL/), { target: { value: 'https://notes.example.com/mcp' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await screen.findByText(/^Added notes\./);
    act(() => api.emit('serverState', failed(UNRESOLVED)));
    await waitFor(() => expect(screen.queryByText(/^Added notes\./)).toBeNull());
  });
});
