// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const NOW = Date.now();

const SERVERS: ServerStatus[] = [
  serverStatus({ name: 'alpha', state: 'ready', toolCount: 3, auth: { connected: true, kind: 'oauth' } }),
  serverStatus({ name: 'bravo', transport: 'http', url: 'https://mcp.linear.app/mcp', state: 'needs_auth', approval: 'not_needed', auth: { connected: false } }),
  serverStatus({ name: 'charlie', state: 'error', lastError: { code: 'server_unavailable', message: 'could not start "charlie": command not found: uvx. Install uv.' } }),
  serverStatus({ name: 'delta', enabled: false, state: 'stopped' }),
  serverStatus({ name: 'echo', state: 'idle', approval: 'pending', commandLine: 'npx -y @modelcontextprotocol/server-everything stdio --flag "a b"' }),
  serverStatus({ name: 'foxtrot', transport: 'http', url: 'https://example.com/mcp', approval: 'not_needed', auth: { connected: true, expiresAt: NOW - 60_000 } }),
];

function row(name: string): HTMLElement {
  return screen.getByRole('listitem', { name });
}

function statusWith(servers: ServerStatus[]) {
  return async () => ({ ...(await createFakeApi().status({})), servers });
}

describe('catalog', () => {
  it("names what a catalog entry was added as on its badge, whole on hover where the column cuts it", async () => {
    renderApp(createFakeApi({ status: statusWith(SERVERS) }), { hash: '#/services' });
    const linear = await screen.findByRole('listitem', { name: 'Linear' });
    const badge = within(linear).getByText('added as bravo');
    expect(badge.getAttribute('title')).toBe('added as bravo');
  });

  it('shows a busy skeleton, not an empty list, until the first status answers', async () => {
    let answer: (servers: ServerStatus[]) => void = () => undefined;
    const held = new Promise<ServerStatus[]>((resolve) => (answer = resolve));
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: await held }) }));
    const skeleton = await screen.findByRole('status', { name: 'Loading your services' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('region', { name: 'Your services' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(/No services yet/)).toBeNull();
    await act(async () => {
      answer(SERVERS);
      await held;
    });
    await screen.findByRole('link', { name: 'alpha' });
    expect(screen.queryByRole('status', { name: 'Loading your services' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Your services' }).getAttribute('aria-busy')).toBe('false');
  });

  it('shows a badge for each state, with the short error reason', async () => {
    renderApp(createFakeApi({ status: statusWith(SERVERS) }));
    await screen.findByRole('link', { name: 'alpha' });
    expect(within(row('alpha')).getByText('ready')).toBeTruthy();
    expect(within(row('bravo')).getByText('needs sign-in')).toBeTruthy();
    expect(within(row('charlie')).getByText('error: could not start "charlie": command not found: uvx')).toBeTruthy();
    expect(within(row('delta')).getByText('disabled')).toBeTruthy();
    expect(within(row('echo')).getByText('pending approval')).toBeTruthy();
    expect(within(row('alpha')).getByText('3 tools')).toBeTruthy();
    expect(within(row('bravo')).getByText('OAuth')).toBeTruthy();
    expect(within(row('foxtrot')).getByText(/token expired 1 min ago/)).toBeTruthy();
  });

  it('offers the buttons each state needs', async () => {
    renderApp(createFakeApi({ status: statusWith(SERVERS) }));
    await screen.findByRole('link', { name: 'alpha' });
    expect(within(row('alpha')).getByRole('button', { name: 'Disconnect alpha' })).toBeTruthy();
    expect(within(row('bravo')).getByRole('button', { name: 'Sign in to bravo' })).toBeTruthy();
    // A failed row's step is the bulk action's verb, and it is the only Restart on the row.
    expect(within(row('charlie')).getByRole('button', { name: 'Restart charlie' })).toBeTruthy();
    expect(within(row('charlie')).getAllByRole('button', { name: /Restart|Connect/ }).map((b) => b.textContent)).toEqual(['Restart']);
    expect(screen.getByRole('button', { name: /Restart all that failed/ })).toBeTruthy();
    expect(within(row('delta')).getByRole('button', { name: 'Enable delta' })).toBeTruthy();
    expect(within(row('delta')).queryByRole('button', { name: /Connect/ })).toBeNull();
    expect(within(row('echo')).getByRole('button', { name: 'Approve command for echo' })).toBeTruthy();
    expect(within(row('foxtrot')).getByRole('button', { name: 'Sign in again to foxtrot' })).toBeTruthy();
  });

  it('offers Start to a service the person stopped after it ran, which starts it through connect', async () => {
    const stopped = serverStatus({ name: 'paused', state: 'stopped', toolCount: 3, inventoryUpdatedAt: NOW - 1000 });
    const api = createFakeApi({ status: statusWith([stopped]), connect: ({ name }) => serverStatus({ name, state: 'ready', toolCount: 3 }) });
    renderApp(api);
    fireEvent.click(await within(await screen.findByRole('listitem', { name: 'paused' })).findByRole('button', { name: 'Start paused' }));
    await waitFor(() => expect(api.callsOf('connect')).toEqual([expect.objectContaining({ name: 'paused' })]));
  });

  it('offers Stop, not Disconnect, to a running service that holds no sign-in or key: it has none to forget', async () => {
    renderApp(createFakeApi({ status: statusWith([serverStatus({ name: 'plain', state: 'ready', toolCount: 3 })]) }));
    await screen.findByRole('link', { name: 'plain' });
    expect(within(row('plain')).getByRole('button', { name: 'Stop plain' })).toBeTruthy();
    expect(within(row('plain')).queryByRole('button', { name: 'Disconnect plain' })).toBeNull();
  });

  it('shows the exact command line before approving and approves through the API', async () => {
    const api = createFakeApi({ status: statusWith(SERVERS), approveServer: () => ({ ok: true }) });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve command for echo' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the command of echo' });
    expect(within(dialog).getByLabelText('Command line').textContent).toBe('npx -y @modelcontextprotocol/server-everything stdio --flag "a b"');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and allow it to run' }));
    await waitFor(() => expect(api.callsOf('approveServer')).toEqual([{ name: 'echo', commandLine: 'npx -y @modelcontextprotocol/server-everything stdio --flag "a b"' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('restarts, disables and shows a failure with its hint in the row', async () => {
    const api = createFakeApi({
      status: statusWith(SERVERS),
      restartServer: ({ name }) => {
        throw Object.assign(new Error(`could not start "${name}"`), { code: 'server_unavailable', hint: 'Install uv, then try again.' });
      },
      setServerEnabled: () => ({ ok: true }),
    });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Restart charlie' }));
    const alert = await within(row('charlie')).findByRole('alert');
    expect(alert.textContent).toContain('Install uv, then try again.');
    fireEvent.click(within(row('alpha')).getByRole('button', { name: 'Disable alpha' }));
    await waitFor(() => expect(api.callsOf('setServerEnabled')).toEqual([{ name: 'alpha', enabled: false }]));
  });

  it('asks before Disconnect forgets a sign-in, and revokes it at the issuer only when asked to', async () => {
    const api = createFakeApi({ status: statusWith(SERVERS), disconnect: ({ name }) => serverStatus({ name, state: 'needs_auth' }) });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect alpha' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect alpha' });
    expect(api.callsOf('disconnect')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsOf('disconnect')).toEqual([]);

    fireEvent.click(within(row('alpha')).getByRole('button', { name: 'Disconnect alpha' }));
    const again = screen.getByRole('dialog', { name: 'Disconnect alpha' });
    fireEvent.click(within(again).getByRole('checkbox', { name: /Also revoke it at the issuer/ }));
    fireEvent.click(within(again).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(api.callsOf('disconnect')).toEqual([{ name: 'alpha', revoke: true }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says what Disconnect does to a service signed in with a key: it stops, and the key stays unless deleted", async () => {
    const keyed = serverStatus({ name: 'keyed', transport: 'http', state: 'idle', auth: { connected: true, kind: 'api_key' } });
    renderApp(createFakeApi({ status: statusWith([keyed]) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect keyed' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect keyed' });
    expect(dialog.textContent).toContain('keyed is stopped: agents cannot use it until you connect it again. Its API key stays in the vault unless you delete it below.');
    expect(dialog.textContent).not.toContain('sign in again');
    expect(within(dialog).getByRole('checkbox', { name: /Also delete its API key from the vault/ })).toBeTruthy();
  });

  it('updates a row from a serverState event, without polling', async () => {
    const api = createFakeApi({ status: statusWith(SERVERS) });
    renderApp(api);
    await screen.findByRole('link', { name: 'charlie' });
    const statusCalls = api.callsOf('status').length;
    act(() => api.emit('serverState', serverStatus({ name: 'charlie', state: 'ready', toolCount: 7 })));
    expect(within(row('charlie')).getByText('ready')).toBeTruthy();
    expect(within(row('charlie')).getByText('7 tools')).toBeTruthy();
    expect(api.callsOf('status').length).toBe(statusCalls);
  });

  it('searches names and tool names, and filters by state', async () => {
    const api = createFakeApi({
      status: statusWith(SERVERS),
      listTools: () => [{ server: 'alpha', name: 'create_issue', inputSchema: { type: 'object' } }],
    });
    renderApp(api);
    await screen.findByRole('link', { name: 'alpha' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search services and tools' }), { target: { value: 'create_iss' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'bravo' })).toBeNull());
    expect(screen.getByRole('link', { name: 'alpha' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search services and tools' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Show services in state' }), { target: { value: 'error' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'alpha' })).toBeNull());
    expect(screen.getByRole('link', { name: 'charlie' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Catalog' })).toBeNull();
  });
});

describe('catalog search keeps rows mounted', () => {
  it('hides and shows the same row nodes instead of building them anew at each keystroke', async () => {
    renderApp(createFakeApi({ status: statusWith(SERVERS) }));
    await screen.findByRole('link', { name: 'alpha' });
    const search = screen.getByRole('searchbox', { name: 'Search services and tools' });
    const alpha = row('alpha');
    const entry = screen.getAllByRole('listitem').find((li) => li.classList.contains('entry'));
    expect(entry).toBeDefined();
    fireEvent.change(search, { target: { value: 'no service or entry holds this' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'alpha' })).toBeNull());
    expect(screen.queryByRole('list', { name: 'Catalog' })).toBeNull();
    expect(alpha.isConnected && alpha.hidden).toBe(true);
    expect(entry?.isConnected && entry.hidden).toBe(true);
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(row('alpha')).toBe(alpha));
    expect(alpha.hidden).toBe(false);
    expect(screen.getAllByRole('listitem').find((li) => li.classList.contains('entry'))).toBe(entry);
  });
});
