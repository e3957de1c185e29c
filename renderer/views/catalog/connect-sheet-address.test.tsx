// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistryInstallOptions, RegistryRow } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';
import { planTarget } from './connect-target';

// The connect sheet after the install form: the address a remote is reached at, even when there is
// nothing to approve, and the clear-text warning the form gave for plain http to another computer.

afterEach(cleanup);

const BASE = 'https://registry.example';
const ROW: RegistryRow = { registry: BASE, name: 'io.example/notes', title: 'Notes', description: 'Notes', version: '1.0.0', status: 'active', packages: [], remotes: ['streamable-http'] };
const DIGEST = 'c'.repeat(64);

function notesApi(option: RegistryInstallOptions['options'][number], answer: { commandLine?: string; needsApproval: boolean }) {
  return createFakeApi({
    registryCatalog: () => ({ registries: [{ base: BASE, entries: 1, syncedAt: Date.now(), fullSyncAt: Date.now(), skipped: { invalid: 0, hostile: 0 } }], entries: [ROW] }),
    registryInstallOptions: () => ({ name: ROW.name, version: ROW.version, options: [option] }),
    installRegistryEntry: (input) => ({ name: input.server, secrets: [], ...answer, steps: [], ...(input.dryRun === true ? {} : { status: serverStatus({ name: input.server, state: 'ready', toolCount: 3 }) }) }),
  });
}

async function sheetFor(api: ReturnType<typeof notesApi>, fill: Record<string, string> = {}) {
  renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: 'Install Notes' }));
  const form = await screen.findByRole('dialog', { name: 'Install Notes' });
  const review = await within(form).findByRole('button', { name: 'Review and connect' });
  for (const [label, value] of Object.entries(fill)) fireEvent.change(within(form).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  fireEvent.click(review);
  return screen.findByRole('dialog', { name: 'Connect notes' });
}

describe('the connect sheet of a remote', () => {
  it('on this computer with nothing to approve: shows its address and says why nothing is approved, in words true of a loopback address', async () => {
    const url = 'http://127.0.0.1:8123/mcp';
    const api = notesApi({ choice: { remote: 0 }, label: `remote ${url}`, url, digest: DIGEST, inputs: [] }, { needsApproval: false });
    const sheet = await sheetFor(api);
    expect((await within(sheet).findByRole('group', { name: 'Where it connects' })).textContent).toBe(url);
    expect(sheet.textContent).toContain('notes is reached at this address. No program is started for it, and none of your stored secrets is sent there');
    expect(sheet.textContent).not.toMatch(/runs nowhere/);
    const approve = sheet.querySelector('[data-step="approve"]');
    // Why is said once, above with the address: the step does not say it again.
    expect(approve?.textContent).toContain('Nothing to approve');
    expect(sheet.textContent?.split('No program is started for it').length).toBe(2);
    expect(approve?.getAttribute('data-state')).toBe('not_needed');
    // Loopback http never leaves this computer: no warning.
    expect(within(sheet).queryByRole('note', { name: 'Not encrypted' })).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Connect' }));
    expect(await within(sheet).findByText(/notes is connected with 3 tools/)).toBeTruthy();
  });

  it('over plain http to another computer: the sheet repeats the warning, with or without an approval', async () => {
    const url = 'http://10.0.0.5/mcp';
    const option = { choice: { remote: 0 }, label: `remote ${url}`, url, digest: DIGEST, inputs: [] };
    const plain = await sheetFor(notesApi(option, { needsApproval: false }));
    expect((await within(plain).findByRole('note', { name: 'Not encrypted' })).textContent).toContain('http://10.0.0.5 is not encrypted (http)');
    cleanup();
    const line = `${url}  # sends \${secret:notes_TOKEN} in header Authorization`;
    const sending = await sheetFor(notesApi(option, { commandLine: line, needsApproval: true }));
    expect((await within(sending).findByRole('group', { name: 'What you approve' })).textContent).toBe(line);
    expect(within(sending).queryByRole('group', { name: 'Where it connects' })).toBeNull();
    expect(within(sending).getByRole('note', { name: 'Not encrypted' }).textContent).toContain('http://10.0.0.5 is not encrypted (http)');
  });

  it("an address with a variable: shown and judged with the form's value, as the core fills it", async () => {
    const option = { choice: { remote: 0 }, label: 'remote http://{host}:8080/mcp', url: 'http://{host}:8080/mcp', digest: DIGEST, inputs: [{ key: 'host', isRequired: true, isSecret: false }] };
    const sheet = await sheetFor(notesApi(option, { needsApproval: false }), { host: 'notes.example.test' });
    expect((await within(sheet).findByRole('group', { name: 'Where it connects' })).textContent).toBe('http://notes.example.test:8080/mcp');
    expect(within(sheet).getByRole('note', { name: 'Not encrypted' }).textContent).toContain('http://notes.example.test:8080 is not encrypted');
  });

  it('an https remote: its address, no warning', async () => {
    const url = 'https://notes.example/mcp';
    const sheet = await sheetFor(notesApi({ choice: { remote: 0 }, label: `remote ${url}`, url, digest: DIGEST, inputs: [] }, { needsApproval: false }));
    expect((await within(sheet).findByRole('group', { name: 'Where it connects' })).textContent).toBe(url);
    await waitFor(() => expect(within(sheet).getByRole<HTMLButtonElement>('button', { name: 'Connect' }).disabled).toBe(false));
    expect(within(sheet).queryByRole('note', { name: 'Not encrypted' })).toBeNull();
  });
});

describe("the catalog's and the custom form's plan", () => {
  it('carries an http entry’s address to the sheet, and none for a program', () => {
    const api = createFakeApi();
    expect(planTarget(api, { name: 'notes', config: { type: 'http', url: 'http://10.0.0.5/mcp' }, secrets: [] }).url).toBe('http://10.0.0.5/mcp');
    expect(planTarget(api, { name: 'tool', config: { command: 'node', args: ['server.js'] }, secrets: [] }).url).toBeUndefined();
  });
});
