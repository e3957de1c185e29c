// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus, type FakeHandlers } from '../../../test/support/renderer';

afterEach(cleanup);

const LINE = 'npx -y @modelcontextprotocol/server-everything stdio';

function apiWithAdds(handlers: FakeHandlers = {}) {
  const added: Array<ApiInput<'addServer'>> = [];
  const api = createFakeApi({
    ...handlers,
    // The catalog's one step: a dry run says what is approved, then one call does it all.
    addService: (input) => {
      if (input.dryRun === true) return { commandLine: LINE, needsApproval: true, steps: [] };
      added.push({ name: input.name, config: input.config });
      return { commandLine: LINE, needsApproval: true, steps: [], status: serverStatus({ name: input.name, state: 'ready', toolCount: 3 }) };
    },
    status: async () => ({
      ...(await createFakeApi().status({})),
      servers: [serverStatus({ name: 'everything' }), ...added.map((a) => serverStatus({ name: a.name, approval: 'pending', state: 'idle' }))],
    }),
    addServer: (input) => {
      added.push(input);
      return { ok: true };
    },
    setSecret: () => ({ ok: true }),
    deleteSecret: () => ({ deleted: true }),
  });
  return { api, added };
}

function field(dialog: HTMLElement, label: RegExp): HTMLInputElement {
  return within(dialog).getByLabelText<HTMLInputElement>(label);
}

describe('adding a service from the catalog (rjsf form)', () => {
  it('suggests a free name, shows the exact line, and adds, approves and connects it in one call', async () => {
    const { api } = apiWithAdds();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Everything (reference)' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Everything (reference)' });
    expect(field(dialog, /^Name/).value).toBe('everything-2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect everything-2' });
    expect((await within(sheet).findByRole('group', { name: 'What you approve' })).textContent).toBe(LINE);
    const consent = within(sheet).getByRole('button', { name: 'Approve and connect' });
    consent.focus();
    fireEvent.click(consent);
    await waitFor(() => expect(api.callsOf('addService')).toHaveLength(2));
    // The consent button is gone: keyboard focus follows the steps, not the page.
    await waitFor(() => expect(document.activeElement).toBe(within(sheet).getByRole('list', { name: 'Steps to connect everything-2' })));
    expect(api.callsOf('addService')[1]).toEqual({
      name: 'everything-2',
      config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything', 'stdio'], description: expect.any(String) as unknown },
      approve: { commandLine: LINE },
    });
    expect(api.callsOf('addServer')).toHaveLength(0);
    expect((await within(sheet).findByRole('status')).textContent).toContain('everything-2 is connected with 3 tools');
    expect(within(sheet).getByRole('link', { name: 'Open everything-2' })).toBeTruthy();
  });

  it('refuses a taken name and a missing required input without calling the core', async () => {
    const { api } = apiWithAdds();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Filesystem (reference)' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Filesystem (reference)' });
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'everything' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/already exists/)).toBeTruthy();
    expect(within(dialog).getByText('Required.')).toBeTruthy();
    expect(api.callsOf('addService')).toHaveLength(0);
  });

  it('stores an API key in the vault and writes only a reference into the config', async () => {
    const { api } = apiWithAdds();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add GitHub' }));
    const dialog = screen.getByRole('dialog', { name: 'Add GitHub' });
    const key = field(dialog, /^Personal access token/);
    expect(key.type).toBe('password');
    fireEvent.change(key, { target: { value: 'ghp_topsecret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect github' });
    expect(within(sheet).getByText(/goes into the vault, for github only: API_KEY/)).toBeTruthy();
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Approve where it sends secrets and connect' }));
    await waitFor(() => expect(api.callsOf('addService')).toHaveLength(2));
    const call = api.callsOf('addService')[1];
    expect(call?.secrets).toEqual([{ name: 'API_KEY', value: 'ghp_topsecret' }]);
    expect(JSON.stringify(call?.config)).not.toContain('ghp_topsecret');
    expect(call?.config).toMatchObject({ auth: { type: 'api_key', key: '${secret:API_KEY}' } });
  });
});

