// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry, PendingApproval, RegistryRow, StoreReferenceView } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../test/support/renderer';

afterEach(cleanup);

// Text from the core that quotes a command in backticks shows it as code, never with its backticks,
// wherever the screens put it; a server's hidden characters in it show as escapes.

function codeIn(element: Element): string[] {
  return [...element.querySelectorAll('code')].map((c) => c.textContent ?? '');
}

function expectCode(element: Element, code: string[]): void {
  expect(element.textContent).not.toContain('`');
  expect(codeIn(element)).toEqual(code);
}

const BASE = 'https://registry.example';
const ROW: RegistryRow = {
  registry: BASE,
  name: 'io.example/weather',
  title: 'Weather',
  description: 'Forecasts',
  version: '1.2.3',
  status: 'active',
  packages: [{ registryType: 'npm', identifier: '@example/weather' }],
  remotes: [],
};
const registryState = (extra: object = {}) => ({ base: BASE, entries: 1, syncedAt: Date.now(), fullSyncAt: Date.now(), skipped: { invalid: 0, hostile: 0 }, ...extra });

describe('core text quoted in backticks, set as code', () => {
  it("in the MCP Registry's refresh failure", async () => {
    const failure = { at: Date.now(), message: 'fetch failed: run `connected-services doctor`' };
    renderApp(createFakeApi({ registryCatalog: () => ({ registries: [registryState({ lastFailure: failure })], entries: [ROW] }) }));
    const section = await screen.findByRole('region', { name: 'From the MCP Registry' });
    const line = section.querySelector('.registry-failure');
    if (!line) throw new Error('no failure line');
    expectCode(line, ['connected-services doctor']);
    expect(line.textContent).toContain('the last refresh failed: fetch failed: run connected-services doctor. Showing the snapshot it had.');
  });

  it("in mcp.json's problems on the Services screen, the server's name with its hidden characters as escapes", async () => {
    const issues = [{ file: 'mcp.json', server: 'bad\u202Ename', field: 'command', message: 'is empty: write the program, as in `npx -y pkg`' }];
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), configIssues: issues }) }));
    const note = (await screen.findByText(/mcp.json has 1 problem/)).closest('.note');
    if (!note) throw new Error('no problems note');
    // The field is named by the form's label, as Edit shows it.
    expectCode(note, ['npx -y pkg']);
    expect(note.textContent).toContain('Command is empty');
    expect(note.querySelector('strong')?.textContent).toBe('bad\\u202ename: ');
  });

  it("in a registry entry's install option the core cannot offer", async () => {
    const options = { name: ROW.name, version: ROW.version, options: [{ choice: { package: 0 }, label: 'npm @example/weather 1.2.3', digest: 'a'.repeat(64), inputs: [], problem: 'needs `uvx`, which is not installed' }] };
    renderApp(createFakeApi({ registryCatalog: () => ({ registries: [registryState()], entries: [ROW] }), registryInstallOptions: () => options }));
    fireEvent.click(await screen.findByRole('button', { name: 'Install Weather' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Weather' });
    const choice = (await within(dialog).findByRole('radio')).closest('label');
    if (!choice) throw new Error('no choice');
    expectCode(choice, ['npm @example/weather 1.2.3', 'uvx']);
  });

  it("in a browser sign-in's failure on the server's row", async () => {
    const notes = serverStatus({ name: 'notes', transport: 'http', url: 'https://notes.example.com/mcp', state: 'idle', auth: { connected: false, kind: 'oauth' } });
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [notes] }) });
    renderApp(api);
    await screen.findByRole('button', { name: 'Sign in to notes' });
    act(() => api.emit('signIn', { server: 'notes', flow: 'browser', state: 'failed', startedAt: Date.now(), message: 'the issuer answered `invalid_client`' }));
    const note = document.querySelector('[data-sign-in-state="failed"] p');
    if (!note) throw new Error('no sign-in note');
    expectCode(note, ['invalid_client']);
    expect(note.textContent).toBe('The sign-in to notes failed: the issuer answered invalid_client');
  });

  it("in a device login's outcome", () => {
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'linear', transport: 'http', state: 'needs_auth' })] }) });
    renderApp(api, { hash: '#/login/linear' });
    act(() => api.emit('deviceLogin', { server: 'linear', state: 'failed', message: 'the server answered `slow_down` too often' }));
    const outcome = document.querySelector('[data-login-state="failed"]');
    if (!outcome) throw new Error('no outcome');
    expectCode(outcome, ['slow_down']);
  });

  it("in the bridge's failure to start, on Agents", async () => {
    renderApp(createFakeApi({ bridgeInfo: () => ({ running: false, paused: false, url: 'http://127.0.0.1:47781/mcp', error: 'port 47781 is taken: start with `--bridge-port N`.' }) }), { hash: '#/agents' });
    const line = (await screen.findByText(/The bridge is not running/)).closest('span');
    if (!line) throw new Error('no bridge line');
    expectCode(line, ['--bridge-port N']);
    expect(line.textContent).toBe('The bridge is not running: port 47781 is taken: start with --bridge-port N.');
  });

  it("in a secret store entry's guidance, its last failure and its fix, on Access", async () => {
    const entry: StoreReferenceView = {
      store: 'pass', type: 'pass', path: 'work/token', reference: '${secret:pass:work/token}', uses: [{ server: 'github', field: 'env.TOKEN' }],
      canReveal: false, canReplace: false, guidance: 'Change it with `pass edit work/token` (or Replace here), then Test.',
      lastUse: { at: Date.now(), ok: false, problem: '`gpg` could not decrypt it', fix: 'Run `gpg --card-status`, then Test.' },
    };
    renderApp(createFakeApi({ listStoreReferences: () => [entry] }), { hash: '#/access' });
    const card = (await screen.findByRole('button', { name: 'Test pass:work/token' })).closest('li');
    if (!card) throw new Error('no card');
    expectCode(card, ['${secret:pass:work/token}', 'gpg', 'gpg --card-status', 'pass edit work/token']);
  });

  it("in a held call's warning, in the audit log and on Activity", async () => {
    const warning = 'its arguments hold the value of `GITHUB\u200BTOKEN`';
    const entry: AuditEntry = { time: Date.now(), agent: 'claude', server: 'github', kind: 'tool', tool: 'create_issue', durationMs: 5, outcome: 'denied', warning };
    const call: PendingApproval = { id: 'a-1', agent: 'claude', server: 'github', kind: 'tool', tool: 'create_issue', tier: 'write', requestedAt: Date.now(), expiresAt: Date.now() + 60_000, warning };
    renderApp(createFakeApi({ readAudit: () => [entry], listApprovals: () => [call] }), { hash: '#/activity' });
    const held = await screen.findByText(/Held for you whatever/);
    expectCode(held, ['GITHUB\\u200bTOKEN']);
    const audit = await screen.findByText(/^Held for you:/);
    expectCode(audit, ['GITHUB\\u200bTOKEN']);
  });

  it("in the status strip's failure to decide a waiting call, its tool's hidden characters as escapes", async () => {
    const call: PendingApproval = { id: 'a-1', agent: 'claude', server: 'github', kind: 'tool', tool: 'create\u200Bissue', tier: 'write', requestedAt: Date.now(), expiresAt: Date.now() + 60_000 };
    const api = createFakeApi({
      listApprovals: () => [call],
      decideApproval: () => {
        throw new CodedError('not_found', 'that call is no longer waiting: see `connected-services activity`');
      },
    });
    renderApp(api, { hash: '#/agents' });
    const strip = document.querySelector('.status-strip');
    if (!strip) throw new Error('no strip');
    fireEvent.click(await within(strip as HTMLElement).findByRole('button', { name: 'Allow create\\u200bissue on github for claude' }));
    const alert = await within(strip as HTMLElement).findByRole('alert');
    await waitFor(() => expectCode(alert, ['connected-services activity']));
    expect(codeIn(strip)).toContain('create\\u200bissue');
  });
});