describe('adding a catalog entry with a secret already in the vault', () => {
  it('chooses it instead of typing the value again: the config refers to it, and nothing new is stored', async () => {
    const { api } = apiWithAdds({ listSecrets: () => [{ name: 'GITHUB_PAT' }, { name: 'OTHER_ONE', server: 'elsewhere' }] });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add GitHub' }));
    const dialog = screen.getByRole('dialog', { name: 'Add GitHub' });
    const choice = await within(dialog).findByLabelText<HTMLSelectElement>(/^Or a secret already in the vault/);
    // Only the secrets every service may use: one kept for another service is not offered.
    expect([...choice.options].map((o) => o.textContent)).toEqual(['none: use the value above', 'GITHUB_PAT']);
    // Neither given: said at the field, nothing planned.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Fill in Personal access token, or choose a secret already in the vault below.')).toBeTruthy();
    fireEvent.change(choice, { target: { value: choice.options[1]?.value } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect github' });
    fireEvent.click(await within(sheet).findByRole('button', { name: /connect$/ }));
    await waitFor(() => expect(api.callsOf('addService')).toHaveLength(2));
    const call = api.callsOf('addService')[1];
    expect(call?.secrets ?? []).toEqual([]);
    expect(call?.config).toMatchObject({ auth: { type: 'api_key', key: '${secret:GITHUB_PAT}' } });
  });
});

describe('adding a program that reads a key file', () => {
  it('takes the file in a multi-line field, keeps it whole in the vault and hands it over as ${secretFile:…}', async () => {
    const { api } = apiWithAdds();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Google Analytics (local)' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Google Analytics (local)' });
    const file = within(dialog).getByLabelText<HTMLTextAreaElement>(/^Credentials file/);
    expect(file.tagName).toBe('TEXTAREA');
    expect(within(dialog).getByText(/provide-credentials-adc/)).toBeTruthy();
    const key = '{\n  "type": "service_account",\n  "private_key": "k-sentinel"\n}\n';
    fireEvent.change(file, { target: { value: key } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect google-analytics' });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Approve and connect' }));
    await waitFor(() => expect(api.callsOf('addService')).toHaveLength(2));
    const call = api.callsOf('addService')[1];
    expect(call?.secrets).toEqual([{ name: 'GOOGLE_CREDENTIALS', value: key }]);
    expect(call?.config).toMatchObject({ env: { GOOGLE_APPLICATION_CREDENTIALS: '${secretFile:GOOGLE_CREDENTIALS}' } });
    expect(JSON.stringify(call?.config)).not.toContain('k-sentinel');
  });
});

describe('adding a custom service (rjsf form)', () => {
  it('adds a stdio command with a secret environment variable kept in the vault', async () => {
    const { api } = apiWithAdds();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'mine' } });
    fireEvent.change(field(dialog, /^Command/), { target: { value: 'uvx' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item to Arguments' }));
    // The new item's field takes the focus, where the person types next.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Argument/)));
    fireEvent.change(within(dialog).getByLabelText(/^Argument/), { target: { value: 'my-mcp-server' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item to Environment variables' }));
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getAllByLabelText(/^Name/).at(-1)));
    const env = within(dialog).getAllByRole('group', { name: /Environment variables/ })[0] as HTMLElement;
    // Each item is named for what it is, not "Environment variables-1".
    expect(within(env).queryByText(/Environment variables-1/)).toBeNull();
    expect(within(env).getByText('Variable')).toBeTruthy();
    fireEvent.change(within(env).getAllByLabelText(/^Name/)[0] as HTMLElement, { target: { value: 'TOKEN' } });
    fireEvent.change(within(env).getByLabelText(/^Value/), { target: { value: 's3cret' } });
    fireEvent.click(within(env).getByLabelText(/Keep in the vault/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await waitFor(() => expect(api.callsOf('addServer')).toHaveLength(1));
    expect(api.callsOf('setSecret')).toEqual([{ name: 'TOKEN', server: 'mine', value: 's3cret' }]);
    expect(api.callsOf('addServer')[0]).toEqual({ name: 'mine', config: { command: 'uvx', args: ['my-mcp-server'], env: { TOKEN: '${secret:TOKEN}' } } });
  });

  it('switches to URL fields and their auth options', async () => {
    const { api } = apiWithAdds();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'remote' } });
    fireEvent.click(within(dialog).getByLabelText('A remote service at a URL (Streamable HTTP)'));
    fireEvent.change(await within(dialog).findByLabelText(/^URL/), { target: { value: 'https://example.com/mcp' } });
    fireEvent.change(within(dialog).getByLabelText(/^Sign-in/), { target: { value: '1' } });
    fireEvent.change(await within(dialog).findByLabelText(/^Scopes/), { target: { value: 'read write' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await waitFor(() => expect(api.callsOf('addServer')).toHaveLength(1));
    expect(api.callsOf('addServer')[0]).toEqual({
      name: 'remote',
      config: { type: 'http', url: 'https://example.com/mcp', auth: { type: 'oauth', scopes: ['read', 'write'] } },
    });
  });

  it('warns that plain http to another computer is not encrypted, and says nothing for https or this computer', async () => {
    const { api } = apiWithAdds();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    fireEvent.click(within(dialog).getByLabelText('A remote service at a URL (Streamable HTTP)'));
    const url = await within(dialog).findByLabelText(/^URL/);
    fireEvent.change(url, { target: { value: 'http://notes.example.com/mcp' } });
    const note = await within(dialog).findByRole('note', { name: 'Not encrypted' });
    expect(note.textContent).toContain('http://notes.example.com is not encrypted (http): the tokens and secrets sent to it would travel in clear');
    expect(note.textContent).toContain('Use https://');
    for (const quiet of ['https://notes.example.com/mcp', 'http://127.0.0.1:8080/mcp', 'http://localhost:3000/mcp']) {
      fireEvent.change(url, { target: { value: quiet } });
      await waitFor(() => expect(within(dialog).queryByRole('note', { name: 'Not encrypted' })).toBeNull());
    }
  });

  it('warns that an address on a port fetch blocks can never be reached, and says nothing once the port changes', async () => {
    const { api } = apiWithAdds();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    fireEvent.click(within(dialog).getByLabelText('A remote service at a URL (Streamable HTTP)'));
    const url = await within(dialog).findByLabelText(/^URL/);
    fireEvent.change(url, { target: { value: 'http://127.0.0.1:6000/mcp' } });
    const note = await within(dialog).findByRole('note', { name: 'Port never reached' });
    expect(note.textContent).toContain('port 6000 of http://127.0.0.1:6000 is one fetch never connects to');
    expect(within(dialog).queryByRole('note', { name: 'Not encrypted' })).toBeNull();
    fireEvent.change(url, { target: { value: 'http://127.0.0.1:6001/mcp' } });
    await waitFor(() => expect(within(dialog).queryByRole('note', { name: 'Port never reached' })).toBeNull());
  });

  it('says what the core undid when a step fails, and offers to try again', async () => {
    const api = createFakeApi({
      addService: (input) => {
        if (input.dryRun === true) return { needsApproval: false, steps: [] };
        throw Object.assign(new Error('Sign-in to "linear" was cancelled. Nothing was kept: the entry "linear" removed.'), { code: 'denied' });
      },
    });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Linear' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Add Linear' })).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect linear' });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Connect' }));
    expect((await within(sheet).findByRole('alert')).textContent).toContain('Nothing was kept');
    expect(within(sheet).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(api.callsOf('addService')[1]).toMatchObject({ name: 'linear', config: { type: 'http', auth: { type: 'oauth' } } });
  });

  it('marks the step that failed when adding worked and connecting did not, with the failure\'s own words', async () => {
    const own = '"linear" did not start: could not reach "linear" at https://mcp.linear.app/mcp (ENOTFOUND).';
    const api = createFakeApi({
      addService: (input) => {
        if (input.dryRun === true) return { needsApproval: false, steps: [] };
        throw new CodedError('server_unavailable', `${own} Nothing was kept: the entry "linear" removed.`, {
          hint: 'Fix what the message names, then add it again (the catalog, or `servers add … --connect`).',
          data: { undone: true, steps: ['secrets', 'add', 'approve'], failed: { step: 'connect', message: own, hint: 'Is the server running at https://mcp.linear.app/mcp?' } },
        });
      },
    });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Linear' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Add Linear' })).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect linear' });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Connect' }));
    await within(sheet).findByRole('alert');
    const step = (id: string) => sheet.querySelector(`[data-step="${id}"]`);
    expect(step('add')?.getAttribute('data-state')).toBe('undone');
    expect(step('start')?.getAttribute('data-state')).toBe('failed');
    expect(step('start')?.textContent).toContain(`${own} Is the service running at https://mcp.linear.app/mcp?`);
    expect(sheet.querySelectorAll('[data-state="failed"]')).toHaveLength(1);
    // Said once: the note under the steps keeps what the core added and its advice for the whole.
    const note = within(sheet).getByRole('alert');
    expect(note.textContent).toBe('Nothing was kept: the entry "linear" removed.Fix what the message names, then add it again (the catalog, or servers add … --connect).');
    expect(sheet.textContent?.split(own)).toHaveLength(2);
  });
});

describe('a service that printed something before it failed to start', () => {
  it('shows what it printed under the steps (its entry and logs are gone), and the advice with its command as code', async () => {
    const own = '"linear" exited with code 3 while starting: boom.';
    const api = createFakeApi({
      addService: (input) => {
        if (input.dryRun === true) return { needsApproval: false, steps: [] };
        throw new CodedError('server_unavailable', `${own} Nothing was kept: the entry "linear" removed.`, {
          hint: 'Fix what the message names, then add it again.',
          data: { undone: true, steps: ['add'], failed: { step: 'connect', message: own, hint: "Check the server's output below; run `connected-services doctor`.", output: 'starting\nboom: cannot open /tmp/nope\n' } },
        });
      },
    });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Linear' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Add Linear' })).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect linear' });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Connect' }));
    const printed = await within(sheet).findByRole('group', { name: 'What linear printed' });
    expect(printed.textContent).toBe('starting\nboom: cannot open /tmp/nope\n');
    const failedStep = sheet.querySelector('[data-step="start"]');
    expect(failedStep?.querySelector('code')?.textContent).toBe('connected-services doctor');
  });
});
